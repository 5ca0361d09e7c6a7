use plistvalue::ToPlist;

#[derive(ToPlist)]
struct S {
    #[plist(rename)]
    a: i32,
}

fn main() {}
