//! Plist dates: seconds since 2001-01-01T00:00:00Z as an `f64`, exactly what the
//! `0x33` object stores, so that a read-then-write keeps every bit.
//!
//! Every conversion between that double and nanoseconds is exact integer arithmetic
//! on the double's mantissa and exponent (a double is a dyadic rational): decoding
//! gives the nanosecond nearest the double, encoding the double nearest the
//! nanosecond, ties to even both ways. Scaling the seconds by 1e9 in `f64` instead
//! loses about 256 ns at today's dates. Since a double a year or more from 2001 is
//! more than 2 ns from its neighbours, decoding then encoding it gives back the same
//! bits.

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use chrono::{DateTime, TimeZone, Utc};

use crate::error::{Error, ErrorKind};
use crate::format::APPLE_EPOCH_UNIX;

/// A binary-plist date. Converts exactly to and from `chrono::DateTime` and
/// `SystemTime` (to the nanosecond nearest the stored double), and to and from text
/// in Apple's XML form with [`Display`](fmt::Display) and [`FromStr`].
///
/// ```
/// use plistvalue::Date;
/// let d = Date::from_seconds_since_2001(725_760_000.5);
/// let utc: chrono::DateTime<chrono::Utc> = d.try_into().unwrap();
/// assert_eq!(utc.to_rfc3339(), "2024-01-01T00:00:00.500+00:00");
/// assert_eq!(Date::from(utc), d);
/// assert_eq!(d.to_string(), "2024-01-01T00:00:00.5Z");
/// assert_eq!("2024-01-01T00:00:00.5Z".parse::<Date>().unwrap(), d);
/// ```
#[derive(Clone, Copy, PartialEq, PartialOrd)]
pub struct Date(f64);

const NANOS_PER_SEC: u128 = 1_000_000_000;
/// Nanoseconds from 1970 to 2001.
const EPOCH_NANOS: u128 = APPLE_EPOCH_UNIX as u128 * NANOS_PER_SEC;

impl Date {
    /// The date `seconds` after 2001-01-01T00:00:00Z (before it when negative).
    pub const fn from_seconds_since_2001(seconds: f64) -> Date {
        Date(seconds)
    }

    /// Seconds since 2001-01-01T00:00:00Z, as the file stores them.
    pub const fn seconds_since_2001(self) -> f64 {
        self.0
    }

    /// The current time.
    pub fn now() -> Date {
        Date::from(SystemTime::now())
    }

    /// The date nearest to `nanos` nanoseconds after 1970-01-01T00:00:00Z (before
    /// it when negative): the double closest to the instant, ties to even.
    ///
    /// ```
    /// use plistvalue::Date;
    /// let d = Date::from_unix_nanos(1_700_000_000_750_000_000);
    /// assert_eq!(d.to_unix_nanos().unwrap(), 1_700_000_000_750_000_000);
    /// ```
    pub fn from_unix_nanos(nanos: i128) -> Date {
        // nanos - EPOCH_NANOS, as a sign and a magnitude, which cannot overflow.
        let (negative, magnitude) = if nanos < 0 {
            (true, nanos.unsigned_abs() + EPOCH_NANOS)
        } else if nanos as u128 >= EPOCH_NANOS {
            (false, nanos as u128 - EPOCH_NANOS)
        } else {
            (true, EPOCH_NANOS - nanos as u128)
        };
        Date(nanos_to_seconds(negative, magnitude))
    }

    /// The nanosecond after 1970-01-01T00:00:00Z nearest to this date (ties to
    /// even), or [`ErrorKind::DateOutOfRange`] for NaN, infinities and dates beyond
    /// ±1.7·10³⁸ ns.
    ///
    /// # Errors
    /// [`ErrorKind::DateOutOfRange`], as above.
    pub fn to_unix_nanos(self) -> Result<i128, Error> {
        seconds_to_nanos(self.0)
            .and_then(|n| n.checked_add(EPOCH_NANOS as i128))
            .ok_or_else(|| self.out_of_range("i128 nanoseconds since 1970"))
    }

