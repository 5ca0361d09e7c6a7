//! A `Serialize` value as a stream of plist events, with the plist crate's
//! serializer's rules, so that a model writes the tree it wrote: a `None` struct
//! field is left out, any other `None` is `{None: ""}` and its `Some(v)` is
//! `{Some: v}` (at the top, `Some(v)` is `v`), unit is `""`, unit variants are
//! their names, other variants `{name: value}`, and dictionary keys are strings.
//! The date and UID newtypes of both crates become dates and UIDs.
//!
//! The events go to a [`Sink`]: a `Value` being built, the plist crate's XML text
//! (`xml.rs`), or the writer's object table for a binary plist, so a model is
//! written without a tree in between, as the plist crate streams it.

use ::serde::ser::{self, Serialize};

use super::{Date, Dictionary, Integer, Uid, Value};
use crate::error::{CallOrder, Error, ErrorKind};
use crate::serde::compat::{DATE, PLIST_DATE, PLIST_UID, UID};
use crate::writer::{Encoder, Frame, ObjRef};

/// A value without children.
#[derive(Clone, Copy)]
pub(super) enum Scalar<'a> {
    Boolean(bool),
    Integer(Integer),
    Real(f64),
    Date(Date),
    Data(&'a [u8]),
    String(&'a str),
    Uid(Uid),
}

/// Where the events of one value go, in document order: a container's start, for a
/// dictionary each key before its value, then its end.
pub(super) trait Sink {
    fn start_array(&mut self, len: Option<usize>) -> Result<(), Error>;
    fn start_dict(&mut self, len: Option<usize>) -> Result<(), Error>;
    fn key(&mut self, key: &str) -> Result<(), Error>;
    fn scalar(&mut self, v: Scalar<'_>) -> Result<(), Error>;
    /// Ends the innermost container.
    fn end(&mut self) -> Result<(), Error>;
}

/// Where an `Option` is being written, which decides its form.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// The top value: `None` writes nothing, `Some(v)` writes `v`.
    Root,
    /// A struct field's value, whose key is written before its first event: `None`
    /// leaves the field out, `Some(v)` writes `v`.
    Field(&'static str),
    /// Anywhere else: `{None: ""}` and `{Some: v}`.
    Explicit,
}

/// Serializes `value` into `sink`; `Ok(false)` when it wrote nothing (a top-level
/// `None`).
pub(super) fn serialize<T: Serialize + ?Sized, S: Sink>(
    value: &T,
    sink: &mut S,
) -> Result<bool, Error> {
    let mut ser = Serializer {
        sink,
        mode: Mode::Root,
        wrote: false,
    };
    value.serialize(&mut ser)?;
    Ok(ser.wrote)
}

/// Converts `value` into a tree, as the plist crate's `to_value` does.
pub(super) fn to_value<T: Serialize + ?Sized>(value: &T) -> Result<Value, Error> {
    let mut sink = ValueSink::default();
    serialize(value, &mut sink)?;
    sink.root.ok_or_else(top_level_none)
}

/// A model that is a `None` at the top: no value to write, as in the plist crate.
#[cold]
pub(super) fn top_level_none() -> Error {
    Error::new(ErrorKind::TypeMismatch {
        expected: "a value the plist crate writes",
        found: "None at the top",
    })
}

struct Serializer<'s, S> {
    sink: &'s mut S,
    mode: Mode,
    /// Whether any event was written.
    wrote: bool,
}

impl<S: Sink> Serializer<'_, S> {
    /// Before a value's first event: the key of the struct field it is the value of.
    fn begin(&mut self) -> Result<(), Error> {
        self.wrote = true;
        if let Mode::Field(key) = self.mode {
            self.mode = Mode::Explicit;
            self.sink.key(key)?;
        }
        Ok(())
    }

    fn scalar(&mut self, v: Scalar<'_>) -> Result<(), Error> {
        self.begin()?;
        self.sink.scalar(v)
    }

    /// Serializes `value` in `mode`, then goes back to this one.
    fn with<T: Serialize + ?Sized>(&mut self, mode: Mode, value: &T) -> Result<(), Error> {
        let outer = std::mem::replace(&mut self.mode, mode);
        let r = value.serialize(&mut *self);
        self.mode = outer;
        r
    }

    /// `{name: …}`, opened: an `Option`'s wrapper or an enum variant.
    fn open_wrapper(&mut self, name: &str) -> Result<(), Error> {
        self.begin()?;
        self.sink.start_dict(Some(1))?;
        self.sink.key(name)
    }

    /// The mode a variant's content is written in: after a field's key (written
    /// with the variant's wrapper) it is the explicit one; at the top, the top.
    fn content_mode(&self) -> Mode {
        match self.mode {
            Mode::Root => Mode::Root,
            _ => Mode::Explicit,
        }
    }
}

