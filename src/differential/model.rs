//! What a reader saw, in one shape for every reader, and the comparison of it with
//! the tree that was written.
//!
//! Readers differ in what they can hold (plistlib's `datetime` has microseconds, the
//! plist crate's `Date` is a `SystemTime` with nanoseconds, the CF model keeps the
//! stored `f64`), so a date carries the precision it was observed at, and the
//! comparison holds it to exactly that precision and no looser.

use std::fmt::Write as _;
use std::time::Duration;

use plistvalue::{Date, Dictionary, Integer, PlistValue, Uid};

/// A decoded plist as some reader saw it. `Null`, `Set` and non-string keys never
/// come from our trees; they exist because the CF model and plistlib accept them.
#[derive(Debug, Clone, PartialEq)]
pub enum Obs {
    /// The `0x00` object, or plistlib's `None`.
    Null,
    /// A boolean.
    Bool(bool),
    /// An integer, signed or not.
    Int(i128),
    /// The `f64` bit pattern (a 4-byte real widened).
    Real(u64),
    /// A date, at its reader's precision.
    Date(When),
    /// Data.
    Data(Vec<u8>),
    /// A string.
    Str(String),
    /// A keyed-archiver UID.
    Uid(u64),
    /// An array.
    Array(Vec<Obs>),
    /// A set (binary `0xC0`), which CF reads.
    Set(Vec<Obs>),
    /// Entries in file order.
    Dict(Vec<(Obs, Obs)>),
}

/// A date at the precision its reader keeps.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum When {
    /// The stored `f64` seconds since 2001, bit for bit.
    Bits(u64),
    /// Whole microseconds since 2001 (Python's `datetime`).
    Micros(i128),
    /// Whole nanoseconds since 2001 (`SystemTime`).
    Nanos(i128),
}

impl Obs {
    /// Our own reader's view: every bit kept.
    pub fn from_value(v: &PlistValue) -> Obs {
        match v {
            PlistValue::Boolean(b) => Obs::Bool(*b),
            PlistValue::Integer(i) => Obs::Int(i.as_i128()),
            PlistValue::Real(r) => Obs::Real(r.to_bits()),
            PlistValue::Date(d) => Obs::Date(When::Bits(d.seconds_since_2001().to_bits())),
            PlistValue::Data(d) => Obs::Data(d.clone()),
            PlistValue::String(s) => Obs::Str(s.clone()),
            PlistValue::Uid(u) => Obs::Uid(u.get()),
            PlistValue::Array(a) => Obs::Array(a.iter().map(Obs::from_value).collect()),
            PlistValue::Dictionary(d) => Obs::Dict(
                d.iter()
                    .map(|(k, v)| (Obs::Str(k.to_string()), Obs::from_value(v)))
                    .collect(),
            ),
            _ => unreachable!("PlistValue gained a variant the comparison does not know"),
        }
    }
}

/// Comparison allowances that depend on the writer, each stated where it is set.
#[derive(Debug, Clone, Copy, Default)]
pub struct Rules {
    /// The writer merged `0.0` and `-0.0` into one object (plistlib does).
    pub zero_signs_merged: bool,
}

/// Whether the tree observed is the tree written; the error names the first
/// difference. Dictionaries must keep their key order: every reader and writer
/// tested does.
///
/// # Errors
/// The first difference, with its path.
pub fn same_tree(expected: &PlistValue, got: &Obs, rules: Rules) -> Result<(), String> {
    walk(expected, got, rules, &mut String::new())
}

