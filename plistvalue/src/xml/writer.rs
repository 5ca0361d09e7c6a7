//! The XML emitter: CoreFoundation's bytes from a filled object
//! table, walked from the root with a heap stack. XML has no references, so a shared
//! object is written in full wherever it is referenced; as in CF, an array or
//! dictionary reached a 1538th time stops the write, which bounds what a small
//! table of shared containers can expand to, and a container that contains itself
//! (only a misused `Encoder` can build one) is an error, not a hang.

use crate::error::{Error, ErrorKind, StringRule, XmlError};
use crate::writer::{Encoder, ObjRef, Object, Sink};

use super::{base64, date, number};
use crate::text::swar;
use crate::text::visits::Visits;

const HEADER: &[u8] = b"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n\
<plist version=\"1.0\">\n";
const FOOTER: &[u8] = b"</plist>\n";

/// Deepest nesting written: what CF's reader, and ours, read back. Deeper
/// text would cost a tab per level per line.
const MAX_DEPTH: u32 = super::reader::MAX_DEPTH as u32;

/// What is left to write, innermost last.
#[derive(Clone, Copy)]
enum Task {
    Value(u32, u32),
    Key(u32, u32),
    /// A container's close tag: dictionary or not, its object, its indentation.
    Close(bool, u32, u32),
}

const TABS: &[u8; 64] = &[b'\t'; 64];

#[inline]
fn tabs(out: &mut Vec<u8>, n: u32) {
    if n <= 8 {
        // A fixed eight-byte copy, cut back, is a store where a variable-length
        // copy is a call.
        let len = out.len();
        out.extend_from_slice(&TABS[..8]);
        out.truncate(len + n as usize);
        return;
    }
    let mut n = n as usize;
    while n > TABS.len() {
        out.extend_from_slice(TABS);
        n -= TABS.len();
    }
    out.extend_from_slice(&TABS[..n]);
}

/// Whether any byte of `w` is `&`, `<` or `>`: `<` (0x3C) and `>` (0x3E) differ
/// only in bit 1, so one test with that bit set finds both.
#[inline(always)]
fn has_special(w: u64) -> bool {
    swar::has(w, b'&') | swar::has(w | 0x0202_0202_0202_0202, b'>')
}

/// Whether `text` holds `&`, `<` or `>`, eight bytes at a time; a tail shorter than
/// eight is tested as the last eight bytes, or, in text shorter than that, zero-padded.
#[inline]
fn needs_escape(text: &[u8]) -> bool {
    let n = text.len();
    if n < 8 {
        let mut w = [0u8; 8];
        w[..n].copy_from_slice(text);
        return has_special(u64::from_le_bytes(w));
    }
    let mut i = 0;
    while let Some(w) = swar::word(text, i) {
        if has_special(w) {
            return true;
        }
        i += 8;
    }
    i < n && swar::word(text, n - 8).is_some_and(has_special)
}

/// Appends text with exactly `&`, `<` and `>` escaped, as CF does. Most text has none
/// of the three and is copied whole.
fn escape(out: &mut Vec<u8>, text: &[u8]) {
    if !needs_escape(text) {
        out.extend_from_slice(text);
        return;
    }
    let mut start = 0;
    for (j, &c) in text.iter().enumerate() {
        let entity: &[u8] = match c {
            b'&' => b"&amp;",
            b'<' => b"&lt;",
            b'>' => b"&gt;",
            _ => continue,
        };
        out.extend_from_slice(&text[start..j]);
        out.extend_from_slice(entity);
        start = j + 1;
    }
    out.extend_from_slice(&text[start..]);
}

struct Emitter<'e, 't> {
    enc: &'e Encoder<'t>,
    visits: Visits,
    utf8: String,
    keys: Lines,
    strings: Lines,
}

/// Lines of string objects written more than once, escaped once and copied whole
/// after that: each key object's `<key>` line from its first use (a dictionary
/// type's keys recur in every instance), and a `<string>` line from its second
/// (repeated values, such as header names, are one object in the table). What it
/// holds is at most the repeated strings' text, which the output holds anyway.
#[derive(Default)]
struct Lines {
    /// Per object, one more than its span's index in `spans` (at most the object
    /// count, a `u32`); 0 for not written yet, [`ONCE`] for written once.
    slot: Vec<u32>,
    spans: Vec<(usize, usize)>,
    text: Vec<u8>,
}

/// A [`Lines`] slot: a `<string>` line written once, not kept.
const ONCE: u32 = u32::MAX;

