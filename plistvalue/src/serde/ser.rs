//! The serializer: serde's calls append objects to the same [`Encoder`] table the
//! derive fills. See the module docs of [`crate::serde`] for the object order.

use ::serde::ser::{self, Impossible, Serialize};

use super::compat;
use crate::convert::rules;
use crate::error::{CallOrder, Error, ErrorKind};
use crate::value::{Date, Uid};
use crate::writer::{Encoder, Frame, ObjRef};

/// What one document's serialization keeps beside the encoder.
pub(super) struct Scratch {
    /// The (key, value) references of every dictionary being written, innermost
    /// last.
    pairs: Vec<(ObjRef, ObjRef)>,
    /// Struct field and variant names by address: serde passes them as
    /// `&'static str`, so an address is one text, and a hit skips hashing it.
    names: [Option<(usize, usize, ObjRef)>; NAME_SLOTS],
}

/// 2^7, for the top 7 bits of the address hash.
const NAME_SLOTS: usize = 128;

impl Scratch {
    pub(super) fn new() -> Scratch {
        Scratch {
            pairs: Vec::new(),
            names: [None; NAME_SLOTS],
        }
    }

    #[inline]
    fn name(&mut self, enc: &mut Encoder<'_>, name: &'static str) -> ObjRef {
        let addr = name.as_ptr() as usize;
        let slot = ((addr as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 57) as usize;
        match self.names[slot] {
            Some((a, len, r)) if a == addr && len == name.len() => r,
            _ => {
                let r = enc.str(name);
                self.names[slot] = Some((addr, name.len(), r));
                r
            }
        }
    }
}

/// Writes one value. `Ok(None)` means `None`: the caller decides whether that is
/// an omitted struct field or a `$null`.
pub(super) struct Serializer<'s, 'a> {
    pub(super) enc: &'s mut Encoder<'a>,
    pub(super) st: &'s mut Scratch,
}

impl<'s, 'a> Serializer<'s, 'a> {
    fn reborrow(&mut self) -> Serializer<'_, 'a> {
        Serializer {
            enc: &mut *self.enc,
            st: &mut *self.st,
        }
    }

    #[inline]
    fn name(&mut self, name: &'static str) -> ObjRef {
        self.st.name(self.enc, name)
    }

    /// A value with a place of its own, where `None` is Foundation's `$null`.
    pub(super) fn value<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<ObjRef, Error> {
        match v.serialize(self.reborrow())? {
            Some(r) => Ok(r),
            None => Ok(self.enc.null()),
        }
    }

    fn scalar(&mut self, want: Want) -> Scalar<'_, 'a> {
        Scalar {
            enc: &mut *self.enc,
            want,
        }
    }

    /// Opens a dictionary; an error past the encode depth limit.
    fn dict(self) -> Result<Dict<'s, 'a>, Error> {
        let frame = self.enc.begin_dict();
        self.enc.check_depth()?;
        let start = self.st.pairs.len();
        Ok(Dict {
            ser: self,
            frame,
            start,
            key: None,
        })
    }
}

impl<'s, 'a> ser::Serializer for Serializer<'s, 'a> {
    type Ok = Option<ObjRef>;
    type Error = Error;
    type SerializeSeq = Seq<'s, 'a>;
    type SerializeTuple = Seq<'s, 'a>;
    type SerializeTupleStruct = Seq<'s, 'a>;
    type SerializeTupleVariant = TupleVariant<'s, 'a>;
    type SerializeMap = Dict<'s, 'a>;
    type SerializeStruct = Dict<'s, 'a>;
    type SerializeStructVariant = StructVariant<'s, 'a>;

