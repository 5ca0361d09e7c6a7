//! Every attribute name the derive understands, as a constant, so that parsing
//! compares identifiers instead of spelling strings at each use.

use std::fmt::{self, Display};

use syn::{Ident, Path};

#[derive(Copy, Clone)]
pub struct Symbol(&'static str);

pub(crate) const PLIST: Symbol = Symbol("plist");

// Container.
pub(crate) const BOUND: Symbol = Symbol("bound");
pub(crate) const CRATE: Symbol = Symbol("crate");
pub(crate) const DENY_UNKNOWN_FIELDS: Symbol = Symbol("deny_unknown_fields");
pub(crate) const RENAME_ALL: Symbol = Symbol("rename_all");
pub(crate) const TAG: Symbol = Symbol("tag");
pub(crate) const TRANSPARENT: Symbol = Symbol("transparent");
pub(crate) const UNTAGGED: Symbol = Symbol("untagged");

// Inside `bound(...)`.
pub(crate) const TO_PLIST: Symbol = Symbol("to_plist");
pub(crate) const FROM_PLIST: Symbol = Symbol("from_plist");

// Container and field.
pub(crate) const DEFAULT: Symbol = Symbol("default");

// Field and variant.
pub(crate) const ALIAS: Symbol = Symbol("alias");
pub(crate) const RENAME: Symbol = Symbol("rename");

// Field.
pub(crate) const FLATTEN: Symbol = Symbol("flatten");
pub(crate) const SERDE: Symbol = Symbol("serde");
pub(crate) const SKIP: Symbol = Symbol("skip");
pub(crate) const SKIP_SERIALIZING_IF: Symbol = Symbol("skip_serializing_if");
pub(crate) const WITH: Symbol = Symbol("with");

// Variant.
pub(crate) const OTHER: Symbol = Symbol("other");

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
