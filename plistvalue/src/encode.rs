//! The encoding entry points: a value to the bytes of a property list. They sit at
//! the top of the crate: `ToPlist` (from `convert`) fills the writer's object table,
//! and the writer's emitter turns it into bytes.

use std::io::Write;

use crate::convert::ToPlist;
use crate::error::Error;
use crate::writer::Buffers;

/// Encodes a value as a binary plist.
///
/// ```
/// let bytes = plistvalue::to_vec(&vec!["a", "b"]).unwrap();
/// assert!(bytes.starts_with(b"bplist00"));
/// ```
///
/// # Errors
/// When the value's own `ToPlist` fails (an `i128` outside the plist range, say) or
/// the document would hold more objects than a file can address.
pub fn to_vec<T: ToPlist + ?Sized>(value: &T) -> Result<Vec<u8>, Error> {
    let mut out = Vec::new();
    Writer::new().write_into(value, &mut out)?;
    Ok(out)
}

/// Encodes a value into an `io::Write`, in 64 KiB chunks.
///
/// ```
/// let mut file = Vec::new(); // or a `std::fs::File`
/// plistvalue::to_writer(&mut file, &[1u8, 2, 3]).unwrap();
/// assert_eq!(file, plistvalue::to_vec(&[1u8, 2, 3]).unwrap());
/// ```
///
/// # Errors
/// As [`to_vec`], and any error of the writer.
pub fn to_writer<W: Write, T: ToPlist + ?Sized>(writer: W, value: &T) -> Result<(), Error> {
    Writer::new().write_to(writer, value)
}

/// A reusable encoder. Its object table, interner and buffers keep their capacity
/// between documents, which saves growing them (and faulting in their pages) again.
///
/// ```
/// let mut w = plistvalue::Writer::new();
/// let first = w.to_vec(&[1u8, 2, 3]).unwrap();
/// let again = w.to_vec(&[1u8, 2, 3]).unwrap();
/// assert_eq!(first, again);
/// ```
#[derive(Default)]
pub struct Writer {
    buffers: Buffers,
}

impl Writer {
    /// A writer with empty buffers; they grow to fit the first document.
    pub fn new() -> Writer {
        Writer::default()
    }

    /// Encodes `value` into a new `Vec`, as [`to_vec`] does.
    ///
    /// # Errors
    /// As [`to_vec`].
    pub fn to_vec<T: ToPlist + ?Sized>(&mut self, value: &T) -> Result<Vec<u8>, Error> {
        let mut out = Vec::new();
        self.write_into(value, &mut out)?;
        Ok(out)
    }

    /// Appends the encoding of `value` to `out`.
    ///
    /// # Errors
    /// As [`to_vec`].
    pub fn write_into<T: ToPlist + ?Sized>(
        &mut self,
        value: &T,
        out: &mut Vec<u8>,
    ) -> Result<(), Error> {
        self.buffers.write_into(|enc| value.to_plist(enc), out)
    }

    /// Encodes `value` into an `io::Write`, as [`to_writer`] does.
    ///
    /// # Errors
    /// As [`to_writer`].
    pub fn write_to<W: Write, T: ToPlist + ?Sized>(
        &mut self,
        writer: W,
        value: &T,
    ) -> Result<(), Error> {
        self.buffers.write_to(|enc| value.to_plist(enc), writer)
    }
}
