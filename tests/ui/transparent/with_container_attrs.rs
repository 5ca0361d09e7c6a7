use plistvalue::ToPlist;

#[derive(ToPlist)]
#[plist(transparent, rename_all = "camelCase", deny_unknown_fields)]
struct S {
    #[plist(rename = "b")]
    a: i32,
}

fn main() {}
