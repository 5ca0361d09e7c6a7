//! Opening a file: the header and the trailer, validated up front with
//! CoreFoundation's rules (`docs/BINARY.md`, T1-T4), each broken rule with its own
//! error.

use crate::error::{Error, ErrorKind, TrailerRule};
use crate::format::{Trailer, MIN_FILE_LEN, TRAILER_LEN};

/// CoreFoundation's trailer rules, with a named error for each.
pub(super) fn validate(bytes: &[u8]) -> Result<Trailer, Error> {
    let trailer_error = |what| {
        Error::at_offset(
            ErrorKind::InvalidTrailer(what),
            bytes.len().saturating_sub(TRAILER_LEN) as u64,
        )
    };
    if bytes.len() < MIN_FILE_LEN {
        if bytes.len() >= 6 && &bytes[..6] != b"bplist" {
            return Err(Error::at_offset(ErrorKind::BadMagic, 0));
        }
        return Err(Error::at_offset(
            ErrorKind::TooShort { len: bytes.len() },
            0,
        ));
    }
    if &bytes[..6] != b"bplist" {
        return Err(Error::at_offset(ErrorKind::BadMagic, 0));
    }
    if bytes[6] != b'0' {
        // bplist15/16/17 are newer formats; CoreFoundation reads any bplist0?.
        return Err(Error::at_offset(
            ErrorKind::UnsupportedVersion(bytes[6], bytes[7]),
            6,
        ));
    }
    let t = Trailer::parse(bytes[bytes.len() - TRAILER_LEN..].try_into().unwrap());
    if t.offset_size == 0 || t.offset_size > 8 {
        return Err(trailer_error(TrailerRule::OffsetSize));
    }
    if t.ref_size == 0 || t.ref_size > 8 {
        return Err(trailer_error(TrailerRule::RefSize));
    }
    if t.num_objects == 0 {
        return Err(trailer_error(TrailerRule::NoObjects));
    }
    if t.num_objects > i64::MAX as u64 || t.offset_table_offset > i64::MAX as u64 {
        return Err(trailer_error(TrailerRule::Overflow));
    }
    if t.top_object >= t.num_objects {
        return Err(trailer_error(TrailerRule::TopObject));
    }
    if t.offset_table_offset < 9 {
        return Err(trailer_error(TrailerRule::TableInHeader));
    }
    let trailer_start = (bytes.len() - TRAILER_LEN) as u64;
    if t.offset_table_offset >= trailer_start {
        return Err(trailer_error(TrailerRule::TableAfterTrailer));
    }
    let table_len = t.num_objects.checked_mul(t.offset_size as u64);
    if table_len.and_then(|l| l.checked_add(t.offset_table_offset)) != Some(trailer_start) {
        return Err(trailer_error(TrailerRule::TableEnd));
    }
    // CoreFoundation also rejects exactly 2^(8 ref_size) objects, which the plist
    // crate writes (it sizes refs from the largest index). Every index those refs can
    // hold is valid, so we read such files.
    if t.ref_size < 8 && t.num_objects > 1u64 << (8 * t.ref_size as u32) {
        return Err(trailer_error(TrailerRule::RefSizeTooSmall));
    }
    if t.offset_size < 8 && t.offset_table_offset >= 1u64 << (8 * t.offset_size as u32) {
        return Err(trailer_error(TrailerRule::OffsetSizeTooSmall));
    }
    Ok(t)
}
