//! Group c: object bodies. Errors in an object are reported at its marker.

use std::borrow::Cow;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use plistvalue::{plist, Date, Document, ErrorKind, Integer, Kind, PlistValue, Uid};

use crate::support::decode;
use plistvalue_suite::bplist::{array, ascii, date, dict, head, int, raw, uint, utf16, Bplist};

/// A file whose only object is `object`, with the top at offset 8.
fn only(object: &[u8]) -> Vec<u8> {
    Bplist::of(&[object.to_vec()]).build()
}

/// A file whose top object is `object` and comes last, so that the offset table
/// follows it directly: anything it reads past its bytes is out of bounds.
fn last(object: &[u8]) -> (Vec<u8>, u64) {
    let mut b = Bplist::of(&[vec![0x08]]);
    b.top = b.push(object);
    (b.build(), b.offset_of(b.top))
}

#[test]
fn c15_every_unknown_marker_rejected() {
    // Valid markers, as the reader opens them. Anything else fails at the marker:
    // 0x01-0x07, 0x0A-0x0F (0x0C-0x0E URL/UUID, 0x0F fill), ints of 2^5.. bytes,
    // reals other than 4/8 bytes, dates other than 0x33, UTF-8 strings 0x7X, UIDs of
    // 9-16 bytes, 0x9X, ordered sets 0xBX, 0xEX and 0xFX.
    let valid = |m: u8| match m >> 4 {
        0x0 => matches!(m, 0x00 | 0x08 | 0x09),
        0x1 => m & 0xF <= 4,
        0x2 => matches!(m, 0x22 | 0x23),
        0x3 => m == 0x33,
        0x4 | 0x5 | 0x6 | 0xA | 0xC | 0xD => true,
        0x8 => m & 0xF <= 7,
        _ => false,
    };
    let mut accepted = 0;
    for m in 0..=255u8 {
        // The padding starts with a long count of 0 (`0x10 0x00`) and is long enough
        // for every fixed-size body and inline count, so only the marker decides.
        let mut object = vec![m, 0x10, 0x00];
        object.extend_from_slice(&[0; 32]);
        let bytes = only(&object);
        match Document::from_slice(&bytes) {
            Ok(_) => {
                assert!(valid(m), "marker 0x{m:02x} was accepted");
                accepted += 1;
            }
            Err(e) => {
                assert!(!valid(m), "marker 0x{m:02x} was rejected: {e:?}");
                assert!(
                    matches!(e.kind(), ErrorKind::InvalidMarker(x) if *x == m),
                    "{e:?}"
                );
                assert_eq!(e.offset(), Some(8));
            }
        }
    }
    assert_eq!(accepted, 3 + 5 + 2 + 1 + 16 * 6 + 8);
}

#[test]
fn c16_null_object_reads_as_plist_value_null() {
    // Policy: CoreFoundation reads 0x00 as kCFNull. `Node` shows it as `Kind::Null`,
    // `Option<T>` reads it as `None`, and `PlistValue` holds it as `Null`.
    let top = only(&[0x00]);
    let doc = Document::from_slice(&top).unwrap();
    assert_eq!(doc.root().unwrap().kind(), Kind::Null);
    assert_eq!(decode(&top).unwrap(), PlistValue::Null);
    assert_eq!(plistvalue::from_slice::<Option<i64>>(&top).unwrap(), None);
    let e = plistvalue::from_slice::<i64>(&top).unwrap_err();
    assert!(
        matches!(e.kind(), ErrorKind::TypeMismatch { found: "null", .. }),
        "{e}"
    );

    let b = Bplist::of(&[array(&[1, 2]), vec![0x00], int(3)]);
    let bytes = b.build();
    let doc = Document::from_slice(&bytes).unwrap();
    assert_eq!(
        doc.root().unwrap().at(0).unwrap().unwrap().kind(),
        Kind::Null
    );
    assert_eq!(decode(&bytes).unwrap(), plist!([null, 3]));
    let typed: Vec<Option<i64>> = plistvalue::from_slice(&bytes).unwrap();
    assert_eq!(typed, [None, Some(3)]);

    let b = Bplist::of(&[dict(&[1], &[2]), vec![0x00], int(3)]);
    assert_err!(b.build(), ErrorKind::NonStringKey("null"), b.offset_of(1));
}

