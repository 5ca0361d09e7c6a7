//! The OpenStep parser: CoreFoundation's rules (docs/OPENSTEP.md R2–R16), byte by
//! byte over UTF-8 text, filling the writer's object table as it goes. There is no
//! tree of its own and no recursion: open arrays and dictionaries are frames on a
//! heap stack, and their children's references wait on one shared list until the
//! container closes (post-order, as the XML reader does). Unquoted strings, and
//! quoted ones without escapes, are borrowed from the input.

use crate::error::OpenStepError;
use crate::text::duplicates::Duplicates;
use crate::text::position::Positions;
use crate::text::swar;
use crate::writer::{Encoder, ObjRef};

use super::nextstep;

/// CF's depth limit on 64-bit systems (R12).
pub(crate) const MAX_DEPTH: usize = 512;

/// An error at a text offset.
pub(crate) type At = (usize, OpenStepError);

/// What an open container waits for next.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// An array element or its `)`; a dictionary key or its `}`.
    Item,
    /// An array's `,` or `)`; a key's `=` or `;`.
    AfterItem,
    /// A dictionary value, after `=`.
    Value,
    /// The `;` that ends a dictionary entry.
    AfterValue,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Array,
    Dict,
    /// The top-level entries of a `.strings` file, without braces (R11).
    Strings,
}

struct Frame {
    kind: Kind,
    phase: Phase,
    /// Where this frame's children start in `Parser::kids`.
    start: usize,
    /// Offset of the opening `(` or `{` (0 for `.strings` entries).
    at: usize,
}

/// The unquoted-string characters (R5).
const UNQUOTED: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric() || matches!(b, b'_' | b'$' | b'/' | b':' | b'.' | b'-');
        c += 1;
    }
    t
};

/// The ASCII whitespace bytes: tab, LF, VT, FF, CR and space (R3).
const SPACE: [bool; 256] = {
    let mut t = [false; 256];
    t[b' ' as usize] = true;
    let mut c = 0x09;
    while c <= 0x0D {
        t[c] = true;
        c += 1;
    }
    t
};

/// Whether a value may start with byte `c` (R8).
fn starts_value(c: u8) -> bool {
    matches!(c, b'{' | b'(' | b'<' | b'"' | b'\'') || UNQUOTED[c as usize]
}

/// Whether `b[i..]` starts with U+2028 or U+2029, which are whitespace (R3) and end
/// a `//` comment (R4).
#[inline]
fn unicode_space(b: &[u8], i: usize) -> bool {
    matches!(b.get(i..i + 3), Some([0xE2, 0x80, 0xA8 | 0xA9]))
}

/// Past a `//` comment whose text starts at `i`: at its line end, or the end (R4).
fn line_end(b: &[u8], mut i: usize) -> usize {
    while let Some(&c) = b.get(i) {
        match c {
            b'\n' | b'\r' => return i,
            0xE2 if unicode_space(b, i) => return i,
            _ => i += 1,
        }
    }
    i
}

/// Past a `/*` comment whose text starts at `i`: after its `*/`, or at the end (R4).
fn comment_end(b: &[u8], mut i: usize) -> usize {
    while let Some(p) = swar::find(b, i, b'*') {
        i = p + 1;
        if b.get(i) == Some(&b'/') {
            return i + 1;
        }
    }
    b.len()
}

fn hex_value(c: u8) -> Option<u8> {
    match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        b'A'..=b'F' => Some(c - b'A' + 10),
        _ => None,
    }
}

/// The character at `b[i..]`, for an error message.
fn char_at(b: &[u8], i: usize) -> char {
    let s = &b[i..(i + 4).min(b.len())];
    let s = match std::str::from_utf8(s) {
        Ok(s) => s,
        Err(e) => std::str::from_utf8(&s[..e.valid_up_to()]).unwrap_or_default(),
    };
    s.chars().next().unwrap_or(char::REPLACEMENT_CHARACTER)
}