    fn serialize_bool(self, v: bool) -> Result<Self::Ok, Error> {
        Ok(Some(self.enc.bool(v)))
    }
    fn serialize_i8(self, v: i8) -> Result<Self::Ok, Error> {
        Ok(Some(self.enc.i64(v.into())))
    }
    fn serialize_i16(self, v: i16) -> Result<Self::Ok, Error> {
        Ok(Some(self.enc.i64(v.into())))
    }
    fn serialize_i32(self, v: i32) -> Result<Self::Ok, Error> {
        Ok(Some(self.enc.i64(v.into())))
    }
    fn serialize_i64(self, v: i64) -> Result<Self::Ok, Error> {
        Ok(Some(self.enc.i64(v)))
    }
    fn serialize_i128(self, v: i128) -> Result<Self::Ok, Error> {
        Ok(Some(rules::encode_integer(
            rules::plist_integer(v)?,
            self.enc,
        )))
    }
    fn serialize_u8(self, v: u8) -> Result<Self::Ok, Error> {
        Ok(Some(self.enc.u64(v.into())))
    }
    fn serialize_u16(self, v: u16) -> Result<Self::Ok, Error> {
        Ok(Some(self.enc.u64(v.into())))
    }
    fn serialize_u32(self, v: u32) -> Result<Self::Ok, Error> {
        Ok(Some(self.enc.u64(v.into())))
    }
    fn serialize_u64(self, v: u64) -> Result<Self::Ok, Error> {
        Ok(Some(self.enc.u64(v)))
    }
    fn serialize_u128(self, v: u128) -> Result<Self::Ok, Error> {
        let v = i128::try_from(v).unwrap_or(i128::MAX);
        Ok(Some(rules::encode_integer(
            rules::plist_integer(v)?,
            self.enc,
        )))
    }
    /// A 4-byte real, as the derive and Foundation write `Float`; the plist crate
    /// widens it to 8 bytes.
    fn serialize_f32(self, v: f32) -> Result<Self::Ok, Error> {
        Ok(Some(self.enc.f32(v)))
    }
    fn serialize_f64(self, v: f64) -> Result<Self::Ok, Error> {
        Ok(Some(self.enc.f64(v)))
    }
    fn serialize_char(self, v: char) -> Result<Self::Ok, Error> {
        Ok(Some(self.enc.str_copied(v.encode_utf8(&mut [0; 4]))))
    }
    fn serialize_str(self, v: &str) -> Result<Self::Ok, Error> {
        Ok(Some(self.enc.str_copied(v)))
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<Self::Ok, Error> {
        Ok(Some(self.enc.data_copied(v)))
    }
    fn serialize_none(self) -> Result<Self::Ok, Error> {
        Ok(None)
    }
    fn serialize_some<T: Serialize + ?Sized>(self, v: &T) -> Result<Self::Ok, Error> {
        v.serialize(self)
    }
    /// The empty string, as the plist crate writes `()`.
    fn serialize_unit(self) -> Result<Self::Ok, Error> {
        Ok(Some(self.enc.str("")))
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<Self::Ok, Error> {
        self.serialize_unit()
    }
    fn serialize_unit_variant(
        mut self,
        _: &'static str,
        _: u32,
        variant: &'static str,
    ) -> Result<Self::Ok, Error> {
        Ok(Some(self.name(variant)))
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        mut self,
        name: &'static str,
        v: &T,
    ) -> Result<Self::Ok, Error> {
        let want = match name {
            compat::NULL => return Ok(Some(self.enc.null_object())),
            compat::DATE => Want::Date,
            compat::PLIST_DATE => Want::PlistDate,
            compat::UID | compat::PLIST_UID => Want::Uid,
            _ => return v.serialize(self),
        };
        v.serialize(self.scalar(want)).map(Some)
    }

    /// `{variant: value}`, the plist crate's externally tagged form.
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        mut self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        v: &T,
    ) -> Result<Self::Ok, Error> {
        let frame = self.enc.begin_dict();
        self.enc.check_depth()?;
        let key = self.name(variant);
        let value = self.value(v)?;
        self.enc.child(key);
        self.enc.child(value);
        Ok(Some(self.enc.end_dict(frame)))
    }

    fn serialize_seq(self, _: Option<usize>) -> Result<Seq<'s, 'a>, Error> {
        let frame = self.enc.begin_array();
        self.enc.check_depth()?;
        Ok(Seq { ser: self, frame })
    }
    fn serialize_tuple(self, len: usize) -> Result<Seq<'s, 'a>, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _: &'static str, len: usize) -> Result<Seq<'s, 'a>, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        mut self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<TupleVariant<'s, 'a>, Error> {
        let outer = self.enc.begin_dict();
        let key = self.name(variant);
        let frame = self.enc.begin_array();
        self.enc.check_depth()?;
        Ok(TupleVariant {
            seq: Seq { ser: self, frame },
            outer,
            key,
        })
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Dict<'s, 'a>, Error> {
        self.dict()
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Dict<'s, 'a>, Error> {
        self.dict()
    }
    fn serialize_struct_variant(
        mut self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<StructVariant<'s, 'a>, Error> {
        let outer = self.enc.begin_dict();
        let key = self.name(variant);
        Ok(StructVariant {
            dict: self.dict()?,
            outer,
            key,
        })
    }
}

/// An open array.
pub(super) struct Seq<'s, 'a> {
    ser: Serializer<'s, 'a>,
    frame: Frame,
}

impl Seq<'_, '_> {
    #[inline]
    fn element<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Error> {
        let r = self.ser.value(v)?;
        self.ser.enc.child(r);
        Ok(())
    }

    fn finish(self) -> ObjRef {
        self.ser.enc.end_array(self.frame)
    }
}

impl ser::SerializeSeq for Seq<'_, '_> {
    type Ok = Option<ObjRef>;
    type Error = Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Error> {
        self.element(v)
    }
    fn end(self) -> Result<Self::Ok, Error> {
        Ok(Some(self.finish()))
    }
}

impl ser::SerializeTuple for Seq<'_, '_> {
    type Ok = Option<ObjRef>;
    type Error = Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Error> {
        self.element(v)
    }
    fn end(self) -> Result<Self::Ok, Error> {
        Ok(Some(self.finish()))
    }
}

impl ser::SerializeTupleStruct for Seq<'_, '_> {
    type Ok = Option<ObjRef>;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Error> {
        self.element(v)
    }
    fn end(self) -> Result<Self::Ok, Error> {
        Ok(Some(self.finish()))
    }
}

/// `{variant: [fields]}`: the outer dictionary and its key are already in the table.
pub(super) struct TupleVariant<'s, 'a> {
    seq: Seq<'s, 'a>,
    outer: Frame,
    key: ObjRef,
}

impl ser::SerializeTupleVariant for TupleVariant<'_, '_> {
    type Ok = Option<ObjRef>;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Error> {
        self.seq.element(v)
    }
    fn end(self) -> Result<Self::Ok, Error> {
        let TupleVariant { seq, outer, key } = self;
        let enc = &mut *seq.ser.enc;
        let fields = enc.end_array(seq.frame);
        enc.child(key);
        enc.child(fields);
        Ok(Some(enc.end_dict(outer)))
    }
}

/// An open dictionary. Its entries wait on the shared `pairs` stack, because the
/// table wants every key reference before any value reference.
pub(super) struct Dict<'s, 'a> {
    ser: Serializer<'s, 'a>,
    frame: Frame,
    start: usize,
    /// The key of a map entry whose value has not arrived yet.
    key: Option<ObjRef>,
}

impl<'s, 'a> Dict<'s, 'a> {
    /// A struct field: the value first, so that a `None` leaves no key behind.
    #[inline]
    fn field<T: Serialize + ?Sized>(&mut self, key: &'static str, v: &T) -> Result<(), Error> {
        if let Some(value) = v.serialize(self.ser.reborrow())? {
            let key = self.ser.name(key);
            self.ser.st.pairs.push((key, value));
        }
        Ok(())
    }

    /// Closes the dictionary; the serializer comes back for an enclosing variant.
    fn finish(self) -> (ObjRef, Serializer<'s, 'a>) {
        let Dict {
            ser, frame, start, ..
        } = self;
        let r = ser.enc.end_dict_pairs(frame, &ser.st.pairs[start..]);
        ser.st.pairs.truncate(start);
        (r, ser)
    }
}

impl ser::SerializeMap for Dict<'_, '_> {
    type Ok = Option<ObjRef>;
    type Error = Error;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        self.key = Some(key.serialize(self.ser.scalar(Want::Key))?);
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Error> {
        let key = self
            .key
            .take()
            .ok_or_else(|| Error::new(ErrorKind::SerdeOrder(CallOrder::SerializeValueBeforeKey)))?;
        let value = self.ser.value(v)?;
        self.ser.st.pairs.push((key, value));
        Ok(())
    }
    fn end(self) -> Result<Self::Ok, Error> {
        Ok(Some(self.finish().0))
    }
}

impl ser::SerializeStruct for Dict<'_, '_> {
    type Ok = Option<ObjRef>;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        v: &T,
    ) -> Result<(), Error> {
        self.field(key, v)
    }
    fn end(self) -> Result<Self::Ok, Error> {
        Ok(Some(self.finish().0))
    }
}

/// `{variant: {fields}}`: the outer dictionary and its key are already in the table.
pub(super) struct StructVariant<'s, 'a> {
    dict: Dict<'s, 'a>,
    outer: Frame,
    key: ObjRef,
}

impl ser::SerializeStructVariant for StructVariant<'_, '_> {
    type Ok = Option<ObjRef>;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        v: &T,
    ) -> Result<(), Error> {
        self.dict.field(key, v)
    }
    fn end(self) -> Result<Self::Ok, Error> {
        let StructVariant { dict, outer, key } = self;
        let (fields, ser) = dict.finish();
        ser.enc.child(key);
        ser.enc.child(fields);
        Ok(Some(ser.enc.end_dict(outer)))
    }
}

/// What a [`Scalar`] may write.
#[derive(Clone, Copy)]
enum Want {
    /// A dictionary key: a string, or a number or unit variant written as one.
    Key,
    /// Seconds since 2001, inside `plistvalue::Date`.
    Date,
    /// An RFC 3339 string, inside `plist::Date`.
    PlistDate,
    /// The `u64` inside `plistvalue::Uid` or `plist::Uid`.
    Uid,
}

/// Writes the one scalar a dictionary key or a date/UID newtype holds.
struct Scalar<'s, 'a> {
    enc: &'s mut Encoder<'a>,
    want: Want,
}

impl Scalar<'_, '_> {
    #[cold]
    fn reject(&self, found: &'static str) -> Error {
        match self.want {
            Want::Key => Error::new(ErrorKind::NonStringKey(found)),
            Want::Date => Error::new(ErrorKind::NewtypeMismatch {
                newtype: "plistvalue::Date",
                expected: "seconds since 2001 as f64",
                found,
            }),
            Want::PlistDate => Error::new(ErrorKind::NewtypeMismatch {
                newtype: "plist::Date",
                expected: "an RFC 3339 string",
                found,
            }),
            Want::Uid => Error::new(ErrorKind::NewtypeMismatch {
                newtype: "UID",
                expected: "a u64",
                found,
            }),
        }
    }

