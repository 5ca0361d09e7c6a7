use plistvalue::ToPlist;

#[derive(ToPlist)]
#[plist(rename_all = "camelCase")]
#[plist(deny_unknown_fields, rename_all = "PascalCase")]
struct S {
    a: i32,
}

fn main() {}
