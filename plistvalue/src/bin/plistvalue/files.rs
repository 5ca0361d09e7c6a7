//! Reading a FILE (or stdin) and telling its format from its content; writing a
//! result where CLI.md's "Where results go" says, as its "Writing files" says.

use std::fs::{self, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use plistvalue::{OpenStepStyle, OpenStepWriter, PlistValue};

use crate::args::{Fmt, Options};
use crate::{json, lint, tree};

/// The formats a FILE can be in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Source {
    Binary,
    Xml,
    OpenStep,
    Json,
}

/// A FILE's bytes and the name messages use for it.
pub(crate) struct Input {
    /// The FILE as given, or `<stdin>`.
    pub name: String,
    /// The path, `None` for stdin.
    pub path: Option<PathBuf>,
    pub bytes: Vec<u8>,
}

/// A failure of one FILE: the whole line, which names what failed.
pub(crate) struct Failure(pub String);

/// Reads a FILE, `-` being stdin.
pub(crate) fn read(file: &str) -> Result<Input, Failure> {
    if file == "-" {
        let mut bytes = Vec::new();
        io::stdin().lock().read_to_end(&mut bytes).map_err(|e| {
            Failure(format!(
                "<stdin>: file does not exist or is not readable or is not a regular file ({e})"
            ))
        })?;
        return Ok(Input {
            name: "<stdin>".to_owned(),
            path: None,
            bytes,
        });
    }
    let bytes = fs::read(file).map_err(|e| {
        Failure(format!(
            "{file}: file does not exist or is not readable or is not a regular file ({e})"
        ))
    })?;
    Ok(Input {
        name: file.to_owned(),
        path: Some(PathBuf::from(file)),
        bytes,
    })
}

impl Input {
    /// The format, from the first bytes: `bplist00`, then XML or OpenStep as the
    /// library detects them, then JSON (`{` or `[` that is no property list's
    /// start). `{}` is JSON, as it was before OpenStep was read: it is the same
    /// empty dictionary either way, and an edit must write it back as JSON. Text
    /// of no format is read as OpenStep, whose reader says where it goes wrong.
    pub(crate) fn source(&self) -> Result<Source, Failure> {
        let b = &self.bytes;
        if b.starts_with(b"bplist") {
            return if b.starts_with(b"bplist00") {
                Ok(Source::Binary)
            } else {
                // The library's error names the version it does not read.
                Err(self.fail(plistvalue::Document::from_slice(b).err()))
            };
        }
        let text = b.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(b);
        let first = text.iter().find(|c| !c.is_ascii_whitespace());
        let empty_object = text
            .trim_ascii()
            .strip_prefix(b"{")
            .and_then(|t| t.strip_suffix(b"}"))
            .is_some_and(|inside| inside.trim_ascii().is_empty());
        Ok(match plistvalue::Format::detect(b) {
            Some(plistvalue::Format::Xml) => Source::Xml,
            Some(plistvalue::Format::OpenStep) if !empty_object => Source::OpenStep,
            _ if matches!(first, Some(b'{' | b'[')) => Source::Json,
            _ => Source::OpenStep,
        })
    }

    /// `NAME: ERROR` for a library error (which carries its byte offset, or line,
    /// column and offset).
    pub(crate) fn fail(&self, e: Option<plistvalue::Error>) -> Failure {
        match e {
            Some(e) => Failure(format!("{}: {e}", self.name)),
            None => Failure(format!("{}: not a property list", self.name)),
        }
    }

    /// The error of a binary file nested too deep, from `-lint`'s walk over what
    /// was read, which names the first container past the limit by its offset.
    pub(crate) fn too_deep(&self, walked: Result<u32, plistvalue::Error>) -> Failure {
        match walked {
            Err(e) => self.fail(Some(e)),
            Ok(_) => Failure(format!(
                "{}: nesting deeper than the limit of {}",
                self.name,
                tree::MAX_DEPTH
            )),
        }
    }

