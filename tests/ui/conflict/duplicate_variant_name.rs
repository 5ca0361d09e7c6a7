use plistvalue::ToPlist;

#[derive(ToPlist)]
enum E {
    A,
    #[plist(rename = "A")]
    B,
}

fn main() {}
