//! NSKeyedArchiver archives against `../shared/tools/unarchive.py`: its tagged JSON
//! written from a tree, and the script run once over many files.

pub mod json;
pub mod oracle;
