//! JSON (CLI.md, "JSON"), through `serde_json`: it reads the text, and it writes every
//! string and number. The tree is walked here with an explicit stack, because
//! `serde_json`'s own serializer recurses once per level and a plist can nest a
//! million.

use std::cmp::Ordering;

use plistvalue::{key_order, Dictionary, Integer, Key, PlistValue};
use serde::Deserialize as _;
use serde_json::Value;

use crate::text;
use crate::tree::MAX_DEPTH;

/// A value JSON cannot hold: its type name and keypath, for
/// `invalid object in plist for destination format (TYPE at KEYPATH)`.
pub(crate) struct Unrepresentable {
    pub type_name: &'static str,
    pub keypath: String,
}

/// A component of a keypath in a message, with its dots escaped (CLI.md, "Keypaths").
pub(crate) fn escape(component: &str) -> String {
    component.replace('.', r"\.")
}

/// A container being written.
enum Frame<'a> {
    Array(std::iter::Enumerate<std::slice::Iter<'a, PlistValue>>, bool),
    Dict(std::vec::IntoIter<(&'a Key, &'a PlistValue)>, bool),
}

/// Writes `v` as JSON text: compact, or `serde_json`'s pretty form with keys in
/// `-p` order when `readable`. No newline follows.
pub(crate) fn write(v: &PlistValue, readable: bool) -> Result<Vec<u8>, Unrepresentable> {
    let mut out = Vec::new();
    // The keypath of the value being written, one component per open container.
    let mut path: Vec<String> = Vec::new();
    let mut stack: Vec<Frame<'_>> = Vec::new();
    let mut next = Some(v);
    loop {
        if let Some(v) = next.take() {
            if let Some(frame) = scalar_or_open(v, readable, &mut out, &path)? {
                stack.push(frame);
                path.push(String::new());
            }
        }
        let depth = stack.len();
        let Some(top) = stack.last_mut() else {
            return Ok(out);
        };
        let (child, first) = match top {
            Frame::Array(it, first) => match it.next() {
                Some((i, child)) => {
                    let index = path.len() - 1;
                    path[index] = i.to_string();
                    (Some((None, child)), std::mem::replace(first, false))
                }
                None => (None, *first),
            },
            Frame::Dict(it, first) => match it.next() {
                Some((k, child)) => {
                    let index = path.len() - 1;
                    path[index] = escape(k);
                    (Some((Some(k), child)), std::mem::replace(first, false))
                }
                None => (None, *first),
            },
        };
        if let Some((key, child)) = child {
            if !first {
                out.push(b',');
            }
            newline(&mut out, readable, depth);
            if let Some(k) = key {
                string(&mut out, k);
                out.extend_from_slice(if readable { b": " } else { b":" });
            }
            next = Some(child);
        } else {
            let closer = match stack.pop() {
                Some(Frame::Array(..)) => b']',
                _ => b'}',
            };
            path.pop();
            if !first {
                newline(&mut out, readable, depth - 1);
            }
            out.push(closer);
        }
    }
}

fn newline(out: &mut Vec<u8>, readable: bool, depth: usize) {
    if readable {
        out.push(b'\n');
        out.resize(out.len() + 2 * depth, b' ');
    }
}

fn string(out: &mut Vec<u8>, s: &str) {
    serde_json::to_writer(&mut *out, s).expect("a Vec takes every write");
}

/// Writes a scalar, or the opener of a container and returns its frame.
fn scalar_or_open<'a>(
    v: &'a PlistValue,
    readable: bool,
    out: &mut Vec<u8>,
    path: &[String],
) -> Result<Option<Frame<'a>>, Unrepresentable> {
    let refuse = |type_name| {
        Err(Unrepresentable {
            type_name,
            keypath: if path.is_empty() {
                "(root)".to_owned()
            } else {
                path.join(".")
            },
        })
    };
    match v {
        PlistValue::Null => out.extend_from_slice(b"null"),
        PlistValue::Boolean(b) => out.extend_from_slice(if *b { b"true" } else { b"false" }),
        PlistValue::Integer(i) => out.extend_from_slice(i.to_string().as_bytes()),
        PlistValue::Real(r) if r.is_finite() => {
            serde_json::to_writer(&mut *out, r).expect("a Vec takes every write");
        }
        PlistValue::String(s) => string(out, s),
        PlistValue::Array(a) => {
            out.push(b'[');
            return Ok(Some(Frame::Array(a.iter().enumerate(), true)));
        }
        PlistValue::Dictionary(d) => {
            out.push(b'{');
            return Ok(Some(Frame::Dict(entries(d, readable).into_iter(), true)));
        }
        other => return refuse(text::type_name(other)),
    }
    Ok(None)
}

