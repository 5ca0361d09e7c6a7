//! Lazy access: a `Node` is one object's location in the buffer. Leaves are read out
//! of the bytes on request; containers hand out their children one reference at a
//! time.

use std::borrow::Cow;

use super::document::{Document, Head};
use crate::error::{Error, ErrorKind};
use crate::format;
use crate::value::{Date, Integer, Uid};

/// The type of an object, from its marker.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// The `0x00` object, which CoreFoundation reads and plistlib writes for `None`.
    Null,
    Boolean,
    Integer,
    Real,
    Date,
    Data,
    String,
    Uid,
    Array,
    /// The `0xC` object: CoreFoundation reads it; it decodes as an array here.
    Set,
    Dictionary,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Null => "null",
            Kind::Boolean => "boolean",
            Kind::Integer => "integer",
            Kind::Real => "real",
            Kind::Date => "date",
            Kind::Data => "data",
            Kind::String => "string",
            Kind::Uid => "UID",
            Kind::Array => "array",
            Kind::Set => "set",
            Kind::Dictionary => "dictionary",
        }
    }
}

/// One object of a [`Document`], read lazily. Cheap to copy.
#[derive(Clone, Copy)]
pub struct Node<'d, 'a> {
    pub(crate) doc: &'d Document<'a>,
    pub(crate) head: Head,
}

impl std::fmt::Debug for Node<'_, '_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Node")
            .field("kind", &self.kind())
            .field("index", &self.head.index)
            .field("offset", &self.offset())
            .finish()
    }
}

impl<'d, 'a> Node<'d, 'a> {
    pub(crate) fn new(doc: &'d Document<'a>, head: Head) -> Node<'d, 'a> {
        Node { doc, head }
    }

    pub fn document(&self) -> &'d Document<'a> {
        self.doc
    }

    pub fn kind(&self) -> Kind {
        match self.head.marker >> 4 {
            0x0 if self.head.marker == format::NULL => Kind::Null,
            0x0 => Kind::Boolean,
            0x1 => Kind::Integer,
            0x2 => Kind::Real,
            0x3 => Kind::Date,
            0x4 => Kind::Data,
            0x5 | 0x6 => Kind::String,
            0x8 => Kind::Uid,
            0xA => Kind::Array,
            0xC => Kind::Set,
            _ => Kind::Dictionary,
        }
    }

    /// Index in the offset table.
    pub fn index(&self) -> u64 {
        self.head.index
    }

    /// Byte offset of the object's marker.
    pub fn offset(&self) -> u64 {
        self.doc.offset_of(self.head.index)
    }

    /// Elements of an array or set, entries of a dictionary, bytes of data, UTF-16
    /// units or bytes of a string; 0 for other objects.
    pub fn len(&self) -> usize {
        self.head.count as usize
    }

    pub fn is_empty(&self) -> bool {
        self.head.count == 0
    }

    /// An error located at this object.
    #[cold]
    pub fn error(&self, kind: ErrorKind) -> Error {
        self.doc.object_error(self.head.index, kind)
    }

    /// The "expected X, found Y" error for this object.
    #[cold]
    pub fn mismatch(&self, expected: &'static str) -> Error {
        self.error(ErrorKind::TypeMismatch {
            expected,
            found: self.kind().name(),
        })
    }

