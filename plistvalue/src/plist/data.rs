//! `plist::Data`: bytes that serde writes as a plist data object.

use std::fmt;

use super::xml;
use crate::xml::base64;

/// A byte buffer for `#[derive(Serialize, Deserialize)]` fields that are plist
/// data.
///
/// ```
/// use plistvalue::plist::Data;
/// let d = Data::new(vec![1, 2, 3]);
/// assert_eq!(d.to_xml_format(), "AQID");
/// assert_eq!(Data::from_xml_format("AQID").unwrap(), d);
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Data {
    inner: Vec<u8>,
}

/// The error of [`Data::from_xml_format`]: the text is not base64.
#[derive(Debug)]
pub struct InvalidXmlData(());

impl fmt::Display for InvalidXmlData {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Invalid XML data: not canonical base64")
    }
}

impl std::error::Error for InvalidXmlData {}

impl Data {
    /// Creates a new `Data` from vec of bytes.
    pub fn new(bytes: Vec<u8>) -> Self {
        Data { inner: bytes }
    }

    /// Reads standard base64 with its padding and nothing else (no whitespace,
    /// no stray bits in the last character), as the plist crate's
    /// `from_xml_format` does.
    ///
    /// # Errors
    /// [`InvalidXmlData`] for any other text.
    pub fn from_xml_format(b64_str: &str) -> Result<Self, InvalidXmlData> {
        let mut out = Vec::new();
        let len = base64::decode(b64_str.as_bytes(), &mut out).map_err(|_| InvalidXmlData(()))?;
        out.truncate(len);
        // CF's decoder is lenient; the text is canonical when it is what the bytes
        // encode to.
        let mut canonical = vec![0; len.div_ceil(3) * 4];
        base64::encode_into(&out, &mut canonical);
        if canonical != b64_str.as_bytes() {
            return Err(InvalidXmlData(()));
        }
        Ok(Data::new(out))
    }

    /// Standard base64, in lines of 68 characters, as the plist crate's
    /// `to_xml_format` writes it.
    pub fn to_xml_format(&self) -> String {
        let mut out = Vec::new();
        xml::base64_lines(&mut out, &self.inner, false, b'\t', 0);
        String::from_utf8(out).expect("base64 is ASCII")
    }
}

impl From<Vec<u8>> for Data {
    fn from(from: Vec<u8>) -> Self {
        Data { inner: from }
    }
}

impl From<Data> for Vec<u8> {
    fn from(from: Data) -> Self {
        from.inner
    }
}

impl AsRef<[u8]> for Data {
    fn as_ref(&self) -> &[u8] {
        self.inner.as_ref()
    }
}

impl AsMut<[u8]> for Data {
    fn as_mut(&mut self) -> &mut [u8] {
        self.inner.as_mut()
    }
}

impl fmt::Debug for Data {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.inner.fmt(f)
    }
}