/// A dictionary's entries: in document order, or in `-p` order for `-r`.
fn entries(d: &Dictionary, sorted: bool) -> Vec<(&Key, &PlistValue)> {
    let mut e: Vec<_> = d.iter().collect();
    if sorted {
        e.sort_by(|a, b| match key_order(a.0, b.0) {
            Ordering::Equal => a.0.cmp(b.0),
            o => o,
        });
    }
    e
}

/// A JSON syntax error: what, and where.
pub(crate) struct SyntaxError {
    pub message: String,
    pub line: usize,
    pub column: usize,
    pub offset: usize,
}

/// Reads JSON text into a tree (CLI.md, "JSON"), nested no deeper than
/// [`MAX_DEPTH`]. A scan finds a deeper opener first; `serde_json`'s own limit
/// (128) is lifted, and its recursion is bounded by the scan. The conversion
/// here does not recurse.
pub(crate) fn read(bytes: &[u8]) -> Result<PlistValue, SyntaxError> {
    if let Some(offset) = too_deep(bytes) {
        let before = &bytes[..offset];
        let line = before.split(|&b| b == b'\n').count();
        let column = offset
            - before
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |i| i + 1)
            + 1;
        return Err(SyntaxError {
            message: format!("nesting deeper than the limit of {MAX_DEPTH}"),
            line,
            column,
            offset,
        });
    }
    let mut de = serde_json::Deserializer::from_slice(bytes);
    de.disable_recursion_limit();
    let value = Value::deserialize(&mut de)
        .and_then(|v| de.end().map(|()| v))
        .map_err(|e| {
            let offset = offset_of(bytes, e.line(), e.column());
            let message = e.to_string();
            // serde_json appends " at line L column C"; the caller says where.
            let message = message
                .rsplit_once(" at line ")
                .map_or(message.as_str(), |(m, _)| m)
                .to_owned();
            SyntaxError {
                message,
                line: e.line(),
                column: e.column(),
                offset,
            }
        })?;
    Ok(convert(value))
}

/// The offset of the first `[` or `{` outside a string that opens a level
/// deeper than [`MAX_DEPTH`].
fn too_deep(bytes: &[u8]) -> Option<usize> {
    let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
    for (i, &b) in bytes.iter().enumerate() {
        if in_string {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                if depth > MAX_DEPTH {
                    return Some(i);
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}

/// The byte offset of a 1-based line and column.
fn offset_of(bytes: &[u8], line: usize, column: usize) -> usize {
    let line_start = bytes
        .split_inclusive(|&b| b == b'\n')
        .take(line.saturating_sub(1))
        .map(<[u8]>::len)
        .sum::<usize>();
    (line_start + column.saturating_sub(1)).min(bytes.len())
}

/// A JSON tree as a plist tree: integers that fit the plist range are integers,
/// every other number a real; `null` is the null object.
fn convert(root: Value) -> PlistValue {
    enum Building {
        Array(Vec<PlistValue>, std::vec::IntoIter<Value>),
        Dict(Dictionary, serde_json::map::IntoIter, Option<String>),
    }
    fn step(v: Value) -> Result<PlistValue, Building> {
        Ok(match v {
            Value::Null => PlistValue::Null,
            Value::Bool(b) => PlistValue::Boolean(b),
            Value::Number(n) => match (n.as_i64(), n.as_u64()) {
                (Some(i), _) => PlistValue::Integer(Integer::from(i)),
                (None, Some(u)) => PlistValue::Integer(Integer::from(u)),
                _ => PlistValue::Real(n.as_f64().unwrap_or(f64::NAN)),
            },
            Value::String(s) => PlistValue::String(s),
            Value::Array(a) => return Err(Building::Array(Vec::new(), a.into_iter())),
            Value::Object(m) => return Err(Building::Dict(Dictionary::new(), m.into_iter(), None)),
        })
    }
    let mut stack = match step(root) {
        Ok(v) => return v,
        Err(b) => vec![b],
    };
    loop {
        let top = stack.last_mut().expect("the root stays until it returns");
        let next = match top {
            Building::Array(_, it) => it.next(),
            Building::Dict(_, it, pending) => it.next().map(|(k, v)| {
                *pending = Some(k);
                v
            }),
        };
        let done = match next {
            Some(v) => match step(v) {
                Ok(v) => v,
                Err(b) => {
                    stack.push(b);
                    continue;
                }
            },
            None => match stack.pop().expect("checked above") {
                Building::Array(a, _) => PlistValue::Array(a.into()),
                Building::Dict(d, _, _) => PlistValue::Dictionary(d),
            },
        };
        match stack.last_mut() {
            Some(Building::Array(a, _)) => a.push(done),
            Some(Building::Dict(d, _, pending)) => {
                d.insert(pending.take().unwrap_or_default(), done);
            }
            None => return done,
        }
    }
}
