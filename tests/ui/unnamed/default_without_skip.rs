use plistvalue::ToPlist;

#[derive(ToPlist)]
struct S(i32, #[plist(default)] i32);

fn main() {}
