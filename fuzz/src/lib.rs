//! What the fuzz targets share beyond the workspace's own helpers (the benchmark
//! model and the lazy walk, from `plistvalue_suite`): the equalities the typed
//! targets assert with.

#![forbid(unsafe_code)]

use std::fmt::Debug;

use plistvalue::Date;
use plistvalue_suite::bench_doc::Project;

/// `a == b`, except that a NaN (a real or a date read from the input) equals a NaN:
/// two decodes of the same bytes must agree, and `f64`'s `==` would call them
/// different. When `==` fails, the values are compared by their `Debug` text,
/// which prints every `f64` exactly and NaN as `NaN`.
pub fn same<T: PartialEq + Debug>(a: &T, b: &T) -> bool {
    if a == b {
        return true;
    }
    let (a, b) = (format!("{a:?}"), format!("{b:?}"));
    a == b && a.contains("NaN")
}

/// A serde decode and a derive decode of the same file: equal but for the dates,
/// which the benchmark model's serde derives read through `plist::Date` (RFC 3339
/// text, then a `SystemTime`, so that the plist crate writes real dates), where the
/// derive keeps the file's `f64`. Those agree to the microsecond.
pub fn same_but_dates(serde: &Project, derive: &Project) -> bool {
    let dates = |p: &Project| -> Vec<f64> {
        std::iter::once(p.created)
            .chain(p.messages.iter().map(|m| m.start_date))
            .map(Date::seconds_since_2001)
            .collect()
    };
    let undated = |p: &Project| {
        let mut p = p.clone();
        let zero = Date::from_seconds_since_2001(0.0);
        p.created = zero;
        for m in &mut p.messages {
            m.start_date = zero;
        }
        p
    };
    let close = |a: f64, b: f64| (a - b).abs() <= 1e-6 + a.abs() * 1e-15;
    same(&undated(serde), &undated(derive))
        && dates(serde)
            .into_iter()
            .zip(dates(derive))
            .all(|(a, b)| close(a, b))
}
