use plistvalue::ToPlist;

#[derive(ToPlist)]
#[plist(rename_all = "Pascal")]
struct S {
    a: i32,
}

fn main() {}
