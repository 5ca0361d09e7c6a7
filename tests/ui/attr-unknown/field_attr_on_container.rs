use plistvalue::ToPlist;

#[derive(ToPlist)]
#[plist(flatten)]
struct S {
    a: i32,
}

fn main() {}
