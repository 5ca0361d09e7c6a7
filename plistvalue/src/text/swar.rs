//! Eight bytes at a time: the tests the text readers and the XML writer run over
//! text and base64, where the byte looked for is rare. (The classic zero-byte tricks on a
//! `u64`: exact about whether a byte matches, and about where the first match is,
//! since a false match can only sit above a true one.)

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGH: u64 = 0x8080_8080_8080_8080;

#[inline(always)]
fn zero_byte(x: u64) -> bool {
    x.wrapping_sub(ONES) & !x & HIGH != 0
}

/// Whether any byte of `w` is `c`.
#[inline(always)]
pub(crate) fn has(w: u64, c: u8) -> bool {
    zero_byte(w ^ (ONES * c as u64))
}

/// The bytes of `w` equal to `c`, as the high bit of each. Bytes above the first
/// match may be flagged falsely (the borrow runs upward), the first flagged byte is
/// exact: `trailing_zeros() / 8` of the result is the first match's index.
#[inline(always)]
pub(crate) fn matches(w: u64, c: u8) -> u64 {
    let x = w ^ (ONES * c as u64);
    x.wrapping_sub(ONES) & !x & HIGH
}

/// The index of the first flagged byte of a mask from [`matches`] (or several,
/// combined with `|`).
#[inline(always)]
pub(crate) fn first(m: u64) -> usize {
    m.trailing_zeros() as usize / 8
}

/// The word at `b[i..i + 8]`, if there are eight bytes.
#[inline(always)]
pub(crate) fn word(b: &[u8], i: usize) -> Option<u64> {
    let w: [u8; 8] = b.get(i..i + 8)?.try_into().ok()?;
    Some(u64::from_le_bytes(w))
}

/// The index of the first byte `c` from `from`, eight bytes at a time.
#[inline(always)]
pub(crate) fn find(b: &[u8], from: usize, c: u8) -> Option<usize> {
    let mut i = from;
    while let Some(w) = word(b, i) {
        let m = matches(w, c);
        if m != 0 {
            return Some(i + first(m));
        }
        i += 8;
    }
    b.get(i..)?.iter().position(|&x| x == c).map(|p| i + p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_tests_are_exact() {
        for c in 0..=255u8 {
            for at in 0..8 {
                let mut bytes = *b"QUJDRUZH";
                bytes[at] = c;
                let w = u64::from_le_bytes(bytes);
                assert_eq!(has(w, b'<'), c == b'<');
            }
        }
        assert_eq!(find(b"abcdefghijk<l", 0, b'<'), Some(11));
        assert_eq!(find(b"abcdefghijk<l", 12, b'<'), None);
        assert_eq!(find(b"abc", 7, b'<'), None);
    }

    #[test]
    fn the_first_match_is_exact() {
        // Every word of bytes drawn from around the awkward values (the byte looked
        // for, one above and below it, 0x00, 0x80, 0xFF): the first flagged byte is
        // the first match, and no flag is set in a word without one.
        let c = b'<';
        let pool = [c, c - 1, c + 1, 0, 0x80, 0xFF, c ^ 0x80];
        let mut bytes = [0u8; 8];
        for k in 0..pool.len().pow(5) {
            let mut k2 = k;
            for (j, b) in bytes.iter_mut().enumerate() {
                *b = if j < 5 {
                    pool[k2 % pool.len()]
                } else {
                    pool[(k + j) % pool.len()]
                };
                k2 /= pool.len();
            }
            let m = matches(u64::from_le_bytes(bytes), c);
            match bytes.iter().position(|&b| b == c) {
                Some(p) => assert_eq!(first(m), p, "{bytes:?}"),
                None => assert_eq!(m, 0, "{bytes:?}"),
            }
        }
    }
}
