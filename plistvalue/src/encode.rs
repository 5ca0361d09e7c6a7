//! The encoding entry points: a value to the bytes of a property list. They sit at
//! the top of the crate: `ToPlist` (from `convert`) fills the writer's object table,
//! and the writer's binary emitter, or the XML format's, turns it into bytes.

use std::io::Write;
use std::path::Path;

use crate::convert::ToPlist;
use crate::error::Error;
#[cfg(feature = "openstep")]
use crate::openstep::OpenStepStyle;
use crate::writer::{Buffers, Encoder, ObjRef};

/// Encodes a value as a binary plist.
///
/// ```
/// let bytes = plistvalue::to_vec(&vec!["a", "b"]).unwrap();
/// assert!(bytes.starts_with(b"bplist00"));
/// ```
///
/// # Errors
/// When the value's own `ToPlist` fails (an `i128` outside the plist range, say) or
/// the document would hold more objects than a file can address.
pub fn to_vec<T: ToPlist + ?Sized>(value: &T) -> Result<Vec<u8>, Error> {
    let mut out = Vec::new();
    Writer::new().write_into(value, &mut out)?;
    Ok(out)
}

/// Encodes a value into an `io::Write`, in 64 KiB chunks.
///
/// ```
/// let mut file = Vec::new(); // or a `std::fs::File`
/// plistvalue::to_writer(&mut file, &[1u8, 2, 3]).unwrap();
/// assert_eq!(file, plistvalue::to_vec(&[1u8, 2, 3]).unwrap());
/// ```
///
/// # Errors
/// As [`to_vec`], and any error of the writer.
pub fn to_writer<W: Write, T: ToPlist + ?Sized>(writer: W, value: &T) -> Result<(), Error> {
    Writer::new().to_writer(writer, value)
}

/// Writes a value as a binary plist to the file at `path`, creating or truncating it.
///
/// ```no_run
/// plistvalue::to_file("settings.plist", &plistvalue::plist!({ "dark": true }))?;
/// # Ok::<(), plistvalue::Error>(())
/// ```
///
/// # Errors
/// As [`to_writer`], and any error creating the file.
pub fn to_file<P: AsRef<Path>, T: ToPlist + ?Sized>(path: P, value: &T) -> Result<(), Error> {
    to_writer(std::fs::File::create(path)?, value)
}

/// A reusable encoder. Its object table, interner and buffers keep their capacity
/// between documents, which saves growing them (and faulting in their pages) again.
///
/// ```
/// let mut w = plistvalue::Writer::new();
/// let first = w.to_vec(&[1u8, 2, 3]).unwrap();
/// let again = w.to_vec(&[1u8, 2, 3]).unwrap();
/// assert_eq!(first, again);
/// ```
#[derive(Default)]
pub struct Writer {
    buffers: Buffers,
    sort_keys: bool,
}

impl Writer {
    /// A writer with empty buffers; they grow to fit the first document.
    pub fn new() -> Writer {
        Writer::default()
    }

    /// Writes every dictionary's entries with their keys sorted, in the order
    /// CoreFoundation's XML writer uses (UTF-16 code units), instead of the order the
    /// value gives them. Off by default; on, every reader lists a dictionary's
    /// entries in that order, so dumps of the file diff well.
    ///
    /// ```
    /// use plistvalue::{plist, PlistValue, Writer};
    /// let bytes = Writer::new().sort_keys(true).to_vec(&plist!({ "b": 1, "a": 2 })).unwrap();
    /// let back: PlistValue = plistvalue::from_slice(&bytes).unwrap();
    /// let keys: Vec<_> = back.as_dictionary().unwrap().keys().collect();
    /// assert_eq!(keys, ["a", "b"]);
    /// ```
    #[must_use]
    pub fn sort_keys(mut self, sorted: bool) -> Writer {
        self.sort_keys = sorted;
        self
    }

    /// Encodes `value` into a new `Vec`, as [`to_vec`] does.
    ///
    /// # Errors
    /// As [`to_vec`].
    pub fn to_vec<T: ToPlist + ?Sized>(&mut self, value: &T) -> Result<Vec<u8>, Error> {
        let mut out = Vec::new();
        self.write_into(value, &mut out)?;
        Ok(out)
    }

