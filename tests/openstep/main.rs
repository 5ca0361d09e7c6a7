//! Issue 27: OpenStep (old-style ASCII) property lists. Reading: `corpus` reads
//! every corpus file to the tree of CF's parser model
//! (`../shared/tools/openstep.py`), `gnustep` compares with GNUstep's reader,
//! `rules` checks docs/OPENSTEP.md's rules case by case (and against the model),
//! `typed` the decodes that read numbers out of strings, `api` the entry points and
//! the detection. Writing: `pbxproj` rewrites Xcode projects byte for byte and as
//! the model of Xcode's writer does, `write` round-trips random trees in the plain
//! and `.strings` layouts through our reader, the model and GNUstep. The hostile
//! lists are in `tests/hostile/openstep.rs` and `tests/hostile/openstep_write.rs`.

mod api;
mod corpus;
mod gnustep;
mod pbxproj;
mod rules;
mod typed;
mod write;
