//! `FromPlist` for the standard types, with Foundation's tolerance: an integer is
//! accepted for a float, an exactly integral real for an integer, `$null` for `None`.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::hash::{BuildHasher, Hash};
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

use super::private::{enter_dict, no_outer, read_rest};
use super::{bounded_capacity, decode_seq, rules, FromPlist};
use crate::error::{Error, ErrorKind};
use crate::reader::{Kind, Node};
use crate::value::{seconds_to_nanos, Data, Date, Integer, Uid};

impl<'a> FromPlist<'a> for bool {
    #[inline]
    fn from_plist(node: &Node<'_, 'a>) -> Result<bool, Error> {
        rules::boolean(node)
    }
}

macro_rules! int {
    ($($t:ty),*) => {$(
        impl<'a> FromPlist<'a> for $t {
            #[inline]
            fn from_plist(node: &Node<'_, 'a>) -> Result<$t, Error> {
                rules::integer_as(node, stringify!($t))
            }

            /// Decimal text, as a map key.
            fn __plist_from_key(key: &Node<'_, 'a>) -> Result<$t, Error> {
                rules::integer_key(key, stringify!($t))
            }
        }
    )*};
}
int!(i8, i16, i32, i64, i128, isize, u16, u32, u64, u128, usize);

impl<'a> FromPlist<'a> for u8 {
    #[inline]
    fn from_plist(node: &Node<'_, 'a>) -> Result<u8, Error> {
        rules::integer_as(node, "u8")
    }

    /// Decimal text, as a map key.
    fn __plist_from_key(key: &Node<'_, 'a>) -> Result<u8, Error> {
        rules::integer_key(key, "u8")
    }

    /// `Vec<u8>` reads data, as Foundation's `Data` does; an array of small integers
    /// is accepted too.
    fn __plist_vec(node: &Node<'_, 'a>) -> Result<Vec<u8>, Error> {
        match node.as_data() {
            Some(d) => {
                node.charge_bytes(d.len())?;
                Ok(d.to_vec())
            }
            None => decode_seq(node),
        }
    }
}

macro_rules! non_zero {
    ($($t:ident($inner:ty)),*) => {$(
        /// An integer; zero is an error.
        impl<'a> FromPlist<'a> for $t {
            fn from_plist(node: &Node<'_, 'a>) -> Result<$t, Error> {
                let v = <$inner>::from_plist(node).map_err(|e| match e.kind() {
                    ErrorKind::IntegerOutOfRange { value, .. } => node.error(
                        ErrorKind::IntegerOutOfRange { value: *value, target: stringify!($t) },
                    ),
                    _ => e,
                })?;
                $t::new(v).ok_or_else(|| {
                    node.error(ErrorKind::IntegerOutOfRange { value: 0, target: stringify!($t) })
                })
            }

            /// Decimal text other than `0`, as a map key.
            fn __plist_from_key(key: &Node<'_, 'a>) -> Result<$t, Error> {
                rules::integer_key(key, stringify!($t))
            }
        }
    )*};
}
non_zero!(
    NonZeroU8(u8),
    NonZeroU16(u16),
    NonZeroU32(u32),
    NonZeroU64(u64),
    NonZeroU128(u128),
    NonZeroUsize(usize),
    NonZeroI8(i8),
    NonZeroI16(i16),
    NonZeroI32(i32),
    NonZeroI64(i64),
    NonZeroI128(i128),
    NonZeroIsize(isize)
);

/// A real number of seconds, as Swift's `TimeInterval` (or an integer), to the
/// nearest nanosecond. Negative, NaN, infinite or too large is an error.
impl<'a> FromPlist<'a> for Duration {
    fn from_plist(node: &Node<'_, 'a>) -> Result<Duration, Error> {
        let whole = |i: i128| {
            u64::try_from(i)
                .map(Duration::from_secs)
                .map_err(|_| node.error(ErrorKind::DurationOutOfRange(i as f64)))
        };
        if let Some(i) = node.as_integer() {
            return whole(i.as_i128());
        }
        let real = node.as_real().map(|r| Ok(rules::Number::Real(r)));
        let s = match real.or_else(|| rules::spelled(node)) {
            Some(Ok(rules::Number::Integer(i))) => return whole(i),
            Some(Ok(rules::Number::Real(s))) => s,
            Some(Err(e)) => return Err(e),
            None => return Err(node.mismatch("real (seconds)")),
        };
        let out_of_range = || node.error(ErrorKind::DurationOutOfRange(s));
        if s < 0.0 {
            return Err(out_of_range());
        }
        let nanos = seconds_to_nanos(s).ok_or_else(out_of_range)?;
        let secs = u64::try_from(nanos / 1_000_000_000).map_err(|_| out_of_range())?;
        Ok(Duration::new(secs, (nanos % 1_000_000_000) as u32))
    }
}

