//! `<data>` text: CoreFoundation's lenient base64 reading and its line-wrapped
//! writing. Well-formed text, which is all CF ever writes, is
//! decoded line by line in place; anything else goes through CF's own loop.
//! Writing lays each line out in place from a table of character pairs.

use crate::error::XmlError;

/// The whitespace CF's loop skips without resetting its `=` count (C `isspace`).
fn is_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | b'\r' | 0x0B | 0x0C)
}

/// Decodes `content` (everything up to the `<` after it) into `out[..len]` and
/// returns `len`; `out` is working space, grown as needed and never shrunk, so
/// that it is not zeroed again for every element. Errors are at an offset in
/// `content`.
pub(crate) fn decode(content: &[u8], out: &mut Vec<u8>) -> Result<usize, (usize, XmlError)> {
    if let Some(len) = canonical(content, out) {
        return Ok(len);
    }
    out.clear();
    lenient(content, out)?;
    Ok(out.len())
}

/// Set in a [`SHIFTED`] entry for a byte outside the alphabet.
const INVALID: u32 = 1 << 31;

/// For each place in a group of four, each byte's 6-bit value in the standard
/// alphabet shifted to its bits of the group's 24, or [`INVALID`]: a group is
/// four lookups and three ORs.
const SHIFTED: [[u32; 256]; 4] = {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut t = [[INVALID; 256]; 4];
    let mut i = 0;
    while i < 64 {
        let c = ALPHABET[i] as usize;
        let mut place = 0;
        while place < 4 {
            t[place][c] = (i as u32) << (18 - 6 * place);
            place += 1;
        }
        i += 1;
    }
    t
};

/// The group of four at `g[0..4]` as its 24 bits, or with [`INVALID`] set.
#[inline(always)]
fn group(g: [u8; 4]) -> u32 {
    SHIFTED[0][g[0] as usize]
        | SHIFTED[1][g[1] as usize]
        | SHIFTED[2][g[2] as usize]
        | SHIFTED[3][g[3] as usize]
}

