//! Group a: framing and trailer. Every trailer error is reported at the
//! trailer's first byte, `len - 32`; header errors at 0 (magic) or 6 (version).

use plistvalue::error::TrailerRule;
use plistvalue::{ErrorKind, PlistValue};

use crate::support::decode;
use plistvalue_suite::bplist::{ascii, data, dict, int, seq, Bplist};

/// `{"a": 1}`, a small valid document.
fn small() -> Bplist {
    Bplist::of(&[dict(&[1], &[2]), ascii(b"a"), int(1)])
}

fn small_value() -> PlistValue {
    plistvalue::plist!({ "a": 1 })
}

fn trailer_at(bytes: &[u8]) -> u64 {
    bytes.len() as u64 - 32
}

#[test]
fn a01_short_inputs_bad_magic_newer_versions_rejected_bplist0x_accepted() {
    let valid = small().build();
    for len in [0, 7, 8, 39, 40] {
        let e = assert_err!(valid[..len], ErrorKind::TooShort { .. }, 0);
        assert!(matches!(e.kind(), ErrorKind::TooShort { len: l } if *l == len));
    }
    // 41 bytes pass the length check but cannot hold an offset table; 42 (header,
    // one object, one table entry, trailer) is the smallest valid file.
    let mut short = valid[..8].to_vec();
    short.push(0x09);
    short.extend_from_slice(&valid[valid.len() - 32..]);
    assert_err!(short, ErrorKind::InvalidTrailer(_), 9);
    let smallest = Bplist::of(&[vec![0x09]]).build();
    assert_eq!(smallest.len(), 42);
    assert_eq!(decode(&smallest).unwrap(), PlistValue::Boolean(true));

    let mut b = small();
    b.magic = *b"bplisX00";
    let e = assert_err!(b.build(), ErrorKind::BadMagic, 0);
    assert_eq!(e.object(), None, "the header is no object");
    b.magic = *b"bplist00";
    for version in [*b"15", *b"16", *b"17"] {
        b.magic[6..].copy_from_slice(&version);
        let e = assert_err!(b.build(), ErrorKind::UnsupportedVersion(..), 6);
        assert!(matches!(e.kind(), ErrorKind::UnsupportedVersion(a, b)
            if [*a, *b] == version));
    }
    // Policy: CoreFoundation reads any `bplist0?`, so do we.
    for eighth in [b'1', b'x', 0xFF] {
        b.magic = *b"bplist00";
        b.magic[7] = eighth;
        assert_eq!(decode(&b.build()).unwrap(), small_value());
    }
}

#[test]
fn a02_offset_size_0_9_255_rejected_1_to_8_accepted() {
    for size in [0, 9, 255] {
        let mut b = small();
        b.offset_size = size;
        let bytes = b.build();
        assert_err!(
            bytes,
            ErrorKind::InvalidTrailer(TrailerRule::OffsetSize),
            trailer_at(&bytes)
        );
    }
    // 3, 5, 6 and 7 are CoreFoundation-compatible (rp#165: a real 3-byte table).
    for size in 1..=8 {
        let mut b = small();
        b.offset_size = size;
        assert_eq!(
            decode(&b.build()).unwrap(),
            small_value(),
            "offset size {size}"
        );
    }
}

#[test]
fn a03_ref_size_0_9_255_rejected_and_must_address_every_object() {
    for size in [0, 9, 255] {
        let mut b = small();
        b.ref_size = size;
        let bytes = b.build();
        assert_err!(
            bytes,
            ErrorKind::InvalidTrailer(TrailerRule::RefSize),
            trailer_at(&bytes)
        );
    }
    for size in 1..=8u8 {
        let mut b = Bplist::of(&[seq(0xA0, size, &[1, 1]), int(7)]);
        b.ref_size = size;
        let v = decode(&b.build()).unwrap();
        assert_eq!(v, plistvalue::plist!([7, 7]), "ref size {size}");
    }
    // CoreFoundation requires 2^(8 size) > num_objects; we accept equality, which the
    // plist crate writes and every ref of that width can address.
    for (objects, ok) in [(255, true), (256, true), (257, false), (300, false)] {
        let mut b = Bplist::new();
        b.push(&[0x08]);
        for _ in 1..objects {
            b.push(&[0x09]);
        }
        b.offset_size = 2;
        let bytes = b.build();
        if ok {
            assert_eq!(decode(&bytes).unwrap(), PlistValue::Boolean(false));
        } else {
            assert_err!(
                bytes,
                ErrorKind::InvalidTrailer(TrailerRule::RefSizeTooSmall),
                trailer_at(&bytes)
            );
        }
    }
}

#[test]
fn a04_num_objects_zero_or_huge_in_a_60_byte_file_rejected() {
    let mut b = Bplist::of(&[data(&[0xAB; 16])]);
    assert_eq!(b.build().len(), 60);
    for n in [0, 2, 1 << 32, 1 << 63, (1 << 63) - 1, u64::MAX] {
        b.num_objects = Some(n);
        let bytes = b.build();
        assert_err!(bytes, ErrorKind::InvalidTrailer(_), trailer_at(&bytes));
    }
    // tests/hostile_memory.rs shows these fail without allocating.
}

