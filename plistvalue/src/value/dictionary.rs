//! An insertion-ordered string-keyed map: CoreFoundation keeps no order, Foundation's
//! encoder keeps insertion order, and users diffing files want the order they wrote.

use std::ops::{Index, IndexMut};

use indexmap::IndexMap;

use super::PlistValue;

/// The map inside [`PlistValue::Dictionary`]. Keys keep their insertion order.
///
/// The map is boxed: an `IndexMap` is 72 bytes, and keeping it inline would make
/// every `PlistValue` (most of which are short strings and numbers) that large.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Dictionary(Box<IndexMap<String, PlistValue>>);

impl Dictionary {
    pub fn new() -> Dictionary {
        Dictionary(Box::default())
    }

    pub fn with_capacity(n: usize) -> Dictionary {
        Dictionary(Box::new(IndexMap::with_capacity(n)))
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn get(&self, key: &str) -> Option<&PlistValue> {
        self.0.get(key)
    }

    pub fn get_mut(&mut self, key: &str) -> Option<&mut PlistValue> {
        self.0.get_mut(key)
    }

    pub fn contains_key(&self, key: &str) -> bool {
        self.0.contains_key(key)
    }

    /// Replaces the value of an existing key in place, keeping its position.
    pub fn insert(
        &mut self,
        key: impl Into<String>,
        value: impl Into<PlistValue>,
    ) -> Option<PlistValue> {
        self.0.insert(key.into(), value.into())
    }

    /// Removes a key and keeps the order of the others.
    pub fn remove(&mut self, key: &str) -> Option<PlistValue> {
        self.0.shift_remove(key)
    }

    /// Entry API, as on `IndexMap`.
    pub fn entry(
        &mut self,
        key: impl Into<String>,
    ) -> indexmap::map::Entry<'_, String, PlistValue> {
        self.0.entry(key.into())
    }

    /// Sorts keys by their text, for output that diffs cleanly.
    pub fn sort_keys(&mut self) {
        self.0.sort_keys();
    }

    pub fn iter(&self) -> indexmap::map::Iter<'_, String, PlistValue> {
        self.0.iter()
    }

    pub fn iter_mut(&mut self) -> indexmap::map::IterMut<'_, String, PlistValue> {
        self.0.iter_mut()
    }

    pub fn keys(&self) -> indexmap::map::Keys<'_, String, PlistValue> {
        self.0.keys()
    }

    pub fn values(&self) -> indexmap::map::Values<'_, String, PlistValue> {
        self.0.values()
    }

    /// The entry at a position, in insertion order.
    pub fn get_index(&self, i: usize) -> Option<(&String, &PlistValue)> {
        self.0.get_index(i)
    }

    pub fn into_inner(self) -> IndexMap<String, PlistValue> {
        *self.0
    }

    pub(crate) fn inner_mut(&mut self) -> &mut IndexMap<String, PlistValue> {
        &mut self.0
    }
}

impl From<IndexMap<String, PlistValue>> for Dictionary {
    fn from(m: IndexMap<String, PlistValue>) -> Dictionary {
        Dictionary(Box::new(m))
    }
}

impl<K: Into<String>, V: Into<PlistValue>> FromIterator<(K, V)> for Dictionary {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Dictionary {
        Dictionary(Box::new(
            iter.into_iter()
                .map(|(k, v)| (k.into(), v.into()))
                .collect(),
        ))
    }
}

impl<K: Into<String>, V: Into<PlistValue>> Extend<(K, V)> for Dictionary {
    fn extend<I: IntoIterator<Item = (K, V)>>(&mut self, iter: I) {
        self.0
            .extend(iter.into_iter().map(|(k, v)| (k.into(), v.into())));
    }
}

impl IntoIterator for Dictionary {
    type Item = (String, PlistValue);
    type IntoIter = indexmap::map::IntoIter<String, PlistValue>;
    fn into_iter(self) -> Self::IntoIter {
        (*self.0).into_iter()
    }
}

impl<'a> IntoIterator for &'a Dictionary {
    type Item = (&'a String, &'a PlistValue);
    type IntoIter = indexmap::map::Iter<'a, String, PlistValue>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl Index<&str> for Dictionary {
    type Output = PlistValue;
    /// Panics if the key is absent, like `HashMap`; use [`Dictionary::get`] to check.
    fn index(&self, key: &str) -> &PlistValue {
        match self.0.get(key) {
            Some(v) => v,
            None => panic!("key `{key}` is not in the dictionary"),
        }
    }
}

impl IndexMut<&str> for Dictionary {
    fn index_mut(&mut self, key: &str) -> &mut PlistValue {
        match self.0.get_mut(key) {
            Some(v) => v,
            None => panic!("key `{key}` is not in the dictionary"),
        }
    }
}

impl std::fmt::Debug for Dictionary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut stack = Vec::new();
        super::push_dictionary(self, &mut stack);
        super::fmt_tree(stack, f)
    }
}
