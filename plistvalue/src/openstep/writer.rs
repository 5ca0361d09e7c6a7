//! The OpenStep emitter: text from a filled object table, walked from the root with
//! a heap stack of open containers, in one of three layouts (`docs/OPENSTEP.md`,
//! section 4): Xcode's `project.pbxproj` for a project tree, the plain layout for
//! any other, and `.strings`.
//!
//! The format holds strings, data, arrays and dictionaries. Integers, reals,
//! booleans and dates are written as the text a typed read takes back (W6); a null
//! or a UID has no text and is an error that names its key path. As in the XML
//! writer, a container reached a 1538th time stops the write (the text repeats
//! shared containers in full), a container inside itself is an error, and nothing
//! is written deeper than the reader reads (W7).

use std::fmt::Write as _;

use super::utf8::Texts;
use super::xcode::{self, Project};
use crate::error::{Error, ErrorKind, OpenStepError, PathSegment};
use crate::text::visits::Visits;
use crate::writer::{Encoder, ObjRef, Object, Sink};

/// Which layout [`OpenStepWriter`](crate::OpenStepWriter) writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum OpenStepStyle {
    /// Xcode's `project.pbxproj` layout for an Xcode project (a dictionary with
    /// `archiveVersion`, `objectVersion`, `objects` and `rootObject`), byte for
    /// byte as Xcode writes it; the plain layout for any other value.
    #[default]
    Auto,
    /// The plain layout, also for a project: a tab per level, `key = value;`, a
    /// `,` after every array item, strings bare where Xcode leaves them bare.
    Plain,
    /// A `.strings` file: the root dictionary's entries without braces, one per
    /// line, every string quoted: `"key" = "value";`.
    Strings,
}

/// Deepest nesting written: what the reader reads back (R12).
const MAX_DEPTH: usize = super::reader::MAX_DEPTH;

/// An [`Open`] whose entries are in the table's order.
const NATURAL: u32 = u32::MAX;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Layout {
    Xcode,
    Plain,
    Strings,
}

/// How a value is written where it stands.
#[derive(Clone, Copy, Default)]
struct Place {
    /// Tabs before the line the value starts on.
    indent: u32,
    /// On one line, with everything inside it.
    flat: bool,
    /// Without annotations after IDs: under `remoteGlobalIDString` or `TestTargetID`.
    quiet: bool,
    /// As the `objects` section of a project.
    sections: bool,
}

/// A container being written.
#[derive(Clone, Copy)]
struct Open<'e> {
    obj: u32,
    /// A dictionary's keys (an array has none) and its values or items.
    keys: &'e [u32],
    values: &'e [u32],
    /// The next entry to write.
    next: u32,
    /// Where its entries' order starts in `Emitter::order`, or [`NATURAL`].
    order: u32,
    /// Where its entries stand: `indent` is the tabs before each.
    inner: Place,
    dict: bool,
    /// Without braces: the root of a `.strings` file.
    bare: bool,
}

/// A number's text, on the stack: an `i128` takes 40 bytes, a real at most 24.
struct Num {
    bytes: [u8; 64],
    len: usize,
}

impl Num {
    fn new() -> Num {
        Num {
            bytes: [0; 64],
            len: 0,
        }
    }

    fn as_bytes(&self) -> &[u8] {
        &self.bytes[..self.len]
    }
}

