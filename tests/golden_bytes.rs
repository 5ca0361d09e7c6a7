//! Byte-exact writer output, one test per encoding rule of `docs/BINARY.md`. Expected objects
//! are spelled out by hand; only the offset table and the trailer are assembled, by
//! the workspace's byte builder.

use plistvalue::{plist, to_vec, Date, PlistValue, Uid};
use plistvalue_suite::bplist::Bplist;

/// Header + `objects` (concatenated, in index order) + offset table + trailer, with
/// the widths the caller says the writer must choose.
fn file(objects: &[&[u8]], offset_size: u8, ref_size: u8) -> Vec<u8> {
    let mut b = Bplist::of(objects);
    b.offset_size = offset_size;
    b.ref_size = ref_size;
    b.build()
}

/// The object bytes of a one-object document.
fn single(v: &PlistValue) -> Vec<u8> {
    let bytes = to_vec(v).unwrap();
    let table = u64::from_be_bytes(bytes[bytes.len() - 8..].try_into().unwrap()) as usize;
    assert_eq!(
        bytes[bytes.len() - 24..bytes.len() - 16],
        1u64.to_be_bytes(),
        "one object"
    );
    bytes[8..table].to_vec()
}

#[test]
fn empty_dictionary_is_core_foundations_42_bytes() {
    let bytes = to_vec(&plist!({})).unwrap();
    let mut expected = b"bplist00\xd0\x08".to_vec();
    expected.extend_from_slice(&[0, 0, 0, 0, 0, 0, 1, 1]);
    expected.extend_from_slice(&[0, 0, 0, 0, 0, 0, 0, 1]);
    expected.extend_from_slice(&[0; 8]);
    expected.extend_from_slice(&[0, 0, 0, 0, 0, 0, 0, 9]);
    assert_eq!(bytes, expected);
    assert_eq!(bytes.len(), 42);
}

#[test]
fn integers_take_the_smallest_unsigned_width_and_negatives_eight_bytes() {
    let cases: &[(PlistValue, &[u8])] = &[
        (0u64.into(), &[0x10, 0x00]),
        (1u64.into(), &[0x10, 0x01]),
        (127u64.into(), &[0x10, 0x7f]),
        (128u64.into(), &[0x10, 0x80]),
        (255u64.into(), &[0x10, 0xff]),
        (256u64.into(), &[0x11, 0x01, 0x00]),
        (32767u64.into(), &[0x11, 0x7f, 0xff]),
        (32768u64.into(), &[0x11, 0x80, 0x00]),
        (65535u64.into(), &[0x11, 0xff, 0xff]),
        (65536u64.into(), &[0x12, 0x00, 0x01, 0x00, 0x00]),
        ((1u64 << 31).into(), &[0x12, 0x80, 0x00, 0x00, 0x00]),
        ((u32::MAX as u64).into(), &[0x12, 0xff, 0xff, 0xff, 0xff]),
        ((1u64 << 32).into(), &[0x13, 0, 0, 0, 1, 0, 0, 0, 0]),
        (
            i64::MAX.into(),
            &[0x13, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff],
        ),
        (
            (-1i64).into(),
            &[0x13, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff],
        ),
        (
            (-128i64).into(),
            &[0x13, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x80],
        ),
        (i64::MIN.into(), &[0x13, 0x80, 0, 0, 0, 0, 0, 0, 0]),
    ];
    for (v, expected) in cases {
        assert_eq!(single(v), *expected, "{v:?}");
    }
}

#[test]
fn integers_above_i64_max_take_sixteen_bytes() {
    let mut expected = vec![0x14];
    expected.extend_from_slice(&[0; 8]);
    expected.extend_from_slice(&(1u64 << 63).to_be_bytes());
    assert_eq!(single(&(1u64 << 63).into()), expected);
    let mut expected = vec![0x14];
    expected.extend_from_slice(&[0; 8]);
    expected.extend_from_slice(&[0xff; 8]);
    assert_eq!(single(&u64::MAX.into()), expected);
}