    fn body(&self, len: usize) -> &'a [u8] {
        // `Document::head` checked that the payload fits in the object area.
        &self.doc.bytes[self.head.body..self.head.body + len]
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self.head.marker {
            format::TRUE => Some(true),
            format::FALSE => Some(false),
            _ => None,
        }
    }

    /// 1-, 2- and 4-byte integers are unsigned, 8-byte ones signed. A 16-byte
    /// integer is read as signed 128-bit and must fit `i64::MIN ..= u64::MAX`;
    /// CoreFoundation writes it for unsigned values above `i64::MAX`.
    pub fn as_integer(&self) -> Option<Integer> {
        if self.head.marker >> 4 != 1 {
            return None;
        }
        let width = 1usize << (self.head.marker & 0x0F);
        let b = self.body(width);
        match width {
            8 => Some(Integer::from(i64::from_be_bytes(b.try_into().unwrap()))),
            16 => Integer::from_i128(i128::from_be_bytes(b.try_into().unwrap())),
            _ => Some(Integer::from(format::get_uint(b))),
        }
    }

    pub fn as_i64(&self) -> Option<i64> {
        self.as_integer()?.as_i64()
    }

    pub fn as_u64(&self) -> Option<u64> {
        self.as_integer()?.as_u64()
    }

    /// A real of 4 or 8 bytes, widened to `f64`.
    pub fn as_real(&self) -> Option<f64> {
        match self.head.marker {
            format::REAL32 => Some(f32::from_be_bytes(self.body(4).try_into().unwrap()) as f64),
            format::REAL64 => Some(f64::from_be_bytes(self.body(8).try_into().unwrap())),
            _ => None,
        }
    }

    /// A real, or an integer converted to `f64`, as Foundation's decoder accepts for
    /// a floating-point field.
    pub fn as_f64(&self) -> Option<f64> {
        self.as_real()
            .or_else(|| self.as_integer().map(|i| i.as_i128() as f64))
    }

    pub fn as_date(&self) -> Option<Date> {
        (self.head.marker == format::DATE).then(|| {
            Date::from_seconds_since_2001(f64::from_be_bytes(self.body(8).try_into().unwrap()))
        })
    }

    pub fn as_uid(&self) -> Option<Uid> {
        (self.head.marker >> 4 == 0x8).then(|| {
            let width = (self.head.marker & 0x0F) as usize + 1;
            Uid::new(format::get_uint(self.body(width)))
        })
    }

    /// The bytes of a data object, borrowed from the input.
    pub fn as_data(&self) -> Option<&'a [u8]> {
        (self.head.marker >> 4 == 0x4).then(|| self.body(self.head.count as usize))
    }

    /// The text of an ASCII string object, borrowed from the input. `None` for UTF-16
    /// strings, which must be converted, and for non-strings.
    pub fn as_ascii(&self) -> Option<&'a str> {
        self.doc.ascii_text(&self.head)
    }

    /// True for an ASCII string that reads exactly `$null`, Foundation's nil.
    pub fn is_null_marker(&self) -> bool {
        self.head.marker == format::NULL || self.as_ascii() == Some(format::NULL_STRING)
    }

    /// The text of a string object: borrowed when ASCII, converted when UTF-16.
    pub fn as_str(&self) -> Option<Cow<'a, str>> {
        self.to_str().ok()
    }

    /// Like [`Node::as_str`], with an error that says what was wrong.
    pub fn to_str(&self) -> Result<Cow<'a, str>, Error> {
        match self.head.marker >> 4 {
            0x5 => {
                if let Some(s) = self.as_ascii() {
                    return Ok(Cow::Borrowed(s));
                }
                let bytes = self.body(self.head.count as usize);
                // CoreFoundation reads the bytes of an "ASCII" string as Latin-1.
                Ok(Cow::Owned(bytes.iter().map(|&b| b as char).collect()))
            }
            0x6 => {
                let bytes = self.body(2 * self.head.count as usize);
                let units = bytes
                    .chunks_exact(2)
                    .map(|u| u16::from_be_bytes([u[0], u[1]]));
                char::decode_utf16(units)
                    .collect::<Result<String, _>>()
                    .map(Cow::Owned)
                    .map_err(|_| self.error(ErrorKind::InvalidString("unpaired UTF-16 surrogate")))
            }
            _ => Err(self.mismatch("string")),
        }
    }

    /// True when this is a string equal to `key`. Compares raw ASCII or UTF-16
    /// bytes; allocates nothing.
    pub fn str_eq(&self, key: &str) -> bool {
        match self.head.marker >> 4 {
            0x5 => {
                let bytes = self.body(self.head.count as usize);
                if bytes.is_ascii() {
                    bytes == key.as_bytes()
                } else {
                    // Bytes ≥ 0x80 are Latin-1, as `to_str` reads them, not UTF-8.
                    bytes.iter().map(|&b| char::from(b)).eq(key.chars())
                }
            }
            0x6 => {
                let bytes = self.body(2 * self.head.count as usize);
                let mut units = bytes
                    .chunks_exact(2)
                    .map(|u| u16::from_be_bytes([u[0], u[1]]));
                key.encode_utf16().all(|k| units.next() == Some(k)) && units.next().is_none()
            }
            _ => false,
        }
    }

    /// The `j`th child of an array or set, or the `j`th key (`j < len`) or value
    /// (`len <= j < 2 len`) of a dictionary. Always inlined: see `Document::head`.
    #[inline(always)]
    pub(crate) fn child(&self, j: u64) -> Result<Node<'d, 'a>, Error> {
        let index = self.doc.child_index(&self.head, j)?;
        if let Some(head) = self.doc.cached_head(index) {
            return Ok(Node::new(self.doc, head));
        }
        match self.doc.head(index) {
            Ok(head) => Ok(Node::new(self.doc, head)),
            Err(e) => Err(self.locate(e)),
        }
    }

    /// Places an error that carries no position at this object.
    #[cold]
    #[inline(never)]
    fn locate(&self, e: Error) -> Error {
        e.with_position(self.offset(), self.head.index)
    }

    fn is_sequence(&self) -> bool {
        matches!(self.head.marker >> 4, 0xA | 0xC)
    }

    pub fn is_dictionary(&self) -> bool {
        self.head.marker >> 4 == 0xD
    }

    /// Element `i` of an array or set.
    pub fn at(&self, i: usize) -> Result<Option<Node<'d, 'a>>, Error> {
        if !self.is_sequence() {
            return Err(self.mismatch("array"));
        }
        if i as u64 >= self.head.count {
            return Ok(None);
        }
        self.child(i as u64).map(Some)
    }

    /// The value of `key` in a dictionary; the first entry wins if a key repeats, as
    /// in CoreFoundation. Reads only the key objects, through the document's key
    /// cache, and the one value.
    pub fn get(&self, key: &str) -> Result<Option<Node<'d, 'a>>, Error> {
        for field in Fields::new(self)? {
            let field = field?;
            if field.str_eq(key) {
                return field.value().map(Some);
            }
        }
        Ok(None)
    }

    /// The elements of an array or set.
    pub fn elements(&self) -> Result<Elements<'d, 'a>, Error> {
        if !self.is_sequence() {
            return Err(self.mismatch("array"));
        }
        Ok(Elements {
            node: *self,
            next: 0,
        })
    }

    /// The (key, value) entries of a dictionary, in file order.
    pub fn entries(&self) -> Result<Entries<'d, 'a>, Error> {
        if !self.is_dictionary() {
            return Err(self.mismatch("dictionary"));
        }
        Ok(Entries {
            node: *self,
            next: 0,
        })
    }

    /// Decodes this object (and everything under it) into `T`, within the document's
    /// [`crate::Limits`].
    pub fn decode<T: crate::FromPlist<'a>>(&self) -> Result<T, Error> {
        self.doc.begin_decode();
        T::from_plist(*self)
    }

    /// Decodes this object into an owned tree.
    pub fn to_value(&self) -> Result<crate::PlistValue, Error> {
        self.doc.begin_decode();
        super::eager::decode_value(*self)
    }

    /// Enters a container during a typed decode: checks the depth limit and charges
    /// its children to the node budget. The guard leaves on drop.
    pub fn enter(&self) -> Result<DepthGuard<'d>, Error> {
        let depth = self.doc.depth.get() + 1;
        if depth > self.doc.limits.max_depth {
            return Err(self.error(ErrorKind::DepthLimit(self.doc.limits.max_depth)));
        }
        self.doc.charge_nodes(self.head.count.max(1), &self.head)?;
        self.doc.depth.set(depth);
        Ok(DepthGuard {
            depth: &self.doc.depth,
        })
    }

    /// Charges bytes copied out of the input to the decode's byte budget.
    pub fn charge_bytes(&self, n: usize) -> Result<(), Error> {
        self.doc.charge_bytes(n as u64, &self.head)
    }

    pub(crate) fn charge_nodes(&self, n: u64) -> Result<(), Error> {
        self.doc.charge_nodes(n, &self.head)
    }
}

