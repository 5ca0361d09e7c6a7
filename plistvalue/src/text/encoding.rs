//! The Unicode encodings CoreFoundation finds in a text plist before it reads it: a
//! UTF-32, UTF-8 or UTF-16 byte-order mark, and the refusal of wide text without
//! one. The formats read UTF-8; other encodings are converted first, and positions
//! are mapped back for errors. What a format adds (XML's `encoding=` declaration) is
//! the format's own.

use std::borrow::Cow;

/// How the input's bytes became the parser's UTF-8.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Source {
    /// Read in place, after a byte-order mark of this many bytes.
    Utf8(usize),
    #[cfg_attr(not(feature = "xml"), allow(dead_code))]
    Latin1,
    /// Units of 2 or 4 bytes, after a byte-order mark of the same size.
    Wide(usize),
}

/// The parser's input: UTF-8 text, borrowed when the input was UTF-8.
pub(crate) struct Text<'a> {
    pub(crate) utf8: Cow<'a, [u8]>,
    source: Source,
}

/// Why the bytes are not text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum EncodingError {
    /// Not valid in the encoding named.
    Invalid(&'static str),
    /// A zero in the first two bytes (UTF-16 or UTF-32 text) and no byte-order mark.
    NoByteOrderMark,
}

impl Text<'_> {
    /// The input offset of `at`, an offset in the UTF-8 text.
    pub(crate) fn input_offset(&self, at: usize) -> u64 {
        let chars = || String::from_utf8_lossy(&self.utf8[..at.min(self.utf8.len())]).into_owned();
        match self.source {
            Source::Utf8(bom) => (bom + at) as u64,
            Source::Latin1 => chars().chars().count() as u64,
            Source::Wide(2) => 2 + 2 * chars().encode_utf16().count() as u64,
            Source::Wide(unit) => (unit + unit * chars().chars().count()) as u64,
        }
    }
}

/// The input read in place as UTF-8, after a byte-order mark of `bom` bytes.
pub(crate) fn utf8(input: &[u8], bom: usize) -> Text<'_> {
    Text {
        utf8: Cow::Borrowed(&input[bom..]),
        source: Source::Utf8(bom),
    }
}

/// The input read as ISO-8859-1, one character a byte.
#[cfg_attr(not(feature = "xml"), allow(dead_code))]
pub(crate) fn latin1(input: &[u8]) -> Text<'_> {
    Text {
        utf8: Cow::Owned(
            input
                .iter()
                .map(|&b| b as char)
                .collect::<String>()
                .into_bytes(),
        ),
        source: Source::Latin1,
    }
}

/// The text a byte-order mark announces (UTF-32 only with more than four bytes,
/// UTF-8 with more than three, UTF-16 with more than two, as CF checks them), or
/// `None` for 8-bit text without one. Two bytes of which one is zero and no mark is
/// an error: CF reads that as big-endian UTF-16 and skips two bytes anyway, losing
/// the first character; refusing says why.
pub(crate) fn by_byte_order_mark(input: &[u8]) -> Result<Option<Text<'_>>, EncodingError> {
    let n = input.len();
    if n > 4 && input.starts_with(&[0, 0, 0xFE, 0xFF]) {
        return wide(input, 4, true, "UTF-32BE").map(Some);
    }
    if n > 4 && input.starts_with(&[0xFF, 0xFE, 0, 0]) {
        return wide(input, 4, false, "UTF-32LE").map(Some);
    }
    if n > 3 && input.starts_with(&[0xEF, 0xBB, 0xBF]) {
        return Ok(Some(utf8(input, 3)));
    }
    if n > 2 && input.starts_with(&[0xFF, 0xFE]) {
        return wide(input, 2, false, "UTF-16LE").map(Some);
    }
    if n > 2 && input.starts_with(&[0xFE, 0xFF]) {
        return wide(input, 2, true, "UTF-16BE").map(Some);
    }
    if n > 2 && (input[0] == 0 || input[1] == 0) {
        return Err(EncodingError::NoByteOrderMark);
    }
    Ok(None)
}

/// UTF-16 or UTF-32 (`unit` bytes) after its byte-order mark, converted to UTF-8.
fn wide<'a>(
    input: &'a [u8],
    unit: usize,
    be: bool,
    name: &'static str,
) -> Result<Text<'a>, EncodingError> {
    let body = &input[unit..];
    if !body.len().is_multiple_of(unit) {
        return Err(EncodingError::Invalid(name));
    }
    let units = body.chunks_exact(unit);
    let text: Option<String> = if unit == 2 {
        let u16s = units.map(|u| {
            let pair = [u[0], u[1]];
            if be {
                u16::from_be_bytes(pair)
            } else {
                u16::from_le_bytes(pair)
            }
        });
        char::decode_utf16(u16s).collect::<Result<_, _>>().ok()
    } else {
        units
            .map(|u| {
                let quad = [u[0], u[1], u[2], u[3]];
                char::from_u32(if be {
                    u32::from_be_bytes(quad)
                } else {
                    u32::from_le_bytes(quad)
                })
            })
            .collect()
    };
    let text = text.ok_or(EncodingError::Invalid(name))?;
    Ok(Text {
        utf8: Cow::Owned(text.into_bytes()),
        source: Source::Wide(unit),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_order_marks() {
        let doc = "{ a = é; }";
        let utf16le: Vec<u8> = [0xFF, 0xFE]
            .into_iter()
            .chain(doc.encode_utf16().flat_map(u16::to_le_bytes))
            .collect();
        let t = by_byte_order_mark(&utf16le).unwrap().unwrap();
        assert_eq!(&t.utf8[..], doc.as_bytes());
        assert_eq!(t.input_offset(2), 6);
        let bom8 = [&[0xEF, 0xBB, 0xBF][..], doc.as_bytes()].concat();
        let t = by_byte_order_mark(&bom8).unwrap().unwrap();
        assert_eq!(&t.utf8[..], doc.as_bytes());
        assert_eq!(t.input_offset(2), 5);
        assert!(by_byte_order_mark(doc.as_bytes()).unwrap().is_none());
        let no_bom: Vec<u8> = doc.encode_utf16().flat_map(u16::to_be_bytes).collect();
        assert_eq!(
            by_byte_order_mark(&no_bom).err(),
            Some(EncodingError::NoByteOrderMark)
        );
        let odd = [0xFF, 0xFE, b'a'];
        assert_eq!(
            by_byte_order_mark(&odd).err(),
            Some(EncodingError::Invalid("UTF-16LE"))
        );
        let latin = latin1(b"\xE9t\xE9");
        assert_eq!(&latin.utf8[..], "été".as_bytes());
    }
}
