//! Generics and bounds.

use std::collections::BTreeMap;
use std::fmt::Debug;
use std::marker::PhantomData;

use plistvalue::{plist, FromPlist, ToPlist};

use crate::{decode, roundtrip, tree};

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct Pair<K, V> {
    key: K,
    value: Option<V>,
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct Page<T> {
    items: Vec<Pair<String, T>>,
    by_name: BTreeMap<String, Vec<Option<T>>>,
    first: Option<Box<T>>,
}

#[test]
fn nested_generics() {
    let value = Page {
        items: vec![Pair {
            key: "k".into(),
            value: Some(vec![1u8, 2]),
        }],
        by_name: BTreeMap::from([("x".into(), vec![None, Some(vec![3u8])])]),
        first: None,
    };
    let v = tree(&value);
    assert!(v["items"][0]["value"].as_data().is_some());
    assert_eq!(v["by_name"]["x"][0], plist!("$null"));
    roundtrip(&value);
}

/// Implements neither trait.
#[derive(Debug, PartialEq, Default)]
struct Opaque;

/// `T` appears only in skipped or `PhantomData` fields, so it needs no bound.
#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct Unbounded<T, U> {
    name: String,
    #[plist(skip)]
    cache: Option<T>,
    marker: PhantomData<U>,
}

#[test]
fn no_bounds_for_unused_parameters() {
    let value: Unbounded<Opaque, Opaque> = Unbounded {
        name: "n".into(),
        cache: Some(Opaque),
        marker: PhantomData,
    };
    assert_eq!(tree(&value), plist!({ "name": "n" }));
    let back: Unbounded<Opaque, Opaque> = decode(&tree(&value)).unwrap();
    assert_eq!(back.cache, None);
}

trait Schema {
    type Id;
}

struct Users;

impl Schema for Users {
    type Id = u64;
}

/// An associated type gets the bound, not its parameter.
#[derive(ToPlist, FromPlist)]
struct Row<S: Schema> {
    id: S::Id,
}

#[test]
fn associated_type_bounds() {
    let row: Row<Users> = Row { id: 5 };
    let back: Row<Users> = decode(&tree(&row)).unwrap();
    assert_eq!(back.id, 5);
}

/// With the bound override, a parameter used only through a `with` module can be
/// required to implement something else.
#[derive(Debug, PartialEq, ToPlist, FromPlist)]
#[plist(bound(to_plist = "T: std::fmt::Display", from_plist = "T: std::str::FromStr"))]
struct Stringly<T> {
    #[plist(with = "as_string")]
    value: T,
}

mod as_string {
    use plistvalue::{Encoder, Error, FromPlist, Node, ObjRef};

    #[allow(clippy::unnecessary_wraps, reason = "the signature `with` requires")]
    pub fn to_plist<'a, T: std::fmt::Display>(
        value: &'a T,
        enc: &mut Encoder<'a>,
    ) -> Result<ObjRef, Error> {
        Ok(enc.str_copied(&value.to_string()))
    }

    pub fn from_plist<T: std::str::FromStr>(node: &Node<'_, '_>) -> Result<T, Error> {
        <&str>::from_plist(node)?
            .parse()
            .map_err(|_| Error::custom("unparsable"))
    }
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
#[plist(bound = "T: ToPlist + for<'x> FromPlist<'x>")]
struct Bounded<T> {
    value: T,
}

#[test]
fn bound_override() {
    let value = Stringly { value: 42u16 };
    assert_eq!(tree(&value), plist!({ "value": "42" }));
    roundtrip(&value);
    roundtrip(&Bounded { value: 1u8 });
}

/// Raw identifiers lose their `r#`; const generics and where-clauses carry over.
#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct Odd<T, const N: usize>
where
    T: Clone,
{
    r#type: String,
    values: [T; N],
}

#[test]
fn raw_identifiers_const_generics_where_clauses() {
    let value = Odd {
        r#type: "t".into(),
        values: [1i64, 2],
    };
    assert_eq!(tree(&value), plist!({ "type": "t", "values": [1, 2] }));
    roundtrip(&value);
}
