use plistvalue::ToPlist;

#[derive(ToPlist)]
#[plist(tag = "type")]
enum E {
    A {
        #[plist(rename = "type")]
        kind: String,
    },
}

fn main() {}
