//! An insertion-ordered string-keyed map: CoreFoundation keeps no order, Foundation's
//! encoder keeps insertion order, and users diffing files want the order they wrote.
//!
//! Most dictionaries in property lists are small (a header's name and value, a
//! record's few fields), so the entries live in one vector and a lookup compares
//! keys in order: no hashing, and one allocation per dictionary. Only past
//! [`LINEAR_MAX`] entries does a dictionary get a key index, so that a large one
//! (and a hostile file's dictionary of a million keys) is still read in linear time.

mod key;
mod key_index;

use std::iter::FusedIterator;
use std::mem;
use std::ops::{Index, IndexMut};

use indexmap::IndexMap;

use super::PlistValue;
pub use key::Key;
use key_index::KeyIndex;

/// The most entries a dictionary looks up by comparing keys in order; a larger one
/// keeps a [`KeyIndex`]. Measured with callgrind: building a dictionary and reading each key once costs fewer
/// instructions by scanning up to about 54 entries; past 32 the scan's lead is
/// under 17% and every miss compares with all the keys.
const LINEAR_MAX: usize = 32;

/// One key and its value, in the order they were inserted.
type Slot = (Key, PlistValue);

/// The map inside [`PlistValue::Dictionary`]. Keys keep their insertion order.
///
/// ```
/// use plistvalue::{Dictionary, Key, PlistValue};
/// let mut d = Dictionary::new();
/// d.insert("b", 2.into());
/// d.insert("a", 1.into());
/// *d.entry("b").or_insert(0.into()) = PlistValue::from(20);
/// d.entry("c").or_insert("new".into());
/// let keys: Vec<&Key> = d.keys().collect();
/// assert_eq!(keys, ["b", "a", "c"]);
/// assert_eq!(d["b"].as_i64(), Some(20));
/// d.sort_keys();
/// assert_eq!(d.get_index(0).map(|(k, _)| k.as_str()), Some("a"));
/// ```
///
/// Up to 32 entries are one vector, searched in order; a larger dictionary also
/// keeps an index of its keys. Either way the type is three words, so a
/// `PlistValue` stays four.
#[derive(Clone)]
pub struct Dictionary(Repr);

#[derive(Clone)]
enum Repr {
    /// At most `LINEAR_MAX` entries, or more than a `KeyIndex` can hold.
    Linear(Vec<Slot>),
    /// More than `LINEAR_MAX` entries; boxed so that small dictionaries stay small.
    Indexed(Box<Indexed>),
}

#[derive(Clone)]
struct Indexed {
    entries: Vec<Slot>,
    index: KeyIndex,
}

/// True when a dictionary of `len` entries keeps a key index.
fn indexed(len: usize) -> bool {
    len > LINEAR_MAX && KeyIndex::covers(len)
}

impl Dictionary {
    /// An empty dictionary. It allocates nothing until the first insert.
    pub fn new() -> Dictionary {
        Dictionary(Repr::Linear(Vec::new()))
    }

    /// An empty dictionary with room for `n` entries.
    pub fn with_capacity(n: usize) -> Dictionary {
        Dictionary(Repr::Linear(Vec::with_capacity(n)))
    }

    /// The heap bytes a dictionary of `len` entries allocates for itself: the sum
    /// of its blocks, which the tests below check against the allocator.
    #[cfg(test)]
    fn heap_bytes_for(len: usize) -> usize {
        Dictionary::blocks_for(len).iter().sum()
    }

    /// The blocks a dictionary of `len` entries made by
    /// [`with_capacity`](Dictionary::with_capacity)`(len)` allocates for itself,
    /// which a reader's heap budget charges before building one: the entry vector
    /// and, past 32 entries, the boxed index and its table (0 for none). Its keys'
    /// and values' own heap is not included.
    pub(crate) fn blocks_for(len: usize) -> [usize; 3] {
        let entries = len.saturating_mul(mem::size_of::<Slot>());
        if indexed(len) {
            let table = KeyIndex::slots_for(len).saturating_mul(mem::size_of::<u32>());
            [entries, mem::size_of::<Indexed>(), table]
        } else {
            [entries, 0, 0]
        }
    }

