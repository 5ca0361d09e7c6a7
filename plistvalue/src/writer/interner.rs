//! Uniquing scalars: the hashes the encoder keys objects by and the open-addressing
//! set of object indices it looks them up in. It knows nothing of objects: a lookup
//! is given a hash and a closure that compares a candidate index.

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

/// The last 1 to 7 bytes as one word, from fixed-size reads that overlap (as
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

/// Slots a lookup may visit before it gives up.
const MAX_PROBES: usize = 256;

/// Candidates with the same 32-bit tag a lookup may compare exactly before it gives
/// up. Eight distinct values of one full 64-bit hash take a crafted input: the hash
/// is Fx-style and fast, not keyed, and `hash_data` reads only a blob's ends.
const MAX_COMPARES: usize = 8;

/// What [`Interner::find`] returns when it gave up: the value is not recorded, and
/// the encoder writes it as a new object. Uniquing is an optimization; an output with
/// two equal strings is still a valid plist.
pub(super) const GAVE_UP: usize = usize::MAX;

/// Open-addressing set of object indices, probed linearly. Each slot holds the top 32
/// bits of the scrambled hash beside `index + 1`, so most mismatches are rejected
/// without touching the object.
///
/// Hostile input cannot make a lookup slow: the hash is scrambled with a seed drawn
/// per table, so crafted partial collisions scatter, and a lookup stops after
/// [`MAX_PROBES`] slots or [`MAX_COMPARES`] exact comparisons, which bounds the cost
/// of full collisions.
pub(super) struct Interner {
    slots: Vec<u64>,
    len: usize,
    seed: u64,
}

impl Default for Interner {
    fn default() -> Interner {
        Interner {
            slots: Vec::new(),
            len: 0,
            seed: fresh_seed(),
        }
    }
}

/// A random seed from the standard library's per-process keys, which change for
/// every `RandomState`.
fn fresh_seed() -> u64 {
    use std::hash::BuildHasher;
    std::collections::hash_map::RandomState::new().hash_one(0x5eed_u64) | 1
}

impl Interner {
    /// Forgets every entry, keeps the table's allocation, and draws a new seed.
    pub(super) fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = 0);
        self.len = 0;
        self.seed = fresh_seed();
    }

    /// The hash as the table places it: a folded multiply by the seed, whose high
    /// bits depend on every bit of `hash`.
    #[inline]
    fn scramble(&self, hash: u64) -> u64 {
        let full = u128::from(hash ^ self.seed) * u128::from(0x9E37_79B9_7F4A_7C15_u64);
        (full as u64) ^ (full >> 64) as u64
    }

    /// The index whose hash is `hash` and for which `same` holds, or the empty slot
    /// where it goes, or [`GAVE_UP`]. Call [`Interner::reserve_one`] first.
    #[inline]
    pub(super) fn find(&self, hash: u64, mut same: impl FnMut(u32) -> bool) -> Result<u32, usize> {
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
        Err(GAVE_UP)
    }

    /// Makes room for one more entry; call before `find` so its slot stays valid.
    #[inline]
    pub(super) fn reserve_one(&mut self) {
        if (self.len + 1) * 2 > self.slots.len() {
            self.grow();
        }
    }

    #[cold]
    fn grow(&mut self) {
        let new_len = (self.slots.len() * 2).max(1024);
        let old = std::mem::replace(&mut self.slots, vec![0; new_len]);
        let mask = new_len - 1;
        for s in old.into_iter().filter(|&s| s != 0) {
            let mut pos = (s >> 32) as usize & mask;
            while self.slots[pos] != 0 {
                pos = (pos + 1) & mask;
            }
            self.slots[pos] = s;
        }
    }

    /// Records `index` in the slot `find` returned; nothing when it gave up.
    #[inline]
    pub(super) fn insert_at(&mut self, pos: usize, hash: u64, index: u32) {
        if pos == GAVE_UP {
            return;
        }
        self.slots[pos] = (self.scramble(hash) >> 32) << 32 | (index as u64 + 1);
        self.len += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::{tail_word, Interner, GAVE_UP, MAX_COMPARES, MAX_PROBES};

    /// Values that all share one full hash, as crafted strings and blobs do: every
    /// lookup stops after a bounded number of exact comparisons and slots, and the
    /// values past the cap are not recorded, so the set stays small.
    #[test]
    fn a_lookup_is_bounded_whatever_the_collisions() {
        let mut set = Interner::default();
        let mut gave_up = 0;
        for i in 0..10_000_u32 {
            set.reserve_one();
            let mut compares = 0;
            let found = set.find(0xC011_1DE5, |_| {
                compares += 1;
                false
            });
            assert!(
                compares <= MAX_COMPARES,
                "lookup {i} compared {compares} times"
            );
            match found {
                Ok(_) => unreachable!("no candidate matched"),
                Err(GAVE_UP) => gave_up += 1,
                Err(pos) => set.insert_at(pos, 0xC011_1DE5, i),
            }
        }
        assert_eq!(set.len, MAX_COMPARES, "only the first few were recorded");
        assert_eq!(gave_up, 10_000 - MAX_COMPARES);
        // A lookup visits at most MAX_PROBES slots even when every slot is full.
        let mut full = Interner {
            slots: vec![1 << 32 | 1; 1024],
            len: 1024,
            seed: 0,
        };
        full.seed = 1;
        let mut visits = 0;
        assert_eq!(
            full.find(7, |_| {
                visits += 1;
                false
            }),
            Err(GAVE_UP)
        );
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
        for n in 1..=7 {
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
}
