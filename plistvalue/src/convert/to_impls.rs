//! `ToPlist` for the standard types.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::marker::PhantomData;
use std::num::{
    NonZeroI128, NonZeroI16, NonZeroI32, NonZeroI64, NonZeroI8, NonZeroIsize, NonZeroU128,
    NonZeroU16, NonZeroU32, NonZeroU64, NonZeroU8, NonZeroUsize,
};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::Arc;
use std::time::{Duration, SystemTime};

use indexmap::IndexMap;

use super::{encode_seq, rules, ToPlist};
use crate::error::{Error, ErrorKind};
use crate::value::{nanos_to_seconds, Data, Date, Integer, Uid};
use crate::writer::{Encoder, ObjRef};

impl ToPlist for bool {
    #[inline]
    fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        Ok(enc.bool(*self))
    }
}

macro_rules! signed {
    ($($t:ty),*) => {$(
        impl ToPlist for $t {
            #[inline]
            fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
                Ok(enc.i64(*self as i64))
            }
            /// Decimal text, as a map key.
            #[inline]
            fn __plist_key(&self) -> Option<Cow<'_, str>> {
                Some(Cow::Owned(self.to_string()))
            }
        }
    )*};
}
signed!(i8, i16, i32, i64, isize);

macro_rules! unsigned {
    ($($t:ty),*) => {$(
        impl ToPlist for $t {
            #[inline]
            fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
                Ok(enc.u64(*self as u64))
            }
            /// Decimal text, as a map key.
            #[inline]
            fn __plist_key(&self) -> Option<Cow<'_, str>> {
                Some(Cow::Owned(self.to_string()))
            }
        }
    )*};
}
unsigned!(u16, u32, u64, usize);

impl ToPlist for u8 {
    #[inline]
    fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        Ok(enc.u64(*self as u64))
    }

    /// Decimal text, as a map key.
    #[inline]
    fn __plist_key(&self) -> Option<Cow<'_, str>> {
        Some(Cow::Owned(self.to_string()))
    }

    /// Bytes are data, as Foundation writes `Data`.
    #[inline]
    fn __plist_slice<'a>(items: &'a [u8], enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        Ok(enc.data(items))
    }
}

impl ToPlist for i128 {
    fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        rules::plist_integer(*self).map(|i| rules::encode_integer(i, enc))
    }

    /// Decimal text, as a map key.
    #[inline]
    fn __plist_key(&self) -> Option<Cow<'_, str>> {
        Some(Cow::Owned(self.to_string()))
    }
}

impl ToPlist for u128 {
    fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        let v = i128::try_from(*self).unwrap_or(i128::MAX);
        rules::plist_integer(v).map(|i| rules::encode_integer(i, enc))
    }

    /// Decimal text, as a map key.
    #[inline]
    fn __plist_key(&self) -> Option<Cow<'_, str>> {
        Some(Cow::Owned(self.to_string()))
    }
}

macro_rules! non_zero {
    ($($t:ty => $method:ident as $wide:ty),*) => {$(
        impl ToPlist for $t {
            #[inline]
            fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
                Ok(enc.$method(self.get() as $wide))
            }
            /// Decimal text, as a map key.
            #[inline]
            fn __plist_key(&self) -> Option<Cow<'_, str>> {
                Some(Cow::Owned(self.to_string()))
            }
        }
    )*};
}
non_zero!(
    NonZeroU8 => u64 as u64, NonZeroU16 => u64 as u64, NonZeroU32 => u64 as u64,
    NonZeroU64 => u64 as u64, NonZeroUsize => u64 as u64, NonZeroI8 => i64 as i64,
    NonZeroI16 => i64 as i64, NonZeroI32 => i64 as i64, NonZeroI64 => i64 as i64,
    NonZeroIsize => i64 as i64
);

impl ToPlist for NonZeroI128 {
    fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        rules::plist_integer(self.get()).map(|i| rules::encode_integer(i, enc))
    }

    /// Decimal text, as a map key.
    #[inline]
    fn __plist_key(&self) -> Option<Cow<'_, str>> {
        Some(Cow::Owned(self.to_string()))
    }
}

impl ToPlist for NonZeroU128 {
    fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        let v = i128::try_from(self.get()).unwrap_or(i128::MAX);
        rules::plist_integer(v).map(|i| rules::encode_integer(i, enc))
    }

    /// Decimal text, as a map key.
    #[inline]
    fn __plist_key(&self) -> Option<Cow<'_, str>> {
        Some(Cow::Owned(self.to_string()))
    }
}

impl ToPlist for Integer {
    #[inline]
    fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        Ok(rules::encode_integer(*self, enc))
    }

    /// Decimal text, as a map key.
    #[inline]
    fn __plist_key(&self) -> Option<Cow<'_, str>> {
        Some(Cow::Owned(self.to_string()))
    }
}

