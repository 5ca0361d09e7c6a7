use plistvalue::ToPlist;

#[derive(ToPlist)]
struct S(#[plist(rename = "x")] i32, #[plist(flatten)] i32);

fn main() {}