#[test]
fn reals_are_eight_bytes_and_f32_four() {
    assert_eq!(single(&1.5f64.into()), [0x23, 0x3f, 0xf8, 0, 0, 0, 0, 0, 0]);
    let neg_zero = single(&(-0.0f64).into());
    assert_eq!(neg_zero, [0x23, 0x80, 0, 0, 0, 0, 0, 0, 0]);
    let bytes = to_vec(&1.5f32).unwrap();
    assert_eq!(bytes[8..13], [0x22, 0x3f, 0xc0, 0x00, 0x00]);
}

#[test]
fn dates_are_float64_seconds_since_2001() {
    let d = Date::from_seconds_since_2001(725_760_000.25);
    let mut expected = vec![0x33];
    expected.extend_from_slice(&725_760_000.25f64.to_be_bytes());
    assert_eq!(single(&d.into()), expected);
    let before = Date::from_seconds_since_2001(-1.5);
    assert_eq!(single(&before.into())[1..], (-1.5f64).to_be_bytes());
}

#[test]
fn strings_are_ascii_when_every_char_is_below_128() {
    assert_eq!(single(&"abc".into()), b"\x53abc");
    assert_eq!(single(&"\0".into()), [0x51, 0x00], "U+0000 is ASCII");
    assert_eq!(single(&"".into()), [0x50]);
    let fifteen = "abcdefghijklmno";
    let mut expected = vec![0x5f, 0x10, 15];
    expected.extend_from_slice(fifteen.as_bytes());
    assert_eq!(
        single(&fifteen.into()),
        expected,
        "counts >= 15 use an int object"
    );
}

#[test]
fn other_strings_are_utf16be_with_surrogate_pairs() {
    assert_eq!(single(&"é".into()), [0x61, 0x00, 0xe9]);
    // U+1F600 is two code units; the count is in units, not bytes or chars.
    assert_eq!(single(&"😀".into()), [0x62, 0xd8, 0x3d, 0xde, 0x00]);
    assert_eq!(single(&"aé".into()), [0x62, 0x00, 0x61, 0x00, 0xe9]);
}

#[test]
fn data_and_uids() {
    assert_eq!(single(&PlistValue::Data(vec![1, 2, 3])), [0x43, 1, 2, 3]);
    assert_eq!(single(&Uid::new(5).into()), [0x80, 0x05]);
    assert_eq!(single(&Uid::new(256).into()), [0x81, 0x01, 0x00]);
    assert_eq!(
        single(&Uid::new(1 << 32).into()),
        [0x87, 0, 0, 0, 1, 0, 0, 0, 0]
    );
}

#[test]
fn objects_are_preorder_with_dictionary_keys_before_values() {
    // 0 dict, 1 "a", 2 "c" (keys first), 3 array, 4 int 1, 5 "b"; "c"'s value "b" is
    // object 5 again.
    let v = plist!({ "a": [1, "b"], "c": "b" });
    let expected = file(
        &[
            &[0xd2, 1, 2, 3, 5],
            b"\x51a",
            b"\x51c",
            &[0xa2, 4, 5],
            &[0x10, 1],
            b"\x51b",
        ],
        1,
        1,
    );
    assert_eq!(to_vec(&v).unwrap(), expected);
}

#[test]
fn scalars_are_uniqued_by_value_and_containers_are_not() {
    let v = plist!([true, true, false, 1, 1, 1.0, -0.0, 0.0, [], []]);
    let expected = file(
        &[
            &[0xaa, 1, 1, 2, 3, 3, 4, 5, 6, 7, 8],
            &[0x09],
            &[0x08],
            &[0x10, 1],
            &[0x23, 0x3f, 0xf0, 0, 0, 0, 0, 0, 0],
            &[0x23, 0x80, 0, 0, 0, 0, 0, 0, 0],
            &[0x23, 0, 0, 0, 0, 0, 0, 0, 0],
            &[0xa0],
            &[0xa0],
        ],
        1,
        1,
    );
    assert_eq!(to_vec(&v).unwrap(), expected);
}

