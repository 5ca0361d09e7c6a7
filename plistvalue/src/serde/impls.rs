//! `Serialize` and `Deserialize` for the value types. Dates and UIDs travel as
//! newtypes our serializer and deserializer recognise; any other format sees the
//! `f64` seconds since 2001 and the `u64` inside.

use std::fmt;

use ::serde::de::{
    self, Deserialize, Deserializer, EnumAccess, MapAccess, SeqAccess, Unexpected, VariantAccess,
    Visitor,
};
use ::serde::ser::{Serialize, SerializeMap, Serializer};

use super::compat;
use crate::error::ErrorKind;
use crate::value::{Array, Data, Date, Dictionary, Integer, Key, PlistValue, Uid};
use crate::writer::MAX_ENCODE_DEPTH;

impl Serialize for Date {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_newtype_struct(compat::DATE, &self.seconds_since_2001())
    }
}

/// Takes a plist date from this crate's deserializer, seconds since 2001 from any
/// other, or RFC 3339 text (what the plist crate's deserializer, and ours through
/// `deserialize_any`, hand out for a date).
impl<'de> Deserialize<'de> for Date {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Date, D::Error> {
        d.deserialize_newtype_struct(compat::DATE, DateVisitor)
    }
}

struct DateVisitor;

impl<'de> Visitor<'de> for DateVisitor {
    type Value = Date;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a date: seconds since 2001-01-01T00:00:00Z, or RFC 3339 text")
    }
    fn visit_f64<E>(self, v: f64) -> Result<Date, E> {
        Ok(Date::from_seconds_since_2001(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Date, E> {
        Ok(Date::from_seconds_since_2001(v as f64))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Date, E> {
        Ok(Date::from_seconds_since_2001(v as f64))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Date, E> {
        compat::date_from_rfc3339(v).map_err(|_| E::invalid_value(Unexpected::Str(v), &self))
    }
    /// Through any other format: whatever it holds (a number, or text from a
    /// buffered value or the plist crate).
    fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<Date, D::Error> {
        d.deserialize_any(self)
    }
}

impl Serialize for Uid {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_newtype_struct(compat::UID, &self.get())
    }
}

impl<'de> Deserialize<'de> for Uid {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Uid, D::Error> {
        d.deserialize_newtype_struct(compat::UID, UidVisitor)
    }
}

struct UidVisitor;

impl<'de> Visitor<'de> for UidVisitor {
    type Value = Uid;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a UID")
    }
    fn visit_u64<E>(self, v: u64) -> Result<Uid, E> {
        Ok(Uid::new(v))
    }
    fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<Uid, D::Error> {
        d.deserialize_u64(self)
    }
}

impl Serialize for Data {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(self)
    }
}

/// Takes bytes, or a sequence of `u8` from formats without a bytes type.
impl<'de> Deserialize<'de> for Data {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Data, D::Error> {
        d.deserialize_byte_buf(DataVisitor)
    }
}

struct DataVisitor;

impl<'de> Visitor<'de> for DataVisitor {
    type Value = Data;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("data")
    }
    fn visit_bytes<E>(self, v: &[u8]) -> Result<Data, E> {
        Ok(Data::from(v))
    }
    fn visit_byte_buf<E>(self, v: Vec<u8>) -> Result<Data, E> {
        Ok(Data::new(v))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Data, A::Error> {
        let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(1 << 20));
        while let Some(b) = seq.next_element::<u8>()? {
            out.push(b);
        }
        Ok(Data::new(out))
    }
}

impl Serialize for Integer {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.as_i64() {
            Some(v) => s.serialize_i64(v),
            None => s.serialize_u64(self.as_u64().expect("an Integer is in i64 or u64 range")),
        }
    }
}

impl<'de> Deserialize<'de> for Integer {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Integer, D::Error> {
        d.deserialize_any(IntegerVisitor)
    }
}

struct IntegerVisitor;