/// What CF writes: lines of whole groups of four between whitespace, `=` only in
/// the last group, decoded a group at a time straight into `out`, with no copy to
/// strip the whitespace first. `None` for anything else, which [`lenient`] then
/// reads; on what this accepts, the two agree byte for byte (trailing bits are
/// dropped either way).
fn canonical(content: &[u8], out: &mut Vec<u8>) -> Option<usize> {
    let n = content.len();
    // A group of four characters is three bytes at most; each is written as four,
    // the fourth overwritten by the next.
    let most = n / 4 * 3 + 1;
    if out.len() < most {
        out.resize(most, 0);
    }
    let (mut i, mut o) = (0, 0);
    loop {
        while i < n && is_space(content[i]) {
            i += 1;
        }
        let mut groups = 0;
        for (g, d) in content[i..]
            .chunks_exact(4)
            .zip(out[o..most].chunks_exact_mut(3))
        {
            let v = group([g[0], g[1], g[2], g[3]]);
            if v & INVALID != 0 {
                break;
            }
            d.copy_from_slice(&v.to_be_bytes()[1..]);
            groups += 1;
        }
        (i, o) = (i + 4 * groups, o + 3 * groups);
        match content.get(i) {
            None => break,
            Some(&c) if is_space(c) => {}
            Some(_) => {
                // `xx==` or `xxx=`, then only whitespace.
                let g = *content.get(i..)?.first_chunk::<4>()?;
                let pad = if g[2] == b'=' { 2 } else { 1 };
                let v = group([g[0], g[1], if pad == 2 { b'A' } else { g[2] }, b'A']);
                if v & INVALID != 0 || g[3] != b'=' {
                    return None;
                }
                out[o..o + 3].copy_from_slice(&v.to_be_bytes()[1..]);
                o += 3 - pad;
                if !content[i + 4..].iter().all(|&c| is_space(c)) {
                    return None;
                }
                break;
            }
        }
    }
    Some(o)
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

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// The two characters of every 12-bit value, first in the low byte: three bytes
/// are two lookups.
static PAIRS: [u16; 4096] = {
    let mut t = [0; 4096];
    let mut i = 0;
    while i < 4096 {
        t[i] = ALPHABET[i >> 6] as u16 | (ALPHABET[i & 63] as u16) << 8;
        i += 1;
    }
    t
};

/// The characters of the 12-bit value at bit `shift` of `w`.
#[inline(always)]
fn pair(w: u64, shift: u32) -> u64 {
    PAIRS[(w >> shift) as usize & 0xFFF] as u64
}

/// The eight characters of the six bytes `s`: four pair lookups, one store.
#[inline(always)]
fn eight(s: &[u8]) -> [u8; 8] {
    let w = u64::from_be_bytes([s[0], s[1], s[2], s[3], s[4], s[5], 0, 0]);
    (pair(w, 52) | pair(w, 40) << 16 | pair(w, 28) << 32 | pair(w, 16) << 48).to_le_bytes()
}

/// [`encode_into`] of all but the last two bytes of `src`, a whole number of groups
/// of three, into `dst`: the two bytes more make every six bytes one eight-byte load.
#[inline(always)]
fn encode_ahead(src: &[u8], dst: &mut [u8]) {
    let n = src.len() - 2;
    let steps = n / 6;
    let (body, rest) = dst.split_at_mut(steps * 8);
    for (k, d) in body.chunks_exact_mut(8).enumerate() {
        let w = u64::from_be_bytes(*src[6 * k..].first_chunk::<8>().expect("two bytes ahead"));
        let chars = pair(w, 52) | pair(w, 40) << 16 | pair(w, 28) << 32 | pair(w, 16) << 48;
        d.copy_from_slice(&chars.to_le_bytes());
    }
    if let (Some(g), Some(d)) = (
        src[6 * steps..].first_chunk::<3>(),
        rest.first_chunk_mut::<4>(),
    ) {
        if n % 6 == 3 {
            let w = u64::from_be_bytes([g[0], g[1], g[2], 0, 0, 0, 0, 0]);
            *d = ((pair(w, 52) | pair(w, 40) << 16) as u32).to_le_bytes();
        }
    }
}

/// Standard base64 of `src` into `dst`, which is exactly its encoded length,
/// padded with `=`. Six bytes at a time, then what is left.
#[inline]
pub(crate) fn encode_into(src: &[u8], dst: &mut [u8]) {
    let steps = src.len() / 6;
    let (body, rest) = dst.split_at_mut(steps * 8);
    for (s, d) in src.chunks_exact(6).zip(body.chunks_exact_mut(8)) {
        d.copy_from_slice(&eight(s));
    }
    let tail = &src[steps * 6..];
    let (group, last) = tail.split_at(tail.len().min(3));
    let mut out = rest.chunks_exact_mut(4);
    let four = |g: [u8; 3]| {
        let w = u64::from_be_bytes([g[0], g[1], g[2], 0, 0, 0, 0, 0]);
        ((pair(w, 52) | pair(w, 40) << 16) as u32).to_le_bytes()
    };
    match (group, out.next()) {
        ([a, b, c], Some(d)) => d.copy_from_slice(&four([*a, *b, *c])),
        ([a, b], Some(d)) => {
            let [x, y, z, _] = four([*a, *b, 0]);
            d.copy_from_slice(&[x, y, z, b'=']);
        }
        ([a], Some(d)) => {
            let [x, y, ..] = four([*a, 0, 0]);
            d.copy_from_slice(&[x, y, b'=', b'=']);
        }
        _ => return,
    }
    match (last, out.next()) {
        ([a, b], Some(d)) => {
            let [x, y, z, _] = four([*a, *b, 0]);
            d.copy_from_slice(&[x, y, z, b'=']);
        }
        ([a], Some(d)) => {
            let [x, y, ..] = four([*a, 0, 0]);
            d.copy_from_slice(&[x, y, b'=', b'=']);
        }
        _ => {}
    }
}

/// Appends `data` as CF's writer lays it out inside a `<data>` element at
/// indentation `indent`: lines of [`line_chars`] characters, each after
/// `min(indent, 8)` tabs and before a newline.
pub(crate) fn encode_lines(out: &mut Vec<u8>, data: &[u8], indent: usize) {
    // Each line is laid out in a buffer on the stack, its tabs written once, and
    // appended whole: one copy per line, where filling `out` with tabs first and
    // encoding in place was a `memset` of the whole text and an index per line.
    let tabs = indent.min(8);
    let width = line_chars(indent);
    let encoded = data.len().div_ceil(3) * 4;
    out.reserve(encoded + encoded.div_ceil(width) * (tabs + 1));
    let mut line = [b'\t'; 8 + 76 + 1];
    let per_line = width / 4 * 3;
    let full = &mut line[..=tabs + width];
    full[tabs + width] = b'\n';
    let mut at = 0;
    // Lines followed by two more bytes of data: each six bytes one eight-byte load.
    while let Some(ahead) = data.get(at..at + per_line + 2) {
        encode_ahead(ahead, &mut full[tabs..tabs + width]);
        out.extend_from_slice(full);
        at += per_line;
    }
    let mut lines = data[at..].chunks_exact(per_line);
    for l in &mut lines {
        encode_into(l, &mut full[tabs..tabs + width]);
        out.extend_from_slice(full);
    }
    let rest = lines.remainder();
    if !rest.is_empty() {
        let n = rest.len().div_ceil(3) * 4;
        encode_into(rest, &mut line[tabs..tabs + n]);
        line[tabs + n] = b'\n';
        out.extend_from_slice(&line[..=tabs + n]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use base64::engine::general_purpose::STANDARD;
    use base64::Engine as _;

    fn read(s: &str) -> Result<Vec<u8>, XmlError> {
        let mut out = Vec::new();
        let len = decode(s.as_bytes(), &mut out).map_err(|e| e.1)?;
        Ok(out[..len].to_vec())
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
    fn lines_hold_standard_base64() {
        let data: Vec<u8> = (0..300u32).map(|i| (i * 151 % 256) as u8).collect();
        for len in 0..data.len() {
            for indent in [0, 3, 9] {
                let mut out = vec![b'x'];
                encode_lines(&mut out, &data[..len], indent);
                let text: Vec<u8> = out[1..]
                    .iter()
                    .copied()
                    .filter(|&c| c != b'\t' && c != b'\n')
                    .collect();
                assert_eq!(text, STANDARD.encode(&data[..len]).as_bytes(), "{len}");
                assert_eq!(out[0], b'x');
            }
        }
    }

    #[test]
    fn the_fast_path_reads_as_cf_does() {
        // Every string of up to five of these bytes (and a canonical line around
        // each): whatever `canonical` accepts, it decodes as CF's loop does.
        let alphabet = b"QA/=\n \t&\x80";
        let (mut fast, mut slow) = (Vec::new(), Vec::new());
        let mut accepted = 0;
        for len in 0..=5u32 {
            for mut k in 0..alphabet.len().pow(len) {
                let mut s = Vec::new();
                for _ in 0..len {
                    s.push(alphabet[k % alphabet.len()]);
                    k /= alphabet.len();
                }
                for text in [s.clone(), [b"\n\tQUJD".as_slice(), &s].concat()] {
                    slow.clear();
                    let want = lenient(&text, &mut slow).map(|()| slow.clone());
                    let got = decode(&text, &mut fast).map(|len| fast[..len].to_vec());
                    assert_eq!(got, want);
                    if let Some(len) = canonical(&text, &mut fast) {
                        accepted += 1;
                        assert_eq!(Ok(fast[..len].to_vec()), want, "{text:?}");
                    }
                }
            }
        }
        assert!(accepted > 1000, "{accepted}");
    }

    #[test]
    fn line_widths_follow_the_indentation() {
        let data: Vec<u8> = (0..200u8).collect();
        for indent in [0, 1, 4, 8, 12] {
            let mut out = Vec::new();
            encode_lines(&mut out, &data, indent);
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
