//! NSKeyedArchiver archives against `../shared/tools/unarchive.py`, the reference
//! implementation the representation was built with, and against GNUstep's
//! `NSKeyedUnarchiver`: the corpus, the round trip through `archive`, the recipes of
//! docs/ARCHIVE.md, and the lazy and typed views.

mod corpus;
mod gnustep;
mod recipes;
mod typed;