impl Visitor<'_> for IntegerVisitor {
    type Value = Integer;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an integer in i64::MIN ..= u64::MAX")
    }
    fn visit_i64<E>(self, v: i64) -> Result<Integer, E> {
        Ok(Integer::from(v))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Integer, E> {
        Ok(Integer::from(v))
    }
    fn visit_i128<E: de::Error>(self, v: i128) -> Result<Integer, E> {
        Integer::from_i128(v).ok_or_else(|| E::invalid_value(Unexpected::Other("i128"), &self))
    }
    fn visit_u128<E: de::Error>(self, v: u128) -> Result<Integer, E> {
        i128::try_from(v)
            .ok()
            .and_then(Integer::from_i128)
            .ok_or_else(|| E::invalid_value(Unexpected::Other("u128"), &self))
    }
}

impl Serialize for Key {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self)
    }
}

/// Takes a string; a short key borrowed from the input allocates nothing.
impl<'de> Deserialize<'de> for Key {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Key, D::Error> {
        d.deserialize_str(KeyVisitor)
    }
}

struct KeyVisitor;

impl Visitor<'_> for KeyVisitor {
    type Value = Key;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a dictionary key")
    }
    fn visit_str<E>(self, v: &str) -> Result<Key, E> {
        Ok(Key::from(v))
    }
    fn visit_string<E>(self, v: String) -> Result<Key, E> {
        Ok(Key::from(v))
    }
}

/// A sequence of values; like a `PlistValue`'s, past [`MAX_ENCODE_DEPTH`] levels
/// serializing is an error.
impl Serialize for Array {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let _level = SerializeLevel::enter()?;
        s.collect_seq(self)
    }
}

impl<'de> Deserialize<'de> for Array {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Array, D::Error> {
        match PlistValue::deserialize(d)? {
            PlistValue::Array(a) => Ok(a),
            v => Err(de::Error::invalid_type(
                Unexpected::Other(v.kind_name()),
                &"an array",
            )),
        }
    }
}

impl Serialize for Dictionary {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.len()))?;
        for (k, v) in self {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for Dictionary {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Dictionary, D::Error> {
        let v = PlistValue::deserialize(d)?;
        let found = v.kind_name();
        v.into_dictionary()
            .ok_or_else(|| de::Error::invalid_type(Unexpected::Other(found), &"a dictionary"))
    }
}

/// Recursive, as every `Serialize` is: a value nested deeper than the stack allows
/// must go through [`crate::to_vec`], whose walk is iterative.
impl Serialize for PlistValue {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            // Our serializer writes the `0x00` object; another format sees `()`.
            PlistValue::Null => s.serialize_newtype_struct(compat::NULL, &()),
            PlistValue::Boolean(b) => s.serialize_bool(*b),
            PlistValue::Integer(i) => i.serialize(s),
            PlistValue::Real(r) => s.serialize_f64(*r),
            PlistValue::Date(d) => d.serialize(s),
            PlistValue::Data(d) => s.serialize_bytes(d),
            PlistValue::String(t) => s.serialize_str(t),
            PlistValue::Array(a) => a.serialize(s),
            PlistValue::Dictionary(d) => {
                let _level = SerializeLevel::enter()?;
                d.serialize(s)
            }
            PlistValue::Uid(u) => u.serialize(s),
        }
    }
}

