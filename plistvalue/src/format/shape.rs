//! The payload-shape table: for every marker byte, how many payload bytes follow it,
//! or how a counted payload is sized. The reader locates objects with it; the writer
//! sizes its output with it, so the two cannot disagree on a width.

use super::{DATE, FALSE, LONG_COUNT, NULL, REAL32, REAL64, TRUE};

/// Largest fixed payload, a 16-byte integer's; a shape up to it is a byte count.
pub(crate) const MAX_FIXED: u8 = 16;
/// A counted payload of one byte per count: data and ASCII strings.
pub(crate) const PER_BYTE: u8 = 0x40;
/// A counted payload of two bytes per count: UTF-16 strings.
pub(crate) const PER_UNIT16: u8 = 0x41;
/// A counted payload of one reference per count: arrays and sets.
pub(crate) const PER_REF: u8 = 0x42;
/// A counted payload of two references per count: dictionaries, keys then values.
pub(crate) const PER_REF_PAIR: u8 = 0x43;
/// A marker no format version defines.
pub(crate) const BAD: u8 = 0xFF;

/// `SHAPES[marker]`: up to [`MAX_FIXED`], the payload length of a fixed-size object;
/// otherwise how a counted payload is sized, or [`BAD`].
static SHAPES: [u8; 256] = {
    let mut table = [BAD; 256];
    let mut m = 0;
    while m < 256 {
        table[m] = classify(m as u8);
        m += 1;
    }
    table
};

const fn classify(marker: u8) -> u8 {
    let nibble = marker & LONG_COUNT;
    match marker >> 4 {
        0x0 if marker == NULL || marker == FALSE || marker == TRUE => 0,
        0x1 if nibble <= 4 => 1 << nibble,
        0x2 if marker == REAL32 => 4,
        0x2 if marker == REAL64 => 8,
        0x3 if marker == DATE => 8,
        0x8 if nibble <= 7 => nibble + 1,
        0x4 | 0x5 => PER_BYTE,
        0x6 => PER_UNIT16,
        0xA | 0xC => PER_REF,
        0xD => PER_REF_PAIR,
        _ => BAD,
    }
}

/// The shape of `marker`'s payload.
#[inline(always)]
pub(crate) fn of(marker: u8) -> u8 {
    SHAPES[marker as usize]
}

/// Bytes of a fixed-size object with this marker, marker included: what the writer
/// reserves for a scalar. Computed rather than looked up, so that for the marker of
/// a known type it folds to a constant in the writer's hot path.
#[inline(always)]
pub(crate) const fn fixed_len(marker: u8) -> u64 {
    let shape = classify(marker);
    debug_assert!(shape <= MAX_FIXED, "the marker has no fixed size");
    1 + shape as u64
}

/// References a container with this marker and `count` holds (0 for any other).
#[inline]
pub(crate) fn refs(marker: u8, count: u64) -> u64 {
    match of(marker) {
        PER_REF => count,
        PER_REF_PAIR => 2 * count,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{ARRAY, ASCII, DATA, DICT, INT, UID, UTF16};

    #[test]
    fn every_defined_marker_has_its_shape() {
        assert_eq!(of(TRUE), 0);
        assert_eq!(of(INT | 4), 16);
        assert_eq!(of(INT | 5), BAD);
        assert_eq!(of(REAL32), 4);
        assert_eq!(of(0x21), BAD);
        assert_eq!(of(0x34), BAD);
        assert_eq!(of(UID | 7), 8);
        assert_eq!(of(UID | 8), BAD);
        assert_eq!((of(DATA | 3), of(ASCII | 15)), (PER_BYTE, PER_BYTE));
        assert_eq!(of(UTF16), PER_UNIT16);
        assert_eq!((of(ARRAY), of(0xC2)), (PER_REF, PER_REF));
        assert_eq!(of(DICT | 1), PER_REF_PAIR);
        assert_eq!(
            (of(0x70), of(0xB0), of(0xE0), of(0xF0)),
            (BAD, BAD, BAD, BAD)
        );
        assert_eq!(refs(DICT | 2, 2), 4);
        assert_eq!(fixed_len(REAL64), 9);
    }
}
