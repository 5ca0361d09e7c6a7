//! `plist::Value`: the plist crate's tree, variant for variant, with its
//! constructors, accessors and I/O methods.

use std::io::{Read, Seek, Write};
use std::path::Path;

use super::{read, write, xml, Date, Dictionary, Integer, Uid, XmlWriteOptions};
use crate::error::Error;

/// Represents any plist value.
///
/// The enum has no `Drop` of its own, so a value can be taken apart by value
/// (`match v { Value::Array(items) => … }`). Dropping, cloning and comparing
/// recurse once per level, as in the plist crate; a value read from a file is at
/// most [`Limits`](crate::Limits)' depth deep (128 by default), and one written
/// as a binary plist at most [`MAX_ENCODE_DEPTH`](crate::MAX_ENCODE_DEPTH).
/// [`PlistValue`](crate::PlistValue) has no such bound.
///
/// ```
/// use plistvalue::plist::{Dictionary, Value};
///
/// let mut dict = Dictionary::new();
/// dict.insert("items".to_string(), Value::Array(vec![1.into(), "two".into()]));
/// let value = Value::Dictionary(dict);
///
/// let mut xml = Vec::new();
/// value.to_writer_xml(&mut xml)?;
/// let back = Value::from_reader_xml(&xml[..])?;
/// match back {
///     Value::Dictionary(mut d) => match d.remove("items") {
///         Some(Value::Array(items)) => assert_eq!(items[1].as_string(), Some("two")),
///         _ => unreachable!(),
///     },
///     _ => unreachable!(),
/// }
/// # Ok::<(), plistvalue::plist::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Value {
    /// An array.
    Array(Vec<Value>),
    /// A dictionary, in insertion order.
    Dictionary(Dictionary),
    /// `true` or `false`.
    Boolean(bool),
    /// Bytes.
    Data(Vec<u8>),
    /// A date.
    Date(Date),
    /// A real number.
    Real(f64),
    /// An integer, `i64::MIN ..= u64::MAX`.
    Integer(Integer),
    /// Text.
    String(String),
    /// An `NSKeyedArchiver` object reference.
    Uid(Uid),
}

impl Value {
    /// Reads a `Value` from a plist file of any encoding.
    ///
    /// # Errors
    /// An I/O error ([`Error::is_io`]) when the file cannot be read, else as
    /// [`Value::from_reader`].
    pub fn from_file<P: AsRef<Path>>(path: P) -> Result<Value, Error> {
        read::from_bytes(&std::fs::read(path)?)
    }

    /// Reads a `Value` from a seekable byte stream containing a plist of any
    /// encoding: binary, XML or ASCII (OpenStep). As in the plist crate, the stream
    /// is read from its start.
    ///
    /// # Errors
    /// When the stream fails, or its bytes are not a binary, XML or ASCII plist.
    pub fn from_reader<R: Read + Seek>(reader: R) -> Result<Value, Error> {
        read::from_bytes(&read::all_from_start(reader)?)
    }

    /// Reads a `Value` from a byte stream containing an ASCII (OpenStep) encoded
    /// plist: an Xcode `project.pbxproj`, a `.strings` file. As in the plist crate,
    /// an unquoted integer reads as an integer, anything else as a string.
    ///
    /// ```
    /// use plistvalue::plist::Value;
    /// let v = Value::from_reader_ascii(&b"{ objectVersion = 77; name = \"77\"; }"[..])?;
    /// let dict = v.as_dictionary().unwrap();
    /// assert_eq!(dict["objectVersion"].as_unsigned_integer(), Some(77));
    /// assert_eq!(dict["name"].as_string(), Some("77"));
    /// # Ok::<(), plistvalue::plist::Error>(())
    /// ```
    ///
    /// # Errors
    /// When the stream fails, or its bytes are not an ASCII plist (a binary or XML
    /// one included); the error names the line and column.
    pub fn from_reader_ascii<R: Read>(reader: R) -> Result<Value, Error> {
        read::from_ascii(&read::all(reader)?)
    }

