//! The plist crate's XML text, byte for byte: its indentation (`XmlWriteOptions`),
//! its bare fragments, keys in insertion order, reals as Rust prints them, dates
//! to the nanosecond, and data in 68-character lines. The tree is walked with a
//! heap stack. CoreFoundation's own text is the native writer's
//! ([`crate::to_writer_xml`]).

use std::borrow::Cow;
use std::io::Write;

use super::ser::{Scalar, Sink};
use super::{dictionary, Value};
use crate::error::{Error, ErrorKind, XmlError};
use crate::writer::{self, Chunked};
use crate::xml::base64;
use writer::Sink as _;

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

/// Events into the plist crate's XML text, in 64 KiB chunks: quick-xml's
/// indentation (a line break before every tag but the first, and before a close
/// tag that follows a tag), an empty container as `<array/>`, and the `<plist>`
/// element around the root when the options ask for it.
pub(super) struct XmlSink<'o, W: Write> {
    out: Chunked<W>,
    options: &'o XmlWriteOptions,
    line_break: bool,
    /// The open containers, innermost last: true for a dictionary.
    open: Vec<bool>,
    /// A container whose open tag waits for its first child: empty, it is written
    /// as one `<array/>` or `<dict/>`.
    pending: Option<bool>,
}

impl<'o, W: Write> XmlSink<'o, W> {
    pub(super) fn new(writer: W, options: &'o XmlWriteOptions) -> XmlSink<'o, W> {
        let mut out = Chunked::new(writer);
        if options.root_element {
            out.buf().extend_from_slice(PROLOGUE);
        }
        XmlSink {
            out,
            options,
            line_break: false,
            open: Vec::new(),
            pending: None,
        }
    }

    /// Writes what is left and flushes the writer.
    pub(super) fn finish(self) -> Result<(), Error> {
        Ok(self.out.finish()?)
    }

    /// Breaks the line and indents to the current depth, when a tag came before.
    fn indent(&mut self) {
        if self.options.indent_count > 0 && self.line_break {
            let n = self.open.len() * self.options.indent_count;
            let out = self.out.buf();
            out.push(b'\n');
            out.extend(std::iter::repeat_n(self.options.indent_char, n));
        }
    }

    /// A tag at the current depth.
    fn tag(&mut self, tag: &[u8]) {
        self.indent();
        self.out.buf().extend_from_slice(tag);
        self.line_break = true;
    }

    /// `<name>text</name>` at the current depth.
    fn element(&mut self, name: &str, text: &str) {
        self.indent();
        let out = self.out.buf();
        out.push(b'<');
        out.extend_from_slice(name.as_bytes());
        out.push(b'>');
        escape(out, text);
        out.extend_from_slice(b"</");
        out.extend_from_slice(name.as_bytes());
        out.push(b'>');
        self.line_break = true;
    }

    /// Writes the open tag of a container that got its first child.
    fn flush_pending(&mut self) {
        if let Some(dict) = self.pending.take() {
            self.tag(if dict { b"<dict>" } else { b"<array>" });
            self.open.push(dict);
        }
    }

    /// After a value: the end of the document once the root is done.
    fn after_value(&mut self) -> Result<(), Error> {
        if self.open.is_empty() && self.pending.is_none() && self.options.root_element {
            self.out.buf().extend_from_slice(b"\n</plist>");
        }
        Ok(self.out.flush_some()?)
    }
}

impl<W: Write> Sink for XmlSink<'_, W> {
    fn start_array(&mut self, _: Option<usize>) -> Result<(), Error> {
        self.flush_pending();
        self.pending = Some(false);
        Ok(())
    }
    fn start_dict(&mut self, _: Option<usize>) -> Result<(), Error> {
        self.flush_pending();
        self.pending = Some(true);
        Ok(())
    }
    fn key(&mut self, key: &str) -> Result<(), Error> {
        self.flush_pending();
        self.element("key", key);
        Ok(())
    }
    fn scalar(&mut self, v: Scalar<'_>) -> Result<(), Error> {
        self.flush_pending();
        match v {
            Scalar::Boolean(b) => self.tag(if b { b"<true/>" } else { b"<false/>" }),
            Scalar::Data(d) => {
                self.tag(b"<data>");
                let count = self.open.len() * self.options.indent_count;
                base64_lines(self.out.buf(), d, true, self.options.indent_char, count);
                self.tag(b"</data>");
            }
            Scalar::Date(d) => self.element("date", &d.to_xml_format()),
            Scalar::Real(r) => self.element("real", &r.to_string()),
            Scalar::Integer(i) => self.element("integer", &i.to_string()),
            Scalar::String(s) => self.element("string", s),
            Scalar::Uid(_) => return Err(Error::new(ErrorKind::Xml(XmlError::Uid))),
        }
        self.after_value()
    }
    fn end(&mut self) -> Result<(), Error> {
        if let Some(dict) = self.pending.take() {
            self.tag(if dict { b"<dict/>" } else { b"<array/>" });
        } else {
            let dict = self
                .open
                .pop()
                .expect("the serializer ends only what it started");
            self.tag(if dict { b"</dict>" } else { b"</array>" });
        }
        self.after_value()
    }
}

/// Writes `root` as the plist crate's XML into `writer`, and flushes it.
pub(super) fn write<W: Write>(
    writer: W,
    root: &Value,
    options: &XmlWriteOptions,
) -> Result<(), Error> {
    let mut sink = XmlSink::new(writer, options);
    events(root, &mut sink)?;
    sink.finish()
}

/// Containers being walked, innermost last.
enum Walk<'v> {
    Array(std::slice::Iter<'v, Value>),
    Dict(dictionary::Iter<'v>),
}

/// `root` as events into `sink`, with a heap stack.
fn events<S: Sink>(root: &Value, sink: &mut S) -> Result<(), Error> {
    let mut stack: Vec<Walk<'_>> = Vec::new();
    let mut next = Some(root);
    loop {
        if let Some(v) = next.take() {
            match v {
                Value::Array(a) => {
                    sink.start_array(Some(a.len()))?;
                    stack.push(Walk::Array(a.iter()));
                }
                Value::Dictionary(d) => {
                    sink.start_dict(Some(d.len()))?;
                    stack.push(Walk::Dict(d.iter()));
                }
                Value::Boolean(b) => sink.scalar(Scalar::Boolean(*b))?,
                Value::Data(d) => sink.scalar(Scalar::Data(d))?,
                Value::Date(d) => sink.scalar(Scalar::Date(*d))?,
                Value::Real(r) => sink.scalar(Scalar::Real(*r))?,
                Value::Integer(i) => sink.scalar(Scalar::Integer(*i))?,
                Value::String(s) => sink.scalar(Scalar::String(s))?,
                Value::Uid(u) => sink.scalar(Scalar::Uid(*u))?,
            }
        }
        let Some(top) = stack.last_mut() else {
            return Ok(());
        };
        next = match top {
            Walk::Array(items) => items.next(),
            Walk::Dict(entries) => match entries.next() {
                Some((k, v)) => {
                    sink.key(k)?;
                    Some(v)
                }
                None => None,
            },
        };
        if next.is_none() {
            stack.pop();
            sink.end()?;
        }
    }
}
