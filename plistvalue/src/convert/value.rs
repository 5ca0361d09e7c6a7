//! `PlistValue`, the untyped tree, in both directions: encoding walks it into the
//! object table and decoding builds it from nodes, each with an explicit stack, so
//! a million nested arrays cost heap, not stack. The decoder's on-path bit per
//! object catches cycles, and the node and byte budgets stop shared-subtree bombs.

use super::rules;
use super::{FromPlist, ToPlist};
use crate::error::{Error, ErrorKind};
use crate::reader::{Kind, Node};
use crate::value::{Array, Date, Dictionary, Key, PlistValue, Uid};
use crate::writer::{Encoder, Frame, ObjRef};

// Encoding.

impl ToPlist for Dictionary {
    fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        // Through PlistValue's walk, which needs no recursion for deep values.
        encode_value_tree(Container::Dict(self), enc)
    }
}

/// A dictionary key, written as the string it is.
impl ToPlist for Key {
    #[inline]
    fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        Ok(enc.str(self))
    }

    #[inline]
    fn __plist_key(&self) -> Option<std::borrow::Cow<'_, str>> {
        Some(std::borrow::Cow::Borrowed(self))
    }
}

impl ToPlist for Array {
    fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        encode_value_tree(Container::Array(self), enc)
    }
}

impl ToPlist for PlistValue {
    fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        match self {
            PlistValue::Null => Ok(enc.null_object()),
            PlistValue::Boolean(b) => Ok(enc.bool(*b)),
            PlistValue::Integer(i) => Ok(rules::encode_integer(*i, enc)),
            PlistValue::Real(r) => Ok(enc.f64(*r)),
            PlistValue::Date(d) => Ok(enc.date(*d)),
            PlistValue::Data(d) => Ok(enc.data(d)),
            PlistValue::String(s) => Ok(enc.str(s)),
            PlistValue::Uid(u) => Ok(enc.uid(*u)),
            PlistValue::Array(a) => encode_value_tree(Container::Array(a), enc),
            PlistValue::Dictionary(d) => encode_value_tree(Container::Dict(d), enc),
        }
    }
}

/// A container whose children are still to be visited.
#[derive(Clone, Copy)]
enum Container<'a> {
    Array(&'a [PlistValue]),
    Dict(&'a Dictionary),
}

enum Pending<'a> {
    Array(std::slice::Iter<'a, PlistValue>),
    Dict(crate::value::Values<'a>),
}

/// Opens a container: its object, then (for a dictionary) all its keys, which come
/// before any value. `nested` pushes its reference to the parent first.
fn open_container<'a>(
    c: Container<'a>,
    nested: bool,
    enc: &mut Encoder<'a>,
) -> (ObjRef, Pending<'a>, Frame) {
    match c {
        Container::Array(a) => {
            let (r, frame) = enc.begin_container(false, nested);
            (r, Pending::Array(a.iter()), frame)
        }
        Container::Dict(d) => {
            let (r, frame) = enc.begin_container(true, nested);
            for k in d.keys() {
                let kr = enc.str(k);
                enc.child(kr);
            }
            (r, Pending::Dict(d.values()), frame)
        }
    }
}

/// Walks a `PlistValue` container in pre-order with an explicit stack, so a
/// million-deep tree encodes on a small thread.
fn encode_value_tree<'a>(root: Container<'a>, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
    let (root_ref, pending, frame) = open_container(root, false, enc);
    let mut stack = vec![(pending, frame)];
    while let Some((pending, _)) = stack.last_mut() {
        let next = match pending {
            Pending::Array(it) => it.next(),
            Pending::Dict(it) => it.next(),
        };
        match next {
            Some(PlistValue::Array(a)) => {
                let (_, p, f) = open_container(Container::Array(a), true, enc);
                stack.push((p, f));
            }
            Some(PlistValue::Dictionary(d)) => {
                let (_, p, f) = open_container(Container::Dict(d), true, enc);
                stack.push((p, f));
            }
            Some(leaf) => {
                let r = leaf.to_plist(enc)?;
                enc.child(r);
            }
            None => {
                let (pending, frame) = stack.pop().expect("checked by the loop");
                match pending {
                    Pending::Array(_) => enc.end_array(frame),
                    Pending::Dict(_) => enc.end_dict(frame),
                };
            }
        }
    }
    Ok(root_ref)
}

