use plistvalue::ToPlist;

#[derive(ToPlist)]
struct S {
    #[plist(with = "not a path")]
    a: i32,
}

fn main() {}
