//! A `plist::Value` into the writer's object table, and so into a binary plist
//! (XML has its own writer, `xml.rs`, for the plist crate's text).

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;

use ::serde::Serialize;

use super::ser::{self, TableSink};
use super::{Data, Date, Dictionary, Integer, Uid, Value};
use crate::convert::{rules, ToPlist};
use crate::error::Error;
use crate::writer::{Buffers, Encoder, ObjRef};

/// `value` as a binary plist into `writer`, in 64 KiB chunks.
pub(super) fn binary<W: Write, T: ToPlist + ?Sized>(writer: W, value: &T) -> Result<(), Error> {
    Buffers::default().write_to(|enc| value.to_plist(enc), writer)
}

/// A serde model as a binary plist into `writer`: its events go straight into the
/// table, with no tree in between.
pub(super) fn model_binary<W: Write, T: Serialize + ?Sized>(
    writer: W,
    value: &T,
) -> Result<(), Error> {
    Buffers::default().write_to(
        |enc| {
            let mut sink = TableSink::new(enc);
            ser::serialize(value, &mut sink)?;
            sink.root.ok_or_else(ser::top_level_none)
        },
        writer,
    )
}

/// Creates (or truncates) the file at `path`, writes it through a `BufWriter` with
/// `write`, and syncs it to the disk, as the plist crate's `to_file_*` do.
pub(super) fn to_file<P: AsRef<Path>>(
    path: P,
    write: impl FnOnce(&mut BufWriter<&mut File>) -> Result<(), Error>,
) -> Result<(), Error> {
    let mut file = File::create(path)?;
    let mut w = BufWriter::new(&mut file);
    write(&mut w)?;
    w.flush()?;
    drop(w);
    file.sync_all()?;
    Ok(())
}

impl ToPlist for Value {
    fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        match self {
            Value::Array(items) => {
                let frame = enc.begin_array();
                enc.check_depth()?;
                for item in items {
                    let r = item.to_plist(enc)?;
                    enc.child(r);
                }
                Ok(enc.end_array(frame))
            }
            Value::Dictionary(dict) => dict.to_plist(enc),
            Value::Boolean(b) => Ok(enc.bool(*b)),
            Value::Data(d) => Ok(enc.data(d)),
            Value::Date(d) => d.to_plist(enc),
            Value::Real(r) => Ok(enc.f64(*r)),
            Value::Integer(i) => i.to_plist(enc),
            Value::String(s) => Ok(enc.str(s)),
            Value::Uid(u) => u.to_plist(enc),
        }
    }
}

impl ToPlist for Dictionary {
    fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        let frame = enc.begin_dict();
        enc.check_depth()?;
        for k in self.keys() {
            let r = enc.str(k);
            enc.child(r);
        }
        for v in self.values() {
            let r = v.to_plist(enc)?;
            enc.child(r);
        }
        Ok(enc.end_dict(frame))
    }
}

impl ToPlist for Date {
    fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        let seconds = self.as_seconds_since_plist_epoch();
        Ok(enc.date(crate::value::Date::from_seconds_since_2001(seconds)))
    }
}

impl ToPlist for Integer {
    fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        Ok(rules::encode_integer((*self).into(), enc))
    }
}

impl ToPlist for Uid {
    fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        Ok(enc.uid(crate::value::Uid::new(self.get())))
    }
}

impl ToPlist for Data {
    fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        Ok(enc.data(self.as_ref()))
    }
}
