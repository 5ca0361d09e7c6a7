//! The conversion rules, once: what a plist object reads as when a Rust type asks
//! for it. The `FromPlist` impls (and so the derive), the serde deserializer and the
//! `PlistValue` decoder all call these, so a file reads the same whichever way it is
//! decoded. Foundation's tolerance is the rule: an integer reads into a float, an
//! exactly integral real into an integer. The one rule of the encoding side is here
//! too: which Rust integers a plist integer can hold.

use std::borrow::Cow;
use std::str::FromStr;

use super::ToPlist;
use crate::error::{shown_key, Error, ErrorKind, LengthRule};
use crate::reader::{Kind, Node};
use crate::value::{Date, Integer};
use crate::writer::{Encoder, ObjRef};

/// The value of an integer object. A 16-byte integer must fit
/// `i64::MIN ..= u64::MAX`; `None` for any other object.
#[inline]
pub(crate) fn exact_integer(node: &Node<'_, '_>) -> Result<Option<Integer>, Error> {
    match node.as_integer() {
        Some(i) => Ok(Some(i)),
        None if node.kind() == Kind::Integer => Err(too_wide(node)),
        None => Ok(None),
    }
}

/// A 16-byte integer outside the range every plist integer type holds.
#[cold]
pub(crate) fn too_wide(node: &Node<'_, '_>) -> Error {
    node.error(ErrorKind::InvalidLength(LengthRule::WideInteger))
}

/// The integer in `node`, or an exactly integral real, for a field of type
/// `target`; in a document whose strings are its numbers (OpenStep), also the
/// integer or integral real a string spells.
#[inline]
pub(crate) fn integer(node: &Node<'_, '_>, target: &'static str) -> Result<i128, Error> {
    if let Some(i) = node.as_integer() {
        return Ok(i.as_i128());
    }
    match node.as_real() {
        Some(r) if is_integral(r) => Ok(r as i128),
        Some(_) => Err(node.mismatch(target)),
        None if node.kind() == Kind::Integer => Err(too_wide(node)),
        None => match spelled(node) {
            Some(Ok(Number::Integer(i))) => Ok(i),
            Some(Ok(Number::Real(r))) if is_integral(r) => Ok(r as i128),
            Some(Ok(Number::Real(_))) => Err(not_spelled(node, "an integer")),
            Some(Err(e)) => Err(e),
            None => Err(node.mismatch("integer")),
        },
    }
}

/// A real that reads into an integer: a whole number within the integer range.
fn is_integral(r: f64) -> bool {
    r.fract() == 0.0 && r.abs() < 1.8e19
}

/// [`integer`], converted to `T`, named `target`.
#[inline]
pub(crate) fn integer_as<T: TryFrom<i128>>(
    node: &Node<'_, '_>,
    target: &'static str,
) -> Result<T, Error> {
    let v = integer(node, target)?;
    T::try_from(v).map_err(|_| node.error(ErrorKind::IntegerOutOfRange { value: v, target }))
}

/// A real, or an integer converted to `f64`; in a document whose strings are its
/// numbers, also the number a string spells.
#[inline]
pub(crate) fn real(node: &Node<'_, '_>) -> Result<f64, Error> {
    if let Some(r) = node.as_f64() {
        return Ok(r);
    }
    match spelled(node) {
        Some(Ok(Number::Integer(i))) => Ok(i as f64),
        Some(Ok(Number::Real(r))) => Ok(r),
        Some(Err(e)) => Err(e),
        None => Err(node.mismatch("real")),
    }
}

/// A boolean; in a document whose strings are its values, also `YES` or `NO`.
#[inline]
pub(crate) fn boolean(node: &Node<'_, '_>) -> Result<bool, Error> {
    if let Some(b) = node.as_bool() {
        return Ok(b);
    }
    if !reads_text(node) {
        return Err(node.mismatch("boolean"));
    }
    match &*node.to_str()? {
        "YES" => Ok(true),
        "NO" => Ok(false),
        _ => Err(not_spelled(node, "YES or NO")),
    }
}

