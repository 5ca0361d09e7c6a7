//! Group d: graph shape. Timings are printed (`cargo test -- --nocapture`) and
//! only bounded generously, for a debug build on a busy machine.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use plistvalue::error::Budget;
use plistvalue::{plist, Document, Error, ErrorKind, FromPlist, Node, PlistValue};

use crate::support::{decode, on_small_stack, Nest};
use plistvalue_suite::bplist::{array, ascii, bomb, chain, dict, dict_w, int, seq, Bplist};
use plistvalue_suite::walk::walk;

fn timed<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let start = Instant::now();
    let out = f();
    (out, start.elapsed())
}

#[test]
fn d27_cycles_through_values_rejected_through_keys_stopped_as_non_string_keys() {
    // (objects, error kind, offset, path). The untyped decode keeps an on-path bit per
    // object; a key must be a string, so a cycle through a key stops at the key.
    let cases = [
        (vec![array(&[0])], "cycle", 8, "0"),
        (vec![dict(&[1], &[0]), ascii(b"k")], "cycle", 8, "k"),
        (vec![array(&[1]), array(&[0])], "cycle", 8, "0.0"),
        (
            vec![dict(&[3], &[1]), array(&[2]), dict(&[3], &[0]), ascii(b"k")],
            "cycle",
            8,
            "k.0.k",
        ),
        (vec![dict(&[0], &[1]), int(1)], "key", 8, ""),
        (
            vec![dict(&[2], &[1]), dict(&[0], &[2]), ascii(b"k")],
            "key",
            8,
            "k",
        ),
    ];
    for (objects, what, offset, path) in cases {
        let b = Bplist::of(&objects);
        let bytes = b.build();
        let e = if what == "cycle" {
            assert_err!(bytes, ErrorKind::Cycle, offset)
        } else {
            assert_err!(bytes, ErrorKind::NonStringKey("dictionary"), offset)
        };
        assert_eq!(e.path_string(), path, "{e}");
        // The lazy API follows references only on request; a full walk that marks
        // visited objects ends.
        let doc = Document::from_slice(&bytes).unwrap();
        assert_eq!(walk(&doc).unwrap(), objects.len() as u64);
    }
    // Typed decoding has no cycle check: it stops at the depth limit instead.
    let bytes = Bplist::of(&[array(&[1]), array(&[0])]).build();
    assert_fails!(
        plistvalue::from_slice::<Nest>(&bytes),
        ErrorKind::DepthLimit(128),
        8
    );
}

#[test]
fn d28_shared_strings_and_arrays_are_not_cycles() {
    // {a: A, b: A, c: s, s: A} with A = [s, s, s]; "s" is also a key.
    let b = Bplist::of(&[
        dict(&[1, 2, 3, 5], &[4, 4, 5, 4]),
        ascii(b"a"),
        ascii(b"b"),
        ascii(b"c"),
        array(&[5, 5, 5]),
        ascii(b"s"),
    ]);
    let bytes = b.build();
    let a = plist!(["s", "s", "s"]);
    let expected = plist!({ "a": (a.clone()), "b": (a.clone()), "c": "s", "s": a });
    assert_eq!(decode(&bytes).unwrap(), expected);
    let typed: HashMap<String, PlistValue> = plistvalue::from_slice(&bytes).unwrap();
    assert_eq!(typed.len(), 4);
}

#[test]
fn d29_doubling_dag_bombs_linear_lazily_and_stopped_by_the_node_budget() {
    // obj_k = [obj_{k-1}, obj_{k-1}]: a file of 3k + 106 bytes describing 2^(k+1) - 1
    // values. The lazy walk expands each object once; the untyped and typed decodes
    // build a tree, so they stop at the node budget, 2 × len + 65,536 by default.
    for k in [20, 40, 64] {
        let b = bomb(k);
        let bytes = b.build();
        let len = bytes.len() as u64;
        assert!(len < 300, "{len}");
        let budget = 2 * len + 65_536;

        let (visited, lazy) = timed(|| walk(&Document::from_slice(&bytes).unwrap()).unwrap());
        assert_eq!(visited, k + 1);

        let (untyped, untyped_time) = timed(|| decode(&bytes));
        let e = untyped.expect_err("the bomb decoded");
        assert!(
            matches!(e.kind(), ErrorKind::BudgetExceeded { what: Budget::Nodes, limit } if *limit == budget),
            "{e:?}"
        );
        assert_eq!(e.offset(), Some(b.offset_of(e.object().unwrap())), "{e:?}");

        let (typed, typed_time) = timed(|| plistvalue::from_slice::<Nest>(&bytes));
        let e = typed.expect_err("the bomb decoded");
        assert!(
            matches!(e.kind(), ErrorKind::BudgetExceeded { what: Budget::Nodes, limit } if *limit == budget),
            "{e:?}"
        );
        assert_eq!(e.offset(), Some(b.offset_of(e.object().unwrap())), "{e:?}");

        println!(
            "bomb k={k}: {len} bytes; lazy walk {lazy:?} ({visited} objects); \
             untyped {untyped_time:?} and typed {typed_time:?} to the node budget {budget}"
        );
        for t in [lazy, untyped_time, typed_time] {
            assert!(t < Duration::from_secs(2), "k={k} took {t:?}");
        }
    }
}

