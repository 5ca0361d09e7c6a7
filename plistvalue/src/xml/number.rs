//! CoreFoundation's number text: the `<integer>` and `<real>` grammars its parser
//! reads and the text its writer prints.

use crate::error::XmlError;

/// An `<integer>`'s value: CF holds −2^63 … 2^64 − 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Int {
    Unsigned(u64),
    Negative(i64),
}

/// `parseIntegerTag`'s leading "whitespace", one byte at a time: any byte below
/// 0x21 (NUL and controls included) or in 0x7F..=0xA0, which covers the
/// continuation bytes of the UTF-8 spaces CF lists (its lead bytes 0xE2 and 0xE3
/// are tested with the bytes after them).
fn int_space(b: &[u8], i: usize) -> bool {
    let c = b[i];
    if c < 0x21 || (0x7F..=0xA0).contains(&c) {
        return true;
    }
    match b.get(i..i + 3) {
        Some([0xE2, 0x80, c3]) => (0x80..=0x8B).contains(c3) || *c3 == 0xAF,
        Some([0xE2, 0x81, 0x9F] | [0xE3, 0x80, 0x80]) => true,
        _ => false,
    }
}

/// Reads an integer's content `b` (everything up to the `<` that follows it):
/// `S* [+-]? S* (0[xX] hex+ | dec+)`, leading zeros allowed, nothing after the
/// digits. Errors are at an offset inside `b`.
pub(crate) fn parse_int(b: &[u8]) -> Result<Int, (usize, XmlError)> {
    let bad = |at: usize, why: &'static str| Err((at, XmlError::BadInteger(why)));
    let mut i = 0;
    while i < b.len() && int_space(b, i) {
        i += 1;
    }
    if i == b.len() {
        return Err((i, XmlError::EmptyValue("integer")));
    }
    let mut neg = false;
    if b[i] == b'-' || b[i] == b'+' {
        neg = b[i] == b'-';
        i += 1;
        while i < b.len() && int_space(b, i) {
            i += 1;
        }
    }
    let mut hex = false;
    let mut zeros = false;
    if b.get(i) == Some(&b'0') {
        if matches!(b.get(i + 1), Some(b'x' | b'X')) {
            hex = true;
            i += 2;
        } else {
            zeros = true;
            i += 1;
        }
    }
    while b.get(i) == Some(&b'0') {
        zeros = true;
        i += 1;
    }
    if i == b.len() {
        return if zeros {
            Ok(Int::Unsigned(0))
        } else {
            bad(i, "no digits")
        };
    }
    let base: u128 = if hex { 16 } else { 10 };
    let mut value: u128 = 0;
    for (j, &c) in b.iter().enumerate().skip(i) {
        let d = match c {
            b'0'..=b'9' => c - b'0',
            b'a'..=b'f' => c - b'a' + 10,
            b'A'..=b'F' => c - b'A' + 10,
            _ => return bad(j, "not a digit"),
        };
        if !hex && d > 9 {
            return bad(j, "a hex digit without 0x");
        }
        value = value * base + d as u128;
        if value > u64::MAX as u128 {
            return bad(j, "above 2^64 - 1");
        }
        if neg && value > 1 << 63 {
            return bad(j, "below -2^63");
        }
    }
    Ok(if neg && value != 0 {
        Int::Negative((value as i128).wrapping_neg() as i64)
    } else {
        Int::Unsigned(value as u64)
    })
}

/// `__CFIsWhitespace`, which `<real>` content may start with.
fn cf_space(c: char) -> bool {
    let c = c as u32;
    c < 0x21 || (0x7F..=0xA0).contains(&c) || (0x2000..=0x200B).contains(&c) || c == 0x3000
}

/// Reads a real's text, after its entities and CDATA are decoded: one of CF's seven
/// special spellings in any case, or leading CF whitespace and then a decimal float
/// (`strtod` in the C locale) that ends the text.
pub(crate) fn parse_real(text: &str) -> Option<f64> {
    const SPECIAL: [(&str, f64); 7] = [
        ("nan", f64::NAN),
        ("+infinity", f64::INFINITY),
        ("-infinity", f64::NEG_INFINITY),
        ("infinity", f64::INFINITY),
        ("-inf", f64::NEG_INFINITY),
        ("inf", f64::INFINITY),
        ("+inf", f64::INFINITY),
    ];
    if let Some(&(_, v)) = SPECIAL.iter().find(|s| s.0.eq_ignore_ascii_case(text)) {
        return Some(v);
    }
    let number = text.trim_start_matches(cf_space);
    // The run `strtod` is handed: only these characters, and all of the rest.
    let run = number
        .bytes()
        .all(|c| matches!(c, b'0'..=b'9' | b'+' | b'-' | b'.' | b'e' | b'E'));
    if !run || number.is_empty() {
        return None;
    }
    // Rust's grammar for these characters is C's decimal one, and both round
    // correctly.
    number.parse().ok()
}