/// A date; in a document whose strings are its values, also the RFC 3339 text
/// the OpenStep writer writes a date as (`2024-05-17T12:30:15Z`).
#[inline]
pub(crate) fn date(node: &Node<'_, '_>) -> Result<Date, Error> {
    if let Some(d) = node.as_date() {
        return Ok(d);
    }
    if !reads_text(node) {
        return Err(node.mismatch("date"));
    }
    node.to_str()?
        .parse()
        .map_err(|_| not_spelled(node, "a date (RFC 3339 text, 2024-05-17T12:30:15Z)"))
}

/// A number spelled by a string.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Number {
    Integer(i128),
    Real(f64),
}

/// Whether `node` is a string of a document whose strings are its numbers and
/// booleans: one read from OpenStep text (docs/OPENSTEP.md section 3).
#[inline]
fn reads_text(node: &Node<'_, '_>) -> bool {
    node.kind() == Kind::String && node.document().coerces_text()
}

/// The number a string of such a document spells: an optional sign and decimal
/// digits is an integer (in `i128`), else what `f64::from_str` reads, when finite.
/// `None` for any other object; an error for text that spells no number.
pub(crate) fn spelled(node: &Node<'_, '_>) -> Option<Result<Number, Error>> {
    if !reads_text(node) {
        return None;
    }
    let text = match node.to_str() {
        Ok(t) => t,
        Err(e) => return Some(Err(e)),
    };
    let digits = text.strip_prefix(['+', '-']).unwrap_or(&text);
    if !digits.is_empty() && digits.bytes().all(|c| c.is_ascii_digit()) {
        if let Ok(i) = text.parse::<i128>() {
            return Some(Ok(Number::Integer(i)));
        }
    }
    Some(match text.parse::<f64>() {
        Ok(r) if r.is_finite() => Ok(Number::Real(r)),
        _ => Err(not_spelled(node, "a number")),
    })
}

/// The error for a string that does not spell `target`, quoting at most 64 of its
/// characters.
#[cold]
fn not_spelled(node: &Node<'_, '_>, target: &'static str) -> Error {
    let text = node
        .to_str()
        .map(std::borrow::Cow::into_owned)
        .unwrap_or_default();
    let mut shown: String = text.chars().take(64).collect();
    if shown.len() < text.len() {
        shown.push('…');
    }
    node.error(ErrorKind::InvalidText {
        text: shown,
        target,
    })
}

/// A string's text as an owned `String`, with the bytes it copies charged: the UTF-8
/// it produces, which for UTF-16 (up to 3 bytes a unit) and Latin-1 (up to 2 a
/// byte) is more than the object's count. The copy is made first, so that the
/// charge is exact; one string is bounded by the input. Always inlined: see
/// `Document::ascii_text`.
#[inline(always)]
pub(crate) fn owned_string(node: &Node<'_, '_>) -> Result<String, Error> {
    let s = match node.as_ascii() {
        Some(text) => text.to_owned(),
        None => node.to_str()?.into_owned(),
    };
    node.charge_bytes(s.len())?;
    Ok(s)
}

/// A string of exactly one character.
pub(crate) fn char(node: &Node<'_, '_>) -> Result<char, Error> {
    let s = node.to_str()?;
    let mut chars = s.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Ok(c),
        _ => Err(node.mismatch("a one-character string")),
    }
}

/// Checks that an array holds exactly the `len` elements a tuple has. Anything but
/// an array or set is left to the caller's type check.
#[inline]
pub(crate) fn tuple_len(node: &Node<'_, '_>, len: usize) -> Result<(), Error> {
    if matches!(node.kind(), Kind::Array | Kind::Set) && node.len() != len {
        return Err(node.error(ErrorKind::WrongLength {
            expected: len,
            found: node.len(),
        }));
    }
    Ok(())
}

/// Checks that a dictionary key is a string, the only key a plist dictionary has.
#[inline]
pub(crate) fn string_key(key: &Node<'_, '_>) -> Result<(), Error> {
    if key.kind() != Kind::String {
        return Err(key.error(ErrorKind::NonStringKey(key.kind().name())));
    }
    Ok(())
}

