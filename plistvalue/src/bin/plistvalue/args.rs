//! plutil's command line: a command word with its own arguments in a fixed order,
//! then options and files in any order (CLI.md, "Usage"). No argument-parsing crate
//! reads single-dash words such as `-convert` or `-extract KEYPATH FMT` as plutil
//! does, so this is a small table: one row per command, one per option.

use plistvalue::PlistValue;

use crate::values;

/// A format to write.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Fmt {
    Xml,
    Binary,
    Json,
    /// Old-style ASCII text: an Xcode project in Xcode's layout, a `.strings`
    /// file as one, anything else in the plain layout.
    OpenStep,
    /// `-extract … raw` only.
    Raw,
}

/// What an edit does at its keypath.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum EditOp {
    Insert,
    Append,
    Replace,
    Remove,
}

/// The command, with its own arguments.
pub(crate) enum Command {
    Help,
    Version,
    Lint,
    Print,
    Convert(Fmt),
    Extract {
        path: String,
        fmt: Fmt,
        expect: Option<String>,
    },
    Type {
        path: String,
        expect: Option<String>,
    },
    Edit {
        op: EditOp,
        path: String,
        value: PlistValue,
    },
    Create(Fmt),
    Stats,
    Diff,
    /// `-unarchive [-convert FMT]`: an NSKeyedArchiver archive's resolved tree,
    /// printed as `-p` prints, or written as FMT to stdout (or `-o PATH`).
    Unarchive(Option<Fmt>),
}

/// The options that may follow a command.
#[derive(Default)]
pub(crate) struct Options {
    pub silent: bool,
    pub readable: bool,
    pub no_newline: bool,
    pub out: Option<String>,
    pub ext: Option<String>,
}

/// A parsed command line.
pub(crate) struct Invocation {
    pub command: Command,
    pub options: Options,
    pub files: Vec<String>,
    /// Said on stderr before the command runs (`-s` with `-p`).
    pub warning: Option<&'static str>,
}

/// A usage error: one line, then a pointer to `-help`, and exit 1.
pub(crate) struct Usage(pub String);

type Args<'a> = std::iter::Peekable<std::slice::Iter<'a, String>>;