// Decoding.

impl<'a> FromPlist<'a> for PlistValue {
    fn from_plist(node: &Node<'_, 'a>) -> Result<PlistValue, Error> {
        node.to_value()
    }
}

impl<'a> FromPlist<'a> for Dictionary {
    fn from_plist(node: &Node<'_, 'a>) -> Result<Dictionary, Error> {
        if !node.is_dictionary() {
            return Err(node.mismatch("dictionary"));
        }
        Ok(node
            .to_value()?
            .into_dictionary()
            .expect("a dictionary node decodes to one"))
    }
}

impl<'a> FromPlist<'a> for Array {
    fn from_plist(node: &Node<'_, 'a>) -> Result<Array, Error> {
        if !matches!(node.kind(), Kind::Array | Kind::Set) {
            return Err(node.mismatch("array"));
        }
        match node.to_value()? {
            PlistValue::Array(a) => Ok(a),
            _ => unreachable!("an array node decodes to one"),
        }
    }
}

/// The untyped decode starts at a node.
impl Node<'_, '_> {
    /// Decodes this object into an owned tree, within the document's
    /// [`Limits`](crate::Limits) (its node and byte budgets; the walk does not
    /// recurse, so the depth limit does not apply).
    ///
    /// ```
    /// use plistvalue::{plist, Document};
    /// let tree = plist!({ "a": [1, { "b": true }] });
    /// let bytes = plistvalue::to_vec(&tree).unwrap();
    /// let doc = Document::from_slice(&bytes).unwrap();
    /// let a = doc.root().unwrap().get("a").unwrap().unwrap();
    /// assert_eq!(a.to_value().unwrap(), tree["a"]);
    /// ```
    ///
    /// # Errors
    /// An invalid object, a non-string key, a cycle, a budget run out, or an
    /// object `PlistValue` has no form for.
    pub fn to_value(&self) -> Result<PlistValue, Error> {
        self.begin_decode();
        decode_value(*self)
    }
}

/// A container being decoded.
enum Building {
    Array(Vec<PlistValue>),
    /// The dictionary and the key of the entry being decoded, until it is attached.
    Dict(Dictionary, Option<Key>),
}

/// A container being decoded and where its next child is.
struct Open<'d, 'a> {
    node: Node<'d, 'a>,
    next: u64,
    building: Building,
}

/// A scalar's value, or `None` for a container.
fn leaf(node: &Node<'_, '_>) -> Result<Option<PlistValue>, Error> {
    Ok(Some(match node.kind() {
        Kind::Boolean => PlistValue::Boolean(node.as_bool().unwrap_or_default()),
        Kind::Integer => match rules::exact_integer(node)? {
            Some(i) => PlistValue::Integer(i),
            None => unreachable!("an integer node reads as one or fails above"),
        },
        Kind::Real => PlistValue::Real(node.as_real().unwrap_or_default()),
        Kind::Date => {
            PlistValue::Date(node.as_date().unwrap_or(Date::from_seconds_since_2001(0.0)))
        }
        Kind::Uid => PlistValue::Uid(node.as_uid().unwrap_or(Uid::new(0))),
        Kind::Data => {
            let d = node.as_data().unwrap_or_default();
            node.charge_bytes(d.len())?;
            node.charge_heap(overhead(d.len()))?;
            PlistValue::Data(d.to_vec())
        }
        Kind::String => {
            let s = rules::owned_string(node)?;
            node.charge_heap(overhead(s.len()))?;
            PlistValue::String(s)
        }
        Kind::Null => PlistValue::Null,
        Kind::Array | Kind::Set | Kind::Dictionary => return Ok(None),
    }))
}

/// A key straight from the input's text: a short one is copied into the key's
/// word, with no `String` allocated on the way.
fn key_of(node: &Node<'_, '_>) -> Result<Key, Error> {
    rules::string_key(node)?;
    let text = node.to_str()?;
    node.charge_bytes(text.len())?;
    // A long key is two blocks: the boxed `str`, and its text.
    let [boxed, len] = Key::blocks_for(text.len());
    if boxed > 0 {
        node.charge_heap(allocated(boxed) + overhead(len))?;
    }
    Ok(Key::from(text))
}

