//! Repeated runs of one operation, for the profiling drivers (`examples/*_ops.rs`):
//! the fastest and median wall time, the fastest and median time the thread spent
//! on a CPU, and the page faults of the median run. On a shared machine the time
//! on a CPU is the steadier: time spent waiting for a CPU is not in it. Both come
//! from Linux's `/proc` (`schedstat`, `stat`); elsewhere they read as zero.

use std::fmt;
use std::hint::black_box;
use std::time::{Duration, Instant};

/// What [`run`] measured.
pub struct Rounds {
    wall: Vec<Duration>,
    cpu: Vec<Duration>,
    faults: Vec<u64>,
}

/// Nanoseconds this thread has run on a CPU, or zero where Linux does not say.
fn on_cpu() -> Duration {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap_or_default();
    let ns = text
        .split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    Duration::from_nanos(ns)
}

/// Minor page faults of this process so far, or zero where Linux does not say.
fn faults() -> u64 {
    let text = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // The fields after the parenthesized command name; `minflt` is the eighth.
    text.rsplit_once(')')
        .and_then(|(_, rest)| rest.split_whitespace().nth(7))
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

/// Runs `op` `n` times (at least once), timing each run; each result is dropped
/// after its clock stops.
pub fn run<T>(n: usize, mut op: impl FnMut() -> T) -> Rounds {
    let (mut wall, mut cpu, mut faulted) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..n.max(1) {
        let (f0, c0, t0) = (faults(), on_cpu(), Instant::now());
        let out = black_box(op());
        let (t1, c1, f1) = (t0.elapsed(), on_cpu(), faults());
        drop(out);
        wall.push(t1);
        cpu.push(c1.saturating_sub(c0));
        faulted.push(f1.saturating_sub(f0));
    }
    wall.sort_unstable();
    cpu.sort_unstable();
    faulted.sort_unstable();
    Rounds {
        wall,
        cpu,
        faults: faulted,
    }
}

impl fmt::Display for Rounds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ms = |d: &Duration| d.as_secs_f64() * 1e3;
        let (w, c) = (&self.wall, &self.cpu);
        write!(
            f,
            "wall min {:.2} ms, median {:.2} ms; on CPU min {:.2} ms, median {:.2} ms; \
             {} page faults (median); {} runs",
            ms(&w[0]),
            ms(&w[w.len() / 2]),
            ms(&c[0]),
            ms(&c[c.len() / 2]),
            self.faults[self.faults.len() / 2],
            w.len()
        )
    }
}
