//! The names serde types use to ask this format for a plist date, UID or tree, ours
//! and the plist crate's, and the date conversions the plist crate's names need.

use std::cell::Cell;

use chrono::DateTime;

use crate::error::Error;
use crate::value::{Date, DateText, PlistValue};

/// `plistvalue::Date`: a newtype around the `f64` seconds since 2001.
pub(crate) const DATE: &str = "$plistvalue::Date";
/// `plistvalue::Uid`: a newtype around the `u64`.
pub(crate) const UID: &str = "$plistvalue::Uid";
/// `PlistValue::Null`: a newtype around `()`, which our serializer writes as the
/// `0x00` object.
pub(crate) const NULL: &str = "$plistvalue::Null";
/// `PlistValue` asking our deserializer for the whole subtree at once.
pub(crate) const VALUE: &str = "$plistvalue::PlistValue";

/// `plist::Date` (plist 1.x): a newtype around an RFC 3339 string.
pub(crate) const PLIST_DATE: &str = "PLIST-DATE";
/// `plist::Uid`: a newtype around the `u64`.
pub(crate) const PLIST_UID: &str = "PLIST-UID";
/// `plist::Value`: inside it, `deserialize_any` hands dates and UIDs over as a
/// one-entry enum named by the two constants above.
pub(crate) const PLIST_VALUE: &str = "PLIST-VALUE";

thread_local! {
    /// A `PlistValue` our deserializer built with the iterative eager decoder, on its
    /// way to `PlistValue`'s visitor: serde offers no typed way to pass a finished
    /// value through a generic visitor.
    pub(crate) static HANDOFF: Cell<Option<PlistValue>> = const { Cell::new(None) };
}

/// Empties [`HANDOFF`] when dropped, so that no value outlives its handover, even
/// when a visitor panics or is not the one that takes it.
pub(crate) struct HandoffGuard;

impl Drop for HandoffGuard {
    fn drop(&mut self) {
        HANDOFF.with(|h| drop(h.take()));
    }
}

/// The date an RFC 3339 text names (what the plist crate's `Date` holds), as the
/// double nearest to it. Apple's XML form, the plain UTC text the plist crate
/// writes, is read without chrono's general parser, which was a twentieth of a
/// serde encode of the benchmark document; chrono reads any other form (offsets,
/// lowercase, more than nine fraction digits). A text neither reads is the error
/// of Apple's form.
pub(crate) fn date_from_rfc3339(s: &str) -> Result<Date, Error> {
    s.parse::<Date>()
        .or_else(|e| match DateTime::parse_from_rfc3339(s) {
            Ok(t) => Ok(Date::from(t)),
            Err(_) => Err(e),
        })
}

/// A date's RFC 3339 text, as the plist crate writes it: Apple's XML form, to the
/// nearest nanosecond, on the stack, so that reading one into a `plist::Date`,
/// which parses the text and drops it, allocates nothing.
pub(crate) fn rfc3339(seconds: f64) -> Result<DateText, Error> {
    Date::from_seconds_since_2001(seconds).text()
}

#[cfg(test)]
mod tests {
    use chrono::{SecondsFormat, Utc};

    use super::*;

    #[test]
    fn rfc3339_round_trips_exactly() {
        for s in [
            0.0,
            725_760_062.0,
            725_760_062.5,
            -1.25,
            -978_307_200.0,
            4e11,
        ] {
            let text = rfc3339(s).unwrap();
            let back = date_from_rfc3339(text.as_str()).unwrap();
            assert_eq!(back.seconds_since_2001(), s, "{}", text.as_str());
        }
        assert_eq!(rfc3339(-1.25).unwrap().as_str(), "2000-12-31T23:59:58.75Z");
        assert_eq!(rfc3339(4e11).unwrap().as_str(), "+14676-06-30T15:06:40Z");
        assert!(rfc3339(f64::NAN).is_err());
        assert!(rfc3339(1e300).is_err());
    }

    /// Our text is chrono's, trimmed as the plist crate trims it, across the
    /// four-digit years and at their edges, and it parses back to the same instant.
    #[test]
    fn rfc3339_matches_chrono() {
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
            let unix = i128::from(secs) * 1_000_000_000 + i128::from(nanos);
            let date = Date::from_unix_nanos(unix);
            let text = chrono_text(secs, nanos);
            let ours = date.text().unwrap();
            let back = date.to_unix_nanos().unwrap();
            // The date is the double nearest the instant; its text is the
            // nanosecond nearest that double, which chrono writes the same way.
            let (s, n) = (
                back.div_euclid(1_000_000_000),
                back.rem_euclid(1_000_000_000),
            );
            assert_eq!(
                ours.as_str(),
                chrono_text(s as i64, n as u32),
                "{secs} s {nanos} ns"
            );
            assert_eq!(date_from_rfc3339(&text).unwrap(), date, "{text}");
        }
    }

    /// Text Apple's form does not cover goes to chrono, so both agree on every
    /// input: offsets, leap seconds, impossible dates and malformed text alike.
    #[test]
    fn parse_agrees_with_chrono() {
        let chrono_date = |s: &str| DateTime::parse_from_rfc3339(s).ok().map(Date::from);
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
            assert_eq!(date_from_rfc3339(text).ok(), chrono_date(text), "{text}");
        }
    }
}