/// The commands: the word, then what reads the command's own arguments.
/// Reads a command's own arguments.
type ReadCommand = fn(&mut Args<'_>) -> Result<Command, Usage>;

const COMMANDS: &[(&str, ReadCommand)] = &[
    ("-help", |_| Ok(Command::Help)),
    ("--help", |_| Ok(Command::Help)),
    ("--version", |_| Ok(Command::Version)),
    ("-lint", |_| Ok(Command::Lint)),
    ("-p", |_| Ok(Command::Print)),
    ("-convert", |a| Ok(Command::Convert(format(a, false)?))),
    ("-create", |a| Ok(Command::Create(format(a, false)?))),
    ("-extract", extract),
    ("-type", type_of),
    ("-insert", |a| edit(a, EditOp::Insert)),
    ("-replace", |a| edit(a, EditOp::Replace)),
    ("-remove", remove),
    ("-stats", |_| Ok(Command::Stats)),
    ("-diff", |_| Ok(Command::Diff)),
    ("-unarchive", unarchive),
];

/// The options: the word, and how it changes [`Options`] (with its argument, for
/// those that take one).
enum Opt {
    Flag(fn(&mut Options)),
    Arg(fn(&mut Options, String)),
}

const OPTIONS: &[(&str, Opt)] = &[
    ("-s", Opt::Flag(|o| o.silent = true)),
    ("-r", Opt::Flag(|o| o.readable = true)),
    ("-n", Opt::Flag(|o| o.no_newline = true)),
    ("-o", Opt::Arg(|o, a| o.out = Some(a))),
    ("-e", Opt::Arg(|o, a| o.ext = Some(a))),
];

/// The type names `-type` prints and `-expect` takes (CLI.md, "Raw values and type names").
pub(crate) const TYPE_NAMES: &[&str] = &[
    "bool",
    "integer",
    "float",
    "string",
    "date",
    "data",
    "array",
    "dictionary",
    "uid",
    "null",
];

fn usage<T>(text: impl Into<String>) -> Result<T, Usage> {
    Err(Usage(text.into()))
}

/// A format word; `raw` only where `-extract` takes it.
fn format(args: &mut Args<'_>, raw: bool) -> Result<Fmt, Usage> {
    let Some(word) = args.next() else {
        return usage("Missing format specifier for command.");
    };
    match word.as_str() {
        "xml1" => Ok(Fmt::Xml),
        "binary1" => Ok(Fmt::Binary),
        "json" => Ok(Fmt::Json),
        "openstep" => Ok(Fmt::OpenStep),
        "raw" if raw => Ok(Fmt::Raw),
        "swift" | "objc" => usage(format!("Format {word} is not supported by plistvalue.")),
        _ => usage(format!("Unknown format specifier: {word}")),
    }
}

/// `[-expect TYPE]`, recognised only right after the command's own arguments.
fn expect(args: &mut Args<'_>) -> Result<Option<String>, Usage> {
    if args.peek().is_none_or(|a| *a != "-expect") {
        return Ok(None);
    }
    args.next();
    match args.next() {
        None => usage("-expect requires a type argument."),
        Some(t) if TYPE_NAMES.contains(&t.as_str()) => Ok(Some(t.clone())),
        Some(t) => usage(format!("-expect type [{t}] not valid.")),
    }
}

fn extract(args: &mut Args<'_>) -> Result<Command, Usage> {
    let (Some(path), Some(_)) = (args.next(), args.peek()) else {
        return usage("'Extract' requires a key path and a plist format.");
    };
    let fmt = format(args, true)?;
    Ok(Command::Extract {
        path: path.clone(),
        fmt,
        expect: expect(args)?,
    })
}

fn type_of(args: &mut Args<'_>) -> Result<Command, Usage> {
    let Some(path) = args.next() else {
        return usage("'Extract' requires a key path.");
    };
    Ok(Command::Type {
        path: path.clone(),
        expect: expect(args)?,
    })
}

fn edit(args: &mut Args<'_>, op: EditOp) -> Result<Command, Usage> {
    const INCOMPLETE: &str = "'Insert' and 'Replace' require a key path, a type, and a value.";
    let (Some(path), Some(flag)) = (args.next(), args.next()) else {
        return usage(INCOMPLETE);
    };
    let value = if values::takes_no_value(flag) {
        values::parse(flag, "")
    } else {
        let Some(text) = args.next() else {
            return usage(INCOMPLETE);
        };
        values::parse(flag, text)
    };
    let value = value.map_err(Usage)?;
    let op = if op == EditOp::Insert && args.peek().is_some_and(|a| *a == "-append") {
        args.next();
        EditOp::Append
    } else {
        op
    };
    Ok(Command::Edit {
        op,
        path: path.clone(),
        value,
    })
}

fn remove(args: &mut Args<'_>) -> Result<Command, Usage> {
    let Some(path) = args.next() else {
        return usage("'Remove' requires a key path.");
    };
    Ok(Command::Edit {
        op: EditOp::Remove,
        path: path.clone(),
        value: PlistValue::Null,
    })
}

fn unarchive(args: &mut Args<'_>) -> Result<Command, Usage> {
    if args.peek().is_none_or(|a| *a != "-convert") {
        return Ok(Command::Unarchive(None));
    }
    args.next();
    Ok(Command::Unarchive(Some(format(args, false)?)))
}

/// Reads the command line (without the program name).
pub(crate) fn parse(argv: &[String]) -> Result<Invocation, Usage> {
    let mut args = argv.iter().peekable();
    let Some(first) = args.peek() else {
        return usage("No files specified.");
    };
    // A first word that is not a command word (a file, or `-` for stdin) lints.
    let command = if first.starts_with('-') && first.len() > 1 {
        let word = args.next().expect("peeked");
        match COMMANDS.iter().find(|(name, _)| name == word) {
            Some((_, read)) => read(&mut args)?,
            None => return usage(format!("unrecognized option: {word}")),
        }
    } else {
        Command::Lint
    };
    let mut options = Options::default();
    let mut files = Vec::new();
    while let Some(arg) = args.next() {
        if arg == "--" {
            files.extend(args.by_ref().cloned());
            break;
        }
        if !arg.starts_with('-') || arg == "-" {
            files.push(arg.clone());
            continue;
        }
        match OPTIONS.iter().find(|(name, _)| name == arg) {
            Some((_, Opt::Flag(set))) => set(&mut options),
            Some((_, Opt::Arg(set))) => match args.next() {
                Some(value) => set(&mut options, value.clone()),
                None => return usage(format!("Missing argument for {arg}.")),
            },
            None => return usage(format!("unrecognized option: {arg}")),
        }
    }
    check(&command, &options, &files)?;
    let warning = (matches!(command, Command::Print) && options.silent)
        .then_some("-s doesn't make a lot of sense with -p.");
    Ok(Invocation {
        command,
        options,
        files,
        warning,
    })
}

/// The combinations the table cannot refuse by itself.
fn check(command: &Command, options: &Options, files: &[String]) -> Result<(), Usage> {
    if matches!(command, Command::Help | Command::Version) {
        return Ok(());
    }
    if files.is_empty() {
        return usage("No files specified.");
    }
    let name = match command {
        Command::Lint => Some("-lint"),
        Command::Print => Some("-p"),
        Command::Stats => Some("-stats"),
        Command::Diff => Some("-diff"),
        Command::Unarchive(None) => Some("-unarchive"),
        _ => None,
    };
    if matches!(command, Command::Unarchive(_)) && options.ext.is_some() {
        return usage("-e is not used with -unarchive.");
    }
    for (given, flag) in [(options.out.is_some(), "-o"), (options.ext.is_some(), "-e")] {
        if let (true, Some(name)) = (given, name) {
            return usage(format!("{flag} is not used with {name}."));
        }
    }
    if matches!(command, Command::Diff) && files.len() != 2 {
        return usage(format!(
            "-diff takes two files; {} were given.",
            files.len()
        ));
    }
    if options.out.is_some() && files.len() > 1 {
        return usage(format!("-o takes one file; {} were given.", files.len()));
    }
    Ok(())
}

/// `--help`: every command and option, and the choices CLI.md leaves open.
pub(crate) const HELP: &str = "\
usage: plistvalue -COMMAND [options] FILE...     (FILE '-' is stdin; -lint is the default)
commands:
  -help, --help                  this text
  --version                      the version
  -lint                          check FILEs (binary, XML and OpenStep plists)
  -p                             print FILEs for people (not a stable format)
  -convert FMT                   rewrite FILEs as FMT: xml1 binary1 json openstep
  -extract KEYPATH FMT [-expect TYPE]   the value at KEYPATH as FMT: xml1 binary1 json openstep raw
  -type KEYPATH [-expect TYPE]   the type of the value at KEYPATH
  -insert KEYPATH -TYPE [VALUE] [-append]   add a value (-append: to the array at KEYPATH)
  -replace KEYPATH -TYPE VALUE   set a value
  -remove KEYPATH                delete a value
  -create FMT                    write an empty dictionary as FMT
  -stats                         objects, sizes and sharing of FILEs          (addition)
  -diff A B                      differences between two plists, by keypath  (addition)
                                 exit 0 same, 1 different, 2 trouble; -s: status only
  -unarchive [-convert FMT]      an NSKeyedArchiver archive's object graph as a tree:
                                 printed as -p prints, or as FMT on stdout (or -o PATH);
                                 never in place                              (addition)
types:   -bool -integer -float -string -date -data -xml -json -array -dictionary
options: -s silent  -r readable JSON  -n no newline  -o PATH (- = stdout)  -e EXT  --
keypaths: a.b.0 (array indices are digits); '\\.' is a literal dot: 'com\\.apple\\.foo.bar'
type names: bool integer float string date data array dictionary uid null

Where plistvalue differs from plutil (CLI.md, \"Differences from plutil\"):
  errors go to stderr, results to stdout; FILE '-' without -o writes to stdout
  writes keep the file's mode, owner, group and hard links (atomically where a rename
  can); a file you may not write is refused, as by '>' (CLI.md, \"Writing files\")
  edits keep dictionary key order in every format; -convert xml1 sorts keys as CF does
  openstep (addition) writes an Xcode project as Xcode does (its name from the file, else
  from the NAME.xcodeproj folder), a .strings file as .strings, anything else plainly;
  edits of OpenStep files write OpenStep
  every command reads and writes at most 512 nested levels, CoreFoundation's limit
  -bool takes YES/TRUE/NO/FALSE, -integer and -float take only numbers; else an error
  -replace ARRAY.i replaces element i; -append on a missing key is an error
  -o with several FILEs is an error; -extract ... json checks only the value
  JSON: scalar roots are written, '/' is not escaped, reals keep a '.' or exponent
  UIDs print as <CFKeyedArchiverUID>{value = N}, type uid, raw the number
  keys sort by CLI.md's rule (numbers by value, ASCII case folded)
  -lint reads each object once: shared subtrees are valid, as CoreFoundation reads them
";