thread_local! {
    /// How many `PlistValue` containers this thread's serializations are inside.
    static SERIALIZE_DEPTH: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// One container level of `Serialize for PlistValue`, left on drop. serde's traits
/// make every serializer recurse once per level, and a decoded `PlistValue` may be
/// any depth deep, so past [`MAX_ENCODE_DEPTH`] levels serializing is an error, for
/// every serializer (`serde_json`'s too), instead of a stack overflow.
struct SerializeLevel;

impl SerializeLevel {
    fn enter<E: ::serde::ser::Error>() -> Result<SerializeLevel, E> {
        let depth = SERIALIZE_DEPTH.with(std::cell::Cell::get) + 1;
        if depth > MAX_ENCODE_DEPTH {
            return Err(E::custom(ErrorKind::DepthLimit(MAX_ENCODE_DEPTH)));
        }
        SERIALIZE_DEPTH.with(|d| d.set(depth));
        Ok(SerializeLevel)
    }
}

impl Drop for SerializeLevel {
    fn drop(&mut self) {
        SERIALIZE_DEPTH.with(|d| d.set(d.get() - 1));
    }
}

/// From this crate's deserializer, the subtree is decoded by the iterative eager
/// decoder (bounded by the node budget, not the depth limit). Any other
/// deserializer drives the visitor, which recurses once per level of nesting.
///
/// The outer newtype is the plist crate's `plist::Value` name, so that its
/// deserializer hands dates and UIDs over as such instead of as text and integers.
impl<'de> Deserialize<'de> for PlistValue {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<PlistValue, D::Error> {
        d.deserialize_newtype_struct(compat::PLIST_VALUE, ValueVisitor { outer: true })
    }
}

struct ValueVisitor {
    /// Not yet past the plist crate's newtype: next, ask for ours.
    outer: bool,
}

impl<'de> Visitor<'de> for ValueVisitor {
    type Value = PlistValue;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a property-list value")
    }
    fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<PlistValue, D::Error> {
        if self.outer {
            return d.deserialize_newtype_struct(compat::VALUE, ValueVisitor { outer: false });
        }
        match compat::HANDOFF.with(std::cell::Cell::take) {
            Some(v) => Ok(v),
            None => d.deserialize_any(self),
        }
    }
    fn visit_bool<E>(self, v: bool) -> Result<PlistValue, E> {
        Ok(PlistValue::Boolean(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<PlistValue, E> {
        Ok(PlistValue::from(v))
    }
    fn visit_u64<E>(self, v: u64) -> Result<PlistValue, E> {
        Ok(PlistValue::from(v))
    }
    fn visit_i128<E: de::Error>(self, v: i128) -> Result<PlistValue, E> {
        IntegerVisitor.visit_i128(v).map(PlistValue::Integer)
    }
    fn visit_u128<E: de::Error>(self, v: u128) -> Result<PlistValue, E> {
        IntegerVisitor.visit_u128(v).map(PlistValue::Integer)
    }
    fn visit_f64<E>(self, v: f64) -> Result<PlistValue, E> {
        Ok(PlistValue::Real(v))
    }
    fn visit_str<E>(self, v: &str) -> Result<PlistValue, E> {
        Ok(PlistValue::String(v.to_owned()))
    }
    fn visit_string<E>(self, v: String) -> Result<PlistValue, E> {
        Ok(PlistValue::String(v))
    }
    fn visit_bytes<E>(self, v: &[u8]) -> Result<PlistValue, E> {
        Ok(PlistValue::Data(v.to_vec()))
    }
    fn visit_byte_buf<E>(self, v: Vec<u8>) -> Result<PlistValue, E> {
        Ok(PlistValue::Data(v))
    }
    /// Another format's null (`None`), as `serde_json::Value` reads it.
    fn visit_none<E>(self) -> Result<PlistValue, E> {
        Ok(PlistValue::Null)
    }
    /// Another format's null (`()`; JSON's `null` arrives as one), as
    /// `serde_json::Value` reads it and as `Serialize` writes `PlistValue::Null` to
    /// any format but this crate's.
    fn visit_unit<E>(self) -> Result<PlistValue, E> {
        Ok(PlistValue::Null)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<PlistValue, D::Error> {
        PlistValue::deserialize(d)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<PlistValue, A::Error> {
        let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(v) = seq.next_element()? {
            out.push(v);
        }
        Ok(PlistValue::Array(out.into()))
    }
    /// The first of duplicate keys wins, as in CoreFoundation.
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<PlistValue, A::Error> {
        let mut out = Dictionary::with_capacity(map.size_hint().unwrap_or(0).min(4096));
        while let Some((k, v)) = map.next_entry::<Key, PlistValue>()? {
            out.entry(k).or_insert(v);
        }
        Ok(PlistValue::Dictionary(out))
    }
    /// The plist crate's deserializer, inside `plist::Value`'s newtype, hands a date
    /// over as `{"PLIST-DATE": text}` and a UID as `{"PLIST-UID": n}`.
    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<PlistValue, A::Error> {
        let (name, variant) = data.variant::<String>()?;
        match name.as_str() {
            compat::PLIST_DATE => {
                let text = variant.newtype_variant::<String>()?;
                DateVisitor.visit_str(&text).map(PlistValue::Date)
            }
            compat::PLIST_UID => variant
                .newtype_variant::<u64>()
                .map(|u| PlistValue::Uid(Uid::new(u))),
            _ => Err(de::Error::unknown_variant(
                &name,
                &[compat::PLIST_DATE, compat::PLIST_UID],
            )),
        }
    }
}
