//! `plist::Integer`: any integer a plist holds, `i64::MIN ..= u64::MAX`.

use std::fmt;

/// An integer that can be represented by either an `i64` or a `u64`.
///
/// ```
/// use plistvalue::plist::Integer;
/// let big = Integer::from(u64::MAX);
/// assert_eq!(big.as_unsigned(), Some(u64::MAX));
/// assert_eq!(big.as_signed(), None);
/// assert_eq!(Integer::from(-1).to_string(), "-1");
/// ```
#[derive(Clone, Copy, Eq, Hash, Ord, PartialEq, PartialOrd)]
pub struct Integer {
    value: i128,
}

impl Integer {
    /// Returns the value as an `i64` if it can be represented by that type.
    pub fn as_signed(self) -> Option<i64> {
        i64::try_from(self.value).ok()
    }

    /// Returns the value as a `u64` if it can be represented by that type.
    pub fn as_unsigned(self) -> Option<u64> {
        u64::try_from(self.value).ok()
    }
}

impl From<crate::value::Integer> for Integer {
    fn from(i: crate::value::Integer) -> Integer {
        Integer { value: i.as_i128() }
    }
}

impl From<Integer> for crate::value::Integer {
    fn from(i: Integer) -> crate::value::Integer {
        crate::value::Integer::from_i128(i.value).expect("a plist::Integer is i64 or u64")
    }
}

impl fmt::Debug for Integer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.value.fmt(f)
    }
}

impl fmt::Display for Integer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.value.fmt(f)
    }
}

macro_rules! from_int {
    ($($t:ty)*) => {$(
        impl From<$t> for Integer {
            fn from(value: $t) -> Integer {
                Integer { value: value.into() }
            }
        }
    )*};
}

from_int!(i8 i16 i32 i64 u8 u16 u32 u64);
