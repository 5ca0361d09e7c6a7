//! The table's strings as UTF-8, the text OpenStep is written in and the order Xcode
//! sorts keys by. ASCII strings are read where the table keeps them; UTF-16 ones are
//! converted once, into one buffer, however often the document refers to them.

use crate::error::{Error, ErrorKind, StringRule};
use crate::writer::{Encoder, Object};

/// Object `i` of `enc`, if there is one.
pub(crate) fn object<'e>(enc: &'e Encoder<'_>, i: u32) -> Option<Object<'e>> {
    ((i as usize) < enc.object_count()).then(|| enc.object(i))
}

/// A UTF-16 string's place in [`Texts::utf8`]: object index, start, end. An end of
/// `usize::MAX` marks a string with an unpaired surrogate, which has no UTF-8 form.
type Span = (u32, usize, usize);

/// The UTF-8 text of every string object of a table.
pub(crate) struct Texts<'e, 'a> {
    enc: &'e Encoder<'a>,
    utf8: Vec<u8>,
    /// By object index, for a binary search.
    spans: Vec<Span>,
}

impl<'e, 'a> Texts<'e, 'a> {
    /// Converts the table's UTF-16 strings: one pass over the objects.
    pub(crate) fn new(enc: &'e Encoder<'a>) -> Texts<'e, 'a> {
        let mut texts = Texts {
            enc,
            utf8: Vec::new(),
            spans: Vec::new(),
        };
        let mut buf = [0u8; 4];
        for i in 0..enc.object_count() as u32 {
            let Object::Utf16(units) = enc.object(i) else {
                continue;
            };
            let start = texts.utf8.len();
            let units = units
                .chunks_exact(2)
                .map(|u| u16::from_be_bytes([u[0], u[1]]));
            let mut end = start;
            for c in char::decode_utf16(units) {
                let Ok(c) = c else {
                    texts.utf8.truncate(start);
                    end = usize::MAX;
                    break;
                };
                texts
                    .utf8
                    .extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                end = texts.utf8.len();
            }
            texts.spans.push((i, start, end));
        }
        texts
    }

    /// Objects in the table.
    pub(crate) fn object_count(&self) -> usize {
        self.enc.object_count()
    }

    /// Object `i` of the table, if there is one: the table of a misused `Encoder`
    /// may refer past its end.
    pub(crate) fn object(&self, i: u32) -> Option<Object<'e>> {
        object(self.enc, i)
    }

    /// The UTF-8 text of object `i`: `None` when it is not a string, an error when
    /// it is UTF-16 with an unpaired surrogate.
    pub(crate) fn get(&self, i: u32) -> Option<Result<&[u8], Error>> {
        match self.object(i)? {
            Object::Ascii(b) => Some(Ok(b)),
            Object::Utf16(_) => {
                let at = self.spans.binary_search_by_key(&i, |s| s.0).ok()?;
                let (_, start, end) = self.spans[at];
                Some(if end == usize::MAX {
                    Err(Error::new(ErrorKind::InvalidString(
                        StringRule::UnpairedSurrogate,
                    )))
                } else {
                    Ok(&self.utf8[start..end])
                })
            }
            _ => None,
        }
    }

    /// [`Texts::get`] for a string that must be valid: anything else reads as no
    /// text. For what a project's objects say about each other, where Xcode's rules
    /// use a field only when it is a string.
    pub(crate) fn string(&self, i: u32) -> Option<&[u8]> {
        self.get(i).and_then(Result::ok)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_and_utf16_strings_read_as_utf8_and_other_objects_as_none() {
        let mut enc = Encoder::new();
        let f = enc.begin_array();
        for s in ["plain", "é and 😀", ""] {
            let r = enc.str_copied(s);
            enc.child(r);
        }
        let n = enc.i64(5);
        enc.child(n);
        let root = enc.end_array(f);
        let texts = Texts::new(&enc);
        let Object::Array(items) = enc.object(root.index()) else {
            panic!("an array")
        };
        let got: Vec<_> = items
            .iter()
            .map(|&i| texts.get(i).map(|t| t.unwrap().to_vec()))
            .collect();
        assert_eq!(
            got,
            [
                Some(b"plain".to_vec()),
                Some("é and 😀".as_bytes().to_vec()),
                Some(Vec::new()),
                None
            ]
        );
    }
}
