//! Lazy access: a `Node` is one object's location in the buffer. Leaves are read out
//! of the bytes on request; containers hand out their children one reference at a
//! time.

use std::borrow::Cow;

use super::context::DepthGuard;
use super::document::{Document, Head};
use crate::error::{Budget, Error, ErrorKind, StringRule};
use crate::format;
use crate::value::{Date, Integer, Uid};

const SINGLETON: u8 = format::type_of(format::NULL);
const DATE_TYPE: u8 = format::type_of(format::DATE);

/// The type of an object, from its marker.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// The `0x00` object, which CoreFoundation reads and plistlib writes for `None`.
    Null,
    /// `true` or `false`.
    Boolean,
    /// An integer of 1 to 16 bytes.
    Integer,
    /// A real of 4 or 8 bytes.
    Real,
    /// A date.
    Date,
    /// Bytes.
    Data,
    /// An ASCII or UTF-16 string.
    String,
    /// A keyed-archiver UID.
    Uid,
    /// An array.
    Array,
    /// The `0xC` object: CoreFoundation reads it; it decodes as an array here.
    Set,
    /// A dictionary.
    Dictionary,
}

impl Kind {
    /// A word for error messages: "integer", "dictionary", …
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
///
/// A node is where an object is: reading its leaf value, or stepping to a child, reads
/// only that object. `'d` borrows the document, `'a` the input, so strings and data
/// borrowed from a node outlive it.
///
/// ```
/// use plistvalue::{plist, Document, Kind};
/// let bytes = plistvalue::to_vec(&plist!({ "name": "Ada", "scores": [90, 85] })).unwrap();
/// let doc = Document::from_slice(&bytes).unwrap();
/// let root = doc.root().unwrap();
/// assert_eq!(root.kind(), Kind::Dictionary);
/// let scores = root.get("scores").unwrap().expect("the key is there");
/// let total: i64 = scores.elements().unwrap().map(|n| n.unwrap().as_i64().unwrap()).sum();
/// assert_eq!(total, 175);
/// let name: &str = root.get("name").unwrap().unwrap().decode().unwrap();
/// assert_eq!(name, "Ada");
/// ```
#[derive(Clone, Copy)]
pub struct Node<'d, 'a> {
    doc: &'d Document<'a>,
    head: Head,
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

/// A document is read from its nodes.
impl<'a> Document<'a> {
    /// The top object.
    ///
    /// # Errors
    /// When its marker or payload bounds are invalid (its offset was checked at open).
    pub fn root(&self) -> Result<Node<'_, 'a>, Error> {
        self.node(self.top_object())
    }

    /// The object at an index of the offset table.
    ///
    /// # Errors
    /// When `index` is not below [`Document::len`], or the object's offset, marker or
    /// payload bounds are invalid.
    pub fn node(&self, index: u64) -> Result<Node<'_, 'a>, Error> {
        Ok(Node::new(self, self.head(index)?))
    }
}

impl<'d, 'a> Node<'d, 'a> {
    pub(super) fn new(doc: &'d Document<'a>, head: Head) -> Node<'d, 'a> {
        Node { doc, head }
    }

    /// Where the object is and what its marker says.
    #[inline(always)]
    pub(super) fn head(&self) -> &Head {
        &self.head
    }

    /// The document this node belongs to.
    pub fn document(&self) -> &'d Document<'a> {
        self.doc
    }

