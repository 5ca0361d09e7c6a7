//! The state of a decode: the [`Limits`], how deep the typed decode is, and what is
//! left of its node and byte budgets. A document owns one, so that nested decodes of
//! its nodes share it; the document's view of the file stays immutable.

use std::cell::Cell;

use super::limits::Limits;
use crate::error::{Budget, ErrorKind};

/// Limits and what is left of them.
pub(super) struct DecodeContext {
    limits: Limits,
    input_len: usize,
    depth: Cell<usize>,
    nodes_left: Cell<u64>,
    bytes_left: Cell<u64>,
    heap_left: Cell<u64>,
}

impl DecodeContext {
    /// The context of decodes of an input of `input_len` bytes.
    pub(super) fn new(limits: Limits, input_len: usize) -> DecodeContext {
        DecodeContext {
            limits,
            input_len,
            depth: Cell::new(0),
            nodes_left: Cell::new(0),
            bytes_left: Cell::new(0),
            heap_left: Cell::new(0),
        }
    }

    pub(super) fn limits(&self) -> Limits {
        self.limits
    }

    /// Starts the budgets of one top-level decode; nested decodes share them.
    pub(super) fn begin(&self) {
        if self.depth.get() == 0 {
            self.nodes_left.set(self.limits.node_budget(self.input_len));
            self.bytes_left.set(self.limits.byte_budget(self.input_len));
            self.heap_left.set(self.limits.heap_budget(self.input_len));
        }
    }

    /// Takes `n` from the node budget.
    #[inline]
    pub(super) fn charge_nodes(&self, n: u64) -> Result<(), Budget> {
        charge(&self.nodes_left, n, Budget::Nodes)
    }

    /// Takes `n` from the byte budget.
    #[inline]
    pub(super) fn charge_bytes(&self, n: u64) -> Result<(), Budget> {
        charge(&self.bytes_left, n, Budget::Bytes)
    }

    /// Takes `n` from the heap budget.
    #[inline]
    pub(super) fn charge_heap(&self, n: u64) -> Result<(), Budget> {
        charge(&self.heap_left, n, Budget::Heap)
    }

    /// The error for a budget that ran out.
    #[cold]
    pub(super) fn exceeded(&self, budget: Budget) -> ErrorKind {
        let limit = match budget {
            Budget::Nodes => self.limits.node_budget(self.input_len),
            Budget::Bytes => self.limits.byte_budget(self.input_len),
            Budget::Heap => self.limits.heap_budget(self.input_len),
        };
        ErrorKind::BudgetExceeded {
            what: budget,
            limit,
        }
    }

    /// One level deeper, unless that passes the depth limit (whose value is the
    /// error).
    #[inline]
    pub(super) fn descend(&self) -> Result<DepthGuard<'_>, usize> {
        let depth = self.depth.get() + 1;
        if depth > self.limits.max_depth {
            return Err(self.limits.max_depth);
        }
        self.depth.set(depth);
        Ok(DepthGuard { depth: &self.depth })
    }
}

/// Takes `n` from what is `left` of `budget`.
#[inline]
fn charge(left: &Cell<u64>, n: u64, budget: Budget) -> Result<(), Budget> {
    match left.get().checked_sub(n) {
        Some(rest) => {
            left.set(rest);
            Ok(())
        }
        None => Err(budget),
    }
}

/// One level of a typed decode, from [`Node::enter`](crate::Node::enter): the level
/// is left when the guard is dropped, so keep it alive while the container's
/// children are decoded.
///
/// ```
/// use plistvalue::{Error, FromPlist, Node};
///
/// /// A recursive type: each level enters its array, so the depth limit holds.
/// struct Nest(Vec<Nest>);
///
/// impl<'a> FromPlist<'a> for Nest {
///     fn from_plist(node: &Node<'_, 'a>) -> Result<Nest, Error> {
///         let _level: plistvalue::DepthGuard<'_> = node.enter()?;
///         let children = node.elements()?.map(|e| Nest::from_plist(&e?));
///         Ok(Nest(children.collect::<Result<_, _>>()?))
///     }
/// }
/// let bytes = plistvalue::to_vec(&plistvalue::plist!([[[]]])).unwrap();
/// let nest: Nest = plistvalue::from_slice(&bytes).unwrap();
/// assert_eq!(nest.0[0].0[0].0.len(), 0);
/// ```
#[must_use = "the level is left when the guard is dropped"]
pub struct DepthGuard<'d> {
    depth: &'d Cell<usize>,
}

impl Drop for DepthGuard<'_> {
    fn drop(&mut self) {
        self.depth.set(self.depth.get() - 1);
    }
}
