use plistvalue::ToPlist;

#[derive(ToPlist)]
#[plist(tag = "type", untagged)]
enum E {
    A { x: i32 },
}

fn main() {}
