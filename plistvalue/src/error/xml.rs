//! What can be wrong with an XML property list, or with a value the XML writer is
//! given. The reader's rules are CoreFoundation's parser's, and so are
//! most of the words.

/// An XML-specific error, carried by [`ErrorKind::Xml`](super::ErrorKind::Xml).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum XmlError {
    /// No bytes at all.
    #[error("the input is empty")]
    Empty,
    /// Whitespace, comments and declarations, but no element.
    #[error("no XML content: the input holds only whitespace, comments or declarations")]
    NoContent,
    /// The input ends inside the construct named.
    #[error("the input ends inside {0}")]
    Eof(&'static str),
    /// Text where an element must start.
    #[error("expected an element: text outside elements is not allowed")]
    ExpectedElement,
    /// `<!` inside the document that is neither a comment nor CDATA.
    #[error("`<!` here must start a comment")]
    MisplacedMarkup,
    /// `<!` before the root that is neither a comment nor `<!DOCTYPE`.
    #[error("`<!` must start a comment or a DOCTYPE")]
    MalformedDoctype,
    /// `<!DOCTYPE … [`: an internal subset, where entities would be declared.
    #[error("a DOCTYPE with an internal subset (`[`): property lists define no entities")]
    InternalSubset,
    /// `<` followed by whitespace or `>`: a tag without a name.
    #[error("malformed tag: the element name must follow `<` directly")]
    MalformedTag,
    /// An element a property list does not have; its name, cut at 40 bytes.
    #[error("unknown element `<{0}>`")]
    UnknownTag(String),
    /// The close tag expected, by element name.
    #[error("expected `</{0}>`")]
    CloseTagMismatch(&'static str),
    /// `<true>` or `<false>` with content.
    #[error("`<{0}>` must be empty")]
    NotEmpty(&'static str),
    /// `<integer/>`, `<real/>`, `<date/>` or `<data/>`: a value element written empty.
    #[error("`<{0}>` has no value")]
    EmptyValue(&'static str),
    /// `<plist/>`, or `<plist></plist>` with nothing in it.
    #[error("`<plist>` holds no value")]
    EmptyPlist,
    /// A second value inside `<plist>`.
    #[error("`<plist>` holds more than one value")]
    PlistTwoValues,
    /// A value where a dictionary needs its next `<key>`.
    #[error("a dictionary entry must start with `<key>`")]
    KeyExpected,
    /// A dictionary's last `<key>` with no value after it.
    #[error("`<key>` without a value")]
    ValueMissing,
    /// An `&name;` reference to no predefined entity (none can be declared).
    #[error("unknown entity reference: only &lt; &gt; &amp; &apos; &quot; and &#…; exist")]
    UnknownEntity,
    /// A `&#…;` reference with a digit out of place, too many digits, or past U+10FFFF.
    #[error("invalid character reference")]
    BadCharRef,
    /// Text that is not strict UTF-8.
    #[error("text is not valid UTF-8")]
    InvalidUtf8,
    /// Why the integer is not read.
    #[error("invalid <integer>: {0}")]
    BadInteger(&'static str),
    /// A `<real>` whose text is not a number CF reads.
    #[error("invalid <real>")]
    BadReal,
    /// A `<date>` whose text is not `YYYY-MM-DDTHH:MM:SSZ`.
    #[error("invalid <date>: CoreFoundation reads only YYYY-MM-DDTHH:MM:SSZ")]
    BadDate,
    /// A `<date>` more than 10^15 s (about 31.7 million years) from 2001: CF reads
    /// it, but its text for such a date is not defined, and the XML writer refuses
    /// it, so the reader does too.
    #[error(
        "<date> more than 10^15 s (31.7 million years) from 2001, which XML cannot write back"
    )]
    DateOutOfRange,
    /// A byte of `<data>` that is not ASCII: the byte.
    #[error("byte 0x{0:02X} in <data>: base64 is ASCII")]
    BadData(u8),
    /// Arrays and dictionaries nested deeper than CF reads or writes: the limit.
    #[error("more than {0} nested arrays and dictionaries, CoreFoundation's limit")]
    TooDeep(usize),
    /// A `{CF$UID: real}` dictionary whose real does not fit 32 bits.
    #[error("a CF$UID dictionary holds a real outside the 32-bit range")]
    UidOutOfRange,
    /// A `CF$UID` in an archive that is not an integer in `0 ..= 2^32 - 1`, which
    /// CF would truncate (`docs/ARCHIVE.md`, "XML archives").
    #[error("a CF$UID dictionary in an archive holds a real or an integer outside 0..=2^32-1")]
    UidNotArchived,
    /// An `encoding=` name CoreFoundation does not know: the name.
    #[error("unknown text encoding `{0}`")]
    UnknownEncoding(String),
    /// An encoding CF knows and this reader does not convert: the name.
    #[error(
        "text encoding `{0}` is not supported (UTF-8, UTF-16, UTF-32, ISO-8859-1 and US-ASCII are)"
    )]
    UnsupportedEncoding(String),
    /// The encoding the bytes were decoded as.
    #[error("the bytes are not valid {0}")]
    BadEncoding(&'static str),
    /// A zero in the first two bytes (UTF-16 or UTF-32 text) without a byte-order
    /// mark.
    #[error("UTF-16 or UTF-32 text without a byte-order mark")]
    NoByteOrderMark,
    /// A UID given to the plist crate's XML writer (`plistvalue::plist`), which, as
    /// that crate, gives it no XML form.
    #[error("a UID has no XML form in the plist crate's writer; write a binary plist")]
    Uid,
    /// A null (`PlistValue::Null`, the `0x00` object), which XML cannot write.
    #[error("null has no XML form")]
    Null,
    /// A container reached more often than CF's writer allows: XML repeats
    /// every reference in full.
    #[error(
        "an array or dictionary is referenced more than 1536 times: XML writes every \
         reference in full; write a binary plist, which keeps references"
    )]
    TooManyVisits,
    /// XML input or output without the `xml` feature.
    #[error("XML support is not compiled in: enable the `xml` feature")]
    Disabled,
}
