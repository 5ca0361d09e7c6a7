//! The 32-byte trailer at the end of every file: the widths, the object count, the
//! top object and where the offset table starts. Decoding it checks nothing; the
//! reader's `trailer` module applies CoreFoundation's rules to what it holds.

use super::{get_uint, TRAILER_LEN};

/// The last 32 bytes of a file, decoded but not yet validated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Trailer {
    /// Width of an offset-table entry, 1 to 8 bytes in a valid file.
    pub offset_size: u8,
    /// Width of an object reference, 1 to 8 bytes in a valid file.
    pub ref_size: u8,
    /// Entries in the offset table.
    pub num_objects: u64,
    /// Index of the root object.
    pub top_object: u64,
    /// Byte offset of the offset table, which ends where the trailer starts.
    pub offset_table_offset: u64,
}

impl Trailer {
    /// Decodes the last 32 bytes of a file.
    pub(crate) fn parse(bytes: &[u8; TRAILER_LEN]) -> Trailer {
        Trailer {
            offset_size: bytes[6],
            ref_size: bytes[7],
            num_objects: get_uint(&bytes[8..16]),
            top_object: get_uint(&bytes[16..24]),
            offset_table_offset: get_uint(&bytes[24..32]),
        }
    }

    /// Appends the 32 bytes.
    pub(crate) fn write(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&[0; 6]);
        out.push(self.offset_size);
        out.push(self.ref_size);
        out.extend_from_slice(&self.num_objects.to_be_bytes());
        out.extend_from_slice(&self.top_object.to_be_bytes());
        out.extend_from_slice(&self.offset_table_offset.to_be_bytes());
    }
}
