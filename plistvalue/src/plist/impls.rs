//! `Serialize` and `Deserialize` for the plist crate's types, as that crate
//! implements them: dates and UIDs travel as newtypes named `PLIST-DATE` (RFC 3339
//! text) and `PLIST-UID` (the `u64`), which this crate's serde bridge and the plist
//! crate's both recognise, and which any other format sees through.

use std::fmt;

use ::serde::de::{
    self, Deserialize, Deserializer, EnumAccess, MapAccess, SeqAccess, Unexpected, VariantAccess,
    Visitor,
};
use ::serde::ser::{Serialize, SerializeMap, Serializer};

use super::{Data, Date, Dictionary, Integer, Uid, Value};
use crate::serde::compat::{PLIST_DATE, PLIST_UID, PLIST_VALUE};

impl Serialize for Value {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Value::Array(v) => v.serialize(serializer),
            Value::Dictionary(m) => m.serialize(serializer),
            Value::Boolean(b) => serializer.serialize_bool(*b),
            Value::Data(v) => serializer.serialize_bytes(v),
            Value::Date(d) => d.serialize(serializer),
            Value::Real(n) => serializer.serialize_f64(*n),
            Value::Integer(n) => n.serialize(serializer),
            Value::String(s) => serializer.serialize_str(s),
            Value::Uid(u) => u.serialize(serializer),
        }
    }
}

impl<'de> Deserialize<'de> for Value {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        // A newtype, so that a plist deserializer hands dates and UIDs over as
        // themselves; any other format sees through it.
        deserializer.deserialize_newtype_struct(PLIST_VALUE, ValueVisitor)
    }
}

struct ValueVisitor;

impl<'de> Visitor<'de> for ValueVisitor {
    type Value = Value;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("any supported plist value")
    }

    fn visit_bool<E>(self, value: bool) -> Result<Value, E> {
        Ok(Value::Boolean(value))
    }

    fn visit_byte_buf<E>(self, v: Vec<u8>) -> Result<Value, E> {
        Ok(Value::Data(v))
    }

    fn visit_bytes<E>(self, v: &[u8]) -> Result<Value, E> {
        Ok(Value::Data(v.to_vec()))
    }

    fn visit_i64<E>(self, value: i64) -> Result<Value, E> {
        Ok(Value::Integer(value.into()))
    }

    fn visit_u64<E>(self, value: u64) -> Result<Value, E> {
        Ok(Value::Integer(value.into()))
    }

    fn visit_f64<E>(self, value: f64) -> Result<Value, E> {
        Ok(Value::Real(value))
    }

    fn visit_map<V: MapAccess<'de>>(self, mut map: V) -> Result<Value, V::Error> {
        let mut values = Dictionary::new();
        while let Some((k, v)) = map.next_entry()? {
            values.insert(k, v);
        }
        Ok(Value::Dictionary(values))
    }

    fn visit_str<E>(self, value: &str) -> Result<Value, E> {
        Ok(Value::String(value.to_owned()))
    }

    fn visit_string<E>(self, value: String) -> Result<Value, E> {
        Ok(Value::String(value))
    }

    fn visit_newtype_struct<T: Deserializer<'de>>(
        self,
        deserializer: T,
    ) -> Result<Value, T::Error> {
        deserializer.deserialize_any(self)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut vec = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(elem) = seq.next_element()? {
            vec.push(elem);
        }
        Ok(Value::Array(vec))
    }

    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<Value, A::Error> {
        let (name, variant) = data.variant::<String>()?;
        match name.as_str() {
            PLIST_DATE => Ok(Value::Date(variant.newtype_variant()?)),
            PLIST_UID => Ok(Value::Uid(variant.newtype_variant()?)),
            _ => Err(de::Error::unknown_variant(&name, &[PLIST_DATE, PLIST_UID])),
        }
    }
}

impl Serialize for Dictionary {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.len()))?;
        for (k, v) in self {
            map.serialize_key(k)?;
            map.serialize_value(v)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for Dictionary {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_map(DictionaryVisitor)
    }
}

struct DictionaryVisitor;

impl<'de> Visitor<'de> for DictionaryVisitor {
    type Value = Dictionary;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("a map")
    }

    fn visit_unit<E>(self) -> Result<Dictionary, E> {
        Ok(Dictionary::new())
    }

    fn visit_map<V: MapAccess<'de>>(self, mut map: V) -> Result<Dictionary, V::Error> {
        let mut values = Dictionary::new();
        while let Some((key, value)) = map.next_entry()? {
            values.insert(key, value);
        }
        Ok(values)
    }
}

impl Serialize for Date {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_newtype_struct(PLIST_DATE, &self.to_xml_format())
    }
}

impl<'de> Deserialize<'de> for Date {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_newtype_struct(PLIST_DATE, DateVisitor)
    }
}

struct DateVisitor;

impl<'de> Visitor<'de> for DateVisitor {
    type Value = Date;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("a plist date string")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Date, E> {
        Date::from_xml_format(v).map_err(|_| E::invalid_value(Unexpected::Str(v), &self))
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(self, deserializer: D) -> Result<Date, D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl Serialize for Uid {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_newtype_struct(PLIST_UID, &self.get())
    }
}

impl<'de> Deserialize<'de> for Uid {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_newtype_struct(PLIST_UID, UidVisitor)
    }
}

struct UidVisitor;

impl<'de> Visitor<'de> for UidVisitor {
    type Value = Uid;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("a plist uid")
    }

    fn visit_u64<E>(self, v: u64) -> Result<Uid, E> {
        Ok(Uid::new(v))
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(self, deserializer: D) -> Result<Uid, D::Error> {
        deserializer.deserialize_u64(self)
    }
}

impl Serialize for Integer {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match (self.as_unsigned(), self.as_signed()) {
            (Some(v), _) => serializer.serialize_u64(v),
            (None, Some(v)) => serializer.serialize_i64(v),
            (None, None) => unreachable!("an Integer is i64 or u64"),
        }
    }
}

impl<'de> Deserialize<'de> for Integer {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(IntegerVisitor)
    }
}

struct IntegerVisitor;

impl Visitor<'_> for IntegerVisitor {
    type Value = Integer;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("a plist integer")
    }

    fn visit_i64<E>(self, v: i64) -> Result<Integer, E> {
        Ok(Integer::from(v))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Integer, E> {
        Ok(Integer::from(v))
    }
}

impl Serialize for Data {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bytes(self.as_ref())
    }
}

impl<'de> Deserialize<'de> for Data {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_byte_buf(DataVisitor)
    }
}

struct DataVisitor;

impl Visitor<'_> for DataVisitor {
    type Value = Data;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("a byte array")
    }

    fn visit_bytes<E>(self, v: &[u8]) -> Result<Data, E> {
        Ok(Data::new(v.to_owned()))
    }

    fn visit_byte_buf<E>(self, v: Vec<u8>) -> Result<Data, E> {
        Ok(Data::new(v))
    }
}
