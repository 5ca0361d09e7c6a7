//! Issue 27, the reading half: OpenStep (old-style ASCII) property lists. `corpus`
//! reads every corpus file to the tree of CF's parser model
//! (`../shared/tools/openstep.py`), `gnustep` compares with GNUstep's reader,
//! `rules` checks docs/OPENSTEP.md's rules case by case (and against the model),
//! `typed` the decodes that read numbers out of strings, `api` the entry points and
//! the detection. The hostile list is in `tests/hostile/openstep.rs`.

mod api;
mod corpus;
mod gnustep;
mod rules;
mod typed;
