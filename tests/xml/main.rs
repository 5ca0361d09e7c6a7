//! XML property lists. `rules` checks the reader against CF's rules (and
//! CF's parser model), `corpus` reads every corpus file, `differential` sends random
//! trees through every other reader and writer, `api` the entry points and errors.
//! The hostile XML list is in `tests/hostile/xml.rs`.

mod api;
mod boundary;
mod corpus;
mod differential;
mod expect;
mod oracle;
mod rules;
