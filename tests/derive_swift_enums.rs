//! Enums in the forms Swift's synthesized `Codable` writes
//! (SE-0295) and swift-foundation's `PropertyListEncoder` lays out in bytes.
//!
//! * An enum with associated values writes every case as `{"case": {...}}`, a case
//!   without values as `{"case": {}}`. Rust: an enum with at least one data variant.
//! * An enum with a `String` raw type writes bare strings. Rust: an enum whose
//!   variants are all unit variants.
//!
//! The byte strings below are what swift-foundation's binary writer produces for the
//! Swift declarations in the comments: objects in pre-order, a dictionary's keys
//! before its values, strings uniqued, containers never shared, `true`/`false`
//! singletons, 1-byte references and offsets at these sizes.

use plistvalue::{plist, ErrorKind, FromPlist, PlistValue, ToPlist};
use plistvalue_suite::bplist::Bplist;

/// ```swift
/// enum Command: Codable {
///     case load(key: String)
///     case store(key: String, value: Int)
///     case reset
/// }
/// ```
#[derive(Debug, PartialEq, ToPlist, FromPlist)]
#[plist(rename_all = "camelCase")]
enum Command {
    Load { key: String },
    Store { key: String, value: i64 },
    Reset,
}

/// ```swift
/// enum Level: String, Codable { case low, high }
/// ```
#[derive(Debug, PartialEq, ToPlist, FromPlist)]
#[plist(rename_all = "camelCase")]
enum Level {
    Low,
    High,
}

/// A binary plist from its objects, laid out as swift-foundation (and CF) lays
/// out a small file: objects from offset 8, a 1-byte offset table, 1-byte refs.
fn bplist(objects: &[&[u8]]) -> Vec<u8> {
    Bplist::of(objects).build()
}

/// `PropertyListEncoder().encode(Command.reset)`: `{"reset": {}}`.
#[test]
fn a_case_without_values_is_an_empty_dictionary_byte_for_byte() {
    let swift = bplist(&[&[0xD1, 1, 2], b"\x55reset", &[0xD0]]);
    assert_eq!(plistvalue::to_vec(&Command::Reset).unwrap(), swift);
    assert_eq!(
        plistvalue::from_slice::<Command>(&swift).unwrap(),
        Command::Reset
    );
}

/// `encode([Command.load(key: "k"), .reset, .store(key: "k", value: 1), .reset])`.
#[test]
fn a_list_of_cases_byte_for_byte() {
    let swift = bplist(&[
        &[0xA4, 1, 6, 9, 14],  // 0: the array
        &[0xD1, 2, 3],         // 1: {"load": 3}
        b"\x54load",           // 2
        &[0xD1, 4, 5],         // 3: {"key": "k"}
        b"\x53key",            // 4
        b"\x51k",              // 5
        &[0xD1, 7, 8],         // 6: {"reset": 8}
        b"\x55reset",          // 7
        &[0xD0],               // 8: {}
        &[0xD1, 10, 11],       // 9: {"store": 11}
        b"\x55store",          // 10
        &[0xD2, 4, 12, 5, 13], // 11: {"key": "k", "value": 1}
        b"\x55value",          // 12
        &[0x10, 1],            // 13
        &[0xD1, 7, 15],        // 14: {"reset": 15}, the key shared, the {} not
        &[0xD0],               // 15
    ]);
    let cases = vec![
        Command::Load { key: "k".into() },
        Command::Reset,
        Command::Store {
            key: "k".into(),
            value: 1,
        },
        Command::Reset,
    ];
    assert_eq!(plistvalue::to_vec(&cases).unwrap(), swift);
    assert_eq!(
        plistvalue::from_slice::<Vec<Command>>(&swift).unwrap(),
        cases
    );
}

/// `encode([Level.low, .high, .low])`: a raw-value enum is its strings.
#[test]
fn an_enum_of_unit_variants_is_bare_strings_byte_for_byte() {
    let swift = bplist(&[&[0xA3, 1, 2, 1], b"\x53low", b"\x54high"]);
    let levels = vec![Level::Low, Level::High, Level::Low];
    assert_eq!(plistvalue::to_vec(&levels).unwrap(), swift);
    assert_eq!(
        plistvalue::from_slice::<Vec<Level>>(&swift).unwrap(),
        levels
    );
}

/// Either form reads for either kind of enum: files written before this change
/// (bare names beside data variants), and a raw-value enum that became one with
/// associated values or back.
#[test]
fn decoding_accepts_both_forms_for_both_kinds() {
    let read = |v: PlistValue| plistvalue::to_vec(&v).unwrap();
    assert_eq!(
        plistvalue::from_slice::<Command>(&read(plist!("reset"))).unwrap(),
        Command::Reset
    );
    assert_eq!(
        plistvalue::from_slice::<Command>(&read(plist!({ "reset": {} }))).unwrap(),
        Command::Reset
    );
    assert_eq!(
        plistvalue::from_slice::<Level>(&read(plist!({ "high": {} }))).unwrap(),
        Level::High
    );
    assert_eq!(
        plistvalue::from_slice::<Level>(&read(plist!("high"))).unwrap(),
        Level::High
    );
    // Swift's decoder skips unknown keys in the case's container; so do we.
    assert_eq!(
        plistvalue::from_slice::<Level>(&read(plist!({ "high": { "extra": 1 } }))).unwrap(),
        Level::High
    );
    // The content must be a dictionary, as Swift's keyed container needs.
    let e = plistvalue::from_slice::<Command>(&read(plist!({ "reset": "" }))).unwrap_err();
    assert!(
        matches!(
            e.kind(),
            ErrorKind::TypeMismatch {
                found: "string",
                ..
            }
        ),
        "{e}"
    );
    assert_eq!(e.path_string(), "reset");
    // A data variant still needs its content.
    let e = plistvalue::from_slice::<Command>(&read(plist!("load"))).unwrap_err();
    assert!(e.to_string().contains("has fields"), "{e}");

    #[derive(Debug, PartialEq, FromPlist)]
    #[plist(deny_unknown_fields)]
    enum Strict {
        Only,
    }
    let e = plistvalue::from_slice::<Strict>(&read(plist!({ "Only": { "x": 1 } }))).unwrap_err();
    assert!(
        matches!(e.kind(), ErrorKind::UnknownField(k) if k == "x"),
        "{e}"
    );
    assert_eq!(e.path_string(), "Only");
}

/// `tag` and `untagged` keep their own forms for unit variants.
#[test]
fn tagged_and_untagged_forms_are_unchanged() {
    #[derive(Debug, PartialEq, ToPlist, FromPlist)]
    #[plist(tag = "type")]
    enum Tagged {
        Unit,
        Data { n: i64 },
    }
    #[derive(Debug, PartialEq, ToPlist, FromPlist)]
    #[plist(untagged)]
    enum Untagged {
        Unit,
        Number(i64),
    }
    let tree = |v: &dyn Fn() -> Vec<u8>| plistvalue::from_slice::<PlistValue>(&v()).unwrap();
    assert_eq!(
        tree(&|| plistvalue::to_vec(&Tagged::Unit).unwrap()),
        plist!({ "type": "Unit" })
    );
    assert_eq!(
        tree(&|| plistvalue::to_vec(&Untagged::Unit).unwrap()),
        plist!("$null")
    );
    assert_eq!(
        tree(&|| plistvalue::to_vec(&Untagged::Number(3)).unwrap()),
        plist!(3)
    );
}
