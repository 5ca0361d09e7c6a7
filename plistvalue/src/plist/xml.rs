//! The plist crate's XML text, byte for byte: its indentation (`XmlWriteOptions`),
//! its bare fragments, keys in insertion order, reals as Rust prints them, dates
//! to the nanosecond, and data in 68-character lines. The tree is walked with a
//! heap stack. CoreFoundation's own text is the native writer's
//! ([`crate::to_writer_xml`]).

use std::borrow::Cow;
use std::io::Write;

use super::{dictionary, Value};
use crate::error::{Error, ErrorKind, XmlError};
use crate::writer::{Chunked, Sink};
use crate::xml::base64;

/// Options for customizing serialization of XML plists.
///
/// ```
/// use plistvalue::plist::{Value, XmlWriteOptions};
/// let options = XmlWriteOptions::default().indent(b' ', 4);
/// let mut out = Vec::new();
/// Value::Array(vec![true.into()]).to_writer_xml_with_options(&mut out, &options).unwrap();
/// assert!(out.ends_with(b"<array>\n    <true/>\n</array>\n</plist>"));
/// ```
#[derive(Clone, Debug)]
pub struct XmlWriteOptions {
    root_element: bool,
    indent_char: u8,
    indent_count: usize,
}

impl XmlWriteOptions {
    /// Specify the sequence of characters used for indentation: one ASCII
    /// character, repeated. The default is `\t`.
    ///
    /// # Panics
    /// When the string is not ASCII or mixes characters, as in the plist crate.
    #[must_use]
    #[deprecated(note = "the plist crate deprecated it in 1.4: use `indent`")]
    pub fn indent_string(self, indent_str: impl Into<Cow<'static, str>>) -> Self {
        let indent_str = indent_str.into();
        let bytes = indent_str.as_bytes();
        if bytes.is_empty() {
            return self.indent(0, 0);
        }
        assert!(indent_str.is_ascii(), "indent str must be ascii");
        assert!(
            bytes.iter().all(|c| *c == bytes[0]),
            "indent str must consist of a single repeating character"
        );
        self.indent(bytes[0], bytes.len())
    }

    /// Specifies the character and amount used for indentation; a count of 0
    /// writes the elements with no line breaks between them. The default is one
    /// tab.
    #[must_use]
    pub fn indent(mut self, indent_char: u8, indent_count: usize) -> Self {
        self.indent_char = indent_char;
        self.indent_count = indent_count;
        self
    }

    /// Selects whether to write the XML prologue, the plist document type and the
    /// `<plist>` root element; without them the output is the bare value, a
    /// fragment to embed elsewhere. The default is `true`.
    #[must_use]
    pub fn root_element(mut self, write_root: bool) -> Self {
        self.root_element = write_root;
        self
    }
}

impl Default for XmlWriteOptions {
    fn default() -> Self {
        XmlWriteOptions {
            indent_char: b'\t',
            indent_count: 1,
            root_element: true,
        }
    }
}

const PROLOGUE: &[u8] = b"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n\
<plist version=\"1.0\">\n";

/// Bytes of data on one line: 68 characters of base64.
const LINE_BYTES: usize = 51;

/// Standard base64 of `data` in lines of 68 characters. Each line is preceded by
/// a newline (the first only when `first_newline`) and `count` copies of `indent`.
pub(super) fn base64_lines(
    out: &mut Vec<u8>,
    data: &[u8],
    first_newline: bool,
    indent: u8,
    count: usize,
) {
    for (i, line) in data.chunks(LINE_BYTES).enumerate() {
        if first_newline || i > 0 {
            out.push(b'\n');
        }
        out.extend(std::iter::repeat_n(indent, count));
        let at = out.len();
        out.resize(at + line.len().div_ceil(3) * 4, 0);
        base64::encode_into(line, &mut out[at..]);
    }
}

/// Text with `&`, `<`, `>`, `'`, `"` and a carriage return escaped, as the plist
/// crate's XML library (quick-xml) escapes element text: `\r` as `&#13;`, so that
/// no reader turns it into a newline.
fn escape(out: &mut Vec<u8>, text: &str) {
    let b = text.as_bytes();
    let mut start = 0;
    for (i, &c) in b.iter().enumerate() {
        let entity: &[u8] = match c {
            b'&' => b"&amp;",
            b'<' => b"&lt;",
            b'>' => b"&gt;",
            b'\'' => b"&apos;",
            b'"' => b"&quot;",
            b'\r' => b"&#13;",
            _ => continue,
        };
        out.extend_from_slice(&b[start..i]);
        out.extend_from_slice(entity);
        start = i + 1;
    }
    out.extend_from_slice(&b[start..]);
}

