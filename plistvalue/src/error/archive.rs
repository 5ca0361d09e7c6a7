//! What can be wrong with an NSKeyedArchiver archive, or with a tree `archive` is
//! given. The kinds are those of `docs/ARCHIVE.md`'s "Errors", so a test can set an
//! error beside the reference implementation's.

use std::fmt;

/// An archive error, carried by [`ErrorKind::Archive`](super::ErrorKind::Archive): its
/// kind, the `$objects` index being resolved (when one is), and what was found. The
/// tree path is the [`Error`](super::Error)'s own.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArchiveError {
    /// Which rule the input breaks.
    pub kind: ArchiveErrorKind,
    /// The `$objects` index of the object being resolved, if any.
    pub object: Option<u64>,
    /// What was found, in words.
    pub detail: String,
}

/// What an archive breaks, or why a tree cannot be archived (`docs/ARCHIVE.md`,
/// "Errors").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ArchiveErrorKind {
    /// The top level is not an archive: not a dictionary, or a wrong `$archiver`,
    /// `$version`, `$top` or `$objects`.
    Header,
    /// A UID at or beyond the end of `$objects`.
    Reference,
    /// A referenced entry that is not an object a tree can hold.
    Object,
    /// A `$class` that is not a class dictionary with a string `$classname`.
    Class,
    /// A key the tree reserves (`$classes`, `$classhints`, `$inline`,
    /// `$inlineElements`) in an object, or `$class` in `$top`.
    Reserved,
    /// A dictionary stored inline, or a container inside an inline array.
    Inline,
    /// The tree would nest deeper than 512 containers.
    Depth,
    /// The tree would hold more values or bytes than the input's budgets.
    Budget,
    /// `archive` refuses the tree (`docs/ARCHIVE.md`, "What `archive` refuses").
    Refused,
}

impl ArchiveErrorKind {
    /// The reference implementation's word for the kind (`unarchive.py`'s `error`).
    pub fn name(self) -> &'static str {
        match self {
            ArchiveErrorKind::Header => "header",
            ArchiveErrorKind::Reference => "reference",
            ArchiveErrorKind::Object => "object",
            ArchiveErrorKind::Class => "class",
            ArchiveErrorKind::Reserved => "reserved",
            ArchiveErrorKind::Inline => "inline",
            ArchiveErrorKind::Depth => "depth",
            ArchiveErrorKind::Budget => "budget",
            ArchiveErrorKind::Refused => "archive",
        }
    }
}

impl fmt::Display for ArchiveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "archive {} error: {}", self.kind.name(), self.detail)?;
        if let Some(i) = self.object {
            write!(f, " (resolving $objects[{i}])")?;
        }
        Ok(())
    }
}

impl std::error::Error for ArchiveError {}
