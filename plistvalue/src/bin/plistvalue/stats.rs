//! `-stats` (CLI.md, "-stats"): what a binary plist's object table is made of, by
//! type and size, what uniquing saves, and what no path reaches. One pass over the
//! offset table after `-lint`'s checks; no tree is built.

use std::fmt::Write as _;

use plistvalue::{Document, Error, Kind, Node};

use crate::lint;

/// The rows of the table, in the order they print.
const ROWS: [&str; 12] = [
    "dictionary",
    "array",
    "set",
    "string (ASCII)",
    "string (UTF-16)",
    "integer",
    "real",
    "date",
    "data",
    "boolean",
    "uid",
    "null",
];

fn row(node: &Node<'_, '_>, marker: u8) -> usize {
    match node.kind() {
        Kind::Dictionary => 0,
        Kind::Array => 1,
        Kind::Set => 2,
        Kind::String if marker >> 4 == 0x5 => 3,
        Kind::String => 4,
        Kind::Integer => 5,
        Kind::Real => 6,
        Kind::Date => 7,
        Kind::Data => 8,
        Kind::Boolean => 9,
        Kind::Uid => 10,
        Kind::Null => 11,
    }
}

/// Entries of a container's reference list (a dictionary has keys and values).
fn refs(node: &Node<'_, '_>) -> u64 {
    match node.kind() {
        Kind::Dictionary => 2 * node.len() as u64,
        Kind::Array | Kind::Set => node.len() as u64,
        _ => 0,
    }
}

/// The bytes of an object's own encoding: marker, length integer, payload and,
/// for a container, its reference list. `validate_all` has checked that they lie
/// inside the object area.
fn own_bytes(node: &Node<'_, '_>, bytes: &[u8], ref_size: u64) -> u64 {
    let at = node.offset() as usize;
    let marker = bytes[at];
    let low = u64::from(marker & 0x0F);
    let count = node.len() as u64;
    // The length integer after the marker, when the low nibble cannot hold it.
    let length_int = || {
        if low == 0x0F {
            1 + (1u64 << (bytes[at + 1] & 0x0F))
        } else {
            0
        }
    };
    1 + match marker >> 4 {
        0x1 | 0x2 => 1 << low,
        0x3 => 8,
        0x4 | 0x5 => length_int() + count,
        0x6 => length_int() + 2 * count,
        0x8 => low + 1,
        0xA | 0xC => length_int() + count * ref_size,
        0xD => length_int() + 2 * count * ref_size,
        _ => 0,
    }
}

fn children<'d, 'a>(node: &Node<'d, 'a>) -> Result<Vec<Node<'d, 'a>>, Error> {
    match node.kind() {
        Kind::Dictionary => {
            let mut out = Vec::with_capacity(2 * node.len());
            let mut values = Vec::with_capacity(node.len());
            for e in node.entries()? {
                let (k, v) = e?;
                out.push(k);
                values.push(v);
            }
            out.extend(values);
            Ok(out)
        }
        Kind::Array | Kind::Set => node.elements()?.collect(),
        _ => Ok(Vec::new()),
    }
}

/// Decimal digits of `n`.
fn digits(n: u64) -> usize {
    n.checked_ilog10().map_or(1, |d| d as usize + 1)
}

/// The report for binary bytes (`header` names the format and the size).
pub(crate) fn report(name: &str, header: &str, bytes: &[u8]) -> Result<String, Error> {
    let depth = lint::binary(bytes)?;
    let doc = Document::from_slice(bytes)?;
    let trailer = &bytes[bytes.len() - 32..];
    let offset_size = u64::from(trailer[6]);
    let ref_size = u64::from(trailer[7]);
    let top = u64::from_be_bytes(trailer[16..24].try_into().expect("8 bytes"));
    let n = doc.len();
    // Bounded by the offset table, which has a byte per object at least.
    let count = usize::try_from(n).unwrap_or(usize::MAX);
    let mut incoming = vec![0u32; count];
    let mut sizes = vec![0u64; count];
    let mut table = [(0u64, 0u64); ROWS.len()];
    let mut references = 0;
    for i in 0..n {
        let node = doc.node(i)?;
        let size = own_bytes(&node, bytes, ref_size);
        sizes[i as usize] = size;
        let r = row(&node, bytes[node.offset() as usize]);
        table[r].0 += 1;
        table[r].1 += size;
        references += refs(&node);
        for c in children(&node)? {
            incoming[c.index() as usize] = incoming[c.index() as usize].saturating_add(1);
        }
    }
    let (mut shared, mut saves) = (0u64, 0u64);
    for (i, &k) in incoming.iter().enumerate() {
        if k > 1 {
            shared += 1;
            saves += u64::from(k - 1) * sizes[i];
        }
    }
    // Reachability from the top object, with an explicit stack.
    let mut reached = vec![false; count];
    reached[top as usize] = true;
    let mut stack = vec![doc.root()?];
    while let Some(node) = stack.pop() {
        for c in children(&node)? {
            if !std::mem::replace(&mut reached[c.index() as usize], true) {
                stack.push(c);
            }
        }
    }
    let (mut unreachable, mut unreachable_bytes) = (0u64, 0u64);
    for (i, r) in reached.iter().enumerate() {
        if !r {
            unreachable += 1;
            unreachable_bytes += sizes[i];
        }
    }
    let mut out = String::new();
    let _ = writeln!(out, "{name}: {header}, {n} objects");
    let _ = writeln!(
        out,
        "  offset size {offset_size}, reference size {ref_size}, top object {top}, \
         offset table {} bytes, trailer 32 bytes",
        n * offset_size
    );
    let total: u64 = table.iter().map(|t| t.1).sum();
    // Columns 9 and 11 wide, wider when a number needs it (objects that overlap
    // count their shared bytes again): two spaces at least between columns.
    let (w1, w2) = (9.max(digits(n) + 2), 11.max(digits(total) + 2));
    let _ = writeln!(out, "  {:<18}{:>w1$}{:>w2$}", "type", "objects", "bytes");
    for (name, (objects, bytes)) in ROWS.iter().zip(table) {
        if objects > 0 {
            let _ = writeln!(out, "  {name:<18}{objects:>w1$}{bytes:>w2$}");
        }
    }
    let _ = writeln!(out, "  {:<18}{n:>w1$}{total:>w2$}", "total");
    let _ = writeln!(
        out,
        "  references {references}; objects referenced more than once {shared}, \
         sharing saves {saves} bytes"
    );
    let _ = writeln!(
        out,
        "  unreachable objects {unreachable} ({unreachable_bytes} bytes); nesting depth {depth}"
    );
    Ok(out)
}