    /// The object's type.
    pub fn kind(&self) -> Kind {
        match format::type_of(self.head.marker) {
            SINGLETON if self.head.marker == format::NULL => Kind::Null,
            SINGLETON => Kind::Boolean,
            format::INT => Kind::Integer,
            format::REAL => Kind::Real,
            DATE_TYPE => Kind::Date,
            format::DATA => Kind::Data,
            format::ASCII | format::UTF16 => Kind::String,
            format::UID => Kind::Uid,
            format::ARRAY => Kind::Array,
            format::SET => Kind::Set,
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

    /// True when [`Node::len`] is 0.
    pub fn is_empty(&self) -> bool {
        self.head.count == 0
    }

    /// An error located at this object: a hand-written
    /// [`FromPlist`](crate::FromPlist) impl reports what it refuses with it, and the
    /// containers around it add the key path.
    ///
    /// ```
    /// use plistvalue::{Error, ErrorKind, FromPlist, Node};
    ///
    /// /// A port number, read from an integer in 1 ..= 65535.
    /// struct Port(u16);
    ///
    /// impl<'a> FromPlist<'a> for Port {
    ///     fn from_plist(node: &Node<'_, 'a>) -> Result<Port, Error> {
    ///         match node.as_u64() {
    ///             Some(p @ 1..=65535) => Ok(Port(p as u16)),
    ///             Some(_) => Err(node.error(ErrorKind::Custom("not a port".into()))),
    ///             None => Err(node.mismatch("integer (a port)")),
    ///         }
    ///     }
    /// }
    /// let bytes = plistvalue::to_vec(&plistvalue::plist!({ "port": 0 })).unwrap();
    /// let err = plistvalue::from_slice::<std::collections::HashMap<String, Port>>(&bytes)
    ///     .err()
    ///     .unwrap();
    /// assert_eq!(err.path_string(), "port");
    /// assert!(err.offset().is_some());
    /// ```
    #[cold]
    pub fn error(&self, kind: ErrorKind) -> Error {
        self.doc.object_error(self.head.index, kind)
    }

    /// The "expected X, found Y" error for this object, `expected` naming what the
    /// impl reads; see [`Node::error`].
    #[cold]
    pub fn mismatch(&self, expected: &'static str) -> Error {
        self.error(ErrorKind::TypeMismatch {
            expected,
            found: self.kind().name(),
        })
    }

    fn body(&self, len: usize) -> &'a [u8] {
        self.doc.payload(&self.head, len)
    }

    /// The value of a boolean.
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
        if format::type_of(self.head.marker) != format::INT {
            return None;
        }
        let width = 1usize << format::info(self.head.marker);
        let b = self.body(width);
        match width {
            8 => Some(Integer::from(i64::from_be_bytes(b.try_into().unwrap()))),
            16 => Integer::from_i128(i128::from_be_bytes(b.try_into().unwrap())),
            _ => Some(Integer::from(format::get_uint(b))),
        }
    }

    /// An integer that fits `i64`.
    pub fn as_i64(&self) -> Option<i64> {
        self.as_integer()?.as_i64()
    }

    /// An integer that fits `u64`.
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

    /// The value of a date.
    pub fn as_date(&self) -> Option<Date> {
        (self.head.marker == format::DATE).then(|| {
            Date::from_seconds_since_2001(f64::from_be_bytes(self.body(8).try_into().unwrap()))
        })
    }

    /// The value of a UID.
    pub fn as_uid(&self) -> Option<Uid> {
        (format::type_of(self.head.marker) == format::UID).then(|| {
            let width = format::info(self.head.marker) as usize + 1;
            Uid::new(format::get_uint(self.body(width)))
        })
    }

    /// The bytes of a data object, borrowed from the input.
    pub fn as_data(&self) -> Option<&'a [u8]> {
        (format::type_of(self.head.marker) == format::DATA)
            .then(|| self.body(self.head.count as usize))
    }

    /// The text of an ASCII string object, borrowed from the input. `None` for UTF-16
    /// strings, which must be converted, and for non-strings.
    #[inline]
    pub fn as_ascii(&self) -> Option<&'a str> {
        self.doc.ascii_text(&self.head)
    }

    /// True for an ASCII string that reads exactly `$null`, Foundation's nil.
    pub(crate) fn is_null_marker(&self) -> bool {
        self.head.marker == format::NULL || self.as_ascii() == Some(format::NULL_STRING)
    }