impl ToPlist for f64 {
    #[inline]
    fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        Ok(enc.f64(*self))
    }
}

/// A 4-byte real, as Foundation writes a Swift `Float`.
impl ToPlist for f32 {
    #[inline]
    fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        Ok(enc.f32(*self))
    }
}

impl ToPlist for char {
    fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        Ok(enc.str_copied(self.encode_utf8(&mut [0; 4])))
    }

    #[inline]
    fn __plist_key(&self) -> Option<Cow<'_, str>> {
        Some(Cow::Owned(self.to_string()))
    }
}

impl ToPlist for str {
    #[inline]
    fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        Ok(enc.str(self))
    }

    #[inline]
    fn __plist_key(&self) -> Option<Cow<'_, str>> {
        Some(Cow::Borrowed(self))
    }
}

impl ToPlist for String {
    #[inline]
    fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        Ok(enc.str(self))
    }

    #[inline]
    fn __plist_key(&self) -> Option<Cow<'_, str>> {
        Some(Cow::Borrowed(self))
    }
}

impl ToPlist for Date {
    #[inline]
    fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        Ok(enc.date(*self))
    }
}

/// Any zone (`Utc`, `FixedOffset`, `Local`): the instant, as the double nearest to
/// it; a plist date has no zone.
impl<Tz: chrono::TimeZone> ToPlist for chrono::DateTime<Tz> {
    fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        Ok(enc.date(Date::from(self.clone())))
    }
}

impl ToPlist for SystemTime {
    fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        Ok(enc.date(Date::from(*self)))
    }
}

impl ToPlist for Data {
    #[inline]
    fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        Ok(enc.data(self))
    }
}

/// A real number of seconds, as Swift's `TimeInterval`: the double nearest to it.
impl ToPlist for Duration {
    fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        Ok(enc.f64(nanos_to_seconds(false, self.as_nanos())))
    }
}

/// A string; a path that is not UTF-8 is an error, never a lossy conversion.
impl ToPlist for Path {
    fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        match self.to_str() {
            Some(s) => Ok(enc.str(s)),
            None => Err(Error::new(ErrorKind::NonUtf8Path(
                self.to_string_lossy().into_owned(),
            ))),
        }
    }
}

impl ToPlist for PathBuf {
    fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        self.as_path().to_plist(enc)
    }
}

impl ToPlist for Uid {
    #[inline]
    fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        Ok(enc.uid(*self))
    }
}

impl<T: ToPlist + ?Sized> ToPlist for &T {
    #[inline]
    fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        (**self).to_plist(enc)
    }
    #[inline]
    fn __plist_is_absent(&self) -> bool {
        (**self).__plist_is_absent()
    }
    #[inline]
    fn __plist_key(&self) -> Option<Cow<'_, str>> {
        (**self).__plist_key()
    }
}

impl<T: ToPlist + ?Sized> ToPlist for &mut T {
    #[inline]
    fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        (**self).to_plist(enc)
    }
    #[inline]
    fn __plist_is_absent(&self) -> bool {
        (**self).__plist_is_absent()
    }
    #[inline]
    fn __plist_key(&self) -> Option<Cow<'_, str>> {
        (**self).__plist_key()
    }
}

macro_rules! pointer {
    ($($p:ident),*) => {$(
        impl<T: ToPlist + ?Sized> ToPlist for $p<T> {
            #[inline]
            fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
                (**self).to_plist(enc)
            }
            #[inline]
            fn __plist_is_absent(&self) -> bool {
                (**self).__plist_is_absent()
            }
            #[inline]
            fn __plist_key(&self) -> Option<Cow<'_, str>> {
                (**self).__plist_key()
            }
        }
    )*};
}
pointer!(Box, Rc, Arc);

impl<T: ToPlist + ToOwned + ?Sized> ToPlist for Cow<'_, T> {
    #[inline]
    fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        (**self).to_plist(enc)
    }
    #[inline]
    fn __plist_key(&self) -> Option<Cow<'_, str>> {
        (**self).__plist_key()
    }
}

/// `None` is left out of a struct; anywhere else it is the string `$null`, as
/// Foundation writes a nil.
impl<T: ToPlist> ToPlist for Option<T> {
    #[inline]
    fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        match self {
            Some(v) => v.to_plist(enc),
            None => Ok(enc.null()),
        }
    }
    #[inline]
    fn __plist_is_absent(&self) -> bool {
        self.is_none()
    }
}