impl<'a, 's, S: Sink> ser::Serializer for &'a mut Serializer<'s, S> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Compound<'a, 's, S>;
    type SerializeTuple = Compound<'a, 's, S>;
    type SerializeTupleStruct = Compound<'a, 's, S>;
    type SerializeTupleVariant = Compound<'a, 's, S>;
    type SerializeMap = Compound<'a, 's, S>;
    type SerializeStruct = Compound<'a, 's, S>;
    type SerializeStructVariant = Compound<'a, 's, S>;

    fn serialize_bool(self, v: bool) -> Result<(), Error> {
        self.scalar(Scalar::Boolean(v))
    }
    fn serialize_i8(self, v: i8) -> Result<(), Error> {
        self.serialize_i64(v.into())
    }
    fn serialize_i16(self, v: i16) -> Result<(), Error> {
        self.serialize_i64(v.into())
    }
    fn serialize_i32(self, v: i32) -> Result<(), Error> {
        self.serialize_i64(v.into())
    }
    fn serialize_i64(self, v: i64) -> Result<(), Error> {
        self.scalar(Scalar::Integer(v.into()))
    }
    fn serialize_i128(self, v: i128) -> Result<(), Error> {
        let i = crate::convert::rules::plist_integer(v)?;
        self.scalar(Scalar::Integer(Integer::from(i)))
    }
    fn serialize_u8(self, v: u8) -> Result<(), Error> {
        self.serialize_u64(v.into())
    }
    fn serialize_u16(self, v: u16) -> Result<(), Error> {
        self.serialize_u64(v.into())
    }
    fn serialize_u32(self, v: u32) -> Result<(), Error> {
        self.serialize_u64(v.into())
    }
    fn serialize_u64(self, v: u64) -> Result<(), Error> {
        self.scalar(Scalar::Integer(v.into()))
    }
    fn serialize_u128(self, v: u128) -> Result<(), Error> {
        self.serialize_i128(i128::try_from(v).unwrap_or(i128::MAX))
    }
    fn serialize_f32(self, v: f32) -> Result<(), Error> {
        self.serialize_f64(v.into())
    }
    fn serialize_f64(self, v: f64) -> Result<(), Error> {
        self.scalar(Scalar::Real(v))
    }
    fn serialize_char(self, v: char) -> Result<(), Error> {
        self.scalar(Scalar::String(v.encode_utf8(&mut [0; 4])))
    }
    fn serialize_str(self, v: &str) -> Result<(), Error> {
        self.scalar(Scalar::String(v))
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<(), Error> {
        self.scalar(Scalar::Data(v))
    }
    fn serialize_none(self) -> Result<(), Error> {
        match self.mode {
            Mode::Root | Mode::Field(_) => Ok(()),
            Mode::Explicit => {
                self.open_wrapper("None")?;
                self.sink.scalar(Scalar::String(""))?;
                self.sink.end()
            }
        }
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Error> {
        match self.mode {
            Mode::Root | Mode::Field(_) => {
                self.begin()?;
                self.with(Mode::Explicit, value)
            }
            Mode::Explicit => {
                self.open_wrapper("Some")?;
                value.serialize(&mut *self)?;
                self.sink.end()
            }
        }
    }
    fn serialize_unit(self) -> Result<(), Error> {
        self.scalar(Scalar::String(""))
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<(), Error> {
        self.serialize_unit()
    }
    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
    ) -> Result<(), Error> {
        self.scalar(Scalar::String(variant))
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        name: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        match name {
            PLIST_DATE | DATE | PLIST_UID | UID => {
                let content = to_value(value)?;
                let v = newtype(name, content)?;
                match v {
                    Value::Date(d) => self.scalar(Scalar::Date(d)),
                    Value::Uid(u) => self.scalar(Scalar::Uid(u)),
                    _ => unreachable!("newtype gives a date or a UID"),
                }
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
    ) -> Result<(), Error> {
        let mode = self.content_mode();
        self.open_wrapper(variant)?;
        self.with(mode, value)?;
        self.sink.end()
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<Compound<'a, 's, S>, Error> {
        self.begin()?;
        self.sink.start_array(len)?;
        Ok(Compound { ser: self, ends: 1 })
    }
    fn serialize_tuple(self, len: usize) -> Result<Compound<'a, 's, S>, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(
        self,
        _: &'static str,
        len: usize,
    ) -> Result<Compound<'a, 's, S>, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Compound<'a, 's, S>, Error> {
        self.open_wrapper(variant)?;
        self.sink.start_array(Some(len))?;
        Ok(Compound { ser: self, ends: 2 })
    }
    fn serialize_map(self, len: Option<usize>) -> Result<Compound<'a, 's, S>, Error> {
        self.begin()?;
        self.sink.start_dict(len)?;
        Ok(Compound { ser: self, ends: 1 })
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Compound<'a, 's, S>, Error> {
        // Fields whose value is `None` are left out, so the count is not known.
        self.serialize_map(None)
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Compound<'a, 's, S>, Error> {
        self.open_wrapper(variant)?;
        self.sink.start_dict(None)?;
        Ok(Compound { ser: self, ends: 2 })
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

/// A container being written; `ends` is how many containers close with it (two for
/// a variant's `{name: [...]}`).
pub(super) struct Compound<'a, 's, S> {
    ser: &'a mut Serializer<'s, S>,
    ends: u8,
}

impl<S: Sink> Compound<'_, '_, S> {
    fn element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.ser.with(Mode::Explicit, value)
    }

    fn field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), Error> {
        self.ser.with(Mode::Field(key), value)
    }

    fn end(self) -> Result<(), Error> {
        for _ in 0..self.ends {
            self.ser.sink.end()?;
        }
        Ok(())
    }
}

macro_rules! compound {
    ($trait:ident, $method:ident) => {
        impl<S: Sink> ser::$trait for Compound<'_, '_, S> {
            type Ok = ();
            type Error = Error;
            fn $method<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
                self.element(value)
            }
            fn end(self) -> Result<(), Error> {
                Compound::end(self)
            }
        }
    };
}

compound!(SerializeSeq, serialize_element);
compound!(SerializeTuple, serialize_element);
compound!(SerializeTupleStruct, serialize_field);
compound!(SerializeTupleVariant, serialize_field);

impl<S: Sink> ser::SerializeMap for Compound<'_, '_, S> {
    type Ok = ();
    type Error = Error;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        key.serialize(KeySerializer(&mut *self.ser.sink))
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.element(value)
    }
    fn end(self) -> Result<(), Error> {
        Compound::end(self)
    }
}

impl<S: Sink> ser::SerializeStruct for Compound<'_, '_, S> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.field(key, value)
    }
    fn end(self) -> Result<(), Error> {
        Compound::end(self)
    }
}

impl<S: Sink> ser::SerializeStructVariant for Compound<'_, '_, S> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.field(key, value)
    }
    fn end(self) -> Result<(), Error> {
        Compound::end(self)
    }
}

