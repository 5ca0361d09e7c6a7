//! `<data>` text: CoreFoundation's lenient base64 reading (XML.md R14) and its
//! line-wrapped writing (W9). Well-formed text, which is all CF ever writes, goes
//! through the `base64` crate; anything else through CF's own loop.

use base64::engine::general_purpose::STANDARD;
use base64::Engine as _;

use super::swar;
use crate::error::XmlError;

/// The whitespace CF's loop skips without resetting its `=` count (C `isspace`).
fn is_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | b'\r' | 0x0B | 0x0C)
}

/// Decodes `content` (everything up to the `<` after it) into `out`, which is
/// cleared first; `scratch` is working space. Errors are at an offset in `content`.
pub(crate) fn decode(
    content: &[u8],
    out: &mut Vec<u8>,
    scratch: &mut Vec<u8>,
) -> Result<(), (usize, XmlError)> {
    out.clear();
    scratch.clear();
    scratch.reserve(content.len());
    // Whitespace comes once a line: the runs between are copied whole, found eight
    // bytes at a time (any byte below 0x21 ends a run; one that is not whitespace
    // is kept, and the crate then refuses it).
    let n = content.len();
    let mut i = 0;
    while i < n {
        while i < n && is_space(content[i]) {
            i += 1;
        }
        let end = swar::find(content, i, |w| !swar::has_below(w, 0x21), |c| c < 0x21).unwrap_or(n);
        scratch.extend_from_slice(&content[i..end]);
        i = end;
        if i < n && !is_space(content[i]) {
            scratch.push(content[i]);
            i += 1;
        }
    }
    // Canonical base64 (padding only at the end, zero trailing bits) reads the same
    // both ways; the crate refuses anything else, which then takes CF's loop.
    if scratch.len().is_multiple_of(4) && STANDARD.decode_vec(&scratch[..], out).is_ok() {
        return Ok(());
    }
    out.clear();
    lenient(content, out)
}

/// `parseDataTag`'s loop: bytes outside the alphabet are skipped (but not those at
/// or above 0x80, which are errors), `=` counts as a zero symbol and trims its group
/// of four by the `=` seen since the last byte that was neither `=` nor space, and a
/// partial last group is dropped.
fn lenient(content: &[u8], out: &mut Vec<u8>) -> Result<(), (usize, XmlError)> {
    let (mut equals, mut acc, mut symbols) = (0u32, 0u32, 0u32);
    for (i, &c) in content.iter().enumerate() {
        if c >= 0x80 {
            return Err((i, XmlError::BadData(c)));
        }
        if c == b'=' {
            equals += 1;
        } else if !is_space(c) {
            equals = 0;
        }
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            b'=' => 0,
            _ => continue,
        };
        symbols += 1;
        acc = acc << 6 | v as u32;
        if symbols % 4 == 0 {
            out.push((acc >> 16) as u8);
            if equals < 2 {
                out.push((acc >> 8) as u8);
            }
            if equals < 1 {
                out.push(acc as u8);
            }
        }
    }
    Ok(())
}

/// Characters on a full line of data written at indentation `indent`: the tabs are
/// capped at 8 and each counts 8 columns of 76.
pub(crate) fn line_chars(indent: usize) -> usize {
    76 - 8 * indent.min(8)
}

/// Appends `data` as CF's writer lays it out inside a `<data>` element at
/// indentation `indent`: lines of [`line_chars`] characters, each after
/// `min(indent, 8)` tabs and before a newline. `scratch` is working space.
pub(crate) fn encode_lines(out: &mut Vec<u8>, data: &[u8], indent: usize, scratch: &mut Vec<u8>) {
    if data.is_empty() {
        return;
    }
    // The crate encodes a block of lines at a time into `scratch`, small enough to
    // stay in cache, and the lines are copied out with their tabs. (Its loop is a
    // fifth faster than a hand-written 12-bit-table one: 44 ms against 55 ms for
    // 41 MB.)
    const TABS: &[u8; 8] = b"\t\t\t\t\t\t\t\t";
    const BLOCK_LINES: usize = 64;
    let tabs = &TABS[..indent.min(8)];
    let width = line_chars(indent);
    let encoded = data.len().div_ceil(3) * 4;
    out.reserve(encoded + encoded.div_ceil(width) * (tabs.len() + 1));
    scratch.resize(width * BLOCK_LINES, 0);
    for block in data.chunks(width / 4 * 3 * BLOCK_LINES) {
        let n = STANDARD
            .encode_slice(block, &mut scratch[..])
            .expect("a block's base64 fits");
        for line in scratch[..n].chunks(width) {
            out.extend_from_slice(tabs);
            out.extend_from_slice(line);
            out.push(b'\n');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(s: &str) -> Result<Vec<u8>, XmlError> {
        let (mut out, mut scratch) = (Vec::new(), Vec::new());
        decode(s.as_bytes(), &mut out, &mut scratch).map_err(|e| e.1)?;
        Ok(out)
    }

    #[test]
    fn cf_leniency() {
        assert_eq!(read("QUJD").unwrap(), b"ABC");
        assert_eq!(read("\n\tQU\n JD\n").unwrap(), b"ABC");
        assert_eq!(read("QU&amp;JD").unwrap(), b"AF\xA6");
        assert_eq!(read("QQ==QUJD").unwrap(), b"AABC");
        assert_eq!(read("QUJDRA").unwrap(), b"ABC");
        assert_eq!(read("").unwrap(), b"");
        assert_eq!(read("QR==").unwrap(), b"A");
        assert_eq!(read("QUé"), Err(XmlError::BadData(0xC3)));
    }

    #[test]
    fn line_widths_follow_the_indentation() {
        let data: Vec<u8> = (0..200u8).collect();
        for indent in [0, 1, 4, 8, 12] {
            let mut out = Vec::new();
            encode_lines(&mut out, &data, indent, &mut Vec::new());
            let lines: Vec<&[u8]> = out
                .split(|&c| c == b'\n')
                .filter(|l| !l.is_empty())
                .collect();
            let tabs = indent.min(8);
            for l in &lines[..lines.len() - 1] {
                assert_eq!(l.len(), tabs + line_chars(indent));
            }
            assert_eq!(read(std::str::from_utf8(&out).unwrap()).unwrap(), data);
        }
    }
}