fn walk(e: &PlistValue, g: &Obs, rules: Rules, path: &mut String) -> Result<(), String> {
    let bad = |path: &str, why: String| Err(format!("at root{path}: {why}"));
    match (e, g) {
        (PlistValue::Null, Obs::Null) => Ok(()),
        (PlistValue::Boolean(x), Obs::Bool(y)) if x == y => Ok(()),
        (PlistValue::Integer(x), Obs::Int(y)) if x.as_i128() == *y => Ok(()),
        (PlistValue::Real(x), Obs::Real(y)) => {
            let same = x.to_bits() == *y
                || (rules.zero_signs_merged && *x == 0.0 && f64::from_bits(*y) == 0.0);
            if same {
                Ok(())
            } else {
                bad(
                    path,
                    format!(
                        "real {x:?} ({:#018x}) read as {:?} ({y:#018x})",
                        x.to_bits(),
                        f64::from_bits(*y)
                    ),
                )
            }
        }
        (PlistValue::Date(x), Obs::Date(w)) => {
            let s = x.seconds_since_2001();
            if date_matches(s, *w) {
                Ok(())
            } else {
                let got = match *w {
                    When::Bits(b) => format!("{:?} s ({b:#018x})", f64::from_bits(b)),
                    other => format!("{other:?}"),
                };
                bad(
                    path,
                    format!("date {s:?} s ({:#018x}) read as {got}", s.to_bits()),
                )
            }
        }
        (PlistValue::Data(x), Obs::Data(y)) if x == y => Ok(()),
        (PlistValue::String(x), Obs::Str(y)) if x == y => Ok(()),
        (PlistValue::Uid(x), Obs::Uid(y)) if x.get() == *y => Ok(()),
        (PlistValue::Array(x), Obs::Array(y)) => {
            if x.len() != y.len() {
                return bad(
                    path,
                    format!("array of {} read with {} elements", x.len(), y.len()),
                );
            }
            for (i, (a, b)) in x.iter().zip(y).enumerate() {
                let len = path.len();
                let _ = write!(path, "[{i}]");
                walk(a, b, rules, path)?;
                path.truncate(len);
            }
            Ok(())
        }
        (PlistValue::Dictionary(x), Obs::Dict(y)) => {
            if x.len() != y.len() {
                return bad(
                    path,
                    format!("dictionary of {} read with {} entries", x.len(), y.len()),
                );
            }
            for ((k, a), (gk, b)) in x.iter().zip(y) {
                if *gk != Obs::Str(k.to_string()) {
                    return bad(
                        path,
                        format!("key {k:?} read as {gk:?} (order or text differs)"),
                    );
                }
                let len = path.len();
                let _ = write!(path, "[{k:?}]");
                walk(a, b, rules, path)?;
                path.truncate(len);
            }
            Ok(())
        }
        _ => bad(
            path,
            format!("{} {} read as {}", e.kind_name(), short(e), short(g)),
        ),
    }
}

/// A value's `Debug` text, cut to a readable length for a failure message.
pub fn short(v: &impl std::fmt::Debug) -> String {
    let s = format!("{v:?}");
    match s.char_indices().nth(120) {
        Some((cut, _)) => format!("{}…", &s[..cut]),
        None => s,
    }
}

/// Whether seconds-since-2001 `s` is what a reader of that precision should hold.
fn date_matches(s: f64, w: When) -> bool {
    match w {
        When::Bits(b) => s.to_bits() == b,
        When::Micros(us) => within_one_micro(s, us),
        // The plist crate converts with `Duration::try_from_secs_f64`, which rounds to
        // the nearest nanosecond; that is the value it must hold.
        When::Nanos(ns) => match Duration::try_from_secs_f64(s.abs()) {
            Ok(d) => {
                let n = d.as_nanos() as i128;
                ns == if s < 0.0 { -n } else { n }
            }
            Err(_) => false,
        },
    }
}

/// `|us − s·10⁶| < 1`, in exact integer arithmetic (`s = ±m·2^e`), so the check
/// itself cannot round.
fn within_one_micro(s: f64, us: i128) -> bool {
    if !s.is_finite() {
        return false;
    }
    let bits = s.to_bits();
    let neg = bits >> 63 == 1;
    let exp = ((bits >> 52) & 0x7FF) as i32;
    let frac = (bits & ((1 << 52) - 1)) as i128;
    let (m, e) = if exp == 0 {
        (frac, -1074)
    } else {
        (frac | 1 << 52, exp - 1075)
    };
    let m = if neg { -m } else { m };
    if e >= 0 {
        // |s| ≥ 2^93 s for e > 40: no reader holds such a date.
        return e <= 40 && m * 1_000_000 * (1i128 << e) == us;
    }
    let k = -e;
    if k > 100 {
        // |s| < 2^-47 s, far below a microsecond.
        return us == 0;
    }
    // |us·2^k − m·10⁶| < 2^k
    match us.checked_mul(1i128 << k) {
        Some(lhs) => (lhs - m * 1_000_000).abs() < 1i128 << k,
        None => false,
    }
}