    /// The text of a string object: borrowed when ASCII, converted when UTF-16.
    pub fn as_str(&self) -> Option<Cow<'a, str>> {
        self.to_str().ok()
    }

    /// Like [`Node::as_str`], with an error that says what was wrong.
    ///
    /// # Errors
    /// When this is not a string, or a UTF-16 one holds an unpaired surrogate.
    pub fn to_str(&self) -> Result<Cow<'a, str>, Error> {
        match format::type_of(self.head.marker) {
            // A converted string is sized exactly first, so that it holds no spare
            // capacity a decode's heap budget does not see.
            format::ASCII => {
                if let Some(s) = self.as_ascii() {
                    return Ok(Cow::Borrowed(s));
                }
                let bytes = self.body(self.head.count as usize);
                // CoreFoundation reads the bytes of an "ASCII" string as Latin-1:
                // those above 0x7F take two bytes of UTF-8.
                let wide = bytes.iter().filter(|&&b| b > 0x7F).count();
                let mut s = String::with_capacity(bytes.len() + wide);
                s.extend(bytes.iter().map(|&b| char::from(b)));
                Ok(Cow::Owned(s))
            }
            format::UTF16 => {
                let bytes = self.body(2 * self.head.count as usize);
                let chars = || {
                    let units = bytes
                        .chunks_exact(2)
                        .map(|u| u16::from_be_bytes([u[0], u[1]]));
                    char::decode_utf16(units)
                };
                let mut len = 0;
                for c in chars() {
                    let c = c.map_err(|_| {
                        self.error(ErrorKind::InvalidString(StringRule::UnpairedSurrogate))
                    })?;
                    len += c.len_utf8();
                }
                let mut s = String::with_capacity(len);
                s.extend(chars().map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER)));
                Ok(Cow::Owned(s))
            }
            _ => Err(self.mismatch("string")),
        }
    }

    /// Checks that this is a string that [`Node::to_str`] reads, without
    /// converting it: an ASCII string always reads (bytes above 0x7F as
    /// Latin-1), a UTF-16 one unless it holds an unpaired surrogate. What a
    /// check costs is bounded whatever the file, however its strings overlap,
    /// where `to_str` converts the whole string every time.
    ///
    /// ```
    /// use plistvalue::{plist, Document};
    /// let bytes = plistvalue::to_vec(&plist!(["plain", "naïve ☺"])).unwrap();
    /// let doc = Document::from_slice(&bytes).unwrap();
    /// for s in doc.root().unwrap().elements().unwrap() {
    ///     s.unwrap().check_str().unwrap();
    /// }
    /// ```
    ///
    /// # Errors
    /// As [`Node::to_str`]: when this is not a string, or a UTF-16 one holds an
    /// unpaired surrogate.
    pub fn check_str(&self) -> Result<(), Error> {
        match format::type_of(self.head.marker) {
            format::ASCII => Ok(()),
            format::UTF16 if self.doc.is_utf16(&self.head) => Ok(()),
            format::UTF16 => {
                Err(self.error(ErrorKind::InvalidString(StringRule::UnpairedSurrogate)))
            }
            _ => Err(self.mismatch("string")),
        }
    }

    /// True when this is a string equal to `key`. Compares raw ASCII or UTF-16
    /// bytes; allocates nothing.
    pub fn str_eq(&self, key: &str) -> bool {
        match format::type_of(self.head.marker) {
            format::ASCII => {
                let bytes = self.body(self.head.count as usize);
                if bytes.len() != key.len() && key.is_ascii() {
                    // Latin-1 text is as long in characters as in bytes.
                    false
                } else if self.doc.is_ascii(&self.head) {
                    bytes == key.as_bytes()
                } else {
                    // Bytes ≥ 0x80 are Latin-1, as `to_str` reads them, not UTF-8.
                    bytes.iter().map(|&b| char::from(b)).eq(key.chars())
                }
            }
            format::UTF16 => {
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
        matches!(
            format::type_of(self.head.marker),
            format::ARRAY | format::SET
        )
    }

    /// True for a dictionary.
    pub fn is_dictionary(&self) -> bool {
        format::type_of(self.head.marker) == format::DICT
    }

    /// Element `i` of an array or set; `None` past the end.
    ///
    /// # Errors
    /// When this is not an array or set, or the element cannot be located.
    pub fn at(&self, i: usize) -> Result<Option<Node<'d, 'a>>, Error> {
        if !self.is_sequence() {
            return Err(self.mismatch("array"));
        }
        if i as u64 >= self.head.count {
            return Ok(None);
        }
        self.child(i as u64).map(Some)
    }

    /// The elements of an array or set.
    ///
    /// # Errors
    /// When this is not an array or set.
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
    ///
    /// # Errors
    /// When this is not a dictionary.
    pub fn entries(&self) -> Result<Entries<'d, 'a>, Error> {
        if !self.is_dictionary() {
            return Err(self.mismatch("dictionary"));
        }
        Ok(Entries {
            node: *self,
            next: 0,
        })
    }

    /// Starts the budgets of a decode from this node (nested decodes share them).
    pub(crate) fn begin_decode(&self) {
        self.doc.context().begin();
    }

    /// Enters a container during a typed decode: checks the depth limit and charges
    /// its children to the node budget. The guard leaves the level on drop. Impls of
    /// [`FromPlist`](crate::FromPlist) for recursive types call it once per level
    /// (see [`DepthGuard`]).
    ///
    /// # Errors
    /// [`ErrorKind::DepthLimit`] past [`Limits::max_depth`](crate::Limits::max_depth),
    /// [`ErrorKind::BudgetExceeded`] when the node budget runs out.
    pub fn enter(&self) -> Result<DepthGuard<'d>, Error> {
        let guard = self
            .doc
            .context()
            .descend()
            .map_err(|max| self.error(ErrorKind::DepthLimit(max)))?;
        self.charge_nodes(self.head.count.max(1))?;
        Ok(guard)
    }

    /// Charges bytes copied out of the input to the decode's byte budget.
    #[inline]
    pub(crate) fn charge_bytes(&self, n: usize) -> Result<(), Error> {
        self.doc
            .context()
            .charge_bytes(n as u64)
            .map_err(|b| self.over_budget(b))
    }

    /// Charges values a decode produces to its node budget.
    #[inline]
    pub(crate) fn charge_nodes(&self, n: u64) -> Result<(), Error> {
        self.doc
            .context()
            .charge_nodes(n)
            .map_err(|b| self.over_budget(b))
    }

    /// Charges bytes of containers a decode allocates to its heap budget.
    #[inline]
    pub(crate) fn charge_heap(&self, n: usize) -> Result<(), Error> {
        self.doc
            .context()
            .charge_heap(n as u64)
            .map_err(|b| self.over_budget(b))
    }

    #[cold]
    fn over_budget(&self, budget: Budget) -> Error {
        self.error(self.doc.context().exceeded(budget))
    }
}

