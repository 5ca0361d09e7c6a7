//! Hostile input, one named test per case, grouped by what the case attacks:
//! `framing` (a: the header and the trailer), `refs` (b: offsets and references),
//! `bodies` (c: object bodies), `graph` (d: graph shape), `dict` (e: dictionary
//! semantics), `writer` (f: the writer side); test `a04_…` is case 4 of group a.
//! `xml` is the hostile XML list, `openstep` the hostile OpenStep list, `archive` the
//! hostile archives. Inputs are built
//! byte by byte with `plistvalue_suite::bplist`; each rejection asserts the error
//! kind and the byte offset (in XML, the line and column) the library reports, and
//! where CoreFoundation accepts an input the test asserts the value read instead.
//! `limits` checks the public `Limits` type.
//!
//! The reader's policies exercised here (`docs/BINARY.md` states CoreFoundation's
//! rules, and where ours differ):
//! - magic `bplist0?` with any 8th byte; other `bplist` versions → `UnsupportedVersion`;
//! - offset and ref widths 1..=8; 0 and > 8 rejected; the file length must be exact
//!   (no gap, no lenient mode); every object offset in `[8, offset_table_offset)`;
//! - the `0x00` null reads as `Kind::Null` and `PlistValue::Null`;
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
mod openstep;
mod openstep_write;
mod overlap;
mod refs;
mod serde_paths;
mod stack;
mod writer;
mod xml;
