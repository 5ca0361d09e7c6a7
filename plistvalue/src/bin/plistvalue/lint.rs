//! `-lint`: the whole file checked, no tree built. Binary input gets
//! `Document::validate_all` (every offset, marker, extent and reference), then one
//! pass over the object graph from the top object: keys are strings, strings are
//! text, no container contains itself, and nesting stays within CoreFoundation's
//! 512. Each object is visited once, so memory is a few bytes per object of the
//! offset table, which the file paid for, and shared subtrees cost nothing.

use plistvalue::{Document, Error, ErrorKind, Kind, Limits, Node};

use crate::tree::MAX_DEPTH;

/// Where an object is in the walk.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mark {
    Unseen,
    /// On the current path: reaching it again is a cycle.
    Open,
    /// Checked, with the nesting depth of its subtree.
    Done(u32),
}

/// Checks a binary plist whole; its nesting depth (the root container is 1, a
/// scalar root 0).
pub(crate) fn binary(bytes: &[u8]) -> Result<u32, Error> {
    let doc = Document::with_limits(bytes, Limits::default().max_depth(MAX_DEPTH))?;
    doc.validate_all()?;
    walk(doc.root()?, 0)
}

/// A container's children, visited one at a time.
enum Children<'d, 'a> {
    Entries(plistvalue::Entries<'d, 'a>),
    Elements(plistvalue::Elements<'d, 'a>),
}

struct Frame<'d, 'a> {
    node: Node<'d, 'a>,
    children: Children<'d, 'a>,
    /// The deepest subtree among the children so far.
    height: u32,
}

fn is_container(node: &Node<'_, '_>) -> bool {
    matches!(node.kind(), Kind::Dictionary | Kind::Array | Kind::Set)
}

fn open<'d, 'a>(node: Node<'d, 'a>) -> Result<Frame<'d, 'a>, Error> {
    let children = if node.kind() == Kind::Dictionary {
        Children::Entries(node.entries()?)
    } else {
        Children::Elements(node.elements()?)
    };
    Ok(Frame {
        node,
        children,
        height: 0,
    })
}

/// The next value child; a dictionary's key is checked on the way.
fn next_child<'d, 'a>(children: &mut Children<'d, 'a>) -> Result<Option<Node<'d, 'a>>, Error> {
    match children {
        Children::Elements(it) => it.next().transpose(),
        Children::Entries(it) => match it.next() {
            None => Ok(None),
            Some(entry) => {
                let (k, v) = entry?;
                if k.kind() != Kind::String {
                    return Err(k.error(ErrorKind::NonStringKey(k.kind().name())));
                }
                k.check_str()?;
                Ok(Some(v))
            }
        },
    }
}

/// A leaf's own check: strings must be text.
fn check_leaf(node: &Node<'_, '_>) -> Result<(), Error> {
    if node.kind() == Kind::String {
        node.check_str()?;
    }
    Ok(())
}

/// Checks the subtree under `root`, which sits inside `around` containers; its
/// nesting depth.
pub(crate) fn walk(root: Node<'_, '_>, around: usize) -> Result<u32, Error> {
    if !is_container(&root) {
        return check_leaf(&root).map(|()| 0);
    }
    if around + 1 > MAX_DEPTH {
        return Err(root.error(ErrorKind::DepthLimit(MAX_DEPTH)));
    }
    // One mark per object of the offset table, which the file paid for with at
    // least one byte (`validate_all`, or `Document`'s own check of the table).
    let doc = root.document();
    let mut marks = vec![Mark::Unseen; usize::try_from(doc.len()).unwrap_or(usize::MAX)];
    marks[root.index() as usize] = Mark::Open;
    let mut stack = vec![open(root)?];
    while let Some(top) = stack.last_mut() {
        let Some(c) = next_child(&mut top.children)? else {
            let done = stack.pop().expect("checked above");
            let height = done.height + 1;
            marks[done.node.index() as usize] = Mark::Done(height);
            match stack.last_mut() {
                Some(parent) => parent.height = parent.height.max(height),
                None => return Ok(height),
            }
            continue;
        };
        let depth = around + stack.len();
        match marks[c.index() as usize] {
            Mark::Open => return Err(c.error(ErrorKind::Cycle)),
            Mark::Done(h) => {
                if depth + h as usize > MAX_DEPTH {
                    return Err(c.error(ErrorKind::DepthLimit(MAX_DEPTH)));
                }
                let top = stack.last_mut().expect("the parent");
                top.height = top.height.max(h);
            }
            Mark::Unseen if is_container(&c) => {
                if depth + 1 > MAX_DEPTH {
                    return Err(c.error(ErrorKind::DepthLimit(MAX_DEPTH)));
                }
                marks[c.index() as usize] = Mark::Open;
                stack.push(open(c)?);
            }
            Mark::Unseen => {
                check_leaf(&c)?;
                marks[c.index() as usize] = Mark::Done(0);
            }
        }
    }
    unreachable!("the root's frame returns its height when it closes")
}