#[test]
fn c17_long_count_followed_by_a_non_int_truncated_int_or_wide_int_rejected() {
    // Policy: a long count is an int object of 1, 2, 4 or 8 bytes (0x10-0x13).
    for follower in [0x44, 0x00, 0x23, 0x14, 0x15, 0x1F] {
        let bytes = only(&[0x5F, follower, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
        assert_err!(bytes, ErrorKind::InvalidLength(_), 8);
    }
    for cut in [
        vec![0x5F],
        vec![0x4F, 0x11, 0x00],
        vec![0xAF, 0x13, 0, 0, 0],
    ] {
        let (bytes, at) = last(&cut);
        assert_err!(bytes, ErrorKind::Truncated, at);
    }
    // Non-canonical long counts below 15, and 8-byte ones, are accepted.
    let v = decode(&only(&[0x5F, 0x10, 0x03, b'a', b'b', b'c'])).unwrap();
    assert_eq!(v, PlistValue::from("abc"));
    let mut eight = raw(0x5F, &raw(0x13, &uint(8, 2)));
    eight.extend_from_slice(b"hi");
    assert_eq!(decode(&only(&eight)).unwrap(), PlistValue::from("hi"));
    // Read twice, such a string comes from the string cache the second time, with
    // the same kind, length and text.
    let shared = Bplist::of(&[array(&[1, 1]), vec![0x5F, 0x10, 0x03, b'a', b'b', b'c']]).build();
    assert_eq!(decode(&shared).unwrap(), plist!(["abc", "abc"]));
    let doc = Document::from_slice(&shared).unwrap();
    let root = doc.root().unwrap();
    for i in 0..2 {
        let s = root.at(i).unwrap().unwrap();
        assert_eq!(
            (s.kind(), s.len(), s.as_ascii()),
            (Kind::String, 3, Some("abc"))
        );
    }
}

#[test]
fn c18_huge_length_fields_rejected_against_the_bytes_present() {
    // Each marker with a long count claiming 2^31, 2^32, 2^40 or 2^63 units; the
    // check compares count × unit size with the bytes left, allocating nothing
    // (hostile_memory.rs measures that).
    for kind in [0x40, 0x50, 0x60, 0xA0, 0xC0, 0xD0] {
        for count in [
            1u64 << 31,
            1 << 32,
            1 << 40,
            (1 << 63) - 1,
            1 << 63,
            u64::MAX,
        ] {
            let mut object = head(kind, count);
            object.extend_from_slice(&[0; 8]);
            let bytes = only(&object);
            assert_err!(bytes, ErrorKind::InvalidLength(_), 8);
            assert!(Document::from_slice(&bytes).is_err());
        }
    }
}

#[test]
fn c19_utf16_short_body_and_unpaired_surrogates_rejected_nul_and_bom_kept() {
    // One byte short: two units declared, three bytes present.
    let (bytes, at) = last(&[0x62, 0x00, 0x61, 0x00]);
    assert_err!(bytes, ErrorKind::InvalidLength(_), at);
    // count × 2 for the largest count: rejected by length, no overflow.
    let mut huge = head(0x60, i64::MAX as u64);
    huge.push(0);
    assert_err!(only(&huge), ErrorKind::InvalidLength(_), 8);
    // Policy: unpaired surrogates are errors (CoreFoundation keeps them; a Rust
    // `String` cannot).
    for units in [
        &[0xD800, 0x0061][..],
        &[0xDC00],
        &[0x0061, 0xD83D],
        &[0xDE00, 0xD83D],
    ] {
        let b = Bplist::of(&[array(&[1]), utf16(units)]);
        let e = assert_err!(
            b.build(),
            ErrorKind::InvalidString(plistvalue::error::StringRule::UnpairedSurrogate),
            b.offset_of(1)
        );
        assert_eq!(e.path_string(), "0");
    }
    // NUL units are text; a BOM is kept as U+FEFF (policy: no BOM stripping).
    for (units, text) in [
        (&[0x61, 0x00, 0x62][..], "a\0b"),
        (&[0xFEFF, 0x61], "\u{FEFF}a"),
        (&[0xD83D, 0xDE00], "😀"),
    ] {
        assert_eq!(
            decode(&only(&utf16(units))).unwrap(),
            PlistValue::from(text)
        );
    }
}

#[test]
fn c20_ascii_marker_bytes_above_0x7f_read_as_latin1() {
    // CoreFoundation decodes 0x5X strings with the ASCII encoding, which it maps to
    // Latin-1: valid UTF-8 (C3 A9, "é") reads as two characters, invalid UTF-8 (FF)
    // as "ÿ". Borrowing as `&str` needs ASCII.
    for (raw_bytes, text) in [(&[0xC3, 0xA9][..], "Ã©"), (&[b'a', 0xFF], "aÿ")] {
        let bytes = only(&ascii(raw_bytes));
        assert_eq!(decode(&bytes).unwrap(), PlistValue::from(text));
        assert_eq!(plistvalue::from_slice::<String>(&bytes).unwrap(), text);
        let cow: Cow<str> = plistvalue::from_slice(&bytes).unwrap();
        assert_eq!(cow, text);
        assert_fails!(
            plistvalue::from_slice::<&str>(&bytes),
            ErrorKind::BorrowUtf16,
            8
        );
        let doc = Document::from_slice(&bytes).unwrap();
        let node = doc.root().unwrap();
        assert_eq!(node.as_ascii(), None);
        assert!(node.str_eq(text));
    }
    // Key lookup agrees with decoding: the key bytes C3 A9 are "Ã©", not "é".
    let b = Bplist::of(&[dict(&[1], &[2]), ascii(&[0xC3, 0xA9]), int(1)]);
    let bytes = b.build();
    let doc = Document::from_slice(&bytes).unwrap();
    assert!(doc.root().unwrap().get("é").unwrap().is_none());
    assert!(doc.root().unwrap().get("Ã©").unwrap().is_some());
    assert_eq!(decode(&bytes).unwrap(), plist!({ "Ã©": 1 }));
}

#[test]
fn c21_integer_widths_signedness_and_16_byte_range() {
    let cases: [(Vec<u8>, i128); 10] = [
        (raw(0x10, &[0xFF]), 255), // 1-, 2- and 4-byte ints are unsigned
        (raw(0x11, &[0xFF; 2]), 65_535),
        (raw(0x12, &[0xFF; 4]), 4_294_967_295),
        (raw(0x13, &[0xFF; 8]), -1), // 8-byte ints are signed
        (raw(0x13, &uint(8, 1 << 63)), i64::MIN as i128),
        (raw(0x13, &uint(8, i64::MAX as u128)), i64::MAX as i128),
        (raw(0x14, &uint(16, u64::MAX as u128)), u64::MAX as i128),
        // Policy: 16 bytes are signed i128 (CoreFoundation would keep the low half
        // and read 2^64 - 1).
        (raw(0x14, &[0xFF; 16]), -1),
        (raw(0x13, &uint(8, 5)), 5), // non-minimal encodings
        (raw(0x14, &uint(16, 5)), 5),
    ];
    for (object, value) in cases {
        let v = decode(&only(&object)).unwrap();
        assert_eq!(
            v.as_integer().map(Integer::as_i128),
            Some(value),
            "{object:02x?}"
        );
    }
    // Policy: outside i64::MIN ..= u64::MAX is an error, not a silent truncation.
    for wide in [1u128 << 64, u128::MAX - (1 << 64), 1 << 127] {
        let bytes = only(&raw(0x14, &uint(16, wide)));
        assert_err!(bytes, ErrorKind::InvalidLength(_), 8);
        assert_fails!(
            plistvalue::from_slice::<u64>(&bytes),
            ErrorKind::InvalidLength(_),
            8
        );
    }
    for m in 0x15..=0x1F {
        assert_err!(only(&raw(m, &[0; 32])), ErrorKind::InvalidMarker(_), 8);
    }
}

#[test]
fn c22_nan_payloads_infinities_negative_zero_subnormals_accepted_bit_exact() {
    let f64s = [
        0x7FF8_0000_0000_0001u64, // quiet NaN with a payload
        0xFFF0_0000_0000_0001,    // signalling NaN, negative
        f64::INFINITY.to_bits(),
        f64::NEG_INFINITY.to_bits(),
        (-0.0f64).to_bits(),
        1, // smallest subnormal
    ];
    let f32s = [
        0x7FC0_0001u32,
        f32::NEG_INFINITY.to_bits(),
        (-0.0f32).to_bits(),
        1,
    ];
    let mut objects: Vec<Vec<u8>> = vec![array(&(1..=10).collect::<Vec<_>>())];
    objects.extend(f64s.iter().map(|b| raw(0x23, &b.to_be_bytes())));
    objects.extend(f32s.iter().map(|b| raw(0x22, &b.to_be_bytes())));
    let v = decode(&Bplist::of(&objects).build()).unwrap();
    let expected: Vec<u64> = f64s
        .iter()
        .copied()
        .chain(f32s.iter().map(|&b| (f32::from_bits(b) as f64).to_bits()))
        .collect();
    let got: Vec<u64> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_f64().unwrap().to_bits())
        .collect();
    assert_eq!(got, expected);
    // Writing and reading back keeps every bit (equality compares bit patterns).
    let back = decode(&plistvalue::to_vec(&v).unwrap()).unwrap();
    assert_eq!(back, v);
}

#[test]
fn c23_nan_infinite_and_extreme_dates_read_without_panicking() {
    // CoreFoundation accepts any f64 in a date, so the value is read; converting it to
    // a calendar type is where an error belongs (rp 645aece, rp#197 panicked there).
    for secs in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY, 1e300, -1e300] {
        let bytes = only(&date(secs));
        let v = decode(&bytes).unwrap();
        let d = v.as_date().unwrap();
        assert_eq!(d.seconds_since_2001().to_bits(), secs.to_bits());
        // `Debug` converts through chrono and falls back to seconds.
        assert_eq!(format!("{d:?}"), format!("Date({secs}s since 2001)"));
        assert_fails!(
            plistvalue::from_slice::<SystemTime>(&bytes),
            ErrorKind::DateOutOfRange { .. },
            8
        );
    }
    // rp#197's date (about year 14700), pre-1970, and fractional seconds convert
    // (`Debug` shows the chrono conversion).
    for (secs, rfc3339) in [
        (4e11, "+14676-06-30T15:06:40+00:00"),
        (-1e9, "1969-04-24T22:13:20+00:00"),
        (0.25, "2001-01-01T00:00:00.250+00:00"),
    ] {
        let bytes = only(&date(secs));
        let v = decode(&bytes).unwrap();
        assert_eq!(v, PlistValue::Date(Date::from_seconds_since_2001(secs)));
        assert_eq!(format!("{v:?}"), format!("Date({rfc3339})"));
        let unix = UNIX_EPOCH + Duration::from_secs(978_307_200);
        let expected = if secs < 0.0 {
            unix - Duration::from_secs_f64(-secs)
        } else {
            unix + Duration::from_secs_f64(secs)
        };
        assert_eq!(
            plistvalue::from_slice::<SystemTime>(&bytes).unwrap(),
            expected
        );
    }
}

