//! Helpers shared by the hostile tests: decoding shorthands and a recursive typed
//! model. (The byte builder and the lazy walk are the workspace's, in
//! `plistvalue_suite`.)

use plistvalue::{Error, FromPlist, Node, PlistValue};

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
    fn from_plist(node: &Node<'_, 'a>) -> Result<Nest, Error> {
        Vec::<Nest>::from_plist(node).map(Nest)
    }
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
