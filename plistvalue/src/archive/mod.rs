//! NSKeyedArchiver archives: [`unarchive`] resolves `$objects` and `$top` into a plain
//! tree, [`archive`] writes a tree as Foundation's `NSKeyedArchiver` does, and
//! [`from_slice`] and [`Archive`] decode the resolved tree into `#[derive(FromPlist)]`
//! types or read it lazily. `docs/ARCHIVE.md` is the tree: what each class becomes,
//! and the recipes for the classes it has no plain value for.
//!
//! The input is hostile: the resolver keeps its own stack (no recursion the input
//! controls), charges every value it produces, copies of shared objects included, to
//! the budgets of `Limits::default()` (2 values and 8 bytes per input byte, plus
//! floors), and stops at 512 levels. A reference back to an object being resolved
//! (a cycle, which real Xcode state files hold) becomes the marker `Uid(k)`, the
//! container k levels up, and [`archive`] turns it back into the reference.
//! [`Archive`] and [`from_slice`] resolve into the writer's object table instead, where
//! an object whose subtree holds no marker is written once and referenced wherever
//! it recurs: a DAG costs what the file holds, and the reader's budgets bound what
//! a decode of it expands to.
//!
//! ```
//! use plistvalue::{archive, plist};
//!
//! let tree = plist!({ "title": "Groceries", "items": ["milk", "eggs"] });
//! let bytes = archive::archive(&tree)?;
//! assert_eq!(archive::unarchive(&bytes)?, tree);
//!
//! #[derive(plistvalue::FromPlist, Debug, PartialEq)]
//! struct Note {
//!     title: String,
//!     items: Vec<String>,
//! }
//! let note: Note = archive::from_slice(&bytes)?;
//! assert_eq!(note.items, ["milk", "eggs"]);
//!
//! // Any other class is a dictionary with `$class`: an NSMutableSet, written as
//! // Foundation writes one, reads back as its members.
//! let set = plist!({
//!     "$class": "NSMutableSet", "$classes": ["NSMutableSet", "NSSet", "NSObject"],
//!     "$inline": ["NS.objects"], "NS.objects": [1, 2],
//! });
//! assert_eq!(archive::unarchive(&archive::archive(&set)?)?, plist!([1, 2]));
//! # Ok::<(), plistvalue::Error>(())
//! ```

mod build;
mod resolve;
mod write;

use crate::convert::{self, FromPlist, FromPlistOwned, ToPlist};
use crate::error::{ArchiveErrorKind, Error};
use crate::format;
use crate::reader::{Document, Limits};
use crate::value::{Dictionary, PlistValue};
use crate::writer::Buffers;

use build::{Table, Tree};
use resolve::{fail, Resolver};

/// The archiver names `$archiver` may hold: Foundation's, and the iOS
/// `NanoRegistry` subclass's.
const ARCHIVERS: [&str; 2] = ["NSKeyedArchiver", "NRKeyedArchiver"];
/// `$version`, always this integer.
const VERSION: u64 = 100_000;

/// The resolved object graph of an archive's `$top` (docs/ARCHIVE.md): its `root`
/// object, or `{"$top": {…}}` when `$top` holds anything else. Binary and XML
/// archives (`CF$UID` dictionaries are UIDs) are read.
///
/// # Errors
/// When the input is not a property list, not an archive (its header), or has a
/// reference, object or class that cannot be resolved, or goes past the depth limit
/// or the budgets; an [`ErrorKind::Archive`](crate::ErrorKind::Archive)
/// names the kind and the `$objects` index, and the error's path is the place in
/// the tree.
pub fn unarchive(bytes: &[u8]) -> Result<PlistValue, Error> {
    let plist = load(bytes)?;
    let (top, objects) = parts(&plist)?;
    Resolver::new(objects, bytes.len(), Tree).top(top)
}

/// An archive's `$top` and `$objects`, once its header is checked.
fn parts(plist: &PlistValue) -> Result<(&Dictionary, &[PlistValue]), Error> {
    let header = |detail: &str| fail(ArchiveErrorKind::Header, None, detail.to_owned());
    let Some(d) = plist.as_dictionary() else {
        return Err(header("the property list is not a dictionary"));
    };
    match d.get("$archiver") {
        Some(PlistValue::String(s)) if ARCHIVERS.contains(&s.as_str()) => {}
        _ => return Err(header("$archiver is missing or not NSKeyedArchiver")),
    }
    match d.get("$version") {
        Some(PlistValue::Integer(v)) if v.as_u64() == Some(VERSION) => {}
        _ => return Err(header("$version is missing or not the integer 100000")),
    }
    let Some(PlistValue::Dictionary(top)) = d.get("$top") else {
        return Err(header("$top is missing or not a dictionary"));
    };
    let Some(PlistValue::Array(objects)) = d.get("$objects") else {
        return Err(header("$objects is missing or not an array"));
    };
    Ok((top, objects))
}

