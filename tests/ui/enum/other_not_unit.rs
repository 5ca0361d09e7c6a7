use plistvalue::ToPlist;

#[derive(ToPlist)]
enum E {
    A,
    #[plist(other)]
    Unknown(String),
}

fn main() {}
