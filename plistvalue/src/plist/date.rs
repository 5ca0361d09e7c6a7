//! `plist::Date`: a `SystemTime`, as the plist crate holds it, so that a date keeps
//! its nanoseconds through XML and converts to the same double in binary. The
//! conversions and the RFC 3339 grammar are the plist crate's (its `time`-based
//! parser, rule for rule), minus its panics.

use std::fmt;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::format::APPLE_EPOCH_UNIX;
use crate::value::{days_from_civil, DateText};

/// A point in time, as a plist date holds it.
///
/// It converts to and from [`SystemTime`] exactly. A binary plist stores seconds
/// since 2001 as an `f64`, so a date written to one comes back to within the
/// double's precision (about 100 ns today), as with the plist crate; XML keeps it
/// to the nanosecond.
///
/// ```
/// use std::time::{Duration, SystemTime};
/// use plistvalue::plist::Date;
///
/// let t = SystemTime::UNIX_EPOCH + Duration::new(1_700_000_000, 123_000_000);
/// let date = Date::from(t);
/// assert_eq!(date.to_xml_format(), "2023-11-14T22:13:20.123Z");
/// assert_eq!(SystemTime::from(date), t);
/// assert_eq!(Date::from_xml_format("2023-11-14T23:13:20.123+01:00").unwrap(), date);
/// ```
#[derive(Clone, Copy, Eq, Hash, PartialEq)]
pub struct Date {
    inner: SystemTime,
}

/// The error of [`Date::from_xml_format`]: the text is not an RFC 3339 date.
#[derive(Debug)]
#[non_exhaustive]
pub struct InvalidXmlDate;

impl fmt::Display for InvalidXmlDate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("String was not a valid XML plist date")
    }
}

impl std::error::Error for InvalidXmlDate {}

/// 2001-01-01T00:00:00Z, the plist epoch.
fn plist_epoch() -> SystemTime {
    UNIX_EPOCH + Duration::from_secs(APPLE_EPOCH_UNIX as u64)
}

/// The instants the plist crate's calendar (the `time` crate's) holds: from
/// -9999-01-01T00:00:00Z to 9999-12-31T23:59:59.999999999Z, in seconds since 1970.
fn in_calendar(unix_secs: i64) -> bool {
    let first = days_from_civil(-9999, 1, 1) * 86_400;
    let end = days_from_civil(10_000, 1, 1) * 86_400;
    (first..end).contains(&unix_secs)
}

impl Date {
    /// Reads RFC 3339 text, as the plist crate does: `YYYY-MM-DD`, any one byte,
    /// `hh:mm:ss`, an optional fraction (digits past the ninth are dropped), and
    /// `Z` or an offset `±hh:mm`. A leap second (`:60`) is the nanosecond before
    /// the next minute, and only at the end of a month in UTC.
    ///
    /// # Errors
    /// [`InvalidXmlDate`] for any other text.
    pub fn from_xml_format(date: &str) -> Result<Self, InvalidXmlDate> {
        let (secs, nanos) = parse_rfc3339(date.as_bytes()).ok_or(InvalidXmlDate)?;
        Ok(Date::from_unix(secs, nanos))
    }

    /// RFC 3339 text in UTC: `2024-05-17T12:30:15Z`, with the fraction of a second
    /// up to its last non-zero digit when there is one (`…:15.25Z`). A year outside
    /// 0000–9999, which the plist crate cannot print (it panics), gets a sign and
    /// the digits it needs.
    pub fn to_xml_format(&self) -> String {
        let (secs, nanos) = self.unix();
        DateText::new(secs, nanos).as_str().to_owned()
    }

    /// The date `nanos` nanoseconds into second `secs` after 1970.
    pub(super) fn from_unix(secs: i64, nanos: u32) -> Date {
        let inner = if secs >= 0 {
            UNIX_EPOCH + Duration::new(secs.unsigned_abs(), nanos)
        } else {
            UNIX_EPOCH - Duration::from_secs(secs.unsigned_abs())
                + Duration::from_nanos(nanos.into())
        };
        Date { inner }
    }

    /// Whole seconds since 1970 (floored) and the nanoseconds into that second.
    pub(crate) fn unix(&self) -> (i64, u32) {
        match self.inner.duration_since(UNIX_EPOCH) {
            Ok(d) => (d.as_secs() as i64, d.subsec_nanos()),
            Err(e) => {
                let d = e.duration();
                let secs = -(d.as_secs() as i64);
                match d.subsec_nanos() {
                    0 => (secs, 0),
                    n => (secs - 1, 1_000_000_000 - n),
                }
            }
        }
    }

