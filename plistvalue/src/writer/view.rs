//! The object table as the other formats read it: one object at a time, by index,
//! whatever the table stores inside. The binary emitter writes the table through its
//! own internals; the XML emitter and the archive code read it through this view, and
//! the XML reader and the archive resolver, which fill a table without a `ToPlist`
//! value, turn it into binary bytes with [`Encoder::finish_binary`].

use super::encoder::{Encoder, Storage};
use super::object::{Obj, ObjRef};
use crate::error::Error;
use crate::value::{Date, Integer, Uid};

/// One object of the table.
#[cfg_attr(not(feature = "xml"), allow(dead_code))]
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Object<'t> {
    /// The `0x00` object.
    Null,
    Bool(bool),
    Integer(Integer),
    Real(f64),
    /// A 4-byte real.
    Real32(f32),
    Date(Date),
    Uid(Uid),
    Data(&'t [u8]),
    /// ASCII text.
    Ascii(&'t [u8]),
    /// Big-endian UTF-16 code units.
    Utf16(&'t [u8]),
    /// Element indices.
    Array(&'t [u32]),
    /// Key indices and value indices, pairwise.
    Dict {
        keys: &'t [u32],
        values: &'t [u32],
    },
}

#[cfg_attr(not(feature = "xml"), allow(dead_code))]
impl<'a> Encoder<'a> {
    /// An empty table, for a format that fills it without a `ToPlist` value.
    pub(crate) fn new() -> Encoder<'a> {
        Encoder::from_storage(Storage::default())
    }

    /// Objects in the table.
    pub(crate) fn object_count(&self) -> usize {
        self.table().objects().len()
    }

    /// Object `index`, which must be below [`Encoder::object_count`].
    pub(crate) fn object(&self, index: u32) -> Object<'_> {
        let table = self.table();
        let o = table.get(index);
        match *o {
            Obj::Null => Object::Null,
            Obj::Bool(b) => Object::Bool(b),
            Obj::UInt(v) => Object::Integer(Integer::from(v)),
            Obj::NegInt(v) => Object::Integer(Integer::from(v)),
            Obj::Real(bits) => Object::Real(f64::from_bits(bits)),
            Obj::Real32(bits) => Object::Real32(f32::from_bits(bits)),
            Obj::Date(bits) => Object::Date(Date::from_seconds_since_2001(f64::from_bits(bits))),
            Obj::Uid(v) => Object::Uid(Uid::new(v)),
            Obj::Data(_) | Obj::DataPlaced { .. } => {
                Object::Data(table.body(o).unwrap_or_default())
            }
            Obj::Ascii(_) | Obj::AsciiArena { .. } => {
                Object::Ascii(table.body(o).unwrap_or_default())
            }
            Obj::Utf16 { .. } => Object::Utf16(table.body(o).unwrap_or_default()),
            Obj::Array { .. } => Object::Array(table.children(o)),
            Obj::Dict { len, .. } => {
                let (keys, values) = table.children(o).split_at(len);
                Object::Dict { keys, values }
            }
        }
    }

    /// Appends the binary plist of the table, with `root` as its top object, to `out`.
    pub(crate) fn finish_binary(mut self, root: ObjRef, out: &mut Vec<u8>) -> Result<(), Error> {
        self.finish(root, &mut Vec::new(), out).map(drop)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_filled_table_reads_back_and_emits_what_to_vec_writes() {
        let mut enc = Encoder::new();
        let f = enc.begin_dict();
        let k = enc.str_copied("key");
        enc.child(k);
        let a = enc.begin_array();
        let one = enc.i64(-1);
        enc.child(one);
        let d = enc.data_copied(&[1, 2, 3]);
        enc.child(d);
        let n = enc.null_object();
        enc.child(n);
        let arr = enc.end_array(a);
        enc.child(arr);
        let root = enc.end_dict(f);

        assert_eq!(enc.object_count(), 6);
        let Object::Dict { keys, values } = enc.object(root.index()) else {
            panic!("the root is a dictionary");
        };
        assert_eq!(enc.object(keys[0]), Object::Ascii(b"key"));
        let Object::Array(elements) = enc.object(values[0]) else {
            panic!("the value is an array");
        };
        assert_eq!(
            enc.object(elements[0]),
            Object::Integer(Integer::from(-1i64))
        );
        assert_eq!(enc.object(elements[1]), Object::Data(&[1, 2, 3]));
        assert_eq!(enc.object(elements[2]), Object::Null);

        let mut out = Vec::new();
        enc.finish_binary(root, &mut out).unwrap();
        let value = crate::plist!({ "key": [-1, (crate::Data::from(vec![1u8, 2, 3])), null] });
        // The copied data object sits right after the header here; the objects, the
        // tree and the size are those `to_vec` writes.
        let back: crate::PlistValue = crate::from_slice(&out).unwrap();
        assert_eq!(back, value);
        assert_eq!(out.len(), crate::to_vec(&value).unwrap().len());
    }
}
