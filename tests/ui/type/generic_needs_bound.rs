use plistvalue::ToPlist;

#[derive(ToPlist)]
struct S<T> {
    a: T,
}

struct Opaque;

fn encodable<T: ToPlist>(_: &T) {}

fn main() {
    encodable(&S { a: Opaque });
}
