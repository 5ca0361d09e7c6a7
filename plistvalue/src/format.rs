//! The `bplist00` byte vocabulary shared by the reader and the writer: markers, the
//! length-nibble rule, big-endian sized integers and the 32-byte trailer.
//!
//! ```text
//! offset 0   "bplist00"
//! offset 8   objects, back to back; object i is addressed by its index, never by offset
//! offset T   offset table: num_objects big-endian ints of offset_size bytes
//! offset L-32 trailer: 6 unused, offset_size, ref_size, num_objects, top_object, T
//! ```

/// The eight bytes every file starts with.
pub const MAGIC: &[u8; 8] = b"bplist00";
/// Bytes in the trailer.
pub const TRAILER_LEN: usize = 32;
/// Header plus the smallest object plus the trailer (CoreFoundation's lower bound).
pub const MIN_FILE_LEN: usize = MAGIC.len() + 1 + TRAILER_LEN;

// Marker bytes (high nibble = type, low nibble = info).
pub const NULL: u8 = 0x00;
pub const FALSE: u8 = 0x08;
pub const TRUE: u8 = 0x09;
pub const INT: u8 = 0x10;
pub const REAL32: u8 = 0x22;
pub const REAL64: u8 = 0x23;
pub const DATE: u8 = 0x33;
pub const DATA: u8 = 0x40;
pub const ASCII: u8 = 0x50;
pub const UTF16: u8 = 0x60;
pub const UID: u8 = 0x80;
pub const ARRAY: u8 = 0xA0;
pub const DICT: u8 = 0xD0;
/// Low nibble meaning "a full integer object with the count follows".
pub const LONG_COUNT: u8 = 0x0F;

/// The smallest of 1, 2, 4 or 8 bytes that holds `v` unsigned: CoreFoundation's
/// `_byteCount`, used for integers, counts, UIDs, refs and offsets alike.
#[inline]
pub fn pow2_width(v: u64) -> u8 {
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
pub fn width_nibble(width: u8) -> u8 {
    width.trailing_zeros() as u8
}

/// Appends the low `width` bytes of `v` big-endian. The widths writers use get a
/// fixed-size copy: a variable-length one is a `memcpy` call, and this runs for every
/// reference, offset and integer.
#[inline(always)]
pub fn put_uint(out: &mut Vec<u8>, v: u64, width: u8) {
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
pub fn get_uint(bytes: &[u8]) -> u64 {
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
pub fn put_marker(out: &mut Vec<u8>, kind: u8, count: u64) {
    if count < LONG_COUNT as u64 {
        out.push(kind | count as u8);
    } else {
        out.push(kind | LONG_COUNT);
        let w = pow2_width(count);
        out.push(INT | width_nibble(w));
        put_uint(out, count, w);
    }
}

/// Bytes `put_marker` writes for this count.
#[inline]
pub fn marker_len(count: u64) -> u64 {
    if count < LONG_COUNT as u64 {
        1
    } else {
        2 + pow2_width(count) as u64
    }
}

/// The last 32 bytes of a file, decoded but not yet validated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Trailer {
    pub offset_size: u8,
    pub ref_size: u8,
    pub num_objects: u64,
    pub top_object: u64,
    pub offset_table_offset: u64,
}

impl Trailer {
    pub fn parse(bytes: &[u8; TRAILER_LEN]) -> Trailer {
        Trailer {
            offset_size: bytes[6],
            ref_size: bytes[7],
            num_objects: get_uint(&bytes[8..16]),
            top_object: get_uint(&bytes[16..24]),
            offset_table_offset: get_uint(&bytes[24..32]),
        }
    }

    pub fn write(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&[0; 6]);
        out.push(self.offset_size);
        out.push(self.ref_size);
        out.extend_from_slice(&self.num_objects.to_be_bytes());
        out.extend_from_slice(&self.top_object.to_be_bytes());
        out.extend_from_slice(&self.offset_table_offset.to_be_bytes());
    }
}

/// Seconds from the Unix epoch to 2001-01-01T00:00:00Z, the plist epoch.
pub const APPLE_EPOCH_UNIX: i64 = 978_307_200;

/// Placeholder written for a nil, as Foundation's `PropertyListEncoder` does.
pub const NULL_STRING: &str = "$null";

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
        assert_eq!(get_uint(&[0x01, 0x02, 0x03]), 0x010203);
        let mut wide = [0u8; 16];
        wide[0] = 0xFF;
        wide[15] = 7;
        assert_eq!(get_uint(&wide), 7);
    }
}
