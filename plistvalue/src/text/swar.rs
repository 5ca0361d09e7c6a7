//! Eight bytes at a time: the tests the text readers and the XML writer run over
//! text and base64, where the byte looked for is rare. (The classic zero-byte tricks on a
//! `u64`: exact about whether a byte matches, which is all they are used for.)

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

/// The word at `b[i..i + 8]`, if there are eight bytes.
#[inline(always)]
pub(crate) fn word(b: &[u8], i: usize) -> Option<u64> {
    let w: [u8; 8] = b.get(i..i + 8)?.try_into().ok()?;
    Some(u64::from_le_bytes(w))
}

/// The index of the first byte from `from` that `stop` says to stop at, skipping
/// eight bytes at a time while `clean` says a word holds none.
#[inline(always)]
#[cfg_attr(not(feature = "xml"), allow(dead_code))]
pub(crate) fn find(
    b: &[u8],
    from: usize,
    clean: impl Fn(u64) -> bool,
    stop: impl Fn(u8) -> bool,
) -> Option<usize> {
    let mut i = from;
    while let Some(w) = word(b, i) {
        if !clean(w) {
            break;
        }
        i += 8;
    }
    b[i..].iter().position(|&c| stop(c)).map(|p| i + p)
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
        assert_eq!(
            find(b"abcdefghijk<l", 0, |w| !has(w, b'<'), |c| c == b'<'),
            Some(11)
        );
    }
}
