//! A date's RFC 3339 text, both ways, with the plist crate's arithmetic: that crate
//! (and this one through serde's `deserialize_any`) hands a date over as this text,
//! so a date read back from it must keep the bits the plist crate would keep. The
//! common forms (years 0000 to 9999, `Z`) are written and read digit by digit;
//! chrono handles the rest.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use chrono::{DateTime, SecondsFormat, Utc};

use crate::error::{Error, ErrorKind};
use crate::format::APPLE_EPOCH_UNIX;

const PLIST_EPOCH: Duration = Duration::from_secs(APPLE_EPOCH_UNIX as u64);

/// Seconds since 2001 from an RFC 3339 string, with the plist crate's arithmetic,
/// so a `plist::Date` is written with the bits the plist crate would write.
pub(crate) fn seconds_from_rfc3339(s: &str) -> Option<f64> {
    let t = match parse_utc(s.as_bytes()) {
        Some((secs, nanos)) => system_time(secs, nanos)?,
        None => DateTime::parse_from_rfc3339(s).ok()?.into(),
    };
    let epoch = UNIX_EPOCH + PLIST_EPOCH;
    Some(match t.duration_since(epoch) {
        Ok(after) => after.as_secs_f64(),
        Err(before) => -before.duration().as_secs_f64(),
    })
}

/// The plain form the plist crate writes, `YYYY-MM-DDTHH:MM:SS[.fraction]Z`, as
/// seconds and nanoseconds since 1970, without chrono's general parser, which was
/// a twentieth of a serde encode of the benchmark document. `None` for any other
/// form (offsets, leap seconds, lowercase, more than 9 fraction digits), which
/// chrono then reads.
fn parse_utc(text: &[u8]) -> Option<(i64, u32)> {
    let number = |at: usize, width: usize| -> Option<u32> {
        let digits = text.get(at..at + width)?;
        digits.iter().try_fold(0u32, |n, &d| {
            d.is_ascii_digit().then(|| n * 10 + u32::from(d - b'0'))
        })
    };
    for (at, sep) in [(4, b'-'), (7, b'-'), (10, b'T'), (13, b':'), (16, b':')] {
        if text.get(at) != Some(&sep) {
            return None;
        }
    }
    let (year, month, day) = (number(0, 4)?, number(5, 2)?, number(8, 2)?);
    let (hour, minute, second) = (number(11, 2)?, number(14, 2)?, number(17, 2)?);
    if !(1..=12).contains(&month)
        || day == 0
        || day > days_in_month(year, month)
        || hour > 23
        || minute > 59
        || second > 59
    {
        return None;
    }
    let nanos = match &text[19..] {
        [b'Z'] => 0,
        [b'.', fraction @ .., b'Z'] if (1..=9).contains(&fraction.len()) => {
            let n = number(20, fraction.len())?;
            n * 10u32.pow(9 - fraction.len() as u32)
        }
        _ => return None,
    };
    let days = days_from_civil(year as i64, month, day);
    let secs = days * 86_400 + i64::from(hour * 3600 + minute * 60 + second);
    Some((secs, nanos))
}

/// The instant `secs` and `nanos` after 1970, as chrono turns a `DateTime` into a
/// `SystemTime`.
fn system_time(secs: i64, nanos: u32) -> Option<SystemTime> {
    let whole = Duration::from_secs(secs.unsigned_abs());
    let t = if secs < 0 {
        UNIX_EPOCH.checked_sub(whole)?
    } else {
        UNIX_EPOCH.checked_add(whole)?
    };
    t.checked_add(Duration::from_nanos(u64::from(nanos)))
}

