//! Keyed-archiver object references (`0x8n` objects).

/// A UID, as `NSKeyedArchiver` writes to refer to another object in `$objects`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Uid(u64);

impl Uid {
    pub const fn new(value: u64) -> Uid {
        Uid(value)
    }

    pub const fn get(self) -> u64 {
        self.0
    }
}

impl From<u64> for Uid {
    fn from(v: u64) -> Uid {
        Uid(v)
    }
}