impl<'a> FromPlist<'a> for PathBuf {
    fn from_plist(node: &Node<'_, 'a>) -> Result<PathBuf, Error> {
        String::from_plist(node).map(PathBuf::from)
    }
}

/// Borrows an ASCII string from the input, as `&str` does.
impl<'a> FromPlist<'a> for &'a Path {
    fn from_plist(node: &Node<'_, 'a>) -> Result<&'a Path, Error> {
        <&'a str>::from_plist(node).map(Path::new)
    }
}

impl<'a> FromPlist<'a> for Integer {
    fn from_plist(node: &Node<'_, 'a>) -> Result<Integer, Error> {
        let v = rules::integer(node, "integer")?;
        Integer::from_i128(v).ok_or_else(|| {
            node.error(ErrorKind::IntegerOutOfRange {
                value: v,
                target: "Integer",
            })
        })
    }

    /// Decimal text, as a map key.
    fn __plist_from_key(key: &Node<'_, 'a>) -> Result<Integer, Error> {
        rules::integer_key(key, "Integer")
    }
}

impl<'a> FromPlist<'a> for f64 {
    #[inline]
    fn from_plist(node: &Node<'_, 'a>) -> Result<f64, Error> {
        rules::real(node)
    }
}

impl<'a> FromPlist<'a> for f32 {
    #[inline]
    fn from_plist(node: &Node<'_, 'a>) -> Result<f32, Error> {
        rules::real(node).map(|v| v as f32)
    }
}

impl<'a> FromPlist<'a> for char {
    fn from_plist(node: &Node<'_, 'a>) -> Result<char, Error> {
        rules::char(node)
    }
}

impl<'a> FromPlist<'a> for String {
    #[inline]
    fn from_plist(node: &Node<'_, 'a>) -> Result<String, Error> {
        rules::owned_string(node)
    }
}

/// Borrows ASCII strings from the input. A UTF-16 string cannot be borrowed as
/// `&str`; decode into `String` or `Cow<str>` instead.
impl<'a> FromPlist<'a> for &'a str {
    #[inline]
    fn from_plist(node: &Node<'_, 'a>) -> Result<&'a str, Error> {
        if let Some(s) = node.as_ascii() {
            return Ok(s);
        }
        match node.kind() {
            Kind::String if node.to_str().is_ok() => Err(node.error(ErrorKind::BorrowUtf16)),
            Kind::String => node.to_str().map(|_| unreachable!("to_str failed above")),
            _ => Err(node.mismatch("string")),
        }
    }
}

impl<'a> FromPlist<'a> for Cow<'a, str> {
    #[inline]
    fn from_plist(node: &Node<'_, 'a>) -> Result<Cow<'a, str>, Error> {
        let s = node.to_str()?;
        if let Cow::Owned(o) = &s {
            node.charge_bytes(o.len())?;
        }
        Ok(s)
    }
}

impl<'a> FromPlist<'a> for &'a [u8] {
    #[inline]
    fn from_plist(node: &Node<'_, 'a>) -> Result<&'a [u8], Error> {
        node.as_data().ok_or_else(|| node.mismatch("data"))
    }
}

impl<'a> FromPlist<'a> for Cow<'a, [u8]> {
    #[inline]
    fn from_plist(node: &Node<'_, 'a>) -> Result<Cow<'a, [u8]>, Error> {
        node.as_data()
            .map(Cow::Borrowed)
            .ok_or_else(|| node.mismatch("data"))
    }
}

impl<'a> FromPlist<'a> for Date {
    #[inline]
    fn from_plist(node: &Node<'_, 'a>) -> Result<Date, Error> {
        rules::date(node)
    }
}

/// The nanosecond nearest to the stored date, in any zone chrono converts UTC into
/// (`Utc`, `FixedOffset` at +00:00, `Local`): the same instant, since a plist date
/// has no zone.
impl<'a, Tz: chrono::TimeZone> FromPlist<'a> for chrono::DateTime<Tz>
where
    chrono::DateTime<Tz>: From<chrono::DateTime<chrono::Utc>>,
{
    fn from_plist(node: &Node<'_, 'a>) -> Result<Self, Error> {
        let d = Date::from_plist(node)?;
        chrono::DateTime::<chrono::Utc>::try_from(d)
            .map(Into::into)
            .map_err(|e: Error| e.with_position(node.offset(), node.index()))
    }
}

