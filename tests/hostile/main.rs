//! Hostile input, one named test per case of `../shared/USERS.md` §5, grouped by its
//! sections: `framing` (A), `refs` (B), `bodies` (C), `graph` (D), `dict` (E),
//! `writer` (F); `xml` is XML.md §4.2, the hostile XML list. Test `a04_…` is case 4,
//! and so on. Inputs are built byte by byte with `plistvalue_suite::bplist`; each
//! rejection asserts the error kind and the byte offset (in XML, the line and column)
//! the library reports, and where CoreFoundation accepts an input the test asserts
//! the value read instead. `limits` checks the public `Limits` type.
//!
//! Reader policies exercised here (FORMAT.md §4.1 is CoreFoundation's behaviour):
//! - magic `bplist0?` with any 8th byte; other `bplist` versions → `UnsupportedVersion`;
//! - offset and ref widths 1..=8; 0 and > 8 rejected; the file length must be exact
//!   (no gap, no lenient mode); every object offset in `[8, offset_table_offset)`;
//! - `0x00` null readable via `Node` (`Kind::Null`), not into `PlistValue`;
//! - sets read as arrays; non-string keys → `NonStringKey` in `PlistValue`;
//!   duplicate keys: the first wins;
//! - `0x5X` bytes ≥ 0x80 read as Latin-1; `&str` borrowing needs ASCII; unpaired
//!   UTF-16 surrogates → `InvalidString`;
//! - 16-byte ints are signed i128 and must fit `i64::MIN ..= u64::MAX`;
//! - UIDs of 1..=8 bytes with any u64 value; 9..=16 bytes rejected;
//! - long counts are `0x10..=0x13` ints ≤ `i64::MAX`.

#[macro_use]
mod support;

mod archive;
mod bodies;
mod dict;
mod duplicates;
mod encoder;
mod framing;
mod graph;
mod interner;
mod limits;
mod overlap;
mod refs;
mod serde_paths;
mod stack;
mod writer;
mod xml;