/// Keys longer than this are charged to the byte budget when a map reads them,
/// borrowed or not: a map hashes or compares each key whole, and a file may repeat
/// a long key millions of times at one byte of reference each. A shorter key costs
/// a map at most this much, about what the rest of the entry costs. A struct never
/// compares such a key unless it is one of its field names.
pub(crate) const LONG_KEY: usize = 64;

/// Charges a map's key `text`, read at `dict`, when it is long (see
/// [`LONG_KEY`]); what a copy of it costs is charged where it is copied.
#[inline]
pub(crate) fn charge_map_key(dict: &Node<'_, '_>, text: &str) -> Result<(), Error> {
    if text.len() > LONG_KEY {
        dict.charge_bytes(text.len())?;
    }
    Ok(())
}

/// A map key's text as an integer of type `T`, read as `serde_json` reads an
/// integer key: only the form `T`'s `Display` writes (an optional `-`, then digits
/// without a leading zero), in `T`'s range. `None` for anything else (`+1`, `01`,
/// `-0`, ` 1`, `1.0`).
pub(crate) fn integer_key_text<T: FromStr>(text: &str) -> Option<T> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    let canonical = match digits.as_bytes() {
        [b'0'] => digits.len() == text.len(),
        [b'1'..=b'9', rest @ ..] => rest.iter().all(u8::is_ascii_digit),
        _ => false,
    };
    if canonical {
        text.parse().ok()
    } else {
        None
    }
}

/// A map key object read as an integer of type `target`: [`integer_key_text`], or
/// [`ErrorKind::KeyNotParsed`] at the key.
pub(crate) fn integer_key<T: FromStr>(
    key: &Node<'_, '_>,
    target: &'static str,
) -> Result<T, Error> {
    string_key(key)?;
    let text = key.to_str()?;
    integer_key_text(&text).ok_or_else(|| {
        key.error(ErrorKind::KeyNotParsed {
            key: shown_key(&text),
            target,
        })
    })
}

/// Writes a map key: its [`ToPlist::__plist_key`] text, borrowed when it can be,
/// or [`ErrorKind::NonStringKey`] for a type with no key form.
#[inline]
pub(crate) fn encode_key<'a, K: ToPlist + ?Sized>(
    key: &'a K,
    enc: &mut Encoder<'a>,
) -> Result<ObjRef, Error> {
    match key.__plist_key() {
        Some(text) => Ok(key_object(text, enc)),
        None => Err(non_text_key::<K>()),
    }
}

/// The string object of a key's text.
#[inline]
pub(crate) fn key_object<'a>(text: Cow<'a, str>, enc: &mut Encoder<'a>) -> ObjRef {
    match text {
        Cow::Borrowed(s) => enc.str(s),
        Cow::Owned(s) => enc.str_copied(&s),
    }
}

/// A map whose key type writes no text: a dictionary's keys are strings.
#[cold]
pub(crate) fn non_text_key<K: ?Sized>() -> Error {
    Error::new(ErrorKind::NonStringKey(std::any::type_name::<K>()))
}

/// `v` as a plist integer, or the error that it lies outside `i64::MIN ..= u64::MAX`.
/// A `u128` is clamped to `i128::MAX` first.
#[inline]
pub(crate) fn plist_integer(v: i128) -> Result<Integer, Error> {
    Integer::from_i128(v).ok_or_else(|| out_of_range(v))
}

#[cold]
fn out_of_range(value: i128) -> Error {
    Error::new(ErrorKind::IntegerOutOfRange {
        value,
        target: "a plist integer (i64::MIN ..= u64::MAX)",
    })
}

/// Writes an integer in the form its value takes.
#[inline]
pub(crate) fn encode_integer(i: Integer, enc: &mut Encoder<'_>) -> ObjRef {
    match i.as_i64() {
        Some(v) => enc.i64(v),
        None => enc.u64(i.as_u64().expect("an Integer is in i64 or u64 range")),
    }
}
