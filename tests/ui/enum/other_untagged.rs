use plistvalue::ToPlist;

#[derive(ToPlist)]
#[plist(untagged)]
enum E {
    #[plist(rename = "a")]
    A(i32),
    #[plist(other)]
    B,
}

fn main() {}
