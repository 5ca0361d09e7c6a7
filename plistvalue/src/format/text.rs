//! How a text document starts, which tells XML from OpenStep (and both from JSON)
//! without reading either (the readers' own rules are in `xml/` and `openstep/`;
//! `docs/OPENSTEP.md` section 2 states this one).

/// A text format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Text {
    /// `<` first, not opening OpenStep data.
    Xml,
    /// Anything that can start an OpenStep document.
    OpenStep,
}

/// The characters of a text after its byte-order mark, as code points; a unit
/// that is not a character is U+FFFD.
#[derive(Clone)]
struct Chars<'a> {
    body: &'a [u8],
    /// Bytes a unit: 1 (UTF-8), 2 or 4.
    unit: usize,
    be: bool,
}

impl Iterator for Chars<'_> {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        let b = self.body;
        let (c, len) = match (self.unit, self.be) {
            (1, _) => match *b.first()? {
                c @ 0..=0x7F => (u32::from(c), 1),
                lead => {
                    let len = match lead {
                        0xC0..=0xDF => 2,
                        0xE0..=0xEF => 3,
                        _ => 4,
                    };
                    match b.get(..len).and_then(|s| std::str::from_utf8(s).ok()) {
                        Some(s) => (s.chars().next().map_or(0xFFFD, u32::from), len),
                        None => (0xFFFD, 1),
                    }
                }
            },
            (2, be) => {
                let u: [u8; 2] = b.get(..2)?.try_into().ok()?;
                let v = if be {
                    u16::from_be_bytes(u)
                } else {
                    u16::from_le_bytes(u)
                };
                (u32::from(v), 2)
            }
            (_, be) => {
                let u: [u8; 4] = b.get(..4)?.try_into().ok()?;
                (
                    if be {
                        u32::from_be_bytes(u)
                    } else {
                        u32::from_le_bytes(u)
                    },
                    4,
                )
            }
        };
        self.body = &b[len..];
        Some(c)
    }
}

/// The characters of `bytes` after an optional byte-order mark (UTF-8, UTF-16 or
/// UTF-32, either byte order). `None` for UTF-16 or UTF-32 without a mark (a zero in
/// the first two bytes), which neither format reads.
fn chars(bytes: &[u8]) -> Option<Chars<'_>> {
    // (byte-order mark, unit size, big-endian)
    let (skip, unit, be) = match bytes {
        [0, 0, 0xFE, 0xFF, ..] => (4, 4, true),
        [0xFF, 0xFE, 0, 0, ..] => (4, 4, false),
        [0xEF, 0xBB, 0xBF, ..] => (3, 1, true),
        [0xFF, 0xFE, ..] => (2, 2, false),
        [0xFE, 0xFF, ..] => (2, 2, true),
        [0, ..] | [_, 0, ..] => return None,
        _ => (0, 1, true),
    };
    Some(Chars {
        body: &bytes[skip..],
        unit,
        be,
    })
}

const fn ascii(c: u32) -> u8 {
    if c < 0x80 {
        c as u8
    } else {
        0
    }
}

fn is_hex(c: u32) -> bool {
    ascii(c).is_ascii_hexdigit()
}

/// OpenStep whitespace: tab to CR, space, U+2028 and U+2029.
fn is_space(c: u32) -> bool {
    matches!(c, 0x09..=0x0D | 0x20 | 0x2028 | 0x2029)
}

/// Whitespace between the byte pairs of OpenStep data.
fn is_data_space(c: u32) -> bool {
    matches!(c, 0x09 | 0x0A | 0x0D | 0x20 | 0x2028 | 0x2029)
}

/// A character of an unquoted OpenStep string.
fn is_unquoted(c: u32) -> bool {
    let c = ascii(c);
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'/' | b':' | b'.' | b'-')
}

/// A peekable walk over the characters.
struct Cursor<'a> {
    it: std::iter::Peekable<Chars<'a>>,
}

impl Cursor<'_> {
    fn peek(&mut self) -> Option<u32> {
        self.it.peek().copied()
    }

    fn skip_while(&mut self, f: impl Fn(u32) -> bool) {
        while self.it.next_if(|&c| f(c)).is_some() {}
    }

    /// Past OpenStep whitespace and comments; the next character, if any.
    fn skip_space_and_comments(&mut self) -> Option<u32> {
        loop {
            self.skip_while(is_space);
            if self.peek()? != u32::from(b'/') {
                return self.peek();
            }
            // Cloning the iterator looks one character further without consuming.
            let mut ahead = self.it.clone();
            ahead.next();
            match ahead.next().map(ascii) {
                Some(b'/') => {
                    self.it = ahead;
                    self.skip_while(|c| !matches!(c, 0x0A | 0x0D | 0x2028 | 0x2029));
                }
                Some(b'*') => {
                    self.it = ahead;
                    let mut star = false;
                    loop {
                        let c = ascii(self.it.next()?);
                        if star && c == b'/' {
                            break;
                        }
                        star = c == b'*';
                    }
                }
                _ => return self.peek(),
            }
        }
    }
}