impl Emitter<'_, '_> {
    fn check(&self, index: u32) -> Result<(), Error> {
        self.visits.check(index)
    }

    /// Counts a visit of a non-empty container and marks it open.
    fn enter(&mut self, index: u32) -> Result<(), Error> {
        self.visits.enter(index, || XmlError::TooManyVisits.into())
    }

    fn leave(&mut self, index: u32) {
        self.visits.leave(index);
    }

    /// Appends the `<key>` (or `<string>`) line of object `i`, after its tabs, from
    /// [`Lines`] once it is kept there.
    fn line(&mut self, out: &mut Vec<u8>, i: u32, key: bool) -> Result<(), Error> {
        let lines = if key {
            &mut self.keys
        } else {
            &mut self.strings
        };
        let slot = lines.slot[i as usize];
        if let Some(&(start, len)) = lines.spans.get(slot.wrapping_sub(1) as usize) {
            out.extend_from_slice(&lines.text[start..start + len]);
            return Ok(());
        }
        let (open, close): (&[u8], &[u8]) = if key {
            (b"<key>", b"</key>\n")
        } else {
            (b"<string>", b"</string>\n")
        };
        if !key && slot == 0 {
            lines.slot[i as usize] = ONCE;
            out.extend_from_slice(open);
            self.text(out, i)?;
            out.extend_from_slice(close);
            return Ok(());
        }
        let mut text = std::mem::take(&mut lines.text);
        let start = text.len();
        text.extend_from_slice(open);
        let written = self.text(&mut text, i);
        text.extend_from_slice(close);
        let lines = if key {
            &mut self.keys
        } else {
            &mut self.strings
        };
        lines.text = text;
        written?;
        out.extend_from_slice(&lines.text[start..]);
        lines.spans.push((start, lines.text.len() - start));
        lines.slot[i as usize] = lines.spans.len() as u32;
        Ok(())
    }

    /// A string object's text, escaped.
    fn text(&mut self, out: &mut Vec<u8>, index: u32) -> Result<(), Error> {
        match self.enc.object(index) {
            Object::Ascii(b) => escape(out, b),
            Object::Utf16(b) => {
                let units = b.chunks_exact(2).map(|u| u16::from_be_bytes([u[0], u[1]]));
                self.utf8.clear();
                for c in char::decode_utf16(units) {
                    self.utf8.push(c.map_err(|_| {
                        Error::new(ErrorKind::InvalidString(StringRule::UnpairedSurrogate))
                    })?);
                }
                escape(out, self.utf8.as_bytes());
            }
            other => return Err(Error::new(ErrorKind::NonStringKey(kind_name(&other)))),
        }
        Ok(())
    }

    fn value(
        &mut self,
        out: &mut Vec<u8>,
        stack: &mut Vec<Task>,
        i: u32,
        d: u32,
    ) -> Result<(), Error> {
        self.check(i)?;
        if d > MAX_DEPTH {
            return Err(XmlError::TooDeep(MAX_DEPTH as usize).into());
        }
        tabs(out, d);
        match self.enc.object(i) {
            // CF's XML has no null: its validation refuses it before writing.
            Object::Null => return Err(XmlError::Null.into()),
            Object::Bool(true) => out.extend_from_slice(b"<true/>\n"),
            Object::Bool(false) => out.extend_from_slice(b"<false/>\n"),
            Object::Integer(v) => {
                out.extend_from_slice(b"<integer>");
                number::write_int(out, v.as_i128());
                out.extend_from_slice(b"</integer>\n");
            }
            Object::Real(v) => real(out, v),
            Object::Real32(v) => real(out, v as f64),
            Object::Date(v) => {
                out.extend_from_slice(b"<date>");
                let s = v.seconds_since_2001();
                if !date::write(out, s) {
                    return Err(Error::new(ErrorKind::DateOutOfRange {
                        seconds: s,
                        target: "XML date text",
                    }));
                }
                out.extend_from_slice(b"</date>\n");
            }
            Object::Data(b) => {
                out.extend_from_slice(b"<data>\n");
                base64::encode_lines(out, b, d as usize);
                tabs(out, d);
                out.extend_from_slice(b"</data>\n");
            }
            Object::Ascii(_) | Object::Utf16(_) => self.line(out, i, false)?,
            Object::Uid(u) => {
                // CF prints a UID's value through a 64-bit signed CFNumber.
                out.extend_from_slice(b"<dict>\n");
                tabs(out, d + 1);
                out.extend_from_slice(b"<key>CF$UID</key>\n");
                tabs(out, d + 1);
                out.extend_from_slice(b"<integer>");
                number::write_int(out, u.get() as i64 as i128);
                out.extend_from_slice(b"</integer>\n");
                tabs(out, d);
                out.extend_from_slice(b"</dict>\n");
            }
            Object::Array([]) => out.extend_from_slice(b"<array/>\n"),
            Object::Array(elements) => {
                self.enter(i)?;
                out.extend_from_slice(b"<array>\n");
                stack.push(Task::Close(false, i, d));
                stack.extend(elements.iter().rev().map(|&e| Task::Value(e, d + 1)));
            }
            Object::Dict { keys: [], .. } => out.extend_from_slice(b"<dict/>\n"),
            Object::Dict { keys, values } => {
                self.enter(i)?;
                out.extend_from_slice(b"<dict>\n");
                stack.push(Task::Close(true, i, d));
                for (&k, &v) in keys.iter().zip(values).rev() {
                    stack.push(Task::Value(v, d + 1));
                    stack.push(Task::Key(k, d + 1));
                }
            }
        }
        Ok(())
    }
}