    fn unsigned(self, v: u64) -> Result<ObjRef, Error> {
        match self.want {
            Want::Uid => Ok(self.enc.uid(Uid::new(v))),
            Want::Key => Ok(self.enc.str_copied(&v.to_string())),
            _ => Err(self.reject("an integer")),
        }
    }

    fn signed(self, v: i64) -> Result<ObjRef, Error> {
        match (self.want, u64::try_from(v)) {
            (Want::Key, _) => Ok(self.enc.str_copied(&v.to_string())),
            (Want::Uid, Ok(u)) => Ok(self.enc.uid(Uid::new(u))),
            _ => Err(self.reject("an integer")),
        }
    }

    /// A 128-bit integer: a key's text (as `serde_json` writes one), or a `u64` UID.
    fn wide<T: ToString + TryInto<u64>>(self, v: T) -> Result<ObjRef, Error> {
        match self.want {
            Want::Key => Ok(self.enc.str_copied(&v.to_string())),
            Want::Uid => match v.try_into() {
                Ok(u) => Ok(self.enc.uid(Uid::new(u))),
                Err(_) => Err(self.reject("an integer")),
            },
            _ => Err(self.reject("an integer")),
        }
    }

    fn real(self, v: f64) -> Result<ObjRef, Error> {
        match self.want {
            Want::Date => Ok(self.enc.date(Date::from_seconds_since_2001(v))),
            _ => Err(self.reject("a real")),
        }
    }
}

impl ser::Serializer for Scalar<'_, '_> {
    type Ok = ObjRef;
    type Error = Error;
    type SerializeSeq = Impossible<ObjRef, Error>;
    type SerializeTuple = Impossible<ObjRef, Error>;
    type SerializeTupleStruct = Impossible<ObjRef, Error>;
    type SerializeTupleVariant = Impossible<ObjRef, Error>;
    type SerializeMap = Impossible<ObjRef, Error>;
    type SerializeStruct = Impossible<ObjRef, Error>;
    type SerializeStructVariant = Impossible<ObjRef, Error>;

