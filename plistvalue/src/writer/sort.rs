//! Sorted dictionary keys, in CoreFoundation's order: `CFStringCompare` with no
//! options compares UTF-16 code units, so `"A" < "B" < "a" < "é" < "😀" < "\u{E000}"`.
//! The XML writer sorts every dictionary this way, as CF does; the binary writer
//! does when asked (`Writer::sort_keys`), for files that diff well.
//! A pass over a filled table: only the reference arena changes.

use std::cmp::Ordering;

use super::object::{Obj, Table};

/// The UTF-16 code units of a key's text: ASCII bytes widen to one unit each.
#[derive(Clone, Copy)]
enum Units<'t> {
    Ascii(&'t [u8]),
    /// Big-endian pairs.
    Utf16(&'t [u8]),
    /// Not a string: sorted after every string, in index order.
    Other,
}

impl<'t> Units<'t> {
    fn iter(self) -> impl Iterator<Item = u16> + 't {
        let (ascii, utf16): (&[u8], &[u8]) = match self {
            Units::Ascii(b) => (b, &[]),
            Units::Utf16(b) => (&[], b),
            Units::Other => (&[], &[]),
        };
        ascii.iter().map(|&b| b as u16).chain(
            utf16
                .chunks_exact(2)
                .map(|u| u16::from_be_bytes([u[0], u[1]])),
        )
    }
}

fn compare(a: Units<'_>, b: Units<'_>) -> Ordering {
    match (a, b) {
        // ASCII bytes order as their code units do.
        (Units::Ascii(x), Units::Ascii(y)) => x.cmp(y),
        (Units::Other, Units::Other) => Ordering::Equal,
        (Units::Other, _) => Ordering::Greater,
        (_, Units::Other) => Ordering::Less,
        _ => a.iter().cmp(b.iter()),
    }
}

impl Table<'_> {
    fn units(&self, index: u32) -> Units<'_> {
        let o = self.get(index);
        match o {
            Obj::Ascii(_) | Obj::AsciiArena { .. } => {
                Units::Ascii(self.body(o).unwrap_or_default())
            }
            Obj::Utf16 { .. } => Units::Utf16(self.body(o).unwrap_or_default()),
            _ => Units::Other,
        }
    }

    /// CF's order of two key objects (indices below the object count).
    fn key_order(&self, a: u32, b: u32) -> Ordering {
        compare(self.units(a), self.units(b))
    }

    /// The permutation that puts `keys` in CF's order: `None` when they already are.
    /// Ties (only non-string keys compare equal) go by object index.
    fn order(&self, keys: &[u32]) -> Option<Vec<u32>> {
        if keys.windows(2).all(|w| self.key_order(w[0], w[1]).is_le()) {
            return None;
        }
        let mut perm: Vec<u32> = (0..keys.len() as u32).collect();
        perm.sort_unstable_by(|&x, &y| {
            let (kx, ky) = (keys[x as usize], keys[y as usize]);
            self.key_order(kx, ky).then(kx.cmp(&ky))
        });
        Some(perm)
    }

    /// Reorders the entries of every dictionary so that its keys are in CF's order;
    /// values move with their keys.
    ///
    /// Dictionaries of one type mostly hold the same key objects in the same order
    /// (the derive caches its keys, the interner uniques the rest), so the order
    /// found for a key list is kept in a small cache ([`OrderCache`]) and reused,
    /// not found again, for every later dictionary with that list.
    pub(super) fn sort_keys(&mut self) {
        let mut cache = OrderCache::default();
        let mut pairs: Vec<(u32, u32)> = Vec::new();
        for i in 0..self.objects().len() as u32 {
            let o = *self.get(i);
            let Obj::Dict { len, .. } = o else {
                continue;
            };
            if len < 2 {
                continue;
            }
            let (keys, values) = self.children(&o).split_at(len);
            let found;
            let perm = if let Some(perm) = cache.get(keys) {
                perm
            } else {
                found = self.order(keys);
                cache.put(keys, found.as_deref())
            };
            let Some(perm) = perm else {
                continue;
            };
            pairs.clear();
            pairs.extend(perm.iter().map(|&p| (keys[p as usize], values[p as usize])));
            let (keys, values) = self.children_mut(&o).split_at_mut(len);
            for (j, &(k, v)) in pairs.iter().enumerate() {
                keys[j] = k;
                values[j] = v;
            }
        }
    }
}

/// Key lists of up to [`OrderCache::MAX_KEYS`] keys and the permutation that
/// sorts each (`None`: already sorted), direct-mapped on the list's first keys:
/// bounded memory, and a dictionary of a new shape costs one slice comparison.
struct OrderCache {
    slots: Vec<(Vec<u32>, Option<Vec<u32>>)>,
}

impl Default for OrderCache {
    fn default() -> Self {
        OrderCache {
            slots: vec![(Vec::new(), None); Self::SLOTS],
        }
    }
}

impl OrderCache {
    const SLOTS: usize = 64;
    /// Larger dictionaries are not types repeated many times; they are not kept.
    const MAX_KEYS: usize = 256;

    fn slot(keys: &[u32]) -> usize {
        let h = keys[0] ^ keys[1].rotate_left(16) ^ (keys.len() as u32).rotate_left(8);
        (h.wrapping_mul(0x9E37_79B9) >> 26) as usize
    }

    /// The cached order of `keys` (at least two): `Some(None)` when they are known
    /// to be sorted, `None` when the list is not cached. Inlined: when a change
    /// elsewhere moved it out of `sort_keys`'s codegen unit, a typed XML encode
    /// took 0.8% more instructions.
    #[allow(clippy::option_option)]
    #[inline]
    fn get(&self, keys: &[u32]) -> Option<Option<&[u32]>> {
        let (cached, perm) = &self.slots[Self::slot(keys)];
        (cached.as_slice() == keys).then_some(perm.as_deref())
    }

    /// Caches `perm` as the order of `keys`, and returns it.
    fn put<'p>(&'p mut self, keys: &[u32], perm: Option<&'p [u32]>) -> Option<&'p [u32]> {
        if keys.len() <= Self::MAX_KEYS {
            let (cached, slot_perm) = &mut self.slots[Self::slot(keys)];
            cached.clear();
            cached.extend_from_slice(keys);
            *slot_perm = perm.map(<[u32]>::to_vec);
        }
        perm
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utf16(s: &str) -> Vec<u8> {
        s.encode_utf16().flat_map(u16::to_be_bytes).collect()
    }

    #[test]
    fn code_units_not_code_points() {
        let order = ["A", "B", "a", "ab", "é", "😀", "\u{E000}", "\u{FFFD}"];
        for w in order.windows(2) {
            let (a, b) = (utf16(w[0]), utf16(w[1]));
            let ua = if w[0].is_ascii() {
                Units::Ascii(w[0].as_bytes())
            } else {
                Units::Utf16(&a)
            };
            let ub = if w[1].is_ascii() {
                Units::Ascii(w[1].as_bytes())
            } else {
                Units::Utf16(&b)
            };
            assert_eq!(compare(ua, ub), Ordering::Less, "{:?} < {:?}", w[0], w[1]);
            assert_eq!(compare(ub, ua), Ordering::Greater);
        }
    }
}
