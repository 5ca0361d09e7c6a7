//! A plist into a `Deserialize` type, with the plist crate's deserializer's rules,
//! so that a model reads what it read: an `Option` that is not a struct field's
//! value is `{None: …}` or `{Some: v}`, unit is any string, an enum is its name or
//! a one-entry dictionary, a date reads as its RFC 3339 text and a UID as its
//! number (inside a `plist::Value`, as themselves), integers and reals do not mix,
//! and a sequence or dictionary must be read to its end.
//!
//! The same rules read a `plist::Value` (`from_value`) and a file straight from
//! the lazy reader (`from_bytes` and the others), with no tree in between: a file
//! is read within [`Limits`](crate::Limits), its errors at their byte offset or
//! XML line.

use std::borrow::Cow;

use ::serde::de::value::{MapAccessDeserializer, MapDeserializer};
use ::serde::de::{self, DeserializeSeed, IntoDeserializer, Visitor};
use ::serde::forward_to_deserialize_any;

use super::ascii::Reading;
use super::read::{self, NodeSource};
use super::{Date, Integer, Uid, Value};
use crate::convert::rules;
use crate::error::{CallOrder, Error, ErrorKind};
use crate::reader::{DepthGuard, Kind};
use crate::serde::compat::{PLIST_DATE, PLIST_UID, PLIST_VALUE};

/// One value as the rules see it: a container's length, or a scalar.
pub(super) enum Item<'s> {
    Array(usize),
    Dict(usize),
    Boolean(bool),
    Data(&'s [u8]),
    Date(Date),
    Real(f64),
    Integer(Integer),
    String(Cow<'s, str>),
    Uid(Uid),
}

impl Item<'_> {
    fn kind(&self) -> &'static str {
        match self {
            Item::Array(_) => "array",
            Item::Dict(_) => "dictionary",
            Item::Boolean(_) => "boolean",
            Item::Data(_) => "data",
            Item::Date(_) => "date",
            Item::Real(_) => "real",
            Item::Integer(_) => "integer",
            Item::String(_) => "string",
            Item::Uid(_) => "UID",
        }
    }
}

/// What a plist is read from: a `plist::Value`, or a node of a document.
pub(super) trait Source<'s>: Copy {
    /// Held while a container's children are read: the document's depth limit.
    type Level;
    fn item(self) -> Result<Item<'s>, Error>;
    fn element(self, i: usize) -> Result<Self, Error>;
    /// A dictionary's entry `i`: its key's text and its value.
    fn entry(self, i: usize) -> Result<(Cow<'s, str>, Self), Error>;
    fn enter(self) -> Result<Self::Level, Error>;
    /// The error that this value is not what `expected` names.
    fn mismatch(self, expected: &'static str, found: &'static str) -> Error;
}

impl<'v> Source<'v> for &'v Value {
    type Level = ();

    fn item(self) -> Result<Item<'v>, Error> {
        Ok(match self {
            Value::Array(a) => Item::Array(a.len()),
            Value::Dictionary(d) => Item::Dict(d.len()),
            Value::Boolean(b) => Item::Boolean(*b),
            Value::Data(d) => Item::Data(d),
            Value::Date(d) => Item::Date(*d),
            Value::Real(r) => Item::Real(*r),
            Value::Integer(i) => Item::Integer(*i),
            Value::String(s) => Item::String(Cow::Borrowed(s)),
            Value::Uid(u) => Item::Uid(*u),
        })
    }
    fn element(self, i: usize) -> Result<&'v Value, Error> {
        Ok(&self.as_array().expect("elements of an array")[i])
    }
    fn entry(self, i: usize) -> Result<(Cow<'v, str>, &'v Value), Error> {
        let dict = self.as_dictionary().expect("entries of a dictionary");
        let (k, v) = dict.get_index(i).expect("an entry below the length");
        Ok((Cow::Borrowed(k), v))
    }
    fn enter(self) -> Result<(), Error> {
        Ok(())
    }
    fn mismatch(self, expected: &'static str, found: &'static str) -> Error {
        Error::new(ErrorKind::TypeMismatch { expected, found })
    }
}

impl<'d, 'a> Source<'a> for NodeSource<'_, 'd, 'a> {
    type Level = DepthGuard<'d>;