    /// Entries in the dictionary.
    pub fn len(&self) -> usize {
        self.entries().len()
    }

    /// True when there are no entries.
    pub fn is_empty(&self) -> bool {
        self.entries().is_empty()
    }

    /// The value of `key`.
    pub fn get(&self, key: &str) -> Option<&PlistValue> {
        let i = self.position(key)?;
        Some(&self.entries()[i].1)
    }

    /// The value of `key`, to change it.
    pub fn get_mut(&mut self, key: &str) -> Option<&mut PlistValue> {
        let i = self.position(key)?;
        Some(&mut self.entries_mut()[i].1)
    }

    /// True when `key` has a value.
    pub fn contains_key(&self, key: &str) -> bool {
        self.position(key).is_some()
    }

    /// Inserts a value, returning the one it replaced. A new key goes last; an
    /// existing key's value is replaced in place, keeping its position.
    ///
    /// The value is a `PlistValue`, as in `serde_json`'s `Map::insert`, so that
    /// `d.insert("k", x.into())` knows what `into` makes; the key is anything that
    /// makes a [`Key`] (`&str`, `String`, …).
    ///
    /// ```
    /// use plistvalue::{Dictionary, PlistValue};
    /// let mut d = Dictionary::new();
    /// assert_eq!(d.insert("n", 1.into()), None);
    /// assert_eq!(d.insert(String::from("n"), PlistValue::from("one")), Some(1.into()));
    /// ```
    pub fn insert(&mut self, key: impl Into<Key>, value: PlistValue) -> Option<PlistValue> {
        match self.entry(key) {
            Entry::Occupied(mut e) => Some(e.insert(value)),
            Entry::Vacant(e) => {
                e.insert(value);
                None
            }
        }
    }

    /// Removes a key and keeps the order of the others.
    pub fn remove(&mut self, key: &str) -> Option<PlistValue> {
        let i = self.position(key)?;
        Some(self.remove_at(i))
    }

