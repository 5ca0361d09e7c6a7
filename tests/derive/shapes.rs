//! Struct shapes.

use std::fmt::Debug;

use plistvalue::{plist, FromPlist, ToPlist};

use crate::{decode, roundtrip, tree};

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct UnitStruct;

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct Meters(f64);

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct Point(i32, i32, #[plist(skip)] u8, Option<i32>);

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct Shapes {
    unit: UnitStruct,
    meters: Meters,
    point: Point,
}

#[test]
fn unit_newtype_and_tuple_structs() {
    let value = Shapes {
        unit: UnitStruct,
        meters: Meters(2.5),
        point: Point(1, 2, 0, None),
    };
    assert_eq!(
        tree(&value),
        plist!({ "unit": {}, "meters": 2.5, "point": [1, 2, "$null"] })
    );
    roundtrip(&value);
    let err = decode::<Point>(&plist!([1, 2])).unwrap_err();
    assert!(
        err.to_string().contains("expected an array of 3 elements"),
        "{err}"
    );
}
