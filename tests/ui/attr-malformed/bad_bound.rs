use plistvalue::ToPlist;

#[derive(ToPlist)]
#[plist(bound = "T ToPlist")]
struct S<T> {
    a: T,
}

fn main() {}
