use plistvalue::ToPlist;

#[derive(ToPlist)]
#[plist(bound = "T: ToPlist", bound(to_plist = "T: ToPlist"))]
struct S<T> {
    a: T,
}

fn main() {}
