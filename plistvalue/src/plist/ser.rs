//! A `Serialize` value into a `plist::Value`, with the plist crate's serializer's
//! rules, so that a model writes the tree it wrote: a `None` struct field is left
//! out, any other `None` is `{None: ""}` and its `Some(v)` is `{Some: v}` (at the
//! top, `Some(v)` is `v`), unit is `""`, unit variants are their names, other
//! variants `{name: value}`, and dictionary keys are strings. The date and UID
//! newtypes of both crates become dates and UIDs.

use ::serde::ser::{self, Serialize};

use super::{Date, Dictionary, Integer, Uid, Value};
use crate::error::{Error, ErrorKind};
use crate::serde::compat::{DATE, PLIST_DATE, PLIST_UID, UID};

/// Where an `Option` is being written, which decides its form.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// The top value: `None` writes nothing, `Some(v)` writes `v`.
    Root,
    /// A struct field's value: `None` leaves the field out, `Some(v)` writes `v`.
    Field,
    /// Anywhere else: `{None: ""}` and `{Some: v}`.
    Explicit,
}

/// Converts `value` into a tree, as the plist crate's `to_value` does.
pub(super) fn to_value<T: Serialize + ?Sized>(value: &T) -> Result<Value, Error> {
    value
        .serialize(Serializer(Mode::Root))?
        .ok_or_else(|| Error::new(ErrorKind::SerdeOrder("a top-level None has no plist form")))
}

/// Serializes one value in a mode; `None` when it writes nothing.
struct Serializer(Mode);

fn wrapper(name: &str, value: Value) -> Value {
    let mut d = Dictionary::with_capacity(1);
    d.insert(name.to_owned(), value);
    Value::Dictionary(d)
}

/// The mode a variant's content is written in: a struct field's name is written
/// with the variant, so what the variant holds is no longer the field's value.
fn inner(mode: Mode) -> Mode {
    match mode {
        Mode::Field => Mode::Explicit,
        m => m,
    }
}

/// Serializes `value` in `mode`, for content that must write something.
fn required<T: Serialize + ?Sized>(value: &T, mode: Mode) -> Result<Value, Error> {
    value.serialize(Serializer(mode))?.ok_or_else(|| {
        Error::new(ErrorKind::SerdeOrder(
            "a None with no key of its own has no plist form here",
        ))
    })
}

impl ser::Serializer for Serializer {
    type Ok = Option<Value>;
    type Error = Error;
    type SerializeSeq = Seq;
    type SerializeTuple = Seq;
    type SerializeTupleStruct = Seq;
    type SerializeTupleVariant = Variant<Seq>;
    type SerializeMap = Map;
    type SerializeStruct = Map;
    type SerializeStructVariant = Variant<Map>;

