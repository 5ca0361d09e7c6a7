//! The text encoding of an XML plist, as CoreFoundation's `encodingForXMLData`
//! finds it: a byte-order mark ([`text::encoding`](crate::text::encoding)), else
//! the `encoding=` of a leading `<?xml` declaration, else UTF-8.

use crate::error::XmlError;
use crate::text::encoding::{self, EncodingError, Text};

/// Finds the encoding and converts to UTF-8 if need be.
pub(crate) fn decode(input: &[u8]) -> Result<Text<'_>, XmlError> {
    match encoding::by_byte_order_mark(input) {
        Ok(Some(text)) => return Ok(text),
        Ok(None) => {}
        Err(EncodingError::Invalid(name)) => return Err(XmlError::BadEncoding(name)),
        Err(EncodingError::NoByteOrderMark) => return Err(XmlError::NoByteOrderMark),
    }
    match declared(input)? {
        None => Ok(encoding::utf8(input, 0)),
        Some(name) => convert(input, name),
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
        "iso-8859-1" | "iso_8859-1" | "latin1" | "l1" | "iso-latin-1" => {
            Ok(encoding::latin1(input))
        }
        "us-ascii" | "ascii" => {
            if !input.is_ascii() {
                return Err(XmlError::BadEncoding("US-ASCII"));
            }
            Ok(encoding::utf8(input, 0))
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