    /// Reads a `Value` from a byte stream containing an XML encoded plist; any other
    /// input, a binary plist included, is an error.
    ///
    /// # Errors
    /// When the stream fails, or its bytes are not an XML plist.
    pub fn from_reader_xml<R: Read>(reader: R) -> Result<Value, Error> {
        read::from_xml(&read::all(reader)?)
    }

    /// Serializes a `Value` to a file as a binary encoded plist.
    ///
    /// # Errors
    /// When the file cannot be written, or the value nests deeper than a binary
    /// plist is written.
    pub fn to_file_binary<P: AsRef<Path>>(&self, path: P) -> Result<(), Error> {
        write::to_file(path, |w| self.to_writer_binary(w))
    }

    /// Serializes a `Value` to a file as an XML encoded plist.
    ///
    /// # Errors
    /// As [`Value::to_writer_xml`], and when the file cannot be written.
    pub fn to_file_xml<P: AsRef<Path>>(&self, path: P) -> Result<(), Error> {
        write::to_file(path, |w| self.to_writer_xml(w))
    }

    /// Serializes a `Value` to a byte stream as a binary encoded plist.
    ///
    /// # Errors
    /// When the writer fails, or the value nests deeper than a binary plist is
    /// written.
    pub fn to_writer_binary<W: Write>(&self, writer: W) -> Result<(), Error> {
        write::binary(writer, self)
    }

    /// Serializes a `Value` to a byte stream as an XML encoded plist: the plist
    /// crate's text, keys in insertion order, dates to the nanosecond.
    ///
    /// # Errors
    /// When the writer fails, or the value holds a [`Uid`], which XML cannot hold.
    pub fn to_writer_xml<W: Write>(&self, writer: W) -> Result<(), Error> {
        self.to_writer_xml_with_options(writer, &XmlWriteOptions::default())
    }

    /// Serializes a `Value` to a stream, using custom [`XmlWriteOptions`].
    ///
    /// ```
    /// use plistvalue::plist::{Value, XmlWriteOptions};
    /// let mut out = Vec::new();
    /// let options = XmlWriteOptions::default().indent(b' ', 2).root_element(false);
    /// Value::Array(vec![1.into()]).to_writer_xml_with_options(&mut out, &options).unwrap();
    /// assert_eq!(out, b"<array>\n  <integer>1</integer>\n</array>");
    /// ```
    ///
    /// # Errors
    /// As [`Value::to_writer_xml`].
    pub fn to_writer_xml_with_options<W: Write>(
        &self,
        writer: W,
        options: &XmlWriteOptions,
    ) -> Result<(), Error> {
        xml::write(writer, self, options)
    }

    /// If the `Value` is an Array, returns the underlying `Vec`.
    pub fn into_array(self) -> Option<Vec<Value>> {
        match self {
            Value::Array(array) => Some(array),
            _ => None,
        }
    }

    /// If the `Value` is an Array, returns the associated `Vec`.
    pub fn as_array(&self) -> Option<&Vec<Value>> {
        match self {
            Value::Array(array) => Some(array),
            _ => None,
        }
    }

    /// If the `Value` is an Array, returns the associated mutable `Vec`.
    pub fn as_array_mut(&mut self) -> Option<&mut Vec<Value>> {
        match self {
            Value::Array(array) => Some(array),
            _ => None,
        }
    }

    /// If the `Value` is a Dictionary, returns it.
    pub fn into_dictionary(self) -> Option<Dictionary> {
        match self {
            Value::Dictionary(dict) => Some(dict),
            _ => None,
        }
    }

    /// If the `Value` is a Dictionary, returns the associated `Dictionary`.
    pub fn as_dictionary(&self) -> Option<&Dictionary> {
        match self {
            Value::Dictionary(dict) => Some(dict),
            _ => None,
        }
    }

    /// If the `Value` is a Dictionary, returns the associated mutable `Dictionary`.
    pub fn as_dictionary_mut(&mut self) -> Option<&mut Dictionary> {
        match self {
            Value::Dictionary(dict) => Some(dict),
            _ => None,
        }
    }

    /// If the `Value` is a Boolean, returns the associated `bool`.
    pub fn as_boolean(&self) -> Option<bool> {
        match *self {
            Value::Boolean(v) => Some(v),
            _ => None,
        }
    }