    /// The whole tree, of any format, nested no deeper than [`tree::MAX_DEPTH`]
    /// (the XML and OpenStep readers and [`json::read`] stop there themselves).
    pub(crate) fn decode(&self) -> Result<(PlistValue, Source), Failure> {
        let source = self.source()?;
        let value = match source {
            Source::Xml | Source::OpenStep => {
                plistvalue::from_bytes(&self.bytes).map_err(|e| self.fail(Some(e)))?
            }
            Source::Binary => {
                let value = plistvalue::from_bytes(&self.bytes).map_err(|e| self.fail(Some(e)))?;
                if tree::too_deep(&value, 0) {
                    let walked = plistvalue::Document::from_slice(&self.bytes)
                        .and_then(|doc| lint::walk(doc.root()?, 0));
                    return Err(self.too_deep(walked));
                }
                value
            }
            Source::Json => json::read(&self.bytes).map_err(|e| {
                Failure(format!(
                    "{}: JSON error: {} (line {}, column {}, byte offset {})",
                    self.name, e.message, e.line, e.column, e.offset
                ))
            })?,
        };
        Ok((value, source))
    }
}

/// `v` as a document in `fmt` (not raw): XML with its keys in CoreFoundation's
/// order, OpenStep as `openstep` writes it. `readable` is `-r`, for JSON.
pub(crate) fn encode(
    name: &str,
    v: &PlistValue,
    fmt: Fmt,
    readable: bool,
    openstep: &OpenStepWriter,
) -> Result<Vec<u8>, Failure> {
    encode_ordered(name, v, (fmt, openstep), readable, true)
}

/// [`encode`], but XML keeps the tree's key order: an edit changes only its
/// place.
pub(crate) fn encode_edited(
    name: &str,
    v: &PlistValue,
    fmt: Fmt,
    readable: bool,
    openstep: &OpenStepWriter,
) -> Result<Vec<u8>, Failure> {
    encode_ordered(name, v, (fmt, openstep), readable, false)
}

fn encode_ordered(
    name: &str,
    v: &PlistValue,
    (fmt, openstep): (Fmt, &OpenStepWriter),
    readable: bool,
    sorted: bool,
) -> Result<Vec<u8>, Failure> {
    if fmt != Fmt::Json {
        // CoreFoundation's writers refuse a null; XML has no form for it.
        if let Some(keypath) = tree::first_null(v) {
            return Err(Failure(format!(
                "{name}: invalid object in plist for destination format (null at {keypath})"
            )));
        }
    }
    let bytes = match fmt {
        Fmt::Binary => plistvalue::to_vec(v),
        Fmt::Xml | Fmt::Raw => plistvalue::XmlWriter::new().sort_keys(sorted).to_vec(v),
        // Keys in the tree's order (an Xcode project in Xcode's own).
        Fmt::OpenStep => openstep.to_vec(v),
        Fmt::Json => {
            return json::write(v, readable).map_err(|u| {
                Failure(format!(
                    "{name}: invalid object in plist for destination format ({} at {})",
                    u.type_name, u.keypath
                ))
            })
        }
    };
    bytes.map_err(|e| Failure(format!("{name}: {e}")))
}

/// How OpenStep text is written for `input`'s tree `v` going to `dest` (CLI.md,
/// "OpenStep"): an Xcode project named as its own text names it, else as the
/// `NAME.xcodeproj` folder of the destination or the input; a dictionary read
/// from a `.strings` file, or written to a `*.strings` path, as a `.strings` file.
pub(crate) fn openstep_writer(input: &Input, dest: &Dest, v: &PlistValue) -> OpenStepWriter {
    let openstep = input.source().ok() == Some(Source::OpenStep);
    let to = match dest {
        Dest::Path(p) => Some(p.as_path()),
        Dest::Stdout => None,
    };
    let mut w = OpenStepWriter::new();
    if let Some(name) = to
        .into_iter()
        .chain(input.path.as_deref())
        .find_map(xcodeproj)
    {
        w = w.project_name(name);
    }
    if openstep {
        w = w.project_name_from_text(&input.bytes);
    }
    let strings = (openstep && strings_body(&input.bytes))
        || to.is_some_and(|p| p.extension().is_some_and(|e| e == "strings"));
    if strings && v.as_dictionary().is_some() {
        w = w.style(OpenStepStyle::Strings);
    }
    w
}

/// `NAME` when `path` is in a folder `NAME.xcodeproj`.
fn xcodeproj(path: &Path) -> Option<&str> {
    let folder = path.parent()?.file_name()?.to_str()?;
    folder.strip_suffix(".xcodeproj").filter(|n| !n.is_empty())
}

