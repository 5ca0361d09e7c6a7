use plistvalue::ToPlist;

#[derive(ToPlist)]
struct S(#[plist(skip)] i32);

#[derive(ToPlist)]
#[plist(untagged)]
enum E {
    A(#[plist(skip)] i32),
}

fn main() {}
