//! `insert`, `clear`, `retain`, `values_mut` and `iter_mut`, with `serde_json`'s and the plist
//! crate's names.

use plistvalue::{plist, Dictionary, Key, PlistValue};

fn sample() -> Dictionary {
    plist!({ "a": 1, "b": 2, "c": 3, "d": 4 })
        .into_dictionary()
        .unwrap()
}

fn keys(d: &Dictionary) -> Vec<&str> {
    d.keys().map(Key::as_str).collect()
}

#[test]
fn retain_keeps_matching_entries_in_order() {
    let mut d = sample();
    d.retain(|k, v| k != "a" && v.as_i64().is_some_and(|i| i % 2 == 1 || i == 4));
    assert_eq!(keys(&d), ["c", "d"]);
    assert_eq!(d["c"].as_i64(), Some(3));
    // The closure may change what it keeps.
    d.retain(|_, v| {
        *v = PlistValue::from(v.as_i64().unwrap() * 10);
        true
    });
    assert_eq!(d["d"].as_i64(), Some(40));
}

#[test]
fn clear_empties() {
    let mut d = sample();
    d.clear();
    assert!(d.is_empty());
    assert_eq!(d.get("a"), None);
    d.insert("z", 1.into());
    assert_eq!(keys(&d), ["z"]);
}

#[test]
fn values_mut_and_iter_mut_change_in_place() {
    let mut d = sample();
    for v in d.values_mut() {
        *v = PlistValue::from(v.as_i64().unwrap() + 1);
    }
    assert_eq!(d["a"].as_i64(), Some(2));
    if let Some((_, v)) = d.iter_mut().find(|(k, _)| *k == "b") {
        *v = "two".into();
    }
    assert_eq!(d["b"].as_str(), Some("two"));
    assert_eq!(keys(&d), ["a", "b", "c", "d"]);
    assert_eq!(d.values_mut().len(), 4);
}

/// `insert` takes a `PlistValue`, as `serde_json`'s `Map::insert` takes a `Value`,
/// so an `.into()` in the value's place knows its target (it was E0283 when the
/// value was generic).
#[test]
fn insert_infers_what_into_makes() {
    let (n, s, flag, list) = (7_u32, String::from("seven"), true, vec![1, 2]);
    let mut d = Dictionary::new();
    d.insert("n", n.into());
    d.insert(String::from("s"), s.into());
    d.insert("flag", flag.into());
    d.insert("list", list.into());
    let key = "r".to_owned();
    assert_eq!(d.insert(key, 2.5.into()), None);
    assert_eq!(d.insert("n", PlistValue::Null), Some(7.into()));
    assert_eq!(
        PlistValue::Dictionary(d),
        plist!({ "n": null, "s": "seven", "flag": true, "list": [1, 2], "r": 2.5 })
    );
}
