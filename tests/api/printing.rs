//! `{:?}` and `{:#?}` of values, data in hex, and the text forms of `Integer` and
//! `Uid`.

use std::fmt::Write as _;

use plistvalue::{plist, Data, Dictionary, ErrorKind, Integer, PlistValue, Uid};

#[test]
fn alternate_debug_is_indented_one_element_per_line() {
    let v = plist!({ "name": "Ada", "tags": ["x", []], "n": null, "u": (Uid::new(3)) });
    let pretty = format!("{v:#?}");
    assert_eq!(
        pretty,
        r#"Dictionary({
    "name": String("Ada"),
    "tags": Array([
        String("x"),
        Array([]),
    ]),
    "n": Null,
    "u": Uid(3),
})"#
    );
    let one_line = format!("{v:?}");
    assert!(!one_line.contains('\n'));
    assert_eq!(
        one_line,
        r#"Dictionary({"name": String("Ada"), "tags": Array([String("x"), Array([])]), "n": Null, "u": Uid(3)})"#
    );
    // A Dictionary prints as the value holding it does.
    let d: Dictionary = v.clone().into_dictionary().unwrap();
    assert_eq!(format!("{d:#?}"), pretty);
    assert_eq!(format!("{d:?}"), one_line);
    assert_eq!(format!("{:#?}", Dictionary::new()), "Dictionary({})");
}

#[test]
fn data_prints_as_hex_abbreviated_past_32_bytes() {
    let short = PlistValue::Data(vec![0xCA, 0xFE, 0x00, 0x01]);
    assert_eq!(format!("{short:?}"), "Data(cafe0001)");
    let long: Vec<u8> = (0..=255).cycle().take(268).collect();
    let text = format!("{:?}", PlistValue::Data(long.clone()));
    let hex = long[..32].iter().fold(String::new(), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    });
    assert_eq!(text, format!("Data({hex}…, 268 bytes)"));
    assert_eq!(
        format!("{:?}", Data::new(long)),
        text,
        "the newtype prints the same"
    );
    assert_eq!(
        format!("{:?}", PlistValue::Data(vec![7; 32])),
        format!("Data({})", "07".repeat(32))
    );
}

#[test]
fn integer_and_uid_parse_what_they_print() {
    for i in [
        Integer::from(0),
        Integer::from(-1),
        Integer::from(i64::MIN),
        Integer::from(u64::MAX),
    ] {
        assert_eq!(i.to_string().parse::<Integer>().unwrap(), i);
    }
    assert_eq!("0x1f".parse::<Integer>().unwrap(), Integer::from(31));
    assert_eq!("+7".parse::<Integer>().unwrap(), Integer::from(7));
    assert_eq!("-0x10".parse::<Integer>().unwrap(), Integer::from(-16));
    for bad in ["", "-", "1.5", "--1", "+-1", "0x", " 1", "1e3"] {
        let err = bad.parse::<Integer>().unwrap_err();
        assert!(
            matches!(err.kind(), ErrorKind::InvalidText { .. }),
            "{bad:?}: {err}"
        );
    }
    let err = "18446744073709551616".parse::<Integer>().unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::IntegerOutOfRange { .. }),
        "{err}"
    );
    assert!("-9223372036854775809".parse::<Integer>().is_err());

    assert_eq!(Uid::new(42).to_string(), "42");
    assert_eq!(
        Uid::new(u64::MAX).to_string().parse::<Uid>().unwrap(),
        Uid::new(u64::MAX)
    );
    for bad in ["", "-1", "+1", "x", "18446744073709551616"] {
        assert!(bad.parse::<Uid>().is_err(), "{bad:?}");
    }
}
