//! `plistvalue`: plutil's commands for every platform, fast on large files and
//! safe on hostile ones. CLI.md at the repository's top level is its manual:
//! "Differences from plutil" says where it chose otherwise, and "Notes for
//! maintainers" why it is built as it is.
//!
//! Build with `cargo build --release -p plistvalue --features cli`.

// A binary has no public API: every module's items are the crate's own.
#![warn(unreachable_pub)]

mod args;
mod diff;
mod edit;
mod files;
mod json;
mod lint;
mod stats;
mod text;
mod tree;
mod values;

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use plistvalue::{
    Dictionary, Document, ErrorKind, KeyPath, Kind, Node, OpenStepWriter, PlistValue,
};

use args::{Command, Fmt, Invocation, Options, Usage};
use files::{BrokenPipe, Dest, Failure, Input, Source, WriteError};

/// How one FILE went wrong.
enum Trouble {
    /// A message for stderr; the command goes on with the next FILE.
    File(Failure),
    /// stdout is closed: stop now, quietly, with status 1.
    Pipe,
}

impl From<Failure> for Trouble {
    fn from(f: Failure) -> Trouble {
        Trouble::File(f)
    }
}

impl From<BrokenPipe> for Trouble {
    fn from(_: BrokenPipe) -> Trouble {
        Trouble::Pipe
    }
}

impl From<WriteError> for Trouble {
    fn from(e: WriteError) -> Trouble {
        match e {
            WriteError::Pipe => Trouble::Pipe,
            WriteError::Io(line) => Trouble::File(Failure(line)),
        }
    }
}

/// One line on stderr. A closed stderr loses the line, never the exit status.
fn say(line: &str) {
    let _ = writeln!(io::stderr().lock(), "{line}");
}

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args_os()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let invocation = match args::parse(&argv) {
        Ok(i) => i,
        Err(Usage(line)) => {
            say(&line);
            say("Run 'plistvalue -help' for usage.");
            // -diff's trouble is 2, as diff(1)'s is.
            let diff = argv.first().is_some_and(|a| a == "-diff");
            return if diff {
                ExitCode::from(2)
            } else {
                ExitCode::FAILURE
            };
        }
    };
    if let Some(w) = invocation.warning {
        say(w);
    }
    run(&invocation)
}

fn run(inv: &Invocation) -> ExitCode {
    let text = match &inv.command {
        Command::Help => Some(args::HELP.to_owned()),
        Command::Version => Some(format!("plistvalue {}\n", env!("CARGO_PKG_VERSION"))),
        _ => None,
    };
    if let Some(text) = text {
        return match files::stdout(text.as_bytes()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(BrokenPipe) => ExitCode::FAILURE,
        };
    }
    if let Command::Diff = inv.command {
        return run_diff(&inv.files, &inv.options);
    }
    let mut status = ExitCode::SUCCESS;
    for file in &inv.files {
        match one_file(&inv.command, &inv.options, file) {
            Ok(()) => {}
            Err(Trouble::File(Failure(line))) => {
                say(&line);
                status = ExitCode::FAILURE;
            }
            Err(Trouble::Pipe) => return ExitCode::FAILURE,
        }
    }
    status
}

/// `-diff A B`: 0 same, 1 different, 2 trouble.
fn run_diff(files: &[String], options: &Options) -> ExitCode {
    let mut trees = Vec::with_capacity(2);
    for file in files {
        match files::read(file).and_then(|input| input.decode()) {
            Ok((tree, _)) => trees.push(tree),
            Err(Failure(line)) => {
                say(&line);
                return ExitCode::from(2);
            }
        }
    }
    let lines = diff::lines(&trees[0], &trees[1]);
    if lines.is_empty() {
        return ExitCode::SUCCESS;
    }
    if !options.silent {
        let mut text = lines.join("\n");
        text.push('\n');
        if files::stdout(text.as_bytes()).is_err() {
            return ExitCode::from(2);
        }
    }
    ExitCode::FAILURE
}

