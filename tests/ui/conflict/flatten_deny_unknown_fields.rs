use plistvalue::ToPlist;
use std::collections::BTreeMap;

#[derive(ToPlist)]
#[plist(deny_unknown_fields)]
struct S {
    a: i32,
    #[plist(flatten)]
    rest: BTreeMap<String, i32>,
}

fn main() {}
