use plistvalue::ToPlist;

#[derive(ToPlist)]
#[plist(rename_all = "camelCase")]
struct S {
    user_name: String,
    #[plist(rename = "userName")]
    login: String,
    #[plist(alias = "userName")]
    other: String,
}

fn main() {}
