//! A dictionary read the way a typed decode reads it: each key through the
//! document's string cache, each value only when it is asked for. The derive's
//! generated code, the map impls and the serde deserializer all read entries here.

use super::keys::{KeyText, INDEX_FROM, LONGEST_KEY};
use super::node::{Kind, Node};
use crate::error::{Error, ErrorKind};

/// Reading a dictionary by key goes through the keys' string cache.
impl<'d, 'a> Node<'d, 'a> {
    /// The value of `key` in a dictionary; the first entry wins if a key repeats, as
    /// in CoreFoundation. Reads only the key objects, through the document's key
    /// cache, and the one value. A key that is not a string matches nothing: lazy
    /// reading takes such a dictionary as it is. In a dictionary of 64 entries or
    /// more, the first lookup reads every key into an index that the document keeps,
    /// and later lookups take a hash and a probe or two.
    ///
    /// # Errors
    /// When this is not a dictionary, or a key or the value cannot be located.
    pub fn get(&self, key: &str) -> Result<Option<Node<'d, 'a>>, Error> {
        if self.len() >= INDEX_FROM && self.is_dictionary() {
            if let Some(found) = self.indexed_get(key) {
                return found;
            }
        }
        let dict = Fields::new(self)?.dict;
        for entry in 0..dict.len() as u64 {
            let field = FieldKey::read(dict, entry)?;
            if field.str_eq(key) {
                return field.value().map(Some);
            }
        }
        Ok(None)
    }

    /// [`Node::get`] through the document's index of this dictionary's keys.
    fn indexed_get(&self, key: &str) -> Option<Result<Option<Node<'d, 'a>>, Error>> {
        let text = |j| {
            let k = self.child(j)?;
            Ok(match k.kind() {
                Kind::String if k.len() > LONGEST_KEY => KeyText::TooLong,
                Kind::String => k.to_str().map_or(KeyText::NotText, KeyText::Text),
                _ => KeyText::NotText,
            })
        };
        let equals = |j, t: &str| Ok(self.child(j)?.str_eq(t));
        let n = self.len();
        let found = self
            .document()
            .key_indexes()
            .find(self.index(), n, key, text, equals)?;
        Some(found.and_then(|entry| match entry {
            Some(j) => self.child(n as u64 + j).map(Some),
            None => Ok(None),
        }))
    }
}

/// A dictionary's entries as a typed decode reads them: each key through the
/// document's string cache, so a repeated ASCII key skips the offset table, marker
/// and ASCII check; each value only when asked for, so a key that names no field
/// costs no value read. Generated code reaches it through `__private`.
pub struct Fields<'d, 'a> {
    dict: Node<'d, 'a>,
    next: u64,
}

impl<'d, 'a> Fields<'d, 'a> {
    /// The fields of `dict`.
    ///
    /// # Errors
    /// When `dict` is not a dictionary.
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
    /// Inlined into every struct's loop, as [`FieldKey::read`] is: the key it
    /// returns is too large for registers.
    #[inline(always)]
    fn next(&mut self) -> Option<Self::Item> {
        if self.next >= self.dict.len() as u64 {
            return None;
        }
        let entry = self.next;
        self.next += 1;
        Some(FieldKey::read(self.dict, entry).and_then(FieldKey::string))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.dict.len() - self.next as usize;
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
    /// An ASCII string's text, from the string cache.
    Ascii(&'a str),
    /// Any other key object.
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
        let doc = dict.document();
        let index = doc.child_index(dict.head(), entry)?;
        let key = match doc.ascii_key(index)? {
            Ok(text) => Key::Ascii(text),
            Err(head) => Key::Other(Node::new(doc, head)),
        };
        Ok(FieldKey { dict, entry, key })
    }

    /// The key, as a matcher compares it.
    #[inline]
    pub fn key(&self) -> Key<'d, 'a> {
        self.key
    }

    /// The key object. An ASCII key is read again: only errors and maps' keys,
    /// which go through `FromPlist`, need it.
    ///
    /// # Errors
    /// When the key object cannot be located.
    pub fn node(&self) -> Result<Node<'d, 'a>, Error> {
        match self.key {
            Key::Ascii(_) => self.dict.child(self.entry),
            Key::Other(node) => Ok(node),
        }
    }

    /// The entry's value, read now.
    ///
    /// # Errors
    /// When the value cannot be located.
    #[inline]
    pub fn value(&self) -> Result<Node<'d, 'a>, Error> {
        self.dict.child(self.dict.len() as u64 + self.entry)
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

impl FieldKey<'_, '_> {
    /// This key, unless it is not a string: a typed decode may not skip such a key
    /// as one that names no field, since `PlistValue`, the maps and serde reject it.
    /// Inlined: as a call, the 96-byte key went through memory both ways.
    #[inline(always)]
    fn string(self) -> Result<Self, Error> {
        match &self.key {
            Key::Other(node) if node.kind() != Kind::String => Err(non_string_key(node)),
            _ => Ok(self),
        }
    }
}

#[cold]
fn non_string_key(node: &Node<'_, '_>) -> Error {
    node.error(ErrorKind::NonStringKey(node.kind().name()))
}
