//! The reader: validate the trailer, then read objects straight out of the buffer.
//!
//! [`Document`] is the lazy entry point and [`Node`] one object of it. Every offset,
//! count and width is checked against the input before use, no allocation is sized
//! by a count the input has not paid for in bytes, and decoding is bounded by
//! [`Limits`]. The rooms:
//!
//! - `trailer.rs`: CoreFoundation's header and trailer rules, checked at open;
//! - `document.rs`: locating and bounds checking one object (its `Head`), through
//!   the offset table and `format`'s shape table;
//! - `strings.rs`: the string cache, the one place that turns bytes into `&str`
//!   without a UTF-8 check, and why that is sound;
//! - `text.rs`: whether a range of the input is ASCII or UTF-16 text, at a
//!   bounded cost whatever the string objects overlap;
//! - `context.rs`: the limits, depth and budgets of a decode;
//! - `node.rs`: [`Node`], what a caller reads an object through;
//! - `fields.rs`: a dictionary's keys as typed decodes match them.
//!
//! Nothing here knows `FromPlist` or `PlistValue`: `convert` decodes through nodes,
//! and the entry points (`from_slice`, ...) sit above both.

mod context;
mod document;
mod fields;
mod keys;
mod limits;
mod node;
mod pointer;
mod strings;
mod text;
mod trailer;

pub use context::DepthGuard;
pub use document::Document;
pub use fields::{FieldKey, Fields, Key};
pub use limits::Limits;
pub use node::{Elements, Entries, Kind, Node};
