//! Repeated dictionary keys follow one rule on every path, the
//! first entry wins, as in CoreFoundation: `PlistValue`, the lazy `Node::get`, the
//! derive, the typed maps, and now serde (`HashMap`, `serde_json::Value`,
//! serde-derived structs and tagged enums), which kept the last or failed.

use std::collections::{BTreeMap, HashMap};
use std::time::Instant;

use plistvalue::error::Budget;
use plistvalue::ErrorKind;
use plistvalue_suite::bplist::{ascii, dict_w, int, utf16, Bplist};

/// `{a: 1, …, a: 2}` with the repeat as another ASCII object, a UTF-16 object, or
/// the same object; `filler` distinct keys `f0…` between them, so that large
/// dictionaries take the hash-set path.
fn repeated(second: &[u8], same_object: bool, filler: u64) -> Vec<u8> {
    let mut b = Bplist::new();
    b.ref_size = 2;
    // 0: the dictionary; 1: "a"; 2: 1; 3: 2; 4: the second "a"; 5..: fillers.
    let second_key = if same_object { 1 } else { 4 };
    let mut keys = vec![1];
    let mut values = vec![2];
    for i in 0..filler {
        keys.push(5 + i);
        values.push(2);
    }
    keys.push(second_key);
    values.push(3);
    b.push(&dict_w(2, &keys, &values));
    b.push(&ascii(b"a"));
    b.push(&int(1));
    b.push(&int(2));
    b.push(second);
    for i in 0..filler {
        b.push(&ascii(format!("f{i}").as_bytes()));
    }
    b.build()
}

#[derive(Debug, serde::Deserialize, plistvalue::FromPlist)]
struct A {
    a: i64,
}

#[derive(Debug, serde::Deserialize)]
#[serde(tag = "t")]
enum Tagged {
    X { a: i64 },
}

#[test]
fn the_first_of_repeated_keys_wins_on_every_path() {
    for filler in [0, 3, 20] {
        for (second, same) in [
            (ascii(b"a"), false),
            (utf16(&[0x61]), false),
            (ascii(b"a"), true),
        ] {
            let bytes = repeated(&second, same, filler);
            let case = format!("{filler} fillers, {second:?}, same object {same}");
            let v: plistvalue::PlistValue = plistvalue::from_slice(&bytes).expect(&case);
            assert_eq!(v["a"], plistvalue::PlistValue::from(1), "{case}");
            let h: HashMap<String, i64> = plistvalue::serde::from_slice(&bytes).expect(&case);
            assert_eq!((h["a"], h.len() as u64), (1, filler + 1), "{case}");
            let j: serde_json::Value = plistvalue::serde::from_slice(&bytes).expect(&case);
            assert_eq!(j["a"], 1, "{case}");
            let s: A = plistvalue::serde::from_slice(&bytes).expect(&case);
            assert_eq!(s.a, 1, "serde struct, {case}");
            let d: A = plistvalue::from_slice(&bytes).expect(&case);
            assert_eq!(d.a, 1, "derive struct, {case}");
        }
    }
    // A tagged enum reads its fields through serde's buffered content.
    let mut b = Bplist::new();
    b.push(&dict_w(1, &[1, 2, 2], &[3, 4, 5]));
    b.push(&ascii(b"t"));
    b.push(&ascii(b"a"));
    b.push(&ascii(b"X"));
    b.push(&int(1));
    b.push(&int(2));
    let Tagged::X { a } = plistvalue::serde::from_slice(&b.build()).expect("tagged");
    assert_eq!(a, 1);
}

/// The struct the long-key tests read: `name` is in their files, `count` is not.
#[derive(Debug, serde::Deserialize, plistvalue::FromPlist)]
struct Named {
    name: String,
    count: Option<u32>,
}

/// [`Named`] without `count`, refusing unknown fields: every long key is one.
#[derive(Debug, serde::Deserialize, plistvalue::FromPlist)]
#[allow(dead_code)]
#[serde(deny_unknown_fields)]
#[plist(deny_unknown_fields)]
struct Strict {
    name: String,
}

