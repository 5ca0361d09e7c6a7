//! Where each object of a text document came from, so that an error the binary
//! reader finds later (a type mismatch at object k) is reported at the line and
//! column where that value was written.
//!
//! Scalars are uniqued in the table, so one string object may stand for many
//! strings in the text; the error's key path says which one, and the offsets kept
//! per child of every container resolve it.

use crate::error::{Error, PathSegment};
use crate::reader::{Document, Kind, Limits, Node};

use super::encoding::Text;

#[derive(Default)]
pub(crate) struct Positions {
    /// Text offset of each object's first appearance, by object index.
    pub(crate) objects: Vec<u64>,
    /// (container object, where its children start in `children`), by object.
    containers: Vec<(u32, u32)>,
    /// Text offset of each child: array elements, dictionary values.
    children: Vec<u64>,
}

impl Positions {
    /// Records object `index` at `at` if it is the table's newest object.
    #[inline]
    pub(crate) fn object(&mut self, index: u32, at: usize) {
        if index as usize == self.objects.len() {
            self.objects.push(at as u64);
        }
    }

    /// Records the children's offsets of container `index`, just created.
    pub(crate) fn container(&mut self, index: u32, children: impl Iterator<Item = u64>) {
        self.containers.push((index, self.children.len() as u32));
        self.children.extend(children);
    }

    /// The text offsets of container `index`'s children: its elements, or its
    /// dictionary values in entry order.
    pub(crate) fn children_of(&self, index: u32) -> Option<&[u64]> {
        let i = self.containers.binary_search_by_key(&index, |c| c.0).ok()?;
        let start = self.containers[i].1 as usize;
        let end = self
            .containers
            .get(i + 1)
            .map_or(self.children.len(), |c| c.1 as usize);
        self.children.get(start..end)
    }

    /// The text offset of the value `err` names: by its key path from the root, or
    /// else by its object's first appearance.
    fn offset_of(&self, err: &Error, binary: &[u8], root: u32) -> Option<u64> {
        let doc = Document::with_limits(binary, Limits::trusted()).ok()?;
        let mut node = doc.root().ok()?;
        let mut at = *self.objects.get(root as usize)?;
        let mut resolved = true;
        for seg in err.path() {
            let Some((child, offset)) = self.step(&node, seg) else {
                resolved = false;
                break;
            };
            node = child;
            at = offset;
        }
        match err.object() {
            Some(k) if !(resolved && node.index() == k) => self.objects.get(k as usize).copied(),
            _ => Some(at),
        }
    }

    fn step<'d, 'a>(&self, node: &Node<'d, 'a>, seg: &PathSegment) -> Option<(Node<'d, 'a>, u64)> {
        let kids = self.children_of(node.index() as u32)?;
        match (node.kind(), seg) {
            (Kind::Array, PathSegment::Index(i)) => Some((node.at(*i).ok()??, *kids.get(*i)?)),
            (Kind::Dictionary, PathSegment::Key(k)) => {
                for (j, entry) in node.entries().ok()?.enumerate() {
                    let (key, value) = entry.ok()?;
                    if key.str_eq(k) {
                        return Some((value, *kids.get(j)?));
                    }
                }
                None
            }
            _ => None,
        }
    }
}

/// Line and column (1-based; the column counts bytes) of offset `at` in `text`. LF,
/// CR and CRLF each end a line, as CF counts them.
pub(crate) fn line_column(text: &[u8], at: usize) -> (u64, u64) {
    let at = at.min(text.len());
    let (mut line, mut start) = (1u64, 0usize);
    let mut i = 0;
    while i < at {
        match text[i] {
            b'\n' => {
                line += 1;
                start = i + 1;
            }
            b'\r' => {
                line += 1;
                if text.get(i + 1) == Some(&b'\n') && i + 1 < at {
                    i += 1;
                }
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    (line, (at - start) as u64 + 1)
}

/// Places `err` at text offset `at`.
pub(crate) fn place(err: Error, text: &Text<'_>, at: usize) -> Error {
    let (line, column) = line_column(&text.utf8, at);
    err.in_text(text.input_offset(at), line, column)
}

/// Places an error the binary reader found in bytes converted from `text`.
pub(crate) fn translate(
    err: Error,
    text: &Text<'_>,
    positions: &Positions,
    binary: &[u8],
    root: u32,
) -> Error {
    match positions.offset_of(&err, binary, root) {
        Some(at) => place(err, text, at as usize),
        None => err,
    }
}

#[cfg(test)]
mod tests {
    use super::line_column;

    #[test]
    fn lf_cr_and_crlf_each_end_a_line() {
        let t = b"a\nb\rc\r\nd";
        assert_eq!(line_column(t, 0), (1, 1));
        assert_eq!(line_column(t, 2), (2, 1));
        assert_eq!(line_column(t, 4), (3, 1));
        assert_eq!(line_column(t, 7), (4, 1));
        assert_eq!(line_column(t, 8), (4, 2));
    }
}
