//! Plist integers span both `i64` and `u64`: 8-byte objects are signed and 16-byte
//! objects carry unsigned values above `i64::MAX`.

use std::fmt;

/// An integer in `i64::MIN ..= u64::MAX`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Integer(i128);

impl Integer {
    pub fn as_i64(self) -> Option<i64> {
        i64::try_from(self.0).ok()
    }

    pub fn as_u64(self) -> Option<u64> {
        u64::try_from(self.0).ok()
    }

    /// Every value fits, so this is lossless.
    pub fn as_i128(self) -> i128 {
        self.0
    }

    /// The value unless it lies outside `i64::MIN ..= u64::MAX`.
    pub fn from_i128(v: i128) -> Option<Integer> {
        (i64::MIN as i128..=u64::MAX as i128)
            .contains(&v)
            .then_some(Integer(v))
    }
}

impl fmt::Debug for Integer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl fmt::Display for Integer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

macro_rules! integer_from {
    ($($t:ty),*) => {$(
        impl From<$t> for Integer {
            fn from(v: $t) -> Integer {
                Integer(v as i128)
            }
        }
    )*};
}
integer_from!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize);
