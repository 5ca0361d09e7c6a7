//! Group b: offsets and references. A bad offset-table entry is reported at
//! the entry's byte offset; a bad reference at the container holding it.

use plistvalue::{plist, Document, ErrorKind};

use crate::support::decode;
use plistvalue_suite::bplist::{array, ascii, dict, int, raw, seq, Bplist};

#[test]
fn b11_object_offset_in_header_table_or_trailer_rejected_when_reached() {
    // `[1]`; object 1's entry is rewritten. Only the top object is checked at open,
    // the rest when they are reached, as in a lazy reader.
    let mut b = Bplist::of(&[array(&[1]), int(5)]);
    let table = b.table_start();
    let len = b.build().len() as u64;
    for bad in [0, 7, table, table + 1, len - 32, len - 1, 255] {
        b.offsets = Some(vec![8, bad]);
        let bytes = b.build();
        let e = assert_err!(bytes, ErrorKind::OffsetOutOfRange { .. }, b.entry_of(1));
        assert!(matches!(e.kind(), ErrorKind::OffsetOutOfRange { offset } if *offset == bad));
        assert_eq!(e.object(), Some(1));
        let doc = Document::from_slice(&bytes).unwrap();
        let lazy = doc.root().unwrap().at(0).unwrap_err();
        assert_eq!(lazy.offset(), Some(b.entry_of(1)));
        assert_eq!(doc.node(1).unwrap_err().offset(), Some(b.entry_of(1)));
    }
    // Policy (lazy, unlike CoreFoundation, which scans the whole table at open): an
    // entry no reference reaches is never checked, so the document still decodes.
    b.offsets = Some(vec![8, b.offset_of(1), 0]);
    let bytes = b.build();
    assert_eq!(decode(&bytes).unwrap(), plist!([5]));
    let doc = Document::from_slice(&bytes).unwrap();
    assert_eq!(doc.node(2).unwrap_err().offset(), Some(b.entry_of(2)));
    // An 8-byte entry holding 2^64 - 1 is not wrapped or truncated.
    b.offset_size = 8;
    b.offsets = Some(vec![8, u64::MAX]);
    assert_err!(
        b.build(),
        ErrorKind::OffsetOutOfRange { offset: u64::MAX },
        b.entry_of(1)
    );
}

#[test]
fn b12_reference_out_of_range_in_array_key_and_value_rejected() {
    let cases = [
        Bplist::of(&[array(&[1, 2]), int(5)]),
        Bplist::of(&[dict(&[2], &[1]), int(5)]),
        Bplist::of(&[dict(&[1], &[255]), ascii(b"k")]),
    ];
    for b in cases {
        let e = assert_err!(
            b.build(),
            ErrorKind::RefOutOfRange { num_objects: 2, .. },
            8
        );
        assert_eq!(e.object(), Some(0));
    }
    // Deeper down, the error names the container and the path to it.
    let b = Bplist::of(&[dict(&[1], &[2]), ascii(b"k"), array(&[1, 9])]);
    let e = assert_err!(b.build(), ErrorKind::RefOutOfRange { reference: 9, .. }, 13);
    assert_eq!(e.path_string(), "k.1");
}

#[test]
fn b13_unsorted_duplicate_shared_and_overlapping_offsets_accepted() {
    // Objects: [1, 2, 3], "a", 7, and a data object whose two bytes are themselves
    // the integer object `0x10 0x05`, which entry 4 points into.
    let mut b = Bplist::new();
    b.push(&array(&[2, 1, 3, 4, 5]));
    let a = b.push(&ascii(b"a"));
    let seven = b.push(&int(7));
    let d = b.push(&[0x42, 0x10, 0x05]);
    let inner = b.offset_of(d) + 1;
    b.offsets = Some(vec![
        8,
        b.offset_of(seven), // unsorted: entry 1 after entry 2's object
        b.offset_of(a),
        b.offset_of(a), // duplicate of entry 2
        b.offset_of(d),
        inner, // inside object 4's body
    ]);
    let v = decode(&b.build()).unwrap();
    let expected = plist!(["a", 7, "a", (plistvalue::Data::new(vec![0x10, 0x05])), 5]);
    assert_eq!(v, expected);
}

#[test]
fn b14_ref_list_running_past_the_object_area_rejected() {
    // The container is the last object, so its refs would run into the table.
    for (object, kind) in [
        (vec![0xA3, 0x00], "array"),
        (vec![0xC2, 0x00], "set"),
        (vec![0xD2, 0x00, 0x00, 0x00], "dict"),
        (seq(0xA0, 1, &[0; 20])[..10].to_vec(), "long array"),
        (
            raw(
                0xAF,
                &[0x13, 0x3F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF],
            ),
            "2^62 refs",
        ),
    ] {
        let mut b = Bplist::of(&[vec![0x08]]);
        let top = b.push(&object);
        b.top = top;
        let bytes = b.build();
        let e = assert_err!(bytes, ErrorKind::InvalidLength(_), 9);
        assert_eq!(e.object(), Some(1), "{kind}");
        assert!(Document::from_slice(&bytes).is_err(), "{kind}");
    }
    // Exactly fitting is fine.
    let mut b = Bplist::of(&[vec![0x08]]);
    b.top = b.push(&[0xA2, 0x00, 0x00]);
    assert_eq!(decode(&b.build()).unwrap(), plist!([false, false]));
}

/// Policy follow-up to b11: the lazy reader never reports an object nothing reaches;
/// `Document::validate_all` checks every one up front, as CoreFoundation does at
/// open, with the same errors and offsets a read of that object would give.
#[test]
fn validate_all_reports_what_no_read_reaches() {
    // An unreached entry past the object area.
    let mut b = Bplist::of(&[array(&[1]), int(5), int(6)]);
    b.offsets = Some(vec![8, b.offset_of(1), 0]);
    let bytes = b.build();
    let doc = Document::from_slice(&bytes).unwrap();
    assert_eq!(decode(&bytes).unwrap(), plist!([5]));
    let e = doc.validate_all().unwrap_err();
    assert!(
        matches!(e.kind(), ErrorKind::OffsetOutOfRange { offset: 0 }),
        "{e}"
    );
    assert_eq!((e.offset(), e.object()), (Some(b.entry_of(2)), Some(2)));

    // An unreached array with a reference past the object count.
    let b = Bplist::of(&[array(&[1]), int(5), array(&[1, 7])]);
    let doc_bytes = b.build();
    let doc = Document::from_slice(&doc_bytes).unwrap();
    assert_eq!(decode(&doc_bytes).unwrap(), plist!([5]));
    let e = doc.validate_all().unwrap_err();
    assert!(
        matches!(e.kind(), ErrorKind::RefOutOfRange { reference: 7, .. }),
        "{e}"
    );
    assert_eq!((e.offset(), e.object()), (Some(b.offset_of(2)), Some(2)));

    // An unreached object with a marker no format defines.
    let b = Bplist::of(&[array(&[1]), int(5), raw(0x70, &[])]);
    let e = Document::from_slice(&b.build())
        .unwrap()
        .validate_all()
        .unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::InvalidMarker(0x70)), "{e}");
    assert_eq!(e.offset(), Some(b.offset_of(2)));

    // Everything our writer makes passes, dictionaries and shared keys included.
    let tree = plist!({ "a": [1, "x", { "a": true }], "b": { "a": 2.5 } });
    let bytes = plistvalue::to_vec(&tree).unwrap();
    Document::from_slice(&bytes)
        .unwrap()
        .validate_all()
        .unwrap();
}