/// Seconds since 2001 to whole microseconds; only for dates made from microseconds.
pub fn exact_micros(s: f64) -> i64 {
    // s·10⁶ may round to a neighbour of the integer it came from; the one that maps
    // back to `s` is it (unique while an ulp of `s` is under a microsecond).
    let r = (s * 1e6).round() as i64;
    (r - 2..=r + 2)
        .find(|&us| (us as f64 / 1e6).to_bits() == s.to_bits())
        .unwrap_or_else(|| panic!("date {s} is not a whole number of microseconds"))
}

/// How the notation writes a date.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Dates {
    /// `m<decimal µs since 2001>`: what plistlib's `datetime` holds.
    Micros,
    /// `d<16 hex: f64 bits>`: the stored seconds exactly, for the CF models.
    Bits,
}

/// The tree notation shared with the Python oracles (`notation.py` beside this file
/// is their half): prefix, space-separated tokens.
/// `t` `f` `n`, `i<decimal>`, `r<16 hex: f64 bits>`, a date as `m<decimal µs since
/// 2001>` or `d<16 hex: f64 bits>` ([`Dates`]), `b<hex>`, `s<hex of UTF-8>`,
/// `u<decimal>`, `a<count>` then the elements, `k<count>` then key, value, key,
/// value…
pub fn dump(v: &PlistValue, out: &mut String) {
    dump_with(v, Dates::Micros, out);
}

/// [`dump`], with dates written as `dates` says.
pub fn dump_with(v: &PlistValue, dates: Dates, out: &mut String) {
    use std::fmt::Write;
    match v {
        PlistValue::Boolean(b) => out.push(if *b { 't' } else { 'f' }),
        PlistValue::Integer(i) => write!(out, "i{i}").unwrap(),
        PlistValue::Real(r) => write!(out, "r{:016x}", r.to_bits()).unwrap(),
        PlistValue::Date(d) if dates == Dates::Bits => {
            write!(out, "d{:016x}", d.seconds_since_2001().to_bits()).unwrap();
        }
        PlistValue::Date(d) => write!(out, "m{}", exact_micros(d.seconds_since_2001())).unwrap(),
        PlistValue::Data(d) => {
            out.push('b');
            hex(d, out);
        }
        PlistValue::String(s) => {
            out.push('s');
            hex(s.as_bytes(), out);
        }
        PlistValue::Uid(u) => write!(out, "u{}", u.get()).unwrap(),
        PlistValue::Array(a) => {
            write!(out, "a{}", a.len()).unwrap();
            for e in a {
                out.push(' ');
                dump_with(e, dates, out);
            }
        }
        PlistValue::Dictionary(d) => {
            write!(out, "k{}", d.len()).unwrap();
            for (k, e) in d {
                out.push_str(" s");
                hex(k.as_bytes(), out);
                out.push(' ');
                dump_with(e, dates, out);
            }
        }
        _ => unreachable!("PlistValue gained a variant the notation does not know"),
    }
}

fn hex(bytes: &[u8], out: &mut String) {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    for b in bytes {
        out.push(DIGITS[(b >> 4) as usize] as char);
        out.push(DIGITS[(b & 15) as usize] as char);
    }
}

fn unhex(s: &str) -> Result<Vec<u8>, String> {
    if !s.len().is_multiple_of(2) {
        return Err(format!("odd hex length in {s:?}"));
    }
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).map_err(|e| format!("{e} in {s:?}")))
        .collect()
}

/// Parses the notation an `oracle.py` prints for what was read, dates in either
/// form.
///
/// # Errors
/// Where the text is not the notation.
pub fn parse(text: &str) -> Result<Obs, String> {
    let mut tokens = text.split(' ');
    let v = parse_one(&mut tokens)?;
    match tokens.next() {
        None => Ok(v),
        Some(t) => Err(format!("trailing token {t:?}")),
    }
}