/// What the allocator takes for a block of `n` bytes of containers (a multiple of
/// 8, at least 16), at most: glibc's malloc adds an 8-byte header and rounds up to
/// 16 bytes, so 16 more; from 128 KiB a block is a mapping of its own in whole
/// pages, which the 1/32 covers. The heap budget charges every block of
/// containers a decode allocates this way, so that the bound `Limits` states
/// holds for the resident memory of a process.
fn allocated(n: usize) -> usize {
    if n == 0 {
        0
    } else {
        n + n / 32 + 16
    }
}

/// What a block of `n` bytes of text or data takes beyond its bytes, which the
/// byte budget charges: the header and rounding, at most 23 bytes, or 32 less
/// its bytes for a block of fewer than 24; and the pages of a mapping, as for
/// containers. The heap budget charges this (for an empty one too, which
/// allocates nothing: a branch less on every string).
fn overhead(n: usize) -> usize {
    n / 32 + 32
}

/// Containers a path may hold before the cycle check moves from a scan of the
/// path to a bitset over the document.
const SHALLOW: usize = 32;

/// The containers from the root to the one being decoded, to find cycles. A
/// shallow path is scanned; a deep one gets a bitset over the document's objects,
/// allocated once, at the depth that needs it. Allocating it for every decode made
/// `Vec<PlistValue>` quadratic: each element's decode zeroed a bitset the size of
/// the whole document.
#[derive(Default)]
struct OnPath {
    bits: Vec<u64>,
}

impl OnPath {
    /// Whether `node` is on `stack`, the path; then records it as on the path.
    /// The bitset is charged to the heap budget.
    fn enter(&mut self, node: &Node<'_, '_>, stack: &[Open<'_, '_>]) -> Result<bool, Error> {
        let i = node.index();
        if self.bits.is_empty() && stack.len() >= SHALLOW {
            let words = (node.document().len() as usize).div_ceil(64);
            node.charge_heap(allocated(8 * words))?;
            self.bits = vec![0; words];
            for f in stack {
                self.set(f.node.index(), true);
            }
        }
        if self.bits.is_empty() {
            return Ok(stack.iter().any(|f| f.node.index() == i));
        }
        let (w, b) = (i as usize / 64, i % 64);
        let seen = self.bits[w] & (1 << b) != 0;
        self.set(i, true);
        Ok(seen)
    }

    /// Records that `i` is no longer on the path.
    fn leave(&mut self, i: u64) {
        if !self.bits.is_empty() {
            self.set(i, false);
        }
    }

    fn set(&mut self, i: u64, on: bool) {
        let (w, b) = (i as usize / 64, i % 64);
        if on {
            self.bits[w] |= 1 << b;
        } else {
            self.bits[w] &= !(1 << b);
        }
    }
}

/// What a container of `node`'s count allocates for itself: an array its slots, a
/// dictionary the blocks of its representation.
fn heap_of(node: &Node<'_, '_>) -> usize {
    if node.kind() == Kind::Dictionary {
        match Dictionary::blocks_for(node.len()) {
            [entries, 0, _] => allocated(entries),
            [entries, index, table] => allocated(entries) + allocated(index) + allocated(table),
        }
    } else {
        allocated(node.len() * std::mem::size_of::<PlistValue>())
    }
}

/// Makes room on the stack of open containers for one more, charging the heap
/// budget for the larger stack: it doubles, so all it ever took is about twice
/// what it holds at its deepest.
fn reserve(stack: &mut Vec<Open<'_, '_>>, node: &Node<'_, '_>) -> Result<(), Error> {
    if stack.len() == stack.capacity() {
        let more = stack.capacity().max(4);
        node.charge_heap(allocated(
            (stack.len() + more) * std::mem::size_of::<Open>(),
        ))?;
        stack.reserve_exact(more);
    }
    Ok(())
}

fn open_node<'d, 'a>(
    node: Node<'d, 'a>,
    stack: &[Open<'d, 'a>],
    on_path: &mut OnPath,
) -> Result<Open<'d, 'a>, Error> {
    if on_path.enter(&node, stack)? {
        return Err(node.error(ErrorKind::Cycle));
    }
    node.charge_nodes(node.len() as u64 + 1)?;
    node.charge_heap(heap_of(&node))?;
    // Capacity is bounded by the count, which `head` bounded by the input.
    let building = if node.kind() == Kind::Dictionary {
        Building::Dict(Dictionary::with_capacity(node.len()), None)
    } else {
        Building::Array(Vec::with_capacity(node.len()))
    };
    Ok(Open {
        node,
        next: 0,
        building,
    })
}

