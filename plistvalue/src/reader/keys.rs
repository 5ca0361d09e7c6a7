//! The key index of a large dictionary. `Node::get` scans a dictionary's keys,
//! which makes many lookups in one large dictionary quadratic; past
//! `INDEX_FROM` entries the first lookup builds a hash table of its keys, kept
//! by the document for later lookups.
//!
//! The table holds 8 bytes per slot, at most 4 slots per key reference: at most
//! 32 bytes per byte of the file's reference lists, as every key reference takes
//! at least one byte. Hashes are keyed per document (`RandomState`), so a hostile
//! file cannot choose colliding keys; a repeated key is stored once and the first
//! entry wins, as in the scan and CoreFoundation.

use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::hash_map::{Entry, RandomState};
use std::collections::HashMap;
use std::hash::BuildHasher;

use crate::error::Error;

/// Entries from which a dictionary's first lookup builds its index. Measured with
/// callgrind (`profiling/key_lookup.rs`, less its document-only run): in 64
/// entries, one lookup costs 29k instructions with the index against 18k by a
/// scan, four cost 31k against 42k, sixteen 40k against 140k; in 256 entries one
/// costs 112k against 66k and four 115k against 162k. The index pays for itself
/// from the second or third lookup; below 64 entries what it saves is too little
/// to pay for its allocation.
pub(super) const INDEX_FROM: usize = 64;

/// The key indexes of one document's dictionaries, by object index.
#[derive(Default)]
pub(super) struct KeyIndexes(RefCell<HashMap<u64, Table, RandomState>>);

/// Open addressing, linear probing, at most half full. A slot holds its key's
/// entry position plus one (0 is empty) and the high half of its hash.
struct Table {
    slots: Box<[(u32, u32)]>,
}

impl KeyIndexes {
    /// The entry position of `key` in the dictionary at object `dict` of `n`
    /// entries, through its index, built on first use from `text(j)`, what key `j`
    /// is. `equals(j, t)` says whether key
    /// `j` is the text `t`. `None` when the dictionary has no index (a key longer
    /// than [`LONGEST_KEY`] bytes, or positions that do not fit 32 bits): the
    /// caller scans.
    pub(super) fn find<'t>(
        &self,
        dict: u64,
        n: usize,
        key: &str,
        text: impl FnMut(u64) -> Result<KeyText<'t>, Error>,
        mut equals: impl FnMut(u64, &str) -> Result<bool, Error>,
    ) -> Option<Result<Option<u64>, Error>> {
        let mut indexes = self.0.borrow_mut();
        let hasher = indexes.hasher().clone();
        let table = match indexes.entry(dict) {
            Entry::Occupied(e) => e.into_mut(),
            Entry::Vacant(e) => match Table::build(n, &hasher, text, &mut equals) {
                Ok(t) => e.insert(t),
                Err(err) => return Some(Err(err)),
            },
        };
        if table.slots.is_empty() {
            return None;
        }
        let found = table.probe(hasher.hash_one(key), |j| equals(j, key));
        Some(found.map(Result::ok))
    }
}

/// Keys longer than this (in bytes or UTF-16 units) leave their dictionary without
/// an index. Building converts and hashes every key whole, where a scan compares a
/// key only as far as it matches: the bound keeps a build within a constant factor
/// of one scan, whatever the file's keys.
pub(super) const LONGEST_KEY: usize = 1024;

/// What the index needs of one key.
pub(super) enum KeyText<'t> {
    /// Its text.
    Text(Cow<'t, str>),
    /// Not a string, or not text: it equals no `&str`.
    NotText,
    /// Longer than [`LONGEST_KEY`].
    TooLong,
}

impl Table {
    /// Reads every key once. Keys that are not text equal no `&str` and are left
    /// out; of repeated keys the first is kept. An empty table means no index.
    fn build<'t>(
        n: usize,
        hasher: &RandomState,
        mut text: impl FnMut(u64) -> Result<KeyText<'t>, Error>,
        equals: &mut impl FnMut(u64, &str) -> Result<bool, Error>,
    ) -> Result<Table, Error> {
        let none = Table {
            slots: Box::default(),
        };
        if n >= (u32::MAX / 4) as usize {
            return Ok(none);
        }
        let mut table = Table {
            slots: vec![(0, 0); (2 * n).next_power_of_two()].into_boxed_slice(),
        };
        for j in 0..n as u64 {
            let key = match text(j)? {
                KeyText::Text(key) => key,
                KeyText::NotText => continue,
                KeyText::TooLong => return Ok(none),
            };
            let hash = hasher.hash_one(&*key);
            if let Err(slot) = table.probe(hash, |entry| equals(entry, &key))? {
                table.slots[slot] = (j as u32 + 1, (hash >> 32) as u32);
            }
        }
        Ok(table)
    }

    /// Walks the slots of `hash` until `same` accepts an entry (`Ok(entry)`) or an
    /// empty slot ends the run (`Err(slot)`, where the key would go).
    fn probe(
        &self,
        hash: u64,
        mut same: impl FnMut(u64) -> Result<bool, Error>,
    ) -> Result<Result<u64, usize>, Error> {
        let mask = self.slots.len() - 1;
        let mut slot = hash as usize & mask;
        loop {
            let (entry, tag) = self.slots[slot];
            if entry == 0 {
                return Ok(Err(slot));
            }
            if tag == (hash >> 32) as u32 && same(u64::from(entry - 1))? {
                return Ok(Ok(u64::from(entry - 1)));
            }
            slot = (slot + 1) & mask;
        }
    }
}
