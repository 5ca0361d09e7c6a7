//! A default decode into `PlistValue` holds at most 64 bytes of
//! heap per input byte, plus 10 MiB (`Limits::heap_per_input_byte`'s stated
//! bound), whatever the file. A counting global allocator records the peak of live
//! heap bytes while each hostile shape decodes. One test only, so that no other
//! test thread allocates while it measures.

use plistvalue::{ErrorKind, PlistValue};
use plistvalue_suite::alloc::{self, Counting};
use plistvalue_suite::bplist::{ascii, data, dict_w, int, seq, Bplist};

#[global_allocator]
static ALLOCATOR: Counting = Counting::multi_threaded();

/// The stated bound for an input of `len` bytes.
fn bound(len: usize) -> usize {
    64 * len + (10 << 20)
}

/// An array of `refs` references to one dictionary of 256 entries, and `padding`
/// bytes of data nothing refers to, which buy node budget: every reference decodes
/// the dictionary anew, 256 entries of about 100 bytes each.
fn padded_entries(refs: usize, padding: usize) -> Vec<u8> {
    let mut b = Bplist::new();
    b.ref_size = 2;
    b.offset_size = 4;
    b.push(&seq(0xA0, 2, &vec![1; refs]));
    let keys: Vec<u64> = (3..3 + 256).collect();
    b.push(&dict_w(2, &keys, &[2; 256]));
    b.push(&int(1));
    for i in 0..256u32 {
        b.push(&ascii(format!("k{i}").as_bytes()));
    }
    b.push(&data(&vec![0; padding]));
    b.build()
}

/// 65,000 references to one integer: the densest honest file.
fn dense() -> Vec<u8> {
    let mut b = Bplist::new();
    b.ref_size = 2;
    b.offset_size = 4;
    b.push(&seq(0xA0, 2, &vec![1; 65_000]));
    b.push(&int(7));
    b.build()
}

#[test]
fn a_plist_value_decode_stays_within_its_stated_heap_bound() {
    for (name, bytes, must_fail) in [
        ("padded entries", padded_entries(8_000, 512 << 10), true),
        ("entries, no padding", padded_entries(30_000, 0), true),
        ("dense references", dense(), false),
    ] {
        let (r, peak) = alloc::peak_during(|| plistvalue::from_slice::<PlistValue>(&bytes));
        let (rs, peak_serde) =
            alloc::peak_during(|| plistvalue::serde::from_slice::<PlistValue>(&bytes));
        eprintln!(
            "{name}: {} bytes, peak {peak} ({:.1}x), serde peak {peak_serde}",
            bytes.len(),
            peak as f64 / bytes.len() as f64
        );
        for (path, peak) in [("from_slice", peak), ("serde", peak_serde)] {
            assert!(
                peak <= bound(bytes.len()),
                "{name}, {path}: peak {peak} over the bound {}",
                bound(bytes.len())
            );
        }
        if must_fail {
            for e in [r.expect_err(name), rs.expect_err(name)] {
                assert!(
                    matches!(e.kind(), ErrorKind::BudgetExceeded { .. }),
                    "{name}: {e:?}"
                );
            }
        } else {
            assert_eq!(r.expect(name), rs.expect(name));
        }
    }
}
