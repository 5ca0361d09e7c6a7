//! `Dictionary` behaves as an insertion-ordered map at every size: small ones are
//! searched in order and large ones through a key index, and a dictionary moves
//! between the two as it grows and shrinks. Random operations are checked against
//! `IndexMap`, the map the dictionary replaced.

use indexmap::IndexMap;
use plistvalue::{Dictionary, PlistValue};
use plistvalue_suite::bplist::{ascii, dict, int, Bplist};
use proptest::prelude::*;

#[derive(Debug, Clone)]
enum Op {
    Insert(u8, i64),
    OrInsert(u8, i64),
    Remove(u8),
    RemoveEntry(u8),
    /// Keeps the entries whose key number is not a multiple of this.
    Retain(u8),
    AddToValues(i64),
    SortKeys,
    Clear,
}

/// How many different keys the operations use.
const KEYS: u8 = 80;

/// Keys from a set of `KEYS`, so a dictionary grows past the linear size, repeats keys,
/// and shares prefixes and lengths (`k1`, `k10`, `k11`).
fn key(n: u8) -> String {
    format!("k{n}")
}

fn op() -> impl Strategy<Value = Op> {
    let k = 0u8..KEYS;
    prop_oneof![
        30 => (k.clone(), any::<i64>()).prop_map(|(k, v)| Op::Insert(k, v)),
        10 => (k.clone(), any::<i64>()).prop_map(|(k, v)| Op::OrInsert(k, v)),
        6 => k.clone().prop_map(Op::Remove),
        3 => k.prop_map(Op::RemoveEntry),
        1 => (2u8..5).prop_map(Op::Retain),
        1 => (-3i64..3).prop_map(Op::AddToValues),
        1 => Just(Op::SortKeys),
        1 => Just(Op::Clear),
    ]
}

fn number(k: &str) -> u8 {
    k[1..].parse().expect("a generated key")
}

fn apply(d: &mut Dictionary, m: &mut IndexMap<String, PlistValue>, op: &Op) {
    match *op {
        Op::Insert(k, v) => assert_eq!(d.insert(key(k), v.into()), m.insert(key(k), v.into())),
        Op::OrInsert(k, v) => {
            let got = d.entry(key(k)).or_insert(v.into()).clone();
            assert_eq!(got, *m.entry(key(k)).or_insert(v.into()));
        }
        Op::Remove(k) => assert_eq!(d.remove(&key(k)), m.shift_remove(&key(k))),
        Op::RemoveEntry(k) => {
            let got = match d.entry(key(k)) {
                plistvalue::dictionary::Entry::Occupied(e) => Some(e.remove()),
                plistvalue::dictionary::Entry::Vacant(_) => None,
            };
            assert_eq!(got, m.shift_remove(&key(k)));
        }
        Op::Retain(r) => {
            d.retain(|k, _| !number(k).is_multiple_of(r));
            m.retain(|k, _| !number(k).is_multiple_of(r));
        }
        Op::AddToValues(x) => {
            let add = |v: &mut PlistValue| *v = v.as_i64().map_or(0, |i| i.wrapping_add(x)).into();
            d.values_mut().for_each(add);
            m.values_mut().for_each(add);
        }
        Op::SortKeys => {
            d.sort_keys();
            m.sort_keys();
        }
        Op::Clear => {
            d.clear();
            m.clear();
        }
    }
}

/// Everything a reader of the dictionary can see agrees with the model.
fn same(d: &Dictionary, m: &IndexMap<String, PlistValue>) {
    assert_eq!(d.len(), m.len());
    assert_eq!(d.is_empty(), m.is_empty());
    assert!(
        d.iter()
            .map(|(k, v)| (k.as_str(), v))
            .eq(m.iter().map(|(k, v)| (k.as_str(), v))),
        "order or content differs"
    );
    assert!(d.keys().rev().eq(m.keys().rev()));
    for n in 0..KEYS {
        let k = key(n);
        assert_eq!(d.get(&k), m.get(&k), "{k}");
        assert_eq!(d.contains_key(&k), m.contains_key(&k));
    }
    for i in [0, m.len() / 2, m.len()] {
        assert_eq!(
            d.get_index(i).map(|(k, v)| (k.as_str(), v)),
            m.get_index(i).map(|(k, v)| (k.as_str(), v))
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_operations_match_indexmap(ops in prop::collection::vec(op(), 0..500)) {
        let mut d = Dictionary::new();
        let mut m = IndexMap::new();
        for op in &ops {
            apply(&mut d, &mut m, op);
            same(&d, &m);
        }
        let copy = d.clone();
        same(&copy, &m);
        prop_assert_eq!(&copy, &d);
        prop_assert!(Dictionary::from(m.clone()) == d);
        prop_assert!(d.into_iter().eq(m));
    }
}

/// Equality ignores order and is the same whichever representation each side has.
#[test]
fn equality_ignores_order_at_every_size() {
    for n in [0u8, 1, 2, 31, 32, 33, 34, 60] {
        let forward: Dictionary = (0..n).map(|i| (key(i), i64::from(i))).collect();
        let backward: Dictionary = (0..n).rev().map(|i| (key(i), i64::from(i))).collect();
        assert_eq!(forward, backward, "{n} entries");
        assert_eq!(
            PlistValue::Dictionary(forward.clone()),
            PlistValue::Dictionary(backward.clone())
        );
        if n > 0 {
            let mut other = backward.clone();
            other.insert(key(0), 99.into());
            assert_ne!(forward, other, "{n} entries, one value differs");
            assert_ne!(
                PlistValue::Dictionary(forward.clone()),
                PlistValue::Dictionary(other)
            );
            let mut renamed = backward;
            renamed.remove(&key(0));
            renamed.insert("other", 0.into());
            assert_ne!(forward, renamed, "{n} entries, one key differs");
        }
    }
}

/// A file's repeated keys keep their first value whether the dictionary is searched
/// in order or through its index at the time the repeat arrives.
#[test]
fn a_decoded_dictionary_keeps_the_first_of_repeated_keys_at_every_size() {
    for n in [3u64, 32, 33, 34, 70] {
        // Objects: the dictionary, then n keys, then n values; key n - 1 repeats key 1.
        let mut objects = vec![Vec::new()];
        for i in 0..n {
            let k = if i == n - 1 { 1 } else { i };
            objects.push(ascii(key(k as u8).as_bytes()));
        }
        objects.extend((0..n).map(int));
        let keys: Vec<u64> = (1..=n).collect();
        let values: Vec<u64> = (n + 1..=2 * n).collect();
        objects[0] = dict(&keys, &values);
        let mut b = Bplist::of(&objects);
        b.offset_size = 2;
        let bytes = b.build();
        let v: PlistValue = plistvalue::from_slice(&bytes).unwrap();
        let d = v.as_dictionary().unwrap();
        assert_eq!(d.len() as u64, n - 1, "{n} entries, one repeated");
        assert_eq!(d["k1"].as_i64(), Some(1), "the first value wins");
        assert!(d
            .keys()
            .eq((0..n - 1).map(|i| key(i as u8)).collect::<Vec<_>>().iter()));
    }
}

/// A `PlistValue` is four words: a dictionary, however large, is a three-word
/// vector or a box, so scalars and strings do not pay for it.
#[test]
fn a_value_is_four_words() {
    assert_eq!(std::mem::size_of::<PlistValue>(), 32);
    assert_eq!(std::mem::size_of::<Dictionary>(), 24);
}
