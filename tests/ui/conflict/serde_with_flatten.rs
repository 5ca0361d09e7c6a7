use plistvalue::{FromPlist, ToPlist};

mod m {}

#[derive(ToPlist, FromPlist)]
struct S {
    #[plist(serde, with = "m")]
    both: u8,
    #[plist(serde, flatten)]
    flat: u8,
    #[plist(serde, skip)]
    skipped: u8,
}

fn main() {}