    /// If the `Value` is a Data, returns the underlying `Vec`.
    pub fn into_data(self) -> Option<Vec<u8>> {
        match self {
            Value::Data(data) => Some(data),
            _ => None,
        }
    }

    /// If the `Value` is a Data, returns the associated bytes.
    pub fn as_data(&self) -> Option<&[u8]> {
        match self {
            Value::Data(data) => Some(data),
            _ => None,
        }
    }

    /// If the `Value` is a Date, returns the associated `Date`.
    pub fn as_date(&self) -> Option<Date> {
        match *self {
            Value::Date(date) => Some(date),
            _ => None,
        }
    }

    /// If the `Value` is a Real, returns the associated `f64`; `None` for an
    /// Integer, as in the plist crate.
    pub fn as_real(&self) -> Option<f64> {
        match *self {
            Value::Real(v) => Some(v),
            _ => None,
        }
    }

    /// If the `Value` is an Integer within `i64`, returns it.
    pub fn as_signed_integer(&self) -> Option<i64> {
        match *self {
            Value::Integer(v) => v.as_signed(),
            _ => None,
        }
    }

    /// If the `Value` is an Integer within `u64`, returns it.
    pub fn as_unsigned_integer(&self) -> Option<u64> {
        match *self {
            Value::Integer(v) => v.as_unsigned(),
            _ => None,
        }
    }

    /// If the `Value` is a String, returns the underlying `String`.
    pub fn into_string(self) -> Option<String> {
        match self {
            Value::String(v) => Some(v),
            _ => None,
        }
    }

    /// If the `Value` is a String, returns the associated `str`.
    pub fn as_string(&self) -> Option<&str> {
        match self {
            Value::String(v) => Some(v),
            _ => None,
        }
    }

    /// If the `Value` is a Uid, returns the underlying `Uid`.
    pub fn into_uid(self) -> Option<Uid> {
        match self {
            Value::Uid(u) => Some(u),
            _ => None,
        }
    }

    /// If the `Value` is a Uid, returns the associated `Uid`.
    pub fn as_uid(&self) -> Option<&Uid> {
        match self {
            Value::Uid(u) => Some(u),
            _ => None,
        }
    }
}

impl From<Vec<Value>> for Value {
    fn from(from: Vec<Value>) -> Value {
        Value::Array(from)
    }
}

impl From<Dictionary> for Value {
    fn from(from: Dictionary) -> Value {
        Value::Dictionary(from)
    }
}

impl From<bool> for Value {
    fn from(from: bool) -> Value {
        Value::Boolean(from)
    }
}

impl<'a> From<&'a bool> for Value {
    fn from(from: &'a bool) -> Value {
        Value::Boolean(*from)
    }
}

impl From<Date> for Value {
    fn from(from: Date) -> Value {
        Value::Date(from)
    }
}

impl<'a> From<&'a Date> for Value {
    fn from(from: &'a Date) -> Value {
        Value::Date(*from)
    }
}

impl From<f64> for Value {
    fn from(from: f64) -> Value {
        Value::Real(from)
    }
}

impl From<f32> for Value {
    fn from(from: f32) -> Value {
        Value::Real(from.into())
    }
}

impl<'a> From<&'a f64> for Value {
    fn from(from: &'a f64) -> Value {
        Value::Real(*from)
    }
}

impl<'a> From<&'a f32> for Value {
    fn from(from: &'a f32) -> Value {
        Value::Real((*from).into())
    }
}

/// The integer types, by value and by reference, as the plist crate has them.
macro_rules! from_integer {
    ($($t:ty)*) => {$(
        impl From<$t> for Value {
            fn from(from: $t) -> Value {
                Value::Integer(Integer::from(from))
            }
        }

        impl<'a> From<&'a $t> for Value {
            fn from(from: &'a $t) -> Value {
                Value::Integer(Integer::from(*from))
            }
        }
    )*};
}

from_integer!(i8 i16 i32 i64 u8 u16 u32 u64);

impl From<String> for Value {
    fn from(from: String) -> Value {
        Value::String(from)
    }
}

impl<'a> From<&'a str> for Value {
    fn from(from: &'a str) -> Value {
        Value::String(from.into())
    }
}
