//! The XML parser: CoreFoundation's parser rules, byte by byte over
//! UTF-8 text, filling the writer's object table as it goes. There is no tree of its
//! own and no recursion: open arrays, dictionaries and `<plist>` elements are frames
//! on a heap stack, and their children's references wait on one shared list until
//! the container closes. Strings are borrowed from the input unless an entity or a
//! CDATA section had to be decoded.
//!
//! Containers enter the table when they close, after their children (post-order):
//! the binary reader does not care where an object sits, and it lets a dictionary be
//! checked whole first, for duplicate keys (the last value wins, at the first key's
//! place, as CF's `CFDictionarySetValue` does) and for the one-entry `CF$UID`
//! form of a UID.

use crate::error::XmlError;
use crate::value::{Date, Uid};
use crate::writer::{Encoder, ObjRef, Object};

use super::number::{self, Int};
use super::{base64, date};
use crate::text::duplicates::Duplicates;
use crate::text::position::Positions;
use crate::text::swar;

/// CF's `_CFPropertyListMaxRecursionDepth` on macOS: nested arrays and dictionaries.
pub(crate) const MAX_DEPTH: usize = 512;

/// Reads a date's text into seconds since 2001, or `None` when it is not a date.
pub(crate) type ReadDate<'a> = &'a mut dyn FnMut(&[u8]) -> Option<f64>;

/// An error at a text offset.
pub(crate) type At = (usize, XmlError);

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Holds exactly one value; `got` once it has.
    Plist {
        got: bool,
    },
    Array,
    Dict,
}

struct Frame {
    kind: Kind,
    /// Arrays and dictionaries enclosing this frame's content, itself included.
    depth: usize,
    /// Where this frame's children start in `Parser::kids`.
    start: usize,
    /// Offset of the open tag's `<`.
    at: usize,
}

/// A finished value: its object, whether it came from `<key>`, and its element's
/// offset.
struct Value {
    r: ObjRef,
    is_key: bool,
    at: usize,
}

pub(crate) struct Parser<'a> {
    b: &'a [u8],
    cur: usize,
    pub(crate) enc: Encoder<'a>,
    pub(crate) positions: Positions,
    stack: Vec<Frame>,
    kids: Vec<ObjRef>,
    kid_at: Vec<u64>,
    /// Text with entities or CDATA decoded, and decoded base64.
    buf: Vec<u8>,
    data: Vec<u8>,
    duplicates: Duplicates,
    /// An archive's reading of `CF$UID` (`docs/ARCHIVE.md`, "XML archives"): an integer in
    /// `0 ..= 2^32 - 1` only, where CF truncates.
    pub(crate) strict_uid: bool,
    /// The plist crate's reading (module `plist`): a `CF$UID` dictionary stays a
    /// dictionary.
    pub(crate) keep_cf_uid: bool,
    /// Reads a date's text into seconds since 2001 in place of CF's rules: the
    /// plist crate's RFC 3339 (module `plist`).
    pub(crate) date_text: Option<ReadDate<'a>>,
}

fn is_ws(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | b'\r')
}

/// The elements of a property list.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Tag {
    Plist,
    Array,
    Dict,
    Key,
    String,
    Data,
    Date,
    Real,
    Integer,
    True,
    False,
}

/// Bytes `text` as a little-endian word masked to its length (at most 16), for
/// comparing a tag in one step: (pattern, mask).
const fn pattern(text: &[u8]) -> (u128, u128) {
    let (mut pat, mut i) = (0u128, 0);
    while i < text.len() {
        pat |= (text[i] as u128) << (8 * i);
        i += 1;
    }
    (pat, u128::MAX >> (128 - 8 * text.len()))
}

/// The three forms of a tag, as [`pattern`]s: `name>`, `name/>` and `</name>`.
struct Forms {
    open: (u128, u128),
    empty: (u128, u128),
    close: (u128, u128),
}

