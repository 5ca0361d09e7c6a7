use plistvalue::ToPlist;

#[derive(ToPlist)]
struct Inner {
    b: i32,
}

#[derive(ToPlist)]
struct S {
    #[plist(flatten, rename = "inner", alias = "i")]
    inner: Inner,
}

fn main() {}
