//! The names serde types use to ask this format for a plist date, UID or tree, ours
//! and the plist crate's, and the date conversions the plist crate's names need.

use std::cell::Cell;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use chrono::{DateTime, SecondsFormat, Utc};

use crate::error::{Error, ErrorKind};
use crate::value::PlistValue;

/// `plistvalue::Date`: a newtype around the `f64` seconds since 2001.
pub(crate) const DATE: &str = "$plistvalue::Date";
/// `plistvalue::Uid`: a newtype around the `u64`.
pub(crate) const UID: &str = "$plistvalue::Uid";
/// `PlistValue` asking our deserializer for the whole subtree at once.
pub(crate) const VALUE: &str = "$plistvalue::PlistValue";

/// `plist::Date` (plist 1.x): a newtype around an RFC 3339 string.
pub(crate) const PLIST_DATE: &str = "PLIST-DATE";
/// `plist::Uid`: a newtype around the `u64`.
pub(crate) const PLIST_UID: &str = "PLIST-UID";
/// `plist::Value`: inside it, `deserialize_any` hands dates and UIDs over as a
/// one-entry enum named by the two constants above.
pub(crate) const PLIST_VALUE: &str = "PLIST-VALUE";

const PLIST_EPOCH: Duration = Duration::from_secs(978_307_200);

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

/// Seconds since 2001 from an RFC 3339 string, with the plist crate's arithmetic,
/// so a `plist::Date` is written with the bits the plist crate would write.
pub(crate) fn seconds_from_rfc3339(s: &str) -> Option<f64> {
    let t: SystemTime = DateTime::parse_from_rfc3339(s).ok()?.into();
    let epoch = UNIX_EPOCH + PLIST_EPOCH;
    Some(match t.duration_since(epoch) {
        Ok(after) => after.as_secs_f64(),
        Err(before) => -before.duration().as_secs_f64(),
    })
}

/// The RFC 3339 text the plist crate makes of a date of `seconds` since 2001,
/// rounded to the nanosecond as it rounds it.
pub(crate) fn rfc3339(seconds: f64) -> Result<String, Error> {
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
    let utc: DateTime<Utc> = secs
        .and_then(|s| DateTime::from_timestamp(s, nanos))
        .ok_or_else(out_of_range)?;
    // The plist crate's text (from the `time` crate) ends the fraction at its last
    // non-zero digit, and drops it when zero.
    let mut text = utc.to_rfc3339_opts(SecondsFormat::Nanos, true);
    text.pop();
    let keep = text.trim_end_matches('0').trim_end_matches('.').len();
    text.truncate(keep);
    text.push('Z');
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc3339_round_trips_through_the_plist_crate_arithmetic() {
        for s in [0.0, 725_760_062.0, 725_760_062.5, -1.25, -978_307_200.0] {
            let text = rfc3339(s).unwrap();
            assert_eq!(seconds_from_rfc3339(&text), Some(s), "{text}");
        }
        assert_eq!(rfc3339(0.0).unwrap(), "2001-01-01T00:00:00Z");
        assert_eq!(rfc3339(-1.25).unwrap(), "2000-12-31T23:59:58.75Z");
        assert_eq!(rfc3339(10.0).unwrap(), "2001-01-01T00:00:10Z");
        assert!(rfc3339(f64::NAN).is_err());
        assert!(rfc3339(1e300).is_err());
    }
}