/// Leaves one level of a typed decode when dropped.
pub struct DepthGuard<'d> {
    depth: &'d std::cell::Cell<usize>,
}

impl Drop for DepthGuard<'_> {
    fn drop(&mut self) {
        self.depth.set(self.depth.get() - 1);
    }
}

/// Iterator over an array's elements; each item is read when reached.
pub struct Elements<'d, 'a> {
    node: Node<'d, 'a>,
    next: u64,
}

impl<'d, 'a> Iterator for Elements<'d, 'a> {
    type Item = Result<Node<'d, 'a>, Error>;
    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        if self.next >= self.node.head.count {
            return None;
        }
        self.next += 1;
        Some(self.node.child(self.next - 1))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = (self.node.head.count - self.next) as usize;
        (left, Some(left))
    }
}

impl ExactSizeIterator for Elements<'_, '_> {}

/// Iterator over a dictionary's (key, value) entries.
pub struct Entries<'d, 'a> {
    node: Node<'d, 'a>,
    next: u64,
}

impl<'d, 'a> Iterator for Entries<'d, 'a> {
    type Item = Result<(Node<'d, 'a>, Node<'d, 'a>), Error>;
    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        let n = self.node.head.count;
        if self.next >= n {
            return None;
        }
        let j = self.next;
        self.next += 1;
        Some(
            self.node
                .child(j)
                .and_then(|k| Ok((k, self.node.child(n + j)?))),
        )
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = (self.node.head.count - self.next) as usize;
        (left, Some(left))
    }
}

