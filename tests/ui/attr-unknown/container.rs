use plistvalue::ToPlist;

#[derive(ToPlist)]
#[plist(rename_al = "camelCase")]
struct S {
    a: i32,
}

fn main() {}
