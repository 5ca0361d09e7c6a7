use plistvalue::ToPlist;

#[derive(ToPlist)]
struct Inner {
    b: i32,
}

#[derive(ToPlist)]
struct S {
    #[plist(skip, flatten)]
    inner: Inner,
}

fn main() {}
