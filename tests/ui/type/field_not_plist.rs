use plistvalue::{FromPlist, ToPlist};

struct Opaque;

#[derive(ToPlist, FromPlist)]
struct S {
    a: Opaque,
}

fn main() {}