#[test]
fn a05_table_size_overflowing_u64_or_u32_rejected() {
    // (count, width, table offset): u64 overflow of count × width; the 32-bit wraps
    // of gnustep PR#596, with the table offset a wrapping check would accept.
    let b = small();
    let trailer = b.build().len() as u64 - 32;
    let cases = [
        (1 << 62, 8, b.table_start()),
        ((1 << 61) + 1, 8, b.table_start()),
        (0x4000_0000, 4, b.table_start()),
        (0x4000_0000, 4, trailer),
        (0xFFFF_FFFF, 4, trailer + 4),
        (0xFFFF_FFFF, 4, b.table_start()),
    ];
    for (count, width, table) in cases {
        let mut b = small();
        b.offset_size = width;
        b.num_objects = Some(count);
        b.table_offset = Some(table);
        let bytes = b.build();
        assert_err!(bytes, ErrorKind::InvalidTrailer(_), trailer_at(&bytes));
    }
}

#[test]
fn a06_top_object_out_of_range_or_at_a_bad_offset_rejected() {
    let mut b = small();
    for top in [3, 4, u64::MAX] {
        b.top = top;
        let bytes = b.build();
        assert_err!(
            bytes,
            ErrorKind::InvalidTrailer(TrailerRule::TopObject),
            trailer_at(&bytes)
        );
    }
    // The last index is a legal top (WebKit writes it).
    b.top = 2;
    assert_eq!(decode(&b.build()).unwrap(), PlistValue::from(1));

    // The top object's offset is checked when the document opens; the error points
    // at its offset-table entry.
    let b = small();
    let table = b.table_start();
    let len = b.build().len() as u64;
    for bad in [0, 7, table, len - 33, len - 1] {
        let mut b = small();
        b.offsets = Some(vec![bad, b.offset_of(1), b.offset_of(2)]);
        let e = assert_err!(b.build(), ErrorKind::OffsetOutOfRange { .. }, b.entry_of(0));
        assert!(matches!(e.kind(), ErrorKind::OffsetOutOfRange { offset } if *offset == bad));
        assert_eq!(e.object(), Some(0));
        assert!(plistvalue::Document::from_slice(&b.build()).is_err());
    }
}

#[test]
fn a07_table_offset_in_header_at_trailer_past_end_or_huge_rejected() {
    let b = small();
    let len = b.build().len() as u64;
    for t in [
        0,
        8,
        len - 32,
        len - 1,
        len,
        len + 1,
        i64::MAX as u64,
        u64::MAX,
    ] {
        let mut b = small();
        b.table_offset = Some(t);
        let bytes = b.build();
        let e = assert_err!(bytes, ErrorKind::InvalidTrailer(_), trailer_at(&bytes));
        assert_eq!(e.object(), None, "the trailer is no object");
    }
}

#[test]
fn a08_table_overlapping_trailer_or_followed_by_a_gap_rejected_strictly() {
    // Policy: CoreFoundation's exact length rule, with no lenient mode.
    let mut b = small();
    b.num_objects = Some(4); // the fourth entry would be the trailer's first byte
    let bytes = b.build();
    assert_err!(bytes, ErrorKind::InvalidTrailer(_), trailer_at(&bytes));
    let mut b = small();
    b.offsets = Some(vec![8, 11, 13, 8]); // four entries, the trailer says three
    b.num_objects = Some(3);
    let bytes = b.build();
    assert_err!(bytes, ErrorKind::InvalidTrailer(_), trailer_at(&bytes));
    for gap in [1, 7, 32] {
        let mut b = small();
        b.gap = vec![0; gap];
        let bytes = b.build();
        assert_err!(bytes, ErrorKind::InvalidTrailer(_), trailer_at(&bytes));
    }
}

#[test]
fn a09_nonzero_unused_trailer_bytes_and_sort_version_accepted() {
    let mut b = small();
    b.unused = [0xFF, 1, 2, 3, 4, 0xFF];
    assert_eq!(decode(&b.build()).unwrap(), small_value());
}

#[test]
fn a10_offset_size_too_small_to_reach_the_table_rejected() {
    // One data object of n bytes puts the table at `table`. One-byte offsets reach a
    // table at 255, not at 256 or 303.
    for (n, table, ok) in [(244, 255, true), (245, 256, false), (291, 303, false)] {
        let mut b = Bplist::of(&[data(&vec![7; n])]);
        assert_eq!(b.table_start(), table);
        let bytes = b.build();
        if ok {
            assert_eq!(decode(&bytes).unwrap(), PlistValue::Data(vec![7u8; n]));
        } else {
            assert_err!(
                bytes,
                ErrorKind::InvalidTrailer(TrailerRule::OffsetSizeTooSmall),
                trailer_at(&bytes)
            );
            b.offset_size = 2;
            assert_eq!(decode(&b.build()).unwrap(), PlistValue::Data(vec![7u8; n]));
        }
    }
}
