//! Helpers for generated code and the impls in this module. Not a public API: the
//! derive may change what it calls here in any release.

pub use crate::error::{Error, ErrorKind};
pub use crate::reader::{DepthGuard, Kind, Node};
pub use crate::writer::{Encoder, Frame, KeySlots, ObjRef};

use super::{FromPlist, ToPlist};

/// Encodes any sequence as an array.
#[inline]
pub fn encode_seq<'a, T: ToPlist + 'a>(
    items: impl Iterator<Item = &'a T>,
    enc: &mut Encoder<'a>,
) -> Result<ObjRef, Error> {
    let frame = enc.begin_array();
    for item in items {
        let r = item.to_plist(enc)?;
        enc.child(r);
    }
    Ok(enc.end_array(frame))
}

/// At most this many bytes are reserved up front for a decoded sequence; beyond it
/// the vector grows as elements arrive, so a count in the input never sizes a large
/// allocation by itself.
const PREALLOC_BYTES: usize = 1 << 20;

/// A capacity for `count` elements of `T` that a hostile count cannot inflate.
#[inline]
pub fn bounded_capacity<T>(count: usize) -> usize {
    count.min(PREALLOC_BYTES / std::mem::size_of::<T>().max(1))
}

/// Decodes an array (or set) into a `Vec`, naming the failing index in errors.
#[inline]
pub fn decode_seq<'a, T: FromPlist<'a>>(node: Node<'_, 'a>) -> Result<Vec<T>, Error> {
    let elements = node.elements()?;
    let _guard = node.enter()?;
    let mut out = Vec::with_capacity(bounded_capacity::<T>(node.len()));
    for (i, e) in elements.enumerate() {
        out.push(e.and_then(T::from_plist).map_err(|err| err.in_index(i))?);
    }
    Ok(out)
}
