//! Conversions into `PlistValue`, so trees can be built with `.into()` and `plist!`.

use std::borrow::Cow;
use std::time::SystemTime;

use super::{Date, Dictionary, Integer, PlistValue, Uid};

macro_rules! from_integer {
    ($($t:ty),*) => {$(
        impl From<$t> for PlistValue {
            fn from(v: $t) -> PlistValue {
                PlistValue::Integer(Integer::from(v))
            }
        }
    )*};
}
from_integer!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize);

impl From<Integer> for PlistValue {
    fn from(v: Integer) -> PlistValue {
        PlistValue::Integer(v)
    }
}

impl From<bool> for PlistValue {
    fn from(v: bool) -> PlistValue {
        PlistValue::Boolean(v)
    }
}

impl From<f64> for PlistValue {
    fn from(v: f64) -> PlistValue {
        PlistValue::Real(v)
    }
}

impl From<f32> for PlistValue {
    fn from(v: f32) -> PlistValue {
        PlistValue::Real(v as f64)
    }
}

impl From<String> for PlistValue {
    fn from(v: String) -> PlistValue {
        PlistValue::String(v)
    }
}

impl From<&str> for PlistValue {
    fn from(v: &str) -> PlistValue {
        PlistValue::String(v.to_owned())
    }
}

impl From<Cow<'_, str>> for PlistValue {
    fn from(v: Cow<'_, str>) -> PlistValue {
        PlistValue::String(v.into_owned())
    }
}

impl From<Date> for PlistValue {
    fn from(v: Date) -> PlistValue {
        PlistValue::Date(v)
    }
}

impl From<SystemTime> for PlistValue {
    fn from(v: SystemTime) -> PlistValue {
        PlistValue::Date(v.into())
    }
}

impl<Tz: chrono::TimeZone> From<chrono::DateTime<Tz>> for PlistValue {
    fn from(v: chrono::DateTime<Tz>) -> PlistValue {
        PlistValue::Date(v.into())
    }
}

impl From<Uid> for PlistValue {
    fn from(v: Uid) -> PlistValue {
        PlistValue::Uid(v)
    }
}

/// A vector is an array, as in `serde_json`: `PlistValue::from(vec![1, 2, 3])` is
/// three integers. Bytes become data only through [`Data`](super::Data) or
/// [`PlistValue::Data`].
impl<T: Into<PlistValue>> From<Vec<T>> for PlistValue {
    fn from(v: Vec<T>) -> PlistValue {
        PlistValue::Array(v.into_iter().map(Into::into).collect())
    }
}

/// A slice is an array of its elements' values, as in `serde_json`.
impl<T: Clone + Into<PlistValue>> From<&[T]> for PlistValue {
    fn from(v: &[T]) -> PlistValue {
        PlistValue::Array(v.iter().cloned().map(Into::into).collect())
    }
}

impl From<Dictionary> for PlistValue {
    fn from(v: Dictionary) -> PlistValue {
        PlistValue::Dictionary(v)
    }
}

impl<T: Into<PlistValue>> FromIterator<T> for PlistValue {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> PlistValue {
        PlistValue::Array(iter.into_iter().map(Into::into).collect())
    }
}
