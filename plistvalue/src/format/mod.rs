//! The `bplist00` byte vocabulary shared by the reader and the writer: markers and
//! their classification, the payload-shape table ([`shape`]), the length-nibble rule,
//! big-endian sized integers and the 32-byte trailer ([`trailer`]). Neither direction
//! spells a marker or a payload size as a literal; both ask this module. How a text
//! document starts, which the formats' entry points share, sits beside it
//! ([`text`]).
//!
//! ```text
//! offset 0   "bplist00"
//! offset 8   objects, back to back; object i is addressed by its index, never by offset
//! offset T   offset table: num_objects big-endian ints of offset_size bytes
//! offset L-32 trailer: 6 unused, offset_size, ref_size, num_objects, top_object, T
//! ```

/// The eight bytes every file starts with.
pub(crate) const MAGIC: &[u8; 8] = b"bplist00";
/// Whether `bytes` start as a binary plist does: `bplist0`, any version CF reads.
pub(crate) fn is_binary(bytes: &[u8]) -> bool {
    bytes.starts_with(b"bplist0")
}

/// Whether `bytes` start with `bplist`: a binary plist of some version, which the
/// binary reader names when it is not one it reads (`bplist15`). Such input is
/// never read as text.
pub(crate) fn claims_binary(bytes: &[u8]) -> bool {
    bytes.starts_with(&MAGIC[..6])
}

/// Bytes in the trailer.
pub(crate) const TRAILER_LEN: usize = 32;
/// Header plus the smallest object plus the trailer (CoreFoundation's lower bound).
pub(crate) const MIN_FILE_LEN: usize = MAGIC.len() + 1 + TRAILER_LEN;

pub(crate) mod shape;
pub(crate) mod text;
pub(crate) mod trailer;

pub(crate) use trailer::Trailer;

// Marker bytes: the high nibble is the type, the low nibble its info (a count, the
// log2 of an integer's width, a UID's width minus one).
/// The `0x00` object, which CoreFoundation reads and plistlib writes for `None`.
pub(crate) const NULL: u8 = 0x00;
/// Boolean false.
pub(crate) const FALSE: u8 = 0x08;
/// Boolean true.
pub(crate) const TRUE: u8 = 0x09;
/// Integers; the low nibble is the log2 of the width (1 to 16 bytes).
pub(crate) const INT: u8 = 0x10;
/// The type nibble of reals.
pub(crate) const REAL: u8 = 0x20;
/// A 4-byte real.
pub(crate) const REAL32: u8 = 0x22;
/// An 8-byte real.
pub(crate) const REAL64: u8 = 0x23;
/// A date: an 8-byte real of seconds since 2001.
pub(crate) const DATE: u8 = 0x33;
/// Data; the low nibble is the byte count.
pub(crate) const DATA: u8 = 0x40;
/// An ASCII string; the low nibble is the byte count.
pub(crate) const ASCII: u8 = 0x50;
/// A UTF-16 string; the low nibble is the count of big-endian units.
pub(crate) const UTF16: u8 = 0x60;
/// A keyed-archiver UID; the low nibble is the width minus one.
pub(crate) const UID: u8 = 0x80;
/// An array; the low nibble is the element count.
pub(crate) const ARRAY: u8 = 0xA0;
/// A set, which CoreFoundation reads and nobody writes; read as an array.
pub(crate) const SET: u8 = 0xC0;
/// A dictionary; the low nibble is the entry count.
pub(crate) const DICT: u8 = 0xD0;
/// Low nibble meaning "a full integer object with the count follows".
pub(crate) const LONG_COUNT: u8 = 0x0F;

/// The type of `marker`, as the marker of that type with a zero low nibble:
/// `type_of(0xD3) == DICT`, `type_of(REAL64) == REAL`.
#[inline(always)]
pub(crate) const fn type_of(marker: u8) -> u8 {
    marker & 0xF0
}

/// The low nibble of `marker`.
#[inline(always)]
pub(crate) const fn info(marker: u8) -> u8 {
    marker & 0x0F
}

/// The marker of an integer `width` bytes wide (a power of two, 1 to 16).
#[inline]
pub(crate) const fn int_marker(width: u8) -> u8 {
    INT | width_nibble(width)
}

/// The marker of a UID `width` bytes wide (1 to 8 here).
#[inline]
pub(crate) const fn uid_marker(width: u8) -> u8 {
    UID | (width - 1)
}

