//! String objects that overlap: the offset table may point anywhere, so one region
//! can hold thousands of distinct strings, each covering the headers of the ones
//! after it. Every string still reads as itself, and `Node::check_str` gives the
//! verdict `to_str` gives, through the text index's counts once the checks have
//! scanned the input's length (what each check costs is counted by `text.rs`'s
//! unit tests).

use std::time::{Duration, Instant};

use plistvalue::{Document, ErrorKind, Kind};
use plistvalue_suite::bplist::overlapping_strings;

/// 2,000 strings of `count` units in one region.
const N: u64 = 2_000;

#[test]
fn overlapping_ascii_strings_read_as_themselves() {
    let bytes = overlapping_strings(0x5F, N, 20_000, b"a").build();
    let doc = Document::from_slice(&bytes).expect("opens");
    doc.validate_all().expect("valid");
    let mut texts = 0;
    for (i, s) in doc.root().unwrap().elements().unwrap().enumerate() {
        let s = s.unwrap();
        let text = s.as_ascii().expect("ASCII: headers and filler are");
        assert_eq!(text.len(), 20_000);
        // The string starts at its successor's header; the last one at the filler.
        let next_header = if i + 1 < N as usize { "\x5F\x12" } else { "aa" };
        assert!(text.starts_with(next_header), "string {i}");
        s.check_str().unwrap();
        texts += 1;
    }
    assert_eq!(texts, N);
}

#[test]
fn overlapping_latin1_strings_are_text() {
    let bytes = overlapping_strings(0x5F, N, 20_000, b"\xE9").build();
    let doc = Document::from_slice(&bytes).expect("opens");
    for s in doc.root().unwrap().elements().unwrap() {
        let s = s.unwrap();
        assert_eq!(s.as_ascii(), None, "0xE9 is not ASCII");
        s.check_str().expect("Latin-1 always reads");
    }
    let last = doc.node(N).unwrap();
    assert_eq!(last.to_str().unwrap(), "é".repeat(20_000));
}

/// A lone high surrogate in the filler: the strings that cover it are not text,
/// the others are, and `check_str` agrees with `to_str` on each.
#[test]
fn overlapping_utf16_strings_agree_with_to_str() {
    let b = overlapping_strings(0x6F, N, 10_000, &[0x00, 0x61]);
    let mut bytes = b.build();
    // Object 1 of the builder is the region; the filler follows the headers.
    let lone = b.offset_of(1) as usize + 6 * N as usize + 2 * 5_000;
    bytes[lone] = 0xD8;
    let doc = Document::from_slice(&bytes).expect("opens");
    let (mut text, mut broken) = (0, 0);
    for s in doc.root().unwrap().elements().unwrap() {
        let s = s.unwrap();
        assert_eq!(s.kind(), Kind::String);
        match (s.check_str(), s.to_str()) {
            (Ok(()), Ok(_)) => text += 1,
            (Err(a), Err(b)) => {
                assert!(matches!(a.kind(), ErrorKind::InvalidString(_)), "{a:?}");
                assert_eq!((a.offset(), a.to_string()), (b.offset(), b.to_string()));
                broken += 1;
            }
            (a, b) => panic!("check_str {a:?}, to_str {:?}", b.map(|_| ())),
        }
    }
    assert!(text > 100 && broken > 100, "{text} text, {broken} broken");
}

/// The shape at a size where checking each string whole takes minutes:
/// 100,000 distinct strings of 16 MiB in one 17 MB region. Each would scan 16 MiB,
/// 1.7 TB in all; the text index reads the file a few times and then two partial
/// blocks per string. The time is printed (`-- --nocapture`) and bounded only
/// generously, for a debug build on a busy machine.
#[test]
fn a_hundred_thousand_overlapping_strings_read_in_linear_time() {
    const COUNT: u32 = 16 << 20;
    let n = 100_000;
    let bytes = overlapping_strings(0x5F, n, COUNT, b"a").build();
    let start = Instant::now();
    let doc = Document::from_slice(&bytes).expect("opens");
    let mut read = 0;
    for s in doc.root().unwrap().elements().unwrap() {
        let s = s.unwrap();
        assert_eq!(s.as_ascii().map(str::len), Some(COUNT as usize));
        s.check_str().expect("text");
        read += 1;
    }
    let took = start.elapsed();
    println!(
        "{read} overlapping strings of {COUNT} bytes in a {} byte file: {took:?}",
        bytes.len()
    );
    assert_eq!(read, n);
    assert!(took < Duration::from_secs(30), "{took:?}");
}
