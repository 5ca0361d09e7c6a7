//! Bytes to a `plist::Value`, as the plist crate reads them: straight from the lazy
//! reader (XML through the XML reader's table, in the plist crate's dialect), with
//! its rules where they differ from CoreFoundation's: the last of duplicate keys
//! wins, a `CF$UID` dictionary in XML stays a dictionary, XML dates are RFC 3339 to
//! the nanosecond, and a null object is an error.

use std::collections::HashMap;
use std::io::{Read, Seek};

use super::{Data, Date, Dictionary, Integer, Uid, Value};
use crate::convert::{rules, FromPlist};
use crate::error::{Error, ErrorKind};
use crate::format;
use crate::reader::{Document, Kind, Limits, Node};
use crate::xml;

/// XML dates read to the nanosecond, by the bits of the seconds since 2001 the
/// table holds for them: the binary reader sees only that double. Two dates in one
/// file that round to the same double read as the first of them.
pub(super) type ExactDates = HashMap<u64, Date>;

/// A node of a document, with the exact dates its XML text gave: what the values
/// and the serde models of this module are read from.
#[derive(Clone, Copy)]
pub(super) struct NodeSource<'n, 'd, 'a> {
    pub(super) node: Node<'d, 'a>,
    pub(super) dates: &'n ExactDates,
}

/// What a null object is refused as: the plist crate's tree has no null.
pub(super) const NO_NULL: &str = "a value plist::Value holds (it has no null)";

