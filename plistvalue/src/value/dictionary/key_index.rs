//! The key index of a large dictionary: an open-addressing table of entry positions,
//! so a lookup hashes the key once instead of comparing it with every key. Keys are
//! hashed with std's `RandomState` (`SipHash` with a random key per table), so a file
//! cannot choose keys that collide.

use std::hash::{BuildHasher, RandomState};

use super::Key;

/// Positions of a dictionary's entries by the hash of their keys.
///
/// Each slot is 0 (empty) or an entry's position plus one, 4 bytes, so an index
/// covers at most `u32::MAX - 1` entries ([`KeyIndex::covers`]). The table is a power
/// of two at least twice the entries, so a probe ends at an empty slot within a few
/// steps.
#[derive(Clone)]
pub(super) struct KeyIndex {
    hasher: RandomState,
    slots: Box<[u32]>,
}

impl KeyIndex {
    /// True when an index can hold `len` entries' positions.
    pub(super) fn covers(len: usize) -> bool {
        len < u32::MAX as usize
    }

    /// The slots an index for `len` entries allocates: the heap cost of its table.
    pub(super) fn slots_for(len: usize) -> usize {
        len.saturating_mul(2).next_power_of_two().max(8)
    }

    /// An index of `entries`, with room for `capacity` of them before it grows.
    /// The caller checks [`KeyIndex::covers`] first.
    pub(super) fn new<V>(entries: &[(Key, V)], capacity: usize) -> KeyIndex {
        let mut index = KeyIndex {
            hasher: RandomState::new(),
            slots: vec![0; Self::slots_for(capacity.max(entries.len()))].into_boxed_slice(),
        };
        for (pos, (key, _)) in entries.iter().enumerate() {
            index.place(index.hash(key), pos);
        }
        index
    }

    /// The hash `find` and `pushed` take for `key`.
    #[inline]
    pub(super) fn hash(&self, key: &str) -> u64 {
        self.hasher.hash_one(key)
    }

    /// The position of `key` (whose hash is `hash`) in `entries`.
    #[inline]
    pub(super) fn find<V>(&self, entries: &[(Key, V)], hash: u64, key: &str) -> Option<usize> {
        let mask = self.slots.len() - 1;
        let mut i = hash as usize & mask;
        loop {
            let pos = self.slots[i].checked_sub(1)? as usize;
            if entries[pos].0 == key {
                return Some(pos);
            }
            i = (i + 1) & mask;
        }
    }

    /// Records the last of `entries`, just pushed, whose key's hash is `hash`.
    pub(super) fn pushed<V>(&mut self, entries: &[(Key, V)], hash: u64) {
        let pos = entries.len() - 1;
        if entries.len() * 2 > self.slots.len() {
            // Doubling: every key is hashed again, so the cost per push stays constant.
            *self = KeyIndex::new(entries, entries.len() * 2);
        } else {
            self.place(hash, pos);
        }
    }

    /// Puts `pos` in the first empty slot of its probe sequence.
    fn place(&mut self, hash: u64, pos: usize) {
        let mask = self.slots.len() - 1;
        let mut i = hash as usize & mask;
        while self.slots[i] != 0 {
            i = (i + 1) & mask;
        }
        self.slots[i] = pos as u32 + 1;
    }
}