fn real(out: &mut Vec<u8>, v: f64) {
    out.extend_from_slice(b"<real>");
    number::write_real(out, v);
    out.extend_from_slice(b"</real>\n");
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

/// Writes the document whose root is `root` into `out`: a `Vec` takes it all, a
/// chunked `io::Write` gets it as it goes.
pub(crate) fn write<S: Sink>(enc: &Encoder<'_>, root: ObjRef, out: &mut S) -> Result<(), Error> {
    let n = enc.object_count();
    let mut e = Emitter {
        enc,
        visits: Visits::new(n),
        utf8: String::new(),
        keys: Lines {
            slot: vec![0; n],
            ..Lines::default()
        },
        strings: Lines {
            slot: vec![0; n],
            ..Lines::default()
        },
    };
    out.buf().extend_from_slice(HEADER);
    let mut stack = vec![Task::Value(root.index(), 0)];
    while let Some(task) = stack.pop() {
        let buf = out.buf();
        match task {
            Task::Value(i, d) => e.value(buf, &mut stack, i, d)?,
            Task::Key(k, d) => {
                e.check(k)?;
                tabs(buf, d);
                e.line(buf, k, true)?;
            }
            Task::Close(dict, i, d) => {
                e.leave(i);
                tabs(buf, d);
                buf.extend_from_slice(if dict { b"</dict>\n" } else { b"</array>\n" });
            }
        }
        out.flush_some()?;
    }
    out.buf().extend_from_slice(FOOTER);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn naive(text: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        for &c in text {
            match c {
                b'&' => out.extend_from_slice(b"&amp;"),
                b'<' => out.extend_from_slice(b"&lt;"),
                b'>' => out.extend_from_slice(b"&gt;"),
                _ => out.push(c),
            }
        }
        out
    }

    #[test]
    fn repeated_strings_and_keys_are_written_whole_every_time() {
        // The interner makes each repeated string one object: written once, kept,
        // then copied. Every copy must be the whole escaped line.
        let entry = crate::plist!({ "k&y": "v<1>", "é": "v<1>" });
        let doc = crate::plist!([entry.clone(), entry.clone(), entry, "v<1>", "v<1>"]);
        let text = String::from_utf8(crate::to_vec_xml(&doc).unwrap()).unwrap();
        let dict = "\t<dict>\n\t\t<key>k&amp;y</key>\n\t\t<string>v&lt;1&gt;</string>\n\
                    \t\t<key>é</key>\n\t\t<string>v&lt;1&gt;</string>\n\t</dict>\n";
        let string = "\t<string>v&lt;1&gt;</string>\n";
        let body = format!("<array>\n{dict}{dict}{dict}{string}{string}</array>\n");
        assert!(
            text.ends_with(&format!("<plist version=\"1.0\">\n{body}</plist>\n")),
            "{text}"
        );
    }

    #[test]
    fn escape_finds_every_special_byte_at_every_place() {
        for len in 0..24 {
            for at in 0..len {
                for special in [b'&', b'<', b'>', b'=', b'?', b'\0', 0xBE, 0xBC] {
                    let mut text = vec![b'a'; len];
                    text[at] = special;
                    let mut out = Vec::new();
                    escape(&mut out, &text);
                    assert_eq!(out, naive(&text), "{len} {at} {special}");
                }
            }
        }
    }
}
