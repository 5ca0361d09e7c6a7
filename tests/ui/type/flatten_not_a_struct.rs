use plistvalue::{FromPlist, ToPlist};

#[derive(ToPlist, FromPlist)]
struct S {
    #[plist(flatten)]
    a: String,
}

fn main() {}
