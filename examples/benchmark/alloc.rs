//! A counting global allocator: current and peak live heap bytes, for the peak-heap
//! rows. Both libraries run on it, so its small per-call cost is the same for both.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

pub struct Counting;

static CURRENT: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// The benchmark allocates from one thread, so a plain load and store (no locked
// read-modify-write) keeps the count exact at a fraction of the cost.
#[inline]
fn grow(n: usize) {
    let now = CURRENT.load(Relaxed).wrapping_add(n);
    CURRENT.store(now, Relaxed);
    if now > PEAK.load(Relaxed) {
        PEAK.store(now, Relaxed);
    }
}

#[inline]
fn shrink(n: usize) {
    CURRENT.store(CURRENT.load(Relaxed).wrapping_sub(n), Relaxed);
}

// SAFETY: every call is forwarded unchanged to `System`, which upholds the
// `GlobalAlloc` contract; the wrapper only counts sizes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: same layout as our caller's, which the contract makes valid.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            grow(layout.size());
        }
        p
    }

    // Forwarded so that zeroed tables still get calloc's already-zero pages.
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as for `alloc`.
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            grow(layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from this allocator, i.e. from `System`, with `layout`.
        unsafe { System.dealloc(ptr, layout) };
        shrink(layout.size());
    }

    // Counted as a change of size, as dhat does: large blocks move by mremap, without
    // a second copy alive.
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: `ptr` came from `System` with `layout`; the caller guarantees
        // `new_size` is valid for it.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            shrink(layout.size());
            grow(new_size);
        }
        p
    }
}

/// Live heap bytes now.
pub fn current() -> usize {
    CURRENT.load(Relaxed)
}

/// Runs `f` and returns its result and the most heap it had live at once above what
/// was live before it started (its result included).
pub fn peak_during<R>(f: impl FnOnce() -> R) -> (R, u64) {
    let base = current();
    PEAK.store(base, Relaxed);
    let r = f();
    (r, (PEAK.load(Relaxed) - base) as u64)
}