/// Whether OpenStep text is a `.strings` body: its first character, after a
/// byte-order mark, whitespace and comments, is not the `{` of a dictionary.
/// (Text that reads as a dictionary either starts with `{` or is such a body.)
fn strings_body(bytes: &[u8]) -> bool {
    let text: String = match bytes {
        [0xFF, 0xFE, 0, 0, rest @ ..] => utf32(rest, u32::from_le_bytes),
        [0, 0, 0xFE, 0xFF, rest @ ..] => utf32(rest, u32::from_be_bytes),
        [0xFF, 0xFE, rest @ ..] => utf16(rest, u16::from_le_bytes),
        [0xFE, 0xFF, rest @ ..] => utf16(rest, u16::from_be_bytes),
        _ => String::from_utf8_lossy(bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes))
            .into_owned(),
    };
    let mut rest = text.as_str();
    loop {
        rest = rest
            .trim_start_matches(|c: char| matches!(c, '\t'..='\r' | ' ' | '\u{2028}' | '\u{2029}'));
        if let Some(after) = rest.strip_prefix("//") {
            rest = after.find(['\n', '\r']).map_or("", |i| &after[i..]);
        } else if let Some(after) = rest.strip_prefix("/*") {
            rest = after.find("*/").map_or("", |i| &after[i + 2..]);
        } else {
            return !rest.starts_with('{');
        }
    }
}

fn utf16(b: &[u8], unit: fn([u8; 2]) -> u16) -> String {
    let units = b.chunks_exact(2).map(|c| unit([c[0], c[1]]));
    char::decode_utf16(units)
        .map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER))
        .collect()
}

fn utf32(b: &[u8], unit: fn([u8; 4]) -> u32) -> String {
    b.chunks_exact(4)
        .map(|c| {
            char::from_u32(unit([c[0], c[1], c[2], c[3]])).unwrap_or(char::REPLACEMENT_CHARACTER)
        })
        .collect()
}

/// Where a result goes.
pub(crate) enum Dest {
    Stdout,
    Path(PathBuf),
}

/// CLI.md's "Where results go": `-o -`, `-o PATH`, `-e EXT`, stdin to stdout, else in place.
pub(crate) fn destination(options: &Options, input: &Input) -> Dest {
    if let Some(out) = &options.out {
        return if out == "-" {
            Dest::Stdout
        } else {
            Dest::Path(PathBuf::from(out))
        };
    }
    let Some(path) = &input.path else {
        return Dest::Stdout;
    };
    match &options.ext {
        Some(ext) => {
            let ext = ext.trim_start_matches('.');
            Dest::Path(path.with_extension(ext))
        }
        None => Dest::Path(path.clone()),
    }
}

/// A closed stdout ends the command quietly with status 1 (CLI.md, "Where results go").
pub(crate) struct BrokenPipe;

/// Writes to stdout; a closed pipe is [`BrokenPipe`].
pub(crate) fn stdout(bytes: &[u8]) -> Result<(), BrokenPipe> {
    let mut out = io::stdout().lock();
    out.write_all(bytes)
        .and_then(|()| out.flush())
        .map_err(|_| BrokenPipe)
}

/// Writes `bytes` to `dest`, as CLI.md's "Writing files" says.
pub(crate) fn write(dest: &Dest, bytes: &[u8]) -> Result<(), WriteError> {
    match dest {
        Dest::Stdout => stdout(bytes).map_err(|BrokenPipe| WriteError::Pipe),
        Dest::Path(path) => write_file(path, bytes)
            .map_err(|e| WriteError::Io(format!("{}: cannot write: {e}", path.display()))),
    }
}

/// Why a write failed.
pub(crate) enum WriteError {
    Pipe,
    Io(String),
}

/// A file that exists is written only if its user may write it (the rule of the
/// shell's `>`), through a symbolic link to the file it names. The result is a
/// new file renamed over the old one, so that no reader sees half of it, when
/// that file can have the old one's mode, owner and group and there is no other
/// link to the old one; otherwise the file is written in place.
fn write_file(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let target = match fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => match fs::canonicalize(path) {
            Ok(real) => real,
            // A dangling link: the file it names is created through it.
            Err(_) => return overwrite(create(path)?, bytes),
        },
        _ => path.to_path_buf(),
    };
    let old = match fs::metadata(&target) {
        Ok(m) => m,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return replace(&target, None, bytes),
        Err(e) => return Err(e),
    };
    if !old.is_file() {
        // `/dev/null`, a FIFO: renaming over it would replace the device.
        return overwrite(create(&target)?, bytes);
    }
    // Opening it to write asks the OS what `>` asks: a read-only file is refused
    // to its user (root may write it, as with `>`).
    let file = OpenOptions::new().write(true).open(&target)?;
    if several_links(&old) {
        return overwrite(file, bytes);
    }
    match replace(&target, Some(&old), bytes) {
        Err(e) if e.kind() == io::ErrorKind::PermissionDenied => overwrite(file, bytes),
        done => done,
    }
}

