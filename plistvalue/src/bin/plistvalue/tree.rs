//! Rules every decoded tree meets before the tool prints or writes it, checked
//! on an explicit stack: nesting within [`MAX_DEPTH`], and no null where a
//! property list is written.

use plistvalue::{dictionary, PlistValue};

use crate::json::escape;

/// The deepest nesting every command reads and writes, the root container
/// being level 1: CoreFoundation's limit, so every file it reads is read, and
/// no file is written that it cannot read.
pub(crate) const MAX_DEPTH: usize = 512;

/// One step from a container to a child.
enum Step<'a> {
    Index(usize),
    Key(&'a str),
}

/// A container's children still to visit.
enum Children<'a> {
    Array(std::iter::Enumerate<std::slice::Iter<'a, PlistValue>>),
    Dict(dictionary::Iter<'a>),
}

fn children(v: &PlistValue) -> Option<Children<'_>> {
    match v {
        PlistValue::Array(a) => Some(Children::Array(a.iter().enumerate())),
        PlistValue::Dictionary(d) => Some(Children::Dict(d.iter())),
        _ => None,
    }
}

/// The path to the first value, depth first in document order, for which
/// `hit(value, containers around it)` holds.
fn find<'a>(
    root: &'a PlistValue,
    mut hit: impl FnMut(&PlistValue, usize) -> bool,
) -> Option<Vec<Step<'a>>> {
    if hit(root, 0) {
        return Some(Vec::new());
    }
    let mut stack: Vec<Children<'a>> = children(root).into_iter().collect();
    let mut path: Vec<Step<'a>> = Vec::new();
    while let Some(top) = stack.last_mut() {
        let next = match top {
            Children::Array(it) => it.next().map(|(i, v)| (Step::Index(i), v)),
            Children::Dict(it) => it.next().map(|(k, v)| (Step::Key(k.as_str()), v)),
        };
        path.truncate(stack.len() - 1);
        let Some((step, child)) = next else {
            stack.pop();
            continue;
        };
        path.push(step);
        if hit(child, stack.len()) {
            return Some(path);
        }
        if let Some(c) = children(child) {
            stack.push(c);
        }
    }
    None
}

/// True when a container in `v`, itself inside `around` containers, nests
/// deeper than [`MAX_DEPTH`]. Stops at the first, so it never walks further
/// down than that.
pub(crate) fn too_deep(v: &PlistValue, around: usize) -> bool {
    let container = |v: &PlistValue| matches!(v, PlistValue::Array(_) | PlistValue::Dictionary(_));
    find(v, |v, depth| container(v) && around + depth + 1 > MAX_DEPTH).is_some()
}

/// The keypath of the first null in `v` (`(root)` for the root), which no
/// property list format but JSON can hold.
pub(crate) fn first_null(v: &PlistValue) -> Option<String> {
    let path = find(v, |v, _| matches!(v, PlistValue::Null))?;
    if path.is_empty() {
        return Some("(root)".to_owned());
    }
    let parts: Vec<String> = path
        .iter()
        .map(|s| match s {
            Step::Index(i) => i.to_string(),
            Step::Key(k) => escape(k),
        })
        .collect();
    Some(parts.join("."))
}

#[cfg(test)]
mod tests {
    use super::*;
    use plistvalue::plist;

    fn chain(levels: usize) -> PlistValue {
        (1..levels).fold(PlistValue::Array(plistvalue::Array::new()), |v, _| {
            PlistValue::Array(vec![v].into())
        })
    }

    #[test]
    fn depth_counts_the_root_container_as_level_one() {
        assert!(!too_deep(&chain(MAX_DEPTH), 0));
        assert!(too_deep(&chain(MAX_DEPTH + 1), 0));
        assert!(too_deep(&chain(MAX_DEPTH), 1));
        assert!(!too_deep(&PlistValue::from(1), MAX_DEPTH));
        assert!(too_deep(&plist!({ "a": 1, "b": [[]] }), MAX_DEPTH - 2));
        // A million levels: the walk stops at the first too deep.
        assert!(too_deep(&chain(1_000_000), 0));
    }

    #[test]
    fn the_first_null_is_named_by_its_keypath() {
        assert_eq!(first_null(&plist!({ "a": [1, 2] })), None);
        assert_eq!(first_null(&plist!(null)).as_deref(), Some("(root)"));
        assert_eq!(
            first_null(&plist!({ "a": [1, { "b.c": null }], "z": null })).as_deref(),
            Some(r"a.1.b\.c")
        );
    }
}