    /// Appends the encoding of `value` to `out`.
    ///
    /// # Errors
    /// As [`to_vec`].
    pub fn write_into<T: ToPlist + ?Sized>(
        &mut self,
        value: &T,
        out: &mut Vec<u8>,
    ) -> Result<(), Error> {
        let sorted = self.sort_keys;
        self.buffers
            .write_into(|enc| fill_sorted(value, sorted, enc), out)
    }

    /// Encodes `value` into an `io::Write`, as [`to_writer`] does.
    ///
    /// # Errors
    /// As [`to_writer`].
    pub fn to_writer<W: Write, T: ToPlist + ?Sized>(
        &mut self,
        writer: W,
        value: &T,
    ) -> Result<(), Error> {
        let sorted = self.sort_keys;
        self.buffers
            .write_to(|enc| fill_sorted(value, sorted, enc), writer)
    }
}

/// Fills the table with `value`, then sorts its dictionaries' keys if `sorted`.
fn fill_sorted<'a, T: ToPlist + ?Sized>(
    value: &'a T,
    sorted: bool,
    enc: &mut Encoder<'a>,
) -> Result<ObjRef, Error> {
    let root = value.to_plist(enc)?;
    if sorted {
        enc.sort_keys();
    }
    Ok(root)
}

/// Encodes a value as an XML plist, byte for byte as CoreFoundation writes it, with
/// dictionary keys sorted as CF sorts them.
///
/// ```
/// let xml = plistvalue::to_vec_xml(&plistvalue::plist!({ "b": true, "a": 1 }))?;
/// assert!(xml.ends_with(b"<dict>\n\t<key>a</key>\n\t<integer>1</integer>\n\t<key>b</key>\n\t<true/>\n</dict>\n</plist>\n"));
/// # Ok::<(), plistvalue::Error>(())
/// ```
///
/// # Errors
/// When the value's own `ToPlist` fails, or it holds what XML cannot: a null, a date
/// CF's writer prints no text for, a container referenced more than CF's writer
/// allows (an [`XmlError`](crate::XmlError)).
#[cfg(feature = "xml")]
#[cfg_attr(docsrs, doc(cfg(feature = "xml")))]
pub fn to_vec_xml<T: ToPlist + ?Sized>(value: &T) -> Result<Vec<u8>, Error> {
    XmlWriter::new().to_vec(value)
}

/// Encodes a value as an XML plist into an `io::Write`, in 64 KiB chunks.
///
/// # Errors
/// As [`to_vec_xml`], and any error of the writer.
#[cfg(feature = "xml")]
#[cfg_attr(docsrs, doc(cfg(feature = "xml")))]
pub fn to_writer_xml<W: Write, T: ToPlist + ?Sized>(writer: W, value: &T) -> Result<(), Error> {
    XmlWriter::new().to_writer(writer, value)
}

/// Writes a value as an XML plist to the file at `path`, creating or truncating it.
///
/// # Errors
/// As [`to_vec_xml`], and any error creating or writing the file.
#[cfg(feature = "xml")]
#[cfg_attr(docsrs, doc(cfg(feature = "xml")))]
pub fn to_file_xml<P: AsRef<Path>, T: ToPlist + ?Sized>(path: P, value: &T) -> Result<(), Error> {
    XmlWriter::new().to_writer(std::fs::File::create(path)?, value)
}

/// The XML writer with its one option: the order of dictionary keys.
///
/// Keys are **sorted by default**, as CoreFoundation sorts them (by UTF-16 code
/// units; every CF-written file of the corpus has them so), which makes
/// the output byte-identical to what macOS writes and independent of how a
/// dictionary was built. [`XmlWriter::sort_keys`]`(false)` keeps the order the value
/// gives instead, as the plist crate and libplist write.
///
/// ```
/// use plistvalue::{plist, XmlWriter};
/// let doc = plist!({ "b": 1, "a": 2 });
/// let xml = XmlWriter::new().sort_keys(false).to_vec(&doc)?;
/// let text = String::from_utf8(xml).unwrap();
/// assert!(text.find("<key>b</key>") < text.find("<key>a</key>"));
/// # Ok::<(), plistvalue::Error>(())
/// ```
#[cfg(feature = "xml")]
#[cfg_attr(docsrs, doc(cfg(feature = "xml")))]
#[derive(Debug, Clone, Copy)]
pub struct XmlWriter {
    sort_keys: bool,
}

