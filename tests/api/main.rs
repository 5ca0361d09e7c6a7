//! The everyday API: the traps a `serde_json` user falls into, printing,
//! pointers into trees and lazy documents, conversions, and the dictionary's
//! methods. One module per concern.

mod array;
mod conversions;
mod dictionary;
mod key_index;
mod migration;
mod paths;
mod printing;
mod traps;
