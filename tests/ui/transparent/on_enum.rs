use plistvalue::ToPlist;

#[derive(ToPlist)]
#[plist(transparent)]
enum E {
    A(i32),
}

fn main() {}