fn parse_one<'a>(tokens: &mut impl Iterator<Item = &'a str>) -> Result<Obs, String> {
    let t = tokens.next().ok_or("the tree ends early")?;
    let (tag, rest) = t.split_at(1);
    let num = |r: &str| r.parse::<i128>().map_err(|e| format!("{e} in {t:?}"));
    let count = |r: &str| r.parse::<usize>().map_err(|e| format!("{e} in {t:?}"));
    Ok(match tag {
        "t" => Obs::Bool(true),
        "f" => Obs::Bool(false),
        "n" => Obs::Null,
        "i" => Obs::Int(num(rest)?),
        "r" => Obs::Real(u64::from_str_radix(rest, 16).map_err(|e| format!("{e} in {t:?}"))?),
        "m" => Obs::Date(When::Micros(num(rest)?)),
        "d" => Obs::Date(When::Bits(
            u64::from_str_radix(rest, 16).map_err(|e| format!("{e} in {t:?}"))?,
        )),
        "b" => Obs::Data(unhex(rest)?),
        "s" => Obs::Str(String::from_utf8(unhex(rest)?).map_err(|e| e.to_string())?),
        "u" => Obs::Uid(rest.parse().map_err(|e| format!("{e} in {t:?}"))?),
        "a" => Obs::Array(
            (0..count(rest)?)
                .map(|_| parse_one(tokens))
                .collect::<Result<_, _>>()?,
        ),
        "k" => Obs::Dict(
            (0..count(rest)?)
                .map(|_| Ok((parse_one(tokens)?, parse_one(tokens)?)))
                .collect::<Result<_, String>>()?,
        ),
        _ => return Err(format!("unknown token {t:?}")),
    })
}

/// A copy of the tree in which `f` may replace scalars (it returns `Some`); also how
/// many it replaced with something different.
pub fn map_scalars(
    v: &PlistValue,
    f: &mut impl FnMut(&PlistValue) -> Option<PlistValue>,
) -> (PlistValue, usize) {
    let mut changed = 0;
    let out = map_in(v, f, &mut changed);
    (out, changed)
}

fn map_in(
    v: &PlistValue,
    f: &mut impl FnMut(&PlistValue) -> Option<PlistValue>,
    changed: &mut usize,
) -> PlistValue {
    match v {
        PlistValue::Array(a) => {
            PlistValue::Array(a.iter().map(|e| map_in(e, f, changed)).collect())
        }
        PlistValue::Dictionary(d) => PlistValue::Dictionary(
            d.iter()
                .map(|(k, e)| (k.clone(), map_in(e, f, changed)))
                .collect::<Dictionary>(),
        ),
        scalar => match f(scalar) {
            Some(new) => {
                if new != *scalar {
                    *changed += 1;
                }
                new
            }
            None => scalar.clone(),
        },
    }
}

/// Calls `f` on every value of the tree, containers included, in pre-order.
pub fn visit(v: &PlistValue, f: &mut impl FnMut(&PlistValue)) {
    f(v);
    match v {
        PlistValue::Array(a) => a.iter().for_each(|e| visit(e, f)),
        PlistValue::Dictionary(d) => d.values().for_each(|e| visit(e, f)),
        _ => {}
    }
}

/// Whether any value in the tree satisfies `pred`.
pub fn any(v: &PlistValue, pred: impl Fn(&PlistValue) -> bool) -> bool {
    let mut found = false;
    visit(v, &mut |x| found |= pred(x));
    found
}

/// Whether the tree holds both `0.0` and `-0.0` reals, which plistlib merges.
pub fn has_both_zero_signs(v: &PlistValue) -> bool {
    let zero = |neg: bool| move |x: &PlistValue| matches!(x, PlistValue::Real(r) if *r == 0.0 && r.is_sign_negative() == neg);
    any(v, zero(false)) && any(v, zero(true))
}

/// Whether the tree holds a UID above CF's limit of 2^32 − 1.
pub fn has_uid_over_cf_limit(v: &PlistValue) -> bool {
    any(
        v,
        |x| matches!(x, PlistValue::Uid(u) if u.get() > u32::MAX as u64),
    )
}

/// Shorthands for building trees: an integer,
pub fn int(v: i128) -> PlistValue {
    PlistValue::Integer(Integer::from_i128(v).expect("in i64::MIN ..= u64::MAX"))
}

/// a UID,
pub fn uid(v: u64) -> PlistValue {
    PlistValue::Uid(Uid::new(v))
}

/// and a date of `s` seconds since 2001.
pub fn date(s: f64) -> PlistValue {
    PlistValue::Date(Date::from_seconds_since_2001(s))
}
