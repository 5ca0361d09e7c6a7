//! CoreFoundation's one date form, `YYYY-MM-DDTHH:MM:SSZ`: how its parser reads it
//! (its fields not range-checked) and how its writer prints it (the whole
//! timestamp floored to the second). Both work in seconds since
//! 2001-01-01T00:00:00Z on CF's proleptic Gregorian calendar, which is `value`'s
//! (`days_from_civil`, `civil_from_days`, shared with `Date`'s own text). What is
//! CF's alone stays here: the grammar, CF's month table, and the writer's `f64`
//! arithmetic on the fields, whose flooring `Date`'s exact text does not share (a
//! date a hair before a minute prints second 60).

use crate::format::APPLE_EPOCH_UNIX;
use crate::value::{civil_from_days, days_from_civil};

/// 2001-01-01 as a day count of `value`'s calendar, which counts from 1970.
const EPOCH_DAYS: i64 = APPLE_EPOCH_UNIX / 86_400;

/// `__CFAbsoluteFromYMD`: the day number (0 = 2001-01-01) of any year, any month
/// 0..=99 and any day 0..=99. CF's month table has 13 entries: month 13 is January
/// of the next year, and months 0 and 14.. add nothing to the year's start. Its
/// calendar is the proleptic Gregorian one, `value`'s, and a day beyond the month's
/// end counts on into the next, as `days_from_civil`'s does.
fn day_number(year: i64, month: i64, day: i64) -> i64 {
    let (year, month) = match month {
        1..=12 => (year, month as u32),
        13 => (year + 1, 1),
        _ => (year, 1),
    };
    days_from_civil(year, month, day as u32) - EPOCH_DAYS
}

/// Reads a date's content (the bytes up to its `</date>`): an optional `-`, any
/// number of year digits (at most 9, where CF's `int32_t` would overflow), then
/// `-MM-DDTHH:MM:SSZ` with two digits a field.
pub(crate) fn parse(b: &[u8]) -> Option<f64> {
    let (neg, b) = match b.split_first() {
        Some((b'-', rest)) => (true, rest),
        _ => (false, b),
    };
    let year_len = b.iter().take_while(|c| c.is_ascii_digit()).count();
    if year_len > 9 || b.len() != year_len + 16 {
        return None;
    }
    let year = b[..year_len]
        .iter()
        .fold(0i64, |y, c| y * 10 + (c - b'0') as i64);
    let rest = &b[year_len..];
    let two = |at: usize| match (rest[at], rest[at + 1]) {
        (h @ b'0'..=b'9', l @ b'0'..=b'9') => Some((h - b'0') as i64 * 10 + (l - b'0') as i64),
        _ => None,
    };
    let seps = [
        (0, b'-'),
        (3, b'-'),
        (6, b'T'),
        (9, b':'),
        (12, b':'),
        (15, b'Z'),
    ];
    if seps.iter().any(|&(at, c)| rest[at] != c) {
        return None;
    }
    let (month, day) = (two(1)?, two(4)?);
    let (hour, minute, second) = (two(7)?, two(10)?, two(13)?);
    let year = if neg { -year } else { year };
    let days = day_number(year, month, day) as f64;
    Some(86_400.0 * days + 3_600.0 * hour as f64 + 60.0 * minute as f64 + second as f64)
}

/// The largest |seconds| a date may be from 2001 in XML: about 31.7 million years
/// (`-31686738-06-29T22:13:20Z` to `31690739-07-06T01:46:40Z`). Within it this
/// writer's arithmetic is exact and gives CF's text; past it the arithmetic is no
/// longer exact, and CF's text is not defined. The reader refuses what the
/// writer cannot write, so every XML date read can be written back: CF reads years
/// of up to nine digits, and the plist crate only years 0000 to 9999.
pub(crate) const MAX_WRITTEN: f64 = 1e15;

/// True when `at` seconds since 2001 is a date XML holds: not NaN, and no further
/// from 2001 than [`MAX_WRITTEN`].
pub(crate) fn in_range(at: f64) -> bool {
    at.abs() <= MAX_WRITTEN
}

/// A modulo whose result has the sign of the modulus, as CF computes it.
fn floor_mod(d: f64, modulus: f64) -> f64 {
    let r = d - (d / modulus).floor() * modulus;
    if r < 0.0 {
        r + modulus
    } else {
        r
    }
}