/// `{name: "x", K: 1, K: 1, …}`: one 64 KiB key repeated 100,000 times, 6.5 GB of
/// key text from a 270 KB file. A struct matches each key against its field names,
/// as the derive does, and reads it in time linear in the entries; a map hashes or
/// compares each key whole, so a long key is charged to the byte budget whenever
/// a map reads it, and the maps (borrowed keys too) run out of budget.
#[test]
fn a_repeated_huge_key_costs_a_struct_its_names_and_a_map_its_budget() {
    let n = 100_000;
    let mut b = Bplist::new();
    b.offset_size = 4;
    let mut keys = vec![1];
    keys.extend(std::iter::repeat_n(3, n));
    let mut values = vec![2];
    values.extend(std::iter::repeat_n(4, n));
    b.push(&dict_w(1, &keys, &values));
    b.push(&ascii(b"name"));
    b.push(&ascii(b"x"));
    b.push(&ascii(&vec![b'k'; 64 << 10]));
    b.push(&int(1));
    let bytes = b.build();

    let serde: Named = plistvalue::serde::from_slice(&bytes).expect("serde struct");
    let derive: Named = plistvalue::from_slice(&bytes).expect("derive struct");
    for s in [serde, derive] {
        assert_eq!((s.name.as_str(), s.count), ("x", None));
    }
    for e in [
        plistvalue::serde::from_slice::<Strict>(&bytes).map(drop),
        plistvalue::from_slice::<Strict>(&bytes).map(drop),
    ] {
        let e = e.expect_err("the long key is unknown");
        assert!(matches!(e.kind(), ErrorKind::UnknownField(_)), "{e:?}");
    }

    type Value = plistvalue::PlistValue;
    for e in [
        plistvalue::serde::from_slice::<HashMap<String, Value>>(&bytes).map(drop),
        plistvalue::serde::from_slice::<HashMap<&str, Value>>(&bytes).map(drop),
        plistvalue::serde::from_slice::<serde_json::Value>(&bytes).map(drop),
        plistvalue::from_slice::<HashMap<String, Value>>(&bytes).map(drop),
        plistvalue::from_slice::<HashMap<&str, Value>>(&bytes).map(drop),
        plistvalue::from_slice::<Value>(&bytes).map(drop),
    ] {
        let e = e.expect_err("a map runs out of budget");
        assert!(
            matches!(
                e.kind(),
                ErrorKind::BudgetExceeded {
                    what: Budget::Bytes,
                    ..
                }
            ),
            "{e:?}"
        );
    }
}

/// `{name: "x", K1: 1, …, K8: 1, K9: 1, K9: 1, …}`: nine distinct keys of `len`
/// bytes, the last repeated `n` times, one byte of reference each.
fn repeated_key(len: usize, n: usize) -> Vec<u8> {
    let mut b = Bplist::new();
    b.offset_size = 4;
    let mut keys = vec![1];
    keys.extend(3..11);
    keys.extend(std::iter::repeat_n(11, n));
    let values = vec![2; keys.len()];
    b.push(&dict_w(1, &keys, &values));
    b.push(&ascii(b"name"));
    b.push(&ascii(b"x"));
    for last in b'1'..=b'9' {
        let mut key = vec![b'k'; len];
        key[len - 1] = last;
        b.push(&ascii(&key));
    }
    b.build()
}

/// The same file with keys of 8 and of 1,024 bytes (no longer than the 1 KiB past
/// which keys were already spared): a serde struct matches each key against its
/// field names, as the derive does, and never compares it with the other keys, so
/// the long keys cost it no more than the short ones (it compared and hashed each
/// repeat whole, nine times slower than the short keys in a debug build); a map,
/// serde or derive, is charged each key longer than 64 bytes it reads, so the
/// maps run out of budget, borrowed keys too. Also, the struct that denies
/// unknown fields names the long key in 64 characters and its length.
#[test]
fn a_repeated_long_key_costs_a_struct_no_more_than_a_short_one() {
    let n = 200_000;
    let best_of_three = |bytes: &[u8]| {
        (0..3)
            .map(|_| {
                let start = Instant::now();
                let s: Named = plistvalue::serde::from_slice(bytes).expect("serde struct");
                assert_eq!((s.name.as_str(), s.count), ("x", None));
                start.elapsed()
            })
            .min()
            .expect("three runs")
    };
    let (short, long) = (repeated_key(8, n), repeated_key(1024, n));
    let (short_took, long_took) = (best_of_three(&short), best_of_three(&long));
    println!("serde struct, {n} repeats: 8-byte keys {short_took:?}, 1,024-byte {long_took:?}");
    assert!(
        long_took < short_took * 3,
        "{long_took:?} vs {short_took:?}"
    );
    let s: Named = plistvalue::from_slice(&long).expect("derive struct");
    assert_eq!((s.name.as_str(), s.count), ("x", None));

    for e in [
        plistvalue::serde::from_slice::<Strict>(&long).map(drop),
        plistvalue::from_slice::<Strict>(&long).map(drop),
    ] {
        let e = e.expect_err("the long key is unknown");
        let shown = format!("{}… (1024 bytes)", "k".repeat(64));
        assert!(
            matches!(e.kind(), ErrorKind::UnknownField(k) if *k == shown),
            "{e}"
        );
    }

    type Value = plistvalue::PlistValue;
    let long = repeated_key(65, n);
    for e in [
        plistvalue::serde::from_slice::<HashMap<&str, Value>>(&long).map(drop),
        plistvalue::serde::from_slice::<BTreeMap<&str, Value>>(&long).map(drop),
        plistvalue::serde::from_slice::<serde_json::Value>(&long).map(drop),
        plistvalue::from_slice::<HashMap<&str, Value>>(&long).map(drop),
        plistvalue::from_slice::<BTreeMap<&str, Value>>(&long).map(drop),
    ] {
        let e = e.expect_err("a map runs out of budget");
        assert!(
            matches!(
                e.kind(),
                ErrorKind::BudgetExceeded {
                    what: Budget::Bytes,
                    ..
                }
            ),
            "{e:?}"
        );
    }
}