    /// The entry of `key`, present or not, to read or fill in place.
    #[inline]
    pub fn entry(&mut self, key: impl Into<Key>) -> Entry<'_> {
        let key = key.into();
        let (pos, hash) = match &self.0 {
            Repr::Linear(v) => (v.iter().position(|(k, _)| *k == key), 0),
            Repr::Indexed(d) => {
                let hash = d.index.hash(&key);
                (d.index.find(&d.entries, hash, &key), hash)
            }
        };
        match pos {
            Some(pos) => Entry::Occupied(OccupiedEntry { dict: self, pos }),
            None => Entry::Vacant(VacantEntry {
                dict: self,
                key,
                hash,
            }),
        }
    }

    /// Sorts keys by their text, for output that diffs cleanly.
    pub fn sort_keys(&mut self) {
        self.entries_mut().sort_by(|a, b| a.0.cmp(&b.0));
        self.reindex();
    }

    /// Removes every entry, keeping the entry vector's memory for reuse.
    pub fn clear(&mut self) {
        self.entries_mut().clear();
        self.reindex();
    }

    /// Keeps only the entries for which `f` returns true, in their order; `f` may
    /// change the values it keeps.
    ///
    /// ```
    /// use plistvalue::plist;
    /// let mut v = plist!({ "a": 1, "b": 2, "c": 3 });
    /// let d = v.as_dictionary_mut().unwrap();
    /// d.retain(|_, v| v.as_i64() != Some(2));
    /// assert_eq!(d.keys().collect::<Vec<_>>(), ["a", "c"]);
    /// ```
    pub fn retain<F>(&mut self, mut f: F)
    where
        F: FnMut(&Key, &mut PlistValue) -> bool,
    {
        let before = self.len();
        self.entries_mut().retain_mut(|(k, v)| f(k, v));
        if self.len() != before {
            self.reindex();
        }
    }

    /// The entries, in order.
    pub fn iter(&self) -> Iter<'_> {
        Iter(self.entries().iter())
    }

    /// The entries, in order, with their values mutable.
    pub fn iter_mut(&mut self) -> IterMut<'_> {
        IterMut(self.entries_mut().iter_mut())
    }

    /// The keys, in order.
    pub fn keys(&self) -> Keys<'_> {
        Keys(self.entries().iter())
    }

    /// The values, in order.
    pub fn values(&self) -> Values<'_> {
        Values(self.entries().iter())
    }

    /// The values, in order, to change them.
    pub fn values_mut(&mut self) -> ValuesMut<'_> {
        ValuesMut(self.entries_mut().iter_mut())
    }

    /// The entry at a position, in insertion order.
    pub fn get_index(&self, i: usize) -> Option<(&Key, &PlistValue)> {
        self.entries().get(i).map(|(k, v)| (k, v))
    }

    /// The entries, moved out, leaving the dictionary empty; an index goes with them.
    pub(crate) fn take_entries(&mut self) -> Vec<(Key, PlistValue)> {
        match mem::replace(&mut self.0, Repr::Linear(Vec::new())) {
            Repr::Linear(v) => v,
            Repr::Indexed(d) => d.entries,
        }
    }

    /// Adds an entry whose key the caller knows is not in the dictionary (a copy
    /// of another dictionary's entries), without looking it up.
    pub(crate) fn push_distinct(&mut self, key: Key, value: PlistValue) {
        let hash = match &self.0 {
            Repr::Linear(_) => 0,
            Repr::Indexed(d) => d.index.hash(&key),
        };
        self.push(key, value, hash);
    }

    /// The value of `key` in `self`, looked for first at position `i`: the position
    /// it has in a dictionary built in the same order, which makes comparing two such
    /// dictionaries one key comparison per entry.
    pub(crate) fn get_expecting(&self, i: usize, key: &str) -> Option<&PlistValue> {
        match self.entries().get(i) {
            Some((k, v)) if k == key => Some(v),
            _ => self.get(key),
        }
    }

    fn entries(&self) -> &Vec<Slot> {
        match &self.0 {
            Repr::Linear(v) => v,
            Repr::Indexed(d) => &d.entries,
        }
    }

    /// The entries, to change. A caller that moves, adds or removes entries calls
    /// [`Dictionary::reindex`] after.
    fn entries_mut(&mut self) -> &mut Vec<Slot> {
        match &mut self.0 {
            Repr::Linear(v) => v,
            Repr::Indexed(d) => &mut d.entries,
        }
    }

    fn position(&self, key: &str) -> Option<usize> {
        match &self.0 {
            Repr::Linear(v) => v.iter().position(|(k, _)| k == key),
            Repr::Indexed(d) => d.index.find(&d.entries, d.index.hash(key), key),
        }
    }

    /// Appends an entry whose key is absent; `hash` is the index's hash of it when
    /// there is an index. Returns its position.
    fn push(&mut self, key: Key, value: PlistValue, hash: u64) -> usize {
        let entries = self.entries_mut();
        entries.push((key, value));
        let len = entries.len();
        match &mut self.0 {
            Repr::Indexed(d) if indexed(len) => d.index.pushed(&d.entries, hash),
            Repr::Linear(_) if !indexed(len) => {}
            _ => self.reindex(),
        }
        len - 1
    }

    fn remove_at(&mut self, i: usize) -> PlistValue {
        let (_, v) = self.entries_mut().remove(i);
        self.reindex();
        v
    }

    /// Builds the index again after entries moved, or drops it when the dictionary
    /// has become small.
    fn reindex(&mut self) {
        let entries = self.take_entries();
        self.0 = if indexed(entries.len()) {
            let index = KeyIndex::new(&entries, entries.capacity());
            Repr::Indexed(Box::new(Indexed { entries, index }))
        } else {
            Repr::Linear(entries)
        };
    }
}

