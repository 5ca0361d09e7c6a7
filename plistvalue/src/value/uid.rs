//! Keyed-archiver object references (`0x8n` objects).

/// A UID, as `NSKeyedArchiver` writes to refer to another object in `$objects`.
///
/// ```
/// use plistvalue::{plist, PlistValue, Uid};
/// let archive = plist!({ "$top": { "root": (Uid::new(1)) } });
/// let bytes = plistvalue::to_vec(&archive).unwrap();
/// let back: PlistValue = plistvalue::from_slice(&bytes).unwrap();
/// assert_eq!(back["$top"]["root"].as_uid().map(Uid::get), Some(1));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Uid(u64);

impl Uid {
    /// The UID of `$objects[value]`.
    pub const fn new(value: u64) -> Uid {
        Uid(value)
    }

    /// The index it refers to.
    pub const fn get(self) -> u64 {
        self.0
    }
}

impl From<u64> for Uid {
    fn from(v: u64) -> Uid {
        Uid(v)
    }
}