impl<'a> FromPlist<'a> for SystemTime {
    fn from_plist(node: &Node<'_, 'a>) -> Result<Self, Error> {
        let d = Date::from_plist(node)?;
        d.try_into()
            .map_err(|e: Error| e.with_position(node.offset(), node.index()))
    }
}

/// Reads data, or an array of small integers, as `Vec<u8>` does.
impl<'a> FromPlist<'a> for Data {
    #[inline]
    fn from_plist(node: &Node<'_, 'a>) -> Result<Data, Error> {
        Vec::<u8>::from_plist(node).map(Data::new)
    }
}

impl<'a> FromPlist<'a> for Uid {
    #[inline]
    fn from_plist(node: &Node<'_, 'a>) -> Result<Uid, Error> {
        node.as_uid().ok_or_else(|| node.mismatch("UID"))
    }
}

/// `$null` (or a `0x00` object) is `None`; a missing struct field is `None` too.
impl<'a, T: FromPlist<'a>> FromPlist<'a> for Option<T> {
    #[inline]
    fn from_plist(node: &Node<'_, 'a>) -> Result<Option<T>, Error> {
        if node.is_null_marker() {
            return Ok(None);
        }
        T::from_plist(node).map(Some)
    }
    #[inline]
    fn __plist_missing() -> Option<Option<T>> {
        Some(None)
    }
}

/// Reads nothing, so a `PhantomData` field needs no key.
impl<'a, T: ?Sized> FromPlist<'a> for PhantomData<T> {
    #[inline]
    fn from_plist(_: &Node<'_, 'a>) -> Result<PhantomData<T>, Error> {
        Ok(PhantomData)
    }
    #[inline]
    fn __plist_missing() -> Option<PhantomData<T>> {
        Some(PhantomData)
    }
}

macro_rules! pointer {
    ($($p:ident),*) => {$(
        impl<'a, T: FromPlist<'a>> FromPlist<'a> for $p<T> {
            #[inline]
            fn from_plist(node: &Node<'_, 'a>) -> Result<$p<T>, Error> {
                T::from_plist(node).map($p::new)
            }
            #[inline]
            fn __plist_missing() -> Option<$p<T>> {
                T::__plist_missing().map($p::new)
            }
        }
        impl<'a, T: FromPlist<'a>> FromPlist<'a> for $p<[T]> {
            fn from_plist(node: &Node<'_, 'a>) -> Result<$p<[T]>, Error> {
                T::__plist_vec(node).map(Into::into)
            }
        }
    )*};
}
pointer!(Box, Rc, Arc);

impl<'a> FromPlist<'a> for Box<str> {
    fn from_plist(node: &Node<'_, 'a>) -> Result<Box<str>, Error> {
        String::from_plist(node).map(String::into_boxed_str)
    }
}

impl<'a, T: FromPlist<'a>> FromPlist<'a> for Vec<T> {
    #[inline]
    fn from_plist(node: &Node<'_, 'a>) -> Result<Vec<T>, Error> {
        T::__plist_vec(node)
    }
}

impl<'a, T: FromPlist<'a>> FromPlist<'a> for VecDeque<T> {
    fn from_plist(node: &Node<'_, 'a>) -> Result<VecDeque<T>, Error> {
        T::__plist_vec(node).map(VecDeque::from)
    }
}

impl<'a, T: FromPlist<'a>, const N: usize> FromPlist<'a> for [T; N] {
    fn from_plist(node: &Node<'_, 'a>) -> Result<[T; N], Error> {
        let v = T::__plist_vec(node)?;
        let found = v.len();
        v.try_into()
            .map_err(|_| node.error(ErrorKind::WrongLength { expected: N, found }))
    }
}

/// Reads an array (or set) element by element into `insert`, naming the failing
/// index in errors.
fn decode_elements<'a, T: FromPlist<'a>>(
    node: &Node<'_, 'a>,
    mut insert: impl FnMut(T),
) -> Result<(), Error> {
    let elements = node.elements()?;
    let _guard = node.enter()?;
    for (i, e) in elements.enumerate() {
        insert(
            e.and_then(|e| T::from_plist(&e))
                .map_err(|err| err.in_index(i))?,
        );
    }
    Ok(())
}

