//! A counting global allocator: live and peak heap bytes, for the benchmark's
//! peak-heap rows and the hostile-memory test. Install it with
//! `#[global_allocator] static A: Counting = Counting::single_threaded();` (or
//! `multi_threaded()`); everything it counts goes through `System` unchanged.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

/// The allocator. Its counters are process-wide: there is one global allocator.
pub struct Counting {
    /// Count with atomic read-modify-writes, for processes whose threads allocate
    /// at once (a test harness). Otherwise a plain load and store keeps the count
    /// exact at a fraction of the cost, which is what a benchmark that allocates
    /// from one thread wants: both libraries pay it.
    atomic: bool,
}

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

impl Counting {
    /// For a process that allocates from one thread at a time.
    pub const fn single_threaded() -> Counting {
        Counting { atomic: false }
    }

    /// For a process whose threads allocate at the same time.
    pub const fn multi_threaded() -> Counting {
        Counting { atomic: true }
    }

    #[inline]
    fn grow(&self, n: usize) {
        let now = if self.atomic {
            LIVE.fetch_add(n, Relaxed).wrapping_add(n)
        } else {
            let now = LIVE.load(Relaxed).wrapping_add(n);
            LIVE.store(now, Relaxed);
            now
        };
        if self.atomic {
            PEAK.fetch_max(now, Relaxed);
        } else if now > PEAK.load(Relaxed) {
            PEAK.store(now, Relaxed);
        }
    }

    #[inline]
    fn shrink(&self, n: usize) {
        if self.atomic {
            LIVE.fetch_sub(n, Relaxed);
        } else {
            LIVE.store(LIVE.load(Relaxed).wrapping_sub(n), Relaxed);
        }
    }
}

// SAFETY: every call is forwarded unchanged to `System`, which upholds the
// `GlobalAlloc` contract; the wrapper only counts sizes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: same layout as our caller's, which the contract makes valid.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            self.grow(layout.size());
        }
        p
    }

    // Forwarded so that zeroed tables still get calloc's already-zero pages.
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as for `alloc`.
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            self.grow(layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from this allocator, i.e. from `System`, with `layout`.
        unsafe { System.dealloc(ptr, layout) };
        self.shrink(layout.size());
    }

    // Counted as a change of size, as dhat does: large blocks move by mremap, without
    // a second copy alive.
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: `ptr` came from `System` with `layout`; the caller guarantees
        // `new_size` is valid for it.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            self.shrink(layout.size());
            self.grow(new_size);
        }
        p
    }
}

/// Live heap bytes now.
pub fn current() -> usize {
    LIVE.load(Relaxed)
}

/// Runs `f` and returns its result and the most heap it had live at once above what
/// was live before it started (its result included).
pub fn peak_during<R>(f: impl FnOnce() -> R) -> (R, usize) {
    let base = current();
    PEAK.store(base, Relaxed);
    let r = f();
    (r, PEAK.load(Relaxed).saturating_sub(base))
}
