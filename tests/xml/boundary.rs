//! Fixed trees on the edges of the writer's rules: data line widths at every
//! indentation, `%.17g`'s forms and its one tie, the floored dates and their quirks,
//! escaping, key order, UIDs and CF$UID look-alikes, empty forms.

use plistvalue::{Dictionary, PlistValue};
use plistvalue_suite::differential::model::{date, int, uid};

fn s(text: &str) -> PlistValue {
    PlistValue::String(text.into())
}

fn dict(entries: Vec<(&str, PlistValue)>) -> PlistValue {
    PlistValue::Dictionary(
        entries
            .into_iter()
            .map(|(k, v)| (k.to_owned(), v))
            .collect::<Dictionary>(),
    )
}

/// `v` inside `n` arrays.
fn nested(v: PlistValue, n: usize) -> PlistValue {
    (0..n).fold(v, |inner, _| PlistValue::Array(vec![inner].into()))
}

pub fn trees() -> Vec<(String, PlistValue)> {
    let mut out = Vec::new();
    // A full line at indentation n holds 57 - 6n bytes (n <= 8); one byte either side.
    for depth in 0..=11usize {
        let full = 57 - 6 * depth.min(8);
        let blobs = [full - 1, full, full + 1, 2 * full, 0]
            .iter()
            .map(|&n| PlistValue::Data((0..n).map(|i| (i * 37 + depth) as u8).collect()))
            .collect::<Vec<_>>();
        let v = if depth == 0 {
            blobs[1].clone()
        } else {
            nested(PlistValue::Array(blobs.into()), depth - 1)
        };
        out.push((format!("data lines at indentation {depth}"), v));
    }
    let reals = [
        1.0,
        100.0,
        1e16,
        1e17,
        0.1,
        1e-5,
        1e-4,
        5e-324,
        2.225_073_858_507_201_4e-308,
        f64::MAX,
        -2.5,
        2f64.powi(-25),
        0.333_333_343_267_440_8,
        -0.0,
        0.0,
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
        123_456_789_012_345_680.0,
        1.5e300,
    ];
    out.push((
        "reals".into(),
        PlistValue::Array(reals.iter().map(|&r| PlistValue::Real(r)).collect()),
    ));
    let dates = [
        0.0,
        -0.5,
        0.5,
        0.999_999,
        -1e-20,
        -1e-300,
        725_760_000.0,
        -63_113_904_000.0,
        -63_113_904_001.0,
        252_423_993_599.0,
        252_423_993_600.0,
        -6.4e10,
        3e11,
        1e15,
        -1e15,
        -978_307_200.0,
    ];
    out.push((
        "dates".into(),
        PlistValue::Array(dates.iter().map(|&d| date(d)).collect()),
    ));
    out.push((
        "integers".into(),
        PlistValue::Array(
            [
                0,
                -1,
                i64::MIN as i128,
                i64::MAX as i128,
                u64::MAX as i128,
                1 << 63,
            ]
            .into_iter()
            .map(int)
            .collect(),
        ),
    ));
    out.push((
        "strings".into(),
        PlistValue::Array(
            [
                "",
                "&<>",
                "]]>",
                "a\rb",
                "a\r\nb",
                "a\0b",
                "\u{1}\u{1f}\u{7f}",
                "tab\tquote\"'",
                "😀 astral",
                "\u{FFFE}\u{FFFF}",
                "é",
                "  spaces  ",
                "&amp;",
            ]
            .iter()
            .map(|t| s(t))
            .collect(),
        ),
    ));
    out.push((
        "key order".into(),
        dict(
            [
                "a", "B", "é", "😀", "\u{E000}", "ab", "A", "", "\u{FFFD}", "Z", "_",
            ]
            .into_iter()
            .map(|k| (k, s(k)))
            .collect(),
        ),
    ));
    out.push((
        "uids".into(),
        PlistValue::Array(
            [0, 1, u32::MAX as u64, 1 << 32, u64::MAX, 1 << 63]
                .into_iter()
                .map(uid)
                .collect(),
        ),
    ));
    out.push((
        "CF$UID look-alikes".into(),
        PlistValue::Array(
            vec![
                dict(vec![("CF$UID", int(5))]),
                dict(vec![("CF$UID", int(1 << 32))]),
                dict(vec![("CF$UID", int(-1))]),
                dict(vec![("CF$UID", PlistValue::Real(7.9))]),
                dict(vec![("CF$UID", s("5"))]),
                dict(vec![("CF$UID", PlistValue::Boolean(true))]),
                dict(vec![("CF$UID", int(5)), ("x", int(1))]),
                dict(vec![("$top", dict(vec![("root", uid(1))]))]),
            ]
            .into(),
        ),
    ));
    out.push((
        "empty forms".into(),
        PlistValue::Array(
            vec![
                PlistValue::Array(plistvalue::Array::new()),
                PlistValue::Dictionary(Dictionary::new()),
                s(""),
                PlistValue::Data(vec![]),
                dict(vec![("", s(""))]),
            ]
            .into(),
        ),
    ));
    out.push((
        "deep".into(),
        nested(dict(vec![("k", PlistValue::Data(vec![7; 100]))]), 100),
    ));
    out.push(("scalar root".into(), s("just a string")));
    out
}
