//! A `plist::Value` into a `Deserialize` type, with the plist crate's
//! deserializer's rules, so that a model reads what it read: an `Option` that is
//! not a struct field's value is `{None: …}` or `{Some: v}`, unit is any string,
//! an enum is its name or a one-entry dictionary, a date reads as its RFC 3339 text
//! and a UID as its number (inside a `plist::Value`, as themselves), and a
//! sequence or dictionary must be read to its end.

use ::serde::de::value::{MapAccessDeserializer, MapDeserializer};
use ::serde::de::{self, DeserializeSeed, IntoDeserializer, Visitor};
use ::serde::forward_to_deserialize_any;

use super::{Date, Dictionary, Integer, Uid, Value};
use crate::error::{Error, ErrorKind};
use crate::serde::compat::{PLIST_DATE, PLIST_UID, PLIST_VALUE};

/// Reads a `T` from `value`, as the plist crate's `from_value` does.
pub(super) fn from_value<T: de::DeserializeOwned>(value: &Value) -> Result<T, Error> {
    T::deserialize(Deserializer {
        item: Item::of(value),
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

/// What is being read: a value, or a dictionary key, which reads as a string.
#[derive(Clone, Copy)]
enum Item<'v> {
    Array(&'v [Value]),
    Dict(&'v Dictionary),
    Boolean(bool),
    Data(&'v [u8]),
    Date(Date),
    Real(f64),
    Integer(Integer),
    String(&'v str),
    Uid(Uid),
}

impl<'v> Item<'v> {
    fn of(value: &'v Value) -> Item<'v> {
        match value {
            Value::Array(a) => Item::Array(a),
            Value::Dictionary(d) => Item::Dict(d),
            Value::Boolean(b) => Item::Boolean(*b),
            Value::Data(d) => Item::Data(d),
            Value::Date(d) => Item::Date(*d),
            Value::Real(r) => Item::Real(*r),
            Value::Integer(i) => Item::Integer(*i),
            Value::String(s) => Item::String(s),
            Value::Uid(u) => Item::Uid(*u),
        }
    }

    fn kind(self) -> &'static str {
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

    fn mismatch(self, expected: &'static str) -> Error {
        Error::new(ErrorKind::TypeMismatch {
            expected,
            found: self.kind(),
        })
    }
}

struct Deserializer<'v> {
    item: Item<'v>,
    mode: Mode,
    /// Inside a `plist::Value`, whose visitor takes dates and UIDs as themselves.
    in_value: bool,
}

impl<'v> Deserializer<'v> {
    fn at(&self, item: Item<'v>, mode: Mode) -> Deserializer<'v> {
        Deserializer {
            item,
            mode,
            in_value: self.in_value,
        }
    }

    /// The one entry of a `{None: …}`, `{Some: v}` or `{Variant: v}` dictionary.
    fn single(&self, expected: &'static str) -> Result<(&'v str, &'v Value), Error> {
        match self.item {
            Item::Dict(d) if d.len() == 1 => {
                let (k, v) = d.iter().next().expect("one entry");
                Ok((k.as_str(), v))
            }
            Item::Dict(d) => Err(Error::new(ErrorKind::VariantKeys(d.len()))),
            other => Err(other.mismatch(expected)),
        }
    }
}

impl<'de> de::Deserializer<'de> for Deserializer<'_> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.item {
            Item::Array(items) => {
                let mut seq = Seq {
                    de: &self,
                    items: items.iter(),
                    at: 0,
                };
                let v = visitor.visit_seq(&mut seq)?;
                seq.finish()?;
                Ok(v)
            }
            Item::Dict(d) => {
                let mut map = Map::new(&self, d, false);
                let v = visitor.visit_map(&mut map)?;
                map.finish()?;
                Ok(v)
            }
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
            Item::String(s) => visitor.visit_str(s),
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
            other => Err(other.mismatch("a string (unit)")),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        if self.mode == Mode::Root {
            return visitor.visit_some(self.at(self.item, Mode::Explicit));
        }
        match self.single("a dictionary {None: …} or {Some: value}")? {
            ("None", Value::String(_)) => visitor.visit_none(),
            ("None", other) => Err(Item::of(other).mismatch("a string after None")),
            ("Some", v) => visitor.visit_some(self.at(Item::of(v), Mode::Explicit)),
            (key, _) => Err(Error::new(ErrorKind::UnknownVariant(key.to_owned()))),
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
            Item::Dict(d) => {
                let mut map = Map::new(&self, d, true);
                let v = visitor.visit_map(&mut map)?;
                map.finish()?;
                Ok(v)
            }
            other => Err(other.mismatch("dictionary")),
        }
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        if let Item::String(s) = self.item {
            return s
                .into_deserializer()
                .deserialize_enum(name, variants, visitor);
        }
        let (variant, content) = self.single("a variant name or a one-entry dictionary")?;
        visitor
            .visit_enum(Enum {
                variant,
                content: self.at(Item::of(content), self.mode),
            })
            .map_err(|e| e.in_key(variant))
    }
}

/// An array's elements, each read in the explicit mode.
struct Seq<'d, 'v> {
    de: &'d Deserializer<'v>,
    items: std::slice::Iter<'v, Value>,
    at: usize,
}

impl Seq<'_, '_> {
    /// The plist crate's reader expects the array's end where the visitor stopped.
    fn finish(&self) -> Result<(), Error> {
        match self.items.len() {
            0 => Ok(()),
            n => Err(Error::new(ErrorKind::WrongLength {
                expected: self.at,
                found: self.at + n,
            })),
        }
    }
}

impl<'de> de::SeqAccess<'de> for &mut Seq<'_, '_> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        let Some(v) = self.items.next() else {
            return Ok(None);
        };
        let i = self.at;
        self.at += 1;
        seed.deserialize(self.de.at(Item::of(v), Mode::Explicit))
            .map(Some)
            .map_err(|e| e.in_index(i))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.items.len())
    }
}

/// A dictionary's entries: keys as strings, values in the explicit mode, or, for a
/// struct, in the mode of a field (where an `Option` is bare).
struct Map<'d, 'v> {
    de: &'d Deserializer<'v>,
    entries: super::dictionary::Iter<'v>,
    value: Option<(&'v str, &'v Value)>,
    is_struct: bool,
}

impl<'d, 'v> Map<'d, 'v> {
    fn new(de: &'d Deserializer<'v>, d: &'v Dictionary, is_struct: bool) -> Map<'d, 'v> {
        Map {
            de,
            entries: d.iter(),
            value: None,
            is_struct,
        }
    }

    fn finish(&self) -> Result<(), Error> {
        if self.entries.len() == 0 {
            Ok(())
        } else {
            Err(Error::new(ErrorKind::SerdeOrder(
                "the dictionary was not read to its end",
            )))
        }
    }
}

impl<'de> de::MapAccess<'de> for &mut Map<'_, '_> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        let Some((k, v)) = self.entries.next() else {
            return Ok(None);
        };
        self.value = Some((k, v));
        seed.deserialize(self.de.at(Item::String(k), Mode::Explicit))
            .map(Some)
            .map_err(|e| e.in_key(k))
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        let (k, v) = self
            .value
            .take()
            .ok_or(ErrorKind::SerdeOrder("next_value before next_key"))?;
        let mode = if self.is_struct {
            Mode::Root
        } else {
            Mode::Explicit
        };
        seed.deserialize(self.de.at(Item::of(v), mode))
            .map_err(|e| e.in_key(k))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.entries.len())
    }
}

/// A `{Variant: content}` dictionary.
struct Enum<'v> {
    variant: &'v str,
    content: Deserializer<'v>,
}

impl<'de, 'v> de::EnumAccess<'de> for Enum<'v> {
    type Error = Error;
    type Variant = Deserializer<'v>;

    fn variant_seed<V: DeserializeSeed<'de>>(
        self,
        seed: V,
    ) -> Result<(V::Value, Deserializer<'v>), Error> {
        let name = seed.deserialize(self.content.at(Item::String(self.variant), Mode::Explicit))?;
        Ok((name, self.content))
    }
}

impl<'de> de::VariantAccess<'de> for Deserializer<'_> {
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
