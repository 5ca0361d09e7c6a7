//! Helpers shared by the hostile tests: decoding shorthands, a recursive typed
//! model, and a lazy walk of a whole document.

use plistvalue::{Document, Error, FromPlist, Kind, Node, PlistValue};

pub fn decode(bytes: &[u8]) -> Result<PlistValue, Error> {
    plistvalue::from_slice(bytes)
}

/// Asserts that the untyped decode of `$bytes` fails with `$kind` at `$offset`, and
/// returns the error.
macro_rules! assert_err {
    ($bytes:expr, $kind:pat, $offset:expr) => {{
        let e = $crate::support::decode(&$bytes).expect_err("hostile input decoded");
        assert!(matches!(e.kind(), $kind), "wrong kind: {e:?}");
        assert_eq!(e.offset(), Some($offset), "wrong offset: {e:?}");
        e
    }};
}

/// Asserts that `$result` is an error of `$kind` at `$offset`.
macro_rules! assert_fails {
    ($result:expr, $kind:pat, $offset:expr) => {{
        let e = $result.expect_err("hostile input decoded");
        assert!(matches!(e.kind(), $kind), "wrong kind: {e:?}");
        assert_eq!(e.offset(), Some($offset), "wrong offset: {e:?}");
        e
    }};
}

/// A recursive type decoded through `Vec<Nest>`, whose impl enters each array
/// (`Node::enter`): the depth limit and node budget of typed decoding.
#[derive(Debug, PartialEq)]
pub struct Nest(pub Vec<Nest>);

impl<'a> FromPlist<'a> for Nest {
    fn from_plist(node: Node<'_, 'a>) -> Result<Nest, Error> {
        Vec::<Nest>::from_plist(node).map(Nest)
    }
}

/// Visits every object reachable from the root once (a visited bit per index, so
/// shared subtrees are not re-expanded), reading each leaf. Returns the count.
pub fn walk(doc: &Document<'_>) -> Result<u64, Error> {
    let mut seen = vec![false; doc.len() as usize];
    let mut stack = vec![doc.root()?];
    let mut visited = 0;
    while let Some(node) = stack.pop() {
        if std::mem::replace(&mut seen[node.index() as usize], true) {
            continue;
        }
        visited += 1;
        match node.kind() {
            Kind::Array | Kind::Set => {
                for e in node.elements()? {
                    stack.push(e?);
                }
            }
            Kind::Dictionary => {
                for entry in node.entries()? {
                    let (k, v) = entry?;
                    stack.push(k);
                    stack.push(v);
                }
            }
            _ => {
                let _ = (node.as_integer(), node.as_f64(), node.as_date());
                let _ = (node.as_uid(), node.as_data(), node.to_str());
            }
        }
    }
    Ok(visited)
}

/// Runs `f` on a thread with a 2 MiB stack, the size of a spawned thread's default.
pub fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(f)
        .expect("spawn")
        .join()
        .expect("the 2 MiB thread panicked (or overflowed its stack)")
}
