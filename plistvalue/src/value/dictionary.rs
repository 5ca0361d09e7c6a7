//! An insertion-ordered string-keyed map: CoreFoundation keeps no order, Foundation's
//! encoder keeps insertion order, and users diffing files want the order they wrote.

use std::iter::FusedIterator;
use std::ops::{Index, IndexMut};

use indexmap::{map, IndexMap};

use super::PlistValue;

/// The map inside [`PlistValue::Dictionary`]. Keys keep their insertion order.
///
/// ```
/// use plistvalue::{Dictionary, PlistValue};
/// let mut d = Dictionary::new();
/// d.insert("b", 2);
/// d.insert("a", 1);
/// *d.entry("b").or_insert(0.into()) = PlistValue::from(20);
/// d.entry("c").or_insert("new".into());
/// let keys: Vec<&String> = d.keys().collect();
/// assert_eq!(keys, ["b", "a", "c"]);
/// assert_eq!(d["b"].as_i64(), Some(20));
/// d.sort_keys();
/// assert_eq!(d.get_index(0).map(|(k, _)| k.as_str()), Some("a"));
/// ```
///
/// The map is boxed: an `IndexMap` is 72 bytes, and keeping it inline would make
/// every `PlistValue` (most of which are short strings and numbers) that large.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Dictionary(Box<IndexMap<String, PlistValue>>);

impl Dictionary {
    /// An empty dictionary.
    pub fn new() -> Dictionary {
        Dictionary(Box::default())
    }

    /// An empty dictionary with room for `n` entries.
    pub fn with_capacity(n: usize) -> Dictionary {
        Dictionary(Box::new(IndexMap::with_capacity(n)))
    }

    /// Entries in the dictionary.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// True when there are no entries.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The value of `key`.
    pub fn get(&self, key: &str) -> Option<&PlistValue> {
        self.0.get(key)
    }

    /// The value of `key`, to change it.
    pub fn get_mut(&mut self, key: &str) -> Option<&mut PlistValue> {
        self.0.get_mut(key)
    }

    /// True when `key` has a value.
    pub fn contains_key(&self, key: &str) -> bool {
        self.0.contains_key(key)
    }

    /// Inserts a value, returning the one it replaced. A new key goes last; an
    /// existing key's value is replaced in place, keeping its position.
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

    /// The entry of `key`, present or not, to read or fill in place.
    #[inline]
    pub fn entry(&mut self, key: impl Into<String>) -> Entry<'_> {
        match self.0.entry(key.into()) {
            map::Entry::Occupied(e) => Entry::Occupied(OccupiedEntry(e)),
            map::Entry::Vacant(e) => Entry::Vacant(VacantEntry(e)),
        }
    }

    /// Sorts keys by their text, for output that diffs cleanly.
    pub fn sort_keys(&mut self) {
        self.0.sort_keys();
    }

    /// The entries, in order.
    pub fn iter(&self) -> Iter<'_> {
        Iter(self.0.iter())
    }

    /// The entries, in order, with their values mutable.
    pub fn iter_mut(&mut self) -> IterMut<'_> {
        IterMut(self.0.iter_mut())
    }

    /// The values, in order, to change them.
    pub fn values_mut(&mut self) -> ValuesMut<'_> {
        ValuesMut(self.0.values_mut())
    }

    /// Removes every entry.
    pub fn clear(&mut self) {
        self.0.clear();
    }

    /// Keeps only the entries for which `keep` returns true, in their order.
    ///
    /// ```
    /// use plistvalue::{plist, Dictionary};
    /// let mut d: Dictionary = plist!({ "a": 1, "b": 2, "c": 3 }).into_dictionary().unwrap();
    /// d.retain(|_, v| v.as_i64() != Some(2));
    /// assert_eq!(d.keys().map(String::as_str).collect::<Vec<_>>(), ["a", "c"]);
    /// ```
    pub fn retain(&mut self, mut keep: impl FnMut(&String, &mut PlistValue) -> bool) {
        self.0.retain(|k, v| keep(k, v));
    }

    /// The keys, in order.
    pub fn keys(&self) -> Keys<'_> {
        Keys(self.0.keys())
    }

    /// The values, in order.
    pub fn values(&self) -> Values<'_> {
        Values(self.0.values())
    }

    /// The entry at a position, in insertion order.
    pub fn get_index(&self, i: usize) -> Option<(&String, &PlistValue)> {
        self.0.get_index(i)
    }

    /// The map itself, for code that works with `IndexMap`.
    pub fn into_inner(self) -> IndexMap<String, PlistValue> {
        *self.0
    }

    pub(crate) fn inner_mut(&mut self) -> &mut IndexMap<String, PlistValue> {
        &mut self.0
    }
}

/// A dictionary's entry for one key, from [`Dictionary::entry`].
pub enum Entry<'a> {
    /// The key has no value yet.
    Vacant(VacantEntry<'a>),
    /// The key has a value.
    Occupied(OccupiedEntry<'a>),
}

/// The entry of a key that has no value, with what it takes to insert one.
pub struct VacantEntry<'a>(map::VacantEntry<'a, String, PlistValue>);

/// The entry of a key that has a value.
pub struct OccupiedEntry<'a>(map::OccupiedEntry<'a, String, PlistValue>);

impl<'a> Entry<'a> {
    /// The key.
    pub fn key(&self) -> &str {
        match self {
            Entry::Vacant(e) => e.key(),
            Entry::Occupied(e) => e.key(),
        }
    }

