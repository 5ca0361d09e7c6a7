//! Group f: the writer side, as round trips through the reader.

use std::process::Command;

use plistvalue::{plist, Date, PlistValue, Uid};

use crate::support::{decode, on_small_stack};
use plistvalue_suite::env::{skip_unless_required, REQUIRE_PYTHON, REQUIRE_SHARED};

/// (offset size, ref size, object count, top, table offset) from a file's trailer.
fn trailer(bytes: &[u8]) -> (u8, u8, u64, u64, u64) {
    let t = &bytes[bytes.len() - 32..];
    let word = |i: usize| u64::from_be_bytes(t[i..i + 8].try_into().unwrap());
    (t[6], t[7], word(8), word(16), word(24))
}

/// CoreFoundation's `_byteCount`: the smallest of 1, 2, 4, 8 bytes holding `v`.
fn byte_count(v: u64) -> u8 {
    match v {
        0..=0xFF => 1,
        0x100..=0xFFFF => 2,
        0x1_0000..=0xFFFF_FFFF => 4,
        _ => 8,
    }
}

#[test]
fn f36_ref_and_offset_widths_switch_at_255_256_65535_65536_objects() {
    // n - 1 distinct integers in an array are n objects. CoreFoundation sizes refs by
    // the object count and offsets by the table's offset. (2^32 objects or 4 GiB of
    // output would need tens of GiB here; the reader side of 8-byte widths is a02/a03.)
    for n in [255u64, 256, 65_535, 65_536, 70_000] {
        let v = PlistValue::Array((0..n as i64 - 1).map(PlistValue::from).collect());
        let bytes = plistvalue::to_vec(&v).unwrap();
        let (offset_size, ref_size, count, top, table) = trailer(&bytes);
        assert_eq!((count, top), (n, 0));
        assert_eq!(ref_size, byte_count(n), "{n} objects");
        assert_eq!(offset_size, byte_count(table), "{n} objects");
        assert_eq!(decode(&bytes).unwrap(), v);
    }
}

#[test]
fn f37_u64_above_i64_max_is_16_bytes_negatives_are_8() {
    let cases: [(PlistValue, &[u8]); 5] = [
        (
            PlistValue::from(u64::MAX),
            &[0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF],
        ),
        (
            PlistValue::from(1u64 << 63),
            &[0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0x80],
        ),
        (PlistValue::from(i64::MAX), &[0x13, 0x7F, 0xFF]),
        (
            PlistValue::from(-1i64),
            &[0x13, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF],
        ),
        (PlistValue::from(i64::MIN), &[0x13, 0x80, 0]),
    ];
    for (v, prefix) in cases {
        let bytes = plistvalue::to_vec(&v).unwrap();
        assert_eq!(&bytes[8..8 + prefix.len()], prefix, "{v:?}");
        assert_eq!(decode(&bytes).unwrap(), v);
    }
    let big: u64 = plistvalue::from_slice(&plistvalue::to_vec(&u64::MAX).unwrap()).unwrap();
    assert_eq!(big, u64::MAX);
}

#[test]
fn f38_non_ascii_strings_as_utf16_with_surrogate_pairs_nul_kept() {
    let s = "héllo 😀";
    let bytes = plistvalue::to_vec(&s).unwrap();
    assert_eq!(bytes[8], 0x68); // UTF-16, 8 code units
    assert!(bytes.windows(4).any(|w| w == [0xD8, 0x3D, 0xDE, 0x00]));
    assert_eq!(decode(&bytes).unwrap(), PlistValue::from(s));
    let bytes = plistvalue::to_vec(&"a\0b").unwrap();
    assert_eq!(&bytes[8..12], [0x53, b'a', 0, b'b']);
    assert_eq!(decode(&bytes).unwrap(), PlistValue::from("a\0b"));
}

