use plistvalue::ToPlist;

#[derive(ToPlist, Default)]
#[plist(default)]
enum E {
    #[default]
    A,
}

fn main() {}