/// An array, as Foundation encodes a `Set`; a repeated element is kept once.
impl<'a, T: FromPlist<'a> + Eq + Hash, S: BuildHasher + Default> FromPlist<'a> for HashSet<T, S> {
    fn from_plist(node: &Node<'_, 'a>) -> Result<Self, Error> {
        let mut set =
            HashSet::with_capacity_and_hasher(bounded_capacity::<T>(node.len()), S::default());
        decode_elements(node, |v| {
            set.insert(v);
        })?;
        Ok(set)
    }
}

impl<'a, T: FromPlist<'a> + Ord> FromPlist<'a> for BTreeSet<T> {
    fn from_plist(node: &Node<'_, 'a>) -> Result<Self, Error> {
        let mut set = BTreeSet::new();
        decode_elements(node, |v| {
            set.insert(v);
        })?;
        Ok(set)
    }
}

macro_rules! tuple {
    ($len:literal => $($name:ident $i:tt)+) => {
        impl<'a, $($name: FromPlist<'a>),+> FromPlist<'a> for ($($name,)+) {
            fn from_plist(node: &Node<'_, 'a>) -> Result<Self, Error> {
                let _ = node.elements()?;
                rules::tuple_len(node, $len)?;
                let _guard = node.enter()?;
                Ok(($(
                    node.at($i)?.ok_or_else(|| node.mismatch("array"))
                        .and_then(|e| $name::from_plist(&e))
                        .map_err(|e| e.in_index($i))?,
                )+))
            }
        }
    };
}
tuple!(1 => A 0);
tuple!(2 => A 0 B 1);
tuple!(3 => A 0 B 1 C 2);
tuple!(4 => A 0 B 1 C 2 D 3);
tuple!(5 => A 0 B 1 C 2 D 3 E 4);
tuple!(6 => A 0 B 1 C 2 D 3 E 4 F 5);
tuple!(7 => A 0 B 1 C 2 D 3 E 4 F 5 G 6);
tuple!(8 => A 0 B 1 C 2 D 3 E 4 F 5 G 6 H 7);
tuple!(9 => A 0 B 1 C 2 D 3 E 4 F 5 G 6 H 7 I 8);
tuple!(10 => A 0 B 1 C 2 D 3 E 4 F 5 G 6 H 7 I 8 J 9);
tuple!(11 => A 0 B 1 C 2 D 3 E 4 F 5 G 6 H 7 I 8 J 9 K 10);
tuple!(12 => A 0 B 1 C 2 D 3 E 4 F 5 G 6 H 7 I 8 J 9 K 10 L 11);

/// Decodes a dictionary's entries, keys through `FromPlist` (so `String`, `&str` and
/// `Cow<str>` keys work), calling `insert` for each; errors name the key. A map
/// field is a flattened map that no struct around it claims keys from.
fn decode_map<'a, K: FromPlist<'a>, V: FromPlist<'a>>(
    node: &Node<'_, 'a>,
    insert: impl FnMut(K, V),
) -> Result<(), Error> {
    let _guard = enter_dict(node)?;
    read_rest(node, &no_outer, insert)
}

/// The first of duplicate keys wins, as in CoreFoundation.
impl<'a, K: FromPlist<'a> + Eq + Hash, V: FromPlist<'a>, S: BuildHasher + Default> FromPlist<'a>
    for HashMap<K, V, S>
{
    fn from_plist(node: &Node<'_, 'a>) -> Result<Self, Error> {
        let mut m =
            HashMap::with_capacity_and_hasher(bounded_capacity::<(K, V)>(node.len()), S::default());
        decode_map(node, |k, v| {
            m.entry(k).or_insert(v);
        })?;
        Ok(m)
    }
}

impl<'a, K: FromPlist<'a> + Ord, V: FromPlist<'a>> FromPlist<'a> for BTreeMap<K, V> {
    fn from_plist(node: &Node<'_, 'a>) -> Result<Self, Error> {
        let mut m = BTreeMap::new();
        decode_map(node, |k, v| {
            m.entry(k).or_insert(v);
        })?;
        Ok(m)
    }
}

impl<'a, K: FromPlist<'a> + Eq + Hash, V: FromPlist<'a>, S: BuildHasher + Default> FromPlist<'a>
    for IndexMap<K, V, S>
{
    fn from_plist(node: &Node<'_, 'a>) -> Result<Self, Error> {
        let mut m = IndexMap::with_capacity_and_hasher(
            bounded_capacity::<(K, V)>(node.len()),
            S::default(),
        );
        decode_map(node, |k, v| {
            m.entry(k).or_insert(v);
        })?;
        Ok(m)
    }
}