/// Drops deep values with an explicit stack (`drop_deep` in `value`), so that a
/// million nested dictionaries do not take a million nested calls.
impl Drop for Dictionary {
    fn drop(&mut self) {
        if self.values().any(PlistValue::has_children) {
            super::drop_deep(self.take_entries().into_iter().map(|(_, v)| v));
        }
    }
}

impl Default for Dictionary {
    fn default() -> Dictionary {
        Dictionary::new()
    }
}

/// Equal when both hold the same keys with equal values, in any order, as
/// `PlistValue`'s equality (which compares deep values without recursion) says.
impl PartialEq for Dictionary {
    fn eq(&self, other: &Dictionary) -> bool {
        self.len() == other.len()
            && self
                .iter()
                .enumerate()
                .all(|(i, (k, v))| other.get_expecting(i, k) == Some(v))
    }
}

impl Eq for Dictionary {}

/// A dictionary's entry for one key, from [`Dictionary::entry`].
pub enum Entry<'a> {
    /// The key has no value yet.
    Vacant(VacantEntry<'a>),
    /// The key has a value.
    Occupied(OccupiedEntry<'a>),
}

/// The entry of a key that has no value, with what it takes to insert one.
pub struct VacantEntry<'a> {
    dict: &'a mut Dictionary,
    key: Key,
    /// The index's hash of `key`, when the dictionary has an index.
    hash: u64,
}

/// The entry of a key that has a value.
pub struct OccupiedEntry<'a> {
    dict: &'a mut Dictionary,
    pos: usize,
}

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
        &self.key
    }

    /// Inserts `value` as the last entry and returns it.
    #[inline]
    pub fn insert(self, value: PlistValue) -> &'a mut PlistValue {
        let i = self.dict.push(self.key, value, self.hash);
        &mut self.dict.entries_mut()[i].1
    }
}

impl<'a> OccupiedEntry<'a> {
    /// The key.
    pub fn key(&self) -> &str {
        &self.dict.entries()[self.pos].0
    }

    /// The value.
    pub fn get(&self) -> &PlistValue {
        &self.dict.entries()[self.pos].1
    }

    /// The value, to change it.
    pub fn get_mut(&mut self) -> &mut PlistValue {
        &mut self.dict.entries_mut()[self.pos].1
    }

    /// The value, for as long as the dictionary is borrowed.
    #[inline]
    pub fn into_mut(self) -> &'a mut PlistValue {
        &mut self.dict.entries_mut()[self.pos].1
    }

    /// Replaces the value, keeping the key's position, and returns the old one.
    pub fn insert(&mut self, value: PlistValue) -> PlistValue {
        mem::replace(self.get_mut(), value)
    }

    /// Removes the entry, keeping the order of the others, and returns its value.
    pub fn remove(self) -> PlistValue {
        self.dict.remove_at(self.pos)
    }
}

/// Declares an iterator type over the dictionary's entry slice: `$inner` is the
/// slice iterator and `$map` turns one of its items into the public item.
macro_rules! iterator {
    ($(#[$doc:meta])* $name:ident $(<$a:lifetime>)? ($inner:ty) -> $item:ty, $map:expr) => {
        $(#[$doc])*
        pub struct $name$(<$a>)?($inner);

        impl$(<$a>)? Iterator for $name$(<$a>)? {
            type Item = $item;
            #[inline]
            fn next(&mut self) -> Option<$item> {
                self.0.next().map($map)
            }
            #[inline]
            fn size_hint(&self) -> (usize, Option<usize>) {
                self.0.size_hint()
            }
        }

        impl$(<$a>)? DoubleEndedIterator for $name$(<$a>)? {
            #[inline]
            fn next_back(&mut self) -> Option<$item> {
                self.0.next_back().map($map)
            }
        }

        impl$(<$a>)? ExactSizeIterator for $name$(<$a>)? {}
        impl$(<$a>)? FusedIterator for $name$(<$a>)? {}
    };
}

iterator! {
    /// The entries of a [`Dictionary`], in order.
    #[derive(Clone)]
    Iter<'a>(std::slice::Iter<'a, Slot>) -> (&'a Key, &'a PlistValue),
    |(k, v)| (k, v)
}
iterator! {
    /// The entries of a [`Dictionary`], in order, with mutable values.
    IterMut<'a>(std::slice::IterMut<'a, Slot>) -> (&'a Key, &'a mut PlistValue),
    |(k, v)| (&*k, v)
}
iterator! {
    /// The keys of a [`Dictionary`], in order.
    #[derive(Clone)]
    Keys<'a>(std::slice::Iter<'a, Slot>) -> &'a Key,
    |(k, _)| k
}
iterator! {
    /// The values of a [`Dictionary`], in order.
    #[derive(Clone)]
    Values<'a>(std::slice::Iter<'a, Slot>) -> &'a PlistValue,
    |(_, v)| v
}
iterator! {
    /// The values of a [`Dictionary`], in order, to change them.
    ValuesMut<'a>(std::slice::IterMut<'a, Slot>) -> &'a mut PlistValue,
    |(_, v)| v
}
iterator! {
    /// The entries of a [`Dictionary`], moved out, in order.
    IntoIter(std::vec::IntoIter<Slot>) -> (String, PlistValue),
    |(k, v)| (String::from(k), v)
}

