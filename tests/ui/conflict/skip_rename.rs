use plistvalue::ToPlist;

#[derive(ToPlist)]
struct S {
    #[plist(skip, rename = "b", skip_serializing_if = "is_zero")]
    a: i32,
}

fn is_zero(a: &i32) -> bool {
    *a == 0
}

fn main() {}