    fn serialize_bool(self, _: bool) -> Result<ObjRef, Error> {
        Err(self.reject("a boolean"))
    }
    fn serialize_i8(self, v: i8) -> Result<ObjRef, Error> {
        self.signed(v.into())
    }
    fn serialize_i16(self, v: i16) -> Result<ObjRef, Error> {
        self.signed(v.into())
    }
    fn serialize_i32(self, v: i32) -> Result<ObjRef, Error> {
        self.signed(v.into())
    }
    fn serialize_i64(self, v: i64) -> Result<ObjRef, Error> {
        self.signed(v)
    }
    fn serialize_u8(self, v: u8) -> Result<ObjRef, Error> {
        self.unsigned(v.into())
    }
    fn serialize_u16(self, v: u16) -> Result<ObjRef, Error> {
        self.unsigned(v.into())
    }
    fn serialize_u32(self, v: u32) -> Result<ObjRef, Error> {
        self.unsigned(v.into())
    }
    fn serialize_u64(self, v: u64) -> Result<ObjRef, Error> {
        self.unsigned(v)
    }
    fn serialize_i128(self, v: i128) -> Result<ObjRef, Error> {
        self.wide(v)
    }
    fn serialize_u128(self, v: u128) -> Result<ObjRef, Error> {
        self.wide(v)
    }
    fn serialize_f32(self, v: f32) -> Result<ObjRef, Error> {
        self.real(v.into())
    }
    fn serialize_f64(self, v: f64) -> Result<ObjRef, Error> {
        self.real(v)
    }
    fn serialize_char(self, v: char) -> Result<ObjRef, Error> {
        match self.want {
            Want::Key => Ok(self.enc.str_copied(v.encode_utf8(&mut [0; 4]))),
            _ => Err(self.reject("a character")),
        }
    }
    fn serialize_str(self, v: &str) -> Result<ObjRef, Error> {
        match self.want {
            Want::Key => Ok(self.enc.str_copied(v)),
            Want::PlistDate => Ok(self.enc.date(compat::date_from_rfc3339(v)?)),
            _ => Err(self.reject("a string")),
        }
    }
    fn serialize_bytes(self, _: &[u8]) -> Result<ObjRef, Error> {
        Err(self.reject("data"))
    }
    fn serialize_none(self) -> Result<ObjRef, Error> {
        Err(self.reject("None"))
    }
    fn serialize_some<T: Serialize + ?Sized>(self, _: &T) -> Result<ObjRef, Error> {
        Err(self.reject("an Option"))
    }
    fn serialize_unit(self) -> Result<ObjRef, Error> {
        Err(self.reject("()"))
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<ObjRef, Error> {
        Err(self.reject("a unit struct"))
    }
    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
    ) -> Result<ObjRef, Error> {
        match self.want {
            Want::Key => Ok(self.enc.str(variant)),
            _ => Err(self.reject("an enum variant")),
        }
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        v: &T,
    ) -> Result<ObjRef, Error> {
        match self.want {
            Want::Key => v.serialize(self),
            _ => Err(self.reject("a newtype struct")),
        }
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<ObjRef, Error> {
        Err(self.reject("an enum variant with data"))
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Error> {
        Err(self.reject("an array"))
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Error> {
        Err(self.reject("a tuple"))
    }
    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct, Error> {
        Err(self.reject("a tuple struct"))
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        Err(self.reject("an enum variant with data"))
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Error> {
        Err(self.reject("a dictionary"))
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeStruct, Error> {
        Err(self.reject("a struct"))
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        Err(self.reject("an enum variant with data"))
    }
}
