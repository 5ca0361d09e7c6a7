use plistvalue::ToPlist;

#[derive(ToPlist)]
enum E {
    #[plist(skip)]
    A,
}

fn main() {}
