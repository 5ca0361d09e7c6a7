//! NSKeyedArchiver archives against `../shared/tools/unarchive.py`, the reference
//! implementation the representation was built with: the corpus, the round trip
//! through `archive`, the recipes of docs/ARCHIVE.md, and the lazy and typed views.

mod corpus;
mod recipes;
mod typed;
