//! Room for a large text output, asked of the kernel in huge pages. Writing a fresh
//! buffer of a hundred megabytes faults its pages in one by one, 4 KiB each, and
//! those faults cost more than writing the text (a 133 MB XML document: about 110
//! ms of faults against 17 ms with 2 MiB pages, on the benchmark's machine). On
//! Linux, where transparent huge pages are usually enabled for regions that ask,
//! the reserved room asks; elsewhere this is a plain `reserve`.

/// Below this much room, the ordinary pages are left alone: the gain is in large
/// outputs, and a small one does not span a huge page.
const HUGE_FROM: usize = 8 << 20;

/// Reserves room for `additional` more bytes in `out`, an estimate, in huge pages
/// where the platform gives them for the asking. Where the allocator refuses that
/// much, nothing is reserved: the output grows as it is written.
pub(crate) fn reserve(out: &mut Vec<u8>, additional: usize) {
    if out.try_reserve(additional).is_ok() && additional >= HUGE_FROM {
        advise_huge(out);
    }
}

#[cfg(all(
    target_os = "linux",
    any(target_arch = "x86_64", target_arch = "aarch64")
))]
fn advise_huge(out: &mut Vec<u8>) {
    const HUGE: usize = 2 << 20;
    /// `MADV_HUGEPAGE` on these architectures.
    const MADV_HUGEPAGE: i32 = 14;
    extern "C" {
        fn madvise(addr: *mut std::ffi::c_void, len: usize, advice: i32) -> i32;
    }
    let spare = out.spare_capacity_mut();
    let (start, end) = (
        spare.as_ptr() as usize,
        spare.as_ptr() as usize + spare.len(),
    );
    let (from, to) = (start.next_multiple_of(HUGE), end / HUGE * HUGE);
    if from < to {
        // SAFETY: `from..to` lies inside the vector's own allocation (its unused
        // capacity, rounded inward to whole huge pages), which is mapped. The advice
        // only changes the size of the pages the kernel backs the range with, not
        // its contents or its mapping, and an error (an old kernel, huge pages
        // disabled) leaves the range as it was, so the result is not needed.
        unsafe {
            madvise(from as *mut std::ffi::c_void, to - from, MADV_HUGEPAGE);
        }
    }
}

#[cfg(not(all(
    target_os = "linux",
    any(target_arch = "x86_64", target_arch = "aarch64")
)))]
fn advise_huge(_: &mut Vec<u8>) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reserves_what_is_asked() {
        for n in [0, 1, 4096, HUGE_FROM, HUGE_FROM + 12_345] {
            let mut out = b"kept".to_vec();
            reserve(&mut out, n);
            assert!(out.capacity() >= 4 + n, "{n}");
            assert_eq!(out, b"kept");
        }
    }

    #[test]
    fn refused_room_is_not_an_error() {
        let mut out = vec![1u8];
        reserve(&mut out, usize::MAX / 2);
        assert_eq!(out, [1]);
    }

    /// The kernel's own account of the mapping: its flags include `hg` (huge pages
    /// asked for) once a large reservation has advised it.
    #[cfg(all(
        target_os = "linux",
        any(target_arch = "x86_64", target_arch = "aarch64")
    ))]
    #[test]
    fn a_large_reservation_asks_for_huge_pages() {
        let mut out: Vec<u8> = Vec::new();
        reserve(&mut out, 4 * HUGE_FROM);
        let inside = (out.as_ptr() as usize).next_multiple_of(2 << 20);
        let smaps = std::fs::read_to_string("/proc/self/smaps").expect("Linux has smaps");
        let mut within = false;
        for line in smaps.lines() {
            let range = line
                .split_whitespace()
                .next()
                .and_then(|r| r.split_once('-'));
            if let Some((lo, hi)) = range.filter(|_| !line.starts_with("VmFlags")) {
                if let (Ok(lo), Ok(hi)) =
                    (usize::from_str_radix(lo, 16), usize::from_str_radix(hi, 16))
                {
                    within = (lo..hi).contains(&inside);
                    continue;
                }
            }
            if within && line.starts_with("VmFlags:") {
                assert!(line.split_whitespace().any(|f| f == "hg"), "{line}");
                return;
            }
        }
        panic!("no mapping holds {inside:#x}");
    }
}
