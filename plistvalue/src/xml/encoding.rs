//! The text encoding of an XML plist, as CoreFoundation's `encodingForXMLData`
//! finds it: a UTF-32, UTF-8 or UTF-16 byte-order mark, else the
//! `encoding=` of a leading `<?xml` declaration, else UTF-8. The parser reads UTF-8;
//! other encodings are converted first, and positions are mapped back for errors.

use std::borrow::Cow;

use crate::error::XmlError;

/// How the input's bytes became the parser's UTF-8.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Source {
    /// Read in place, after a byte-order mark of this many bytes.
    Utf8(usize),
    Latin1,
    /// Units of 2 or 4 bytes, after a byte-order mark of the same size.
    Wide(usize),
}

/// The parser's input: UTF-8 text, borrowed when the input was UTF-8.
pub(crate) struct Text<'a> {
    pub(crate) utf8: Cow<'a, [u8]>,
    source: Source,
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

/// Finds the encoding and converts to UTF-8 if need be.
pub(crate) fn decode(input: &[u8]) -> Result<Text<'_>, XmlError> {
    let n = input.len();
    let wide = |unit: usize, be: bool, name: &'static str| -> Result<Text<'_>, XmlError> {
        let body = &input[unit..];
        if !body.len().is_multiple_of(unit) {
            return Err(XmlError::BadEncoding(name));
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
        let text = text.ok_or(XmlError::BadEncoding(name))?;
        Ok(Text {
            utf8: Cow::Owned(text.into_bytes()),
            source: Source::Wide(unit),
        })
    };
    if n > 4 && input.starts_with(&[0, 0, 0xFE, 0xFF]) {
        return wide(4, true, "UTF-32BE");
    }
    if n > 4 && input.starts_with(&[0xFF, 0xFE, 0, 0]) {
        return wide(4, false, "UTF-32LE");
    }
    if n > 3 && input.starts_with(&[0xEF, 0xBB, 0xBF]) {
        return Ok(utf8(input, 3));
    }
    if n > 2 && input.starts_with(&[0xFF, 0xFE]) {
        return wide(2, false, "UTF-16LE");
    }
    if n > 2 && input.starts_with(&[0xFE, 0xFF]) {
        return wide(2, true, "UTF-16BE");
    }
    // CF reads this as UTF-16 and skips two bytes anyway, losing the first
    // character; refusing says why.
    if n > 2 && (input[0] == 0 || input[1] == 0) {
        return Err(XmlError::NoByteOrderMark);
    }
    match declared(input)? {
        None => Ok(utf8(input, 0)),
        Some(name) => convert(input, name),
    }
}

fn utf8(input: &[u8], bom: usize) -> Text<'_> {
    Text {
        utf8: Cow::Borrowed(&input[bom..]),
        source: Source::Utf8(bom),
    }
}

/// The `encoding=` name of a leading `<?xml` declaration, scanned as CF scans it: up
/// to the first `?` or `>`, with no space around `=`. `None` for none or UTF-8.
fn declared(input: &[u8]) -> Result<Option<&str>, XmlError> {
    if !input.starts_with(b"<?xml") {
        return Ok(None);
    }
    let n = input.len();
    let mut i = 5;
    while i < n {
        let c = input[i];
        if c == b'?' || c == b'>' {
            return Ok(None);
        }
        i += 1;
        if i + 8 >= n {
            return Err(XmlError::Eof("the XML declaration"));
        }
        if c == b'e' && &input[i..i + 8] == b"ncoding=" {
            i += 8;
            let q = input[i];
            if q != b'"' && q != b'\'' {
                return Ok(None);
            }
            let Some(len) = input[i + 1..].iter().position(|&c| c == q) else {
                return Ok(None);
            };
            let name = &input[i + 1..i + 1 + len];
            let name = std::str::from_utf8(name).map_err(|_| {
                XmlError::UnknownEncoding(String::from_utf8_lossy(name).into_owned())
            })?;
            return Ok((!name.eq_ignore_ascii_case("utf-8")).then_some(name));
        }
    }
    Ok(None)
}

/// Names CF knows (`CFStringConvertIANACharSetNameToEncoding`) that this reader
/// does not convert: refused as unsupported, not as unknown.
const CF_ONLY: &[&str] = &[
    "macintosh",
    "x-mac-roman",
    "windows-1252",
    "cp1252",
    "shift_jis",
    "euc-jp",
    "iso-2022-jp",
    "gb2312",
    "gbk",
    "gb18030",
    "big5",
    "euc-kr",
    "koi8-r",
    "utf-7",
    "windows-1250",
    "windows-1251",
    "iso-8859-2",
    "iso-8859-5",
    "iso-8859-7",
    "iso-8859-9",
    "iso-8859-15",
];

fn convert<'a>(input: &'a [u8], name: &str) -> Result<Text<'a>, XmlError> {
    let lower = name.to_ascii_lowercase();
    match lower.as_str() {
        "iso-8859-1" | "iso_8859-1" | "latin1" | "l1" | "iso-latin-1" => Ok(Text {
            utf8: Cow::Owned(
                input
                    .iter()
                    .map(|&b| b as char)
                    .collect::<String>()
                    .into_bytes(),
            ),
            source: Source::Latin1,
        }),
        "us-ascii" | "ascii" => {
            if !input.is_ascii() {
                return Err(XmlError::BadEncoding("US-ASCII"));
            }
            Ok(utf8(input, 0))
        }
        // Declared by ASCII-compatible bytes with no byte-order mark: CF decodes
        // them as wide units and fails; so do we, with a reason.
        "utf-16" | "utf-16be" | "utf-16le" => Err(XmlError::BadEncoding("UTF-16")),
        "utf-32" | "utf-32be" | "utf-32le" => Err(XmlError::BadEncoding("UTF-32")),
        other if CF_ONLY.contains(&other) => Err(XmlError::UnsupportedEncoding(name.to_owned())),
        _ => Err(XmlError::UnknownEncoding(name.to_owned())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boms_and_declarations() {
        let doc = "<plist><string>é</string></plist>";
        let utf16le: Vec<u8> = [0xFF, 0xFE]
            .into_iter()
            .chain(doc.encode_utf16().flat_map(u16::to_le_bytes))
            .collect();
        assert_eq!(&decode(&utf16le).unwrap().utf8[..], doc.as_bytes());
        let bom8 = [&[0xEF, 0xBB, 0xBF][..], doc.as_bytes()].concat();
        let t = decode(&bom8).unwrap();
        assert_eq!(&t.utf8[..], doc.as_bytes());
        assert_eq!(t.input_offset(2), 5);
        let latin =
            b"<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><plist><string>\xE9</string></plist>";
        let t = decode(latin).unwrap();
        assert!(std::str::from_utf8(&t.utf8)
            .unwrap()
            .contains("<string>é</string>"));
        let bad = b"<?xml version=\"1.0\" encoding=\"EBCDIC-FR\"?><plist/>";
        assert!(matches!(decode(bad), Err(XmlError::UnknownEncoding(_))));
        let no_bom: Vec<u8> = doc.encode_utf16().flat_map(u16::to_be_bytes).collect();
        assert_eq!(decode(&no_bom).err(), Some(XmlError::NoByteOrderMark));
    }
}