/// Which text format `bytes` start as: `<` after a byte-order mark and XML
/// whitespace is XML, unless it opens OpenStep data (a digit, whitespace, `>`, or
/// GNUstep's `*` or `[` after it, or hex digits and whitespace up to `>`); otherwise OpenStep if the first character after whitespace and comments
/// can start an OpenStep document, or there is none (an empty dictionary), but not
/// JSON (`[`, or `{` then a quoted key and `:`). `None` for anything else.
pub(crate) fn detect(bytes: &[u8]) -> Option<Text> {
    let Some(chars) = chars(bytes) else {
        // Wide text without a byte-order mark, which no reader takes: `<` first
        // makes it XML, whose reader says why it refuses it.
        let first = bytes.iter().take(2).copied().find(|&b| b != 0);
        return (first == Some(b'<')).then_some(Text::Xml);
    };
    let mut cur = Cursor {
        it: chars.peekable(),
    };
    cur.peek()?;
    cur.skip_while(|c| matches!(c, 0x20 | 0x09 | 0x0A | 0x0D));
    if cur.peek() == Some(u32::from(b'<')) {
        cur.it.next();
        // An XML name starts with a letter, `_` or `:`; data with a digit, space or
        // `>`, and GNUstep's extensions with `*` or `[`. After a hex letter, the run
        // of digits and spaces tells: `<abcd>` is data, `<dict>` is not.
        let data = match cur.peek() {
            Some(c) if matches!(ascii(c), b'0'..=b'9' | b'>' | b'*' | b'[') => true,
            Some(c) if is_data_space(c) => true,
            Some(c) if is_hex(c) => {
                cur.skip_while(|c| is_hex(c) || is_data_space(c));
                cur.peek() == Some(u32::from(b'>'))
            }
            _ => false,
        };
        return Some(if data { Text::OpenStep } else { Text::Xml });
    }
    let Some(first) = cur.skip_space_and_comments() else {
        return Some(Text::OpenStep);
    };
    match ascii(first) {
        b'[' => None,
        b'{' => {
            cur.it.next();
            if cur.skip_space_and_comments() == Some(u32::from(b'"')) {
                cur.it.next();
                let mut escaped = false;
                loop {
                    let c = ascii(cur.it.next()?);
                    if c == b'"' && !escaped {
                        break;
                    }
                    escaped = c == b'\\' && !escaped;
                }
                cur.skip_while(|c| matches!(c, 0x20 | 0x09 | 0x0A | 0x0D));
                if cur.peek() == Some(u32::from(b':')) {
                    return None;
                }
            }
            Some(Text::OpenStep)
        }
        b'(' | b'<' | b'"' | b'\'' => Some(Text::OpenStep),
        _ if is_unquoted(first) => Some(Text::OpenStep),
        _ => None,
    }
}

/// Whether `bytes` are text throughout: a UTF-16 or UTF-32 byte-order mark, or
/// UTF-8 without a NUL. For naming the format of input a binary reader refuses,
/// where a text start followed by binary bytes is no text document.
pub(crate) fn is_text(bytes: &[u8]) -> bool {
    matches!(
        bytes,
        [0, 0, 0xFE, 0xFF, ..] | [0xFF, 0xFE, ..] | [0xFE, 0xFF, ..]
    ) || (!bytes.contains(&0) && std::str::from_utf8(bytes).is_ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utf16(be: bool, text: &str) -> Vec<u8> {
        let bom: [u8; 2] = if be { [0xFE, 0xFF] } else { [0xFF, 0xFE] };
        bom.into_iter()
            .chain(
                text.encode_utf16()
                    .flat_map(move |u| if be { u.to_be_bytes() } else { u.to_le_bytes() }),
            )
            .collect()
    }

    #[test]
    fn xml_openstep_and_json_apart() {
        for xml in [
            &b" \r\n\t<plist/>"[..],
            b"\xEF\xBB\xBF<?xml",
            b"<dict>",
            b"<abc",
            b"<",
        ] {
            assert_eq!(detect(xml), Some(Text::Xml), "{xml:?}");
        }
        assert_eq!(detect(&utf16(true, "\n<plist>")), Some(Text::Xml));
        assert_eq!(detect(b"\0<\0p"), Some(Text::Xml));
        assert_eq!(detect(b"<\0p\0"), Some(Text::Xml));
        for os in [
            &b"{ a = b; }"[..],
            b"// !$*UTF8*$!\n{",
            b"/* c */ <0fbd>",
            b"<0f bd>",
            b"<ab cd>",
            b"<0g>",
            b"< 00>",
            b"<*I5>",
            b"<>",
            b"\"a\" = \"b\";",
            b"'a'",
            b"a = b;",
            b"  \n ",
            b"/* only a comment */",
            b"( 1, 2 )",
            b"{ \"a\" = 1; }",
            b"{}",
            b"/usr/lib",
        ] {
            assert_eq!(detect(os), Some(Text::OpenStep), "{os:?}");
        }
        assert_eq!(
            detect(&utf16(false, "\"k\" = \"v\";")),
            Some(Text::OpenStep)
        );
        assert_eq!(
            detect("\u{2028}{ a = b; }".as_bytes()),
            Some(Text::OpenStep)
        );
        for neither in [
            &b""[..],
            b"\xEF\xBB\xBF",
            b"[1, 2]",
            b"{\"a\": 1}",
            b" { \"a\\\"\" \n : 1}",
            b"\0{",
            b"a\0",
            b"\x01",
            b"\xFF\xD8\xFF\xE0",
            b"+1",
        ] {
            assert_eq!(detect(neither), None, "{neither:?}");
        }
    }
}