/// Iterator over an array's elements; each item is read when reached.
#[derive(Clone)]
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

/// Iterator over a dictionary's (key, value) entries; each is read when reached.
#[derive(Clone)]
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

#[cfg(test)]
mod lazy_tests {
    //! Lazy access reads only what it needs: the object headers read to reach one
    //! field depend on its depth and its dictionaries' widths, not on the document
    //! size, and repeated text comes from the document's string cache.

    use crate::reader::{Document, Kind};
    use crate::value::PlistValue;

    fn document(messages: usize) -> Vec<u8> {
        let list: PlistValue = (0..messages)
            .map(|i| {
                crate::plist!({
                    "id": (i as u64),
                    "url": (format!("https://example.com/{i}")),
                    "request": { "headers": [
                        { "name": "Host", "value": "example.com" },
                        { "name": "Accept", "value": "*/*" },
                        { "name": "X-Id", "value": (format!("{i:x}")) }
                    ]}
                })
            })
            .collect();
        crate::to_vec(&crate::plist!({ "name": "lazy", "messages": list })).unwrap()
    }

    /// Reads `messages[n/2].request.headers[2].value`; returns the value and how
    /// many object headers that took.
    fn read_one_field(bytes: &[u8], n: usize) -> (String, u64) {
        let doc = Document::from_slice(bytes).unwrap();
        let root = doc.root().unwrap();
        let message = root.get("messages").unwrap().unwrap().at(n / 2).unwrap();
        let headers = message.unwrap().get("request").unwrap().unwrap();
        let header = headers.get("headers").unwrap().unwrap().at(2).unwrap();
        let value = header.unwrap().get("value").unwrap().unwrap();
        (value.as_str().unwrap().into_owned(), doc.objects_read())
    }

    #[test]
    fn one_deep_field_touches_objects_in_proportion_to_depth_not_size() {
        let (v_small, read_small) = read_one_field(&document(10), 10);
        let (v_large, read_large) = read_one_field(&document(20_000), 20_000);
        assert_eq!(v_small, format!("{:x}", 5));
        assert_eq!(v_large, format!("{:x}", 10_000));
        // root, "messages" found after "name", messages[i], "id" "url" "request"
        // keys and the value, "headers", headers[2], "name" "value" keys and the
        // value.
        assert_eq!(
            read_small, read_large,
            "cost must not grow with the document"
        );
        assert!(read_large <= 16, "read {read_large} objects for one field");
    }

    /// A JSON pointer reads the objects on its path and the keys it compares.
    #[test]
    fn a_pointer_reads_a_handful_of_objects() {
        let bytes = document(5000);
        let doc = Document::from_slice(&bytes).unwrap();
        let url = doc.pointer("/messages/1234/url").unwrap().unwrap();
        assert_eq!(url.as_ascii(), Some("https://example.com/1234"));
        assert!(doc.objects_read() < 20, "read {}", doc.objects_read());
    }

    /// Every key object is read at most once per lookup, the ones the string cache
    /// cannot hold (UTF-16 text) included, and a repeated lookup of ASCII keys reads
    /// only the value.
    #[test]
    fn a_lookup_reads_each_key_once_and_cached_keys_not_at_all() {
        let bytes = crate::to_vec(&crate::plist!({ "naïve": 1, "b": 2 })).unwrap();
        let doc = Document::from_slice(&bytes).unwrap();
        let root = doc.root().unwrap();
        let before = doc.objects_read();
        assert_eq!(root.get("b").unwrap().unwrap().as_u64(), Some(2));
        // The two keys and the value.
        assert_eq!(doc.objects_read() - before, 3);
        let before = doc.objects_read();
        assert_eq!(root.get("b").unwrap().unwrap().as_u64(), Some(2));
        // The UTF-16 key again, and the value; "b" comes from the cache.
        assert_eq!(doc.objects_read() - before, 2);
    }

