//! What can be wrong with an XML property list, or with a value the XML writer is
//! given. The reader's rules are CoreFoundation's (`../shared/XML.md` §3), and so are
//! most of the words.

/// An XML-specific error, carried by [`ErrorKind::Xml`](super::ErrorKind::Xml).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum XmlError {
    #[error("the input is empty")]
    Empty,
    #[error("no XML content: the input holds only whitespace, comments or declarations")]
    NoContent,
    /// The input ends inside the construct named.
    #[error("the input ends inside {0}")]
    Eof(&'static str),
    #[error("expected an element: text outside elements is not allowed")]
    ExpectedElement,
    #[error("`<!` here must start a comment")]
    MisplacedMarkup,
    #[error("`<!` must start a comment or a DOCTYPE")]
    MalformedDoctype,
    #[error("a DOCTYPE with an internal subset (`[`): property lists define no entities")]
    InternalSubset,
    #[error("malformed tag: the element name must follow `<` directly")]
    MalformedTag,
    #[error("unknown element `<{0}>`")]
    UnknownTag(String),
    /// The close tag expected, by element name.
    #[error("expected `</{0}>`")]
    CloseTagMismatch(&'static str),
    #[error("`<{0}>` must be empty")]
    NotEmpty(&'static str),
    #[error("`<{0}>` has no value")]
    EmptyValue(&'static str),
    #[error("`<plist>` holds no value")]
    EmptyPlist,
    #[error("`<plist>` holds more than one value")]
    PlistTwoValues,
    #[error("a dictionary entry must start with `<key>`")]
    KeyExpected,
    #[error("`<key>` without a value")]
    ValueMissing,
    #[error("unknown entity reference: only &lt; &gt; &amp; &apos; &quot; and &#…; exist")]
    UnknownEntity,
    #[error("invalid character reference")]
    BadCharRef,
    #[error("text is not valid UTF-8")]
    InvalidUtf8,
    /// Why the integer is not read.
    #[error("invalid <integer>: {0}")]
    BadInteger(&'static str),
    #[error("invalid <real>")]
    BadReal,
    #[error("invalid <date>: CoreFoundation reads only YYYY-MM-DDTHH:MM:SSZ")]
    BadDate,
    #[error("byte 0x{0:02X} in <data>: base64 is ASCII")]
    BadData(u8),
    #[error("more than {0} nested arrays and dictionaries, CoreFoundation's limit")]
    TooDeep(usize),
    #[error("a CF$UID dictionary holds a real outside the 32-bit range")]
    UidOutOfRange,
    #[error("unknown text encoding `{0}`")]
    UnknownEncoding(String),
    #[error(
        "text encoding `{0}` is not supported (UTF-8, UTF-16, UTF-32, ISO-8859-1 and US-ASCII are)"
    )]
    UnsupportedEncoding(String),
    /// The encoding the bytes were decoded as.
    #[error("the bytes are not valid {0}")]
    BadEncoding(&'static str),
    #[error("UTF-16 or UTF-32 text without a byte-order mark")]
    NoByteOrderMark,
    #[error("null has no XML form")]
    Null,
    #[error(
        "an array or dictionary is referenced more than 1536 times: XML writes every \
         reference in full; write a binary plist, which keeps references"
    )]
    TooManyVisits,
    #[error("XML support is not compiled in: enable the `xml` feature")]
    Disabled,
}
