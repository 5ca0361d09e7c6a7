//! The hostile OpenStep list (docs/OPENSTEP.md's rules under load): each case is an
//! error with a line, a column and a byte offset, or decodes where CF's parser reads
//! it, and never panics, hangs, recurses on the input's depth or takes unbounded
//! memory. The small cases of the list (escapes, comments, structure, encodings,
//! GNUstep's extensions) are checked one by one, against CF's parser model too, in
//! `tests/openstep/rules.rs`; the peak heap of large ones in `hostile_memory.rs`.

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use plistvalue::{Error, ErrorKind, OpenStepError, PlistValue};

use crate::support::{on_small_stack, Nest};

fn read(bytes: &[u8]) -> Result<PlistValue, Error> {
    plistvalue::from_bytes(bytes)
}

/// Asserts an OpenStep error of `kind`, placed at a line, column and offset.
fn refused(bytes: &[u8], kind: &OpenStepError) -> Error {
    let e = read(bytes).expect_err("hostile OpenStep decoded");
    assert!(
        matches!(e.kind(), ErrorKind::OpenStep(k) if k == kind),
        "wrong kind: {e:?}"
    );
    assert!(
        e.line().is_some() && e.column().is_some() && e.offset().is_some(),
        "unplaced: {e}"
    );
    e
}

/// Runs `f` and fails if it took longer than `limit` (a debug build is slow; the
/// limits are an order of magnitude above the time taken).
fn within<T>(limit: Duration, f: impl FnOnce() -> T) -> T {
    let start = Instant::now();
    let out = f();
    assert!(start.elapsed() < limit, "took {:?}", start.elapsed());
    out
}

fn nested(open: &str, close: &str, n: usize) -> Vec<u8> {
    [open.repeat(n), close.repeat(n)].concat().into_bytes()
}

#[test]
fn nesting_is_bounded_without_recursion() {
    // On a 2 MiB stack: the reader keeps its open containers on the heap.
    on_small_stack(|| {
        let too_deep = OpenStepError::TooDeep(512);
        let e = within(Duration::from_secs(5), || {
            refused(&nested("(", ")", 1_000_000), &too_deep)
        });
        assert_eq!((e.line(), e.column()), (Some(1), Some(514)));
        within(Duration::from_secs(5), || {
            refused(&nested("{a=", ";}", 1_000_000), &too_deep)
        });
        refused("(".repeat(100_000).as_bytes(), &too_deep);
        refused("{ a = (".repeat(100_000).as_bytes(), &too_deep);
        let v = read(&nested("(", ")", 512)).unwrap();
        let mut depth = 0;
        let mut cur = &v;
        while let PlistValue::Array(a) = cur {
            depth += 1;
            match a.first() {
                Some(next) => cur = next,
                None => break,
            }
        }
        assert_eq!(depth, 512);
        refused(&nested("(", ")", 513), &too_deep);
        // A recursive typed decode stops at its own depth limit.
        let bytes = nested("(", ")", 512);
        let e = plistvalue::from_bytes::<Nest>(&bytes).unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::DepthLimit(128)), "{e:?}");
    });
}

#[test]
fn width_costs_linear_time() {
    let n = 1_000_000;
    let body = format!("( {} )", "7, ".repeat(n));
    let v = within(Duration::from_secs(20), || read(body.as_bytes()).unwrap());
    assert_eq!(v.as_array().unwrap().len(), n);
    let mut keys = String::from("{");
    for i in 0..200_000 {
        write!(keys, "k{i} = {i};").unwrap();
    }
    keys.push('}');
    let v = within(Duration::from_secs(20), || read(keys.as_bytes()).unwrap());
    assert_eq!(v.as_dictionary().unwrap().len(), 200_000);
    assert_eq!(v["k199999"], PlistValue::String("199999".into()));
    // One key 200,000 times: one entry, the last value, in linear time.
    let mut same = String::from("{");
    for i in 0..200_000 {
        write!(same, "k = {i};").unwrap();
    }
    same.push('}');
    let v = within(Duration::from_secs(20), || read(same.as_bytes()).unwrap());
    assert_eq!(v.as_dictionary().unwrap().len(), 1);
    assert_eq!(v["k"], PlistValue::String("199999".into()));
}

