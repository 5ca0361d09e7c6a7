//! Every mistake in one item is reported in one compile, by both derives once.
use plistvalue::{FromPlist, ToPlist};

#[derive(ToPlist, FromPlist)]
#[plist(rename_all = "Snake", tag = "t")]
struct S {
    #[plist(skip, flatten)]
    a: i32,
    #[plist(rename = "x", rename = "y")]
    b: i32,
    #[plist(frobnicate)]
    c: i32,
}

fn main() {}
