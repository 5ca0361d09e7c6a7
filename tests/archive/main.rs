//! NSKeyedArchiver archives against `../shared/tools/unarchive.py`, the reference
//! implementation of `docs/ARCHIVE.md`: the corpus, the round trip through `archive`, and
//! the lazy and typed views.

mod corpus;
mod typed;