    /// Writers unique strings, so a repeated value is one object; once read as
    /// ASCII text it comes from the document's string cache, and the next read of
    /// it reads no object header at all. Text that is not ASCII is never cached and
    /// still reads right every time.
    #[test]
    fn a_repeated_string_value_is_read_once() {
        let bytes = crate::to_vec(&crate::plist!({
            "a": "keep-alive", "b": "keep-alive", "c": "naïve", "d": "naïve", "e": 7
        }))
        .unwrap();
        let doc = Document::from_slice(&bytes).unwrap();
        let root = doc.root().unwrap();
        let text = |key: &str| {
            let node = root.get(key).unwrap().unwrap();
            (node.kind(), node.as_str().unwrap().into_owned())
        };
        // Every key, read once and cached.
        assert_eq!(root.get("e").unwrap().unwrap().as_u64(), Some(7));
        let before = doc.objects_read();
        assert_eq!(text("a").1, "keep-alive");
        assert_eq!(doc.objects_read() - before, 1, "the value, once");
        let before = doc.objects_read();
        let (kind, b) = text("b");
        assert_eq!((kind, b.as_str()), (Kind::String, "keep-alive"));
        assert_eq!(doc.objects_read() - before, 0, "keys and value all cached");
        assert_eq!(text("c").1, "naïve");
        let before = doc.objects_read();
        assert_eq!(text("d").1, "naïve");
        assert_eq!(doc.objects_read() - before, 1, "UTF-16 text is read again");
        let before = doc.objects_read();
        assert_eq!(root.get("e").unwrap().unwrap().as_u64(), Some(7));
        assert_eq!(doc.objects_read() - before, 1);
    }

    /// Past the key index's threshold the first lookup reads every key once and
    /// later lookups read about the value and the key they find.
    #[test]
    fn later_lookups_in_a_large_dictionary_reuse_the_index() {
        let dict: crate::value::Dictionary = (0..5000u64).map(|i| (format!("k{i}"), i)).collect();
        let bytes = crate::to_vec(&dict).unwrap();
        let doc = Document::from_slice(&bytes).unwrap();
        let root = doc.root().unwrap();
        assert!(root.get("k4997").unwrap().is_some());
        let after_first = doc.objects_read();
        assert!(
            after_first >= 5000,
            "the first lookup reads every key: {after_first}"
        );
        for i in 0..1000 {
            let v = root.get(&format!("k{}", i * 5)).unwrap().unwrap();
            assert_eq!(v.as_u64(), Some(i * 5));
        }
        let per_lookup = (doc.objects_read() - after_first) as f64 / 1000.0;
        assert!(
            per_lookup < 4.0,
            "{per_lookup} objects read per later lookup"
        );
    }

    /// `obj_k = [obj_{k-1}, obj_{k-1}]`: 3k + 50 bytes that describe 2^(k+1) - 1
    /// values. A walk that visits each object once reads each header a bounded
    /// number of times, however many paths lead to it.
    #[test]
    fn a_doubling_dag_walked_once_per_object_reads_linearly() {
        let k: u8 = 64;
        let mut bytes = b"bplist00".to_vec();
        let mut offsets = vec![bytes.len() as u8];
        bytes.push(0xA0);
        for i in 1..=k {
            offsets.push(bytes.len() as u8);
            bytes.extend_from_slice(&[0xA2, i - 1, i - 1]);
        }
        let table = bytes.len() as u64;
        bytes.extend_from_slice(&offsets);
        bytes.extend_from_slice(&[0, 0, 0, 0, 0, 0, 1, 1]);
        bytes.extend_from_slice(&(u64::from(k) + 1).to_be_bytes());
        bytes.extend_from_slice(&u64::from(k).to_be_bytes());
        bytes.extend_from_slice(&table.to_be_bytes());

        let doc = Document::from_slice(&bytes).unwrap();
        let mut seen = vec![false; doc.len() as usize];
        let mut stack = vec![doc.root().unwrap()];
        let mut visited = 0;
        while let Some(node) = stack.pop() {
            let i = node.index() as usize;
            if std::mem::replace(&mut seen[i], true) {
                continue;
            }
            visited += 1;
            for e in node.elements().unwrap() {
                stack.push(e.unwrap());
            }
        }
        assert_eq!(visited, u64::from(k) + 1);
        let reads = doc.objects_read();
        assert!(reads <= 3 * (u64::from(k) + 1), "{reads} object reads");
    }
}
