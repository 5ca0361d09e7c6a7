use plistvalue::ToPlist;

#[derive(ToPlist)]
struct S {
    #[plist(rename = "x", rename = "y")]
    a: i32,
}

fn main() {}