    #[cold]
    fn out_of_range(self, target: &'static str) -> Error {
        Error::new(ErrorKind::DateOutOfRange {
            seconds: self.0,
            target,
        })
    }

    /// Seconds and nanoseconds (`0..1e9`) since 1970, as calendars count them.
    fn unix_parts(self, target: &'static str) -> Result<(i64, u32), Error> {
        let nanos = self
            .to_unix_nanos()
            .map_err(|_| self.out_of_range(target))?;
        let secs = i64::try_from(nanos.div_euclid(NANOS_PER_SEC as i128))
            .map_err(|_| self.out_of_range(target))?;
        Ok((secs, nanos.rem_euclid(NANOS_PER_SEC as i128) as u32))
    }

    /// This date as Apple's XML text, `2024-05-17T12:30:15Z`, with the fraction of
    /// the nearest nanosecond when it is not zero (`...:15.25Z`). Years outside
    /// 0000–9999 get a sign and as many digits as they need, as RFC 3339's
    /// extension and chrono write them. The plist crate's text for a date is the
    /// same.
    pub(crate) fn text(self) -> Result<DateText, Error> {
        let (secs, nanos) = self.unix_parts("a calendar date")?;
        Ok(DateText::new(secs, nanos))
    }
}

/// The correctly rounded `magnitude / 1e9` (negated when `negative`): the double
/// nearest to that many nanoseconds in seconds, ties to even.
pub(crate) fn nanos_to_seconds(negative: bool, magnitude: u128) -> f64 {
    if magnitude == 0 {
        return 0.0;
    }
    // Choose k so that q = floor(magnitude · 2^k / 1e9) has exactly 53 bits, then
    // round q by the remainder; the result is q · 2^-k, exact in a double.
    let bits = 128 - magnitude.leading_zeros() as i32;
    let mut k = 83 - bits;
    let (q, rem, den) = loop {
        let (num, den) = if k >= 0 {
            (magnitude << k, NANOS_PER_SEC)
        } else {
            (magnitude, NANOS_PER_SEC << -k)
        };
        let q = num / den;
        if q >= 1 << 53 {
            k -= 1;
            continue;
        }
        break (q, num % den, den);
    };
    let up = match (2 * rem).cmp(&den) {
        std::cmp::Ordering::Greater => true,
        std::cmp::Ordering::Equal => q & 1 == 1,
        std::cmp::Ordering::Less => false,
    };
    let q = q + u128::from(up);
    // 2^-k is a normal double for every k here (-45 ..= 83).
    let scale = f64::from_bits(((1023 - k) as u64) << 52);
    let v = q as f64 * scale;
    if negative {
        -v
    } else {
        v
    }
}

/// The integer nearest to `seconds · 1e9`, ties to even, or `None` when it is not
/// finite or does not fit an `i128`.
pub(crate) fn seconds_to_nanos(seconds: f64) -> Option<i128> {
    if !seconds.is_finite() {
        return None;
    }
    let bits = seconds.to_bits();
    let exp_field = ((bits >> 52) & 0x7FF) as i32;
    let fraction = u128::from(bits & ((1 << 52) - 1));
    // seconds = ±mantissa · 2^exp
    let (mantissa, exp) = if exp_field == 0 {
        (fraction, -1074)
    } else {
        (fraction | 1 << 52, exp_field - 1075)
    };
    let product = mantissa * NANOS_PER_SEC; // below 2^83
    let magnitude = if exp >= 0 {
        if product != 0 && exp >= product.leading_zeros() as i32 {
            return None;
        }
        product << exp
    } else {
        let shift = -exp as u32;
        if shift >= 127 {
            0 // below half a nanosecond
        } else {
            let q = product >> shift;
            let rem = product & ((1 << shift) - 1);
            let half = 1u128 << (shift - 1);
            q + u128::from(rem > half || (rem == half && q & 1 == 1))
        }
    };
    let magnitude = i128::try_from(magnitude).ok()?;
    Some(if seconds < 0.0 { -magnitude } else { magnitude })
}

