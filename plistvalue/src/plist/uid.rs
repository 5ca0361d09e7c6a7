//! `plist::Uid`: an `NSKeyedArchiver` object reference.

use std::fmt;

/// A plist `uid` value. These are found exclusively in plists created by
/// `NSKeyedArchiver`.
///
/// ```
/// use plistvalue::plist::Uid;
/// assert_eq!(Uid::new(7).get(), 7);
/// assert_eq!(format!("{:?}", Uid::new(7)), "7");
/// ```
#[derive(Clone, Copy, Eq, Hash, PartialEq)]
pub struct Uid {
    value: u64,
}

impl Uid {
    /// Creates a new `Uid` containing the given value.
    pub fn new(value: u64) -> Uid {
        Uid { value }
    }

    /// Returns the value as a `u64`.
    pub fn get(self) -> u64 {
        self.value
    }
}

impl fmt::Debug for Uid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.value.fmt(f)
    }
}