impl<S> From<IndexMap<String, PlistValue, S>> for Dictionary {
    fn from(m: IndexMap<String, PlistValue, S>) -> Dictionary {
        let mut d = Dictionary::with_capacity(m.len());
        // An `IndexMap`'s keys are distinct already.
        for (k, v) in m {
            d.push_distinct(k.into(), v);
        }
        d
    }
}

impl<K: Into<Key>, V: Into<PlistValue>> FromIterator<(K, V)> for Dictionary {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Dictionary {
        let mut d = Dictionary::new();
        d.extend(iter);
        d
    }
}

/// A repeated key's later value replaces the earlier one, in the earlier one's
/// position, as [`Dictionary::insert`] does.
impl<K: Into<Key>, V: Into<PlistValue>> Extend<(K, V)> for Dictionary {
    fn extend<I: IntoIterator<Item = (K, V)>>(&mut self, iter: I) {
        let iter = iter.into_iter();
        self.entries_mut().reserve(iter.size_hint().0);
        for (k, v) in iter {
            self.insert(k, v.into());
        }
    }
}

impl IntoIterator for Dictionary {
    type Item = (String, PlistValue);
    type IntoIter = IntoIter;
    fn into_iter(mut self) -> IntoIter {
        IntoIter(self.take_entries().into_iter())
    }
}

impl<'a> IntoIterator for &'a Dictionary {
    type Item = (&'a Key, &'a PlistValue);
    type IntoIter = Iter<'a>;
    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

impl<'a> IntoIterator for &'a mut Dictionary {
    type Item = (&'a Key, &'a mut PlistValue);
    type IntoIter = IterMut<'a>;
    fn into_iter(self) -> IterMut<'a> {
        self.iter_mut()
    }
}

impl Index<&str> for Dictionary {
    type Output = PlistValue;
    /// Panics if the key is absent, like `HashMap`; use [`Dictionary::get`] to check.
    fn index(&self, key: &str) -> &PlistValue {
        match self.get(key) {
            Some(v) => v,
            None => panic!("key `{key}` is not in the dictionary"),
        }
    }
}

