//! What a tree becomes when it goes through XML: "equal trees, with the precision
//! XML allows" made exact, one rule of CF's writer or parser at a time.

use plistvalue::{Date, Dictionary, PlistValue, Uid};
use plistvalue_suite::differential::model;

/// Keys in CF's order: UTF-16 code units.
pub fn utf16_key(k: &str) -> Vec<u16> {
    k.encode_utf16().collect()
}

/// Who reads the XML back.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Reader {
    /// CF's parser and ours: a one-entry `{CF$UID: number}` is a UID.
    Cf,
    /// plistlib, the plist crate, libplist 2.2: it stays a dictionary.
    Plain,
}

/// The seconds CF's writer prints for `s` (the whole timestamp floored, and
/// second 60 when a modulo rounds up), as its reader reads them back.
pub fn written_seconds(s: f64) -> f64 {
    let r = s - (s / 60.0).floor() * 60.0;
    let r = if r < 0.0 { r + 60.0 } else { r };
    let floored = s.floor() + if r >= 60.0 { 1.0 } else { 0.0 };
    floored + 0.0
}

/// The tree our XML (written with keys `sorted` or not) reads back as, by `reader`.
pub fn through_xml(v: &PlistValue, sorted: bool, reader: Reader) -> PlistValue {
    walk(v, sorted, reader, true)
}

/// The tree another writer's XML reads back as by CF's reader: only its reading of
/// `CF$UID` dictionaries applies (that writer's own text rules are the caller's).
pub fn read_by_cf(v: &PlistValue) -> PlistValue {
    walk(v, false, Reader::Cf, false)
}

fn walk(v: &PlistValue, sorted: bool, reader: Reader, cf_text: bool) -> PlistValue {
    let through_xml =
        |e: &PlistValue, sorted: bool, reader: Reader| walk(e, sorted, reader, cf_text);
    match v {
        _ if !cf_text && !v.is_array() && !v.is_dictionary() => v.clone(),
        PlistValue::Real(r) if *r == 0.0 => PlistValue::Real(0.0),
        PlistValue::Real(r) if r.is_nan() => PlistValue::Real(f64::NAN),
        PlistValue::Date(d) => PlistValue::Date(Date::from_seconds_since_2001(written_seconds(
            d.seconds_since_2001(),
        ))),
        // Printed as a signed 64-bit number, read back as its low 32 bits.
        PlistValue::Uid(u) => match reader {
            Reader::Cf => PlistValue::Uid(Uid::new(u.get() & 0xFFFF_FFFF)),
            Reader::Plain => {
                let mut d = Dictionary::new();
                d.insert("CF$UID", PlistValue::Integer((u.get() as i64).into()));
                PlistValue::Dictionary(d)
            }
        },
        PlistValue::Array(a) => {
            PlistValue::Array(a.iter().map(|e| through_xml(e, sorted, reader)).collect())
        }
        PlistValue::Dictionary(d) => {
            let mut entries: Vec<(String, PlistValue)> = d
                .iter()
                .map(|(k, e)| (k.to_string(), through_xml(e, sorted, reader)))
                .collect();
            if sorted {
                entries.sort_by_key(|e| utf16_key(&e.0));
            }
            if reader == Reader::Cf && entries.len() == 1 && entries[0].0 == "CF$UID" {
                match &entries[0].1 {
                    PlistValue::Integer(i) => {
                        return PlistValue::Uid(Uid::new(i.as_i128() as u32 as u64))
                    }
                    PlistValue::Real(r) if r.abs() < 2_147_483_648.0 => {
                        return PlistValue::Uid(Uid::new(*r as i32 as u32 as u64))
                    }
                    _ => {}
                }
            }
            PlistValue::Dictionary(entries.into_iter().collect())
        }
        other => other.clone(),
    }
}

/// Whether CF's writer model leaves the tree's text undefined (`Unmodeled`): NaN,
/// infinite, or very distant dates.
pub fn unwritable(v: &PlistValue) -> bool {
    model::any(
        v,
        |x| matches!(x, PlistValue::Date(d) if d.seconds_since_2001().is_nan() || d.seconds_since_2001().abs() > 1e15),
    )
}

/// Whether any string or key holds a character XML 1.0 forbids (controls other than
/// tab, LF, CR; U+FFFE, U+FFFF), which CF writes raw and expat refuses.
pub fn has_non_xml_chars(v: &PlistValue) -> bool {
    let bad = |s: &str| {
        s.chars().any(|c| {
            (c < ' ' && !matches!(c, '\t' | '\n' | '\r')) || c == '\u{FFFE}' || c == '\u{FFFF}'
        })
    };
    model::any(v, |x| match x {
        PlistValue::String(s) => bad(s),
        PlistValue::Dictionary(d) => d.keys().any(|k| bad(k)),
        _ => false,
    })
}

/// Whether a date falls outside years 1 to 9999, which `datetime` cannot hold.
pub fn has_dates_outside_datetime(v: &PlistValue) -> bool {
    model::any(
        v,
        |x| matches!(x, PlistValue::Date(d) if !(-63_113_904_000.0..252_423_993_600.0).contains(&written_seconds(d.seconds_since_2001()))),
    )
}
