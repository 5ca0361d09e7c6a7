//! `-diff A B` (CLI.md, "-diff"): a tree diff by keypath, with types kept apart (`3`
//! is not `3.0`), walked depth first with an explicit stack.

use plistvalue::{key_order, Key, PlistValue};

use crate::json::escape;

/// The differences between `a` and `b`, one line each, in CLI.md's order.
pub(crate) fn lines(a: &PlistValue, b: &PlistValue) -> Vec<String> {
    let mut out = Vec::new();
    // (keypath, left, right); a missing side is `None`.
    let mut stack: Vec<(String, Option<&PlistValue>, Option<&PlistValue>)> =
        vec![(String::new(), Some(a), Some(b))];
    while let Some((path, x, y)) = stack.pop() {
        let shown = if path.is_empty() { "(root)" } else { &path };
        let child = |c: &str| {
            if path.is_empty() {
                c.to_owned()
            } else {
                format!("{path}.{c}")
            }
        };
        match (x, y) {
            (Some(PlistValue::Dictionary(m)), Some(PlistValue::Dictionary(n))) => {
                let mut keys: Vec<&Key> = m
                    .keys()
                    .chain(n.keys().filter(|k| !m.contains_key(k)))
                    .collect();
                keys.sort_by(|p, q| key_order(p, q));
                for k in keys.into_iter().rev() {
                    stack.push((child(&escape(k)), m.get(k), n.get(k)));
                }
            }
            (Some(PlistValue::Array(m)), Some(PlistValue::Array(n))) => {
                for i in (0..m.len().max(n.len())).rev() {
                    stack.push((child(&i.to_string()), m.get(i), n.get(i)));
                }
            }
            (Some(x), Some(y)) if same(x, y) => {}
            (Some(x), Some(y)) => {
                let (old, new) = (form(x), form(y));
                let note = match (x, y) {
                    (PlistValue::Data(p), PlistValue::Data(q)) if old == new => {
                        let k = p
                            .iter()
                            .zip(q)
                            .position(|(a, b)| a != b)
                            .unwrap_or(p.len().min(q.len()));
                        format!(" (first difference at byte {k})")
                    }
                    _ => String::new(),
                };
                out.push(format!("~ {shown}: {old} => {new}{note}"));
            }
            (Some(x), None) => out.push(format!("- {shown}: {}", form(x))),
            (None, Some(y)) => out.push(format!("+ {shown}: {}", form(y))),
            (None, None) => {}
        }
    }
    out
}

/// Leaves equal by CLI.md's rule: same type and value; reals by bit pattern,
/// every NaN equal to every NaN.
fn same(x: &PlistValue, y: &PlistValue) -> bool {
    match (x, y) {
        (PlistValue::Real(p), PlistValue::Real(q)) => {
            p.to_bits() == q.to_bits() || (p.is_nan() && q.is_nan())
        }
        (PlistValue::Array(_) | PlistValue::Dictionary(_), _) => false,
        _ => x == y,
    }
}

/// A value as a diff line shows it: `-p`'s leaf form, reals as JSON writes them,
/// containers by size.
fn form(v: &PlistValue) -> String {
    match v {
        PlistValue::Real(r) if r.is_finite() => {
            serde_json::to_string(r).unwrap_or_else(|_| r.to_string())
        }
        PlistValue::Array(a) => format!("[{} elements]", a.len()),
        PlistValue::Dictionary(d) => format!("{{{} entries}}", d.len()),
        leaf => leaf.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use plistvalue::plist;

    #[test]
    fn cli_md_s_example() {
        let old = plist!({ "CFBundleVersion": "212", "LSUIElement": true, "items": [1, 2, 3],
            "token": (PlistValue::Data(vec![0x7b, 0xb7])) });
        let new = plist!({ "CFBundleVersion": "213", "NSHighResolutionCapable": true,
            "items": [1, 2, 3.0], "token": (PlistValue::Data(vec![0x7b, 0xb7, 0x5d])) });
        assert_eq!(
            lines(&old, &new),
            [
                "~ CFBundleVersion: \"212\" => \"213\"",
                "~ items.2: 3 => 3.0",
                "- LSUIElement: true",
                "+ NSHighResolutionCapable: true",
                "~ token: {length = 2, bytes = 0x7bb7} => {length = 3, bytes = 0x7bb75d}",
            ]
        );
    }

    #[test]
    fn containers_nans_long_data_and_the_root() {
        let long =
            |last: u8| PlistValue::Data((0..40).map(|i| if i == 30 { last } else { i }).collect());
        let a = plist!({ "a.b": [1, 2], "n": (f64::NAN), "d": (long(1)), "x": {} });
        let b = plist!({ "a.b": [1], "n": (-f64::NAN), "d": (long(2)), "x": [] });
        assert_eq!(
            lines(&a, &b),
            [
                r"- a\.b.1: 2",
                "~ d: {length = 40, bytes = 0x000102030405060708090a0b0c0d0e0f ... 2021222324252627} => \
                 {length = 40, bytes = 0x000102030405060708090a0b0c0d0e0f ... 2021222324252627} \
                 (first difference at byte 30)",
                "~ x: {0 entries} => [0 elements]",
            ]
        );
        assert_eq!(lines(&plist!(1), &plist!("1")), ["~ (root): 1 => \"1\""]);
        assert!(lines(&a, &a.clone()).is_empty());
    }
}