#[cfg(feature = "xml")]
impl Default for XmlWriter {
    fn default() -> XmlWriter {
        XmlWriter { sort_keys: true }
    }
}

#[cfg(feature = "xml")]
impl XmlWriter {
    /// A writer that sorts keys as CoreFoundation does.
    pub fn new() -> XmlWriter {
        XmlWriter::default()
    }

    /// Sorted keys (`true`, the default) or the value's own order (`false`).
    #[must_use]
    pub fn sort_keys(mut self, sorted: bool) -> XmlWriter {
        self.sort_keys = sorted;
        self
    }

    /// Encodes `value` into a new `Vec`, as [`to_vec_xml`] does.
    ///
    /// # Errors
    /// As [`to_vec_xml`].
    pub fn to_vec<T: ToPlist + ?Sized>(&self, value: &T) -> Result<Vec<u8>, Error> {
        let mut out = Vec::new();
        self.write_into(value, &mut out)?;
        Ok(out)
    }

    /// Appends the encoding of `value` to `out`.
    ///
    /// ```
    /// let mut out = b"<!-- kept -->".to_vec();
    /// plistvalue::XmlWriter::new().write_into(&true, &mut out)?;
    /// assert!(out.starts_with(b"<!-- kept --><?xml"));
    /// assert!(out.ends_with(b"<true/>\n</plist>\n"));
    /// # Ok::<(), plistvalue::Error>(())
    /// ```
    ///
    /// # Errors
    /// As [`to_vec_xml`].
    pub fn write_into<T: ToPlist + ?Sized>(
        &self,
        value: &T,
        out: &mut Vec<u8>,
    ) -> Result<(), Error> {
        crate::xml::write_into(|enc| value.to_plist(enc), self.sort_keys, out)
    }

    /// Writes into an `io::Write`, in 64 KiB chunks. On an error, what was written
    /// before it stays written.
    ///
    /// # Errors
    /// As [`to_vec_xml`], and any error of the writer.
    pub fn to_writer<W: Write, T: ToPlist + ?Sized>(
        &self,
        writer: W,
        value: &T,
    ) -> Result<(), Error> {
        crate::xml::write_to(|enc| value.to_plist(enc), self.sort_keys, writer)
    }
}

/// Encodes a value as an OpenStep ("old-style ASCII") plist, the text format of
/// Xcode's `project.pbxproj`, `.strings` files, GNUstep and Glyphs: an Xcode project
/// (a dictionary with `archiveVersion`, `objectVersion`, `objects` and `rootObject`)
/// in Xcode's own layout, byte for byte; any other value in the plain layout, with
/// dictionary keys in the value's order. [`OpenStepWriter`] has the options: the
/// project's name, sorted keys, `.strings` output.
///
/// The format has strings, data, arrays and dictionaries only: integers, reals and
/// booleans are written as the text a typed read takes back (`42`, `-1.5`, `YES`),
/// dates as their RFC 3339 text.
///
/// ```
/// use plistvalue::plist;
/// let text = plistvalue::to_vec_openstep(&plist!({
///     "name": "Ada", "tags": ["a b", "c"], "version": 2, "beta": true,
/// }))?;
/// assert_eq!(
///     String::from_utf8(text).unwrap(),
///     "{\n\tname = Ada;\n\ttags = (\n\t\t\"a b\",\n\t\tc,\n\t);\n\tversion = 2;\n\tbeta = YES;\n}\n"
/// );
/// # Ok::<(), plistvalue::Error>(())
/// ```
///
/// # Errors
/// When the value's own `ToPlist` fails, or it holds what the format cannot: a
/// null, a UID, a real that is NaN or infinite (an
/// [`OpenStepError`](crate::OpenStepError), with the key path), a container nested
/// deeper than the reader reads or referenced more often than the XML writer allows.
#[cfg(feature = "openstep")]
#[cfg_attr(docsrs, doc(cfg(feature = "openstep")))]
pub fn to_vec_openstep<T: ToPlist + ?Sized>(value: &T) -> Result<Vec<u8>, Error> {
    OpenStepWriter::new().to_vec(value)
}

