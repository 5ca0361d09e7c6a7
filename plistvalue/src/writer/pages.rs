//! How the large buffers of an encode get their memory: fresh allocations whose
//! pages fault in 2 MiB at a time.
//!
//! A fresh anonymous page costs the kernel a fault, and on a virtual machine the
//! fault's exit dwarfs the zeroing: a large `to_vec` spends a fifth of its time
//! on the CPU faulting in 4 KiB pages, and 25 times fewer faults with 2 MiB
//! ones. Linux backs a range with 2 MiB pages where it is asked to
//! (`MADV_HUGEPAGE`, for transparent huge pages in their default `madvise` mode).
//! The advice goes only on a buffer allocated here, before any byte is written to
//! it: advice on part of a mapping splits it, and glibc can then no longer grow it
//! in place with `mremap`. So a large buffer is never grown by `realloc` here: it
//! is replaced by a larger fresh one and its elements are copied over, which costs
//! less than faulting them in 4 KiB at a time. Every size asked for is what the
//! document being encoded needs, or twice a buffer it filled.

/// Buffers of at least this many bytes are allocated here; smaller ones grow as
/// `Vec` grows them. A 2 MiB page needs an aligned 2 MiB inside the buffer, and a
/// small table gains nothing worth a system call.
const LARGE: usize = 1 << 20;

/// Makes room for exactly `additional` more elements in `v`, as
/// `Vec::reserve_exact` does; a large buffer is replaced by a fresh, advised one.
#[inline]
pub(crate) fn reserve<T: Copy>(v: &mut Vec<T>, additional: usize) {
    if v.capacity() - v.len() < additional {
        replace(v, v.len().saturating_add(additional));
    }
}

/// Makes room for `additional` more elements in a buffer that grows as it is
/// filled: at least doubling it, as `Vec::push` does.
#[inline(always)]
pub(super) fn grow<T: Copy>(v: &mut Vec<T>, additional: usize) {
    if v.capacity() - v.len() < additional {
        let need = v.len().saturating_add(additional);
        replace(v, need.max(v.capacity().saturating_mul(2)));
    }
}

/// `len` zeroes, in a buffer whose pages are advised when it is large.
pub(super) fn zeroed<T: Copy + Default>(len: usize) -> Vec<T> {
    let mut v = Vec::new();
    reserve(&mut v, len);
    v.resize(len, T::default());
    v
}

#[cold]
#[inline(never)]
fn replace<T: Copy>(v: &mut Vec<T>, capacity: usize) {
    let size = std::mem::size_of::<T>().max(1);
    if capacity.saturating_mul(size) < LARGE {
        v.reserve_exact(capacity - v.len());
        return;
    }
    let mut fresh: Vec<T> = Vec::with_capacity(capacity);
    advise(
        fresh.as_mut_ptr() as usize,
        fresh.capacity().saturating_mul(size),
    );
    fresh.extend_from_slice(v);
    *v = fresh;
}

#[cfg(target_os = "linux")]
fn advise(start: usize, len: usize) {
    const HUGE: usize = 2 << 20;
    let from = start.next_multiple_of(HUGE);
    let to = start.saturating_add(len) & !(HUGE - 1);
    if to > from {
        // SAFETY: `madvise` with `MADV_HUGEPAGE` neither reads nor writes memory
        // and keeps its contents: it only records how the kernel may back the
        // pages of the range. The range is the whole 2 MiB blocks inside a
        // buffer just allocated here, which nothing else uses. The result is
        // ignored: where transparent huge pages are off or the memory cannot
        // take them, the pages stay 4 KiB, as without the call.
        unsafe {
            libc::madvise(from as *mut libc::c_void, to - from, libc::MADV_HUGEPAGE);
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn advise(_: usize, _: usize) {}

#[cfg(test)]
mod tests {
    use super::{grow, reserve, zeroed, LARGE};

    /// Past `LARGE` a buffer moves to a fresh allocation: its elements come along,
    /// and it has the room asked for.
    #[test]
    fn a_replaced_buffer_keeps_its_elements_and_has_the_room() {
        let mut v: Vec<u32> = Vec::new();
        let mut n = 0_u32;
        while v.len() * 4 < 3 * LARGE {
            grow(&mut v, 1);
            v.push(n);
            n += 1;
        }
        assert!(v.iter().copied().eq(0..n), "every element, in order");
        reserve(&mut v, 5 * LARGE);
        assert!(v.capacity() - v.len() >= 5 * LARGE);
        assert!(v.iter().copied().eq(0..n), "kept by the exact reserve too");
        let z: Vec<u64> = zeroed(LARGE);
        assert_eq!(z.len(), LARGE);
        assert!(z.iter().all(|&x| x == 0));
    }

    /// The kernel's own account of the mapping: its flags include `hg` (huge pages
    /// asked for) once a large buffer has been advised.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_large_buffer_asks_for_huge_pages() {
        let mut out: Vec<u8> = Vec::new();
        reserve(&mut out, 16 * LARGE);
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
