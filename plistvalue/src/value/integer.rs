//! Plist integers span both `i64` and `u64`: 8-byte objects are signed and 16-byte
//! objects carry unsigned values above `i64::MAX`.

use std::fmt;
use std::str::FromStr;

use crate::error::{Error, ErrorKind};

/// An integer in `i64::MIN ..= u64::MAX`, the range a plist integer holds.
///
/// ```
/// use plistvalue::Integer;
/// let big = Integer::from(u64::MAX);
/// assert_eq!((big.as_i64(), big.as_u64()), (None, Some(u64::MAX)));
/// assert_eq!(Integer::from(-1i8).as_i128(), -1);
/// assert_eq!(Integer::from_i128(1 << 64), None, "outside the plist range");
/// // Written as the 16-byte integer CoreFoundation uses above i64::MAX:
/// let bytes = plistvalue::to_vec(&big).unwrap();
/// assert_eq!(plistvalue::from_slice::<Integer>(&bytes).unwrap(), big);
/// ```
///
/// Stored as an `i64`, or a `u64` only above `i64::MAX`, so each value has one form
/// and the type stays 8-byte aligned (an `i128` would make every `PlistValue` 16-byte
/// aligned).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Integer(Repr);

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Repr {
    Signed(i64),
    /// Always above `i64::MAX`.
    Big(u64),
}

impl Integer {
    /// The value, if it fits `i64`.
    pub fn as_i64(self) -> Option<i64> {
        match self.0 {
            Repr::Signed(v) => Some(v),
            Repr::Big(_) => None,
        }
    }

    /// The value, if it fits `u64`.
    pub fn as_u64(self) -> Option<u64> {
        match self.0 {
            Repr::Signed(v) => u64::try_from(v).ok(),
            Repr::Big(v) => Some(v),
        }
    }

    /// Every value fits, so this is lossless.
    pub fn as_i128(self) -> i128 {
        match self.0 {
            Repr::Signed(v) => v as i128,
            Repr::Big(v) => v as i128,
        }
    }

    /// The value unless it lies outside `i64::MIN ..= u64::MAX`.
    pub fn from_i128(v: i128) -> Option<Integer> {
        if let Ok(s) = i64::try_from(v) {
            return Some(Integer(Repr::Signed(s)));
        }
        u64::try_from(v).ok().map(|u| Integer(Repr::Big(u)))
    }
}

impl PartialOrd for Integer {
    fn partial_cmp(&self, other: &Integer) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Integer {
    fn cmp(&self, other: &Integer) -> std::cmp::Ordering {
        self.as_i128().cmp(&other.as_i128())
    }
}

impl fmt::Debug for Integer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.as_i128(), f)
    }
}

impl fmt::Display for Integer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.as_i128(), f)
    }
}

/// Decimal text with an optional sign, or hexadecimal after `0x` (as XML plists and
/// the plist crate allow), within `i64::MIN ..= u64::MAX`.
///
/// ```
/// use plistvalue::Integer;
/// assert_eq!("-12".parse::<Integer>().unwrap(), Integer::from(-12));
/// assert_eq!("0xFF".parse::<Integer>().unwrap(), Integer::from(255));
/// assert_eq!("18446744073709551615".parse::<Integer>().unwrap(), Integer::from(u64::MAX));
/// assert!("18446744073709551616".parse::<Integer>().is_err());
/// assert!("12a".parse::<Integer>().is_err());
/// ```
impl FromStr for Integer {
    type Err = Error;
    fn from_str(text: &str) -> Result<Integer, Error> {
        let (negative, digits) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text.strip_prefix('+').unwrap_or(text)),
        };
        let parsed = match digits
            .strip_prefix("0x")
            .or_else(|| digits.strip_prefix("0X"))
        {
            Some(hex) => i128::from_str_radix(hex, 16),
            None => digits.parse::<i128>(),
        };
        // A sign was taken off already: a second one is not an integer.
        let not_text = digits.starts_with(['+', '-']);
        let value = match parsed {
            Ok(v) if !not_text => {
                if negative {
                    -v
                } else {
                    v
                }
            }
            _ => {
                return Err(Error::new(ErrorKind::InvalidText {
                    text: text.to_owned(),
                    target: "an integer",
                }))
            }
        };
        Integer::from_i128(value).ok_or(Error::new(ErrorKind::IntegerOutOfRange {
            value,
            target: "the plist range",
        }))
    }
}

macro_rules! integer_from_signed {
    ($($t:ty),*) => {$(
        impl From<$t> for Integer {
            fn from(v: $t) -> Integer {
                Integer(Repr::Signed(v as i64))
            }
        }
    )*};
}
integer_from_signed!(i8, i16, i32, i64, isize, u8, u16, u32);

macro_rules! integer_from_unsigned {
    ($($t:ty),*) => {$(
        impl From<$t> for Integer {
            fn from(v: $t) -> Integer {
                match i64::try_from(v) {
                    Ok(s) => Integer(Repr::Signed(s)),
                    Err(_) => Integer(Repr::Big(v as u64)),
                }
            }
        }
    )*};
}
integer_from_unsigned!(u64, usize);