    /// The seconds since 2001 a binary plist stores, as the plist crate computes
    /// them (`Duration::as_secs_f64` from the epoch).
    pub(crate) fn as_seconds_since_plist_epoch(&self) -> f64 {
        match self.inner.duration_since(plist_epoch()) {
            Ok(d) => d.as_secs_f64(),
            Err(e) => -e.duration().as_secs_f64(),
        }
    }

    /// The date a binary plist's seconds since 2001 stand for, as the plist crate
    /// reads them: `None` for NaN, infinities and dates outside its calendar.
    pub(crate) fn from_seconds_since_plist_epoch(seconds: f64) -> Option<Date> {
        let span = Duration::try_from_secs_f64(seconds.abs()).ok()?;
        let inner = if seconds < 0.0 {
            plist_epoch().checked_sub(span)?
        } else {
            plist_epoch().checked_add(span)?
        };
        let date = Date { inner };
        in_calendar(date.unix().0).then_some(date)
    }
}

impl fmt::Debug for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_xml_format())
    }
}

impl From<SystemTime> for Date {
    fn from(date: SystemTime) -> Self {
        Date { inner: date }
    }
}

impl From<Date> for SystemTime {
    fn from(val: Date) -> Self {
        val.inner
    }
}

/// `n` ASCII digits at the start of `b`, as a number, and the rest.
fn digits(b: &[u8], n: usize) -> Option<(u32, &[u8])> {
    let (head, rest) = (b.get(..n)?, &b[n..]);
    let mut v = 0;
    for &c in head {
        if !c.is_ascii_digit() {
            return None;
        }
        v = v * 10 + u32::from(c - b'0');
    }
    Some((v, rest))
}

/// `c` at the start of `b`, and the rest.
fn literal(b: &[u8], c: u8) -> Option<&[u8]> {
    match b.split_first() {
        Some((&first, rest)) if first == c => Some(rest),
        _ => None,
    }
}

fn days_in_month(year: i64, month: u32) -> u32 {
    let next = if month == 12 {
        days_from_civil(year + 1, 1, 1)
    } else {
        days_from_civil(year, month + 1, 1)
    };
    (next - days_from_civil(year, month, 1)) as u32
}

/// The `time` crate's RFC 3339 parser, which the plist crate reads dates with, to
/// seconds since 1970 and nanoseconds.
pub(crate) fn parse_rfc3339(b: &[u8]) -> Option<(i64, u32)> {
    let (year, b) = digits(b, 4)?;
    let (month, b) = digits(literal(b, b'-')?, 2)?;
    let (day, b) = digits(literal(b, b'-')?, 2)?;
    // Any separator: RFC 3339 allows a space for `T`, and `time` allows anything.
    let b = b.get(1..)?;
    let (hour, b) = digits(b, 2)?;
    let (minute, b) = digits(literal(b, b':')?, 2)?;
    let (mut second, mut b) = digits(literal(b, b':')?, 2)?;
    let mut nanos = 0;
    if let Some(rest) = literal(b, b'.') {
        let count = rest.iter().take_while(|c| c.is_ascii_digit()).count();
        if count == 0 {
            return None;
        }
        for (i, &c) in rest[..count.min(9)].iter().enumerate() {
            nanos += u32::from(c - b'0') * 10u32.pow(8 - i as u32);
        }
        b = &rest[count..];
    }
    let offset = match b {
        [b'Z' | b'z'] => 0,
        [sign @ (b'+' | b'-'), rest @ ..] => {
            let (h, rest) = digits(rest, 2)?;
            let (m, rest) = digits(literal(rest, b':')?, 2)?;
            if h > 23 || m > 59 || !rest.is_empty() {
                return None;
            }
            let secs = i64::from(h * 3600 + m * 60);
            if *sign == b'-' {
                -secs
            } else {
                secs
            }
        }
        _ => return None,
    };
    let leap = second == 60;
    if leap {
        second = 59;
        nanos = 999_999_999;
    }
    let year = i64::from(year);
    if !(1..=12).contains(&month)
        || day == 0
        || day > days_in_month(year, month)
        || hour > 23
        || minute > 59
        || second > 59
    {
        return None;
    }
    let days = days_from_civil(year, month, day);
    let secs = days * 86_400 + i64::from(hour * 3600 + minute * 60 + second) - offset;
    if leap {
        // Only the last second of a month, in UTC.
        let (utc_day, utc_secs) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
        if utc_secs != 86_399 || !is_last_day_of_month(utc_day) {
            return None;
        }
    }
    Some((secs, nanos))
}