#[test]
fn c24_uid_widths_1_to_8_bytes_any_value_9_to_16_rejected() {
    // Policy: any u64 (CoreFoundation and libplist stop at u32::MAX).
    let cases = [
        (raw(0x80, &[0xFF]), 255),
        (raw(0x81, &uint(2, 1 << 8)), 1 << 8),
        (raw(0x82, &uint(3, 1 << 16)), 1 << 16),
        (raw(0x83, &uint(4, u32::MAX as u128)), u32::MAX as u64),
        (raw(0x84, &uint(5, 1 << 32)), 1 << 32),
        (raw(0x87, &uint(8, 1 << 63)), 1 << 63),
        (raw(0x87, &uint(8, u64::MAX as u128)), u64::MAX),
    ];
    for (object, value) in cases {
        assert_eq!(
            decode(&only(&object)).unwrap(),
            PlistValue::Uid(Uid::new(value))
        );
    }
    for m in 0x88..=0x8F {
        assert_err!(only(&raw(m, &[0; 16])), ErrorKind::InvalidMarker(_), 8);
    }
}

#[test]
fn c25_set_reads_as_an_array() {
    let bytes = Bplist::of(&[raw(0xC2, &[1, 2]), int(1), ascii(b"b")]).build();
    let doc = Document::from_slice(&bytes).unwrap();
    assert_eq!(doc.root().unwrap().kind(), Kind::Set);
    assert_eq!(decode(&bytes).unwrap(), plist!([1, "b"]));
    let typed: (i64, String) = plistvalue::from_slice(&bytes).unwrap();
    assert_eq!(typed, (1, "b".to_owned()));
}

#[test]
fn c26_object_truncated_by_the_offset_table_rejected() {
    // An 8-byte int (and a date, a real, a UID) starting 3 bytes before the table.
    for marker in [0x13, 0x14, 0x23, 0x33, 0x87] {
        let (bytes, at) = last(&[marker, 0x00, 0x00]);
        assert_err!(bytes, ErrorKind::Truncated, at);
    }
}
