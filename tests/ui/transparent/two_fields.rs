use plistvalue::ToPlist;

#[derive(ToPlist)]
#[plist(transparent)]
struct S {
    a: i32,
    b: i32,
}

fn main() {}
