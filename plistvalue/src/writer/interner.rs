//! Uniquing scalars: the hashes the encoder keys objects by and the open-addressing
//! set of object indices it looks them up in. It knows nothing of objects: a lookup
//! is given a hash and a closure that compares a candidate index.

use super::pages;

/// Tags that keep equal bit patterns of different types apart in the interner.
pub(super) mod tag {
    pub(crate) const UINT: u64 = 1;
    pub(crate) const NEG: u64 = 2;
    pub(crate) const REAL: u64 = 3;
    pub(crate) const REAL32: u64 = 4;
    pub(crate) const DATE: u64 = 5;
    pub(crate) const UID: u64 = 6;
    pub(crate) const ASCII: u64 = 7;
    pub(crate) const UTF16: u64 = 8;
    pub(crate) const DATA: u64 = 9;
}

use std::cell::Cell;
use std::collections::HashMap;
use std::hash::{BuildHasher, Hash};

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

/// One step of the hash.
#[inline]
pub(super) fn mix(h: u64, word: u64) -> u64 {
    (h.rotate_left(5) ^ word).wrapping_mul(SEED)
}

/// The hash of a scalar held in one word, such as an integer or a real's bits.
#[inline]
pub(super) fn hash_word(tag: u64, word: u64) -> u64 {
    mix(mix(tag, word), word)
}

/// An Fx-style hash over 8-byte words: strings here are short and mostly ASCII, and a
/// keyed hash like `SipHash` costs more than the whole rest of an insert.
#[inline]
pub(super) fn hash_bytes(tag: u64, bytes: &[u8]) -> u64 {
    let mut h = mix(tag, bytes.len() as u64);
    let mut chunks = bytes.chunks_exact(8);
    for c in &mut chunks {
        h = mix(h, u64::from_le_bytes(c.try_into().unwrap()));
    }
    let rest = chunks.remainder();
    if !rest.is_empty() {
        h = mix(h, tail_word(rest));
    }
    h
}

/// The last 1 to 7 bytes (or any 1 to 8) as one word, from fixed-size reads that overlap (as
/// wyhash reads short inputs). A zero-padded copy compiled to a `memcpy` call and a
/// stalled load: a fifth of the time of a serde encode's string interning. Every
/// byte lands in the word, so for a given length it is still one-to-one.
#[inline]
fn tail_word(rest: &[u8]) -> u64 {
    let n = rest.len();
    if n >= 4 {
        let lo = u32::from_le_bytes(rest[..4].try_into().unwrap());
        let hi = u32::from_le_bytes(rest[n - 4..].try_into().unwrap());
        lo as u64 | (hi as u64) << 32
    } else {
        rest[0] as u64 | (rest[n / 2] as u64) << 8 | (rest[n - 1] as u64) << 16
    }
}

/// Whether two byte strings are equal. Up to 8 bytes, as two words from fixed-size
/// loads ([`tail_word`] is one-to-one for each length): most strings the encoder
/// compares are short keys, and the slice comparison is a `memcmp` call.
#[inline(always)]
pub(super) fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    match a.len() {
        0 => true,
        1..=8 => tail_word(a) == tail_word(b),
        _ => a == b,
    }
}

/// Data blobs are keyed by length and their first and last 32 bytes, so a document
/// of large blobs never pays to hash every body; a match is confirmed by one exact
/// comparison.
#[inline]
pub(super) fn hash_data(bytes: &[u8]) -> u64 {
    if bytes.len() <= 64 {
        return hash_bytes(tag::DATA, bytes);
    }
    let h = hash_bytes(tag::DATA, &bytes[..32]);
    mix(
        h,
        hash_bytes(bytes.len() as u64, &bytes[bytes.len() - 32..]),
    )
}

/// Slots a lookup may visit before it turns to the overflow map.
const MAX_PROBES: usize = 256;

/// Candidates with the same 32-bit tag a lookup may compare exactly before it turns
/// to the overflow map. Eight distinct values of one full 64-bit hash take a crafted
/// input (the hash is Fx-style and fast, not keyed) or blobs of one length with the
/// same 32-byte ends (`hash_data` reads only those), which captured HTTP bodies
/// often are.
const MAX_COMPARES: usize = 8;

/// What [`Interner::find`] returns for a value to be recorded in the overflow map.
const OVERFLOW: usize = usize::MAX - 1;

/// What [`Interner::find`] returns when two values share one keyed 64-bit hash
/// of their whole content, which no input can aim at: the value is not recorded,
/// and the encoder writes it as a new object. An output with two equal strings is
/// still a valid plist.
pub(super) const GAVE_UP: usize = usize::MAX;

