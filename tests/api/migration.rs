//! README's migration table, row by row: each row calls the plist crate's method
//! and ours on the same file and checks they agree. The list of rows run here must
//! be the README's table, so a row cannot be added to one and not the other.

use std::io::Cursor;

use plistvalue::{plist, Data, Date, Dictionary, PlistValue, Uid};

/// The (plist, plistvalue) cells of README's table, without backticks.
fn readme_rows() -> Vec<(String, String)> {
    let readme = include_str!("../../README.md");
    let table = readme
        .split("### Method by method")
        .nth(1)
        .expect("README has the migration table");
    table
        .lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .skip(2)
        .map(|l| {
            let cells: Vec<&str> = l.split('|').map(str::trim).collect();
            let unquote = |c: &str| c.split('`').nth(1).unwrap_or_default().to_owned();
            (unquote(cells[1]), unquote(cells[2]))
        })
        .collect()
}

fn fixture() -> PlistValue {
    plist!({
        "a": [1, 2],
        "d": { "x": "y", "z": 2 },
        "b": true,
        "data": (Data::new(vec![1, 2, 3])),
        "date": (Date::from_seconds_since_2001(86400.0)),
        "r": 1.5,
        "i": -3,
        "u": (u64::MAX),
        "s": "text",
        "uid": (Uid::new(9))
    })
}

