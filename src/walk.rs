//! A lazy walk of a whole document through `Document` and `Node` only, reading every
//! leaf with every accessor that applies: the tests and the fuzz targets use it to
//! reach every object of hostile input.

use plistvalue::{Document, Error, Kind};

/// Visits every object reachable from the root once, through the lazy API only, and
/// reads each leaf with every accessor that applies. Returns the objects visited.
///
/// Each object is expanded once (a visited bit per index), so a shared-subtree bomb
/// costs time linear in the file, not in the tree it describes.
///
/// # Errors
/// The first error any read returns.
pub fn walk(doc: &Document<'_>) -> Result<u64, Error> {
    let mut seen = vec![false; doc.len() as usize];
    let mut stack = vec![doc.root()?];
    let mut visited = 0;
    while let Some(node) = stack.pop() {
        let i = node.index() as usize;
        if std::mem::replace(&mut seen[i], true) {
            continue;
        }
        visited += 1;
        match node.kind() {
            Kind::Array | Kind::Set => {
                for e in node.elements()? {
                    stack.push(e?);
                }
                // Random access must agree with iteration.
                if let Some(last) = node.len().checked_sub(1) {
                    node.at(last)?.expect("index below len");
                }
            }
            Kind::Dictionary => {
                for entry in node.entries()? {
                    let (k, v) = entry?;
                    stack.push(k);
                    stack.push(v);
                }
                node.get("name")?;
            }
            _ => {
                let _ = (node.as_bool(), node.as_integer(), node.as_f64());
                let _ = (node.as_date(), node.as_uid(), node.as_data());
                let _ = (node.as_ascii(), node.to_str(), node.str_eq("name"));
            }
        }
    }
    Ok(visited)
}
