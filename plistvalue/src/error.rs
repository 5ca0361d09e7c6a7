//! One error type for reading and writing. It is boxed so that `Result<T, Error>` stays
//! one word wide on the hot path, and it carries where things went wrong: the byte
//! offset, the object index (binary) or the line and column (XML), and the key path,
//! each when it applies. The XML reader's own errors are [`XmlError`] (`xml.rs`), the
//! OpenStep reader's [`OpenStepError`] (`openstep.rs`).

use std::fmt;

mod archive;
mod openstep;
mod reason;
mod xml;
pub use archive::{ArchiveError, ArchiveErrorKind};
pub use openstep::OpenStepError;
pub use reason::{Budget, CallOrder, LengthRule, Misuse, StringRule, TrailerRule};
pub use xml::XmlError;

/// What went wrong, without the where. Match on it through [`Error::kind`].
///
/// Every error the crate itself finds has its own variant; only errors from user
/// code ([`Error::custom`], serde's `custom`) are [`ErrorKind::Custom`].
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The input is shorter than the smallest binary plist.
    #[error("input is {len} bytes; a binary plist needs at least 41")]
    TooShort {
        /// The input's length.
        len: usize,
    },
    /// The input does not start with `bplist`.
    #[error("not a binary plist: the header is not \"bplist00\"")]
    BadMagic,
    /// A `bplist` version other than `0?`, such as `bplist15`.
    #[error("unsupported binary plist version \"bplist{}{}\"; only 00 is read", *.0 as char, *.1 as char)]
    UnsupportedVersion(u8, u8),
    /// A trailer that breaks one of CoreFoundation's rules; which one.
    #[error("invalid trailer: {0}")]
    InvalidTrailer(TrailerRule),
    /// An offset-table entry outside the object area.
    #[error("object offset {offset} is outside the object area")]
    OffsetOutOfRange {
        /// The entry's value.
        offset: u64,
    },
    /// A reference to an object the offset table does not have.
    #[error("object reference {reference} is not below the object count {num_objects}")]
    RefOutOfRange {
        /// The reference.
        reference: u64,
        /// The trailer's object count.
        num_objects: u64,
    },
    /// A marker byte no format version defines.
    #[error("unknown or unsupported object marker 0x{0:02x}")]
    InvalidMarker(u8),
    /// An object that runs into the offset table.
    #[error("object runs past the end of the object area")]
    Truncated,
    /// A count, width or payload length that cannot be; which rule it breaks.
    #[error("invalid length: {0}")]
    InvalidLength(LengthRule),
    /// String bytes that are not text; what is wrong with them.
    #[error("invalid string: {0}")]
    InvalidString(StringRule),
    /// A dictionary key that is not a string; the kind it is.
    #[error("dictionary key is {0}, not a string")]
    NonStringKey(&'static str),
    /// A container that contains itself.
    #[error("reference cycle: an object contains itself")]
    Cycle,
    /// A typed decode nested deeper than [`Limits::max_depth`](crate::Limits::max_depth).
    #[error("nesting deeper than the limit of {0}")]
    DepthLimit(usize),
    /// A decode would produce more values or copy more bytes than its budget allows.
    #[error(
        "decoding would exceed the {what} budget of {limit}; raise it in Limits for trusted input"
    )]
    BudgetExceeded {
        /// Which budget.
        what: Budget,
        /// The budget.
        limit: u64,
    },
    /// The object is not of the type being decoded.
    #[error("expected {expected}, found {found}")]
    TypeMismatch {
        /// What the type being decoded reads.
        expected: &'static str,
        /// What the object is.
        found: &'static str,
    },
    /// An array whose length is not the one a tuple or fixed-size array needs.
    #[error("expected an array of {expected} elements, found {found} elements")]
    WrongLength {
        /// The length the type needs.
        expected: usize,
        /// The array's length.
        found: usize,
    },
    /// Text that does not parse as the type `FromStr` was asked for (an integer, a
    /// UID).
    #[error("{text:?} is not {target}")]
    InvalidText {
        /// The text.
        text: String,
        /// What it should be: "an integer", "a UID".
        target: &'static str,
    },
    /// A JSON pointer given to `decode_at` that names nothing; the pointer.
    #[error("no value at pointer `{0}`")]
    NoValueAt(String),
    /// A required field's key is absent.
    #[error("missing field `{0}`")]
    MissingField(&'static str),
    /// A key that `deny_unknown_fields` rejects. Here, in every key an error
    /// names, and in its path, a key longer than 64 characters is shortened to
    /// its first 64 and its length, `kkk…k… (1048576 bytes)`: a hostile file's
    /// megabyte key would otherwise fill the message.
    #[error("unknown field `{0}`")]
    UnknownField(String),
    /// A variant name the enum does not have.
    #[error("unknown variant `{0}`")]
    UnknownVariant(String),
    /// A variant with fields named by a bare string, which only unit variants are.
    #[error("variant `{0}` has fields; expected a one-key dictionary {{\"{0}\": ...}}")]
    VariantNeedsContent(&'static str),
    /// An externally tagged enum read from a dictionary without exactly one key.
    #[error(
        "expected a variant name or a dictionary with one key (the variant name), \
         found a dictionary with {0} keys"
    )]
    VariantKeys(usize),
    /// No variant of an untagged enum decoded; the enum's name.
    #[error("data did not match any variant of untagged enum `{0}`")]
    NoVariantMatched(&'static str),
    /// A dictionary key whose text does not parse as the map's key type.
    #[error("dictionary key `{key}` is not a {target}")]
    KeyNotParsed {
        /// The key's text.
        key: String,
        /// The key type.
        target: &'static str,
    },
    /// An integer outside the range of the type it is read into or written from.
    #[error("integer {value} does not fit in {target}")]
    IntegerOutOfRange {
        /// The integer.
        value: i128,
        /// The type, or the plist range.
        target: &'static str,
    },
    /// A UTF-16 or non-ASCII string read into `&str`, which can only borrow ASCII.
    #[error("cannot borrow a UTF-16 or non-ASCII string as &str; decode into String or Cow<str>")]
    BorrowUtf16,
    /// A date outside what the target type (`SystemTime`, chrono, a `Duration`'s
    /// text) can hold, or NaN.
    #[error("date {seconds} s since 2001-01-01T00:00:00Z is outside what {target} can hold")]
    DateOutOfRange {
        /// The date, as the file stores it.
        seconds: f64,
        /// The type it was converted to.
        target: &'static str,
    },
    /// Date text that is not Apple's RFC 3339 form (nor any chrono reads).
    #[error("invalid date text `{text}` at column {column}: expected {expected}")]
    InvalidDateText {
        /// The text.
        text: String,
        /// Where it goes wrong, 1-based.
        column: usize,
        /// What that column should hold.
        expected: &'static str,
    },
    /// A path that is not UTF-8, which a plist string cannot hold.
    #[error("path `{0}` is not valid UTF-8, which a plist string must be")]
    NonUtf8Path(String),
    /// Seconds a `Duration` cannot hold: negative, NaN, infinite or too large.
    #[error("{0} s is not a Duration, which holds 0 to 18446744073709551615.999999999 s")]
    DurationOutOfRange(f64),
    /// A serde newtype this format gives a meaning (a date, a UID) holding something
    /// else.
    #[error("a {newtype} must hold {expected}, found {found}")]
    NewtypeMismatch {
        /// The newtype: `plistvalue::Date`, `plist::Date`, a UID.
        newtype: &'static str,
        /// What it must hold.
        expected: &'static str,
        /// What it held.
        found: &'static str,
    },
    /// A serde `Serialize` or `Deserialize` impl that called the format out of
    /// order; which call.
    #[error("{0}")]
    SerdeOrder(CallOrder),
    /// A [`ToPlist`](crate::ToPlist) impl that used the [`Encoder`](crate::Encoder)
    /// wrongly; how. It is reported when the document is finished.
    #[error("encoder misuse: {0}")]
    EncoderMisuse(Misuse),
    /// A document with more objects than this writer's 32-bit table can index.
    #[error("more than {0} objects; a binary plist this writer makes can hold at most that many")]
    TooManyObjects(u64),
    /// The input is not a property list CoreFoundation's XML parser reads, or a value
    /// the XML writer cannot write; which, in the [`XmlError`].
    #[error("{0}")]
    Xml(#[from] XmlError),
    /// An NSKeyedArchiver archive that breaks the rules of `docs/ARCHIVE.md`, or a tree
    /// `archive` refuses; which, and the `$objects` index, in the [`ArchiveError`].
    #[error("{0}")]
    Archive(#[from] ArchiveError),
    /// The input is not an OpenStep (old-style ASCII) property list CoreFoundation's
    /// parser reads, or a value the OpenStep writer cannot write; which rule it
    /// breaks, in the [`OpenStepError`], and where, in the error's line and column
    /// (reading) or key path (writing).
    #[error("{0}")]
    OpenStep(#[from] OpenStepError),
    /// XML input given to a reader of binary plists only (`from_slice`), which names
    /// the functions that read every format.
    #[error("the input is an XML property list, and this reader reads binary ones: use plistvalue::from_bytes (or from_reader, from_file)")]
    XmlInput,
    /// OpenStep text given to a reader of binary plists only (`from_slice`), which
    /// names the functions that read every format.
    #[error("the input is an OpenStep (old-style text) property list, and this reader reads binary ones: use plistvalue::from_bytes (or from_reader, from_file)")]
    OpenStepInput,
    /// An error from user code: a `with` module, a manual impl, serde's `custom`.
    #[error("{0}")]
    Custom(String),
    /// The reader or writer failed.
    #[error("I/O error: {0}")]
    Io(#[from] std::io::Error),
}

/// One step of a key path: a dictionary key or an array index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PathSegment {
    /// A dictionary key, as the file spells it (a long one shortened, see
    /// [`ErrorKind::UnknownField`]).
    Key(String),
    /// A position in an array.
    Index(usize),
}

/// A reading or writing error, with the byte offset, object index (or, in XML and
/// OpenStep text, line and column) and key path that locate it.
///
/// ```
/// use plistvalue::{plist, ErrorKind, PathSegment};
/// let bytes = plistvalue::to_vec(&plist!({ "sizes": [1, "two"] })).unwrap();
/// let err = plistvalue::from_slice::<std::collections::HashMap<String, Vec<u8>>>(&bytes)
///     .unwrap_err();
/// assert!(matches!(err.kind(), ErrorKind::TypeMismatch { .. }));
/// assert_eq!(err.path_string(), "sizes.1");
/// assert_eq!(err.path().last(), Some(&PathSegment::Index(1)));
/// assert!(err.offset().is_some());
/// ```
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
    /// An error of `kind`, not yet located.
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
    #[must_use]
    pub(crate) fn with_position(mut self, offset: u64, object: u64) -> Error {
        if self.0.offset.is_none() {
            self.0.offset = Some(offset);
            self.0.object = Some(object);
        }
        self
    }

    /// Places the error in text: byte `offset`, `line` and `column`, replacing any
    /// binary position (the text readers translate their binary errors this way).
    #[cold]
    #[cfg_attr(not(any(feature = "xml", feature = "openstep")), allow(dead_code))]
    pub(crate) fn in_text(mut self, offset: u64, line: u64, column: u64) -> Error {
        self.0.offset = Some(offset);
        self.0.object = None;
        self.0.text = Some((line, column));
        self
    }

    /// Prepends a dictionary key to the path, as the error unwinds out of a value.
    #[cold]
    #[must_use]
    pub(crate) fn in_key(mut self, key: &str) -> Error {
        self.0.path.push(PathSegment::Key(shown_key(key)));
        self
    }

    /// Prepends an array index to the path.
    #[cold]
    #[must_use]
    pub(crate) fn in_index(mut self, index: usize) -> Error {
        self.0.path.push(PathSegment::Index(index));
        self
    }

    /// Adds a step to the key path, outside those already there.
    pub(crate) fn in_segment(mut self, segment: PathSegment) -> Error {
        self.0.path.push(segment);
        self
    }

    /// What went wrong.
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

    /// Line (1-based) of an error in an XML or OpenStep document.
    pub fn line(&self) -> Option<u64> {
        self.0.text.map(|t| t.0)
    }

    /// Column (1-based, in bytes of the UTF-8 text) of an error in an XML or OpenStep
    /// document.
    pub fn column(&self) -> Option<u64> {
        self.0.text.map(|t| t.1)
    }

    /// The key path from the root, outermost first.
    pub fn path(&self) -> impl Iterator<Item = &PathSegment> {
        self.0.path.iter().rev()
    }

    /// The key path as a plutil keypath, e.g. `messages.12.request.headers.3.value`:
    /// keys and array positions joined by `.`, a `.` inside a key written `\.`.
    /// It parses as a [`KeyPath`](crate::KeyPath) that names the same place, so it
    /// can be pasted into the CLI's `-extract`, unless a key is empty or ends in `\`
    /// before another step: plutil's keypaths cannot name those.
    ///
    /// ```
    /// use plistvalue::{plist, KeyPath};
    /// let v = plist!({ "NSExceptionDomains": { "example.com": [true, "yes"] } });
    /// let err = plistvalue::from_value::<
    ///     std::collections::HashMap<String, std::collections::HashMap<String, Vec<bool>>>,
    /// >(v.clone())
    /// .unwrap_err();
    /// assert_eq!(err.path_string(), r"NSExceptionDomains.example\.com.1");
    /// let path: KeyPath = err.path_string().parse().unwrap();
    /// assert_eq!(v.keypath(&path).and_then(|v| v.as_str()), Some("yes"));
    /// ```
    pub fn path_string(&self) -> String {
        let mut s = String::new();
        for seg in self.path() {
            if !s.is_empty() {
                s.push('.');
            }
            match seg {
                PathSegment::Key(k) => {
                    for (i, part) in k.split('.').enumerate() {
                        if i > 0 {
                            s.push_str("\\.");
                        }
                        s.push_str(part);
                    }
                }
                PathSegment::Index(i) => s.push_str(&i.to_string()),
            }
        }
        s
    }

    /// The error without its byte offset, object index and line and column: for a
    /// conversion from a value, whose bytes the caller never saw, the key path is
    /// the only place worth naming.
    #[cold]
    pub(crate) fn without_position(mut self) -> Error {
        self.0.offset = None;
        self.0.object = None;
        self.0.text = None;
        self
    }

    /// What went wrong, without the where.
    pub fn into_kind(self) -> ErrorKind {
        self.0.kind
    }
}

/// The plist crate's four questions, so that a tool can tell a file it may not
/// open (an I/O error) from one that is damaged, as `plist::Error` answers them.
impl Error {
    /// Whether reading or writing the bytes failed ([`ErrorKind::Io`]), rather than
    /// the bytes being wrong.
    ///
    /// ```
    /// let err = plistvalue::from_file::<_, plistvalue::PlistValue>("/no/such/file").unwrap_err();
    /// assert!(err.is_io());
    /// assert_eq!(err.as_io().unwrap().kind(), std::io::ErrorKind::NotFound);
    /// ```
    pub fn is_io(&self) -> bool {
        self.as_io().is_some()
    }

    /// Whether the input ends too early: a binary plist cut short, an XML document
    /// that stops inside an element, OpenStep text inside a string, data or
    /// container, or a reader that ran dry.
    ///
    /// ```
    /// let err = plistvalue::from_bytes::<plistvalue::PlistValue>(b"<plist><dict>").unwrap_err();
    /// assert!(err.is_eof());
    /// ```
    pub fn is_eof(&self) -> bool {
        match &self.0.kind {
            ErrorKind::TooShort { .. }
            | ErrorKind::Truncated
            | ErrorKind::Xml(XmlError::Eof(_))
            | ErrorKind::OpenStep(OpenStepError::Eof(_)) => true,
            ErrorKind::Io(e) => e.kind() == std::io::ErrorKind::UnexpectedEof,
            _ => false,
        }
    }

    /// The I/O error, when there is one.
    pub fn as_io(&self) -> Option<&std::io::Error> {
        match &self.0.kind {
            ErrorKind::Io(e) => Some(e),
            _ => None,
        }
    }

    /// The I/O error, or this error when it is not one.
    ///
    /// # Errors
    /// `self`, when the error is not an I/O error.
    pub fn into_io(self) -> Result<std::io::Error, Error> {
        if !self.is_io() {
            return Err(self);
        }
        match self.0.kind {
            ErrorKind::Io(e) => Ok(e),
            _ => unreachable!("checked above"),
        }
    }
}

/// Keys longer than this many characters are shortened in errors.
const SHOWN_KEY: usize = 64;

/// `key` as an error shows it: whole when short, else its first [`SHOWN_KEY`]
/// characters and its length in bytes.
#[cold]
pub(crate) fn shown_key(key: &str) -> String {
    match key.char_indices().nth(SHOWN_KEY) {
        None => key.to_owned(),
        Some((end, _)) => format!("{}… ({} bytes)", &key[..end], key.len()),
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

impl From<OpenStepError> for Error {
    #[cold]
    fn from(e: OpenStepError) -> Error {
        Error::new(ErrorKind::OpenStep(e))
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
            "missing field `value` at `messages.12.request.headers.3` (byte offset 120, object 7)"
        );
    }
}
