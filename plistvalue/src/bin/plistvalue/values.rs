//! The value flags of `-insert` and `-replace` (CLI.md, "Value flags"). Strict where plutil is
//! lenient: a value that does not parse is an error, never a silent 0 or NO.

use base64::engine::general_purpose::{GeneralPurpose, GeneralPurposeConfig};
use base64::engine::DecodePaddingMode;
use base64::Engine as _;
use plistvalue::{Array, Date, Dictionary, Integer, PlistValue};

use crate::{json, tree};

/// True for the flags that take no VALUE.
pub(crate) fn takes_no_value(flag: &str) -> bool {
    matches!(flag, "-array" | "-dictionary")
}

/// The value `-TYPE VALUE` gives, or the usage error's text.
pub(crate) fn parse(flag: &str, text: &str) -> Result<PlistValue, String> {
    let value = match flag {
        "-bool" => boolean(text),
        "-integer" => integer(text),
        "-float" => real(text),
        "-string" => Some(PlistValue::String(text.to_owned())),
        "-date" => date(text),
        "-data" => data(text),
        "-xml" => xml(text),
        // A property list has no null, in any format.
        "-json" => json::read(text.as_bytes())
            .ok()
            .filter(|v| tree::first_null(v).is_none()),
        "-array" => Some(PlistValue::Array(Array::new())),
        "-dictionary" => Some(PlistValue::Dictionary(Dictionary::new())),
        _ => return Err(format!("Unknown insert or replace type {flag}")),
    };
    value.ok_or_else(|| format!("Failed to parse value {text} with type {flag}"))
}

fn boolean(text: &str) -> Option<PlistValue> {
    match text.to_ascii_lowercase().as_str() {
        "yes" | "true" => Some(PlistValue::Boolean(true)),
        "no" | "false" => Some(PlistValue::Boolean(false)),
        _ => None,
    }
}

/// `[+-]?[0-9]+` within −2⁶³ … 2⁶⁴−1.
fn integer(text: &str) -> Option<PlistValue> {
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let v: i128 = text.parse().ok()?;
    Integer::from_i128(v).map(PlistValue::Integer)
}

/// `[+-]?` digits with an optional fraction and exponent (or `.5`), or `inf`,
/// `infinity`, `nan` in any case.
fn real(text: &str) -> Option<PlistValue> {
    let body = text.strip_prefix(['+', '-']).unwrap_or(text);
    let lower = body.to_ascii_lowercase();
    if matches!(lower.as_str(), "inf" | "infinity" | "nan") {
        return text.parse().ok().map(PlistValue::Real);
    }
    let (mantissa, exponent) = match body.find(['e', 'E']) {
        Some(i) => (&body[..i], Some(&body[i + 1..])),
        None => (body, None),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    let mantissa_ok = digits(int) && digits(frac) && !(int.is_empty() && frac.is_empty());
    let exponent_ok = exponent.is_none_or(|e| {
        let e = e.strip_prefix(['+', '-']).unwrap_or(e);
        !e.is_empty() && digits(e)
    });
    if !(mantissa_ok && exponent_ok) {
        return None;
    }
    text.parse().ok().map(PlistValue::Real)
}

/// `YYYY-MM-DDTHH:MM:SSZ`, plutil's XML date form, exactly.
fn date(text: &str) -> Option<PlistValue> {
    let shape = b"dddd-dd-ddTdd:dd:ddZ";
    let fits = text.len() == shape.len()
        && text.bytes().zip(shape).all(|(b, &s)| match s {
            b'd' => b.is_ascii_digit(),
            s => b == s,
        });
    if !fits {
        return None;
    }
    text.parse::<Date>().ok().map(PlistValue::Date)
}

/// Base64 in the standard alphabet; padding optional; ASCII whitespace ignored.
fn data(text: &str) -> Option<PlistValue> {
    let compact: Vec<u8> = text
        .bytes()
        .filter(|b| !matches!(b, b' ' | b'\t' | b'\n' | b'\r'))
        .collect();
    let engine = GeneralPurpose::new(
        &base64::alphabet::STANDARD,
        GeneralPurposeConfig::new().with_decode_padding_mode(DecodePaddingMode::Indifferent),
    );
    engine.decode(compact).ok().map(PlistValue::Data)
}

/// An XML plist document, or one bare value element, wrapped in `<plist>`.
fn xml(text: &str) -> Option<PlistValue> {
    if text.contains("<plist") {
        return plistvalue::from_bytes(text.as_bytes()).ok();
    }
    let doc = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n{text}\n</plist>\n"
    );
    plistvalue::from_bytes(doc.as_bytes()).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strict_numbers_and_booleans() {
        assert_eq!(parse("-bool", "yEs").unwrap(), PlistValue::Boolean(true));
        assert_eq!(parse("-bool", "FALSE").unwrap(), PlistValue::Boolean(false));
        assert!(parse("-bool", "1").is_err());
        assert_eq!(parse("-integer", "-12").unwrap().as_i64(), Some(-12));
        assert_eq!(
            parse("-integer", "18446744073709551615").unwrap().as_u64(),
            Some(u64::MAX)
        );
        for bad in ["12abc", "abc", "", "18446744073709551616", "1.0", "+"] {
            assert!(parse("-integer", bad).is_err(), "{bad:?}");
        }
        for (text, want) in [("2.5", 2.5), (".5", 0.5), ("-1e3", -1000.0), ("7", 7.0)] {
            assert_eq!(parse("-float", text).unwrap(), PlistValue::Real(want));
        }
        assert!(parse("-float", "INF")
            .unwrap()
            .as_f64()
            .unwrap()
            .is_infinite());
        for bad in ["1.2.3", "e5", "1e", ".", "0x10", "1,5"] {
            assert!(parse("-float", bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn dates_data_and_documents() {
        assert_eq!(
            parse("-date", "2001-01-01T00:00:10Z").unwrap(),
            PlistValue::Date(Date::from_seconds_since_2001(10.0))
        );
        assert!(parse("-date", "2001-01-01 00:00:10").is_err());
        assert_eq!(
            parse("-data", "3q2+\n7w").unwrap(),
            PlistValue::Data(vec![0xde, 0xad, 0xbe, 0xef])
        );
        assert!(parse("-data", "!!").is_err());
        assert_eq!(
            parse("-xml", "<array><integer>1</integer></array>").unwrap(),
            PlistValue::Array(vec![PlistValue::from(1)].into())
        );
        assert_eq!(parse("-json", "\"t\"").unwrap(), PlistValue::from("t"));
        for null in ["null", "[1,null]", r#"{"a":{"b":null}}"#] {
            assert_eq!(
                parse("-json", null).unwrap_err(),
                format!("Failed to parse value {null} with type -json")
            );
        }
        assert_eq!(
            parse("-wat", "x").unwrap_err(),
            "Unknown insert or replace type -wat"
        );
        assert_eq!(
            parse("-integer", "x").unwrap_err(),
            "Failed to parse value x with type -integer"
        );
    }
}