/// Appends CF's text for a date, or returns false for NaN, infinities and dates
/// beyond [`MAX_WRITTEN`], whose text CF leaves undefined.
pub(crate) fn write(out: &mut Vec<u8>, at: f64) -> bool {
    if !in_range(at) {
        return false;
    }
    // `__CFYMDFromAbsolute` of the floored day, on the same calendar.
    let (year, month, day) = civil_from_days((at / 86_400.0).floor() as i64 + EPOCH_DAYS);
    let (month, day) = (i64::from(month), i64::from(day));
    let year = year.min(i32::MAX as i64);
    let hour = floor_mod((at / 3_600.0).floor(), 24.0) as i64;
    let minute = floor_mod((at / 60.0).floor(), 60.0) as i64;
    // `(int32_t)` of the floored modulo: 60 when `at` is a hair below a minute.
    let second = floor_mod(at, 60.0) as i64;
    if year < 0 {
        // `%04d` of a negative year: the sign counts toward the four places.
        out.push(b'-');
        pad(out, -year, 3);
    } else {
        pad(out, year, 4);
    }
    for (sep, v) in [
        (b'-', month),
        (b'-', day),
        (b'T', hour),
        (b':', minute),
        (b':', second),
    ] {
        out.push(sep);
        pad(out, v, 2);
    }
    out.push(b'Z');
    true
}

/// `%0*d` of a field that is not negative (the caller writes a year's sign):
/// its digits laid out on the stack, where a `Vec` per field was an allocation.
fn pad(out: &mut Vec<u8>, v: i64, width: usize) {
    let mut digits = [b'0'; 20];
    let (mut x, mut n) = (v.unsigned_abs(), 0);
    loop {
        digits[19 - n] = b'0' + (x % 10) as u8;
        x /= 10;
        n += 1;
        if x == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[20 - n.max(width)..]);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(at: f64) -> String {
        let mut out = Vec::new();
        assert!(write(&mut out, at));
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn the_writer_floors_the_whole_timestamp() {
        assert_eq!(text(0.0), "2001-01-01T00:00:00Z");
        assert_eq!(text(-0.5), "2000-12-31T23:59:59Z");
        assert_eq!(text(0.999_999), "2001-01-01T00:00:00Z");
        assert_eq!(text(725_760_000.0), "2024-01-01T00:00:00Z");
        assert_eq!(text(-1e-20), "2000-12-31T23:59:60Z");
        assert_eq!(text(-63_113_904_000.0), "0001-01-01T00:00:00Z");
        assert_eq!(text(MAX_WRITTEN), "31690739-07-06T01:46:40Z");
        assert_eq!(text(-MAX_WRITTEN), "-31686738-06-29T22:13:20Z");
        assert_eq!(text(-63_200_000_000.0), "-002-04-10T12:26:40Z");
        let mut out = Vec::new();
        assert!(!write(&mut out, f64::NAN));
    }

    #[test]
    fn the_parser_reads_cf_form_without_range_checks() {
        let at = |s: &str| parse(s.as_bytes());
        assert_eq!(at("2001-01-01T00:00:00Z"), Some(0.0));
        assert_eq!(at("2024-01-01T00:00:00Z"), Some(725_760_000.0));
        assert_eq!(at("2020-13-01T00:00:00Z"), at("2021-01-01T00:00:00Z"));
        assert_eq!(at("2021-02-30T00:00:00Z"), at("2021-03-02T00:00:00Z"));
        assert_eq!(at("2020-01-01T24:00:00Z"), at("2020-01-02T00:00:00Z"));
        assert_eq!(at("0001-01-01T00:00:00Z"), Some(-63_113_904_000.0));
        for bad in [
            "2020-01-01T00:00:00.5Z",
            "2020-01-01T00:00:00+00:00",
            "2020-01-01T00:00:00",
            "2020-1-01T00:00:00Z",
            " 2020-01-01T00:00:00Z",
            "2020-01-01",
            "2020-01-01t00:00:00Z",
            "",
        ] {
            assert_eq!(at(bad), None, "{bad:?}");
        }
        for s in [
            "2020-02-29T12:34:56Z",
            "9999-12-31T23:59:59Z",
            "1900-03-01T00:00:00Z",
        ] {
            let mut out = Vec::new();
            write(&mut out, at(s).unwrap());
            assert_eq!(out, s.as_bytes());
        }
    }

    /// The reader and the writer take the same range: its ends are written and
    /// read back, one second past them neither reads nor writes, and nor does
    /// anything further (a nine-digit year, which CF reads).
    #[test]
    fn the_reader_takes_what_the_writer_writes() {
        for (at, text) in [
            (MAX_WRITTEN, "31690739-07-06T01:46:40Z"),
            (-MAX_WRITTEN, "-31686738-06-29T22:13:20Z"),
        ] {
            let mut out = Vec::new();
            assert!(write(&mut out, at));
            assert_eq!(out, text.as_bytes());
            assert_eq!(parse(text.as_bytes()), Some(at));
            assert!(in_range(at));
        }
        for text in [
            "31690739-07-06T01:46:41Z",
            "-31686738-06-29T22:13:19Z",
            "999999999-12-31T23:59:59Z",
            "-999999999-01-01T00:00:00Z",
        ] {
            let at = parse(text.as_bytes()).expect("CF's grammar");
            assert!(!in_range(at), "{text}");
            assert!(!write(&mut Vec::new(), at), "{text}");
        }
        assert!(!in_range(f64::NAN));
    }
}