/// Containers being written, innermost last.
enum Open<'v> {
    Array(std::slice::Iter<'v, Value>),
    Dict(dictionary::Iter<'v>),
}

/// The writer's layout state: quick-xml's indentation, which breaks the line
/// before every tag but the first and before a close tag that follows a tag.
struct Layout<'o> {
    options: &'o XmlWriteOptions,
    line_break: bool,
}

impl Layout<'_> {
    /// Breaks the line and indents to `depth`, when a tag came before.
    fn indent(&mut self, out: &mut Vec<u8>, depth: usize) {
        if self.options.indent_count > 0 && self.line_break {
            out.push(b'\n');
            let n = depth * self.options.indent_count;
            out.extend(std::iter::repeat_n(self.options.indent_char, n));
        }
    }

    /// `<name>text</name>` at `depth`.
    fn element(&mut self, out: &mut Vec<u8>, depth: usize, name: &str, text: &str) {
        self.indent(out, depth);
        out.push(b'<');
        out.extend_from_slice(name.as_bytes());
        out.push(b'>');
        escape(out, text);
        out.extend_from_slice(b"</");
        out.extend_from_slice(name.as_bytes());
        out.push(b'>');
        self.line_break = true;
    }

    /// `<name/>` at `depth`.
    fn empty(&mut self, out: &mut Vec<u8>, depth: usize, name: &str) {
        self.indent(out, depth);
        out.push(b'<');
        out.extend_from_slice(name.as_bytes());
        out.extend_from_slice(b"/>");
        self.line_break = true;
    }

    /// An open or close tag at `depth`.
    fn tag(&mut self, out: &mut Vec<u8>, depth: usize, tag: &[u8]) {
        self.indent(out, depth);
        out.extend_from_slice(tag);
        self.line_break = true;
    }

    /// A scalar, or the open tag of a non-empty container (which the caller then
    /// pushes); `Ok(true)` for the latter.
    fn value(&mut self, out: &mut Vec<u8>, depth: usize, v: &Value) -> Result<bool, Error> {
        match v {
            Value::Array(a) if a.is_empty() => self.empty(out, depth, "array"),
            Value::Dictionary(d) if d.is_empty() => self.empty(out, depth, "dict"),
            Value::Array(_) => {
                self.tag(out, depth, b"<array>");
                return Ok(true);
            }
            Value::Dictionary(_) => {
                self.tag(out, depth, b"<dict>");
                return Ok(true);
            }
            Value::Boolean(b) => self.empty(out, depth, if *b { "true" } else { "false" }),
            Value::Data(d) => {
                self.tag(out, depth, b"<data>");
                let count = depth * self.options.indent_count;
                base64_lines(out, d, true, self.options.indent_char, count);
                self.tag(out, depth, b"</data>");
            }
            Value::Date(d) => self.element(out, depth, "date", &d.to_xml_format()),
            Value::Real(r) => self.element(out, depth, "real", &r.to_string()),
            Value::Integer(i) => self.element(out, depth, "integer", &i.to_string()),
            Value::String(s) => self.element(out, depth, "string", s),
            Value::Uid(_) => return Err(Error::new(ErrorKind::Xml(XmlError::Uid))),
        }
        Ok(false)
    }
}

/// Writes `root` as the plist crate's XML into `writer`, in 64 KiB chunks, and
/// flushes it.
pub(super) fn write<W: Write>(
    writer: W,
    root: &Value,
    options: &XmlWriteOptions,
) -> Result<(), Error> {
    let mut sink = Chunked::new(writer);
    if options.root_element {
        sink.buf().extend_from_slice(PROLOGUE);
    }
    let mut layout = Layout {
        options,
        line_break: false,
    };
    let mut stack: Vec<Open<'_>> = Vec::new();
    if layout.value(sink.buf(), 0, root)? {
        stack.push(open(root));
    }
    loop {
        let depth = stack.len();
        let Some(top) = stack.last_mut() else {
            break;
        };
        let next = match top {
            Open::Array(items) => items.next(),
            Open::Dict(entries) => entries.next().map(|(k, v)| {
                layout.element(sink.buf(), depth, "key", k);
                v
            }),
        };
        if let Some(v) = next {
            if layout.value(sink.buf(), depth, v)? {
                stack.push(open(v));
            }
        } else {
            let close: &[u8] = match stack.pop() {
                Some(Open::Array(_)) => b"</array>",
                _ => b"</dict>",
            };
            layout.tag(sink.buf(), depth - 1, close);
        }
        sink.flush_some()?;
    }
    if options.root_element {
        sink.buf().extend_from_slice(b"\n</plist>");
    }
    Ok(sink.finish()?)
}

fn open(v: &Value) -> Open<'_> {
    match v {
        Value::Array(a) => Open::Array(a.iter()),
        Value::Dictionary(d) => Open::Dict(d.iter()),
        _ => unreachable!("only containers are opened"),
    }
}