/// All of `reader`.
pub(super) fn all<R: Read>(mut reader: R) -> Result<Vec<u8>, Error> {
    let mut bytes = Vec::new();
    reader.read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// All of `reader` from its start, to which the plist crate's reader rewinds.
pub(super) fn all_from_start<R: Read + Seek>(mut reader: R) -> Result<Vec<u8>, Error> {
    reader.rewind()?;
    all(reader)
}

/// A binary or XML plist.
pub(super) fn from_bytes(bytes: &[u8]) -> Result<Value, Error> {
    with_root(bytes, |root| decode(&root.node, root.dates))
}

/// An XML plist, in the plist crate's dialect; anything else is the XML reader's
/// error.
pub(super) fn from_xml(bytes: &[u8]) -> Result<Value, Error> {
    with_xml_root(bytes, |root| decode(&root.node, root.dates))
}

/// Reads the root of a binary or XML plist with `read`, within the default
/// [`Limits`] (for XML counted against the text, and errors placed in it).
// When the OpenStep reader lands, text that is not XML goes to it here: the plist
// crate reads ASCII plists through the same `from_*` functions since 1.7.
pub(super) fn with_root<T>(
    bytes: &[u8],
    read: impl FnOnce(NodeSource<'_, '_, '_>) -> Result<T, Error>,
) -> Result<T, Error> {
    if format::is_binary(bytes) {
        let doc = Document::for_decode(bytes, Limits::default())?;
        let node = doc.root()?;
        node.begin_decode();
        let dates = ExactDates::new();
        return read(NodeSource {
            node,
            dates: &dates,
        });
    }
    with_xml_root(bytes, read)
}

/// [`with_root`] for XML only, in the plist crate's dialect.
pub(super) fn with_xml_root<T>(
    bytes: &[u8],
    read: impl FnOnce(NodeSource<'_, '_, '_>) -> Result<T, Error>,
) -> Result<T, Error> {
    let mut dates = ExactDates::new();
    let mut read_date = |text: &[u8]| {
        let (secs, nanos) = super::date::parse_rfc3339(text)?;
        let date = Date::from_unix(secs, nanos);
        let seconds = date.as_seconds_since_plist_epoch();
        dates.entry(seconds.to_bits()).or_insert(date);
        Some(seconds)
    };
    let mut dialect = xml::Dialect::default();
    dialect.keep_cf_uid = true;
    dialect.date_text = Some(&mut read_date);
    let converted = xml::convert_with(bytes, dialect)?;
    converted.decode_root(|&node| {
        read(NodeSource {
            node,
            dates: &dates,
        })
    })
}

/// The value at `node`, and everything under it.
pub(crate) fn decode(node: &Node<'_, '_>, dates: &ExactDates) -> Result<Value, Error> {
    Ok(match node.kind() {
        Kind::Boolean => Value::Boolean(node.as_bool().unwrap_or_default()),
        Kind::Integer => match rules::exact_integer(node)? {
            Some(i) => Value::Integer(Integer::from(i)),
            None => unreachable!("an integer node reads as one or fails above"),
        },
        Kind::Real => Value::Real(node.as_real().unwrap_or_default()),
        Kind::Date => Value::Date(date(node, dates)?),
        Kind::Uid => Value::Uid(Uid::new(node.as_uid().map_or(0, crate::value::Uid::get))),
        Kind::Data => {
            let d = node.as_data().unwrap_or_default();
            node.charge_bytes(d.len())?;
            Value::Data(d.to_vec())
        }
        Kind::String => Value::String(rules::owned_string(node)?),
        Kind::Null => return Err(node.mismatch(NO_NULL)),
        Kind::Array | Kind::Set => {
            let len = node.len();
            let _level = node.enter()?;
            node.charge_heap(len * std::mem::size_of::<Value>())?;
            let mut items = Vec::with_capacity(len);
            for i in 0..len {
                let item = node
                    .child(i as u64)
                    .and_then(|child| decode(&child, dates))
                    .map_err(|e| e.in_index(i))?;
                items.push(item);
            }
            Value::Array(items)
        }
        Kind::Dictionary => {
            let len = node.len();
            let _level = node.enter()?;
            node.charge_heap(len * std::mem::size_of::<(String, Value)>())?;
            let mut dict = Dictionary::with_capacity(len);
            for entry in node.entries()? {
                let (k, v) = entry?;
                rules::string_key(&k)?;
                let key = rules::owned_string(&k)?;
                let value = decode(&v, dates).map_err(|e| e.in_key(&key))?;
                // The last of duplicate keys wins, at the first one's place, as the
                // plist crate's builder inserts them.
                dict.insert(key, value);
            }
            Value::Dictionary(dict)
        }
    })
}

/// The date at `node`: exact when its XML text gave one, else as the plist crate
/// reads a binary plist's double.
pub(super) fn date(node: &Node<'_, '_>, dates: &ExactDates) -> Result<Date, Error> {
    let seconds = node
        .as_date()
        .map_or(0.0, crate::value::Date::seconds_since_2001);
    if let Some(exact) = dates.get(&seconds.to_bits()) {
        return Ok(*exact);
    }
    Date::from_seconds_since_plist_epoch(seconds).ok_or_else(|| {
        node.error(ErrorKind::DateOutOfRange {
            seconds,
            target: "plist::Date (years -9999 to 9999)",
        })
    })
}

impl<'a> FromPlist<'a> for Value {
    fn from_plist(node: &Node<'_, 'a>) -> Result<Value, Error> {
        decode(node, &ExactDates::new())
    }
}

impl<'a> FromPlist<'a> for Dictionary {
    fn from_plist(node: &Node<'_, 'a>) -> Result<Dictionary, Error> {
        if !node.is_dictionary() {
            return Err(node.mismatch("dictionary"));
        }
        match decode(node, &ExactDates::new())? {
            Value::Dictionary(d) => Ok(d),
            _ => unreachable!("a dictionary node decodes to one"),
        }
    }
}

impl<'a> FromPlist<'a> for Date {
    fn from_plist(node: &Node<'_, 'a>) -> Result<Date, Error> {
        if node.kind() != Kind::Date {
            return Err(node.mismatch("date"));
        }
        date(node, &ExactDates::new())
    }
}

impl<'a> FromPlist<'a> for Integer {
    fn from_plist(node: &Node<'_, 'a>) -> Result<Integer, Error> {
        match rules::exact_integer(node)? {
            Some(i) => Ok(Integer::from(i)),
            None => Err(node.mismatch("integer")),
        }
    }
}

impl<'a> FromPlist<'a> for Uid {
    fn from_plist(node: &Node<'_, 'a>) -> Result<Uid, Error> {
        match node.as_uid() {
            Some(u) => Ok(Uid::new(u.get())),
            None => Err(node.mismatch("UID")),
        }
    }
}

impl<'a> FromPlist<'a> for Data {
    fn from_plist(node: &Node<'_, 'a>) -> Result<Data, Error> {
        Vec::<u8>::from_plist(node).map(Data::new)
    }
}