    fn item(self) -> Result<Item<'a>, Error> {
        let node = &self.node;
        match self.reading() {
            Some(Reading::Integer(i)) => return Ok(Item::Integer(i)),
            Some(Reading::Text(text)) => {
                node.charge_bytes(text.len())?;
                return Ok(Item::String(Cow::Owned(text.to_owned())));
            }
            None => {}
        }
        Ok(match node.kind() {
            Kind::Array | Kind::Set => Item::Array(node.len()),
            Kind::Dictionary => Item::Dict(node.len()),
            Kind::Boolean => Item::Boolean(node.as_bool().unwrap_or_default()),
            Kind::Integer => match rules::exact_integer(node)? {
                Some(i) => Item::Integer(Integer::from(i)),
                None => unreachable!("an integer node reads as one or fails above"),
            },
            Kind::Real => Item::Real(node.as_real().unwrap_or_default()),
            Kind::Date => Item::Date(read::date(node, self.dates)?),
            Kind::Uid => Item::Uid(Uid::new(node.as_uid().map_or(0, crate::value::Uid::get))),
            Kind::Data => {
                let d = node.as_data().unwrap_or_default();
                node.charge_bytes(d.len())?;
                Item::Data(d)
            }
            Kind::String => {
                let s = node.to_str()?;
                node.charge_bytes(s.len())?;
                Item::String(s)
            }
            Kind::Null => return Err(node.mismatch(read::NO_NULL)),
        })
    }
    fn element(self, i: usize) -> Result<Self, Error> {
        Ok(self.child(i, self.node.child(i as u64)?))
    }
    fn entry(self, i: usize) -> Result<(Cow<'a, str>, Self), Error> {
        let key = self.node.child(i as u64)?;
        rules::string_key(&key)?;
        let text = key.to_str()?;
        key.charge_bytes(text.len())?;
        let value = self.node.child((self.node.len() + i) as u64)?;
        Ok((text, self.child(i, value)))
    }
    fn enter(self) -> Result<DepthGuard<'d>, Error> {
        self.node.enter()
    }
    fn mismatch(self, expected: &'static str, _: &'static str) -> Error {
        self.node.mismatch(expected)
    }
}

/// Reads a `T` from `source`, as the plist crate reads one from a stream.
pub(super) fn from_source<'s, S: Source<'s>, T: de::DeserializeOwned>(
    source: S,
) -> Result<T, Error> {
    T::deserialize(Deserializer {
        item: source.item()?,
        source,
        mode: Mode::Root,
        in_value: false,
    })
}

/// Where an `Option` is being read, which decides the form it must have.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// The top value, or a struct field's: there, so `Some`.
    Root,
    /// Anywhere else: `{None: …}` or `{Some: v}`.
    Explicit,
}

struct Deserializer<'s, S> {
    source: S,
    /// What `source` is, read once; a dictionary key's text for a key.
    item: Item<'s>,
    mode: Mode,
    /// Inside a `plist::Value`, whose visitor takes dates and UIDs as themselves.
    in_value: bool,
}

impl<'s, S: Source<'s>> Deserializer<'s, S> {
    /// A child of this value, read in `mode`.
    fn child(&self, source: S, mode: Mode) -> Result<Deserializer<'s, S>, Error> {
        Ok(Deserializer {
            item: source.item()?,
            source,
            mode,
            in_value: self.in_value,
        })
    }

    fn mismatch(&self, expected: &'static str) -> Error {
        self.source.mismatch(expected, self.item.kind())
    }

    /// The one entry of a `{None: …}`, `{Some: v}` or `{Variant: v}` dictionary.
    fn single(&self, expected: &'static str) -> Result<(Cow<'s, str>, S), Error> {
        match self.item {
            Item::Dict(1) => self.source.entry(0),
            Item::Dict(n) => Err(Error::new(ErrorKind::VariantKeys(n))),
            _ => Err(self.mismatch(expected)),
        }
    }

    fn seq<'de, V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, Error> {
        let _level = self.source.enter()?;
        let mut seq = Seq {
            de: &self,
            len,
            at: 0,
        };
        let v = visitor.visit_seq(&mut seq)?;
        if seq.at < len {
            return Err(Error::new(ErrorKind::WrongLength {
                expected: seq.at,
                found: len,
            }));
        }
        Ok(v)
    }

    fn map<'de, V: Visitor<'de>>(
        self,
        len: usize,
        is_struct: bool,
        visitor: V,
    ) -> Result<V::Value, Error> {
        let _level = self.source.enter()?;
        let mut map = Map {
            de: &self,
            len,
            at: 0,
            is_struct,
            value: None,
        };
        let v = visitor.visit_map(&mut map)?;
        if map.at < len {
            return Err(Error::new(ErrorKind::SerdeOrder(
                CallOrder::DictionaryNotReadToEnd,
            )));
        }
        Ok(v)
    }
}

