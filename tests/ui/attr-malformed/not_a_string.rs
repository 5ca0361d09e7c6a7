use plistvalue::ToPlist;

#[derive(ToPlist)]
struct S {
    #[plist(rename = 5)]
    a: i32,
}

fn main() {}
