//! The expansion shown in plistvalue-derive's docs.

use std::fmt::Debug;

use plistvalue::{plist, FromPlist, ToPlist};

use crate::{roundtrip, tree};

/// The example struct of the derive crate's docs; its expansion is checked
/// against the docs in that crate's unit tests.
#[derive(Debug, PartialEq, ToPlist, FromPlist)]
#[plist(rename_all = "camelCase")]
struct DocHeader {
    name: String,
    header_value: Option<String>,
}

#[test]
fn documented_example_behaves_as_documented() {
    let value = DocHeader {
        name: "Host".into(),
        header_value: None,
    };
    assert_eq!(tree(&value), plist!({ "name": "Host" }));
    roundtrip(&value);
}
