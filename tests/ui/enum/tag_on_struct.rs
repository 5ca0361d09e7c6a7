use plistvalue::ToPlist;

#[derive(ToPlist)]
#[plist(tag = "type")]
struct S {
    a: i32,
}

#[derive(ToPlist)]
#[plist(untagged)]
struct T {
    a: i32,
}

fn main() {}
