//! The text forms of one value: its type name (`-type`, `-expect`) and its raw
//! form (`-extract … raw`), as CLI.md's "Raw values and type names" gives them.

use base64::engine::general_purpose::STANDARD;
use base64::Engine as _;
use plistvalue::{key_order, Date, Key, Kind, PlistValue};

/// The type name of a value (CLI.md, "Raw values and type names").
pub(crate) fn type_name(v: &PlistValue) -> &'static str {
    match v {
        PlistValue::Boolean(_) => "bool",
        PlistValue::Integer(_) => "integer",
        PlistValue::Real(_) => "float",
        PlistValue::String(_) => "string",
        PlistValue::Date(_) => "date",
        PlistValue::Data(_) => "data",
        PlistValue::Array(_) => "array",
        PlistValue::Dictionary(_) => "dictionary",
        PlistValue::Uid(_) => "uid",
        _ => "null",
    }
}

/// The type name of an object, read from its marker alone; a set reads as an
/// array.
pub(crate) fn kind_name(k: Kind) -> &'static str {
    match k {
        Kind::Boolean => "bool",
        Kind::Integer => "integer",
        Kind::Real => "float",
        Kind::String => "string",
        Kind::Date => "date",
        Kind::Data => "data",
        Kind::Array | Kind::Set => "array",
        Kind::Dictionary => "dictionary",
        Kind::Uid => "uid",
        Kind::Null => "null",
    }
}

/// C's `%f`: six decimals, and `inf`, `-inf`, `nan`.
pub(crate) fn percent_f(x: f64) -> String {
    if x.is_nan() {
        "nan".to_owned()
    } else if x.is_infinite() {
        if x < 0.0 { "-inf" } else { "inf" }.to_owned()
    } else {
        format!("{x:.6}")
    }
}

/// `YYYY-MM-DDTHH:MM:SSZ`, rounded down to the second.
pub(crate) fn rfc3339_seconds(d: Date) -> String {
    Date::from_seconds_since_2001(d.seconds_since_2001().floor()).to_string()
}

/// The raw form of a value, without the newline that follows it.
pub(crate) fn raw(v: &PlistValue) -> String {
    match v {
        PlistValue::Boolean(b) => b.to_string(),
        PlistValue::Integer(i) => i.to_string(),
        PlistValue::Real(r) => percent_f(*r),
        PlistValue::String(s) => s.clone(),
        PlistValue::Date(d) => rfc3339_seconds(*d),
        PlistValue::Data(d) => STANDARD.encode(d),
        PlistValue::Array(a) => a.len().to_string(),
        PlistValue::Dictionary(d) => {
            let mut keys: Vec<&str> = d.keys().map(Key::as_str).collect();
            keys.sort_by(|a, b| key_order(a, b));
            keys.join("\n")
        }
        PlistValue::Uid(u) => u.get().to_string(),
        _ => "null".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use plistvalue::plist;

    #[test]
    fn raw_forms_follow_the_table() {
        assert_eq!(raw(&PlistValue::Real(2.5)), "2.500000");
        assert_eq!(raw(&PlistValue::Real(1e-7)), "0.000000");
        assert_eq!(raw(&PlistValue::Real(f64::NAN)), "nan");
        assert_eq!(raw(&PlistValue::Real(f64::NEG_INFINITY)), "-inf");
        assert_eq!(
            raw(&PlistValue::Date(Date::from_seconds_since_2001(-0.25))),
            "2000-12-31T23:59:59Z"
        );
        assert_eq!(raw(&PlistValue::Data(b"hello".to_vec())), "aGVsbG8=");
        assert_eq!(
            raw(&plist!({ "b": 1, "a": 2, "A10": 3, "a9": 4 })),
            "a\na9\nA10\nb"
        );
        assert_eq!(raw(&plist!({})), "");
        assert_eq!(raw(&plist!([1, 2, 3])), "3");
    }
}