#[test]
fn f39_reals_unique_by_bit_pattern_and_never_merge_with_integers() {
    let nan1 = f64::from_bits(0x7FF8_0000_0000_0001);
    let nan2 = f64::from_bits(0x7FF8_0000_0000_0002);
    let v = plist!([0.0, (-0.0), nan1, nan2, 1, 1.0, 0.0, nan1]);
    let bytes = plistvalue::to_vec(&v).unwrap();
    // The array, 0.0, -0.0, two NaNs, 1 and 1.0.
    assert_eq!(trailer(&bytes).2, 7);
    assert_eq!(decode(&bytes).unwrap(), v);
}

#[test]
fn f40_deep_trees_write_without_recursion() {
    // Policy: the untyped writer, like the untyped reader, has no depth limit and no
    // recursion; 100,000 levels of arrays and of dictionaries on a 2 MiB thread.
    on_small_stack(|| {
        for dict in [false, true] {
            let mut v = PlistValue::from(1);
            for _ in 0..100_000 {
                v = if dict {
                    plist!({ "k": v })
                } else {
                    PlistValue::Array(vec![v].into())
                };
            }
            let bytes = plistvalue::to_vec(&v).unwrap();
            assert!(decode(&bytes).unwrap() == v);
        }
    });
}

#[test]
fn f41_output_accepted_by_external_readers() {
    // Python's plistlib and libplist's `plistutil`, which `.ci/run` installs, and
    // on macOS Apple's `plutil -lint`. Byte identity with `plutil -convert
    // binary1` needs macOS and is not checked here.
    let v = plist!({
        "int": (-1i64),
        "big": (u64::MAX),
        "s": "héllo 😀",
        "nul": "a\0b",
        "data": (plistvalue::Data::new(vec![0, 1])),
        "real": 1.5,
        "date": (Date::from_seconds_since_2001(0.0)),
        "uid": (Uid::new(7)),
        "arr": [1, "x", true],
        "empty": {}
    });
    let path = std::env::temp_dir().join(format!("hostile-f41-{}.plist", std::process::id()));
    std::fs::write(&path, plistvalue::to_vec(&v).unwrap()).unwrap();
    let check = r"
import plistlib, sys
v = plistlib.load(open(sys.argv[1], 'rb'))
assert v['int'] == -1 and v['big'] == 2**64 - 1, v
assert v['s'] == 'héllo 😀' and v['nul'] == 'a\x00b', v
assert v['data'] == b'\x00\x01' and v['real'] == 1.5, v
assert v['date'].year == 2001 and v['uid'] == plistlib.UID(7), v
assert v['arr'] == [1, 'x', True] and v['empty'] == {}, v
";
    // Each tool, and the variable that makes its absence a failure.
    let tools: [(&str, Vec<&str>, &str); 2] = [
        ("python3", vec!["-c", check], REQUIRE_PYTHON),
        (
            "plistutil",
            vec!["-f", "xml", "-o", "-", "-i"],
            REQUIRE_SHARED,
        ),
    ];
    for (tool, args, required_by) in tools {
        match Command::new(tool).args(&args).arg(&path).output() {
            Ok(out) => assert!(
                out.status.success(),
                "{tool} rejected the output: {}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            ),
            Err(_) => skip_unless_required(required_by, format!("{tool} not found")),
        }
    }
    apple_plutil_lints(&path);
    std::fs::remove_file(&path).ok();
}

/// Apple's `plutil -lint` accepts the file. A `plutil` on `PATH` elsewhere is
/// another program (on Debian, the one of gnustep-base-runtime, which fails on
/// every file), so only macOS's own `/usr/bin/plutil` is asked.
fn apple_plutil_lints(path: &std::path::Path) {
    if !cfg!(target_os = "macos") {
        skip_unless_required(
            "PLISTVALUE_REQUIRE_PLUTIL",
            "Apple's plutil exists only on macOS",
        );
        return;
    }
    let out = Command::new("/usr/bin/plutil")
        .arg("-lint")
        .arg(path)
        .output()
        .expect("macOS has /usr/bin/plutil");
    assert!(
        out.status.success(),
        "plutil rejected the output: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}
