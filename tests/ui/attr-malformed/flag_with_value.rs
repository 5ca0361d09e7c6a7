use plistvalue::ToPlist;

#[derive(ToPlist)]
#[plist(deny_unknown_fields = true)]
struct S {
    a: i32,
}

fn main() {}
