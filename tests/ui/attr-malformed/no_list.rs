use plistvalue::ToPlist;

#[derive(ToPlist)]
#[plist]
struct S {
    a: i32,
}

fn main() {}
