use plistvalue::ToPlist;

mod as_text {
    pub fn to_plist(value: &i32) -> String {
        value.to_string()
    }
}

#[derive(ToPlist)]
struct S {
    #[plist(with = "as_text")]
    a: i32,
}

fn main() {}
