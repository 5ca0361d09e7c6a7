//! Reading a FILE (or stdin) and telling its format from its content; writing a
//! result where CLI.md §2 says, atomically when it replaces a regular file.

use std::fs::{self, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use plistvalue::PlistValue;

use crate::args::{Fmt, Options};
use crate::json;

/// The formats a FILE can be in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Source {
    Binary,
    Xml,
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
    /// The format, from the first bytes: `bplist00`, then `<` (after an optional
    /// byte-order mark and white space), then `{` or `[`.
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
        if plistvalue::Format::detect(b) == Some(plistvalue::Format::Xml) {
            return Ok(Source::Xml);
        }
        let text = b.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(b);
        match text.iter().find(|c| !c.is_ascii_whitespace()) {
            Some(b'{' | b'[') => Ok(Source::Json),
            _ => Err(Failure(format!(
                "{}: not a property list: neither binary (bplist00), XML nor JSON (byte offset 0)",
                self.name
            ))),
        }
    }

    /// `NAME: ERROR` for a library error (which carries its byte offset, or line,
    /// column and offset).
    pub(crate) fn fail(&self, e: Option<plistvalue::Error>) -> Failure {
        match e {
            Some(e) => Failure(format!("{}: {e}", self.name)),
            None => Failure(format!("{}: not a property list", self.name)),
        }
    }

    /// The whole tree, of any format.
    pub(crate) fn decode(&self) -> Result<(PlistValue, Source), Failure> {
        let source = self.source()?;
        let value = match source {
            Source::Binary | Source::Xml => {
                plistvalue::from_bytes(&self.bytes).map_err(|e| self.fail(Some(e)))?
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

/// `v` as a document in `fmt` (not raw). `readable` is `-r`, for JSON.
pub(crate) fn encode(
    name: &str,
    v: &PlistValue,
    fmt: Fmt,
    readable: bool,
) -> Result<Vec<u8>, Failure> {
    let bytes = match fmt {
        Fmt::Binary => plistvalue::to_vec(v),
        Fmt::Xml | Fmt::Raw => plistvalue::to_vec_xml(v),
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

/// Where a result goes.
pub(crate) enum Dest {
    Stdout,
    Path(PathBuf),
}

/// CLI.md §2's rule: `-o -`, `-o PATH`, `-e EXT`, stdin to stdout, else in place.
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

/// A closed stdout ends the command quietly with status 1 (CLI.md §2).
pub(crate) struct BrokenPipe;

/// Writes to stdout; a closed pipe is [`BrokenPipe`].
pub(crate) fn stdout(bytes: &[u8]) -> Result<(), BrokenPipe> {
    let mut out = io::stdout().lock();
    out.write_all(bytes)
        .and_then(|()| out.flush())
        .map_err(|_| BrokenPipe)
}

/// Writes `bytes` to `dest`. A regular file (or a new one) is replaced atomically:
/// a temporary file beside it, renamed over it, with its permission bits; through
/// a symbolic link, the file it points to. Anything else (`/dev/null`, a FIFO) is
/// written in place, since renaming over it would replace the device itself.
pub(crate) fn write(dest: &Dest, bytes: &[u8]) -> Result<(), WriteError> {
    match dest {
        Dest::Stdout => stdout(bytes).map_err(|BrokenPipe| WriteError::Pipe),
        Dest::Path(path) => {
            write_file(path, bytes).map_err(|e| WriteError::Io(format!("{}: {e}", path.display())))
        }
    }
}

/// Why a write failed.
pub(crate) enum WriteError {
    Pipe,
    Io(String),
}

fn write_file(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let target = match fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => match fs::canonicalize(path) {
            Ok(real) => real,
            // A dangling link: the file it names is created through it.
            Err(_) => return in_place(path, bytes),
        },
        _ => path.to_path_buf(),
    };
    let existing = fs::metadata(&target).ok();
    if existing.as_ref().is_some_and(|m| !m.is_file()) {
        return in_place(&target, bytes);
    }
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = target
        .file_name()
        .map_or_else(|| "plist".into(), |n| n.to_string_lossy().into_owned());
    let (tmp, mut file) = temporary(&dir, &name)?;
    let result = (|| {
        file.write_all(bytes)?;
        if let Some(m) = &existing {
            file.set_permissions(m.permissions())?;
        }
        file.sync_all()?;
        drop(file);
        fs::rename(&tmp, &target)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// A new file beside the target, opened exclusively.
fn temporary(dir: &Path, name: &str) -> io::Result<(PathBuf, fs::File)> {
    let mut attempt = 0u32;
    loop {
        let tmp = dir.join(format!(
            ".{name}.plistvalue-{}-{attempt}",
            std::process::id()
        ));
        match OpenOptions::new().write(true).create_new(true).open(&tmp) {
            Ok(f) => return Ok((tmp, f)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists && attempt < 100 => attempt += 1,
            Err(e) => return Err(e),
        }
    }
}

fn in_place(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut f = OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .open(path)?;
    f.write_all(bytes)?;
    f.flush()
}
