use plistvalue::ToPlist;

#[derive(ToPlist)]
union U {
    a: u32,
    b: f32,
}

fn main() {}