/// A recursive type through dictionaries, `{"k": {"k": …}}`, that keeps nothing.
struct DictNest;

impl<'a> FromPlist<'a> for DictNest {
    fn from_plist(node: &Node<'_, 'a>) -> Result<DictNest, Error> {
        HashMap::<String, DictNest>::from_plist(node).map(|_| DictNest)
    }
}

/// Depth of a chain of one-element containers, without recursion.
fn chain_depth(mut v: &PlistValue) -> u64 {
    let mut depth = 0;
    loop {
        let next = match v {
            PlistValue::Array(a) => a.first(),
            PlistValue::Dictionary(d) => d.get("k"),
            _ => None,
        };
        match next {
            Some(n) => {
                v = n;
                depth += 1;
            }
            None => return depth,
        }
    }
}

#[test]
fn d30_deep_nesting_untyped_iterative_typed_depth_limited_on_a_2_mib_thread() {
    // Chains of one-element arrays and one-entry dictionaries, 4-byte refs. Decoding
    // into `PlistValue`, encoding it and its drop, clone, == and Debug use no
    // recursion, so even 1,000,000 levels run on a 2 MiB thread; a typed recursive
    // decode stops at `Limits::max_depth` (128), at the 129th container. (Dictionary
    // chains stop at 100,000: each level allocates a map and a key, and a debug build
    // spends seconds per million on that alone.)
    on_small_stack(|| {
        for (depth, dict) in [
            (1_000u64, false),
            (1_000, true),
            (100_000, false),
            (100_000, true),
            (1_000_000, false),
        ] {
            {
                let shape = if dict { "dictionaries" } else { "arrays" };
                let b = chain(depth, dict);
                let bytes = b.build();

                let (v, decode_time) = timed(|| decode(&bytes).unwrap());
                assert_eq!(chain_depth(&v), depth);
                let typed = if dict {
                    plistvalue::from_slice::<DictNest>(&bytes).map(|_| ())
                } else {
                    plistvalue::from_slice::<Nest>(&bytes).map(|_| ())
                };
                assert_fails!(typed, ErrorKind::DepthLimit(128), b.offset_of(128));
                let (encoded, encode_time) = timed(|| plistvalue::to_vec(&v).unwrap());
                let (copy, clone_time) = timed(|| v.clone());
                let (same, eq_time) = timed(|| copy == v);
                assert!(same);
                let (text, debug_time) = timed(|| format!("{v:?}"));
                assert!(text.len() as u64 > 8 * depth);
                let (back, redecode_time) = timed(|| decode(&encoded).unwrap());
                assert!(back == v);
                let ((), drop_time) = timed(|| drop((v, copy, back)));
                println!(
                    "{depth} nested {shape} ({} bytes): decode {decode_time:?}, encode \
                     {encode_time:?}, clone {clone_time:?}, == {eq_time:?}, Debug \
                     {debug_time:?}, decode again {redecode_time:?}, drop of 3 trees \
                     {drop_time:?}",
                    bytes.len()
                );
                assert!(decode_time < Duration::from_secs(60));
            }
        }
    });
}

#[test]
fn d31_very_wide_dict_and_array_decode_in_linear_time() {
    // A dictionary with 1,000,000 distinct keys, all sharing one value, 4-byte refs.
    let n = 1_000_000u64;
    let mut b = Bplist::new();
    b.ref_size = 4;
    b.offset_size = 4;
    let keys: Vec<u64> = (2..n + 2).collect();
    b.push(&dict_w(4, &keys, &vec![1; n as usize]));
    b.push(&int(7));
    for i in 0..n {
        b.push(&ascii(format!("k{i:07}").as_bytes()));
    }
    let bytes = b.build();
    let (v, dict_time) = timed(|| decode(&bytes).unwrap());
    let d = v.as_dictionary().unwrap();
    assert_eq!(d.len(), n as usize);
    assert_eq!(d.get("k0999999"), Some(&PlistValue::from(7)));
    drop(v);

    // An array of 10,000,000 refs to one `true`.
    let m = 10_000_000u64;
    let mut b = Bplist::of(&[seq(0xA0, 1, &vec![1; m as usize]), vec![0x09]]);
    b.offset_size = 4;
    let bytes = b.build();
    let (walked, walk_time) = timed(|| {
        let doc = Document::from_slice(&bytes).unwrap();
        doc.root().unwrap().elements().unwrap().flatten().count()
    });
    assert_eq!(walked as u64, m);
    let (v, array_time) = timed(|| decode(&bytes).unwrap());
    assert_eq!(v.as_array().unwrap().len() as u64, m);
    println!(
        "1M-key dictionary: decode {dict_time:?}; 10M-element array: lazy iteration \
         {walk_time:?}, decode {array_time:?}"
    );
    // Quadratic work (a duplicate-key scan, say) would take hours here.
    for t in [dict_time, walk_time, array_time] {
        assert!(t < Duration::from_secs(120), "{t:?}");
    }
}