    fn serialize_bool(self, v: bool) -> Result<Option<Value>, Error> {
        Ok(Some(Value::Boolean(v)))
    }
    fn serialize_i8(self, v: i8) -> Result<Option<Value>, Error> {
        self.serialize_i64(v.into())
    }
    fn serialize_i16(self, v: i16) -> Result<Option<Value>, Error> {
        self.serialize_i64(v.into())
    }
    fn serialize_i32(self, v: i32) -> Result<Option<Value>, Error> {
        self.serialize_i64(v.into())
    }
    fn serialize_i64(self, v: i64) -> Result<Option<Value>, Error> {
        Ok(Some(Value::Integer(v.into())))
    }
    fn serialize_i128(self, v: i128) -> Result<Option<Value>, Error> {
        let i = crate::convert::rules::plist_integer(v)?;
        Ok(Some(Value::Integer(Integer::from(i))))
    }
    fn serialize_u8(self, v: u8) -> Result<Option<Value>, Error> {
        self.serialize_u64(v.into())
    }
    fn serialize_u16(self, v: u16) -> Result<Option<Value>, Error> {
        self.serialize_u64(v.into())
    }
    fn serialize_u32(self, v: u32) -> Result<Option<Value>, Error> {
        self.serialize_u64(v.into())
    }
    fn serialize_u64(self, v: u64) -> Result<Option<Value>, Error> {
        Ok(Some(Value::Integer(v.into())))
    }
    fn serialize_u128(self, v: u128) -> Result<Option<Value>, Error> {
        self.serialize_i128(i128::try_from(v).unwrap_or(i128::MAX))
    }
    fn serialize_f32(self, v: f32) -> Result<Option<Value>, Error> {
        self.serialize_f64(v.into())
    }
    fn serialize_f64(self, v: f64) -> Result<Option<Value>, Error> {
        Ok(Some(Value::Real(v)))
    }
    fn serialize_char(self, v: char) -> Result<Option<Value>, Error> {
        Ok(Some(Value::String(v.to_string())))
    }
    fn serialize_str(self, v: &str) -> Result<Option<Value>, Error> {
        Ok(Some(Value::String(v.to_owned())))
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<Option<Value>, Error> {
        Ok(Some(Value::Data(v.to_vec())))
    }
    fn serialize_none(self) -> Result<Option<Value>, Error> {
        Ok(match self.0 {
            Mode::Root | Mode::Field => None,
            Mode::Explicit => Some(wrapper("None", Value::String(String::new()))),
        })
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<Option<Value>, Error> {
        let v = required(value, Mode::Explicit)?;
        Ok(Some(match self.0 {
            Mode::Root | Mode::Field => v,
            Mode::Explicit => wrapper("Some", v),
        }))
    }
    fn serialize_unit(self) -> Result<Option<Value>, Error> {
        Ok(Some(Value::String(String::new())))
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<Option<Value>, Error> {
        self.serialize_unit()
    }
    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
    ) -> Result<Option<Value>, Error> {
        Ok(Some(Value::String(variant.to_owned())))
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        name: &'static str,
        value: &T,
    ) -> Result<Option<Value>, Error> {
        match name {
            PLIST_DATE | DATE | PLIST_UID | UID => {
                newtype(name, required(value, Mode::Explicit)?).map(Some)
            }
            _ => value.serialize(self),
        }
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<Option<Value>, Error> {
        Ok(Some(wrapper(variant, required(value, inner(self.0))?)))
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<Seq, Error> {
        Ok(Seq(Vec::with_capacity(len.unwrap_or(0).min(4096))))
    }
    fn serialize_tuple(self, len: usize) -> Result<Seq, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _: &'static str, len: usize) -> Result<Seq, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Variant<Seq>, Error> {
        Ok(Variant(variant, self.serialize_seq(Some(len))?))
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Map, Error> {
        Ok(Map {
            dict: Dictionary::new(),
            key: None,
        })
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Map, Error> {
        self.serialize_map(None)
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Variant<Map>, Error> {
        Ok(Variant(variant, self.serialize_map(None)?))
    }
}

/// The date or UID a newtype of either crate holds: the plist crate's date as
/// RFC 3339 text, ours as seconds since 2001, and a UID's `u64`.
fn newtype(name: &'static str, content: Value) -> Result<Value, Error> {
    let mismatch = |newtype, expected, found: &Value| {
        Error::new(ErrorKind::NewtypeMismatch {
            newtype,
            expected,
            found: super::kind_name(found),
        })
    };
    match (name, content) {
        (PLIST_DATE, Value::String(text)) => Date::from_xml_format(&text)
            .map(Value::Date)
            .map_err(|_| mismatch("plist::Date", "RFC 3339 text", &Value::String(text))),
        (PLIST_DATE, other) => Err(mismatch("plist::Date", "RFC 3339 text", &other)),
        (DATE, Value::Real(seconds)) => Date::from_seconds_since_plist_epoch(seconds)
            .map(Value::Date)
            .ok_or_else(|| {
                Error::new(ErrorKind::DateOutOfRange {
                    seconds,
                    target: "plist::Date (years -9999 to 9999)",
                })
            }),
        (DATE, other) => Err(mismatch("plistvalue::Date", "seconds since 2001", &other)),
        (_, Value::Integer(i)) if i.as_unsigned().is_some() => {
            Ok(Value::Uid(Uid::new(i.as_unsigned().unwrap_or_default())))
        }
        (_, other) => Err(mismatch("UID", "a u64", &other)),
    }
}

/// An array being filled.
pub(super) struct Seq(Vec<Value>);

impl Seq {
    fn push<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        let i = self.0.len();
        let v = required(value, Mode::Explicit).map_err(|e| e.in_index(i))?;
        self.0.push(v);
        Ok(())
    }
}

impl ser::SerializeSeq for Seq {
    type Ok = Option<Value>;
    type Error = Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.push(value)
    }
    fn end(self) -> Result<Option<Value>, Error> {
        Ok(Some(Value::Array(self.0)))
    }
}

impl ser::SerializeTuple for Seq {
    type Ok = Option<Value>;
    type Error = Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.push(value)
    }
    fn end(self) -> Result<Option<Value>, Error> {
        Ok(Some(Value::Array(self.0)))
    }
}

impl ser::SerializeTupleStruct for Seq {
    type Ok = Option<Value>;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.push(value)
    }
    fn end(self) -> Result<Option<Value>, Error> {
        Ok(Some(Value::Array(self.0)))
    }
}

/// A dictionary being filled, and the key whose value comes next.
pub(super) struct Map {
    dict: Dictionary,
    key: Option<String>,
}

impl Map {
    fn field<T: Serialize + ?Sized>(&mut self, key: &str, value: &T) -> Result<(), Error> {
        if let Some(v) = value
            .serialize(Serializer(Mode::Field))
            .map_err(|e| e.in_key(key))?
        {
            self.dict.insert(key.to_owned(), v);
        }
        Ok(())
    }
}

impl ser::SerializeMap for Map {
    type Ok = Option<Value>;
    type Error = Error;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        match required(key, Mode::Explicit)? {
            Value::String(k) => {
                self.key = Some(k);
                Ok(())
            }
            other => Err(Error::new(ErrorKind::NonStringKey(super::kind_name(
                &other,
            )))),
        }
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        let key = self.key.take().ok_or(ErrorKind::SerdeOrder(
            "serialize_value before serialize_key",
        ))?;
        let v = required(value, Mode::Explicit).map_err(|e| e.in_key(&key))?;
        self.dict.insert(key, v);
        Ok(())
    }
    fn end(self) -> Result<Option<Value>, Error> {
        Ok(Some(Value::Dictionary(self.dict)))
    }
}

impl ser::SerializeStruct for Map {
    type Ok = Option<Value>;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.field(key, value)
    }
    fn end(self) -> Result<Option<Value>, Error> {
        Ok(Some(Value::Dictionary(self.dict)))
    }
}

/// A tuple or struct variant: `{name: content}`.
pub(super) struct Variant<C>(&'static str, C);

impl ser::SerializeTupleVariant for Variant<Seq> {
    type Ok = Option<Value>;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.1.push(value)
    }
    fn end(self) -> Result<Option<Value>, Error> {
        Ok(Some(wrapper(self.0, Value::Array(self.1 .0))))
    }
}

impl ser::SerializeStructVariant for Variant<Map> {
    type Ok = Option<Value>;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.1.field(key, value)
    }
    fn end(self) -> Result<Option<Value>, Error> {
        Ok(Some(wrapper(self.0, Value::Dictionary(self.1.dict))))
    }
}
