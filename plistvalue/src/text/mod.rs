//! What the text formats (XML and OpenStep) share. Each reads its text into the
//! writer's object table, which the binary emitter turns into `bplist00` bytes in
//! memory; the derive, the serde bridge, `PlistValue` and `Document` then read those
//! with the one binary reader, so no type has a second decode path per format.
//!
//! The rooms: [`encoding`], byte-order marks and wide text converted to UTF-8;
//! [`position`], line and column, and where each object came from, so that an error
//! the binary reader finds later is reported in the text; [`duplicates`], a
//! dictionary's repeated keys resolved as CoreFoundation resolves them; [`swar`],
//! eight bytes at a time; [`visits`], the text writers' cycle and width bounds. Here:
//! [`Converted`], a text document read into binary bytes.

pub(crate) mod duplicates;
pub(crate) mod encoding;
pub(crate) mod position;
pub(crate) mod swar;
pub(crate) mod visits;

use crate::error::Error;
use crate::reader::Limits;
#[cfg(feature = "plist-compat")]
use crate::reader::{Document, Node};

/// A text document read into binary plist bytes, with what it takes to report a
/// later error at its place in the text.
pub(crate) struct Converted<'a> {
    pub(crate) text: encoding::Text<'a>,
    pub(crate) binary: Vec<u8>,
    pub(crate) positions: position::Positions,
    pub(crate) root: u32,
}

impl Converted<'_> {
    pub(crate) fn into_binary(self) -> Vec<u8> {
        self.binary
    }

    /// `limits` with its per-byte budgets counted against the text, not the binary
    /// bytes: text formats have no sharing, so what a decode yields is bounded by
    /// the text, and the binary form, whose strings are uniqued, can be far smaller.
    pub(crate) fn limits(&self, limits: Limits) -> Limits {
        let (text, binary) = (
            self.text.utf8.len() as u128,
            self.binary.len().max(1) as u128,
        );
        let scale = |f: u64| {
            if f == u64::MAX {
                f
            } else {
                (f as u128 * text)
                    .div_ceil(binary)
                    .clamp(f as u128, u64::MAX as u128) as u64
            }
        };
        Limits {
            node_factor: scale(limits.node_factor),
            byte_factor: scale(limits.byte_factor),
            heap_factor: scale(limits.heap_factor),
            ..limits
        }
    }

    /// Moves an error the binary reader found in the converted bytes to the line and
    /// column of the text it came from.
    pub(crate) fn locate(&self, err: Error) -> Error {
        position::translate(err, &self.text, &self.positions, &self.binary, self.root)
    }

    /// Decodes the converted bytes from their root with `decode`, as a format's
    /// `decode` does a `FromPlist` type: within the default limits, counted against
    /// the text, and with errors placed in the text.
    #[cfg(feature = "plist-compat")]
    pub(crate) fn decode_root<T>(
        &self,
        decode: impl FnOnce(&Node<'_, '_>) -> Result<T, Error>,
    ) -> Result<T, Error> {
        let limits = self.limits(Limits::default());
        let decoded = Document::for_decode(&self.binary, limits).and_then(|doc| {
            let root = doc.root()?;
            root.begin_decode();
            decode(&root)
        });
        decoded.map_err(|e| self.locate(e))
    }
}
