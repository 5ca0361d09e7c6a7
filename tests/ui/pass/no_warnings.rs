//! Generated code is warning-free under strict lints.
#![deny(warnings, rust_2018_idioms, unused_qualifications, unused_lifetimes, clippy::all)]
#![forbid(unsafe_code)]

use std::collections::BTreeMap;
use std::marker::PhantomData;

use plistvalue::{FromPlist, PlistValue, ToPlist};

#[derive(ToPlist, FromPlist)]
#[plist(rename_all = "camelCase", deny_unknown_fields)]
pub struct Borrowing<'a, T> {
    pub text: &'a str,
    pub value: Option<T>,
    #[plist(skip)]
    pub marker: PhantomData<T>,
    #[plist(default, skip_serializing_if = "Vec::is_empty", alias = "raw")]
    pub bytes: Vec<u8>,
}

#[derive(ToPlist, FromPlist)]
pub struct Flat {
    pub id: u32,
    #[plist(flatten)]
    pub inner: Inner,
    #[plist(flatten)]
    pub rest: BTreeMap<String, PlistValue>,
}

#[derive(ToPlist, FromPlist, Default)]
#[plist(default)]
pub struct Inner {
    pub a: i32,
}

#[derive(ToPlist, FromPlist)]
pub struct Unit;

#[derive(ToPlist, FromPlist)]
pub struct Tuple(pub i32, #[plist(skip)] pub u8, pub String);

#[derive(ToPlist, FromPlist)]
pub enum External<T> {
    A,
    B { x: T },
    C(i32, T),
    #[plist(other)]
    Other,
}

#[derive(ToPlist, FromPlist)]
#[plist(tag = "type")]
pub enum Internal {
    A,
    B { x: i32 },
    C(Inner),
}

#[derive(ToPlist, FromPlist)]
#[plist(untagged)]
pub enum Untagged {
    A,
    B(i64),
    C { s: String },
}

#[derive(ToPlist, FromPlist)]
pub enum Never {}

#[derive(ToPlist, FromPlist)]
pub struct Tree {
    pub children: Vec<Tree>,
}

mod reexport {
    pub use plistvalue as pv;
}

#[derive(ToPlist, FromPlist)]
#[plist(crate = "reexport::pv")]
pub struct Renamed {
    pub a: i32,
}

fn main() {
    let bytes = plistvalue::to_vec(&Tree { children: vec![] }).unwrap();
    let _: Tree = plistvalue::from_slice(&bytes).unwrap();
}
