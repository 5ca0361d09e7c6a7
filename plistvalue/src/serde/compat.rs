//! The names serde types use to ask this format for a plist date, UID or tree, ours
//! and the plist crate's, and the handoff of a decoded tree to `PlistValue`'s
//! visitor. (The RFC 3339 text the plist crate's names travel as is `Date`'s, in
//! `value/rfc3339.rs`.)

use std::cell::Cell;

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
