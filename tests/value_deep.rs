//! A million-deep `PlistValue` survives drop, clone, ==, Debug, Display, encode and
//! decode on a 2 MiB thread: none of them recurse per level. It also comes apart by
//! value, as a `serde_json::Value` does: `PlistValue` has no `Drop` of its own (its
//! containers have), so a `match` moves the fields out.

use std::fmt::Write as _;

use plistvalue::PlistValue;

const DEPTH: usize = 1_000_000;

fn on_small_thread(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(f)
        .unwrap()
        .join()
        .expect("the 2 MiB thread panicked or overflowed");
}

fn nested(depth: usize) -> PlistValue {
    let mut v = PlistValue::Array(plistvalue::Array::new());
    for i in 0..depth {
        v = if i % 2 == 0 {
            PlistValue::Array(vec![v].into())
        } else {
            let mut d = plistvalue::Dictionary::new();
            d.insert("k", v);
            PlistValue::Dictionary(d)
        };
    }
    v
}

/// Counts characters without storing them.
struct Count(usize);
impl std::fmt::Write for Count {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.0 += s.len();
        Ok(())
    }
}

#[test]
fn drop_clone_eq_and_debug_of_a_million_levels() {
    on_small_thread(|| {
        let v = nested(DEPTH);
        let w = v.clone();
        assert!(v == w);
        assert!(v != nested(DEPTH - 1));
        let mut out = Count(0);
        write!(out, "{v:?}").unwrap();
        assert!(out.0 > DEPTH * 3);
        // Indented, one line per level, the indentation capped so the text stays linear.
        let mut pretty = Count(0);
        write!(pretty, "{v:#?}").unwrap();
        assert!(pretty.0 > out.0 + DEPTH * 2, "{} vs {}", pretty.0, out.0);
        assert!(pretty.0 < out.0 + DEPTH * 2 * 140);
        // Display (`plutil -p`'s text) prints 512 levels, then one line: about
        // half a megabyte, where indenting every level would take 2 TB.
        let shown = format!("{v}");
        assert!(shown.len() < 1 << 20, "{}", shown.len());
        assert!(shown.contains(" ... 1 entry, nested deeper than 512 levels }\n"));
        drop(v);
        drop(w);
    });
}

#[test]
fn encode_and_decode_of_a_million_levels() {
    on_small_thread(|| {
        let v = nested(DEPTH);
        let bytes = plistvalue::to_vec(&v).unwrap();
        let back: PlistValue = plistvalue::from_slice(&bytes).unwrap();
        assert!(back == v);
    });
}

#[test]
fn a_million_levels_come_apart_by_value() {
    on_small_thread(|| {
        let mut stack = vec![nested(DEPTH)];
        let (mut arrays, mut dictionaries) = (0, 0);
        while let Some(v) = stack.pop() {
            match v {
                PlistValue::Array(a) => {
                    arrays += 1;
                    for x in a {
                        stack.push(x);
                    }
                }
                PlistValue::Dictionary(d) => {
                    dictionaries += 1;
                    for (k, v) in d {
                        assert_eq!(k, "k");
                        stack.push(v);
                    }
                }
                other => panic!("only containers were built, found {other:?}"),
            }
        }
        assert_eq!((arrays, dictionaries), (DEPTH / 2 + 1, DEPTH / 2));
    });
}

#[test]
fn fields_move_out_of_a_match() {
    let v = plistvalue::plist!({ "name": "Ada", "tags": ["x", "y"] });
    let PlistValue::Dictionary(mut d) = v else {
        panic!("a dictionary")
    };
    let name: String = match d.remove("name") {
        Some(PlistValue::String(s)) => s,
        other => panic!("{other:?}"),
    };
    let tags: Vec<PlistValue> = match d.remove("tags") {
        Some(PlistValue::Array(a)) => a.into_vec(),
        other => panic!("{other:?}"),
    };
    assert_eq!(name, "Ada");
    assert_eq!(tags, [PlistValue::from("x"), PlistValue::from("y")]);
}

#[test]
fn a_million_levels_drop_from_an_array_or_a_dictionary_alone() {
    on_small_thread(|| {
        // `nested` ends in a dictionary at an even depth, an array at an odd one.
        let PlistValue::Dictionary(d) = nested(DEPTH) else {
            panic!("the root is a dictionary")
        };
        drop(d);
        let PlistValue::Array(a) = nested(DEPTH - 1) else {
            panic!("the root is an array")
        };
        drop(a);
        // A plain vector of deep values drops too: each element's container drops
        // itself without recursion.
        let v: Vec<PlistValue> = nested(DEPTH - 1).into_array().unwrap();
        drop(v);
    });
}