/// Encodes a value as an OpenStep plist into an `io::Write`, in 64 KiB chunks.
///
/// # Errors
/// As [`to_vec_openstep`], and any error of the writer.
#[cfg(feature = "openstep")]
#[cfg_attr(docsrs, doc(cfg(feature = "openstep")))]
pub fn to_writer_openstep<W: Write, T: ToPlist + ?Sized>(
    writer: W,
    value: &T,
) -> Result<(), Error> {
    OpenStepWriter::new().to_writer(writer, value)
}

/// Writes a value as an OpenStep plist to the file at `path`, creating or
/// truncating it. An Xcode project written to `NAME.xcodeproj/project.pbxproj`
/// takes its name from that folder, as Xcode does.
///
/// ```no_run
/// let path = "App.xcodeproj/project.pbxproj";
/// let mut project: plistvalue::PlistValue = plistvalue::from_file(path)?;
/// // ... edit a build setting ...
/// plistvalue::to_file_openstep(path, &project)?; // the bytes Xcode would write
/// # Ok::<(), plistvalue::Error>(())
/// ```
///
/// # Errors
/// As [`to_vec_openstep`], and any error creating or writing the file.
#[cfg(feature = "openstep")]
#[cfg_attr(docsrs, doc(cfg(feature = "openstep")))]
pub fn to_file_openstep<P: AsRef<Path>, T: ToPlist + ?Sized>(
    path: P,
    value: &T,
) -> Result<(), Error> {
    OpenStepWriter::new().to_file(path, value)
}

/// The OpenStep writer with its options: the layout, the order of keys, and the
/// name of an Xcode project.
///
/// Three layouts ([`OpenStepStyle`]):
/// - **Xcode's**, for a project tree (the default picks it by the root's keys):
///   Xcode's key order, its `/* Begin PBXBuildFile section */` frames, one-line
///   build files and file references, its quoting, and the `/* name */` annotation
///   after every object ID, which Xcode derives from the objects. A project tree
///   read from an Xcode-written file is written back byte for byte, so an edit
///   changes only the lines it touches. One annotation names the project itself,
///   whose name is not in the file but is the `.xcodeproj` folder's: give it with
///   [`OpenStepWriter::project_name`] (or [`OpenStepWriter::project_name_from_text`]),
///   or write with [`OpenStepWriter::to_file`], which takes it from the folder.
///   Without a name that annotation says `(null)`.
/// - **Plain**, for any other tree: a tab per level, `key = value;`, a `,` after
///   every array item, `{}` and `()` when empty, strings bare where Xcode leaves
///   them bare and quoted with C escapes otherwise, data as `<0fbd1234 5678>`.
///   Keys keep the value's order (a Glyphs or GNUstep file read and written back
///   keeps its order) unless [`OpenStepWriter::sort_keys`] asks for
///   CoreFoundation's.
/// - **`.strings`**: `"key" = "value";` lines, every string quoted; the root must
///   be a dictionary. UTF-8, as Xcode 15 and later write them.
///
/// ```
/// use plistvalue::{plist, OpenStepStyle, OpenStepWriter};
/// let strings = OpenStepWriter::new()
///     .style(OpenStepStyle::Strings)
///     .to_vec(&plist!({ "greeting": "Hello, \"world\"", "bye": "Tschüss" }))?;
/// assert_eq!(strings, "\"greeting\" = \"Hello, \\\"world\\\"\";\n\"bye\" = \"Tschüss\";\n".as_bytes());
/// # Ok::<(), plistvalue::Error>(())
/// ```
#[cfg(feature = "openstep")]
#[cfg_attr(docsrs, doc(cfg(feature = "openstep")))]
#[derive(Debug, Clone, Default)]
pub struct OpenStepWriter {
    style: OpenStepStyle,
    sort_keys: bool,
    project_name: Option<String>,
}

#[cfg(feature = "openstep")]
impl OpenStepWriter {
    /// A writer in the [`OpenStepStyle::Auto`] layout, keys in the value's order.
    pub fn new() -> OpenStepWriter {
        OpenStepWriter::default()
    }