    /// The value, inserting `default` (last) if there is none.
    #[inline]
    pub fn or_insert(self, default: PlistValue) -> &'a mut PlistValue {
        match self {
            Entry::Vacant(e) => e.insert(default),
            Entry::Occupied(e) => e.into_mut(),
        }
    }

    /// The value, inserting what `default` makes if there is none.
    pub fn or_insert_with(self, default: impl FnOnce() -> PlistValue) -> &'a mut PlistValue {
        match self {
            Entry::Vacant(e) => e.insert(default()),
            Entry::Occupied(e) => e.into_mut(),
        }
    }

    /// The value, inserting an empty dictionary (`PlistValue::default()`) if there is
    /// none.
    pub fn or_default(self) -> &'a mut PlistValue {
        self.or_insert_with(PlistValue::default)
    }

    /// Changes a present value with `f`; a vacant entry stays vacant.
    #[must_use]
    pub fn and_modify(self, f: impl FnOnce(&mut PlistValue)) -> Entry<'a> {
        match self {
            Entry::Occupied(mut e) => {
                f(e.get_mut());
                Entry::Occupied(e)
            }
            vacant @ Entry::Vacant(_) => vacant,
        }
    }
}

impl<'a> VacantEntry<'a> {
    /// The key.
    pub fn key(&self) -> &str {
        self.0.key()
    }

    /// Inserts `value` as the last entry and returns it.
    #[inline]
    pub fn insert(self, value: PlistValue) -> &'a mut PlistValue {
        self.0.insert(value)
    }
}

impl<'a> OccupiedEntry<'a> {
    /// The key.
    pub fn key(&self) -> &str {
        self.0.key()
    }

    /// The value.
    pub fn get(&self) -> &PlistValue {
        self.0.get()
    }

    /// The value, to change it.
    pub fn get_mut(&mut self) -> &mut PlistValue {
        self.0.get_mut()
    }

    /// The value, for as long as the dictionary is borrowed.
    #[inline]
    pub fn into_mut(self) -> &'a mut PlistValue {
        self.0.into_mut()
    }

    /// Replaces the value, keeping the key's position, and returns the old one.
    pub fn insert(&mut self, value: PlistValue) -> PlistValue {
        self.0.insert(value)
    }

    /// Removes the entry, keeping the order of the others, and returns its value.
    pub fn remove(self) -> PlistValue {
        self.0.shift_remove()
    }
}

/// Declares an iterator type over the dictionary that forwards to indexmap's.
macro_rules! iterator {
    ($(#[$doc:meta])* $name:ident $(<$a:lifetime>)? ($inner:ty) -> $item:ty) => {
        $(#[$doc])*
        pub struct $name$(<$a>)?($inner);

        impl$(<$a>)? Iterator for $name$(<$a>)? {
            type Item = $item;
            #[inline]
            fn next(&mut self) -> Option<$item> {
                self.0.next()
            }
            #[inline]
            fn size_hint(&self) -> (usize, Option<usize>) {
                self.0.size_hint()
            }
        }

        impl$(<$a>)? DoubleEndedIterator for $name$(<$a>)? {
            #[inline]
            fn next_back(&mut self) -> Option<$item> {
                self.0.next_back()
            }
        }

        impl$(<$a>)? ExactSizeIterator for $name$(<$a>)? {}
        impl$(<$a>)? FusedIterator for $name$(<$a>)? {}
    };
}

iterator! {
    /// The entries of a [`Dictionary`], in order.
    #[derive(Clone)]
    Iter<'a>(map::Iter<'a, String, PlistValue>) -> (&'a String, &'a PlistValue)
}
iterator! {
    /// The entries of a [`Dictionary`], in order, with mutable values.
    IterMut<'a>(map::IterMut<'a, String, PlistValue>) -> (&'a String, &'a mut PlistValue)
}
iterator! {
    /// The keys of a [`Dictionary`], in order.
    #[derive(Clone)]
    Keys<'a>(map::Keys<'a, String, PlistValue>) -> &'a String
}
iterator! {
    /// The values of a [`Dictionary`], in order.
    #[derive(Clone)]
    Values<'a>(map::Values<'a, String, PlistValue>) -> &'a PlistValue
}
iterator! {
    /// The values of a [`Dictionary`], in order, mutable.
    ValuesMut<'a>(map::ValuesMut<'a, String, PlistValue>) -> &'a mut PlistValue
}
iterator! {
    /// The entries of a [`Dictionary`], moved out, in order.
    IntoIter(map::IntoIter<String, PlistValue>) -> (String, PlistValue)
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
    type IntoIter = IntoIter;
    fn into_iter(self) -> IntoIter {
        IntoIter((*self.0).into_iter())
    }
}

impl<'a> IntoIterator for &'a Dictionary {
    type Item = (&'a String, &'a PlistValue);
    type IntoIter = Iter<'a>;
    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

impl<'a> IntoIterator for &'a mut Dictionary {
    type Item = (&'a String, &'a mut PlistValue);
    type IntoIter = IterMut<'a>;
    fn into_iter(self) -> IterMut<'a> {
        self.iter_mut()
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
        if self.is_empty() {
            return f.write_str("Dictionary({})");
        }
        f.write_str("Dictionary({")?;
        let mut stack = Vec::new();
        super::push_dictionary(self, &mut stack);
        super::fmt_tree(stack, 1, f)
    }
}