/// Open-addressing set of object indices, probed linearly. Each slot holds the top 32
/// bits of the scrambled hash beside `index + 1`, so most mismatches are rejected
/// without touching the object.
///
/// Hostile input cannot make a lookup slow, and cannot make equal values miss each
/// other: the hash is scrambled with a seed drawn per table, so crafted partial
/// collisions scatter, and a lookup stops after [`MAX_PROBES`] slots or
/// [`MAX_COMPARES`] exact comparisons, which bounds the cost of full collisions. A
/// value it stops at goes to the overflow map, keyed by a hash of its whole
/// content under a key drawn per table (`RandomState`'s `SipHash`), where one
/// lookup and one comparison find it again. Ordinary documents never use it.
pub(super) struct Interner {
    slots: Vec<u64>,
    len: usize,
    seed: u64,
    /// Object indices by the keyed hash of their content.
    overflow: HashMap<u64, u32>,
    /// The keyed hash of the value the last lookup sent to the overflow map, which
    /// `insert_at` records.
    pending: Cell<u64>,
}

impl Default for Interner {
    fn default() -> Interner {
        Interner {
            slots: Vec::new(),
            len: 0,
            seed: fresh_seed(),
            overflow: HashMap::new(),
            pending: Cell::new(0),
        }
    }
}

/// A random seed from the standard library's per-process keys, which change for
/// every `RandomState`.
fn fresh_seed() -> u64 {
    std::collections::hash_map::RandomState::new().hash_one(0x5eed_u64) | 1
}

