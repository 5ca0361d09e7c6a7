use plistvalue::ToPlist;

#[derive(ToPlist)]
#[plist(tag = "type")]
enum E {
    Point(i32, i32),
}

fn main() {}