impl std::fmt::Write for Num {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        let end = self.len + s.len();
        self.bytes
            .get_mut(self.len..end)
            .ok_or(std::fmt::Error)?
            .copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

/// A real as the shortest text that reads back to it (W6): plain digits from 1e-7
/// to 1e21, an exponent outside, as JavaScript prints numbers.
fn real(n: &mut Num, v: f64, single: bool) {
    let a = v.abs();
    let plain = a == 0.0 || (1e-7..1e21).contains(&a);
    let _ = match (plain, single) {
        (true, false) => write!(n, "{v}"),
        (false, false) => write!(n, "{v:e}"),
        // A 4-byte real, as the shortest text of its own precision.
        (true, true) => write!(n, "{}", v as f32),
        (false, true) => write!(n, "{:e}", v as f32),
    };
}

/// Bytes Xcode writes outside quotes (W2): `A-Z a-z 0-9 $ .` are 1, `_` and
/// `/` 2, as two of them in a row may force quotes; every other byte is 0.
static BARE: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        if b.is_ascii_alphanumeric() || b == b'$' || b == b'.' {
            t[c] = 1;
        } else if b == b'_' || b == b'/' {
            t[c] = 2;
        }
        c += 1;
    }
    t
};

/// Whether Xcode writes `s` bare: not empty, only [`BARE`] bytes, and neither
/// `___` nor `//` in it (W2).
fn bare(s: &[u8]) -> bool {
    let mut seen = 0u8;
    for &c in s {
        let class = BARE[c as usize];
        if class == 0 {
            return false;
        }
        seen |= class;
    }
    if seen & 2 == 0 {
        return !s.is_empty();
    }
    let (mut slash, mut underscores) = (false, 0);
    for &c in s {
        if c == b'/' && slash {
            return false;
        }
        slash = c == b'/';
        underscores = if c == b'_' { underscores + 1 } else { 0 };
        if underscores == 3 {
            return false;
        }
    }
    true
}

/// What follows a backslash for each byte that is escaped: Xcode's four first, the
/// plain layout's additions after them (W3); `U` means `\U00xx`.
static ESCAPE: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 0x20 {
        t[c] = b'U';
        c += 1;
    }
    t[b'\\' as usize] = b'\\';
    t[b'"' as usize] = b'"';
    t[b'\n' as usize] = b'n';
    t[b'\t' as usize] = b't';
    t[b'\r' as usize] = b'r';
    t
};

const HEX: &[u8; 16] = b"0123456789abcdef";

/// Appends `s` in double quotes with Xcode's escapes, or also the plain layout's
/// when `all`.
fn quoted(out: &mut Vec<u8>, s: &[u8], all: bool) {
    out.push(b'"');
    let mut start = 0;
    for (i, &c) in s.iter().enumerate() {
        let e = ESCAPE[c as usize];
        if e == 0 || (!all && !matches!(e, b'\\' | b'"' | b'n' | b't')) {
            continue;
        }
        out.extend_from_slice(&s[start..i]);
        if e == b'U' {
            out.extend_from_slice(b"\\U00");
            out.push(HEX[(c >> 4) as usize]);
            out.push(HEX[(c & 15) as usize]);
        } else {
            out.push(b'\\');
            out.push(e);
        }
        start = i + 1;
    }
    out.extend_from_slice(&s[start..]);
    out.push(b'"');
}

/// Appends a `/* … */` comment's text; a `*/` inside would end it early, and is
/// written `* /` (W13).
fn comment(out: &mut Vec<u8>, text: &[u8]) {
    if !text.contains(&b'*') {
        out.extend_from_slice(text);
        return;
    }
    let mut start = 0;
    for i in 1..text.len() {
        if text[i - 1] == b'*' && text[i] == b'/' {
            out.extend_from_slice(&text[start..i]);
            out.push(b' ');
            start = i;
        }
    }
    out.extend_from_slice(&text[start..]);
}

/// Xcode's key order (W11): `isa` first, then code-point order, which is the byte
/// order of UTF-8.
fn xcode_order(a: &[u8], b: &[u8]) -> std::cmp::Ordering {
    (a != b"isa", a).cmp(&(b != b"isa", b))
}

const TABS: &[u8; 64] = &[b'\t'; 64];

fn tabs(out: &mut Vec<u8>, n: u32) {
    let mut n = n as usize;
    while n > TABS.len() {
        out.extend_from_slice(TABS);
        n -= TABS.len();
    }
    out.extend_from_slice(&TABS[..n]);
}