impl fmt::Debug for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match DateTime::<Utc>::try_from(*self) {
            Ok(d) => write!(f, "Date({})", d.to_rfc3339()),
            Err(_) => write!(f, "Date({}s since 2001)", self.0),
        }
    }
}

/// Apple's XML form, `2024-05-17T12:30:15Z`, with the fraction of the nearest
/// nanosecond when there is one (`2024-05-17T12:30:15.25Z`). A date no calendar
/// holds (NaN, infinities, beyond ±2.9·10¹¹ years) is written as its seconds,
/// `NaNs since 2001`, which [`FromStr`] does not read.
impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.text() {
            Ok(text) => f.write_str(text.as_str()),
            Err(_) => write!(f, "{}s since 2001", self.0),
        }
    }
}

/// Reads Apple's XML form, `2024-05-17T12:30:15Z`, with up to nine fraction
/// digits after the seconds; a year outside 0000–9999 carries a sign. The result is
/// the double nearest to the instant. An error is
/// [`ErrorKind::InvalidDateText`], which names the text, the column and what was
/// expected there.
impl FromStr for Date {
    type Err = Error;

    fn from_str(text: &str) -> Result<Date, Error> {
        let (secs, nanos) = parse_text(text.as_bytes()).map_err(|(column, expected)| {
            Error::new(ErrorKind::InvalidDateText {
                text: text.chars().take(64).collect(),
                column,
                expected,
            })
        })?;
        Ok(Date::from_unix_nanos(
            secs * NANOS_PER_SEC as i128 + i128::from(nanos),
        ))
    }
}

/// Any `chrono::DateTime` (`Utc`, `FixedOffset`, `Local`): the instant, since a
/// plist date has no zone.
impl<Tz: TimeZone> From<DateTime<Tz>> for Date {
    fn from(d: DateTime<Tz>) -> Date {
        let nanos = i128::from(d.timestamp()) * NANOS_PER_SEC as i128
            + i128::from(d.timestamp_subsec_nanos());
        Date::from_unix_nanos(nanos)
    }
}

impl TryFrom<Date> for DateTime<Utc> {
    type Error = Error;
    fn try_from(d: Date) -> Result<DateTime<Utc>, Error> {
        const TARGET: &str = "chrono::DateTime";
        let (secs, nanos) = d.unix_parts(TARGET)?;
        DateTime::from_timestamp(secs, nanos).ok_or_else(|| d.out_of_range(TARGET))
    }
}

impl From<SystemTime> for Date {
    fn from(t: SystemTime) -> Date {
        let nanos = match t.duration_since(UNIX_EPOCH) {
            Ok(d) => d.as_nanos() as i128,
            Err(e) => -(e.duration().as_nanos() as i128),
        };
        Date::from_unix_nanos(nanos)
    }
}

impl TryFrom<Date> for SystemTime {
    type Error = Error;
    fn try_from(d: Date) -> Result<SystemTime, Error> {
        const TARGET: &str = "SystemTime";
        let nanos = d.to_unix_nanos().map_err(|_| d.out_of_range(TARGET))?;
        let magnitude = nanos.unsigned_abs();
        let span = u64::try_from(magnitude / NANOS_PER_SEC)
            .map(|secs| Duration::new(secs, (magnitude % NANOS_PER_SEC) as u32));
        let t = match span {
            Ok(span) if nanos >= 0 => UNIX_EPOCH.checked_add(span),
            Ok(span) => UNIX_EPOCH.checked_sub(span),
            Err(_) => None,
        };
        t.ok_or_else(|| d.out_of_range(TARGET))
    }
}

