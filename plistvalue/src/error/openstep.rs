//! What can be wrong with an OpenStep (old-style ASCII) property list, or with a
//! value the OpenStep writer is given. The reader's rules are CoreFoundation's, as
//! `docs/OPENSTEP.md` states them (R1–R17); the writer's are W1–W15 there.

/// An OpenStep-specific error, carried by [`ErrorKind::OpenStep`](super::ErrorKind::OpenStep).
/// A reading error's [`line`](crate::Error::line) and [`column`](crate::Error::column)
/// say where; a writing error's [`path`](crate::Error::path).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum OpenStepError {
    /// No bytes, or nothing but a byte-order mark (R1).
    #[error("the input is empty")]
    Empty,
    /// Bytes that are not valid in the text encoding named (R1).
    #[error("the text is not valid {0}")]
    BadEncoding(&'static str),
    /// A zero in the first two bytes (UTF-16 or UTF-32 text) without a byte-order
    /// mark (R1).
    #[error("UTF-16 or UTF-32 text without a byte-order mark")]
    NoByteOrderMark,
    /// The input ends inside the construct named, or where it was due.
    #[error("the input ends inside {0}")]
    Eof(&'static str),
    /// A character that cannot start a value where one must stand (R8, R15).
    #[error("unexpected character {0:?}: a value was expected")]
    ExpectedValue(char),
    /// An array element not followed by `,` or `)` (R9).
    #[error("unexpected character {0:?}: expected ',' or ')' after an array element")]
    ExpectedArraySeparator(char),
    /// An array not closed where it must be: after `(,` or a value and `,` (R9).
    #[error("unexpected character {0:?}: expected ')' to close the array")]
    ExpectedArrayEnd(char),
    /// A dictionary key not followed by `=` or `;` (R10).
    #[error("unexpected character {0:?}: expected '=' or ';' after a dictionary key")]
    ExpectedKeySeparator(char),
    /// A dictionary entry not ended by `;` (R10).
    #[error("unexpected character {0:?}: expected ';' after a dictionary entry")]
    MissingSemicolon(char),
    /// A dictionary not closed where it must be, such as at a key that is not a
    /// string (R10).
    #[error("unexpected character {0:?}: expected a string key or '}}' to close the dictionary")]
    ExpectedDictEnd(char),
    /// Text after the document's one value (R2), or after a `.strings` body's last
    /// entry (R11).
    #[error("unexpected character {0:?} after the property list")]
    Junk(char),
    /// Arrays and dictionaries nested deeper than CF reads: the limit (R12). The
    /// writer writes nothing the reader would not read back (W7).
    #[error("more than {0} nested arrays and dictionaries, CoreFoundation's limit")]
    TooDeep(usize),
    /// A character in `<data>` that is neither a hex digit nor whitespace between
    /// pairs (R14).
    #[error(
        "unexpected character {0:?} in <data>: only hex digit pairs and whitespace between them"
    )]
    BadData(char),
    /// `<data>` with an odd number of hex digits, or a pair split by whitespace (R14).
    #[error("<data> must hold whole bytes: a hex digit without its pair")]
    OddData,
    /// An octal escape for byte 0xFE or 0xFF, which NeXTSTEP's encoding lacks (R7).
    #[error("octal escape \\{0:03o} has no NeXTSTEP character")]
    BadOctalEscape(u8),
    /// A `\U` escape of a UTF-16 surrogate that is not half of a pair (R7).
    #[error("\\U{0:04X} is half of a UTF-16 surrogate pair, and its other half is missing")]
    LoneSurrogate(u16),
    /// GNUstep's `<*I…>`, `<*R…>`, `<*B…>`, `<*D…>` or `<[…]>`, which CoreFoundation
    /// does not read (R8).
    #[error("GNUstep's typed value or base64 (`<*` or `<[`) is not in CoreFoundation's format")]
    GnustepExtension,
    /// JSON: a `:` after a key, or `[` where a value must stand (R10).
    #[error("this is JSON, not a property list: {0}")]
    Json(&'static str),
    /// A null (`PlistValue::Null`, the `0x00` object), which the format cannot
    /// write (W6).
    #[error("null has no OpenStep form")]
    Null,
    /// A UID, an archive's reference, which the format cannot write (W6).
    #[error("a UID has no OpenStep form: write the archive as binary or XML")]
    Uid,
    /// A real that is NaN or infinite, which no typed read takes back (W6).
    #[error("a real that is NaN or infinite has no OpenStep form")]
    NonFiniteReal,
    /// A `.strings` file asked for a value that is not a dictionary: what it is
    /// (W8).
    #[error(".strings output needs a dictionary at the root, not {0}")]
    StringsRoot(&'static str),
    /// A container reached more often than the XML writer allows: the text
    /// repeats every reference in full (W7).
    #[error(
        "an array or dictionary is referenced more than 1536 times: OpenStep text writes \
         every reference in full; write a binary plist, which keeps references"
    )]
    TooManyVisits,
    /// An Xcode project whose `/* name */` annotations would grow past eight times
    /// the project's size, which only a crafted project does (W13).
    #[error(
        "Xcode's /* name */ annotations of this project would grow past eight times its \
         size; write it in the plain layout (OpenStepStyle::Plain)"
    )]
    AnnotationBudget,
    /// OpenStep input without the `openstep` feature.
    #[error("OpenStep support is not compiled in: enable the `openstep` feature")]
    Disabled,
}