fn days_in_month(year: u32, month: u32) -> u32 {
    match month {
        2 if year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400)) => {
            29
        }
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's
/// `days_from_civil`), the inverse of [`civil_from_days`].
fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let mp = i64::from((month + 9) % 12);
    let doy = (153 * mp + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// A date's RFC 3339 text. Years 0000 to 9999, every date a real file holds, are
/// written on the stack, so reading one into a `plist::Date`, which parses the
/// text and drops it, allocates nothing.
pub(crate) enum DateText {
    Short { bytes: [u8; 30], len: usize },
    Long(String),
}

impl DateText {
    pub(crate) fn as_str(&self) -> &str {
        match self {
            DateText::Short { bytes, len } => {
                std::str::from_utf8(&bytes[..*len]).expect("written as ASCII")
            }
            DateText::Long(text) => text,
        }
    }
}

/// The RFC 3339 text the plist crate makes of a date of `seconds` since 2001,
/// rounded to the nanosecond as it rounds it.
pub(crate) fn rfc3339(seconds: f64) -> Result<DateText, Error> {
    let out_of_range = || Error::new(ErrorKind::DateOutOfRange(seconds));
    let span = Duration::try_from_secs_f64(seconds.abs()).map_err(|_| out_of_range())?;
    let epoch = UNIX_EPOCH + PLIST_EPOCH;
    let t = if seconds < 0.0 {
        epoch.checked_sub(span)
    } else {
        epoch.checked_add(span)
    };
    let (secs, nanos) = match t.ok_or_else(out_of_range)?.duration_since(UNIX_EPOCH) {
        Ok(d) => (i64::try_from(d.as_secs()).ok(), d.subsec_nanos()),
        Err(e) => {
            let d = e.duration();
            let whole = i64::try_from(d.as_secs()).ok().map(|s| -s);
            match d.subsec_nanos() {
                0 => (whole, 0),
                n => (whole.and_then(|s| s.checked_sub(1)), 1_000_000_000 - n),
            }
        }
    };
    let secs = secs.ok_or_else(out_of_range)?;
    if let Some(text) = rfc3339_four_digit_year(secs, nanos) {
        return Ok(text);
    }
    let utc: DateTime<Utc> = DateTime::from_timestamp(secs, nanos).ok_or_else(out_of_range)?;
    // The plist crate's text (from the `time` crate) ends the fraction at its last
    // non-zero digit, and drops it when zero.
    let mut text = utc.to_rfc3339_opts(SecondsFormat::Nanos, true);
    text.pop();
    let keep = text.trim_end_matches('0').trim_end_matches('.').len();
    text.truncate(keep);
    text.push('Z');
    Ok(DateText::Long(text))
}

/// The common case of [`rfc3339`] without chrono's general formatter, which cost
/// a serde decode of the benchmark document more than a tenth of its time: years
/// 0000 to 9999, written digit by digit. `None` outside them.
fn rfc3339_four_digit_year(unix_secs: i64, nanos: u32) -> Option<DateText> {
    let (year, month, day) = civil_from_days(unix_secs.div_euclid(86_400));
    if !(0..=9999).contains(&year) {
        return None;
    }
    let secs_of_day = unix_secs.rem_euclid(86_400) as u32;
    let (mut bytes, mut len) = ([0u8; 30], 0);
    let mut push = |byte: u8| {
        bytes[len] = byte;
        len += 1;
    };
    push_digits(&mut push, year as u32, 4);
    for (sep, v) in [
        (b'-', month),
        (b'-', day),
        (b'T', secs_of_day / 3600),
        (b':', secs_of_day / 60 % 60),
        (b':', secs_of_day % 60),
    ] {
        push(sep);
        push_digits(&mut push, v, 2);
    }
    if nanos != 0 {
        // The fraction ends at its last non-zero digit, as the plist crate's does.
        let (mut frac, mut width) = (nanos, 9);
        while frac % 10 == 0 {
            frac /= 10;
            width -= 1;
        }
        push(b'.');
        push_digits(&mut push, frac, width);
    }
    push(b'Z');
    Some(DateText::Short { bytes, len })
}

/// `v` as exactly `width` decimal digits, zero-padded.
fn push_digits(push: &mut impl FnMut(u8), v: u32, width: u32) {
    for i in (0..width).rev() {
        push(b'0' + (v / 10u32.pow(i) % 10) as u8);
    }
}

/// (year, month, day) of a count of days since 1970-01-01, in the proleptic
/// Gregorian calendar (Howard Hinnant's `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc3339_round_trips_through_the_plist_crate_arithmetic() {
        for s in [0.0, 725_760_062.0, 725_760_062.5, -1.25, -978_307_200.0] {
            let text = rfc3339(s).unwrap();
            assert_eq!(
                seconds_from_rfc3339(text.as_str()),
                Some(s),
                "{}",
                text.as_str()
            );
        }
        assert_eq!(rfc3339(0.0).unwrap().as_str(), "2001-01-01T00:00:00Z");
        assert_eq!(rfc3339(-1.25).unwrap().as_str(), "2000-12-31T23:59:58.75Z");
        assert_eq!(rfc3339(10.0).unwrap().as_str(), "2001-01-01T00:00:10Z");
        // Outside four-digit years, chrono writes the text.
        let far = rfc3339(4e11).unwrap();
        assert!(matches!(far, DateText::Long(_)), "{}", far.as_str());
        assert!(far.as_str().starts_with("+14676-"), "{}", far.as_str());
        assert!(rfc3339(f64::NAN).is_err());
        assert!(rfc3339(1e300).is_err());
    }

    /// The digit-by-digit formatter writes what chrono writes, trimmed as the plist
    /// crate trims it, across the whole four-digit range and at its edges.
    #[test]
    fn fast_rfc3339_matches_chrono() {
        let chrono_text = |secs: i64, nanos: u32| {
            let t = DateTime::<Utc>::from_timestamp(secs, nanos).unwrap();
            let mut text = t.to_rfc3339_opts(SecondsFormat::Nanos, true);
            text.pop();
            let keep = text.trim_end_matches('0').trim_end_matches('.').len();
            text.truncate(keep);
            text + "Z"
        };
        let first = -62_167_219_200; // 0000-01-01T00:00:00Z
        let last = 253_402_300_799; // 9999-12-31T23:59:59Z
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut cases = vec![(first, 0), (last, 999_999_999), (0, 0), (951_782_400, 1)];
        for _ in 0..20_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let secs = first + (state % (last - first + 1) as u64) as i64;
            let nanos = match state % 4 {
                0 => 0,
                1 => (state >> 40) as u32 % 1000 * 1_000_000,
                _ => (state >> 32) as u32 % 1_000_000_000,
            };
            cases.push((secs, nanos));
        }
        for (secs, nanos) in cases {
            let text = chrono_text(secs, nanos);
            assert_eq!(
                rfc3339_four_digit_year(secs, nanos)
                    .as_ref()
                    .map(DateText::as_str),
                Some(text.as_str()),
                "{secs} s {nanos} ns"
            );
            assert_eq!(parse_utc(text.as_bytes()), Some((secs, nanos)), "{text}");
        }
        assert!(rfc3339_four_digit_year(first - 1, 0).is_none());
        assert!(rfc3339_four_digit_year(last + 1, 0).is_none());
    }

    /// Text the fast parser declines goes to chrono, so both agree on every input:
    /// offsets, leap seconds, impossible dates and malformed text alike.
    #[test]
    fn fast_parse_agrees_with_chrono() {
        let chrono_seconds = |s: &str| {
            let t: SystemTime = DateTime::parse_from_rfc3339(s).ok()?.into();
            let epoch = UNIX_EPOCH + PLIST_EPOCH;
            Some(match t.duration_since(epoch) {
                Ok(after) => after.as_secs_f64(),
                Err(before) => -before.duration().as_secs_f64(),
            })
        };
        for text in [
            "2024-01-01T00:00:00Z",
            "2024-02-29T23:59:59.5Z",
            "2023-02-29T00:00:00Z",
            "2024-13-01T00:00:00Z",
            "2024-04-31T00:00:00Z",
            "2024-01-01T24:00:00Z",
            "2016-12-31T23:59:60Z",
            "2024-01-01T00:00:00+02:00",
            "2024-01-01t00:00:00z",
            "2024-01-01T00:00:00.Z",
            "2024-01-01T00:00:00.1234567890Z",
            "0000-01-01T00:00:00Z",
            "1969-12-31T23:59:59.999999999Z",
            "2024-01-01T00:00:0xZ",
            "2024-01-01",
            "",
        ] {
            assert_eq!(seconds_from_rfc3339(text), chrono_seconds(text), "{text}");
        }
        assert_eq!(parse_utc(b"2016-12-31T23:59:60Z"), None);
        assert_eq!(parse_utc(b"2024-01-01T00:00:00+02:00"), None);
    }
}