impl Tag {
    /// Its name, as `'static` text for errors.
    fn name(self) -> &'static str {
        match self {
            Tag::Plist => "plist",
            Tag::Array => "array",
            Tag::Dict => "dict",
            Tag::Key => "key",
            Tag::String => "string",
            Tag::Data => "data",
            Tag::Date => "date",
            Tag::Real => "real",
            Tag::Integer => "integer",
            Tag::True => "true",
            Tag::False => "false",
        }
    }

    fn from_name(name: &[u8]) -> Option<Tag> {
        Some(match name {
            b"plist" => Tag::Plist,
            b"array" => Tag::Array,
            b"dict" => Tag::Dict,
            b"key" => Tag::Key,
            b"string" => Tag::String,
            b"data" => Tag::Data,
            b"date" => Tag::Date,
            b"real" => Tag::Real,
            b"integer" => Tag::Integer,
            b"true" => Tag::True,
            b"false" => Tag::False,
            _ => return None,
        })
    }

    /// The end of input inside this element, named by its close tag.
    fn close_of(self) -> &'static str {
        match self {
            Tag::Plist => "<plist>",
            Tag::Array => "<array>",
            Tag::Dict => "<dict>",
            Tag::Key => "<key>",
            Tag::String => "<string>",
            Tag::Data => "<data>",
            Tag::Date => "<date>",
            Tag::Real => "<real>",
            Tag::Integer => "<integer>",
            Tag::True => "<true>",
            Tag::False => "<false>",
        }
    }

    fn forms(self) -> &'static Forms {
        macro_rules! forms {
            ($name:literal) => {{
                const FORMS: Forms = Forms {
                    open: pattern(concat!($name, ">").as_bytes()),
                    empty: pattern(concat!($name, "/>").as_bytes()),
                    close: pattern(concat!("</", $name, ">").as_bytes()),
                };
                &FORMS
            }};
        }
        match self {
            Tag::Plist => forms!("plist"),
            Tag::Array => forms!("array"),
            Tag::Dict => forms!("dict"),
            Tag::Key => forms!("key"),
            Tag::String => forms!("string"),
            Tag::Data => forms!("data"),
            Tag::Date => forms!("date"),
            Tag::Real => forms!("real"),
            Tag::Integer => forms!("integer"),
            Tag::True => forms!("true"),
            Tag::False => forms!("false"),
        }
    }
}

/// Sixteen bytes at `b[i..]` as a little-endian word, if there are sixteen.
#[inline(always)]
fn word16(b: &[u8], i: usize) -> Option<u128> {
    Some(u128::from_le_bytes(*b.get(i..)?.first_chunk::<16>()?))
}

/// Whether `w` starts with the bytes of `pattern`.
#[inline(always)]
fn starts(w: u128, (pat, mask): (u128, u128)) -> bool {
    w & mask == pat
}

/// The usual tags, `<name>` or `<name/>` with nothing else in them, without the
/// general scan, one masked comparison each: (tag, empty form, bytes up to and
/// with the `>`). `w` is the text just past the `<`.
#[inline]
fn quick_tag(w: u128) -> Option<(Tag, bool, usize)> {
    let tag = match w as u8 {
        b'k' => Tag::Key,
        b's' => Tag::String,
        b'i' => Tag::Integer,
        b'r' => Tag::Real,
        b'a' => Tag::Array,
        b't' => Tag::True,
        b'f' => Tag::False,
        b'p' => Tag::Plist,
        b'd' => match (w >> 8) as u16 {
            0x6369 => Tag::Dict,
            0x7461 if (w >> 24) as u8 == b'a' => Tag::Data,
            _ => Tag::Date,
        },
        _ => return None,
    };
    let forms = tag.forms();
    let n = tag.name().len();
    if starts(w, forms.open) {
        Some((tag, false, n + 1))
    } else if starts(w, forms.empty) {
        Some((tag, true, n + 2))
    } else {
        None
    }
}

