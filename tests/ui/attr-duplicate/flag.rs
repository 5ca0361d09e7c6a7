use plistvalue::ToPlist;

#[derive(ToPlist)]
struct S {
    #[plist(skip)]
    #[plist(skip)]
    a: i32,
}

fn main() {}
