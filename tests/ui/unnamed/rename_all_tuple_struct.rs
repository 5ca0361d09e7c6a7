use plistvalue::ToPlist;

#[derive(ToPlist)]
#[plist(rename_all = "camelCase")]
struct S(i32, i32);

fn main() {}
