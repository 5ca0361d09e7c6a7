//! Correctness before speed: every timed operation's result is checked once, and a
//! failed check stops the run.

use std::time::SystemTime;

use plistvalue::PlistValue;

/// Stops the run with `what` unless `ok`.
pub fn ensure(ok: bool, what: &str) -> Result<(), String> {
    if ok {
        Ok(())
    } else {
        Err(format!("check failed: {what}"))
    }
}

/// Whether a `PlistValue` and a `plist::Value` hold the same tree (dictionary order
/// aside). Iterative, so a deep file cannot overflow the stack here.
pub fn same_tree(ours: &PlistValue, theirs: &plist::Value) -> bool {
    use plist::Value as V;
    use PlistValue as P;
    let mut stack = vec![(ours, theirs)];
    while let Some(pair) = stack.pop() {
        let same = match pair {
            (P::Boolean(a), V::Boolean(b)) => a == b,
            (P::Integer(a), V::Integer(b)) => match b.as_signed() {
                Some(b) => a.as_i128() == b as i128,
                None => Some(a.as_i128()) == b.as_unsigned().map(i128::from),
            },
            (P::Real(a), V::Real(b)) => a.to_bits() == b.to_bits(),
            (P::Date(a), V::Date(b)) => same_instant(*a, (*b).into()),
            (P::Data(a), V::Data(b)) => a == b,
            (P::String(a), V::String(b)) => a == b,
            (P::Uid(a), V::Uid(b)) => a.get() == b.get(),
            (P::Array(a), V::Array(b)) if a.len() == b.len() => {
                stack.extend(a.iter().zip(b));
                true
            }
            (P::Dictionary(a), V::Dictionary(b)) if a.len() == b.len() => {
                for (k, v) in a {
                    match b.get(k) {
                        Some(w) => stack.push((v, w)),
                        None => return false,
                    }
                }
                true
            }
            _ => false,
        };
        if !same {
            return false;
        }
    }
    true
}

/// The plist crate holds dates as `SystemTime`; a microsecond covers its rounding.
fn same_instant(ours: plistvalue::Date, theirs: SystemTime) -> bool {
    match SystemTime::try_from(ours) {
        Ok(t) => {
            let gap = t.duration_since(theirs).unwrap_or_else(|e| e.duration());
            gap.as_micros() < 1
        }
        Err(_) => false,
    }
}
