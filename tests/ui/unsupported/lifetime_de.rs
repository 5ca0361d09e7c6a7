use plistvalue::FromPlist;

#[derive(FromPlist)]
struct S<'de> {
    a: &'de str,
}

fn main() {}