fn create(path: &Path) -> io::Result<fs::File> {
    OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
}

/// Writes into an open file, then cuts what is left of the old content. Not
/// atomic: a failure part-way leaves a mix of both.
fn overwrite(mut file: fs::File, bytes: &[u8]) -> io::Result<()> {
    file.write_all(bytes)?;
    if file.metadata()?.is_file() {
        file.set_len(bytes.len() as u64)?;
        file.sync_all()?;
    }
    Ok(())
}

#[cfg(unix)]
fn several_links(m: &fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    m.nlink() > 1
}

#[cfg(not(unix))]
fn several_links(_: &fs::Metadata) -> bool {
    false
}

/// A temporary file beside `target`, removed unless it was renamed over it.
struct Temporary {
    path: PathBuf,
    done: bool,
}

impl Drop for Temporary {
    fn drop(&mut self) {
        if !self.done {
            let _ = fs::remove_file(&self.path);
        }
    }
}

/// Writes a temporary file beside `target` and renames it over it. The file is
/// created readable by its owner only and given `old`'s owner, group and mode
/// before its first byte is written, so a secret is never readable by others,
/// not even in what a killed process leaves behind. `PermissionDenied` when the
/// folder takes no new file or the owner or group cannot be given (the caller
/// then writes in place).
fn replace(target: &Path, old: Option<&fs::Metadata>, bytes: &[u8]) -> io::Result<()> {
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = target
        .file_name()
        .map_or_else(|| "plist".into(), |n| n.to_string_lossy().into_owned());
    let (path, mut file) = temporary(dir, &name, old.is_some())?;
    let mut tmp = Temporary { path, done: false };
    if let Some(old) = old {
        keep_owner(&file, old)?;
        file.set_permissions(old.permissions())?;
    }
    file.write_all(bytes)?;
    file.sync_all()?;
    drop(file);
    fs::rename(&tmp.path, target)?;
    tmp.done = true;
    sync_dir(dir);
    Ok(())
}

/// A new file in `dir`, opened exclusively: mode 0600 when it will replace a
/// file (it gets that file's mode before any byte), else the umask's.
fn temporary(dir: &Path, name: &str, private: bool) -> io::Result<(PathBuf, fs::File)> {
    let mut attempt = 0u32;
    loop {
        let tmp = dir.join(format!(
            ".{name}.plistvalue-{}-{attempt}",
            std::process::id()
        ));
        let mut options = OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        if private {
            use std::os::unix::fs::OpenOptionsExt;
            options.mode(0o600);
        }
        #[cfg(not(unix))]
        let _ = private;
        match options.open(&tmp) {
            Ok(f) => return Ok((tmp, f)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists && attempt < 100 => attempt += 1,
            Err(e) => return Err(e),
        }
    }
}

/// Gives `file` the owner and group of `old`, where they differ.
#[cfg(unix)]
fn keep_owner(file: &fs::File, old: &fs::Metadata) -> io::Result<()> {
    use std::os::unix::fs::{fchown, MetadataExt};
    let new = file.metadata()?;
    if (new.uid(), new.gid()) == (old.uid(), old.gid()) {
        return Ok(());
    }
    // Only root may give a file away; EPERM is `PermissionDenied`.
    fchown(file, Some(old.uid()), Some(old.gid()))
}

#[cfg(not(unix))]
fn keep_owner(_: &fs::File, _: &fs::Metadata) -> io::Result<()> {
    Ok(())
}

/// Makes the rename durable: a folder's entries reach the disk with its own
/// `fsync`. Best effort, as the write itself is complete.
fn sync_dir(dir: &Path) {
    #[cfg(unix)]
    if let Ok(d) = fs::File::open(dir) {
        let _ = d.sync_all();
    }
    #[cfg(not(unix))]
    let _ = dir;
}
