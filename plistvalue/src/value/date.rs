//! Plist dates: seconds since 2001-01-01T00:00:00Z as an `f64`, exactly what the
//! `0x33` object stores, so that a read-then-write keeps every bit.

use std::fmt;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use chrono::{DateTime, TimeZone, Utc};

use crate::error::{Error, ErrorKind};
use crate::format::APPLE_EPOCH_UNIX;

/// A binary-plist date. Converts to and from `chrono::DateTime<Utc>` and
/// `SystemTime` with sub-second precision.
///
/// ```
/// use plistvalue::Date;
/// let d = Date::from_seconds_since_2001(725_760_000.5);
/// let utc: chrono::DateTime<chrono::Utc> = d.try_into().unwrap();
/// assert_eq!(utc.to_rfc3339(), "2024-01-01T00:00:00.500+00:00");
/// assert_eq!(Date::from(utc), d);
/// ```
#[derive(Clone, Copy, PartialEq, PartialOrd)]
pub struct Date(f64);

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

    /// Whole nanoseconds since the Unix epoch, or an error for NaN, infinities and
    /// dates beyond what `i128` nanoseconds (and so chrono) can hold.
    fn unix_nanos(self) -> Result<i128, Error> {
        let nanos = (self.0 + APPLE_EPOCH_UNIX as f64) * 1e9;
        if !nanos.is_finite() || nanos.abs() > 9.0e27 {
            return Err(Error::new(ErrorKind::DateOutOfRange(self.0)));
        }
        Ok(nanos.round() as i128)
    }
}

impl fmt::Debug for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match DateTime::<Utc>::try_from(*self) {
            Ok(d) => write!(f, "Date({})", d.to_rfc3339()),
            Err(_) => write!(f, "Date({}s since 2001)", self.0),
        }
    }
}

impl From<DateTime<Utc>> for Date {
    fn from(d: DateTime<Utc>) -> Date {
        let secs = (d.timestamp() - APPLE_EPOCH_UNIX) as f64;
        Date(secs + d.timestamp_subsec_nanos() as f64 / 1e9)
    }
}

impl TryFrom<Date> for DateTime<Utc> {
    type Error = Error;
    fn try_from(d: Date) -> Result<DateTime<Utc>, Error> {
        let nanos = d.unix_nanos()?;
        let secs = nanos.div_euclid(1_000_000_000);
        let sub = nanos.rem_euclid(1_000_000_000) as u32;
        i64::try_from(secs)
            .ok()
            .and_then(|s| Utc.timestamp_opt(s, sub).single())
            .ok_or_else(|| Error::new(ErrorKind::DateOutOfRange(d.0)))
    }
}

impl From<SystemTime> for Date {
    fn from(t: SystemTime) -> Date {
        let unix = match t.duration_since(UNIX_EPOCH) {
            Ok(d) => d.as_secs_f64(),
            Err(e) => -e.duration().as_secs_f64(),
        };
        Date(unix - APPLE_EPOCH_UNIX as f64)
    }
}

impl TryFrom<Date> for SystemTime {
    type Error = Error;
    fn try_from(d: Date) -> Result<SystemTime, Error> {
        let nanos = d.unix_nanos()?;
        let span = Duration::new(
            (nanos.unsigned_abs() / 1_000_000_000) as u64,
            (nanos.unsigned_abs() % 1_000_000_000) as u32,
        );
        let t = if nanos >= 0 {
            UNIX_EPOCH.checked_add(span)
        } else {
            UNIX_EPOCH.checked_sub(span)
        };
        t.ok_or_else(|| Error::new(ErrorKind::DateOutOfRange(d.0)))
    }
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
        for s in [f64::NAN, f64::INFINITY, -1e300, 4e11 * 1e9] {
            assert!(DateTime::<Utc>::try_from(Date(s)).is_err());
            assert!(SystemTime::try_from(Date(s)).is_err());
        }
    }
}
