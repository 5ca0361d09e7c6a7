//! Bytes to a `plist::Value`, as the plist crate reads them: straight from the lazy
//! reader (XML and ASCII through their readers' tables, XML in the plist crate's
//! dialect), with its rules where they differ from CoreFoundation's: the last of
//! duplicate keys wins, a `CF$UID` dictionary in XML stays a dictionary, XML dates
//! are RFC 3339 to the nanosecond, a null object is an error, and an ASCII plist's
//! unquoted integers are integers ([`ascii`](super::ascii)).

use std::collections::HashMap;
use std::io::{Read, Seek};

use super::ascii::{Place, Reading, Spot};
use super::{Data, Date, Dictionary, Integer, Uid, Value};
use crate::convert::{rules, FromPlist};
use crate::error::{Error, ErrorKind};
use crate::format;
use crate::format::text::{self as text_format, Text};
use crate::openstep;
use crate::reader::{Document, Kind, Limits, Node};
use crate::xml;

/// XML dates read to the nanosecond, by the bits of the seconds since 2001 the
/// table holds for them: the binary reader sees only that double. Two dates in one
/// file that round to the same double read as the first of them.
pub(super) type ExactDates = HashMap<u64, Date>;

/// A node of a document, with the exact dates its XML text gave, or where its
/// ASCII text wrote it: what the values and the serde models of this module are
/// read from.
#[derive(Clone, Copy)]
pub(super) struct NodeSource<'n, 'd, 'a> {
    pub(super) node: Node<'d, 'a>,
    pub(super) dates: &'n ExactDates,
    pub(super) spot: Option<Spot<'n>>,
}

impl<'n, 'd, 'a> NodeSource<'n, 'd, 'a> {
    /// The root of a binary or XML document.
    fn root(node: Node<'d, 'a>, dates: &'n ExactDates) -> Self {
        NodeSource {
            node,
            dates,
            spot: None,
        }
    }

    /// How the plist crate reads this node where that differs from the table.
    pub(super) fn reading(&self) -> Option<Reading<'n>> {
        self.spot?.reading(&self.node)
    }

    /// This container's child `i` (an element, or entry `i`'s value), which is
    /// `node`.
    pub(super) fn child(&self, i: usize, node: Node<'d, 'a>) -> Self {
        NodeSource {
            node,
            dates: self.dates,
            spot: self.spot.and_then(|s| s.child(&self.node, i)),
        }
    }
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

/// A binary, XML or ASCII plist.
pub(super) fn from_bytes(bytes: &[u8]) -> Result<Value, Error> {
    with_root(bytes, value)
}

/// An XML plist, in the plist crate's dialect; anything else is the XML reader's
/// error.
pub(super) fn from_xml(bytes: &[u8]) -> Result<Value, Error> {
    with_xml_root(bytes, value)
}

/// An ASCII (OpenStep) plist; anything else is the OpenStep reader's error.
pub(super) fn from_ascii(bytes: &[u8]) -> Result<Value, Error> {
    with_ascii_root(bytes, value)
}

/// Reads the root of a plist of any format with `read`, within the default
/// [`Limits`] (for text counted against the text, and errors placed in it). Text
/// is XML when it starts as XML does, else ASCII, as the plist crate tries its XML
/// reader first and falls back to its ASCII one; input of no format gets the ASCII
/// reader's error.
pub(super) fn with_root<T>(
    bytes: &[u8],
    read: impl FnOnce(NodeSource<'_, '_, '_>) -> Result<T, Error>,
) -> Result<T, Error> {
    if format::is_binary(bytes) {
        let doc = Document::for_decode(bytes, Limits::default())?;
        let node = doc.root()?;
        node.begin_decode();
        return read(NodeSource::root(node, &ExactDates::new()));
    }
    match text_format::detect(bytes) {
        Some(Text::Xml) => with_xml_root(bytes, read),
        Some(Text::OpenStep) | None => with_ascii_root(bytes, read),
    }
}

/// [`with_root`] for ASCII (OpenStep) text only, each value read where it was
/// written.
pub(super) fn with_ascii_root<T>(
    bytes: &[u8],
    read: impl FnOnce(NodeSource<'_, '_, '_>) -> Result<T, Error>,
) -> Result<T, Error> {
    let converted = openstep::convert(bytes)?;
    let dates = ExactDates::new();
    let spot = Spot::root(&converted);
    converted.decode_root(|&node| {
        read(NodeSource {
            node,
            dates: &dates,
            spot,
        })
    })
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
    converted.decode_root(|&node| read(NodeSource::root(node, &dates)))
}

/// The value at `src`, and everything under it.
fn value(src: NodeSource<'_, '_, '_>) -> Result<Value, Error> {
    match src.spot {
        Some(_) => decode(&src.node, src.dates, src.spot),
        None => decode(&src.node, src.dates, ()),
    }
}

/// The value at `node`, written at `place`, and everything under it.
fn decode<'n>(
    node: &Node<'_, '_>,
    dates: &ExactDates,
    place: impl Place<'n>,
) -> Result<Value, Error> {
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
            if let Some(Reading::Text(text)) = place.reading(node) {
                node.charge_bytes(text.len())?;
                return Ok(Value::String(text.to_owned()));
            }
            let d = node.as_data().unwrap_or_default();
            node.charge_bytes(d.len())?;
            Value::Data(d.to_vec())
        }
        Kind::String => match place.reading(node) {
            Some(Reading::Integer(i)) => Value::Integer(i),
            _ => Value::String(rules::owned_string(node)?),
        },
        Kind::Null => return Err(node.mismatch(NO_NULL)),
        Kind::Array | Kind::Set => {
            let len = node.len();
            let _level = node.enter()?;
            node.charge_heap(len * std::mem::size_of::<Value>())?;
            let mut items = Vec::with_capacity(len);
            for i in 0..len {
                let item = node
                    .child(i as u64)
                    .and_then(|child| decode(&child, dates, place.child(node, i)))
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
            for (i, entry) in node.entries()?.enumerate() {
                let (k, v) = entry?;
                rules::string_key(&k)?;
                let key = rules::owned_string(&k)?;
                let value = decode(&v, dates, place.child(node, i)).map_err(|e| e.in_key(&key))?;
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
        decode(node, &ExactDates::new(), ())
    }
}

impl<'a> FromPlist<'a> for Dictionary {
    fn from_plist(node: &Node<'_, 'a>) -> Result<Dictionary, Error> {
        if !node.is_dictionary() {
            return Err(node.mismatch("dictionary"));
        }
        match decode(node, &ExactDates::new(), ())? {
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