/// `<hex>`, lowercase, with a space after every four bytes unless `tight`, as in
/// Xcode's layout (W5).
fn data(out: &mut Vec<u8>, b: &[u8], tight: bool) {
    out.reserve(2 + b.len() * 2 + b.len() / 4);
    out.push(b'<');
    for (i, &c) in b.iter().enumerate() {
        if !tight && i > 0 && i % 4 == 0 {
            out.push(b' ');
        }
        out.push(HEX[(c >> 4) as usize]);
        out.push(HEX[(c & 15) as usize]);
    }
    out.push(b'>');
}

fn kind_name(o: &Object<'_>) -> &'static str {
    match o {
        Object::Null => "null",
        Object::Bool(_) => "a boolean",
        Object::Integer(_) => "an integer",
        Object::Real(_) | Object::Real32(_) => "a real",
        Object::Date(_) => "a date",
        Object::Uid(_) => "a UID",
        Object::Data(_) => "data",
        Object::Ascii(_) | Object::Utf16(_) => "a string",
        Object::Array(_) => "an array",
        Object::Dict { .. } => "a dictionary",
    }
}

struct Emitter<'s, 'e, 'a> {
    texts: &'s Texts<'e, 'a>,
    enc: &'e Encoder<'a>,
    layout: Layout,
    project: Option<Project<'s>>,
    open: Vec<Open<'e>>,
    /// The entry orders of open sorted containers, innermost last.
    order: Vec<u32>,
    /// Keys being sorted, with their positions.
    keys: Vec<(&'s [u8], u32)>,
    visits: Visits,
}

impl<'s, 'e> Emitter<'s, 'e, '_> {
    fn check(&self, index: u32) -> Result<(), Error> {
        self.visits.check(index)
    }

    /// Counts a visit of a container and marks it open.
    fn enter(&mut self, index: u32) -> Result<(), Error> {
        self.visits
            .enter(index, || OpenStepError::TooManyVisits.into())
    }

    /// A key's text; a key that is not a string is an error.
    fn key_text(&self, k: u32) -> Result<&'s [u8], Error> {
        self.check(k)?;
        let texts: &'s Texts<'_, '_> = self.texts;
        match texts.get(k) {
            Some(t) => t,
            None => Err(Error::new(ErrorKind::NonStringKey(kind_name(
                &self.enc.object(k),
            )))),
        }
    }

    /// Appends a string, the text of object `obj` (`None` for a number's text):
    /// bare or quoted, and in a project followed by the annotation of the object it
    /// is the ID of, when `annotate`.
    fn string(
        &mut self,
        out: &mut Vec<u8>,
        s: &[u8],
        annotate: bool,
        obj: Option<u32>,
    ) -> Result<(), Error> {
        match self.layout {
            Layout::Strings => quoted(out, s, true),
            _ if bare(s) => out.extend_from_slice(s),
            Layout::Plain => quoted(out, s, true),
            Layout::Xcode => quoted(out, s, false),
        }
        if let (true, Some(p)) = (annotate, self.project.as_mut()) {
            if let Some(name) = p.annotation(self.texts, obj, s)? {
                out.extend_from_slice(b" /* ");
                comment(out, name.as_bytes());
                out.extend_from_slice(b" */");
            }
        }
        Ok(())
    }

    /// Writes value `v`: a scalar whole (returning `true`: the caller writes what
    /// follows it), or a container's opening, pushing it onto `open`.
    fn value(&mut self, out: &mut Vec<u8>, v: u32, at: Place) -> Result<bool, Error> {
        self.check(v)?;
        if self.open.len() > MAX_DEPTH {
            return Err(OpenStepError::TooDeep(MAX_DEPTH).into());
        }
        let annotate = self.layout == Layout::Xcode && !at.quiet;
        let mut num = Num::new();
        let enc: &'e Encoder<'_> = self.enc;
        match enc.object(v) {
            Object::Null => return Err(OpenStepError::Null.into()),
            Object::Uid(_) => return Err(OpenStepError::Uid.into()),
            Object::Bool(b) => self.string(out, if b { b"YES" } else { b"NO" }, annotate, None)?,
            Object::Integer(i) => {
                let _ = write!(num, "{}", i.as_i128());
                self.string(out, num.as_bytes(), annotate, None)?;
            }
            Object::Real(r) if r.is_finite() => {
                real(&mut num, r, false);
                self.string(out, num.as_bytes(), annotate, None)?;
            }
            Object::Real32(r) if r.is_finite() => {
                real(&mut num, f64::from(r), true);
                self.string(out, num.as_bytes(), annotate, None)?;
            }
            Object::Real(_) | Object::Real32(_) => return Err(OpenStepError::NonFiniteReal.into()),
            Object::Date(d) => {
                let text = d.text()?;
                self.string(out, text.as_str().as_bytes(), annotate, None)?;
            }
            Object::Data(b) => data(out, b, self.layout == Layout::Xcode),
            Object::Ascii(s) => self.string(out, s, annotate, Some(v))?,
            Object::Utf16(_) => {
                let texts: &'s Texts<'_, '_> = self.texts;
                let s = texts.get(v).unwrap_or(Ok(&[]))?;
                self.string(out, s, annotate, Some(v))?;
            }
            Object::Array(items) => return self.open(out, v, false, (&[], items), at),
            Object::Dict { keys, values } => return self.open(out, v, true, (keys, values), at),
        }
        Ok(true)
    }

    /// Writes a container's opening and pushes it, with its entries' order when
    /// Xcode sorts them. An empty one outside a project is whole: `()` or `{}` (W4,
    /// W10).
    fn open(
        &mut self,
        out: &mut Vec<u8>,
        v: u32,
        dict: bool,
        (keys, values): (&'e [u32], &'e [u32]),
        at: Place,
    ) -> Result<bool, Error> {
        let len = values.len();
        if !dict && self.open.len() >= MAX_DEPTH {
            // The reader checks the depth before each element, and so before
            // finding that there is none: it reads no array inside 512 others.
            return Err(OpenStepError::TooDeep(MAX_DEPTH).into());
        }
        if len == 0 && self.layout != Layout::Xcode {
            out.extend_from_slice(if dict { b"{}" } else { b"()" });
            return Ok(true);
        }
        let order = if dict && self.layout == Layout::Xcode {
            self.sorted(keys, at.sections)?
        } else {
            NATURAL
        };
        if len > 0 {
            self.enter(v)?;
        }
        out.push(if dict { b'{' } else { b'(' });
        if !at.flat {
            out.push(b'\n');
        }
        self.open.push(Open {
            obj: v,
            keys,
            values,
            next: 0,
            order,
            inner: Place {
                indent: at.indent + 1,
                ..at
            },
            dict,
            bare: false,
        });
        Ok(false)
    }

    /// Puts the order of a dictionary's entries, whose keys are `keys`, on `order`
    /// and returns where it starts: the `objects` section's (W12), or Xcode's key
    /// order: `isa` first, then the others in code-point order (W11). Keys already
    /// in that order, as every file Xcode wrote has them, take no order: `NATURAL`.
    fn sorted(&mut self, keys: &[u32], sections: bool) -> Result<u32, Error> {
        let start = self.order.len() as u32;
        if sections {
            if let Some(p) = &self.project {
                if let Some(order) = p.order() {
                    self.order.extend_from_slice(order);
                    return Ok(start);
                }
            }
            return Ok(NATURAL);
        }
        self.keys.clear();
        let mut in_order = true;
        for (i, &k) in keys.iter().enumerate() {
            let text = self.key_text(k)?;
            if let Some(&(prev, _)) = self.keys.last() {
                in_order &= xcode_order(prev, text).is_le();
            }
            self.keys.push((text, i as u32));
        }
        if in_order {
            return Ok(NATURAL);
        }
        self.keys.sort_by(|a, b| xcode_order(a.0, b.0));
        self.order.extend(self.keys.iter().map(|k| k.1));
        Ok(start)
    }

    /// Entry `k` of an open container: its position in the table's order.
    fn position(&self, top: &Open<'_>, k: u32) -> usize {
        if top.order == NATURAL {
            k as usize
        } else {
            self.order[(top.order + k) as usize] as usize
        }
    }

    /// Writes the next entry of the innermost open container.
    fn entry(&mut self, out: &mut Vec<u8>) -> Result<(), Error> {
        let top = *self.open.last().expect("an open container");
        self.open.last_mut().expect("an open container").next += 1;
        let pos = self.position(&top, top.next);
        let (key, value) = (top.keys.get(pos).copied(), top.values[pos]);
        let sections = top.inner.sections;
        if sections {
            self.section_break(out, &top, top.next);
        }
        if !top.inner.flat {
            tabs(out, top.inner.indent);
        }
        let mut at = Place {
            sections: false,
            ..top.inner
        };
        if let Some(k) = key {
            let text = self.key_text(k)?;
            self.string(out, text, sections, Some(k))?;
            out.extend_from_slice(b" = ");
            if self.layout == Layout::Xcode {
                let root = self.open.len() == 1;
                at.quiet = xcode::UNANNOTATED_KEYS.contains(&text);
                if sections {
                    at.flat = self
                        .project
                        .as_ref()
                        .is_some_and(|p| p.one_line(self.texts, pos as u32));
                } else if root {
                    at.sections = text == b"objects"
                        && self.project.as_ref().is_some_and(|p| p.objects() == value);
                } else if !top.inner.flat && text == b"explicitFileTypes" {
                    // The Xcode 16 betas wrote this one dictionary on one line.
                    at.flat = true;
                }
            }
        }
        if self.value(out, value, at)? {
            suffix(out, &top);
        }
        Ok(())
    }

    /// In the `objects` section, the frame between entry `k - 1` and entry `k`:
    /// `/* End ISA section */` and `/* Begin ISA section */` where the isa changes
    /// (W12).
    fn section_break(&self, out: &mut Vec<u8>, top: &Open<'_>, k: u32) {
        let Some(p) = &self.project else { return };
        let isa = p.isa(self.position(top, k) as u32);
        if k > 0 {
            let prev = p.isa(self.position(top, k - 1) as u32);
            if prev == isa {
                return;
            }
            section_end(out, prev);
        }
        out.extend_from_slice(b"\n/* Begin ");
        comment(out, isa);
        out.extend_from_slice(b" section */\n");
    }

    /// Closes the innermost open container.
    fn close(&mut self, out: &mut Vec<u8>) {
        let top = self.open.pop().expect("an open container");
        self.visits.leave(top.obj);
        if let (true, Some(last), Some(p)) = (
            top.inner.sections,
            (top.values.len() as u32).checked_sub(1),
            &self.project,
        ) {
            section_end(out, p.isa(self.position(&top, last) as u32));
        }
        if top.order != NATURAL {
            self.order.truncate(top.order as usize);
        }
        if !top.bare {
            if !top.inner.flat {
                tabs(out, top.inner.indent - 1);
            }
            out.push(if top.dict { b'}' } else { b')' });
        }
        if let Some(parent) = self.open.last() {
            suffix(out, parent);
        }
    }

    /// Writes the document.
    fn run<S: Sink>(&mut self, root: u32, out: &mut S) -> Result<(), Error> {
        let buf = out.buf();
        if self.layout == Layout::Xcode {
            buf.extend_from_slice(b"// !$*UTF8*$!\n");
        }
        if self.layout == Layout::Strings {
            self.check(root)?;
            let enc: &'e Encoder<'_> = self.enc;
            let (keys, values) = match enc.object(root) {
                Object::Dict { keys, values } => (keys, values),
                other => return Err(OpenStepError::StringsRoot(kind_name(&other)).into()),
            };
            if keys.is_empty() {
                // Nothing but whitespace reads as an empty dictionary; no bytes at
                // all would not read.
                buf.push(b'\n');
                return Ok(());
            }
            self.enter(root)?;
            self.open.push(Open {
                obj: root,
                keys,
                values,
                next: 0,
                order: NATURAL,
                inner: Place::default(),
                dict: true,
                bare: true,
            });
        } else if self.value(buf, root, Place::default())? {
            buf.push(b'\n');
            return Ok(());
        }
        while let Some(top) = self.open.last() {
            let buf = out.buf();
            if (top.next as usize) < top.values.len() {
                self.entry(buf)?;
            } else {
                self.close(buf);
            }
            out.flush_some()?;
        }
        if self.layout != Layout::Strings {
            out.buf().push(b'\n');
        }
        Ok(())
    }

    /// The key path of the entry being written, for an error found there.
    fn locate(&self, mut err: Error) -> Error {
        for top in self.open.iter().rev() {
            let Some(k) = top.next.checked_sub(1) else {
                continue;
            };
            let pos = self.position(top, k);
            err = if !top.dict {
                err.in_index(pos)
            } else if let Some(key) = self.texts.string(top.keys[pos]) {
                err.in_segment(PathSegment::Key(String::from_utf8_lossy(key).into_owned()))
            } else {
                // A key that is not a string, the error itself.
                err
            };
        }
        err
    }
}