#[test]
fn a_nil_written_through_the_encoder_is_the_string_null() {
    let bytes = to_vec(&vec![None, Some(7u8)]).unwrap();
    let expected = file(&[&[0xa2, 1, 2], b"\x55$null", &[0x10, 7]], 1, 1);
    assert_eq!(bytes, expected);
}

#[test]
fn reference_width_follows_the_object_count_like_core_foundation() {
    // 255 distinct integers + the array = 256 objects: CF uses 2-byte refs here
    // (rust-plist would use 1).
    let v: PlistValue = (0..255u64).collect();
    let bytes = to_vec(&v).unwrap();
    let trailer = &bytes[bytes.len() - 32..];
    assert_eq!(trailer[7], 2, "ref size");
    assert_eq!(
        bytes[8..12],
        [0xaf, 0x10, 0xff, 0x00],
        "count 255 then 2-byte refs"
    );
    let v: PlistValue = (0..254u64).collect();
    let bytes = to_vec(&v).unwrap();
    assert_eq!(bytes[bytes.len() - 32 + 7], 1);
}

#[test]
fn offset_width_follows_the_offset_table_start() {
    let small = to_vec(&PlistValue::Data(vec![0; 200])).unwrap();
    assert_eq!(small[small.len() - 32 + 6], 1);
    let big = to_vec(&PlistValue::Data(vec![0; 300])).unwrap();
    assert_eq!(big[big.len() - 32 + 6], 2);
    let table = u64::from_be_bytes(big[big.len() - 8..].try_into().unwrap());
    assert_eq!(table, 8 + 4 + 300, "marker, 2-byte count int, body");
}

#[test]
fn identical_blobs_are_stored_once() {
    let blob = vec![7u8; 4096];
    let v = PlistValue::Array(vec![PlistValue::Data(blob.clone()), PlistValue::Data(blob)].into());
    let bytes = to_vec(&v).unwrap();
    assert_eq!(
        bytes[bytes.len() - 24..bytes.len() - 16],
        2u64.to_be_bytes(),
        "array + one blob"
    );
    assert!(bytes.len() < 4096 + 100);
}

#[test]
fn the_dedup_trap_blobs_that_share_the_key_but_differ_in_the_middle_both_survive() {
    let a = vec![0xabu8; 4096];
    let mut b = a.clone();
    b[2048] ^= 1;
    assert_eq!(
        (a.len(), &a[..32], &a[4064..]),
        (b.len(), &b[..32], &b[4064..])
    );
    let v =
        PlistValue::Array(vec![PlistValue::Data(a.clone()), PlistValue::Data(b.clone())].into());
    let bytes = to_vec(&v).unwrap();
    assert_eq!(
        bytes[bytes.len() - 24..bytes.len() - 16],
        3u64.to_be_bytes()
    );
    let back: PlistValue = plistvalue::from_slice(&bytes).unwrap();
    assert_eq!(back, v);
    assert_eq!(back[1].as_data().unwrap()[2048], a[2048] ^ 1);
}

/// Output past 4 GiB needs 8-byte offsets. Five zeroed blobs of different lengths
/// come from `calloc`, so this costs address space, not memory.
#[test]
fn output_beyond_four_gib_uses_eight_byte_offsets() {
    struct Tail {
        len: u64,
        last: Vec<u8>,
    }
    impl std::io::Write for Tail {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.len += buf.len() as u64;
            self.last.extend_from_slice(buf);
            let keep = self.last.len().saturating_sub(64);
            self.last.drain(..keep);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let blobs: Vec<Vec<u8>> = (0..5).map(|i| vec![0u8; (1 << 30) + i]).collect();
    let value: Vec<&[u8]> = blobs.iter().map(Vec::as_slice).collect();
    let mut tail = Tail {
        len: 0,
        last: Vec::new(),
    };
    plistvalue::to_writer(&mut tail, &value).unwrap();
    let trailer = &tail.last[tail.last.len() - 32..];
    assert_eq!(trailer[6], 8, "offset size");
    assert_eq!(trailer[7], 1, "ref size");
    let table = u64::from_be_bytes(trailer[24..].try_into().unwrap());
    assert!(table > 5 << 30);
    assert_eq!(tail.len, table + 6 * 8 + 32);
}