    /// The layout: Xcode's for a project and the plain one otherwise (the default),
    /// always the plain one, or `.strings`.
    #[must_use]
    pub fn style(mut self, style: OpenStepStyle) -> OpenStepWriter {
        self.style = style;
        self
    }

    /// In the plain and `.strings` layouts, every dictionary's keys in
    /// CoreFoundation's order (as [`XmlWriter`] writes them) instead of the value's.
    /// An Xcode project keeps Xcode's order either way.
    #[must_use]
    pub fn sort_keys(mut self, sorted: bool) -> OpenStepWriter {
        self.sort_keys = sorted;
        self
    }

    /// The name of the Xcode project, without `.xcodeproj`: Xcode writes it in the
    /// annotation of the project's build configuration list (and, from
    /// `objectVersion` 90, of its configurations).
    #[must_use]
    pub fn project_name(mut self, name: impl Into<String>) -> OpenStepWriter {
        self.project_name = Some(name.into());
        self
    }

    /// The project's name as the file being rewritten, `original`, states it in
    /// its annotations (`Build configuration list for PBXProject "NAME"`), so that
    /// a rewrite keeps it; no change when it has none.
    ///
    /// ```no_run
    /// let original = std::fs::read("project.pbxproj")?;
    /// let mut project: plistvalue::PlistValue = plistvalue::from_bytes(&original)?;
    /// // ... edit ...
    /// let text = plistvalue::OpenStepWriter::new()
    ///     .project_name_from_text(&original)
    ///     .to_vec(&project)?;
    /// std::fs::write("project.pbxproj", text)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn project_name_from_text(mut self, original: &[u8]) -> OpenStepWriter {
        if let Some(name) = crate::openstep::project_name_in(original) {
            self.project_name = Some(name);
        }
        self
    }

    /// Encodes `value` into a new `Vec`, as [`to_vec_openstep`] does.
    ///
    /// # Errors
    /// As [`to_vec_openstep`].
    pub fn to_vec<T: ToPlist + ?Sized>(&self, value: &T) -> Result<Vec<u8>, Error> {
        let mut out = Vec::new();
        self.write_into(value, &mut out)?;
        Ok(out)
    }

    /// Appends the encoding of `value` to `out`.
    ///
    /// # Errors
    /// As [`to_vec_openstep`].
    pub fn write_into<T: ToPlist + ?Sized>(
        &self,
        value: &T,
        out: &mut Vec<u8>,
    ) -> Result<(), Error> {
        crate::openstep::write_into(|enc| value.to_plist(enc), self.options(None), out)
    }

    /// Writes into an `io::Write`, in 64 KiB chunks. On an error, what was written
    /// before it stays written.
    ///
    /// # Errors
    /// As [`to_vec_openstep`], and any error of the writer.
    pub fn to_writer<W: Write, T: ToPlist + ?Sized>(
        &self,
        writer: W,
        value: &T,
    ) -> Result<(), Error> {
        crate::openstep::write_to(|enc| value.to_plist(enc), self.options(None), writer)
    }

    /// Writes to the file at `path`, creating or truncating it. Without a project
    /// name set, a file in a folder `NAME.xcodeproj` takes `NAME`.
    ///
    /// # Errors
    /// As [`to_vec_openstep`], and any error creating or writing the file.
    pub fn to_file<P: AsRef<Path>, T: ToPlist + ?Sized>(
        &self,
        path: P,
        value: &T,
    ) -> Result<(), Error> {
        let path = path.as_ref();
        let file = std::fs::File::create(path)?;
        crate::openstep::write_to(|enc| value.to_plist(enc), self.options(Some(path)), file)
    }

    /// The options of a write, the project's name taken from `path`'s folder when
    /// none is set.
    fn options<'o>(&'o self, path: Option<&'o Path>) -> crate::openstep::Options<'o> {
        crate::openstep::Options {
            style: self.style,
            sort_keys: self.sort_keys,
            project_name: self
                .project_name
                .as_deref()
                .or_else(|| path.and_then(crate::openstep::project_name_of_path)),
        }
    }
}