/// An archive of `tree`, written as Foundation's `NSKeyedArchiver` writes one
/// (docs/ARCHIVE.md): a binary plist whose `$objects[0]` is `$null`, whose class
/// dictionaries and equal raw values are shared, and whose objects are numbered in
/// Foundation's order. `unarchive(&archive(v)?)? == v` for every tree [`unarchive`]
/// returns.
///
/// # Errors
/// When the tree is one it refuses (a marker that names no enclosing object, a plain
/// dictionary with a `$` key, a referenced `"$null"`, a malformed generic form),
/// with [`ArchiveErrorKind::Refused`].
pub fn archive(tree: &PlistValue) -> Result<Vec<u8>, Error> {
    let plist = write::Archiver::archive(tree)?;
    encode(&plist)
}

/// Decodes the resolved tree of an archive into `T`, as a `#[derive(FromPlist)]` type
/// decodes a plain property list. Archived dates, strings and data are plain values
/// in the tree, so `NSDate`, `NSMutableString` and `NSMutableData` fields decode as
/// `Date`, `String` and `Vec<u8>`; other classes are dictionaries with `$class`.
///
/// # Errors
/// As [`unarchive`], and when the tree does not match `T`.
pub fn from_slice<T: FromPlistOwned>(bytes: &[u8]) -> Result<T, Error> {
    Archive::from_slice(bytes)?.decode()
}

/// An archive resolved once into the writer's object table, each object without a
/// cycle marker inside written once however often it is referenced, and held as
/// binary bytes:
/// read it lazily through [`Archive::document`], decode it into any type with
/// [`Archive::decode`], or take the tree with [`Archive::to_value`]. Each reads the
/// same resolution, so they agree with [`unarchive`].
///
/// ```
/// use plistvalue::{archive::{self, Archive}, plist};
///
/// let bytes = archive::archive(&plist!({ "name": "Ada", "tags": ["x", "y"] }))?;
/// let archive = Archive::from_slice(&bytes)?;
/// let doc = archive.document()?;
/// let tags = doc.root()?.get("tags")?.unwrap();
/// assert_eq!(tags.len(), 2);
/// let name: String = doc.root()?.get("name")?.unwrap().decode()?;
/// assert_eq!(name, "Ada");
/// # Ok::<(), plistvalue::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct Archive {
    tree: Vec<u8>,
    limits: Limits,
}

impl Archive {
    /// Resolves an archive, binary or XML.
    ///
    /// # Errors
    /// As [`unarchive`], except that the budgets charge a shared object once, not at
    /// every reference: expanding it is left to the decode, within its `Limits`.
    pub fn from_slice(bytes: &[u8]) -> Result<Archive, Error> {
        let plist = load(bytes)?;
        let (top, objects) = parts(&plist)?;
        let mut tree = Vec::new();
        Buffers::default().write_into(
            |enc| Resolver::new(objects, bytes.len(), Table(enc)).top(top),
            &mut tree,
        )?;
        let limits = budgets(bytes.len(), tree.len());
        Ok(Archive { tree, limits })
    }

    /// A lazy view of the resolved tree.
    ///
    /// # Errors
    /// Never for an archive this type resolved; the reader's checks still run.
    pub fn document(&self) -> Result<Document<'_>, Error> {
        Document::with_limits(&self.tree, self.limits)
    }

    /// The resolved tree decoded into `T`, within `Limits::default()`'s budgets for
    /// the archive's length.
    ///
    /// # Errors
    /// When the tree does not match `T`, naming the key path.
    pub fn decode<'a, T: FromPlist<'a>>(&'a self) -> Result<T, Error> {
        convert::decode_document(&self.tree, self.limits)
    }

    /// The resolved tree, as [`unarchive`] gives it.
    ///
    /// # Errors
    /// As [`Archive::decode`].
    pub fn to_value(&self) -> Result<PlistValue, Error> {
        self.decode()
    }

    /// The resolved tree as a binary property list.
    pub fn as_bytes(&self) -> &[u8] {
        &self.tree
    }
}

/// `Limits::default()` with the budgets `unarchive` has for this archive,
/// rather than those of the resolved bytes: these reference a shared object once, so
/// they can be far shorter than the tree they stand for. The reader charges a
/// container once more for itself, so its node budget is twice `unarchive`'s.
fn budgets(input_len: usize, resolved_len: usize) -> Limits {
    let d = Limits::default();
    let resolved = resolved_len.max(1) as u64;
    let per = |budget: u64, factor: u64| budget.div_ceil(resolved).max(factor);
    let heap = d.heap_factor.saturating_mul(input_len as u64);
    d.nodes_per_input_byte(per(2 * resolve::node_budget(input_len), d.node_factor))
        .bytes_per_input_byte(per(resolve::byte_budget(input_len), d.byte_factor))
        .heap_per_input_byte(per(heap, d.heap_factor))
}

/// The input's property list: binary, or XML when the feature is on.
fn load(bytes: &[u8]) -> Result<PlistValue, Error> {
    if format::is_binary(bytes) {
        return convert::decode_document(bytes, Limits::default());
    }
    #[cfg(feature = "xml")]
    return crate::xml::decode_archive(bytes);
    #[cfg(not(feature = "xml"))]
    Err(crate::error::XmlError::Disabled.into())
}

/// A tree through the object table into binary bytes.
fn encode(tree: &PlistValue) -> Result<Vec<u8>, Error> {
    let mut out = Vec::new();
    Buffers::default().write_into(|enc| tree.to_plist(enc), &mut out)?;
    Ok(out)
}
