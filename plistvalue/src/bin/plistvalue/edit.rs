//! `-insert`, `-replace` and `-remove` at a keypath (CLI.md, "-insert, -replace, -remove"). The parent must
//! exist; nothing else changes, and dictionary order is kept.

use plistvalue::{KeyPath, PlistValue};

use crate::args::EditOp;
use crate::tree::{self, MAX_DEPTH};

/// Applies one edit to `root`, or says why not (the DETAIL of
/// `Could not modify plist, error: DETAIL`).
pub(crate) fn apply(
    root: &mut PlistValue,
    op: EditOp,
    text: &str,
    value: PlistValue,
) -> Result<(), String> {
    let not_found = || format!("Key path not found {text}");
    let path: KeyPath = text.parse().map_err(|_| not_found())?;
    let (parent_path, last) = path.split_last();
    let parent = match &parent_path {
        None => root,
        Some(p) => root.keypath_mut(p).ok_or_else(not_found)?,
    };
    // The containers the new value goes into: the parent's path, the parent, and
    // for -append the array in it.
    let around = parent_path.map_or(0, |p| p.components().len()) + 1;
    let around = around + usize::from(op == EditOp::Append);
    if op != EditOp::Remove && tree::too_deep(&value, around) {
        return Err(format!(
            "Value at key path {text} would nest deeper than the limit of {MAX_DEPTH}"
        ));
    }
    match parent {
        PlistValue::Dictionary(d) => match op {
            EditOp::Insert if d.contains_key(last) => {
                Err(format!("Value already exists at key path {text}"))
            }
            EditOp::Insert | EditOp::Replace => {
                // IndexMap's insert keeps an existing key's position.
                d.insert(last, value);
                Ok(())
            }
            EditOp::Append => match d.get_mut(last) {
                Some(PlistValue::Array(a)) => {
                    a.push(value);
                    Ok(())
                }
                _ => Err(format!("Appending to a non-array at key path {text}")),
            },
            EditOp::Remove => match d.remove(last) {
                Some(_) => Ok(()),
                None => Err(format!("No value to remove at key path {text}")),
            },
        },
        PlistValue::Array(a) => {
            let Some(i) = KeyPath::array_index(last) else {
                return Err(format!("Unable to index into array with key path {text}"));
            };
            let out_of_bounds = || format!("Index {i} out of bounds in array at key path {text}");
            match op {
                EditOp::Insert if i <= a.len() => a.insert(i, value),
                EditOp::Insert => return Err(out_of_bounds()),
                EditOp::Append => match a.get_mut(i) {
                    Some(PlistValue::Array(inner)) => inner.push(value),
                    _ => return Err(format!("Appending to a non-array at key path {text}")),
                },
                EditOp::Replace => match a.get_mut(i) {
                    Some(slot) => *slot = value,
                    None => return Err(out_of_bounds()),
                },
                EditOp::Remove if i < a.len() => drop(a.remove(i)),
                EditOp::Remove => return Err(format!("No value to remove at key path {text}")),
            }
            Ok(())
        }
        _ => Err(format!("Unable to insert value at key path {text}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use plistvalue::plist;

    fn edit(
        mut v: PlistValue,
        op: EditOp,
        path: &str,
        value: PlistValue,
    ) -> Result<PlistValue, String> {
        apply(&mut v, op, path, value).map(|()| v)
    }

    #[test]
    fn every_row_of_the_table() {
        let doc = plist!({ "a": 1, "list": [1, [2], 3], "d": { "x": true } });
        let one = || PlistValue::from(9);
        let done = [
            (
                EditOp::Insert,
                "z",
                plist!({ "a": 1, "list": [1, [2], 3], "d": { "x": true }, "z": 9 }),
            ),
            (
                EditOp::Insert,
                "list.3",
                plist!({ "a": 1, "list": [1, [2], 3, 9], "d": { "x": true } }),
            ),
            (
                EditOp::Insert,
                "list.0",
                plist!({ "a": 1, "list": [9, 1, [2], 3], "d": { "x": true } }),
            ),
            (
                EditOp::Append,
                "list.1",
                plist!({ "a": 1, "list": [1, [2, 9], 3], "d": { "x": true } }),
            ),
            (
                EditOp::Append,
                "list",
                plist!({ "a": 1, "list": [1, [2], 3, 9], "d": { "x": true } }),
            ),
            (
                EditOp::Replace,
                "a",
                plist!({ "a": 9, "list": [1, [2], 3], "d": { "x": true } }),
            ),
            (
                EditOp::Replace,
                "list.2",
                plist!({ "a": 1, "list": [1, [2], 9], "d": { "x": true } }),
            ),
            (
                EditOp::Remove,
                "d.x",
                plist!({ "a": 1, "list": [1, [2], 3], "d": {} }),
            ),
            (
                EditOp::Remove,
                "a",
                plist!({ "list": [1, [2], 3], "d": { "x": true } }),
            ),
        ];
        for (op, path, want) in done {
            assert_eq!(
                edit(doc.clone(), op, path, one()).unwrap(),
                want,
                "{op:?} {path}"
            );
        }
        // Replacing keeps the key's position.
        let replaced = edit(doc.clone(), EditOp::Replace, "a", one()).unwrap();
        assert_eq!(
            replaced.as_dictionary().unwrap().get_index(0).unwrap().0,
            "a"
        );
        let refused = [
            (EditOp::Insert, "a", "Value already exists at key path a"),
            (
                EditOp::Insert,
                "list.5",
                "Index 5 out of bounds in array at key path list.5",
            ),
            (
                EditOp::Replace,
                "list.3",
                "Index 3 out of bounds in array at key path list.3",
            ),
            (
                EditOp::Append,
                "a",
                "Appending to a non-array at key path a",
            ),
            (
                EditOp::Append,
                "missing",
                "Appending to a non-array at key path missing",
            ),
            (
                EditOp::Remove,
                "nope",
                "No value to remove at key path nope",
            ),
            (
                EditOp::Remove,
                "list.3",
                "No value to remove at key path list.3",
            ),
            (
                EditOp::Insert,
                "list.x",
                "Unable to index into array with key path list.x",
            ),
            (
                EditOp::Insert,
                "a.b",
                "Unable to insert value at key path a.b",
            ),
            (EditOp::Insert, "no.such", "Key path not found no.such"),
            (EditOp::Insert, "a..b", "Key path not found a..b"),
        ];
        for (op, path, want) in refused {
            assert_eq!(edit(doc.clone(), op, path, one()).unwrap_err(), want);
        }
        // Nothing nests deeper than 512 levels.
        let deep = (1..MAX_DEPTH).fold(PlistValue::Array(plistvalue::Array::new()), |v, _| {
            PlistValue::Array(vec![v].into())
        });
        let shallower = deep.as_array().unwrap()[0].clone();
        assert_eq!(
            edit(doc.clone(), EditOp::Insert, "z", deep.clone()).unwrap_err(),
            "Value at key path z would nest deeper than the limit of 512"
        );
        assert!(edit(doc.clone(), EditOp::Insert, "z", shallower.clone()).is_ok());
        assert!(edit(doc.clone(), EditOp::Append, "list", shallower.clone()).is_err());
        assert!(edit(doc.clone(), EditOp::Replace, "d.x", shallower).is_err());
        // An empty root dictionary can be edited.
        assert_eq!(
            edit(plist!({}), EditOp::Insert, "k", one()).unwrap(),
            plist!({ "k": 9 })
        );
    }
}