fn one_file(command: &Command, options: &Options, file: &str) -> Result<(), Trouble> {
    if let Command::Create(fmt) = command {
        let input = Input {
            name: if file == "-" { "<stdin>" } else { file }.to_owned(),
            path: (file != "-").then(|| file.into()),
            bytes: Vec::new(),
        };
        let empty = PlistValue::Dictionary(Dictionary::new());
        let dest = files::destination(options, &input);
        let openstep = files::openstep_writer(&input, &dest, &empty);
        let bytes = files::encode(&input.name, &empty, *fmt, options.readable, &openstep)?;
        return Ok(files::write(&dest, &bytes)?);
    }
    let input = files::read(file)?;
    match command {
        Command::Lint => lint(&input, options),
        Command::Print => {
            let (value, _) = input.decode()?;
            let mut out = BufWriter::new(io::stdout().lock());
            writeln!(out, "{value}")
                .and_then(|()| out.flush())
                .map_err(|_| Trouble::Pipe)
        }
        Command::Convert(fmt) => {
            let (value, _) = input.decode()?;
            let dest = files::destination(options, &input);
            let openstep = files::openstep_writer(&input, &dest, &value);
            let bytes = files::encode(&input.name, &value, *fmt, options.readable, &openstep)?;
            Ok(files::write(&dest, &bytes)?)
        }
        Command::Extract { path, fmt, expect } => {
            let value = extract(&input, path, expect.as_deref())?;
            if *fmt == Fmt::Raw {
                return text_result(options, &text::raw(&value));
            }
            // A subtree is no project and no .strings file of its own.
            let openstep = OpenStepWriter::new();
            let bytes = files::encode(&input.name, &value, *fmt, options.readable, &openstep)?;
            Ok(files::write(&files::destination(options, &input), &bytes)?)
        }
        Command::Type { path, expect } => {
            let name = type_at(&input, path)?;
            check_expect(&input, path, expect.as_deref(), name)?;
            text_result(options, name)
        }
        Command::Edit { op, path, value } => {
            let (mut tree, source) = input.decode()?;
            edit::apply(&mut tree, *op, path, value.clone()).map_err(|detail| {
                Failure(format!(
                    "{}: Could not modify plist, error: {detail}",
                    input.name
                ))
            })?;
            let fmt = match source {
                Source::Binary => Fmt::Binary,
                Source::Xml => Fmt::Xml,
                Source::Json => Fmt::Json,
                Source::OpenStep => Fmt::OpenStep,
            };
            let dest = files::destination(options, &input);
            let openstep = files::openstep_writer(&input, &dest, &tree);
            let bytes = files::encode_edited(&input.name, &tree, fmt, options.readable, &openstep)?;
            Ok(files::write(&dest, &bytes)?)
        }
        Command::Stats => {
            let n = input.bytes.len();
            let report = match input.source()? {
                Source::Binary => stats::report(
                    &input.name,
                    &format!("binary plist, {n} bytes"),
                    &input.bytes,
                ),
                Source::Xml => plistvalue::to_binary(&input.bytes)
                    .and_then(|b| stats::report(&input.name, &format!("XML plist, {n} bytes"), &b)),
                Source::OpenStep => plistvalue::to_binary(&input.bytes).and_then(|b| {
                    stats::report(&input.name, &format!("OpenStep plist, {n} bytes"), &b)
                }),
                Source::Json => return Err(not_a_plist(&input)),
            };
            let report = report.map_err(|e| input.fail(Some(e)))?;
            Ok(files::stdout(report.as_bytes())?)
        }
        Command::Unarchive(fmt) => {
            let tree =
                plistvalue::archive::unarchive(&input.bytes).map_err(|e| input.fail(Some(e)))?;
            match fmt {
                None => Ok(files::stdout(format!("{tree}\n").as_bytes())?),
                Some(fmt) => {
                    let openstep = OpenStepWriter::new();
                    let bytes =
                        files::encode(&input.name, &tree, *fmt, options.readable, &openstep)?;
                    // The archive is the source: never overwrite it with its tree.
                    let dest = match options.out.as_deref() {
                        Some(path) if path != "-" => Dest::Path(path.into()),
                        _ => Dest::Stdout,
                    };
                    Ok(files::write(&dest, &bytes)?)
                }
            }
        }
        Command::Help | Command::Version | Command::Create(_) | Command::Diff => Ok(()),
    }
}

fn lint(input: &Input, options: &Options) -> Result<(), Trouble> {
    let checked = match input.source()? {
        Source::Binary => lint::binary(&input.bytes),
        Source::Xml | Source::OpenStep => {
            plistvalue::to_binary(&input.bytes).and_then(|b| lint::binary(&b))
        }
        Source::Json => return Err(not_a_plist(input)),
    };
    checked.map_err(|e| input.fail(Some(e)))?;
    if !options.silent {
        files::stdout(format!("{}: OK\n", input.name).as_bytes())?;
    }
    Ok(())
}