#[test]
fn every_row_of_the_readme_table_does_the_same_on_both_sides() {
    let ours = fixture();
    let bytes = plistvalue::to_vec(&ours).unwrap();
    let theirs = ::plist::Value::from_reader(Cursor::new(&bytes)).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let file = |name: &str| dir.path().join(name);
    let (t, o) = (&theirs, &ours);
    // XML has no UID: CF writes one as a `CF$UID` dictionary, which reads back as that.
    let mut ox = ours.clone();
    ox.as_dictionary_mut().unwrap().remove("uid");
    let mut tx = theirs.clone();
    tx.as_dictionary_mut().unwrap().remove("uid");
    // The same text, for the dictionary rows.
    let tdict = || {
        t.as_dictionary().unwrap()["d"]
            .as_dictionary()
            .unwrap()
            .clone()
    };
    let odict = || o["d"].as_dictionary().unwrap().clone();
    let tkeys = |d: &::plist::Dictionary| d.keys().cloned().collect::<Vec<_>>();
    let okeys = |d: &Dictionary| d.keys().cloned().collect::<Vec<_>>();

    let mut done: Vec<(String, String)> = Vec::new();
    macro_rules! row {
        ($p:literal, $o:literal, $body:block) => {{
            $body
            done.push(($p.to_owned(), $o.to_owned()));
        }};
    }

    row!(
        "plist::Value::from_file(path)",
        "plistvalue::from_file(path)",
        {
            std::fs::write(file("in.plist"), &bytes).unwrap();
            let a = ::plist::Value::from_file(file("in.plist")).unwrap();
            let b: PlistValue = plistvalue::from_file(file("in.plist")).unwrap();
            assert_eq!(a, theirs);
            assert_eq!(b, ours);
        }
    );
    row!(
        "plist::Value::from_reader(reader)",
        "plistvalue::from_reader(reader)",
        {
            let a = ::plist::Value::from_reader(Cursor::new(&bytes)).unwrap();
            let b: PlistValue = plistvalue::from_reader(Cursor::new(&bytes)).unwrap();
            assert_eq!((a, b), (theirs.clone(), ours.clone()));
        }
    );
    row!(
        "plist::Value::from_reader_xml(reader)",
        "plistvalue::from_reader(reader)",
        {
            let xml = plistvalue::to_vec_xml(&ox).unwrap();
            let a = ::plist::Value::from_reader_xml(Cursor::new(&xml)).unwrap();
            let b: PlistValue = plistvalue::from_reader(Cursor::new(&xml)).unwrap();
            assert_eq!((a, b), (tx.clone(), ox.clone()));
        }
    );
    row!(
        "value.to_file_binary(path)",
        "plistvalue::to_file(path, &value)",
        {
            t.to_file_binary(file("t.plist")).unwrap();
            plistvalue::to_file(file("o.plist"), o).unwrap();
            let back: PlistValue = plistvalue::from_file(file("t.plist")).unwrap();
            assert_eq!(back, ours);
            assert_eq!(::plist::Value::from_file(file("o.plist")).unwrap(), theirs);
        }
    );
    row!(
        "value.to_file_xml(path)",
        "plistvalue::to_file_xml(path, &value)",
        {
            tx.to_file_xml(file("t.xml")).unwrap();
            plistvalue::to_file_xml(file("o.xml"), &ox).unwrap();
            let back: PlistValue = plistvalue::from_file(file("t.xml")).unwrap();
            assert_eq!(back, ox);
            assert_eq!(::plist::Value::from_file(file("o.xml")).unwrap(), tx);
        }
    );
    row!(
        "value.to_writer_binary(writer)",
        "plistvalue::to_writer(writer, &value)",
        {
            let (mut a, mut b) = (Vec::new(), Vec::new());
            t.to_writer_binary(&mut a).unwrap();
            plistvalue::to_writer(&mut b, o).unwrap();
            assert_eq!(plistvalue::from_slice::<PlistValue>(&a).unwrap(), ours);
            assert_eq!(::plist::Value::from_reader(Cursor::new(b)).unwrap(), theirs);
        }
    );
    row!(
        "value.to_writer_xml(writer)",
        "plistvalue::to_writer_xml(writer, &value)",
        {
            let (mut a, mut b) = (Vec::new(), Vec::new());
            tx.to_writer_xml(&mut a).unwrap();
            plistvalue::to_writer_xml(&mut b, &ox).unwrap();
            assert_eq!(plistvalue::from_bytes::<PlistValue>(&a).unwrap(), ox);
            assert_eq!(::plist::Value::from_reader_xml(Cursor::new(b)).unwrap(), tx);
        }
    );
    row!("value.as_array()", "value.as_array()", {
        let a: Vec<i64> = t.as_dictionary().unwrap()["a"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(::plist::Value::as_signed_integer)
            .collect();
        let b: Vec<i64> = o["a"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(PlistValue::as_i64)
            .collect();
        assert_eq!(a, b);
        assert!(t.as_array().is_none() && o.as_array().is_none());
    });
    row!("value.as_array_mut()", "value.as_array_mut()", {
        let (mut a, mut b) = (t.as_dictionary().unwrap()["a"].clone(), o["a"].clone());
        a.as_array_mut().unwrap().push(3.into());
        b.as_array_mut().unwrap().push(3.into());
        assert_eq!(a.as_array().unwrap().len(), b.as_array().unwrap().len());
    });
    row!("value.into_array()", "value.into_array()", {
        let a = t.as_dictionary().unwrap()["a"]
            .clone()
            .into_array()
            .unwrap();
        let b = o["a"].clone().into_array().unwrap();
        assert_eq!(a.len(), b.len());
    });
    row!("Value::Array(vec)", "PlistValue::Array(vec.into())", {
        let a = ::plist::Value::Array(vec![1.into(), 2.into()]);
        let b = PlistValue::Array(vec![1.into(), 2.into()].into());
        assert_eq!(a, t.as_dictionary().unwrap()["a"]);
        assert_eq!(b, o["a"]);
    });
    row!(
        "match value { Value::Array(a) => .. }",
        "match value { PlistValue::Array(a) => .. }",
        {
            let a: Vec<i64> = match t.as_dictionary().unwrap()["a"].clone() {
                ::plist::Value::Array(a) => a
                    .into_iter()
                    .filter_map(|v| v.as_signed_integer())
                    .collect(),
                _ => unreachable!(),
            };
            let b: Vec<i64> = match o["a"].clone() {
                PlistValue::Array(a) => a.into_iter().filter_map(|v| v.as_i64()).collect(),
                _ => unreachable!(),
            };
            assert_eq!(a, b);
        }
    );
    row!("value.as_dictionary()", "value.as_dictionary()", {
        assert_eq!(
            t.as_dictionary().unwrap().len(),
            o.as_dictionary().unwrap().len()
        );
    });
    row!("value.as_dictionary_mut()", "value.as_dictionary_mut()", {
        let (mut a, mut b) = (t.clone(), o.clone());
        a.as_dictionary_mut().unwrap().remove("a");
        b.as_dictionary_mut().unwrap().remove("a");
        assert_eq!(
            a.as_dictionary().unwrap().len(),
            b.as_dictionary().unwrap().len()
        );
    });
    row!("value.into_dictionary()", "value.into_dictionary()", {
        assert_eq!(
            tkeys(&t.clone().into_dictionary().unwrap()),
            okeys(&o.clone().into_dictionary().unwrap())
        );
    });
    let tget = |k: &str| t.as_dictionary().unwrap()[k].clone();
    row!("value.as_boolean()", "value.as_bool()", {
        assert_eq!(tget("b").as_boolean(), o["b"].as_bool());
    });
    row!("value.as_data()", "value.as_data()", {
        assert_eq!(tget("data").as_data(), o["data"].as_data());
    });
    row!("value.into_data()", "value.into_data()", {
        assert_eq!(tget("data").into_data(), o["data"].clone().into_data());
    });
    row!("value.as_date()", "value.as_date()", {
        let a: std::time::SystemTime = tget("date").as_date().unwrap().into();
        let b: std::time::SystemTime = o["date"].as_date().unwrap().try_into().unwrap();
        assert_eq!(a, b);
    });
    row!("value.as_real()", "value.as_f64()", {
        assert_eq!(tget("r").as_real(), o["r"].as_f64());
    });
    row!("value.as_signed_integer()", "value.as_i64()", {
        assert_eq!(tget("i").as_signed_integer(), o["i"].as_i64());
        assert_eq!(tget("u").as_signed_integer(), o["u"].as_i64());
    });
    row!("value.as_unsigned_integer()", "value.as_u64()", {
        assert_eq!(tget("u").as_unsigned_integer(), o["u"].as_u64());
        assert_eq!(tget("i").as_unsigned_integer(), o["i"].as_u64());
    });
    row!("value.as_string()", "value.as_str()", {
        assert_eq!(tget("s").as_string(), o["s"].as_str());
    });
    row!("value.into_string()", "value.into_string()", {
        assert_eq!(tget("s").into_string(), o["s"].clone().into_string());
    });
    row!("value.as_uid()", "value.as_uid()", {
        assert_eq!(
            tget("uid").as_uid().map(|u| u.get()),
            o["uid"].as_uid().map(Uid::get)
        );
    });
    row!("value.into_uid()", "value.as_uid()", {
        assert_eq!(
            tget("uid").into_uid().map(::plist::Uid::get),
            o["uid"].as_uid().map(Uid::get)
        );
    });
    row!("Dictionary::new()", "Dictionary::new()", {
        assert_eq!(::plist::Dictionary::new().len(), Dictionary::new().len());
    });
    row!("dict.clear()", "dict.clear()", {
        let (mut a, mut b) = (tdict(), odict());
        a.clear();
        b.clear();
        assert!(a.is_empty() && b.is_empty());
    });
    row!("dict.get(key)", "dict.get(key)", {
        assert_eq!(
            tdict().get("x").and_then(::plist::Value::as_string),
            odict().get("x").and_then(PlistValue::as_str)
        );
        assert_eq!(tdict().get("q").is_none(), odict().get("q").is_none());
    });
    row!("dict.get_mut(key)", "dict.get_mut(key)", {
        let (mut a, mut b) = (tdict(), odict());
        *a.get_mut("x").unwrap() = "w".into();
        *b.get_mut("x").unwrap() = "w".into();
        assert_eq!(a["x"].as_string(), b["x"].as_str());
    });
    row!("dict.contains_key(key)", "dict.contains_key(key)", {
        assert_eq!(tdict().contains_key("z"), odict().contains_key("z"));
    });
    row!("dict.insert(key, value)", "dict.insert(key, value)", {
        let (mut a, mut b) = (tdict(), odict());
        let old_a = a.insert("z".into(), 5.into());
        let old_b = b.insert("z", 5.into());
        assert_eq!(
            old_a.and_then(|v| v.as_signed_integer()),
            old_b.and_then(|v| v.as_i64())
        );
        assert_eq!(tkeys(&a), okeys(&b));
    });
    row!("dict.remove(key)", "dict.remove(key)", {
        let (mut a, mut b) = (tdict(), odict());
        assert_eq!(a.remove("x").is_some(), b.remove("x").is_some());
        assert_eq!(tkeys(&a), okeys(&b));
    });
    row!("dict.retain(f)", "dict.retain(f)", {
        let (mut a, mut b) = (tdict(), odict());
        a.retain(|k, _| k != "x");
        b.retain(|k, _| k != "x");
        assert_eq!(tkeys(&a), okeys(&b));
    });
    row!("dict.sort_keys()", "dict.sort_keys()", {
        let (mut a, mut b) = (tget("d").into_dictionary().unwrap(), odict());
        a.insert("a".into(), 0.into());
        b.insert("a", 0.into());
        a.sort_keys();
        b.sort_keys();
        assert_eq!(tkeys(&a), okeys(&b));
    });
    row!("dict.len()", "dict.len()", {
        assert_eq!(tdict().len(), odict().len());
    });
    row!("dict.is_empty()", "dict.is_empty()", {
        assert_eq!(tdict().is_empty(), odict().is_empty());
    });
    row!("dict.iter()", "dict.iter()", {
        assert_eq!(
            tdict().iter().map(|(k, _)| k.clone()).collect::<Vec<_>>(),
            okeys(&odict())
        );
    });
    row!("dict.iter_mut()", "dict.iter_mut()", {
        let (mut a, mut b) = (tdict(), odict());
        a.iter_mut().for_each(|(_, v)| *v = true.into());
        b.iter_mut().for_each(|(_, v)| *v = true.into());
        assert!(
            a.values().all(|v| v.as_boolean() == Some(true))
                && b.values().all(|v| v.as_bool() == Some(true))
        );
    });
    row!("dict.keys()", "dict.keys()", {
        assert_eq!(tkeys(&tdict()), okeys(&odict()));
    });
    row!("dict.values()", "dict.values()", {
        assert_eq!(tdict().values().count(), odict().values().count());
    });
    row!("dict.values_mut()", "dict.values_mut()", {
        let (mut a, mut b) = (tdict(), odict());
        a.values_mut().for_each(|v| *v = 0.into());
        b.values_mut().for_each(|v| *v = 0.into());
        assert_eq!(a["z"].as_signed_integer(), b["z"].as_i64());
    });

    assert_eq!(
        done,
        readme_rows(),
        "README's table and this test list the same rows"
    );
}
