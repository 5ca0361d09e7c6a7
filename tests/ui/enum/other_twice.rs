use plistvalue::ToPlist;

#[derive(ToPlist)]
enum E {
    #[plist(other)]
    A,
    #[plist(other)]
    B,
}

fn main() {}