/// Adds a finished child to its parent: a dictionary's under the pending key.
fn attach(parent: &mut Building, child: PlistValue) {
    match parent {
        Building::Array(a) => a.push(child),
        // The first of duplicate keys wins, as in CoreFoundation.
        Building::Dict(d, pending) => {
            if let Some(k) = pending.take() {
                d.entry(k).or_insert(child);
            }
        }
    }
}

/// Names the path from the root to the failing child, outermost last.
fn locate(mut err: Error, stack: &[Open<'_, '_>]) -> Error {
    for f in stack.iter().rev() {
        err = match &f.building {
            Building::Dict(_, Some(k)) => err.in_key(k),
            Building::Dict(_, None) => err,
            Building::Array(_) => err.in_index(f.next.saturating_sub(1) as usize),
        };
    }
    err
}

fn decode_value(root: Node<'_, '_>) -> Result<PlistValue, Error> {
    if let Some(v) = leaf(&root)? {
        return Ok(v);
    }
    let mut on_path = OnPath::default();
    let mut stack = vec![open_node(root, &[], &mut on_path)?];
    loop {
        let top = stack
            .last_mut()
            .expect("the stack holds the root until it returns");
        let n = top.node.len() as u64;
        if top.next < n {
            let j = top.next;
            top.next += 1;
            // The key waits in `pending` (moved, not copied) until its value is
            // attached, so errors below it can name it.
            let step = (|| {
                let child = match &mut top.building {
                    Building::Dict(_, pending) => {
                        *pending = Some(key_of(&top.node.child(j)?)?);
                        top.node.child(n + j)?
                    }
                    Building::Array(_) => top.node.child(j)?,
                };
                Ok::<_, Error>((child, leaf(&child)?))
            })();
            match step {
                Ok((_, Some(v))) => attach(&mut top.building, v),
                Ok((child, None)) => {
                    let open = open_node(child, &stack, &mut on_path)
                        .and_then(|frame| reserve(&mut stack, &child).map(|()| frame));
                    match open {
                        Ok(frame) => stack.push(frame),
                        Err(e) => return Err(locate(e, &stack)),
                    }
                }
                Err(e) => return Err(locate(e, &stack)),
            }
        } else {
            let done = stack.pop().expect("checked above");
            on_path.leave(done.node.index());
            let value = match done.building {
                Building::Array(a) => PlistValue::Array(a.into()),
                Building::Dict(d, _) => PlistValue::Dictionary(d),
            };
            match stack.last_mut() {
                Some(parent) => attach(&mut parent.building, value),
                None => return Ok(value),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{OnPath, Open, SHALLOW};
    use crate::reader::Document;
    use crate::value::PlistValue;

    /// A cycle is found on a shallow path without a bitset, and on a deep one with
    /// a bitset allocated once: the elements of a `Vec<PlistValue>` each decode a
    /// shallow subtree and no longer zero a bitset over the whole document each.
    #[test]
    fn the_path_check_allocates_only_for_deep_paths() {
        let chain = |depth: usize| {
            (0..depth).fold(PlistValue::Array(crate::value::Array::new()), |v, _| {
                PlistValue::Array(vec![v].into())
            })
        };
        let bytes = crate::encode::to_vec(&chain(SHALLOW + 8)).unwrap();
        let doc = Document::from_slice(&bytes).unwrap();
        let mut stack: Vec<Open<'_, '_>> = Vec::new();
        let mut on_path = OnPath::default();
        let mut node = doc.root().unwrap();
        node.begin_decode();
        for depth in 0..SHALLOW + 8 {
            assert!(!on_path.enter(&node, &stack).unwrap());
            assert_eq!(on_path.bits.is_empty(), depth < SHALLOW, "at depth {depth}");
            // Re-entering any node on the path is a cycle, in either mode.
            assert!(stack.iter().all(|f| {
                let mut probe = OnPath {
                    bits: on_path.bits.clone(),
                };
                probe.enter(&f.node, &stack).unwrap()
            }));
            stack.push(super::open_node(node, &[], &mut OnPath::default()).unwrap());
            node = node.child(0).unwrap();
        }
        // The whole tree decodes, shallow or deep.
        assert_eq!(doc.root().unwrap().to_value().unwrap(), chain(SHALLOW + 8));
    }
}