impl<'de, 's, S: Source<'s>> de::Deserializer<'de> for Deserializer<'s, S> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.item {
            Item::Array(n) => self.seq(n, visitor),
            Item::Dict(n) => self.map(n, false, visitor),
            Item::Boolean(b) => visitor.visit_bool(b),
            Item::Data(d) => visitor.visit_bytes(d),
            Item::Date(d) if self.in_value => {
                let entry = std::iter::once((PLIST_DATE, d.to_xml_format()));
                visitor.visit_enum(MapAccessDeserializer::new(
                    MapDeserializer::<_, Error>::new(entry),
                ))
            }
            Item::Date(d) => visitor.visit_string(d.to_xml_format()),
            Item::Integer(i) => match (i.as_unsigned(), i.as_signed()) {
                (Some(v), _) => visitor.visit_u64(v),
                (None, Some(v)) => visitor.visit_i64(v),
                (None, None) => unreachable!("an Integer is i64 or u64"),
            },
            Item::Real(r) => visitor.visit_f64(r),
            Item::String(Cow::Borrowed(s)) => visitor.visit_str(s),
            Item::String(Cow::Owned(s)) => visitor.visit_string(s),
            Item::Uid(u) if self.in_value => {
                let entry = std::iter::once((PLIST_UID, u.get()));
                visitor.visit_enum(MapAccessDeserializer::new(
                    MapDeserializer::<_, Error>::new(entry),
                ))
            }
            Item::Uid(u) => visitor.visit_u64(u.get()),
        }
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        seq bytes byte_buf map unit_struct tuple_struct tuple ignored_any identifier
    }

    /// Any string, as the plist crate writes `()` as `""`.
    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.item {
            Item::String(_) => visitor.visit_unit(),
            _ => Err(self.mismatch("a string (unit)")),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        if self.mode == Mode::Root {
            return visitor.visit_some(Deserializer {
                mode: Mode::Explicit,
                ..self
            });
        }
        let (key, content) = self.single("a dictionary {None: …} or {Some: value}")?;
        match &*key {
            "None" => match content.item()? {
                Item::String(_) => visitor.visit_none(),
                other => Err(content.mismatch("a string after None", other.kind())),
            },
            "Some" => visitor.visit_some(self.child(content, Mode::Explicit)?),
            _ => Err(Error::new(ErrorKind::UnknownVariant(key.into_owned()))),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        mut self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        if name == PLIST_VALUE {
            self.in_value = true;
        }
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.item {
            Item::Dict(n) => self.map(n, true, visitor),
            _ => Err(self.mismatch("dictionary")),
        }
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        if let Item::String(s) = &self.item {
            let name_only: de::value::StrDeserializer<'_, Error> = s.as_ref().into_deserializer();
            return name_only.deserialize_enum(name, variants, visitor);
        }
        let (variant, content) = self.single("a variant name or a one-entry dictionary")?;
        let content = self.child(content, self.mode)?;
        visitor
            .visit_enum(Enum {
                variant: variant.as_ref(),
                content,
            })
            .map_err(|e| e.in_key(&variant))
    }
}

/// An array's elements, each read in the explicit mode.
struct Seq<'d, 's, S> {
    de: &'d Deserializer<'s, S>,
    len: usize,
    at: usize,
}

impl<'de, 's, S: Source<'s>> de::SeqAccess<'de> for &mut Seq<'_, 's, S> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        if self.at == self.len {
            return Ok(None);
        }
        let i = self.at;
        self.at += 1;
        let element = self
            .de
            .source
            .element(i)
            .and_then(|s| self.de.child(s, Mode::Explicit));
        element
            .and_then(|d| seed.deserialize(d))
            .map(Some)
            .map_err(|e| e.in_index(i))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.len - self.at)
    }
}

/// A dictionary's entries: keys as strings, values in the explicit mode, or, for
/// a struct, in the mode of a field (where an `Option` is bare).
struct Map<'d, 's, S> {
    de: &'d Deserializer<'s, S>,
    len: usize,
    at: usize,
    is_struct: bool,
    value: Option<(Cow<'s, str>, S)>,
}

impl<'de, 's, S: Source<'s>> de::MapAccess<'de> for &mut Map<'_, 's, S> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        if self.at == self.len {
            return Ok(None);
        }
        let (k, v) = self.de.source.entry(self.at)?;
        self.at += 1;
        let key = Deserializer {
            source: v,
            item: Item::String(k.clone()),
            mode: Mode::Explicit,
            in_value: self.de.in_value,
        };
        let found = seed.deserialize(key).map_err(|e| e.in_key(&k))?;
        self.value = Some((k, v));
        Ok(Some(found))
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        let (k, v) = self
            .value
            .take()
            .ok_or(ErrorKind::SerdeOrder(CallOrder::NextValueBeforeKey))?;
        let mode = if self.is_struct {
            Mode::Root
        } else {
            Mode::Explicit
        };
        self.de
            .child(v, mode)
            .and_then(|d| seed.deserialize(d))
            .map_err(|e| e.in_key(&k))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.len - self.at)
    }
}

/// A `{Variant: content}` dictionary.
struct Enum<'k, 's, S> {
    variant: &'k str,
    content: Deserializer<'s, S>,
}

impl<'de, 's, S: Source<'s>> de::EnumAccess<'de> for Enum<'_, 's, S> {
    type Error = Error;
    type Variant = Deserializer<'s, S>;

    fn variant_seed<V: DeserializeSeed<'de>>(
        self,
        seed: V,
    ) -> Result<(V::Value, Self::Variant), Error> {
        let name_only: de::value::StrDeserializer<'_, Error> = self.variant.into_deserializer();
        let name = seed.deserialize(name_only)?;
        Ok((name, self.content))
    }
}

impl<'de, 's, S: Source<'s>> de::VariantAccess<'de> for Deserializer<'s, S> {
    type Error = Error;

    fn unit_variant(self) -> Result<(), Error> {
        de::Deserialize::deserialize(self)
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, Error> {
        seed.deserialize(self)
    }

    fn tuple_variant<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_tuple(self, len, visitor)
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_struct(self, "", fields, visitor)
    }
}