/// Appends `v` as `emit128` prints it: plain decimal, `-` for negatives.
pub(crate) fn write_int(out: &mut Vec<u8>, v: i128) {
    let mut buf = [0u8; 40];
    let mut at = buf.len();
    let mut n = v.unsigned_abs();
    loop {
        at -= 1;
        buf[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    if v < 0 {
        at -= 1;
        buf[at] = b'-';
    }
    out.extend_from_slice(&buf[at..]);
}

/// Appends `d` as CF prints a real: `nan`, `+infinity`, `-infinity`, `0.0` for
/// either zero, otherwise C's `%.17g`.
pub(crate) fn write_real(out: &mut Vec<u8>, d: f64) {
    if d.is_nan() {
        out.extend_from_slice(b"nan");
    } else if d.is_infinite() {
        out.extend_from_slice(if d > 0.0 { b"+infinity" } else { b"-infinity" });
    } else if d == 0.0 {
        out.extend_from_slice(b"0.0");
    } else {
        write_g17(out, d);
    }
}

/// `%.17g`: 17 significant digits, correctly rounded (Rust's exact formatting rounds
/// half to even, as glibc does); exponent form when the exponent is below −4 or at
/// least 17, with a sign and at least two digits; trailing zeros, and a point left
/// bare, removed.
fn write_g17(out: &mut Vec<u8>, d: f64) {
    use std::io::Write;
    let mut buf = [0u8; 40];
    let len = {
        let mut w = &mut buf[..];
        write!(w, "{d:.16e}").expect("a %.16e of a finite double fits in 40 bytes");
        40 - w.len()
    };
    let text = &buf[..len];
    let (neg, text) = match text.split_first() {
        Some((b'-', rest)) => (true, rest),
        _ => (false, text),
    };
    let e_at = text.iter().position(|&c| c == b'e').expect("exponent form");
    let exp: i32 = std::str::from_utf8(&text[e_at + 1..])
        .ok()
        .and_then(|e| e.parse().ok())
        .expect("a decimal exponent");
    // The 17 digits, without the point.
    let mut digits = [0u8; 17];
    digits[0] = text[0];
    digits[1..].copy_from_slice(&text[2..e_at]);
    let mut n = 17;
    while n > 1 && digits[n - 1] == b'0' {
        n -= 1;
    }
    let digits = &digits[..n];
    if neg {
        out.push(b'-');
    }
    if !(-4..17).contains(&exp) {
        out.push(digits[0]);
        if n > 1 {
            out.push(b'.');
            out.extend_from_slice(&digits[1..]);
        }
        out.push(b'e');
        out.push(if exp < 0 { b'-' } else { b'+' });
        let e = exp.unsigned_abs();
        if e < 10 {
            out.push(b'0');
        }
        write_int(out, e as i128);
    } else if exp < 0 {
        out.extend_from_slice(b"0.");
        out.extend(std::iter::repeat_n(b'0', (-exp - 1) as usize));
        out.extend_from_slice(digits);
    } else {
        let whole = exp as usize + 1;
        if n <= whole {
            out.extend_from_slice(digits);
            out.extend(std::iter::repeat_n(b'0', whole - n));
        } else {
            out.extend_from_slice(&digits[..whole]);
            out.push(b'.');
            out.extend_from_slice(&digits[whole..]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn real(d: f64) -> String {
        let mut out = Vec::new();
        write_real(&mut out, d);
        String::from_utf8(out).unwrap()
    }

    // The literals are the 17 digits CF prints, some more than a double needs.
    #[allow(clippy::excessive_precision)]
    #[test]
    fn reals_print_as_c_g17() {
        for (d, text) in [
            (1.0, "1"),
            (100.0, "100"),
            (1e16, "10000000000000000"),
            (1e17, "1e+17"),
            (0.1, "0.10000000000000001"),
            (1e-5, "1.0000000000000001e-05"),
            (0.0001, "0.0001"),
            (5e-324, "4.9406564584124654e-324"),
            (f64::MAX, "1.7976931348623157e+308"),
            (-2.5, "-2.5"),
            (3.936_281_427_741_050_7e-5, "3.9362814277410507e-05"),
            // 2^-25 has 18 significant digits and ends in 5: a tie, to even.
            (2f64.powi(-25), "2.9802322387695312e-08"),
            (-0.0, "0.0"),
            (f64::NAN, "nan"),
            (f64::NEG_INFINITY, "-infinity"),
        ] {
            assert_eq!(real(d), text, "{d:e}");
        }
    }

    #[test]
    fn integers_follow_cf_grammar() {
        let ok = |s: &str| parse_int(s.as_bytes()).map_err(|e| e.1);
        assert_eq!(ok(" 42"), Ok(Int::Unsigned(42)));
        assert_eq!(ok("\0- 5"), Ok(Int::Negative(-5)));
        assert_eq!(ok("-0x10"), Ok(Int::Negative(-16)));
        assert_eq!(ok("00042"), Ok(Int::Unsigned(42)));
        assert_eq!(ok("-0"), Ok(Int::Unsigned(0)));
        assert_eq!(ok("0x"), Err(XmlError::BadInteger("no digits")));
        assert_eq!(ok("18446744073709551615"), Ok(Int::Unsigned(u64::MAX)));
        assert_eq!(ok("-9223372036854775808"), Ok(Int::Negative(i64::MIN)));
        assert!(ok("18446744073709551616").is_err());
        assert!(ok("-9223372036854775809").is_err());
        assert!(ok("42 ").is_err());
        assert!(ok("1F").is_err());
        assert!(ok("").is_err());
    }

    #[test]
    fn reals_follow_cf_grammar() {
        assert!(parse_real("NaN").unwrap().is_nan());
        assert_eq!(parse_real("+Infinity"), Some(f64::INFINITY));
        assert_eq!(parse_real(" .5"), Some(0.5));
        assert_eq!(parse_real("5."), Some(5.0));
        assert!(parse_real("-0.0").unwrap().is_sign_negative());
        for bad in ["+nan", "0x1p3", "1,5", "", "1.2.3", "1.5 ", "inf "] {
            assert_eq!(parse_real(bad), None, "{bad:?}");
        }
    }
}
