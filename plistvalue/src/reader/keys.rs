//! The key index of a large dictionary. [`Node::get`] scans a dictionary's keys,
//! which makes many lookups in one large dictionary quadratic; past
//! [`INDEX_FROM`] entries the first lookup builds a hash table of its keys, kept
//! by the document for later lookups.
//!
//! The table holds 8 bytes per slot, at most 4 slots per key reference: at most
//! 32 bytes per byte of the file's reference lists, as every key reference takes
//! at least one byte. Hashes are keyed per document (`RandomState`), so a hostile
//! file cannot choose colliding keys; a repeated key is stored once and the first
//! entry wins, as in the scan and CoreFoundation.

use std::cell::RefCell;
use std::collections::hash_map::{Entry, RandomState};
use std::collections::HashMap;
use std::hash::BuildHasher;

use super::node::{Kind, Node};
use crate::error::Error;

/// Entries from which a dictionary's first lookup builds its index. Measured with
/// callgrind (`examples/key_lookup.rs`, less its document-only run): in 64
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

impl<'d, 'a> Node<'d, 'a> {
    /// [`Node::get`] through this dictionary's key index, built on first use.
    /// `None` when the dictionary is too large for 32-bit positions: the caller
    /// scans.
    pub(super) fn indexed_get(&self, key: &str) -> Option<Result<Option<Node<'d, 'a>>, Error>> {
        let n = self.len();
        if n >= (u32::MAX / 4) as usize {
            return None;
        }
        let mut indexes = self.document().key_indexes().0.borrow_mut();
        let hasher = indexes.hasher().clone();
        let table = match indexes.entry(self.index()) {
            Entry::Occupied(e) => e.into_mut(),
            Entry::Vacant(e) => match Table::build(self, &hasher) {
                Ok(t) => e.insert(t),
                Err(err) => return Some(Err(err)),
            },
        };
        let hash = hasher.hash_one(key);
        let found = table.probe(hash, |entry| Ok(self.child(entry)?.str_eq(key)));
        Some(found.and_then(|f| match f {
            Ok(entry) => self.child(n as u64 + entry).map(Some),
            Err(_) => Ok(None),
        }))
    }
}

impl Table {
    /// Reads every key of `dict` once. Keys that are not strings, or not text,
    /// equal no `&str` and are left out.
    fn build(dict: &Node<'_, '_>, hasher: &RandomState) -> Result<Table, Error> {
        let n = dict.len();
        let mut table = Table {
            slots: vec![(0, 0); (2 * n).next_power_of_two()].into_boxed_slice(),
        };
        for j in 0..n as u64 {
            let key = dict.child(j)?;
            if key.kind() != Kind::String {
                continue;
            }
            let Ok(text) = key.to_str() else { continue };
            let hash = hasher.hash_one(&*text);
            let same = |entry| Ok(dict.child(entry)?.to_str().is_ok_and(|t| t == text));
            if let Err(slot) = table.probe(hash, same)? {
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