/// Where `needle` starts in `hay[from..end]`, as an index into `hay`.
fn find(hay: &[u8], from: usize, end: usize, needle: &[u8]) -> Option<usize> {
    let window = hay.get(from..end)?;
    window
        .windows(needle.len())
        .position(|w| w == needle)
        .map(|p| from + p)
}

impl<'a> Parser<'a> {
    pub(crate) fn new(text: &'a [u8]) -> Parser<'a> {
        Parser {
            b: text,
            cur: 0,
            enc: Encoder::new(),
            positions: Positions::default(),
            stack: Vec::new(),
            kids: Vec::new(),
            kid_at: Vec::new(),
            buf: Vec::new(),
            data: Vec::new(),
            duplicates: Duplicates::default(),
            strict_uid: false,
            keep_cf_uid: false,
            date_text: None,
        }
    }

    /// Skips whitespace. Its usual run, a newline and the next line's tabs, is a
    /// byte and a word: a word's first byte that is not a tab is the lowest non-zero
    /// byte of the word after an exclusive or with tabs.
    fn ws(&mut self) {
        const TABS: u64 = 0x0909_0909_0909_0909;
        let b = self.b;
        let mut i = self.cur;
        loop {
            if let Some(w) = swar::word(b, i) {
                let x = w ^ TABS;
                if x == 0 {
                    i += 8;
                    continue;
                }
                i += x.trailing_zeros() as usize / 8;
            } else {
                while b.get(i) == Some(&b'\t') {
                    i += 1;
                }
            }
            match b.get(i) {
                Some(&c) if is_ws(c) => i += 1,
                _ => break,
            }
        }
        self.cur = i;
    }

    /// Reads the document and returns its root object.
    pub(crate) fn document(&mut self) -> Result<ObjRef, At> {
        if self.b.is_empty() {
            return Err((0, XmlError::Empty));
        }
        let at = self.prolog()?;
        let mut value = self.element(false, 0, at)?;
        loop {
            if let Some(v) = value.take() {
                let Some(top) = self.stack.last_mut() else {
                    // Nothing after the root element is read.
                    return Ok(v.r);
                };
                match top.kind {
                    Kind::Dict if (self.kids.len() - top.start).is_multiple_of(2) && !v.is_key => {
                        return Err((v.at, XmlError::KeyExpected));
                    }
                    Kind::Plist { .. } => top.kind = Kind::Plist { got: true },
                    _ => {}
                }
                self.kids.push(v.r);
                self.kid_at.push(v.at as u64);
            }
            let top = self
                .stack
                .last()
                .expect("a frame is open until the root closes");
            let want_key =
                top.kind == Kind::Dict && (self.kids.len() - top.start).is_multiple_of(2);
            let (depth, kind) = (top.depth, top.kind);
            match self.content(depth)? {
                Some(at) => {
                    if kind == (Kind::Plist { got: true }) {
                        return Err((at, XmlError::PlistTwoValues));
                    }
                    value = self.element(want_key, depth, at)?;
                }
                None => value = Some(self.close_frame()?),
            }
        }
    }

    /// Skips declarations, DOCTYPEs, comments and PIs before the root element, in any
    /// order, and returns the offset of the root's `<`, with the cursor
    /// just past it.
    fn prolog(&mut self) -> Result<usize, At> {
        let n = self.b.len();
        loop {
            self.ws();
            if self.cur + 1 >= n {
                return Err((self.cur, XmlError::NoContent));
            }
            if self.b[self.cur] != b'<' {
                return Err((self.cur, XmlError::ExpectedElement));
            }
            let at = self.cur;
            self.cur += 1;
            match self.b[self.cur] {
                b'!' => {
                    self.cur += 1;
                    if self.b.get(self.cur..self.cur + 2) == Some(b"--") {
                        // CF skips one byte past `<!--` here, so `<!---->` runs on.
                        self.cur += 3;
                        self.comment(at)?;
                    } else {
                        self.doctype(at)?;
                    }
                }
                b'?' => {
                    self.cur += 1;
                    self.pi(at)?;
                }
                _ => return Ok(at),
            }
        }
    }

    /// Past a comment's `-->`, searched as CF does: a `-->` ending on the last
    /// byte is not found.
    fn comment(&mut self, at: usize) -> Result<(), At> {
        let end = self.b.len().saturating_sub(1);
        match find(self.b, self.cur, end.max(self.cur), b"-->") {
            Some(p) => {
                self.cur = p + 3;
                Ok(())
            }
            None => Err((at, XmlError::Eof("a comment"))),
        }
    }

    /// Past a processing instruction's `?>`, which is never looked into.
    fn pi(&mut self, at: usize) -> Result<(), At> {
        let end = self.b.len().saturating_sub(1);
        match find(self.b, self.cur, end.max(self.cur), b"?>") {
            Some(p) => {
                self.cur = p + 2;
                Ok(())
            }
            None => Err((at, XmlError::Eof("a processing instruction"))),
        }
    }

    /// `<!DOCTYPE …>`, skipped to its `>`; an internal subset is an error, so
    /// no entity is ever declared, and the DTD named is never fetched.
    fn doctype(&mut self, at: usize) -> Result<(), At> {
        if self.b.get(self.cur..self.cur + 7) != Some(b"DOCTYPE") {
            return Err((at, XmlError::MalformedDoctype));
        }
        self.cur += 7;
        match self.b[self.cur..]
            .iter()
            .position(|&c| c == b'>' || c == b'[')
        {
            Some(p) if self.b[self.cur + p] == b'>' => {
                self.cur += p + 1;
                Ok(())
            }
            Some(p) => Err((self.cur + p, XmlError::InternalSubset)),
            None => Err((at, XmlError::Eof("the DOCTYPE"))),
        }
    }

    /// `getContentObject`: skips whitespace, comments and PIs inside a container and
    /// returns the next element's offset (cursor past its `<`), or `None` at a close
    /// tag (cursor on its `<`).
    fn content(&mut self, depth: usize) -> Result<Option<usize>, At> {
        if depth > MAX_DEPTH {
            return Err((self.cur, XmlError::TooDeep(MAX_DEPTH)));
        }
        let n = self.b.len();
        loop {
            self.ws();
            if self.cur >= n {
                return Err((self.cur, XmlError::Eof("an element")));
            }
            if self.b[self.cur] != b'<' {
                return Err((self.cur, XmlError::ExpectedElement));
            }
            let at = self.cur;
            self.cur += 1;
            match self.b.get(self.cur) {
                None => return Err((at, XmlError::Eof("a tag"))),
                // Searched from the `?` itself: `<?>` is a whole PI here (CF quirk).
                Some(b'?') => self.pi(at)?,
                Some(b'!') => {
                    if self.cur + 2 >= n {
                        return Err((at, XmlError::Eof("a comment")));
                    }
                    if &self.b[self.cur + 1..self.cur + 3] != b"--" {
                        return Err((at, XmlError::MisplacedMarkup));
                    }
                    self.cur += 3;
                    self.comment(at)?;
                }
                Some(b'/') => {
                    self.cur = at;
                    return Ok(None);
                }
                Some(_) => return Ok(Some(at)),
            }
        }
    }

    /// `parseXMLElement`, the cursor just past `<`: a scalar's value, or `None` for
    /// a container it opened as a frame.
    fn element(&mut self, want_key: bool, depth: usize, at: usize) -> Result<Option<Value>, At> {
        let marker = self.cur;
        let (tag, empty) = match word16(self.b, marker).and_then(quick_tag) {
            Some((tag, empty, len)) => {
                self.cur = marker + len;
                (tag, empty)
            }
            None => self.tag(at)?,
        };
        let value = |r: ObjRef, is_key: bool| Ok(Some(Value { r, is_key, at }));
        let r = match tag {
            Tag::Plist | Tag::Array | Tag::Dict => {
                if tag == Tag::Plist && empty {
                    return Err((at, XmlError::EmptyPlist));
                }
                if empty {
                    let r = if tag == Tag::Array {
                        let f = self.enc.begin_array();
                        self.enc.end_array(f)
                    } else {
                        let f = self.enc.begin_dict();
                        self.enc.end_dict(f)
                    };
                    self.positions.object(r.index(), at);
                    return value(r, false);
                }
                let (kind, depth) = match tag {
                    Tag::Plist => (Kind::Plist { got: false }, depth),
                    Tag::Array => (Kind::Array, depth + 1),
                    _ => (Kind::Dict, depth + 1),
                };
                self.stack.push(Frame {
                    kind,
                    depth,
                    start: self.kids.len(),
                    at,
                });
                return Ok(None);
            }
            Tag::Key | Tag::String => {
                let r = if empty {
                    self.enc.str("")
                } else {
                    let r = self.string()?;
                    self.close(tag)?;
                    r
                };
                self.positions.object(r.index(), at);
                return value(r, want_key && tag == Tag::Key);
            }
            Tag::True | Tag::False => {
                if !empty {
                    self.close(tag)
                        .map_err(|(at, _)| (at, XmlError::NotEmpty(tag.name())))?;
                }
                self.enc.bool(tag == Tag::True)
            }
            _ if empty => return Err((at, XmlError::EmptyValue(tag.name()))),
            Tag::Integer => {
                let (start, end) = self.raw_content(tag)?;
                let int =
                    number::parse_int(&self.b[start..end]).map_err(|(i, e)| (start + i, e))?;
                self.close(tag)?;
                match int {
                    Int::Unsigned(v) => self.enc.u64(v),
                    Int::Negative(v) => self.enc.i64(v),
                }
            }
            Tag::Real => {
                let start = self.cur;
                let text = self.text()?;
                let v = number::parse_real(text).ok_or((start, XmlError::BadReal))?;
                self.close(tag)?;
                self.enc.f64(v)
            }
            Tag::Date => {
                let (start, end) = self.raw_content(tag)?;
                let bad = (start, XmlError::BadDate);
                let text = &self.b[start..end];
                let at = if self.date_text.is_none() {
                    date::parse(text)
                } else {
                    self.dialect_date(text)
                };
                let at = at.ok_or(bad.clone())?;
                if !date::in_range(at) {
                    return Err((start, XmlError::DateOutOfRange));
                }
                self.close(tag).map_err(|_| bad)?;
                self.enc.date(Date::from_seconds_since_2001(at))
            }
            Tag::Data => {
                let (start, end) = self.raw_content(tag)?;
                let len = base64::decode(&self.b[start..end], &mut self.data)
                    .map_err(|(i, e)| (start + i, e))?;
                self.close(tag)?;
                self.enc.data_copied(&self.data[..len])
            }
        };
        self.positions.object(r.index(), at);
        value(r, false)
    }

    /// `parseXMLElement`'s general tag reading, the cursor just past `<`: the name
    /// runs to the first whitespace or to the `>` (less a `/` before it, the empty
    /// form); whatever follows the name, attributes included, is skipped.
    fn tag(&mut self, at: usize) -> Result<(Tag, bool), At> {
        let marker = self.cur;
        let b = self.b;
        let rest = &b[marker..];
        let Some(close) = rest.iter().position(|&c| c == b'>') else {
            return Err((at, XmlError::Eof("a tag")));
        };
        let empty = close > 0 && rest[close - 1] == b'/';
        let name_len = rest[..close]
            .iter()
            .position(|&c| is_ws(c))
            .unwrap_or(close - usize::from(empty));
        self.cur = marker + close + 1;
        if name_len == 0 {
            return Err((at, XmlError::MalformedTag));
        }
        let raw = &rest[..name_len];
        if let Some(tag) = Tag::from_name(raw) {
            Ok((tag, empty))
        } else {
            let shown = String::from_utf8_lossy(&raw[..raw.len().min(40)]).into_owned();
            Err((at, XmlError::UnknownTag(shown)))
        }
    }

    /// A date read by [`Parser::date_text`], out of line: CF's rules are the hot path.
    #[cold]
    #[inline(never)]
    fn dialect_date(&mut self, text: &[u8]) -> Option<f64> {
        self.date_text.as_mut().and_then(|read| read(text))
    }

    /// The content of an element read raw, up to the next `<`; the cursor moves there.
    fn raw_content(&mut self, tag: Tag) -> Result<(usize, usize), At> {
        let start = self.cur;
        match swar::find(self.b, start, b'<') {
            Some(end) => {
                self.cur = end;
                Ok((start, end))
            }
            None => Err((start, XmlError::Eof(tag.close_of()))),
        }
    }

    /// `checkForCloseTag`: `</name`, optional whitespace, `>`. The usual `</name>`
    /// is one masked comparison.
    fn close(&mut self, tag: Tag) -> Result<(), At> {
        let at = self.cur;
        let b = self.b;
        if word16(b, at).is_some_and(|w| starts(w, tag.forms().close)) {
            self.cur = at + tag.name().len() + 3;
            return Ok(());
        }
        let name = tag.name();
        let mismatch = Err((at, XmlError::CloseTagMismatch(name)));
        if b.len() - at < name.len() + 3 {
            return Err((at, XmlError::Eof(tag.close_of())));
        }
        if &b[at..at + 2] != b"</" || &b[at + 2..at + 2 + name.len()] != name.as_bytes() {
            return mismatch;
        }
        self.cur = at + 2 + name.len();
        self.ws();
        match b.get(self.cur) {
            None => Err((at, XmlError::Eof(tag.close_of()))),
            Some(b'>') => {
                self.cur += 1;
                Ok(())
            }
            Some(_) => mismatch,
        }
    }

    /// A string or key's content as an object: borrowed from the input, or copied
    /// when references or CDATA were decoded.
    fn string(&mut self) -> Result<ObjRef, At> {
        let start = self.cur;
        Ok(match self.raw_text()? {
            Text::Ascii => self.enc.ascii(&self.b[start..self.cur]),
            Text::Borrowed => {
                let s = utf8(self.b, start, self.cur)?;
                self.enc.str(s)
            }
            Text::Decoded => {
                let s =
                    std::str::from_utf8(&self.buf).map_err(|_| (start, XmlError::InvalidUtf8))?;
                self.enc.str_copied(s)
            }
        })
    }

    /// A real's content as text (CF reads it like a string).
    fn text(&mut self) -> Result<&str, At> {
        let start = self.cur;
        match self.raw_text()? {
            Text::Ascii | Text::Borrowed => utf8(self.b, start, self.cur),
            Text::Decoded => {
                std::str::from_utf8(&self.buf).map_err(|_| (start, XmlError::InvalidUtf8))
            }
        }
    }

    /// `parseStringTag`: text up to the first `<` that does not start CDATA, with
    /// CDATA sections appended verbatim and references decoded, into
    /// `buf` when anything was decoded. The scan goes eight bytes at a time and
    /// notes any byte at or above 0x80 on the way: text with none is ASCII, and
    /// needs no UTF-8 check.
    fn raw_text(&mut self) -> Result<Text, At> {
        let b = self.b;
        let n = b.len();
        let mut owned = false;
        let mut seg = self.cur;
        let mut high = 0u64;
        loop {
            let mut i = self.cur;
            // The word that stops the scan is in `high` whole (a byte past the stop
            // at or above 0x80 costs a UTF-8 check, never a wrong answer); only the
            // last bytes of the input, shorter than a word, are folded in one by one.
            let mut found = None;
            while let Some(w) = swar::word(b, i) {
                high |= w;
                let m = swar::matches(w, b'<') | swar::matches(w, b'&');
                if m != 0 {
                    found = Some(i + swar::first(m));
                    break;
                }
                i += 8;
            }
            if found.is_none() {
                found = b[i..]
                    .iter()
                    .position(|&c| c == b'<' || c == b'&')
                    .map(|p| i + p);
                let end = found.unwrap_or(n);
                high |= b[i..end].iter().fold(0, |h, &c| h | c as u64);
            }
            let Some(j) = found else {
                self.cur = n;
                break;
            };
            if b[j] == b'<' && b.get(j + 1) != Some(&b'!') {
                self.cur = j;
                break;
            }
            if !owned {
                self.buf.clear();
                owned = true;
            }
            self.buf.extend_from_slice(&b[seg..j]);
            if b[j] == b'<' {
                if n - j < 9 {
                    return Err((j, XmlError::Eof("a CDATA section")));
                }
                if &b[j..j + 9] != b"<![CDATA[" {
                    return Err((j, XmlError::MisplacedMarkup));
                }
                let Some(end) = find(b, j + 9, n, b"]]>") else {
                    return Err((j, XmlError::Eof("a CDATA section")));
                };
                self.buf.extend_from_slice(&b[j + 9..end]);
                self.cur = end + 3;
            } else {
                self.cur = j + 1;
                self.entity(j)?;
            }
            seg = self.cur;
        }
        if owned {
            self.buf.extend_from_slice(&b[seg..self.cur]);
            return Ok(Text::Decoded);
        }
        Ok(if high & 0x8080_8080_8080_8080 == 0 {
            Text::Ascii
        } else {
            Text::Borrowed
        })
    }

    /// `parseEntityReference_pl`, the cursor just past `&`: the five predefined
    /// entities and numeric references, appended to `buf`. Nothing can declare an
    /// entity, so nothing expands.
    fn entity(&mut self, at: usize) -> Result<(), At> {
        let b = &self.b[self.cur..];
        let eof = Err((at, XmlError::Eof("an entity reference")));
        let Some(&c) = b.first() else {
            return eof;
        };
        for (name, text) in [
            ("lt;", "<"),
            ("gt;", ">"),
            ("amp;", "&"),
            ("apos;", "'"),
            ("quot;", "\""),
        ] {
            if b.starts_with(name.as_bytes()) {
                self.buf.extend_from_slice(text.as_bytes());
                self.cur += name.len();
                return Ok(());
            }
        }
        if c != b'#' {
            // CF reports a cut-off `&amp`, `&lt` as the end of input.
            let names: [&[u8]; 5] = [b"lt;", b"gt;", b"amp;", b"apos;", b"quot;"];
            if names.iter().any(|n| n.starts_with(b) && b.len() < n.len()) {
                return eof;
            }
            return Err((at, XmlError::UnknownEntity));
        }
        if b.len() < 4 {
            return eof;
        }
        let hex = b[1] == b'x';
        let mut i = 1 + usize::from(hex);
        let mut num: u32 = 0;
        let mut count = 0;
        loop {
            let Some(&ch) = b.get(i) else {
                return eof;
            };
            i += 1;
            count += 1;
            if ch == b';' {
                break;
            }
            if count > 8 {
                return Err((at, XmlError::BadCharRef));
            }
            let d = match ch {
                b'0'..=b'9' => ch - b'0',
                b'a'..=b'f' if hex => ch - b'a' + 10,
                b'A'..=b'F' if hex => ch - b'A' + 10,
                _ => return Err((at, XmlError::BadCharRef)),
            };
            num = num
                .wrapping_mul(if hex { 16 } else { 10 })
                .wrapping_add(d as u32);
        }
        self.cur += i;
        if num > 0x10_FFFF {
            return Err((at, XmlError::BadCharRef));
        }
        // `&#;` is U+0000 and a surrogate converts to no UTF-8 at all (CF quirks).
        if let Some(ch) = char::from_u32(num) {
            let mut units = [0u8; 4];
            self.buf
                .extend_from_slice(ch.encode_utf8(&mut units).as_bytes());
        }
        Ok(())
    }

    /// Closes the innermost frame at its close tag and returns its value.
    fn close_frame(&mut self) -> Result<Value, At> {
        let f = self.stack.pop().expect("content is read for an open frame");
        let count = self.kids.len() - f.start;
        let r = match f.kind {
            Kind::Plist { got } => {
                if !got {
                    return Err((self.cur, XmlError::EmptyPlist));
                }
                self.close(Tag::Plist)?;
                let (r, at) = (self.kids[f.start], self.kid_at[f.start] as usize);
                self.kids.truncate(f.start);
                self.kid_at.truncate(f.start);
                return Ok(Value {
                    r,
                    is_key: false,
                    at,
                });
            }
            Kind::Array => {
                self.close(Tag::Array)?;
                let frame = self.enc.begin_array();
                for &k in &self.kids[f.start..] {
                    self.enc.child(k);
                }
                let r = self.enc.end_array(frame);
                self.positions
                    .container(r.index(), self.kid_at[f.start..].iter().copied());
                r
            }
            Kind::Dict => {
                if count % 2 == 1 {
                    return Err((
                        self.kid_at[self.kid_at.len() - 1] as usize,
                        XmlError::ValueMissing,
                    ));
                }
                self.close(Tag::Dict)?;
                self.dict(f.start, f.at)?
            }
        };
        self.positions.object(r.index(), f.at);
        self.kids.truncate(f.start);
        self.kid_at.truncate(f.start);
        Ok(Value {
            r,
            is_key: false,
            at: f.at,
        })
    }

    /// Builds the dictionary whose keys and values alternate in `kids[start..]`.
    fn dict(&mut self, start: usize, at: usize) -> Result<ObjRef, At> {
        let n = self
            .duplicates
            .merge(&mut self.kids, &mut self.kid_at, start);
        if n == 1 && !self.keep_cf_uid {
            if let Some(uid) = self.cf_uid(self.kids[start], self.kids[start + 1]) {
                return uid.map_err(|e| (at, e));
            }
        }
        let frame = self.enc.begin_dict();
        for i in 0..n {
            self.enc.child(self.kids[start + 2 * i]);
        }
        for i in 0..n {
            self.enc.child(self.kids[start + 2 * i + 1]);
        }
        let r = self.enc.end_dict(frame);
        let offsets = (0..n).map(|i| self.kid_at[start + 2 * i + 1]);
        self.positions.container(r.index(), offsets);
        Ok(r)
    }

    /// A one-entry dictionary `{CF$UID: number}` is a UID wherever it stands: an
    /// integer's low 32 bits, or a real truncated toward zero, as CF reads it. The key and
    /// number objects stay in the table, unreferenced unless used elsewhere.
    fn cf_uid(&mut self, key: ObjRef, value: ObjRef) -> Option<Result<ObjRef, XmlError>> {
        if self.enc.object(key.index()) != Object::Ascii(b"CF$UID") {
            return None;
        }
        let v = match self.enc.object(value.index()) {
            Object::Integer(i) if self.strict_uid => match u32::try_from(i.as_i128()) {
                Ok(v) => v,
                Err(_) => return Some(Err(XmlError::UidNotArchived)),
            },
            Object::Real(_) if self.strict_uid => return Some(Err(XmlError::UidNotArchived)),
            Object::Integer(i) => i.as_i128() as u32,
            Object::Real(d) if d > -2_147_483_649.0 && d < 2_147_483_648.0 => d as i32 as u32,
            Object::Real(_) => return Some(Err(XmlError::UidOutOfRange)),
            _ => return None,
        };
        Some(Ok(self.enc.uid(Uid::new(v as u64))))
    }
}

/// Where a string's text is, after `Parser::raw_text`.
enum Text {
    /// The input as it stands, all ASCII.
    Ascii,
    /// The input as it stands.
    Borrowed,
    /// Decoded into `Parser::buf`.
    Decoded,
}

/// `b[start..end]` as text, which CF requires to be strict UTF-8.
fn utf8(b: &[u8], start: usize, end: usize) -> Result<&str, At> {
    std::str::from_utf8(&b[start..end])
        .map_err(|e| (start + e.valid_up_to(), XmlError::InvalidUtf8))
}
