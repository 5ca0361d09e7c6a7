//! Every attribute name the derive understands, as a constant, so that parsing
//! compares identifiers instead of spelling strings at each use.

use std::fmt::{self, Display};

use syn::{Ident, Path};

#[derive(Copy, Clone)]
pub struct Symbol(&'static str);

pub const PLIST: Symbol = Symbol("plist");

// Container.
pub const BOUND: Symbol = Symbol("bound");
pub const CRATE: Symbol = Symbol("crate");
pub const DENY_UNKNOWN_FIELDS: Symbol = Symbol("deny_unknown_fields");
pub const RENAME_ALL: Symbol = Symbol("rename_all");
pub const TAG: Symbol = Symbol("tag");
pub const TRANSPARENT: Symbol = Symbol("transparent");
pub const UNTAGGED: Symbol = Symbol("untagged");

// Inside `bound(...)`.
pub const TO_PLIST: Symbol = Symbol("to_plist");
pub const FROM_PLIST: Symbol = Symbol("from_plist");

// Container and field.
pub const DEFAULT: Symbol = Symbol("default");

// Field and variant.
pub const ALIAS: Symbol = Symbol("alias");
pub const RENAME: Symbol = Symbol("rename");

// Field.
pub const FLATTEN: Symbol = Symbol("flatten");
pub const SERDE: Symbol = Symbol("serde");
pub const SKIP: Symbol = Symbol("skip");
pub const SKIP_SERIALIZING_IF: Symbol = Symbol("skip_serializing_if");
pub const WITH: Symbol = Symbol("with");

// Variant.
pub const OTHER: Symbol = Symbol("other");

impl PartialEq<Symbol> for Ident {
    fn eq(&self, word: &Symbol) -> bool {
        self == word.0
    }
}

impl PartialEq<Symbol> for Path {
    fn eq(&self, word: &Symbol) -> bool {
        self.is_ident(word.0)
    }
}

impl Display for Symbol {
    fn fmt(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str(self.0)
    }
}