impl ExactSizeIterator for Entries<'_, '_> {}

/// A dictionary's entries as a typed decode reads them: each key through the
/// document's string cache, so a repeated ASCII key skips the offset table, marker
/// and ASCII check; each value only when asked for, so a key that names no field
/// costs no value read. Generated code reaches it through `__private`.
pub struct Fields<'d, 'a> {
    dict: Node<'d, 'a>,
    next: u64,
}

impl<'d, 'a> Fields<'d, 'a> {
    /// The fields of `dict`, or the error that it is not a dictionary.
    #[inline]
    pub fn new(dict: &Node<'d, 'a>) -> Result<Fields<'d, 'a>, Error> {
        if !dict.is_dictionary() {
            return Err(dict.mismatch("dictionary"));
        }
        Ok(Fields {
            dict: *dict,
            next: 0,
        })
    }
}

impl<'d, 'a> Iterator for Fields<'d, 'a> {
    type Item = Result<FieldKey<'d, 'a>, Error>;
    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        if self.next >= self.dict.head.count {
            return None;
        }
        let entry = self.next;
        self.next += 1;
        Some(FieldKey::read(self.dict, entry))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = (self.dict.head.count - self.next) as usize;
        (left, Some(left))
    }
}

/// Key `entry` of a dictionary, with what it takes to read the entry's value.
#[derive(Clone, Copy)]
pub struct FieldKey<'d, 'a> {
    dict: Node<'d, 'a>,
    entry: u64,
    key: Key<'d, 'a>,
}

/// A key as a matcher compares it: the text of an ASCII string, or any other key
/// object (UTF-16, Latin-1, not a string), which is rare and compared the slow way.
#[derive(Clone, Copy)]
pub enum Key<'d, 'a> {
    Ascii(&'a str),
    Other(Node<'d, 'a>),
}

impl<'d, 'a> Key<'d, 'a> {
    /// `node` as a key: variant names are matched like field keys.
    #[inline]
    pub fn of(node: &Node<'d, 'a>) -> Key<'d, 'a> {
        match node.as_ascii() {
            Some(text) => Key::Ascii(text),
            None => Key::Other(*node),
        }
    }
}

impl<'d, 'a> FieldKey<'d, 'a> {
    /// Reads key `entry` of `dict`. Errors are those of reading the key node: the
    /// cache is filled only from a node read that succeeded. Inlined into every
    /// struct's loop: as a call, returning the key through memory cost about 40
    /// instructions a key.
    #[inline(always)]
    pub(crate) fn read(dict: Node<'d, 'a>, entry: u64) -> Result<Self, Error> {
        let index = dict.doc.child_index(&dict.head, entry)?;
        let key = match dict.doc.ascii_key(index)? {
            Ok(text) => Key::Ascii(text),
            Err(head) => Key::Other(Node::new(dict.doc, head)),
        };
        Ok(FieldKey { dict, entry, key })
    }

    #[inline]
    pub fn key(&self) -> Key<'d, 'a> {
        self.key
    }

    /// The key object. An ASCII key is read again: only errors and maps' keys,
    /// which go through `FromPlist`, need it.
    pub fn node(&self) -> Result<Node<'d, 'a>, Error> {
        match self.key {
            Key::Ascii(_) => self.dict.child(self.entry),
            Key::Other(node) => Ok(node),
        }
    }

    /// The entry's value, read now.
    #[inline]
    pub fn value(&self) -> Result<Node<'d, 'a>, Error> {
        self.dict.child(self.dict.head.count + self.entry)
    }

    /// True when the key is a string equal to `text`, as [`Node::str_eq`].
    #[inline]
    pub fn str_eq(&self, text: &str) -> bool {
        match self.key {
            Key::Ascii(key) => key == text,
            Key::Other(node) => node.str_eq(text),
        }
    }
}