impl Interner {
    /// Forgets every entry, keeps the table's allocation, and draws new seeds.
    pub(super) fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = 0);
        self.len = 0;
        self.seed = fresh_seed();
        self.overflow = HashMap::new();
    }

    /// The hash as the table places it: a folded multiply by the seed, whose high
    /// bits depend on every bit of `hash`.
    #[inline]
    fn scramble(&self, hash: u64) -> u64 {
        let full = u128::from(hash ^ self.seed) * u128::from(0x9E37_79B9_7F4A_7C15_u64);
        (full as u64) ^ (full >> 64) as u64
    }

    /// The index whose hash is `hash` and for which `same` holds, or where it goes:
    /// an empty slot, the overflow map, or nowhere ([`GAVE_UP`]). `whole` is the
    /// value's whole content (its type tag included), which the overflow map
    /// hashes. Call [`Interner::reserve_one`] first, and [`Interner::insert_at`]
    /// with what this returned before the next lookup.
    #[inline]
    pub(super) fn find<W: Hash>(
        &self,
        hash: u64,
        mut same: impl FnMut(u32) -> bool,
        whole: impl FnOnce() -> W,
    ) -> Result<u32, usize> {
        let h32 = self.scramble(hash) >> 32;
        let mask = self.slots.len() - 1;
        let mut pos = h32 as usize & mask;
        let mut compares = 0;
        for _ in 0..MAX_PROBES {
            let s = self.slots[pos];
            if s == 0 {
                return Err(pos);
            }
            if s >> 32 == h32 {
                let index = (s as u32) - 1;
                if same(index) {
                    return Ok(index);
                }
                compares += 1;
                if compares == MAX_COMPARES {
                    break;
                }
            }
            pos = (pos + 1) & mask;
        }
        match self.find_overflow(&whole()) {
            Some(index) if same(index) => Ok(index),
            Some(_) => Err(GAVE_UP),
            None => Err(OVERFLOW),
        }
    }

    /// The overflow map's candidate for the value whose content is `whole`; when
    /// there is none, its key is kept for `insert_at`.
    #[cold]
    #[inline(never)]
    fn find_overflow<W: Hash>(&self, whole: &W) -> Option<u32> {
        let key = self.overflow.hasher().hash_one(whole);
        let found = self.overflow.get(&key).copied();
        self.pending.set(key);
        found
    }

    /// Makes room for one more entry; call before `find` so its slot stays valid.
    #[inline]
    pub(super) fn reserve_one(&mut self) {
        if (self.len + 1) * 2 > self.slots.len() {
            self.grow();
        }
    }

    /// Doubles the table, in memory whose pages fault in large steps.
    #[cold]
    fn grow(&mut self) {
        let new_len = (self.slots.len() * 2).max(1024);
        let old = std::mem::replace(&mut self.slots, pages::zeroed(new_len));
        let mask = new_len - 1;
        for s in old.into_iter().filter(|&s| s != 0) {
            let mut pos = (s >> 32) as usize & mask;
            while self.slots[pos] != 0 {
                pos = (pos + 1) & mask;
            }
            self.slots[pos] = s;
        }
    }

    /// Records `index` where `find` said it goes.
    #[inline]
    pub(super) fn insert_at(&mut self, pos: usize, hash: u64, index: u32) {
        if pos >= OVERFLOW {
            self.insert_overflow(pos, index);
            return;
        }
        self.slots[pos] = (self.scramble(hash) >> 32) << 32 | (index as u64 + 1);
        self.len += 1;
    }

    #[cold]
    #[inline(never)]
    fn insert_overflow(&mut self, pos: usize, index: u32) {
        if pos == OVERFLOW {
            self.overflow.insert(self.pending.get(), index);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{same_bytes, tail_word, Interner, MAX_COMPARES, MAX_PROBES, OVERFLOW};

    /// 10,000 distinct values that all share one full hash, as crafted strings and
    /// blobs of one length with the same ends do: every lookup stops after a
    /// bounded number of exact comparisons and slots, the first few values are in
    /// the table, the rest in the overflow map, and each is found again there.
    #[test]
    fn a_lookup_is_bounded_and_exact_whatever_the_collisions() {
        const HASH: u64 = 0xC011_1DE5;
        let mut set = Interner::default();
        for round in 0..2 {
            for i in 0..10_000_u32 {
                set.reserve_one();
                let mut compares = 0;
                let found = set.find(
                    HASH,
                    |candidate| {
                        compares += 1;
                        candidate == i
                    },
                    || i,
                );
                // Past the table's candidates, at most the overflow map's one.
                assert!(compares <= MAX_COMPARES + 1, "lookup {i}: {compares}");
                match (round, found) {
                    (0, Err(pos)) => set.insert_at(pos, HASH, i),
                    (1, Ok(index)) => assert_eq!(index, i),
                    (_, other) => panic!("round {round}, value {i}: {other:?}"),
                }
            }
        }
        assert_eq!(set.len, MAX_COMPARES, "the table holds the first few");
        assert_eq!(set.overflow.len(), 10_000 - MAX_COMPARES);
        // A lookup visits at most MAX_PROBES slots even when every slot is full.
        let full = Interner {
            slots: vec![1 << 32 | 1; 1024],
            len: 1024,
            ..Interner::default()
        };
        let mut visits = 0;
        let found = full.find(
            7,
            |_| {
                visits += 1;
                false
            },
            || 7,
        );
        assert_eq!(found, Err(OVERFLOW));
        assert!(visits <= MAX_PROBES);
    }

    /// The seed is drawn per table, so two encoders place one value differently.
    #[test]
    fn every_table_draws_its_own_seed() {
        let seeds: std::collections::HashSet<u64> =
            (0..8).map(|_| Interner::default().seed).collect();
        assert!(seeds.len() > 1, "eight tables drew one seed");
    }

    /// For each length, every tail maps to its own word: equal strings must meet in
    /// the interner, and the hash should not merge different ones either.
    #[test]
    fn tail_word_is_one_to_one_per_length() {
        let mut state = 0x9E37_79B9_7F4A_7C15_u64;
        for n in 1..=8 {
            let mut seen = std::collections::HashMap::new();
            for _ in 0..20_000 {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                // Few distinct byte values, so that near-identical tails are common.
                let tail: Vec<u8> = (0..n).map(|i| (state >> (8 * i)) as u8 % 3).collect();
                if let Some(other) = seen.insert(tail_word(&tail), tail.clone()) {
                    assert_eq!(other, tail, "two tails of length {n} share a word");
                }
            }
        }
    }

    /// The word comparison of short strings says what `==` says, for every length
    /// around its limit and strings that differ in one byte anywhere.
    #[test]
    fn same_bytes_is_equality() {
        let mut state = 0x2545_F491_4F6C_DD1D_u64;
        for _ in 0..50_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let n = (state % 13) as usize;
            let a: Vec<u8> = (0..n).map(|i| (state >> (4 * i)) as u8 % 3).collect();
            let mut b = a.clone();
            if n > 0 && state & 1 == 1 {
                b[(state >> 20) as usize % n] ^= 1;
            }
            assert_eq!(same_bytes(&a, &b), a == b, "{a:?} {b:?}");
            assert!(!same_bytes(&a, &b[..n.saturating_sub(1)]) || n == 0);
        }
    }

    /// 30 distinct 16-byte ASCII strings with one hash, as a hostile input may
    /// hold: the hash of 16 bytes is `(rotl(h1, 5) ^ w2) * SEED`, so any first
    /// word whose `h1` leaves `w2 = rotl(h1, 5) ^ C` all ASCII completes one.
    /// Written three times each, they are still 30 string objects.
    #[test]
    fn colliding_strings_are_still_one_object_each() {
        use super::{hash_bytes, mix, tag};
        use crate::value::PlistValue;
        let first = |w1: u64| mix(mix(tag::ASCII, 16), w1).rotate_left(5);
        let c = first(0x4141_4141_4141_4141) ^ 0x4242_4242_4242_4242;
        let mut strings = Vec::new();
        let mut state = 0x9E37_79B9_7F4A_7C15_u64;
        while strings.len() < 30 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let w1 = state & 0x7F7F_7F7F_7F7F_7F7F;
            let w2 = first(w1) ^ c;
            if w2 & 0x8080_8080_8080_8080 == 0 {
                let mut text = w1.to_le_bytes().to_vec();
                text.extend_from_slice(&w2.to_le_bytes());
                strings.push(String::from_utf8(text).expect("ASCII"));
            }
        }
        let hashes: std::collections::HashSet<u64> = strings
            .iter()
            .map(|s| hash_bytes(tag::ASCII, s.as_bytes()))
            .collect();
        assert_eq!(hashes.len(), 1, "one hash for all");
        let value = PlistValue::Array(
            (0..3)
                .flat_map(|_| strings.iter().cloned().map(PlistValue::String))
                .collect(),
        );
        let bytes = crate::encode::to_vec(&value).expect("encodes");
        let doc = crate::reader::Document::from_slice(&bytes).expect("opens");
        assert_eq!(doc.len(), 1 + 30, "the array and 30 strings");
    }
}
