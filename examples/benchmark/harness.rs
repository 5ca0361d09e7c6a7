//! Timing: every contestant of a race runs once per round, in rotating order, so
//! neither library always runs first (warm caches, CPU frequency) or second. And
//! the heap an operation holds at its peak.

use std::hint::black_box;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use plistvalue_suite::alloc;

/// Samples of one operation, in round order.
#[derive(Clone, Debug)]
pub struct Stat {
    pub median: Duration,
    pub min: Duration,
    pub samples: Vec<Duration>,
    /// Which race the samples come from: sample `r` of two stats of one race ran in
    /// the same round, next to each other.
    race: u64,
}

static RACES: AtomicU64 = AtomicU64::new(0);

impl Stat {
    fn new(samples: Vec<Duration>, race: u64) -> Stat {
        let mut sorted = samples.clone();
        sorted.sort();
        Stat {
            median: sorted[sorted.len() / 2],
            min: sorted[0],
            samples,
            race,
        }
    }

    /// The same samples divided by `n`: the time per item, in the same race.
    pub fn per(&self, n: u32) -> Stat {
        Stat {
            median: self.median / n,
            min: self.min / n,
            samples: self.samples.iter().map(|t| *t / n).collect(),
            race: self.race,
        }
    }

    /// How many times slower this is than `other` (above 1: this one is slower).
    /// Two contestants of one race are compared round by round, and the median of
    /// the per-round ratios is taken: on a shared machine whose speed drifts over
    /// seconds, a round's two runs see the same machine, where the two medians may
    /// come from different moments. Otherwise the medians are compared.
    pub fn over(&self, other: &Stat) -> f64 {
        if self.race != other.race {
            return self.median.as_secs_f64() / other.median.as_secs_f64();
        }
        let mut ratios: Vec<f64> = self
            .samples
            .iter()
            .zip(&other.samples)
            .map(|(a, b)| a.as_secs_f64() / b.as_secs_f64())
            .collect();
        ratios.sort_by(f64::total_cmp);
        ratios[ratios.len() / 2]
    }
}

/// Wraps an operation so that calling it returns only its time. Results are dropped
/// after the clock stops: dropping a 20k-message model takes tens of milliseconds,
/// which are not the operation's. The first call (the warm-up) also calibrates: an
/// operation under a millisecond is then timed in batches of about a millisecond
/// and reported per call, where one reading of the clock would be mostly noise.
pub fn timed<R>(mut op: impl FnMut() -> R) -> impl FnMut() -> Duration {
    let mut batch = 0u32;
    let mut results = Vec::new();
    move || {
        if batch == 0 {
            let start = Instant::now();
            let result = black_box(op());
            let elapsed = start.elapsed();
            drop(result);
            let per_ms = BATCH.as_nanos() / elapsed.as_nanos().max(1);
            batch = per_ms.clamp(1, 100_000) as u32;
            return elapsed;
        }
        results.reserve(batch as usize);
        let start = Instant::now();
        for _ in 0..batch {
            results.push(black_box(op()));
        }
        let elapsed = start.elapsed();
        results.clear();
        elapsed / batch
    }
}

const BATCH: Duration = Duration::from_millis(1);

/// One warm-up round, then `rounds` timed rounds of every contestant.
pub fn race(rounds: usize, contestants: &mut [&mut dyn FnMut() -> Duration]) -> Vec<Stat> {
    let k = contestants.len();
    for c in contestants.iter_mut() {
        c();
    }
    let mut samples = vec![Vec::with_capacity(rounds); k];
    for round in 0..rounds {
        for j in 0..k {
            let i = (round + j) % k;
            samples[i].push(contestants[i]());
        }
    }
    let race = RACES.fetch_add(1, Ordering::Relaxed);
    samples.into_iter().map(|s| Stat::new(s, race)).collect()
}

/// A race of one.
pub fn solo(rounds: usize, mut op: impl FnMut() -> Duration) -> Stat {
    race(rounds, &mut [&mut op]).remove(0)
}

/// Most heap live at once while `op` runs, above the starting point, its result
/// included (it is dropped after the count). One run; the tables take these after
/// the timing, so that the allocator is warm for both libraries.
pub fn peak_heap<R>(op: impl FnOnce() -> R) -> u64 {
    alloc::peak_during(op).1 as u64
}
