//! The program built against the plist crate itself.

pub(crate) use ::plist;

#[path = "program.rs"]
pub(crate) mod program;
