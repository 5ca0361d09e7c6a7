use plistvalue::ToPlist;

#[derive(ToPlist)]
#[plist(bound(serialize = "T: ToPlist"))]
struct S<T> {
    a: T,
}

fn main() {}