/// A date's text, on the stack: the longest, a signed 12-digit year (an `i64` of
/// seconds reaches 2.9·10¹¹ years) with nine fraction digits, is 39 bytes.
pub(crate) struct DateText {
    bytes: [u8; 40],
    len: usize,
}

impl DateText {
    pub(crate) fn new(unix_secs: i64, nanos: u32) -> DateText {
        let mut out = DateText {
            bytes: [0; 40],
            len: 0,
        };
        let (year, month, day) = civil_from_days(unix_secs.div_euclid(86_400));
        let secs_of_day = unix_secs.rem_euclid(86_400) as u32;
        if year < 0 {
            out.push(b'-');
        } else if year > 9999 {
            out.push(b'+');
        }
        let digits = year.unsigned_abs().checked_ilog10().unwrap_or(0) + 1;
        out.digits(year.unsigned_abs(), digits.max(4));
        for (sep, v) in [
            (b'-', month),
            (b'-', day),
            (b'T', secs_of_day / 3600),
            (b':', secs_of_day / 60 % 60),
            (b':', secs_of_day % 60),
        ] {
            out.push(sep);
            out.digits(u64::from(v), 2);
        }
        if nanos != 0 {
            // The fraction ends at its last non-zero digit.
            let (mut frac, mut width) = (nanos, 9);
            while frac % 10 == 0 {
                frac /= 10;
                width -= 1;
            }
            out.push(b'.');
            out.digits(u64::from(frac), width);
        }
        out.push(b'Z');
        out
    }

    fn push(&mut self, byte: u8) {
        self.bytes[self.len] = byte;
        self.len += 1;
    }

    /// `v` as exactly `width` decimal digits, zero-padded.
    fn digits(&mut self, v: u64, width: u32) {
        for i in (0..width).rev() {
            self.push(b'0' + (v / 10u64.pow(i) % 10) as u8);
        }
    }

    pub(crate) fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..self.len]).expect("written as ASCII")
    }
}

/// Seconds and nanoseconds since 1970 of Apple's XML form, or the 1-based column
/// of the first byte that is wrong and what belongs there.
pub(crate) fn parse_text(text: &[u8]) -> Result<(i128, u32), (usize, &'static str)> {
    let mut at = 0usize;
    let sign = match text.first() {
        Some(b'+') => 1,
        Some(b'-') => -1,
        _ => 0,
    };
    if sign != 0 {
        at = 1;
    }
    let year_digits = text[at..].iter().take_while(|b| b.is_ascii_digit()).count();
    let year_ok = match sign {
        0 => year_digits == 4,
        _ => (4..=11).contains(&year_digits),
    };
    if !year_ok {
        let expected = if sign == 0 {
            "a four-digit year (2024-05-17T12:30:15Z), or a sign and 4 to 11 digits"
        } else {
            "4 to 11 year digits after the sign"
        };
        return Err((at + year_digits.min(11) + 1, expected));
    }
    let year = text[at..at + year_digits]
        .iter()
        .fold(0i64, |n, &d| n * 10 + i64::from(d - b'0'));
    let year = if sign < 0 { -year } else { year };
    at += year_digits;
    // Columns of the two-digit fields: month, day, hour, minutes, seconds.
    let year_end = at;
    let column = move |field: usize| year_end + 2 + 3 * field;

    let mut two = |sep: u8, what: &'static str| -> Result<u32, (usize, &'static str)> {
        if text.get(at) != Some(&sep) {
            return Err((at + 1, what));
        }
        at += 1;
        match text.get(at..at + 2) {
            Some([a, b]) if a.is_ascii_digit() && b.is_ascii_digit() => {
                at += 2;
                Ok(u32::from(a - b'0') * 10 + u32::from(b - b'0'))
            }
            _ => Err((at + 1, "two digits")),
        }
    };
    let month = two(b'-', "`-` and a two-digit month")?;
    let day = two(b'-', "`-` and a two-digit day")?;
    let hour = two(b'T', "`T` and a two-digit hour")?;
    let minute = two(b':', "`:` and two-digit minutes")?;
    let second = two(b':', "`:` and two-digit seconds")?;
    if !(1..=12).contains(&month) {
        return Err((column(0), "a month from 01 to 12"));
    }
    if day == 0 || day > days_in_month(year, month) {
        return Err((column(1), "a day that exists in that month"));
    }
    if hour > 23 {
        return Err((column(2), "an hour from 00 to 23"));
    }
    if minute > 59 {
        return Err((column(3), "minutes from 00 to 59"));
    }
    if second > 59 {
        return Err((column(4), "seconds from 00 to 59"));
    }

    let mut nanos = 0u32;
    if text.get(at) == Some(&b'.') {
        at += 1;
        let digits = text[at..].iter().take_while(|b| b.is_ascii_digit()).count();
        if !(1..=9).contains(&digits) {
            return Err((at + digits.min(9) + 1, "1 to 9 fraction digits"));
        }
        let frac = text[at..at + digits]
            .iter()
            .fold(0u32, |n, &d| n * 10 + u32::from(d - b'0'));
        nanos = frac * 10u32.pow(9 - digits as u32);
        at += digits;
    }
    if text.get(at) != Some(&b'Z') {
        return Err((at + 1, "`Z` (the time is UTC), or `.` and a fraction"));
    }
    if at + 1 != text.len() {
        return Err((at + 2, "the end of the text after `Z`"));
    }
    let days = days_from_civil(year, month, day);
    let secs = i128::from(days) * 86_400 + i128::from(hour * 3600 + minute * 60 + second);
    Ok((secs, nanos))
}

