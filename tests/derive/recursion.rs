//! Recursive types and the depth limit.

use std::fmt::Debug;

use plistvalue::{plist, ErrorKind, FromPlist, Limits, ToPlist};

use crate::roundtrip;

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct Tree {
    name: String,
    children: Vec<Tree>,
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct GenericTree<T> {
    value: T,
    children: Vec<GenericTree<T>>,
    parent: Option<Box<GenericTree<T>>>,
}

fn chain(depth: usize) -> Tree {
    let mut t = Tree {
        name: "leaf".into(),
        children: vec![],
    };
    for _ in 0..depth {
        t = Tree {
            name: "node".into(),
            children: vec![t],
        };
    }
    t
}

#[test]
fn recursive_types_round_trip() {
    roundtrip(&chain(20));
    roundtrip(&GenericTree {
        value: 1u8,
        children: vec![GenericTree {
            value: 2,
            children: vec![],
            parent: None,
        }],
        parent: Some(Box::new(GenericTree {
            value: 0,
            children: vec![],
            parent: None,
        })),
    });
}

#[test]
fn depth_limit_is_an_error_not_a_stack_overflow() {
    // Each level is a struct and its `children` array: 2 levels of nesting.
    let bytes = plistvalue::to_vec(&chain(30)).unwrap();
    let err = plistvalue::from_slice_with_limits::<Tree>(&bytes, Limits::default().max_depth(40))
        .unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::DepthLimit(40)), "{err}");
    assert!(
        err.path_string().starts_with("children.0.children.0"),
        "{err}"
    );
    assert!(
        plistvalue::from_slice_with_limits::<Tree>(&bytes, Limits::default().max_depth(70)).is_ok()
    );

    // A hostile document nested far deeper than any stack: built as a PlistValue,
    // whose writer does not recurse.
    let mut deep = plist!({ "name": "leaf", "children": [] });
    for _ in 0..100_000 {
        deep = plist!({ "name": "node", "children": [deep] });
    }
    let bytes = plistvalue::to_vec(&deep).unwrap();
    let err = plistvalue::from_slice::<Tree>(&bytes).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::DepthLimit(128)), "{err}");
    assert!(err.offset().is_some());
}
