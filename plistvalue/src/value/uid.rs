//! Keyed-archiver object references (`0x8n` objects).

use std::fmt;
use std::str::FromStr;

use crate::error::{Error, ErrorKind};

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

/// The index, in decimal.
///
/// ```
/// use plistvalue::Uid;
/// assert_eq!(Uid::new(12).to_string(), "12");
/// assert_eq!("12".parse::<Uid>().unwrap(), Uid::new(12));
/// assert!("-1".parse::<Uid>().is_err());
/// ```
impl fmt::Display for Uid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

/// Decimal digits, as [`Uid`]'s `Display` writes them.
impl FromStr for Uid {
    type Err = Error;
    fn from_str(text: &str) -> Result<Uid, Error> {
        match text.parse::<u64>() {
            Ok(v) if !text.starts_with('+') => Ok(Uid(v)),
            _ => Err(Error::new(ErrorKind::InvalidText {
                text: text.to_owned(),
                target: "a UID",
            })),
        }
    }
}