fn days_in_month(year: i64, month: u32) -> u32 {
    match month {
        2 if year.rem_euclid(4) == 0
            && (year.rem_euclid(100) != 0 || year.rem_euclid(400) == 0) =>
        {
            29
        }
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's
/// `days_from_civil`), the inverse of [`civil_from_days`]. Linear in `day`, so a
/// day past the month's end (or 0) counts on into the next (or back into the
/// previous) month, as CoreFoundation's XML date parser counts it.
pub(crate) fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let mp = i64::from((month + 9) % 12);
    let doy = (153 * mp + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// (year, month, day) of a count of days since 1970-01-01, in the proleptic
/// Gregorian calendar (Howard Hinnant's `civil_from_days`). CoreFoundation's
/// calendar is this one, so its XML date text is made from it too.
pub(crate) fn civil_from_days(days: i64) -> (i64, u32, u32) {
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
    fn epochs_line_up() {
        let d = Date::from(UNIX_EPOCH + Duration::from_secs(APPLE_EPOCH_UNIX as u64));
        assert_eq!(d.seconds_since_2001(), 0.0);
        let before = Date::from_seconds_since_2001(-1.25);
        let t = SystemTime::try_from(before).unwrap();
        assert_eq!(Date::from(t), before);
        let c = DateTime::<Utc>::try_from(before).unwrap();
        assert_eq!(c.to_rfc3339(), "2000-12-31T23:59:58.750+00:00");
    }

    #[test]
    fn non_finite_dates_are_errors_not_panics() {
        for s in [f64::NAN, f64::INFINITY, -1e300, 4e11 * 1e9, 1.7e29, -1.8e29] {
            assert!(DateTime::<Utc>::try_from(Date(s)).is_err());
            assert!(SystemTime::try_from(Date(s)).is_err());
        }
        assert!(Date(1e300).to_unix_nanos().is_err());
        assert!(Date(1e300).text().is_err());
    }

    /// The issue's examples: what f64 scaling got wrong comes back exactly.
    #[test]
    fn exact_at_todays_dates() {
        let t = UNIX_EPOCH + Duration::new(1_700_000_000, 750_000_000);
        assert_eq!(SystemTime::try_from(Date::from(t)).unwrap(), t);
        let c = DateTime::from_timestamp(1_715_949_015, 250_000_000).unwrap();
        assert_eq!(DateTime::<Utc>::try_from(Date::from(c)).unwrap(), c);
        // .001 has no double; it comes back within half the spacing (60 ns).
        let ms = DateTime::from_timestamp(1_715_949_015, 1_000_000).unwrap();
        let back = DateTime::<Utc>::try_from(Date::from(ms)).unwrap();
        assert_eq!(back.timestamp_subsec_nanos(), 1_000_047);
    }

    #[test]
    fn extremes_convert_without_overflow() {
        for n in [i128::MIN, i128::MIN + 1, -1, 0, 1, i128::MAX] {
            let d = Date::from_unix_nanos(n);
            assert!(d.0.is_finite());
        }
        assert_eq!(Date::from_unix_nanos(EPOCH_NANOS as i128).0.to_bits(), 0);
        assert_eq!(Date::from_unix_nanos(0).0, -(APPLE_EPOCH_UNIX as f64));
        // Subnormal and tiny seconds are zero nanoseconds; half a nanosecond ties
        // to even.
        assert_eq!(seconds_to_nanos(f64::from_bits(1)), Some(0));
        assert_eq!(seconds_to_nanos(-5e-324), Some(0));
        assert_eq!(seconds_to_nanos(1.0 / 1024.0), Some(976_562)); // .5 ties to even
        assert_eq!(seconds_to_nanos(3.0 / 1024.0), Some(2_929_688));
        assert_eq!(seconds_to_nanos(-3.0 / 1024.0), Some(-2_929_688));
        assert_eq!(seconds_to_nanos(1.5), Some(1_500_000_000));
        assert_eq!(
            seconds_to_nanos(1.7e29),
            Some(169_999_999_999_999_990_714_012_270_592 * 10i128.pow(9))
        );
        assert_eq!(seconds_to_nanos(1.8e29), None);
        assert_eq!(seconds_to_nanos(-1.8e29), None);
    }

    #[test]
    fn text_round_trips_and_says_where_it_is_wrong() {
        for (s, text) in [
            (0.0, "2001-01-01T00:00:00Z"),
            (-1.25, "2000-12-31T23:59:58.75Z"),
            (737_641_815.0, "2024-05-17T12:30:15Z"),
            (4e11, "+14676-06-30T15:06:40Z"),
            (-63_082_454_400.0, "0001-12-31T00:00:00Z"),
            (-63_145_612_800.0, "-0001-12-31T00:00:00Z"),
        ] {
            let d = Date(s);
            assert_eq!(d.to_string(), text);
            assert_eq!(text.parse::<Date>().unwrap(), d, "{text}");
        }
        assert_eq!(Date(f64::NAN).to_string(), "NaNs since 2001");
        for (text, column) in [
            ("2024-13-01T00:00:00Z", 6),
            ("2023-02-29T00:00:00Z", 9),
            ("2024-01-01T24:00:00Z", 12),
            ("2024-01-01T00:60:00Z", 15),
            ("2024-01-01T00:00:60Z", 18),
            ("2024-01-01 00:00:00Z", 11),
            ("2024-01-01T00:00:00", 20),
            ("2024-01-01T00:00:00.Z", 21),
            ("2024-01-01T00:00:00.1234567890Z", 30),
            ("2024-01-01T00:00:00Zx", 21),
            ("24-01-01T00:00:00Z", 3),
            ("", 1),
        ] {
            let err = text.parse::<Date>().unwrap_err();
            match err.kind() {
                ErrorKind::InvalidDateText { column: c, .. } => {
                    assert_eq!(*c, column, "{text}: {err}");
                }
                other => panic!("{text}: {other:?}"),
            }
            assert!(
                err.to_string().contains(&format!("column {column}")),
                "{err}"
            );
        }
    }
}