fn is_last_day_of_month(days: i64) -> bool {
    let (_, _, day) = crate::value::civil_from_days(days);
    let (_, _, next) = crate::value::civil_from_days(days + 1);
    next < day
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The text and the seconds since 2001 the plist crate 1.10 gives (the root
    /// package's `plist_compat` test compares many more with the crate itself).
    #[test]
    fn known_dates_convert_as_the_plist_crate_converts_them() {
        let t = UNIX_EPOCH + Duration::new(1_700_000_000, 123_456_789);
        assert_eq!(
            Date::from(t).to_xml_format(),
            "2023-11-14T22:13:20.123456789Z"
        );
        let t = UNIX_EPOCH - Duration::new(100, 5);
        assert_eq!(
            Date::from(t).to_xml_format(),
            "1969-12-31T23:58:19.999999995Z"
        );
        assert_eq!(Date::from(t).unix(), (-101, 999_999_995));
        assert_eq!(
            Date::from(plist_epoch()).as_seconds_since_plist_epoch(),
            0.0
        );
        assert_eq!(
            Date::from(UNIX_EPOCH).as_seconds_since_plist_epoch(),
            -978_307_200.0
        );
        let back = Date::from_seconds_since_plist_epoch(725_846_400.123).unwrap();
        // `Duration::try_from_secs_f64` rounds the double to the nearest nanosecond.
        assert_eq!(back.to_xml_format(), "2024-01-02T00:00:00.123000026Z");
    }

    #[test]
    fn binary_seconds_outside_the_calendar_are_refused() {
        for s in [
            f64::NAN,
            f64::INFINITY,
            -f64::INFINITY,
            1e12,
            -1e12,
            f64::MAX,
        ] {
            assert!(Date::from_seconds_since_plist_epoch(s).is_none(), "{s}");
        }
        let d = Date::from_seconds_since_plist_epoch(-0.0).unwrap();
        assert_eq!(SystemTime::from(d), plist_epoch());
    }

    /// The `time` crate's grammar, case by case: what the plist crate 1.10 reads and
    /// refuses (each checked against it).
    #[test]
    fn rfc3339_as_the_plist_crate_reads_it() {
        let ok = |s: &str, secs: i64, nanos: u32| {
            assert_eq!(parse_rfc3339(s.as_bytes()), Some((secs, nanos)), "{s}");
        };
        ok("2024-01-01T00:00:00Z", 1_704_067_200, 0);
        ok("2024-01-01t00:00:00z", 1_704_067_200, 0);
        ok("2024-01-01 00:00:00Z", 1_704_067_200, 0);
        ok("2024-01-01x00:00:00Z", 1_704_067_200, 0);
        ok("2024-01-01T00:00:00+02:00", 1_704_060_000, 0);
        ok("2024-01-01T00:00:00-00:00", 1_704_067_200, 0);
        ok("2024-01-01T00:00:00+23:59", 1_703_980_860, 0);
        ok("2024-01-01T00:00:00.5+01:30", 1_704_061_800, 500_000_000);
        ok("2016-12-31T23:59:60Z", 1_483_228_799, 999_999_999);
        ok("2024-06-30T23:59:60Z", 1_719_791_999, 999_999_999);
        ok("2024-01-01T00:59:60+01:00", 1_704_067_199, 999_999_999);
        ok(
            "2024-01-01T00:00:00.1234567891Z",
            1_704_067_200,
            123_456_789,
        );
        ok(
            "2024-01-01T00:00:00.9999999999Z",
            1_704_067_200,
            999_999_999,
        );
        ok("0000-01-01T00:00:00Z", -62_167_219_200, 0);
        ok("2000-02-29T00:00:00Z", 951_782_400, 0);
        for bad in [
            "2024-01-01T12:00:60Z",
            "2024-01-01T23:59:60+01:00",
            "2024-01-01T00:00:00.Z",
            "2024-02-30T00:00:00Z",
            "1900-02-29T00:00:00Z",
            "2024-01-01T00:00:00+24:00",
            "2024-01-01T00:00:00+00:60",
            "2024-01-01T00:00:00+0000",
            "2024-01-01T00:00:00",
            "2024-1-01T00:00:00Z",
            "+2024-01-01T00:00:00Z",
            "2024-01-01T00:00:00ZZ",
            " 2024-01-01T00:00:00Z",
            "2024-01-01T24:00:00Z",
            "2024-01-01T00:00:61Z",
            "2024-01-01T00:00:00.1e3Z",
            "",
        ] {
            assert_eq!(parse_rfc3339(bad.as_bytes()), None, "{bad}");
        }
    }

    #[test]
    fn text_outside_four_digit_years_does_not_panic() {
        let d = Date::from_xml_format("0000-01-01T00:00:00+00:01").unwrap();
        assert_eq!(d.to_xml_format(), "-0001-12-31T23:59:00Z");
    }
}