/// The smallest of 1, 2, 4 or 8 bytes that holds `v` unsigned: CoreFoundation's
/// `_byteCount`, used for integers, counts, UIDs, refs and offsets alike.
#[inline]
pub(crate) const fn pow2_width(v: u64) -> u8 {
    if v <= 0xFF {
        1
    } else if v <= 0xFFFF {
        2
    } else if v <= 0xFFFF_FFFF {
        4
    } else {
        8
    }
}

/// log2 of a power-of-two width, the nibble an integer marker carries.
#[inline]
pub(crate) const fn width_nibble(width: u8) -> u8 {
    width.trailing_zeros() as u8
}

/// Appends the low `width` bytes of `v` big-endian. The widths writers use get a
/// fixed-size copy: a variable-length one is a `memcpy` call, and this runs for every
/// reference, offset and integer.
#[inline(always)]
pub(crate) fn put_uint(out: &mut Vec<u8>, v: u64, width: u8) {
    match width {
        1 => out.push(v as u8),
        2 => out.extend_from_slice(&(v as u16).to_be_bytes()),
        4 => out.extend_from_slice(&(v as u32).to_be_bytes()),
        8 => out.extend_from_slice(&v.to_be_bytes()),
        _ => out.extend_from_slice(&v.to_be_bytes()[8 - width as usize..]),
    }
}

/// Reads a big-endian unsigned integer of any width; only the low 8 bytes count,
/// as in CoreFoundation's `_getSizedInt`. The widths writers use are read with a
/// fixed-size load: a variable-length copy is a `memcpy` call and a stalled load on
/// the path every object read takes.
#[inline(always)]
pub(crate) fn get_uint(bytes: &[u8]) -> u64 {
    match *bytes {
        [b] => b as u64,
        [a, b] => u16::from_be_bytes([a, b]) as u64,
        [a, b, c, d] => u32::from_be_bytes([a, b, c, d]) as u64,
        _ if bytes.len() >= 8 => u64::from_be_bytes(bytes[bytes.len() - 8..].try_into().unwrap()),
        _ => {
            let mut buf = [0u8; 8];
            buf[8 - bytes.len()..].copy_from_slice(bytes);
            u64::from_be_bytes(buf)
        }
    }
}

/// Appends a marker with an inline count, or the `0xF` nibble and an integer object
/// holding the count: the canonical form every studied writer uses.
#[inline]
pub(crate) fn put_marker(out: &mut Vec<u8>, kind: u8, count: u64) {
    if count < LONG_COUNT as u64 {
        out.push(kind | count as u8);
    } else {
        out.push(kind | LONG_COUNT);
        let w = pow2_width(count);
        out.push(int_marker(w));
        put_uint(out, count, w);
    }
}

/// Bytes `put_marker` writes for this count.
#[inline]
pub(crate) fn marker_len(count: u64) -> u64 {
    if count < LONG_COUNT as u64 {
        1
    } else {
        2 + pow2_width(count) as u64
    }
}

/// Seconds from the Unix epoch to 2001-01-01T00:00:00Z, the plist epoch.
pub(crate) const APPLE_EPOCH_UNIX: i64 = 978_307_200;

/// Placeholder written for a nil, as Foundation's `PropertyListEncoder` does.
pub(crate) const NULL_STRING: &str = "$null";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_round_up_to_powers_of_two() {
        assert_eq!(pow2_width(0), 1);
        assert_eq!(pow2_width(255), 1);
        assert_eq!(pow2_width(256), 2);
        assert_eq!(pow2_width(65_536), 4);
        assert_eq!(pow2_width(1 << 32), 8);
    }

    #[test]
    fn long_counts_use_an_integer_object() {
        let mut out = Vec::new();
        put_marker(&mut out, DATA, 14);
        put_marker(&mut out, DATA, 15);
        put_marker(&mut out, ARRAY, 300);
        assert_eq!(out, [0x4E, 0x4F, 0x10, 15, 0xAF, 0x11, 0x01, 0x2C]);
        assert_eq!(marker_len(14) + marker_len(15) + marker_len(300), 8);
    }

    #[test]
    fn sized_ints_keep_the_low_eight_bytes() {
        assert_eq!(get_uint(&[0x01, 0x02, 0x03]), 0x0001_0203);
        let mut wide = [0u8; 16];
        wide[0] = 0xFF;
        wide[15] = 7;
        assert_eq!(get_uint(&wide), 7);
    }
}