/// A UTF-16 surrogate.
fn is_surrogate(u: u32) -> bool {
    (0xD800..0xE000).contains(&u)
}

pub(crate) struct Parser<'a> {
    b: &'a [u8],
    cur: usize,
    pub(crate) enc: Encoder<'a>,
    pub(crate) positions: Positions,
    stack: Vec<Frame>,
    kids: Vec<ObjRef>,
    kid_at: Vec<u64>,
    /// A quoted string's text with its escapes decoded.
    buf: Vec<u8>,
    /// Decoded `<data>`.
    data: Vec<u8>,
    duplicates: Duplicates,
}

/// A value just read: a finished object and its offset, or a container opened as a
/// frame.
enum Read {
    Object(ObjRef, usize),
    Opened,
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
        }
    }

    /// Reads the document and returns its root object (R2).
    pub(crate) fn document(&mut self) -> Result<ObjRef, At> {
        if self.skip().is_none() {
            let f = self.enc.begin_dict();
            let r = self.enc.end_dict(f);
            self.positions.object(r.index(), 0);
            return Ok(r);
        }
        let root = match self.value()? {
            Read::Opened => self.containers()?,
            Read::Object(r, at) => {
                if self.skip().is_none() || self.b[at] == b'<' {
                    return self.end(r);
                }
                // A string and more text: the `.strings` form, whose first key is
                // that string (R2, R11).
                self.stack.push(Frame {
                    kind: Kind::Strings,
                    phase: Phase::AfterItem,
                    start: 0,
                    at: 0,
                });
                self.kids.push(r);
                self.kid_at.push(at as u64);
                self.containers()?
            }
        };
        self.end(root)
    }

    /// The end of the document: nothing but whitespace and comments may follow its
    /// value.
    fn end(&mut self, root: ObjRef) -> Result<ObjRef, At> {
        match self.skip() {
            None => Ok(root),
            Some(_) => Err(self.junk()),
        }
    }

    #[cold]
    fn junk(&self) -> At {
        (self.cur, OpenStepError::Junk(char_at(self.b, self.cur)))
    }

    /// An error naming the character at the cursor.
    #[cold]
    fn unexpected(&self, kind: fn(char) -> OpenStepError) -> At {
        (self.cur, kind(char_at(self.b, self.cur)))
    }

    /// Past whitespace and comments (R3, R4): the next byte, if any. An unclosed
    /// `/*` runs to the end.
    #[inline]
    fn skip(&mut self) -> Option<u8> {
        let b = self.b;
        let mut i = self.cur;
        loop {
            // Xcode indents with runs of tabs after each line feed.
            while b.get(i).is_some_and(|&c| SPACE[c as usize]) {
                i += 1;
            }
            let Some(&c) = b.get(i) else {
                self.cur = i;
                return None;
            };
            match c {
                b'/' => match b.get(i + 1) {
                    Some(b'/') => i = line_end(b, i + 2),
                    Some(b'*') => i = comment_end(b, i + 2),
                    _ => {
                        self.cur = i;
                        return Some(c);
                    }
                },
                0xE2 if unicode_space(b, i) => i += 3,
                _ => {
                    self.cur = i;
                    return Some(c);
                }
            }
        }
    }

    /// Reads the value that starts at the cursor, which is at a non-space byte: a
    /// scalar is finished, a container opened (R8).
    fn value(&mut self) -> Result<Read, At> {
        let at = self.cur;
        let c = self.b[at];
        let r = match c {
            b'{' | b'(' => {
                self.cur += 1;
                let kind = if c == b'{' { Kind::Dict } else { Kind::Array };
                self.stack.push(Frame {
                    kind,
                    phase: Phase::Item,
                    start: self.kids.len(),
                    at,
                });
                return Ok(Read::Opened);
            }
            b'<' => self.data()?,
            b'"' | b'\'' => self.quoted()?,
            _ if UNQUOTED[c as usize] => self.unquoted(),
            b'[' => return Err((at, OpenStepError::Json("`[` opens a JSON array"))),
            _ => return Err(self.unexpected(OpenStepError::ExpectedValue)),
        };
        self.positions.object(r.index(), at);
        Ok(Read::Object(r, at))
    }

    fn set_phase(&mut self, phase: Phase) {
        self.stack.last_mut().expect("a frame is open").phase = phase;
    }

    /// Reads the open containers to the close of the outermost, and returns it.
    fn containers(&mut self) -> Result<ObjRef, At> {
        loop {
            let depth = self.stack.len();
            let top = self.stack.last().expect("a frame is open");
            let (kind, phase) = (top.kind, top.phase);
            // A value read, or `None` when the frame closes here.
            let read = match (kind, phase) {
                (Kind::Array, Phase::Item) => {
                    if depth > MAX_DEPTH {
                        return Err((self.cur, OpenStepError::TooDeep(MAX_DEPTH)));
                    }
                    match self.skip() {
                        None => return Err((self.cur, OpenStepError::Eof("an array"))),
                        Some(b')') => None,
                        Some(c) if starts_value(c) || c == b'[' => {
                            self.set_phase(Phase::AfterItem);
                            Some(self.value()?)
                        }
                        Some(_) => return Err(self.unexpected(OpenStepError::ExpectedArrayEnd)),
                    }
                }
                (Kind::Array, _) => match self.skip() {
                    None => return Err((self.cur, OpenStepError::Eof("an array"))),
                    Some(b',') => {
                        self.cur += 1;
                        self.set_phase(Phase::Item);
                        continue;
                    }
                    Some(b')') => None,
                    Some(_) => {
                        return Err(self.unexpected(OpenStepError::ExpectedArraySeparator));
                    }
                },
                (_, Phase::Item) => match self.skip() {
                    None if kind == Kind::Strings => None,
                    None => return Err((self.cur, OpenStepError::Eof("a dictionary"))),
                    Some(b'}') if kind == Kind::Dict => None,
                    Some(c) if c == b'"' || c == b'\'' || UNQUOTED[c as usize] => {
                        let at = self.cur;
                        let r = if c == b'"' || c == b'\'' {
                            self.quoted()?
                        } else {
                            self.unquoted()
                        };
                        self.positions.object(r.index(), at);
                        self.kids.push(r);
                        self.kid_at.push(at as u64);
                        self.set_phase(Phase::AfterItem);
                        continue;
                    }
                    // CF stops at the first token that cannot start a key and ignores
                    // the rest; we require the end there (R11).
                    Some(_) if kind == Kind::Strings => return Err(self.junk()),
                    Some(_) => return Err(self.unexpected(OpenStepError::ExpectedDictEnd)),
                },
                (_, Phase::AfterItem) => match self.skip() {
                    None => return Err((self.cur, OpenStepError::Eof("a dictionary entry"))),
                    Some(b'=') => {
                        self.cur += 1;
                        self.set_phase(Phase::Value);
                        continue;
                    }
                    Some(b';') => {
                        // `key;` is `key = key` (R10); the `;` is read as the entry's end.
                        let n = self.kids.len();
                        let (k, at) = (self.kids[n - 1], self.kid_at[n - 1]);
                        self.kids.push(k);
                        self.kid_at.push(at);
                        self.set_phase(Phase::AfterValue);
                        continue;
                    }
                    Some(b':') => return Err((self.cur, OpenStepError::Json("`:` after a key"))),
                    Some(_) => return Err(self.unexpected(OpenStepError::ExpectedKeySeparator)),
                },
                (_, Phase::Value) => {
                    if depth > MAX_DEPTH {
                        return Err((self.cur, OpenStepError::TooDeep(MAX_DEPTH)));
                    }
                    if self.skip().is_none() {
                        return Err((self.cur, OpenStepError::Eof("a dictionary entry")));
                    }
                    self.set_phase(Phase::AfterValue);
                    Some(self.value()?)
                }
                (_, Phase::AfterValue) => match self.skip() {
                    Some(b';') => {
                        self.cur += 1;
                        self.set_phase(Phase::Item);
                        continue;
                    }
                    None => return Err((self.cur, OpenStepError::Eof("a dictionary entry"))),
                    Some(_) => return Err(self.unexpected(OpenStepError::MissingSemicolon)),
                },
            };
            let (r, at) = match read {
                Some(Read::Opened) => continue,
                Some(Read::Object(r, at)) => (r, at),
                None => {
                    let f = self.stack.pop().expect("the frame just read");
                    if f.kind != Kind::Strings {
                        self.cur += 1;
                    }
                    (self.close(&f), f.at)
                }
            };
            if self.stack.is_empty() {
                return Ok(r);
            }
            self.kids.push(r);
            self.kid_at.push(at as u64);
        }
    }

    /// Builds the container of frame `f` from its children, which it takes off the
    /// shared list.
    fn close(&mut self, f: &Frame) -> ObjRef {
        let r = if f.kind == Kind::Array {
            let frame = self.enc.begin_array();
            for &k in &self.kids[f.start..] {
                self.enc.child(k);
            }
            let r = self.enc.end_array(frame);
            self.positions
                .container(r.index(), self.kid_at[f.start..].iter().copied());
            r
        } else {
            let start = f.start;
            let n = self
                .duplicates
                .merge(&mut self.kids, &mut self.kid_at, start);
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
            r
        };
        self.positions.object(r.index(), f.at);
        self.kids.truncate(f.start);
        self.kid_at.truncate(f.start);
        r
    }

    /// An unquoted string at the cursor: ASCII, borrowed (R5).
    fn unquoted(&mut self) -> ObjRef {
        let b = self.b;
        let start = self.cur;
        let end = b[start..]
            .iter()
            .position(|&c| !UNQUOTED[c as usize])
            .map_or(b.len(), |p| start + p);
        self.cur = end;
        self.enc.ascii(&b[start..end])
    }

    /// A quoted string at the cursor (R6, R7): borrowed when it has no escape,
    /// decoded into `buf` otherwise.
    fn quoted(&mut self) -> Result<ObjRef, At> {
        let b = self.b;
        let open = self.cur;
        let q = b[open];
        let start = open + 1;
        // The first quote or backslash, eight bytes at a time, noting any byte at or
        // above 0x80 on the way: text with none needs no UTF-8 check.
        let clean = |w: u64| !swar::has(w, q) && !swar::has(w, b'\\');
        let mut i = start;
        let mut high = 0u64;
        while let Some(w) = swar::word(b, i) {
            if !clean(w) {
                break;
            }
            high |= w;
            i += 8;
        }
        let Some(p) = b[i..].iter().position(|&c| c == q || c == b'\\') else {
            return Err((open, OpenStepError::Eof("a quoted string")));
        };
        let end = i + p;
        high |= b[i..end].iter().fold(0, |h, &c| h | c as u64);
        if b[end] == q {
            self.cur = end + 1;
            let text = &b[start..end];
            return Ok(if high & 0x8080_8080_8080_8080 == 0 {
                self.enc.ascii(text)
            } else {
                // The whole text was checked as UTF-8, and quotes are ASCII.
                let s = std::str::from_utf8(text).map_err(|_| (start, bad_utf8()))?;
                self.enc.str(s)
            });
        }
        self.buf.clear();
        self.buf.extend_from_slice(&b[start..end]);
        self.cur = end;
        self.escaped(open, q)?;
        let s = std::str::from_utf8(&self.buf).map_err(|_| (start, bad_utf8()))?;
        Ok(self.enc.str_copied(s))
    }

    /// The rest of a quoted string from the backslash at the cursor, into `buf`.
    fn escaped(&mut self, open: usize, q: u8) -> Result<(), At> {
        let b = self.b;
        let mut i = self.cur;
        loop {
            let Some(&c) = b.get(i) else {
                return Err((open, OpenStepError::Eof("a quoted string")));
            };
            if c == q {
                self.cur = i + 1;
                return Ok(());
            }
            if c != b'\\' {
                let run = b[i..]
                    .iter()
                    .position(|&c| c == q || c == b'\\')
                    .unwrap_or(b.len() - i);
                self.buf.extend_from_slice(&b[i..i + run]);
                i += run;
                continue;
            }
            i += 1;
            let Some(&e) = b.get(i) else {
                return Err((i, OpenStepError::Eof("a backslash escape")));
            };
            i += 1;
            let ch = match e {
                b'0'..=b'7' => {
                    let mut v = u32::from(e - b'0');
                    for _ in 0..2 {
                        match b.get(i) {
                            Some(&d @ b'0'..=b'7') => {
                                v = v * 8 + u32::from(d - b'0');
                                i += 1;
                            }
                            _ => break,
                        }
                    }
                    // CF keeps the value in a byte: `\400` is 0.
                    let byte = v as u8;
                    nextstep::char(byte).ok_or((i, OpenStepError::BadOctalEscape(byte)))?
                }
                b'U' => {
                    let (unit, next) = hex_unit(b, i);
                    i = next;
                    if !is_surrogate(unit) {
                        char::from_u32(unit).expect("not a surrogate")
                    } else if unit < 0xDC00 && b.get(i..i + 2) == Some(b"\\U") {
                        let (low, next) = hex_unit(b, i + 2);
                        if !(0xDC00..0xE000).contains(&low) {
                            return Err((open, OpenStepError::LoneSurrogate(unit as u16)));
                        }
                        i = next;
                        let c = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00);
                        char::from_u32(c).expect("a surrogate pair is a character")
                    } else {
                        return Err((open, OpenStepError::LoneSurrogate(unit as u16)));
                    }
                }
                b'a' => '\u{7}',
                b'b' => '\u{8}',
                b'f' => '\u{C}',
                b'n' => '\n',
                b'r' => '\r',
                b't' => '\t',
                b'v' => '\u{B}',
                // Anything else is itself; a non-ASCII character's other bytes follow
                // as text.
                _ => {
                    self.buf.push(e);
                    continue;
                }
            };
            let mut utf8 = [0u8; 4];
            self.buf
                .extend_from_slice(ch.encode_utf8(&mut utf8).as_bytes());
        }
    }

    /// `<data>` at the cursor (R14).
    fn data(&mut self) -> Result<ObjRef, At> {
        let b = self.b;
        let open = self.cur;
        if matches!(b.get(open + 1), Some(b'*' | b'[')) {
            return Err((open + 1, OpenStepError::GnustepExtension));
        }
        self.data.clear();
        let mut i = open + 1;
        loop {
            let Some(&c) = b.get(i) else {
                return Err((open, OpenStepError::Eof("<data>")));
            };
            if let Some(hi) = hex_value(c) {
                let Some(lo) = b.get(i + 1).and_then(|&c| hex_value(c)) else {
                    return Err((i, OpenStepError::OddData));
                };
                self.data.push(hi << 4 | lo);
                i += 2;
                continue;
            }
            match c {
                b'>' => break,
                b' ' | b'\n' | b'\t' | b'\r' => i += 1,
                0xE2 if unicode_space(b, i) => i += 3,
                _ => return Err((i, OpenStepError::BadData(char_at(b, i)))),
            }
        }
        self.cur = i + 1;
        Ok(self.enc.data_copied(&self.data))
    }
}

/// Zero to four hex digits at `b[i..]` as a UTF-16 unit (R7), and where they end.
fn hex_unit(b: &[u8], mut i: usize) -> (u32, usize) {
    let mut v = 0;
    for _ in 0..4 {
        match b.get(i).and_then(|&c| hex_value(c)) {
            Some(d) => {
                v = v * 16 + u32::from(d);
                i += 1;
            }
            None => break,
        }
    }
    (v, i)
}

#[cold]
fn bad_utf8() -> OpenStepError {
    OpenStepError::BadEncoding("UTF-8")
}