#[test]
fn large_strings_and_data_decode() {
    const SIZE: usize = 64 << 20;
    // 64 MiB of hex is 32 MiB of data.
    let raw: Vec<u8> = (0..SIZE as u32 / 2)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8)
        .collect();
    let mut hex = String::with_capacity(SIZE + 2);
    hex.push('<');
    for b in &raw {
        write!(hex, "{b:02x}").unwrap();
    }
    hex.push('>');
    let v = within(Duration::from_secs(60), || read(hex.as_bytes()).unwrap());
    assert!(v == PlistValue::Data(raw), "32 MiB of data read back");
    // 64 MiB quoted and unquoted strings.
    let text = "abcdefgh".repeat(SIZE / 8);
    let quoted = format!("\"{text}\"");
    let v = within(Duration::from_secs(60), || read(quoted.as_bytes()).unwrap());
    assert_eq!(v.as_str().map(str::len), Some(SIZE));
    let v = within(Duration::from_secs(60), || read(text.as_bytes()).unwrap());
    assert_eq!(v.as_str().map(str::len), Some(SIZE));
    // With an escape, the string is decoded, not borrowed.
    let escaped = format!("\"\\n{text}\"");
    let v = within(Duration::from_secs(60), || {
        read(escaped.as_bytes()).unwrap()
    });
    assert_eq!(v.as_str().map(str::len), Some(SIZE + 1));
    // Unterminated: an error at the opening quote, found in one pass.
    let open = format!("( \"{}", "x".repeat(1 << 20));
    let e = within(Duration::from_secs(5), || {
        refused(open.as_bytes(), &OpenStepError::Eof("a quoted string"))
    });
    assert_eq!(e.column(), Some(3));
    let comment = format!("{{ a = b; /* {}", "x".repeat(1 << 20));
    within(Duration::from_secs(5), || {
        refused(comment.as_bytes(), &OpenStepError::Eof("a dictionary"))
    });
}

#[test]
fn truncation_at_every_point_is_an_error_or_the_shorter_document() {
    let full = "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjects = {\n\t\tA1 /* a.m */ = {isa = PBXFileReference; path = \"é 😀\\n\"; data = <0fbd 1234>; list = (x, 'y', ); };\n\t};\n\tkey;\n}\n";
    let whole = read(full.as_bytes()).unwrap();
    for cut in 0..full.len() {
        match read(&full.as_bytes()[..cut]) {
            Err(e) => assert!(
                e.line().is_some() && e.offset().is_some(),
                "cut at {cut}: unplaced {e}"
            ),
            // Only what a shorter text is on its own: `/` (a string), the header
            // comment alone (an empty dictionary), or all but the final newline.
            Ok(v) => assert!(
                cut == 1 && v == PlistValue::String("/".into())
                    || (2..=14).contains(&cut) && v == plistvalue::plist!({})
                    || cut == full.len() - 1 && v == whole,
                "cut at {cut} read {v:?}"
            ),
        }
    }
}

#[test]
fn budgets_count_the_text_not_the_uniqued_binary() {
    // 2,000 copies of one 10,000-byte string: 20 MB of text, one string object in
    // the binary form. The byte budget is counted against the text.
    let s = "x".repeat(10_000);
    let text = format!("( {} )", format!("{s}, ").repeat(2_000));
    let binary = plistvalue::to_binary(text.as_bytes()).unwrap();
    assert!(binary.len() < 30_000, "{} bytes", binary.len());
    let v = read(text.as_bytes()).unwrap();
    assert_eq!(v.as_array().unwrap().len(), 2_000);
    let typed: Vec<String> = plistvalue::from_bytes(text.as_bytes()).unwrap();
    assert!(typed.iter().all(|e| *e == s));
}

#[test]
fn a_nul_in_the_first_two_bytes_is_wide_text_without_a_byte_order_mark() {
    // Found by the fuzz target `openstep`: a comment and a string holding NUL read,
    // but the string written first, `"` and NUL, is two bytes CF takes for UTF-16
    // without a byte-order mark (docs/OPENSTEP.md R1). A writer must not start so.
    let read_back = read(b"///\n'\0\x0f'").unwrap();
    assert_eq!(read_back, PlistValue::String("\0\u{f}".into()));
    refused(b"\"\0\x0f\"", &OpenStepError::NoByteOrderMark);
    assert_eq!(read(b"\n\"\0\x0f\"").unwrap(), read_back);
}