/// A marker with nothing to write: left out of a struct, `$null` anywhere else.
impl<T: ?Sized> ToPlist for PhantomData<T> {
    #[inline]
    fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        Ok(enc.null())
    }
    #[inline]
    fn __plist_is_absent(&self) -> bool {
        true
    }
}

impl<T: ToPlist> ToPlist for [T] {
    #[inline]
    fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        T::__plist_slice(self, enc)
    }
}

impl<T: ToPlist, const N: usize> ToPlist for [T; N] {
    #[inline]
    fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        T::__plist_slice(self, enc)
    }
}

impl<T: ToPlist> ToPlist for Vec<T> {
    #[inline]
    fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        T::__plist_slice(self, enc)
    }
}

impl<T: ToPlist> ToPlist for VecDeque<T> {
    fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        match self.as_slices() {
            (front, []) => T::__plist_slice(front, enc),
            _ => encode_seq(self.iter(), enc),
        }
    }
}

/// An array, as Foundation encodes a `Set`; sorted, so the output does not change
/// from run to run (as a `HashMap`'s keys are).
impl<T: ToPlist + Ord, S> ToPlist for HashSet<T, S> {
    fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        let mut items: Vec<&T> = self.iter().collect();
        items.sort_unstable();
        encode_seq(items.into_iter(), enc)
    }
}

/// An array, in the set's order.
impl<T: ToPlist> ToPlist for BTreeSet<T> {
    fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        encode_seq(self.iter(), enc)
    }
}

macro_rules! tuple {
    ($($name:ident)+) => {
        impl<$($name: ToPlist),+> ToPlist for ($($name,)+) {
            #[allow(non_snake_case)]
            fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
                let ($($name,)+) = self;
                let frame = enc.begin_array();
                enc.check_depth()?;
                $(
                    let r = $name.to_plist(enc)?;
                    enc.child(r);
                )+
                Ok(enc.end_array(frame))
            }
        }
    };
}
tuple!(A);
tuple!(A B);
tuple!(A B C);
tuple!(A B C D);
tuple!(A B C D E);
tuple!(A B C D E F);
tuple!(A B C D E F G);
tuple!(A B C D E F G H);
tuple!(A B C D E F G H I);
tuple!(A B C D E F G H I J);
tuple!(A B C D E F G H I J K);
tuple!(A B C D E F G H I J K L);

/// Writes a dictionary from (key, value) pairs: all keys, then all values. A key is
/// written as its [`ToPlist::__plist_key`] text: a string, or an integer's decimal
/// text.
pub(crate) fn encode_map<'a, K, V>(
    entries: impl Iterator<Item = (&'a K, &'a V)> + Clone,
    enc: &mut Encoder<'a>,
) -> Result<ObjRef, Error>
where
    K: ToPlist + ?Sized + 'a,
    V: ToPlist + ?Sized + 'a,
{
    let frame = enc.begin_dict();
    enc.check_depth()?;
    for (k, _) in entries.clone() {
        let r = rules::encode_key(k, enc)?;
        enc.child(r);
    }
    for (_, v) in entries {
        let r = v.to_plist(enc)?;
        enc.child(r);
    }
    Ok(enc.end_dict(frame))
}

/// A `HashMap`'s entries with their keys' text, sorted by it, as Foundation sorts a
/// `[String: V]` before encoding it, so the output does not change from run to run.
/// Integer keys sort as text too (`"10"` before `"9"`), as they are written.
pub(crate) fn sorted_entries<K: ToPlist, V, S>(
    map: &HashMap<K, V, S>,
) -> Result<Vec<(Cow<'_, str>, &V)>, Error> {
    let mut entries = map
        .iter()
        .map(|(k, v)| Ok((k.__plist_key().ok_or_else(rules::non_text_key::<K>)?, v)))
        .collect::<Result<Vec<_>, Error>>()?;
    entries.sort_unstable_by(|a, b| a.0.cmp(&b.0));
    Ok(entries)
}

/// Keys sorted by their text, as `sorted_entries` says.
impl<K: ToPlist, V: ToPlist, S> ToPlist for HashMap<K, V, S> {
    fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        let mut entries = sorted_entries(self)?;
        let frame = enc.begin_dict();
        enc.check_depth()?;
        for (k, _) in &mut entries {
            let r = rules::key_object(std::mem::take(k), enc);
            enc.child(r);
        }
        for (_, v) in entries {
            let r = v.to_plist(enc)?;
            enc.child(r);
        }
        Ok(enc.end_dict(frame))
    }
}

impl<K: ToPlist, V: ToPlist> ToPlist for BTreeMap<K, V> {
    fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        encode_map(self.iter(), enc)
    }
}

impl<K: ToPlist, V: ToPlist, S> ToPlist for IndexMap<K, V, S> {
    fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        encode_map(self.iter(), enc)
    }
}
