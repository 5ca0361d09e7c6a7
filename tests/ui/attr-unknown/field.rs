use plistvalue::ToPlist;

#[derive(ToPlist)]
struct S {
    #[plist(renamed = "b")]
    a: i32,
}

fn main() {}
