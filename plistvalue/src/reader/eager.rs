//! Decoding a whole subtree into a `PlistValue`, with an explicit stack: a million
//! nested arrays cost heap, not stack. An on-path bit per object catches cycles, and
//! the node and byte budgets stop shared-subtree bombs.

use super::node::{Kind, Node};
use crate::error::{Error, ErrorKind};
use crate::value::{Dictionary, PlistValue};

enum Building {
    Array(Vec<PlistValue>),
    /// The dictionary and the key of the entry being decoded, until it is attached.
    Dict(Dictionary, Option<String>),
}

struct Frame<'d, 'a> {
    node: Node<'d, 'a>,
    next: u64,
    building: Building,
}

/// A scalar's value, or `None` for a container.
fn leaf(node: &Node<'_, '_>) -> Result<Option<PlistValue>, Error> {
    Ok(Some(match node.kind() {
        Kind::Boolean => PlistValue::Boolean(node.as_bool().unwrap_or_default()),
        Kind::Integer => match node.as_integer() {
            Some(i) => PlistValue::Integer(i),
            None => {
                return Err(node.error(ErrorKind::InvalidLength(
                    "16-byte integer outside i64::MIN ..= u64::MAX",
                )))
            }
        },
        Kind::Real => PlistValue::Real(node.as_real().unwrap_or_default()),
        Kind::Date => PlistValue::Date(
            node.as_date()
                .unwrap_or(crate::Date::from_seconds_since_2001(0.0)),
        ),
        Kind::Uid => PlistValue::Uid(node.as_uid().unwrap_or(crate::Uid::new(0))),
        Kind::Data => {
            let d = node.as_data().unwrap_or_default();
            node.charge_bytes(d.len())?;
            PlistValue::Data(d.to_vec())
        }
        Kind::String => {
            node.charge_bytes(node.len())?;
            PlistValue::String(node.to_str()?.into_owned())
        }
        Kind::Null => PlistValue::Null,
        Kind::Array | Kind::Set | Kind::Dictionary => return Ok(None),
    }))
}

fn key_of(node: &Node<'_, '_>) -> Result<String, Error> {
    if node.kind() != Kind::String {
        return Err(node.error(ErrorKind::NonStringKey(node.kind().name())));
    }
    node.charge_bytes(node.len())?;
    Ok(node.to_str()?.into_owned())
}

fn open<'d, 'a>(node: Node<'d, 'a>, on_path: &mut [u64]) -> Result<Frame<'d, 'a>, Error> {
    let i = node.index() as usize;
    if on_path[i / 64] & (1 << (i % 64)) != 0 {
        return Err(node.error(ErrorKind::Cycle));
    }
    on_path[i / 64] |= 1 << (i % 64);
    node.charge_nodes(node.len() as u64 + 1)?;
    // Capacity is bounded by the count, which `head` bounded by the input.
    let building = if node.kind() == Kind::Dictionary {
        Building::Dict(Dictionary::with_capacity(node.len()), None)
    } else {
        Building::Array(Vec::with_capacity(node.len()))
    };
    Ok(Frame {
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
                d.inner_mut().entry(k).or_insert(child);
            }
        }
    }
}

/// Names the path from the root to the failing child, outermost last.
fn locate(mut err: Error, stack: &[Frame<'_, '_>]) -> Error {
    for f in stack.iter().rev() {
        err = match &f.building {
            Building::Dict(_, Some(k)) => err.in_key(k),
            Building::Dict(_, None) => err,
            Building::Array(_) => err.in_index(f.next.saturating_sub(1) as usize),
        };
    }
    err
}

pub(crate) fn decode_value(root: Node<'_, '_>) -> Result<PlistValue, Error> {
    if let Some(v) = leaf(&root)? {
        return Ok(v);
    }
    let doc = root.document();
    let mut on_path = vec![0u64; (doc.len() as usize).div_ceil(64)];
    let mut stack = vec![open(root, &mut on_path)?];
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
                Ok((child, None)) => match open(child, &mut on_path) {
                    Ok(frame) => stack.push(frame),
                    Err(e) => return Err(locate(e, &stack)),
                },
                Err(e) => return Err(locate(e, &stack)),
            }
        } else {
            let done = stack.pop().expect("checked above");
            let i = done.node.index() as usize;
            on_path[i / 64] &= !(1 << (i % 64));
            let value = match done.building {
                Building::Array(a) => PlistValue::Array(a),
                Building::Dict(d, _) => PlistValue::Dictionary(d),
            };
            match stack.last_mut() {
                Some(parent) => attach(&mut parent.building, value),
                None => return Ok(value),
            }
        }
    }
}
