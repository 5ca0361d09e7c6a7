//! The program switched: `plist` is `plistvalue::plist`, as the line
//! `use plistvalue::plist;` makes it.

pub(crate) use plistvalue::plist;

#[path = "program.rs"]
pub(crate) mod program;