/// `-lint` and `-stats` read plists only.
fn not_a_plist(input: &Input) -> Trouble {
    Failure(format!(
        "{}: JSON text is not a property list (byte offset 0)",
        input.name
    ))
    .into()
}

/// `-extract … raw` and `-type`: stdout with a newline (unless `-n`), or `-o PATH`
/// without one.
fn text_result(options: &Options, text: &str) -> Result<(), Trouble> {
    match options.out.as_deref() {
        Some(path) if path != "-" => Ok(files::write(&Dest::Path(path.into()), text.as_bytes())?),
        _ => {
            let newline = if options.no_newline { "" } else { "\n" };
            Ok(files::stdout(format!("{text}{newline}").as_bytes())?)
        }
    }
}

fn missing(input: &Input, path: &str) -> Trouble {
    Failure(format!(
        "{}: Could not extract value, error: No value at that key path or invalid key path: {path}",
        input.name
    ))
    .into()
}

fn check_expect(
    input: &Input,
    path: &str,
    expect: Option<&str>,
    actual: &str,
) -> Result<(), Trouble> {
    match expect {
        Some(want) if want != actual => Err(Failure(format!(
            "{}: Value at [{path}] expected to be {want} but is {actual}",
            input.name
        ))
        .into()),
        _ => Ok(()),
    }
}

/// The type name at a keypath: on a binary file, read from the markers on the
/// path alone.
fn type_at(input: &Input, path: &str) -> Result<&'static str, Trouble> {
    let keypath: KeyPath = path.parse().map_err(|_| missing(input, path))?;
    if input.source()? == Source::Binary {
        let doc = Document::from_slice(&input.bytes).map_err(|e| input.fail(Some(e)))?;
        return match doc.keypath(&keypath).map_err(|e| input.fail(Some(e)))? {
            Some(node) => {
                within_depth(input, &doc, &keypath, node)?;
                Ok(text::kind_name(node.kind()))
            }
            None => Err(missing(input, path)),
        };
    }
    let (tree, _) = input.decode()?;
    match tree.keypath(&keypath) {
        Some(v) => Ok(text::type_name(v)),
        None => Err(missing(input, path)),
    }
}

/// The lazy paths read only the objects on the keypath (and `-extract` the
/// value's subtree), and hold the depth rule over what they read: a keypath of
/// [`tree::MAX_DEPTH`] components or more passes through (or ends at) a
/// container nested deeper than that.
fn within_depth(
    input: &Input,
    doc: &Document<'_>,
    keypath: &KeyPath,
    node: Node<'_, '_>,
) -> Result<(), Trouble> {
    let k = keypath.components().len();
    let container = matches!(node.kind(), Kind::Array | Kind::Dictionary | Kind::Set);
    if k < tree::MAX_DEPTH || (k == tree::MAX_DEPTH && !container) {
        return Ok(());
    }
    // The container at the first level past the limit.
    let prefix: Vec<String> = keypath
        .components()
        .take(tree::MAX_DEPTH)
        .map(json::escape)
        .collect();
    let first = prefix
        .join(".")
        .parse::<KeyPath>()
        .ok()
        .and_then(|p| doc.keypath(&p).ok().flatten())
        .unwrap_or(node);
    Err(input
        .fail(Some(first.error(ErrorKind::DepthLimit(tree::MAX_DEPTH))))
        .into())
}

/// The value at a keypath, after `-expect`. On a binary file only the objects on
/// the path and the value's own subtree are read (CLI.md, "-extract").
fn extract(input: &Input, path: &str, expect: Option<&str>) -> Result<PlistValue, Trouble> {
    let keypath: KeyPath = path.parse().map_err(|_| missing(input, path))?;
    if input.source()? == Source::Binary {
        let doc = Document::from_slice(&input.bytes).map_err(|e| input.fail(Some(e)))?;
        let node = doc
            .keypath(&keypath)
            .map_err(|e| input.fail(Some(e)))?
            .ok_or_else(|| missing(input, path))?;
        within_depth(input, &doc, &keypath, node)?;
        check_expect(input, path, expect, text::kind_name(node.kind()))?;
        let value = node.to_value().map_err(|e| input.fail(Some(e)))?;
        let around = keypath.components().len();
        if tree::too_deep(&value, around) {
            return Err(input.too_deep(lint::walk(node, around)).into());
        }
        return Ok(value);
    }
    let (tree, _) = input.decode()?;
    let value = tree.keypath(&keypath).ok_or_else(|| missing(input, path))?;
    check_expect(input, path, expect, text::type_name(value))?;
    Ok(value.clone())
}