/// What follows an entry of `parent`: `;` or `,`, then a line break, or a space on
/// one line.
fn suffix(out: &mut Vec<u8>, parent: &Open<'_>) {
    out.extend_from_slice(match (parent.dict, parent.inner.flat) {
        (true, false) => b";\n",
        (false, false) => b",\n",
        (true, true) => b"; ",
        (false, true) => b", ",
    });
}

fn section_end(out: &mut Vec<u8>, isa: &[u8]) {
    out.extend_from_slice(b"/* End ");
    comment(out, isa);
    out.extend_from_slice(b" section */\n");
}

/// Writes the document whose root is `root` in `style` into `out`: a `Vec` takes
/// it all, a chunked `io::Write` gets it as it goes. The plain and `.strings`
/// layouts sort the table's keys first when `sort_keys`; Xcode's has its own order.
pub(crate) fn write<S: Sink>(
    enc: &mut Encoder<'_>,
    root: ObjRef,
    options: super::Options<'_>,
    out: &mut S,
) -> Result<(), Error> {
    let super::Options {
        style,
        sort_keys,
        project_name,
    } = options;
    let layout = match style {
        OpenStepStyle::Strings => Layout::Strings,
        OpenStepStyle::Auto if xcode::is_project(enc, root.index()) => Layout::Xcode,
        _ => Layout::Plain,
    };
    if sort_keys && layout != Layout::Xcode {
        enc.sort_keys();
    }
    // The text is longer than the table's bytes (uniqued, references not
    // counted): about twice in the plain layout, three to four times in Xcode's
    // (the annotations). Reserving that spares a growing buffer its copies, and a
    // buffer that grows past a reservation doubles it. Bounded by the value's own
    // bytes; a chunked writer ignores it.
    let factor = if layout == Layout::Xcode { 4 } else { 2 };
    out.reserve_total(enc.sized_bytes().saturating_mul(factor));
    let enc: &Encoder<'_> = enc;
    let texts = Texts::new(enc);
    let n = enc.object_count();
    let mut e = Emitter {
        texts: &texts,
        enc,
        layout,
        project: (layout == Layout::Xcode)
            .then(|| Project::new(&texts, root.index(), project_name, enc.sized_bytes())),
        open: Vec::new(),
        order: Vec::new(),
        keys: Vec::new(),
        visits: Visits::new(n),
    };
    e.run(root.index(), out).map_err(|err| e.locate(err))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::{Date, PlistValue, Uid};
    use crate::writer::Buffers;
    use crate::{plist, ToPlist};

    fn write_style(v: &PlistValue, style: OpenStepStyle) -> Result<String, Error> {
        let mut out = Vec::new();
        let options = super::super::Options {
            style,
            sort_keys: false,
            project_name: None,
        };
        Buffers::default().write_with(
            |enc| v.to_plist(enc),
            |enc, root| write(enc, root, options, &mut out),
        )?;
        Ok(String::from_utf8(out).expect("UTF-8"))
    }

    fn plain(v: &PlistValue) -> String {
        write_style(v, OpenStepStyle::Auto).unwrap()
    }

    #[test]
    fn bare_is_xcodes_set_without_triple_underscores_or_double_slashes() {
        for s in [
            "a",
            "A.b/c_d$e",
            "10.0",
            "YES",
            "/usr/lib",
            "a__b",
            "a/b/c",
            "_",
            "$(x",
        ] {
            assert_eq!(bare(s.as_bytes()), !s.contains('('), "{s}");
        }
        for s in [
            "", "a-b", "a:b", "a b", "a___b", "___", "a//b", "//", "é", "a+b", "a\"b", "a;",
        ] {
            assert!(!bare(s.as_bytes()), "{s}");
        }
    }

    #[test]
    fn escapes_differ_between_xcode_and_the_plain_layout_only_for_other_controls() {
        let s = "q\"b\\s\tt\nn\rr\u{1}\u{1f}\u{7f}é";
        let mut x = Vec::new();
        quoted(&mut x, s.as_bytes(), false);
        assert_eq!(x, "\"q\\\"b\\\\s\\tt\\nn\rr\u{1}\u{1f}\u{7f}é\"".as_bytes());
        let mut p = Vec::new();
        quoted(&mut p, s.as_bytes(), true);
        assert_eq!(
            p,
            "\"q\\\"b\\\\s\\tt\\nn\\rr\\U0001\\U001f\u{7f}é\"".as_bytes()
        );
    }

    #[test]
    fn a_comment_never_closes_early() {
        for (text, want) in [
            ("a */ b", "a * / b"),
            ("*/", "* /"),
            ("**//", "** //"),
            ("a/*b", "a/*b"),
            ("", ""),
        ] {
            let mut out = Vec::new();
            comment(&mut out, text.as_bytes());
            assert_eq!(String::from_utf8(out).unwrap(), want);
        }
    }

    #[test]
    fn reals_are_the_shortest_text_that_reads_back() {
        for (v, want) in [
            (0.0, "0"),
            (-0.0, "-0"),
            (1.0, "1"),
            (1.5, "1.5"),
            (0.1, "0.1"),
            (1e-7, "0.0000001"),
            (1.5e-8, "1.5e-8"),
            (1e21, "1e21"),
            (123_456_789_012.5, "123456789012.5"),
            (f64::MAX, "1.7976931348623157e308"),
            (f64::MIN_POSITIVE, "2.2250738585072014e-308"),
        ] {
            let mut n = Num::new();
            real(&mut n, v, false);
            let text = std::str::from_utf8(n.as_bytes()).unwrap();
            assert_eq!(text, want);
            assert_eq!(text.parse::<f64>().unwrap().to_bits(), v.to_bits());
        }
        let mut n = Num::new();
        real(&mut n, f64::from(0.1f32), true);
        assert_eq!(n.as_bytes(), b"0.1");
    }

    #[test]
    fn the_plain_layout() {
        let v = plist!({
            "s": "two words", "bare": "a.b/c", "empty": "", "n": -3, "u": (u64::MAX),
            "r": 2.5, "t": true, "f": false,
            "d": (PlistValue::Data(vec![1, 2, 3, 4, 5, 0xab])),
            "list": [[], {}, ["x", ["y"]]],
            "dict": { "k": "v" },
        });
        assert_eq!(
            plain(&v),
            "{\n\ts = \"two words\";\n\tbare = a.b/c;\n\tempty = \"\";\n\tn = \"-3\";\n\
             \tu = 18446744073709551615;\n\tr = 2.5;\n\tt = YES;\n\tf = NO;\n\
             \td = <01020304 05ab>;\n\tlist = (\n\t\t(),\n\t\t{},\n\t\t(\n\t\t\tx,\n\
             \t\t\t(\n\t\t\t\ty,\n\t\t\t),\n\t\t),\n\t);\n\tdict = {\n\t\tk = v;\n\t};\n}\n"
        );
        assert_eq!(plain(&plist!("word")), "word\n");
        assert_eq!(plain(&plist!("")), "\"\"\n");
        assert_eq!(plain(&plist!([])), "()\n");
        let date = PlistValue::Date(Date::from_seconds_since_2001(0.0));
        assert_eq!(plain(&date), "\"2001-01-01T00:00:00Z\"\n");
    }

    #[test]
    fn the_strings_layout_quotes_everything() {
        let v = plist!({ "key": "value", "n": 1, "a": ["x"] });
        assert_eq!(
            write_style(&v, OpenStepStyle::Strings).unwrap(),
            "\"key\" = \"value\";\n\"n\" = \"1\";\n\"a\" = (\n\t\"x\",\n);\n"
        );
        assert_eq!(
            write_style(&plist!({}), OpenStepStyle::Strings).unwrap(),
            "\n"
        );
        let err = write_style(&plist!(["x"]), OpenStepStyle::Strings).unwrap_err();
        assert!(matches!(
            err.kind(),
            ErrorKind::OpenStep(OpenStepError::StringsRoot("an array"))
        ));
    }

    #[test]
    fn what_the_format_cannot_hold_is_an_error_at_its_path() {
        for (bad, want) in [
            (PlistValue::Null, OpenStepError::Null),
            (PlistValue::Uid(Uid::new(3)), OpenStepError::Uid),
            (PlistValue::Real(f64::NAN), OpenStepError::NonFiniteReal),
            (
                PlistValue::Real(f64::NEG_INFINITY),
                OpenStepError::NonFiniteReal,
            ),
        ] {
            let v = plist!({ "a": [1, { "b": (bad) }] });
            let err = write_style(&v, OpenStepStyle::Auto).unwrap_err();
            assert!(
                matches!(err.kind(), ErrorKind::OpenStep(e) if *e == want),
                "{err}"
            );
            assert_eq!(err.path_string(), "a.1.b");
        }
    }

    #[test]
    fn depth_is_bounded_by_what_the_reader_reads() {
        let nest = |n: usize, v| (0..n).fold(v, |v, _| PlistValue::from(vec![v]));
        let too_deep = |v: &PlistValue, path: usize| {
            let err = write_style(v, OpenStepStyle::Auto).unwrap_err();
            assert!(matches!(
                err.kind(),
                ErrorKind::OpenStep(OpenStepError::TooDeep(MAX_DEPTH))
            ));
            assert_eq!(err.path().count(), path);
        };
        // A string inside 512 arrays reads back; an array there does not, even
        // empty, nor anything inside 513; an empty dictionary does.
        assert!(write_style(&nest(MAX_DEPTH, plist!("x")), OpenStepStyle::Auto).is_ok());
        assert!(write_style(&nest(MAX_DEPTH, plist!({})), OpenStepStyle::Auto).is_ok());
        too_deep(&nest(MAX_DEPTH, plist!([])), MAX_DEPTH);
        too_deep(&nest(MAX_DEPTH, plist!({ "a": 1 })), MAX_DEPTH + 1);
        too_deep(&nest(MAX_DEPTH + 1, plist!("x")), MAX_DEPTH);
    }
}
