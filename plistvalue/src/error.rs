//! One error type for reading and writing. It is boxed so that `Result<T, Error>` stays
//! one word wide on the hot path, and it carries where things went wrong: the byte
//! offset, the object index and the key path, each when it applies.

use std::fmt;

mod xml;
pub use xml::XmlError;

/// What went wrong, without the where. Match on it through [`Error::kind`].
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ErrorKind {
    #[error("input is {len} bytes; a binary plist needs at least 41")]
    TooShort { len: usize },
    #[error("not a binary plist: the header is not \"bplist00\"")]
    BadMagic,
    #[error("unsupported binary plist version \"bplist{}{}\"; only 00 is read", *.0 as char, *.1 as char)]
    UnsupportedVersion(u8, u8),
    #[error("invalid trailer: {0}")]
    InvalidTrailer(&'static str),
    #[error("object offset {offset} is outside the object area")]
    OffsetOutOfRange { offset: u64 },
    #[error("object reference {reference} is not below the object count {num_objects}")]
    RefOutOfRange { reference: u64, num_objects: u64 },
    #[error("unknown or unsupported object marker 0x{0:02x}")]
    InvalidMarker(u8),
    #[error("object runs past the end of the object area")]
    Truncated,
    #[error("invalid length: {0}")]
    InvalidLength(&'static str),
    #[error("invalid string: {0}")]
    InvalidString(&'static str),
    #[error("dictionary key is {0}, not a string")]
    NonStringKey(&'static str),
    #[error("reference cycle: an object contains itself")]
    Cycle,
    #[error("nesting deeper than the limit of {0}")]
    DepthLimit(usize),
    #[error(
        "decoding would exceed the {what} budget of {limit}; raise it in Limits for trusted input"
    )]
    BudgetExceeded { what: &'static str, limit: u64 },
    #[error("expected {expected}, found {found}")]
    TypeMismatch {
        expected: &'static str,
        found: &'static str,
    },
    #[error("missing field `{0}`")]
    MissingField(&'static str),
    #[error("unknown field `{0}`")]
    UnknownField(String),
    #[error("unknown variant `{0}`")]
    UnknownVariant(String),
    #[error("integer {value} does not fit in {target}")]
    IntegerOutOfRange { value: i128, target: &'static str },
    #[error("cannot borrow a UTF-16 or non-ASCII string as &str; decode into String or Cow<str>")]
    BorrowUtf16,
    #[error("date {seconds} s since 2001-01-01T00:00:00Z is outside what {target} can hold")]
    DateOutOfRange { seconds: f64, target: &'static str },
    #[error("invalid date text `{text}` at column {column}: expected {expected}")]
    InvalidDateText {
        text: String,
        column: usize,
        expected: &'static str,
    },
    #[error("path `{0}` is not valid UTF-8, which a plist string must be")]
    NonUtf8Path(String),
    #[error("{0} s is not a Duration, which holds 0 to 18446744073709551615.999999999 s")]
    DurationOutOfRange(f64),
    #[error("more than {0} objects; a binary plist this writer makes can hold at most that many")]
    TooManyObjects(u64),
    /// The input is not a property list CoreFoundation's XML parser reads, or a value
    /// the XML writer cannot write.
    #[error("{0}")]
    Xml(#[from] XmlError),
    #[error("the input is an XML property list, and this reader reads binary ones: use plistvalue::from_bytes (or from_reader, from_file)")]
    XmlInput,
    #[error("{0}")]
    Custom(String),
    #[error("I/O error: {0}")]
    Io(#[from] std::io::Error),
}

/// One step of a key path: a dictionary key or an array index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PathSegment {
    Key(String),
    Index(usize),
}

/// A reading or writing error, with the byte offset, object index and key path that
/// locate it.
pub struct Error(Box<Inner>);

struct Inner {
    kind: ErrorKind,
    offset: Option<u64>,
    object: Option<u64>,
    /// Line and column (1-based; the column counts bytes) of an error in text.
    text: Option<(u64, u64)>,
    /// Innermost segment first; pushing while unwinding is cheaper than inserting.
    path: Vec<PathSegment>,
}

impl Error {
    #[cold]
    pub fn new(kind: ErrorKind) -> Error {
        Error(Box::new(Inner {
            kind,
            offset: None,
            object: None,
            text: None,
            path: Vec::new(),
        }))
    }

    /// An error from user code, such as a `with` module or a manual impl.
    #[cold]
    pub fn custom(msg: impl fmt::Display) -> Error {
        Error::new(ErrorKind::Custom(msg.to_string()))
    }

    #[cold]
    pub(crate) fn at(kind: ErrorKind, offset: u64, object: u64) -> Error {
        Error::new(kind).with_position(offset, object)
    }

    /// An error in the header or trailer: a byte offset, but no object.
    #[cold]
    pub(crate) fn at_offset(kind: ErrorKind, offset: u64) -> Error {
        let mut e = Error::new(kind);
        e.0.offset = Some(offset);
        e
    }

    /// Records where the error happened unless something deeper already did.
    #[cold]
    pub fn with_position(mut self, offset: u64, object: u64) -> Error {
        if self.0.offset.is_none() {
            self.0.offset = Some(offset);
            self.0.object = Some(object);
        }
        self
    }

    /// Places the error in text: byte `offset`, `line` and `column`, replacing any
    /// binary position (the XML reader translates its binary errors this way).
    #[cold]
    #[cfg_attr(not(feature = "xml"), allow(dead_code))]
    pub(crate) fn in_text(mut self, offset: u64, line: u64, column: u64) -> Error {
        self.0.offset = Some(offset);
        self.0.object = None;
        self.0.text = Some((line, column));
        self
    }

    /// Prepends a dictionary key to the path, as the error unwinds out of a value.
    #[cold]
    pub fn in_key(mut self, key: &str) -> Error {
        self.0.path.push(PathSegment::Key(key.to_owned()));
        self
    }

    /// Prepends an array index to the path.
    #[cold]
    pub fn in_index(mut self, index: usize) -> Error {
        self.0.path.push(PathSegment::Index(index));
        self
    }

    pub fn kind(&self) -> &ErrorKind {
        &self.0.kind
    }

    /// Byte offset in the input of the object where the error was found.
    pub fn offset(&self) -> Option<u64> {
        self.0.offset
    }

    /// Index of that object in the offset table.
    pub fn object(&self) -> Option<u64> {
        self.0.object
    }

    /// Line (1-based) of an error in an XML document.
    pub fn line(&self) -> Option<u64> {
        self.0.text.map(|t| t.0)
    }

    /// Column (1-based, in bytes of the UTF-8 text) of an error in an XML document.
    pub fn column(&self) -> Option<u64> {
        self.0.text.map(|t| t.1)
    }

    /// The key path from the root, outermost first.
    pub fn path(&self) -> impl Iterator<Item = &PathSegment> {
        self.0.path.iter().rev()
    }

    /// The key path as text, e.g. `messages[12].request.headers[3].value`.
    pub fn path_string(&self) -> String {
        let mut s = String::new();
        for seg in self.path() {
            match seg {
                PathSegment::Key(k) => {
                    if !s.is_empty() {
                        s.push('.');
                    }
                    s.push_str(k);
                }
                PathSegment::Index(i) => {
                    s.push('[');
                    s.push_str(&i.to_string());
                    s.push(']');
                }
            }
        }
        s
    }

    pub fn into_kind(self) -> ErrorKind {
        self.0.kind
    }
}

impl From<ErrorKind> for Error {
    #[cold]
    fn from(kind: ErrorKind) -> Error {
        Error::new(kind)
    }
}

impl From<XmlError> for Error {
    #[cold]
    fn from(e: XmlError) -> Error {
        Error::new(ErrorKind::Xml(e))
    }
}

impl From<std::io::Error> for Error {
    #[cold]
    fn from(e: std::io::Error) -> Error {
        Error::new(ErrorKind::Io(e))
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0.kind)?;
        if !self.0.path.is_empty() {
            write!(f, " at `{}`", self.path_string())?;
        }
        if let (Some((line, column)), Some(offset)) = (self.0.text, self.0.offset) {
            return write!(f, " (line {line}, column {column}, byte offset {offset})");
        }
        if let Some(offset) = self.0.offset {
            write!(f, " (byte offset {offset}")?;
            if let Some(object) = self.0.object {
                write!(f, ", object {object}")?;
            }
            write!(f, ")")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Error")
            .field("kind", &self.0.kind)
            .field("offset", &self.0.offset)
            .field("object", &self.0.object)
            .field("text", &self.0.text)
            .field("path", &self.path_string())
            .finish()
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.0.kind {
            ErrorKind::Io(e) => Some(e),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn result_stays_one_word() {
        assert_eq!(std::mem::size_of::<Error>(), std::mem::size_of::<usize>());
    }

    #[test]
    fn display_names_path_and_offset() {
        let e = Error::at(ErrorKind::MissingField("value"), 120, 7)
            .in_index(3)
            .in_key("headers")
            .in_key("request")
            .in_index(12)
            .in_key("messages");
        assert_eq!(
            e.to_string(),
            "missing field `value` at `messages[12].request.headers[3]` (byte offset 120, object 7)"
        );
    }
}