/// A map key: what serializes as a string (text, a character, a unit variant's
/// name, unit as `""`), as the plist crate's writers take only string keys.
struct KeySerializer<'s, S>(&'s mut S);

impl<S: Sink> KeySerializer<'_, S> {
    fn refuse<T>(found: &'static str) -> Result<T, Error> {
        Err(Error::new(ErrorKind::NonStringKey(found)))
    }
}

impl<S: Sink> ser::Serializer for KeySerializer<'_, S> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = ser::Impossible<(), Error>;
    type SerializeTuple = ser::Impossible<(), Error>;
    type SerializeTupleStruct = ser::Impossible<(), Error>;
    type SerializeTupleVariant = ser::Impossible<(), Error>;
    type SerializeMap = ser::Impossible<(), Error>;
    type SerializeStruct = ser::Impossible<(), Error>;
    type SerializeStructVariant = ser::Impossible<(), Error>;

    fn serialize_str(self, v: &str) -> Result<(), Error> {
        self.0.key(v)
    }
    fn serialize_char(self, v: char) -> Result<(), Error> {
        self.0.key(v.encode_utf8(&mut [0; 4]))
    }
    fn serialize_unit(self) -> Result<(), Error> {
        self.0.key("")
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<(), Error> {
        self.0.key("")
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, v: &'static str) -> Result<(), Error> {
        self.0.key(v)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        value.serialize(self)
    }
    fn serialize_bool(self, _: bool) -> Result<(), Error> {
        Self::refuse("boolean")
    }
    fn serialize_i8(self, _: i8) -> Result<(), Error> {
        Self::refuse("integer")
    }
    fn serialize_i16(self, _: i16) -> Result<(), Error> {
        Self::refuse("integer")
    }
    fn serialize_i32(self, _: i32) -> Result<(), Error> {
        Self::refuse("integer")
    }
    fn serialize_i64(self, _: i64) -> Result<(), Error> {
        Self::refuse("integer")
    }
    fn serialize_u8(self, _: u8) -> Result<(), Error> {
        Self::refuse("integer")
    }
    fn serialize_u16(self, _: u16) -> Result<(), Error> {
        Self::refuse("integer")
    }
    fn serialize_u32(self, _: u32) -> Result<(), Error> {
        Self::refuse("integer")
    }
    fn serialize_u64(self, _: u64) -> Result<(), Error> {
        Self::refuse("integer")
    }
    fn serialize_f32(self, _: f32) -> Result<(), Error> {
        Self::refuse("real")
    }
    fn serialize_f64(self, _: f64) -> Result<(), Error> {
        Self::refuse("real")
    }
    fn serialize_bytes(self, _: &[u8]) -> Result<(), Error> {
        Self::refuse("data")
    }
    fn serialize_none(self) -> Result<(), Error> {
        Self::refuse("dictionary")
    }
    fn serialize_some<T: Serialize + ?Sized>(self, _: &T) -> Result<(), Error> {
        Self::refuse("dictionary")
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<(), Error> {
        Self::refuse("dictionary")
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Error> {
        Self::refuse("array")
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Error> {
        Self::refuse("array")
    }
    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct, Error> {
        Self::refuse("array")
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        Self::refuse("dictionary")
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Error> {
        Self::refuse("dictionary")
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeStruct, Error> {
        Self::refuse("dictionary")
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        Self::refuse("dictionary")
    }
}

/// A variant whose content wrote nothing: a `None` at the top, which the plist
/// crate's writers refuse too.
#[cold]
pub(super) fn key_without_value() -> Error {
    Error::new(ErrorKind::TypeMismatch {
        expected: "a variant's content",
        found: "None at the top",
    })
}

/// A container of a tree being built.
enum Building {
    Array(Vec<Value>),
    Dict(Dictionary, Option<String>),
}

/// Events into a `Value`.
#[derive(Default)]
pub(super) struct ValueSink {
    stack: Vec<Building>,
    pub(super) root: Option<Value>,
}

impl ValueSink {
    fn add(&mut self, v: Value) -> Result<(), Error> {
        match self.stack.last_mut() {
            None => self.root = Some(v),
            Some(Building::Array(items)) => items.push(v),
            Some(Building::Dict(dict, key)) => {
                let key = key
                    .take()
                    .ok_or(ErrorKind::SerdeOrder(CallOrder::SerializeValueBeforeKey))?;
                dict.insert(key, v);
            }
        }
        Ok(())
    }
}

impl Sink for ValueSink {
    fn start_array(&mut self, len: Option<usize>) -> Result<(), Error> {
        let cap = len.unwrap_or(0).min(4096);
        self.stack.push(Building::Array(Vec::with_capacity(cap)));
        Ok(())
    }
    fn start_dict(&mut self, len: Option<usize>) -> Result<(), Error> {
        let cap = len.unwrap_or(0).min(4096);
        self.stack
            .push(Building::Dict(Dictionary::with_capacity(cap), None));
        Ok(())
    }
    fn key(&mut self, key: &str) -> Result<(), Error> {
        match self.stack.last_mut() {
            Some(Building::Dict(_, pending)) => {
                *pending = Some(key.to_owned());
                Ok(())
            }
            _ => unreachable!("keys are written inside the dictionary the serializer opened"),
        }
    }
    fn scalar(&mut self, v: Scalar<'_>) -> Result<(), Error> {
        self.add(match v {
            Scalar::Boolean(b) => Value::Boolean(b),
            Scalar::Integer(i) => Value::Integer(i),
            Scalar::Real(r) => Value::Real(r),
            Scalar::Date(d) => Value::Date(d),
            Scalar::Data(d) => Value::Data(d.to_vec()),
            Scalar::String(s) => Value::String(s.to_owned()),
            Scalar::Uid(u) => Value::Uid(u),
        })
    }
    fn end(&mut self) -> Result<(), Error> {
        let v = match self.stack.pop() {
            Some(Building::Array(items)) => Value::Array(items),
            Some(Building::Dict(dict, None)) => Value::Dictionary(dict),
            Some(Building::Dict(_, Some(_))) => return Err(key_without_value()),
            None => unreachable!("the serializer ends only what it started"),
        };
        self.add(v)
    }
}

/// A container open in the table: an array's elements go to the encoder as they
/// come; a dictionary's keys and values are paired, since a key is known before a
/// value may turn out to be a left-out `None`.
enum Open {
    Array(Frame),
    Dict(Frame, Vec<(ObjRef, ObjRef)>, Option<ObjRef>),
}

/// Events into the writer's object table, for a binary plist.
pub(super) struct TableSink<'e, 'a> {
    enc: &'e mut Encoder<'a>,
    stack: Vec<Open>,
    pub(super) root: Option<ObjRef>,
}

impl<'e, 'a> TableSink<'e, 'a> {
    pub(super) fn new(enc: &'e mut Encoder<'a>) -> TableSink<'e, 'a> {
        TableSink {
            enc,
            stack: Vec::new(),
            root: None,
        }
    }

    fn add(&mut self, r: ObjRef) -> Result<(), Error> {
        match self.stack.last_mut() {
            None => self.root = Some(r),
            // An array's element was pushed when it was opened or made.
            Some(Open::Array(_)) => {}
            Some(Open::Dict(_, pairs, key)) => {
                let k = key
                    .take()
                    .ok_or(ErrorKind::SerdeOrder(CallOrder::SerializeValueBeforeKey))?;
                pairs.push((k, r));
            }
        }
        Ok(())
    }

    /// Opens a container, its reference first in an enclosing array.
    fn open(&mut self, dict: bool) -> Result<(), Error> {
        let in_array = matches!(self.stack.last(), Some(Open::Array(_)));
        let (_, frame) = self.enc.begin_container(dict, in_array);
        self.enc.check_depth()?;
        self.stack.push(if dict {
            Open::Dict(frame, Vec::new(), None)
        } else {
            Open::Array(frame)
        });
        Ok(())
    }
}

impl Sink for TableSink<'_, '_> {
    fn start_array(&mut self, _: Option<usize>) -> Result<(), Error> {
        self.open(false)
    }
    fn start_dict(&mut self, _: Option<usize>) -> Result<(), Error> {
        self.open(true)
    }
    fn key(&mut self, key: &str) -> Result<(), Error> {
        let r = self.enc.str_copied(key);
        match self.stack.last_mut() {
            Some(Open::Dict(_, _, pending)) => {
                *pending = Some(r);
                Ok(())
            }
            _ => unreachable!("keys are written inside the dictionary the serializer opened"),
        }
    }
    fn scalar(&mut self, v: Scalar<'_>) -> Result<(), Error> {
        let enc = &mut *self.enc;
        let r = match v {
            Scalar::Boolean(b) => enc.bool(b),
            Scalar::Integer(i) => crate::convert::rules::encode_integer(i.into(), enc),
            Scalar::Real(r) => enc.f64(r),
            Scalar::Date(d) => enc.date(crate::value::Date::from_seconds_since_2001(
                d.as_seconds_since_plist_epoch(),
            )),
            Scalar::Data(d) => enc.data_copied(d),
            Scalar::String(s) => enc.str_copied(s),
            Scalar::Uid(u) => enc.uid(crate::value::Uid::new(u.get())),
        };
        if let Some(Open::Array(_)) = self.stack.last() {
            self.enc.child(r);
        }
        self.add(r)
    }
    fn end(&mut self) -> Result<(), Error> {
        let r = match self.stack.pop() {
            Some(Open::Array(frame)) => self.enc.end_array(frame),
            Some(Open::Dict(frame, pairs, None)) => self.enc.end_dict_pairs(frame, &pairs),
            Some(Open::Dict(_, _, Some(_))) => return Err(key_without_value()),
            None => unreachable!("the serializer ends only what it started"),
        };
        self.add(r)
    }
}