impl IndexMut<&str> for Dictionary {
    fn index_mut(&mut self, key: &str) -> &mut PlistValue {
        match self.get_mut(key) {
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

#[cfg(test)]
mod heap_tests {
    //! `heap_bytes_for` states what a dictionary allocates for itself, so a reader's
    //! heap budget can charge a dictionary before building it, and what a key
    //! allocates: a global allocator that counts each thread's heap checks both.

    use super::{Dictionary, Key, PlistValue};
    use std::alloc::{GlobalAlloc, Layout, System};
    use std::cell::Cell;

    /// Counts live and peak heap bytes per thread, so the tests running beside
    /// these do not move their counts. A block freed on another thread than the
    /// one that allocated it skews both threads' counts, which is why the counts
    /// wrap: only a difference taken on one thread means anything.
    struct PerThread;

    thread_local! {
        static LIVE: Cell<usize> = const { Cell::new(0) };
        static PEAK: Cell<usize> = const { Cell::new(0) };
    }

    fn grow(n: usize) {
        let now = LIVE.get().wrapping_add(n);
        LIVE.set(now);
        PEAK.set(PEAK.get().max(now));
    }

    fn shrink(n: usize) {
        LIVE.set(LIVE.get().wrapping_sub(n));
    }

    // SAFETY: every call is forwarded unchanged to `System`, which upholds the
    // `GlobalAlloc` contract; the wrapper only counts sizes in thread-locals that
    // are const-initialised and have no destructor, so it never allocates itself.
    unsafe impl GlobalAlloc for PerThread {
        unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
            // SAFETY: the caller's layout, which the contract makes valid.
            let p = unsafe { System.alloc(layout) };
            if !p.is_null() {
                grow(layout.size());
            }
            p
        }

        unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
            // SAFETY: `ptr` came from this allocator, i.e. from `System`, with `layout`.
            unsafe { System.dealloc(ptr, layout) };
            shrink(layout.size());
        }

        unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
            // SAFETY: `ptr` came from `System` with `layout`; the caller guarantees
            // `new_size` is valid for it.
            let p = unsafe { System.realloc(ptr, layout, new_size) };
            if !p.is_null() {
                shrink(layout.size());
                grow(new_size);
            }
            p
        }
    }

    #[global_allocator]
    static ALLOCATOR: PerThread = PerThread;

    /// Runs `f` and returns its result, the bytes it left allocated, and the most
    /// it had allocated at once.
    fn measure<R>(f: impl FnOnce() -> R) -> (R, usize, usize) {
        let base = LIVE.get();
        PEAK.set(base);
        let r = f();
        (
            r,
            LIVE.get().wrapping_sub(base),
            PEAK.get().wrapping_sub(base),
        )
    }

    #[test]
    fn heap_bytes_for_is_what_a_filled_dictionary_allocates() {
        for n in (0..=80).chain([100, 1000, 4097, 100_000]) {
            // The keys' own heap is the caller's: made before counting, moved in,
            // and the vector that held them is freed only after counting.
            let mut keys: Vec<Key> = (0..n).map(|i| Key::from(format!("key {i}"))).collect();
            let (d, held, peak) = measure(|| {
                let mut d = Dictionary::with_capacity(n);
                for k in keys.drain(..) {
                    d.entry(k).or_insert(PlistValue::Boolean(true));
                }
                d
            });
            assert_eq!(held, Dictionary::heap_bytes_for(n), "{n} entries");
            assert_eq!(peak, held, "{n} entries: nothing transient on the way");
            assert_eq!(d.len(), n);
        }
    }

    /// A key's own heap, inline or boxed, from borrowed text or from an owned
    /// `String` whose allocation a long key keeps; dropping it frees it all.
    #[test]
    fn heap_bytes_for_is_what_a_key_allocates() {
        for len in 0..=40 {
            let text = "k".repeat(len);
            let (key, held, _) = measure(|| Key::from(text.as_str()));
            assert_eq!(held, Key::heap_bytes_for(len), "{len} bytes");
            let ((), freed, _) = measure(|| drop(key));
            assert_eq!(freed.wrapping_neg(), held, "{len} bytes: dropped");
            let owned = text.clone();
            let capacity = owned.capacity();
            let (key, held, _) = measure(|| Key::from(owned));
            assert_eq!(
                held.wrapping_add(capacity),
                Key::heap_bytes_for(len),
                "{len} bytes"
            );
            assert_eq!(key, *text);
            let (back, held, _) = measure(|| String::from(key));
            assert_eq!(back, text);
            assert_eq!(
                held.wrapping_add(Key::heap_bytes_for(len)),
                back.len(),
                "{len} bytes: as a String"
            );
        }
    }
}
