//! The `plistvalue` binary run as a user runs it: every command of CLI.md on the
//! shared corpus and on generated trees, stdin and stdout, in-place edits, bad
//! usage, missing and hostile files. Outputs are compared with expectations
//! written from CLI.md, and with plistlib reading what the tool wrote; never with
//! the tool's own output.
//!
//! The corpus is found through `env.rs`, which the root package's tests share by
//! path (it lives here so that the published package holds it), so a missing
//! `../shared` skips visibly here as everywhere else.

mod depth;
#[allow(dead_code)] // the shared helpers; this target uses some of them
mod env;
mod openstep;
#[cfg(unix)]
mod writes;

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use plistvalue::{plist, Date, Dictionary, PlistValue, Uid};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_plistvalue"))
}

/// Runs the tool with `args` (and `stdin`, if given).
fn run(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut cmd = bin();
    cmd.args(args)
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("the built binary runs");
    if let Some(input) = stdin {
        child
            .stdin
            .take()
            .expect("piped")
            .write_all(input)
            .expect("stdin takes the input");
    }
    child.wait_with_output().expect("the binary finishes")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Exit status, stdout, stderr.
fn outcome(args: &[&str]) -> (i32, String, String) {
    let out = run(args, None);
    (
        out.status.code().expect("an exit status, not a signal"),
        text(&out.stdout),
        text(&out.stderr),
    )
}

fn python() -> Option<()> {
    let ok = Command::new("python3")
        .args(["-c", "import plistlib"])
        .output()
        .is_ok_and(|o| o.status.success());
    if ok {
        Some(())
    } else {
        env::skip_unless_required(env::REQUIRE_PYTHON, "python3 with plistlib does not run");
        None
    }
}

fn oracle(script: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/cli")
        .join(script)
}

/// CLI.md's "The -p format" rendering of `file`, by `plutil_p.py` over plistlib's tree; `None`
/// when plistlib cannot read it.
fn python_rendering(file: &Path) -> Option<String> {
    let out = Command::new("python3")
        .arg(oracle("plutil_p.py"))
        .arg(file)
        .output()
        .expect("python3 runs");
    match out.status.code() {
        Some(0) => Some(text(&out.stdout)),
        Some(3) => None,
        _ => panic!(
            "plutil_p.py failed on {}: {}",
            file.display(),
            text(&out.stderr)
        ),
    }
}

/// Why [`same_tree`] found no match.
#[derive(Debug)]
enum Verdict {
    /// plistlib refuses the original (CF reads more than it does).
    OriginalUnreadable,
    /// plistlib refuses the converted file: expat rejects the control
    /// characters CF's XML carries raw.
    ConvertedUnreadable,
    Differs(String),
}

/// plistlib reads `converted` (in `fmt`) to the tree it reads from `original`, or
/// from the value at `keys` in it; `Err` says where they differ.
fn same_tree(original: &Path, converted: &Path, fmt: &str, keys: &[&str]) -> Result<(), Verdict> {
    let out = Command::new("python3")
        .arg(oracle("same_tree.py"))
        .args([original, converted])
        .arg(fmt)
        .args(keys)
        .output()
        .expect("python3 runs");
    match out.status.code() {
        Some(0) => Ok(()),
        Some(3) => Err(Verdict::OriginalUnreadable),
        Some(4) => Err(Verdict::ConvertedUnreadable),
        _ => Err(Verdict::Differs(format!(
            "{}{}",
            text(&out.stdout),
            text(&out.stderr)
        ))),
    }
}

/// A scratch directory.
fn scratch() -> tempfile::TempDir {
    tempfile::tempdir().expect("a temporary directory")
}

/// Every type, nested, with keys that exercise the key order and a dotted key.
fn every_type() -> PlistValue {
    let mut v = plist!({
        "CFBundleName": "Demo",
        "com.example.key": "dotted",
        "count": 3,
        "big": (PlistValue::Integer(u64::MAX.into())),
        "negative": (-9_223_372_036_854_775_808_i64),
        "ratio": 0.5,
        "scale": 2.0,
        "tiny": 1e-7,
        "huge": 1e16,
        "yes": true,
        "no": false,
        "Item1": 1, "item9": 9, "item10": 10,
        "items": [{ "name": "a", "size": 10 }, { "name": "b", "size": 20, "tags": [] }],
        "empty": {},
        "text": "quote \" and\nnewline, ünïcödé ✓",
        "ref": (Uid::new(7)),
    });
    let d = v.as_dictionary_mut().expect("a dictionary");
    d.insert(
        "created",
        PlistValue::Date(Date::from_seconds_since_2001(725_857_445.75)),
    );
    d.insert(
        "before2001",
        PlistValue::Date(Date::from_seconds_since_2001(-0.5)),
    );
    d.insert("icon", PlistValue::Data((0..40).collect()));
    d.insert("token", PlistValue::Data(vec![0x7b, 0xb7, 0x5d, 0xb9]));
    d.insert("nothing", PlistValue::Data(Vec::new()));
    v
}

fn write_binary(dir: &Path, name: &str, v: &PlistValue) -> PathBuf {
    let path = dir.join(name);
    fs::write(&path, plistvalue::to_vec(v).expect("encodes")).expect("written");
    path
}

fn s(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 temporary path")
}

/// The `-p` text of [`every_type`], written out from CLI.md's "The -p format" by hand.
const EVERY_TYPE_P: &str = r#"{
  "before2001" => 2000-12-31 23:59:59 +0000
  "big" => 18446744073709551615
  "CFBundleName" => "Demo"
  "com.example.key" => "dotted"
  "count" => 3
  "created" => 2024-01-02 03:04:05 +0000
  "empty" => {
  }
  "huge" => 1e+16
  "icon" => {length = 40, bytes = 0x000102030405060708090a0b0c0d0e0f ... 2021222324252627}
  "Item1" => 1
  "item9" => 9
  "item10" => 10
  "items" => [
    0 => {
      "name" => "a"
      "size" => 10
    }
    1 => {
      "name" => "b"
      "size" => 20
      "tags" => [
      ]
    }
  ]
  "negative" => -9223372036854775808
  "no" => false
  "nothing" => {length = 0, bytes = 0x}
  "ratio" => 0.5
  "ref" => <CFKeyedArchiverUID>{value = 7}
  "scale" => 2
  "text" => "quote " and
newline, ünïcödé ✓"
  "tiny" => 1e-07
  "token" => {length = 4, bytes = 0x7bb75db9}
  "yes" => true
}
"#;

#[test]
fn p_prints_every_type_as_cli_md_says() {
    let dir = scratch();
    let file = write_binary(dir.path(), "every.plist", &every_type());
    let (code, out, err) = outcome(&["-p", s(&file)]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(out, EVERY_TYPE_P);
    // The same text from XML input, and from stdin.
    let xml = dir.path().join("every.xml");
    fs::write(&xml, plistvalue::to_vec_xml(&every_type()).unwrap()).unwrap();
    assert_eq!(outcome(&["-p", s(&xml)]).1, EVERY_TYPE_P);
    let piped = run(&["-p", "-"], Some(&fs::read(&file).unwrap()));
    assert_eq!(text(&piped.stdout), EVERY_TYPE_P);
    // Several files are concatenated; a scalar root prints alone.
    let scalar = write_binary(
        dir.path(),
        "scalar.plist",
        &PlistValue::from("just a string"),
    );
    let (code, out, _) = outcome(&["-p", s(&scalar), s(&scalar)]);
    assert_eq!(
        (code, out.as_str()),
        (0, "\"just a string\"\n\"just a string\"\n")
    );
}

#[test]
fn p_matches_the_python_rendering_on_the_corpus() {
    let Some(()) = python() else { return };
    let mut compared = 0;
    for folder in [
        "corpus/bplist",
        "corpus/xml",
        "corpus/xml-more",
        "corpus/archive",
    ] {
        let Some(dir) = env::shared(folder) else {
            return;
        };
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "tsv" || e == "md") {
                continue;
            }
            let out = run(&["-p", s(&path)], None);
            let Some(want) = python_rendering(&path) else {
                continue;
            };
            // Files CF refuses (plistlib is laxer) fail here with a message.
            if !out.status.success() {
                assert!(!out.stderr.is_empty(), "{}", path.display());
                continue;
            }
            let mut got = text(&out.stdout);
            if !fs::read(&path).unwrap().starts_with(b"bplist") {
                // expat normalizes line ends in text, as XML says; CF keeps them.
                got = got.replace("\r\n", "\n").replace('\r', "\n");
            }
            assert_eq!(got, want, "{}", path.display());
            compared += 1;
        }
    }
    eprintln!("-p equals the python rendering on {compared} corpus files");
    assert!(compared > 200, "only {compared} files compared");
}

/// (file, valid) for a corpus folder, from its MANIFEST.tsv: in the bplist
/// folder every file but the malformed-by-design ones (CF's rules accept one of
/// those, a dictionary with an integer key, which CLI.md's `-lint`
/// rejects); in the XML folders, those CF's reader model accepts.
fn verdicts(folder: &str) -> Option<Vec<(PathBuf, bool)>> {
    let dir = env::shared(folder)?;
    let manifest = fs::read_to_string(dir.join("MANIFEST.tsv")).expect("MANIFEST.tsv");
    let mut lines = manifest.lines();
    let header: Vec<&str> = lines.next().expect("a header").split('\t').collect();
    let (column, valid) = if folder.ends_with("bplist") {
        ("category", "real-apple fixture")
    } else {
        ("cf_reader_model", "accept")
    };
    let col = header
        .iter()
        .position(|h| *h == column)
        .expect("the column");
    Some(
        lines
            .filter(|l| !l.is_empty())
            .map(|l| {
                let cols: Vec<&str> = l.split('\t').collect();
                let verdict = cols[col].split(',').next().unwrap_or_default();
                (dir.join(cols[0]), valid.split(' ').any(|v| v == verdict))
            })
            .collect(),
    )
}

#[test]
fn lint_agrees_with_the_manifests_on_every_corpus_file() {
    let mut report = Vec::new();
    for folder in ["corpus/bplist", "corpus/xml", "corpus/xml-more"] {
        let Some(files) = verdicts(folder) else {
            return;
        };
        let (mut ok, mut rejected) = (0, 0);
        for (path, accepted) in files {
            let (code, out, err) = outcome(&["-lint", s(&path)]);
            if accepted {
                assert_eq!(code, 0, "{}: {err}", path.display());
                assert_eq!(out, format!("{}: OK\n", path.display()));
                ok += 1;
            } else {
                assert_eq!(code, 1, "{} passed -lint", path.display());
                // One line naming the file and where: a byte offset.
                assert_eq!(err.lines().count(), 1, "{err}");
                assert!(err.starts_with(&format!("{}: ", path.display())), "{err}");
                assert!(err.contains("byte offset "), "{err}");
                assert!(out.is_empty());
                rejected += 1;
            }
        }
        report.push(format!("{folder}: {ok} OK, {rejected} rejected"));
    }
    eprintln!("{}", report.join("\n"));
}

#[test]
fn lint_says_where_and_what_on_made_up_files() {
    let dir = scratch();
    // A dictionary whose key is an integer: object 1 at byte 11.
    let bytes = [
        b"bplist00".as_slice(),
        &[0xD1, 0x01, 0x01],        // 8: {obj1: obj1}
        &[0x10, 0x05],              // 11: 5
        &[0x08, 0x0B],              // 13: offset table
        &[0, 0, 0, 0, 0, 0, 1, 1],  // trailer: offset 1, ref 1
        &[0, 0, 0, 0, 0, 0, 0, 2],  // 2 objects
        &[0, 0, 0, 0, 0, 0, 0, 0],  // top 0
        &[0, 0, 0, 0, 0, 0, 0, 13], // table at 13
    ]
    .concat();
    let broken = dir.path().join("broken.plist");
    fs::write(&broken, bytes).unwrap();
    let (code, _, err) = outcome(&["-lint", s(&broken)]);
    assert_eq!(code, 1);
    assert_eq!(
        err,
        format!(
            "{}: dictionary key is integer, not a string (byte offset 11, object 1)\n",
            s(&broken)
        )
    );
    // Nesting: 512 levels are CoreFoundation's and pass; 513 do not.
    let mut v = PlistValue::Array(plistvalue::Array::new());
    for _ in 1..512 {
        v = PlistValue::Array(vec![v].into());
    }
    let deep = write_binary(dir.path(), "deep.plist", &v);
    assert_eq!(outcome(&["-lint", s(&deep)]).0, 0);
    let deeper = write_binary(
        dir.path(),
        "deeper.plist",
        &PlistValue::Array(vec![v].into()),
    );
    let (code, _, err) = outcome(&["-lint", s(&deeper)]);
    assert_eq!(code, 1);
    assert!(
        err.contains("nesting deeper than the limit of 512 (byte offset"),
        "{err}"
    );
    // XML errors give the line and column; JSON is not a property list.
    let xml = dir.path().join("bad.xml");
    fs::write(
        &xml,
        "<plist version=\"1.0\">\n<dict><key>a</key><integer>x</integer></dict></plist>",
    )
    .unwrap();
    let (code, _, err) = outcome(&["-lint", s(&xml)]);
    assert_eq!(code, 1);
    assert!(err.contains("(line 2, column"), "{err}");
    let json = dir.path().join("a.json");
    fs::write(&json, "{}").unwrap();
    let (code, _, err) = outcome(&["-lint", "-s", s(&json), s(&deep)]);
    assert_eq!(code, 1);
    assert_eq!(
        err,
        format!(
            "{}: JSON text is not a property list (byte offset 0)\n",
            s(&json)
        )
    );
    // The default command is -lint; stdin is <stdin>.
    let (code, out, _) = outcome(&[s(&deep)]);
    assert_eq!((code, out), (0, format!("{}: OK\n", s(&deep))));
    let piped = run(&["-lint", "-"], Some(&fs::read(&deep).unwrap()));
    assert_eq!(text(&piped.stdout), "<stdin>: OK\n");
}

#[test]
fn lint_passes_shared_subtrees_and_stops_cycles() {
    let dir = scratch();
    // 40 levels, each array holding the level below twice: 2^40 paths, 41 objects.
    let mut bytes = b"bplist00".to_vec();
    let mut offsets = Vec::new();
    for i in 0..40u8 {
        offsets.push(bytes.len() as u8);
        bytes.extend([0xA2, i + 1, i + 1]);
    }
    offsets.push(bytes.len() as u8);
    bytes.push(0x09); // true
    let table = bytes.len() as u8;
    bytes.extend(&offsets);
    bytes.extend([0, 0, 0, 0, 0, 0, 1, 1]);
    bytes.extend([0, 0, 0, 0, 0, 0, 0, 41]);
    bytes.extend([0; 8]);
    bytes.extend([0, 0, 0, 0, 0, 0, 0, table]);
    let bomb = dir.path().join("bomb.plist");
    fs::write(&bomb, &bytes).unwrap();
    assert_eq!(outcome(&["-lint", s(&bomb)]).0, 0);
    // The object 5 refers back to object 2: a cycle.
    bytes[8 + 3 * 5 + 1] = 2;
    fs::write(&bomb, &bytes).unwrap();
    let (code, _, err) = outcome(&["-lint", s(&bomb)]);
    assert_eq!(code, 1);
    assert!(err.contains("reference cycle"), "{err}");
}

#[test]
fn convert_writes_what_plistlib_reads_back() {
    let Some(()) = python() else { return };
    let Some(files) = verdicts("corpus/bplist") else {
        return;
    };
    let dir = scratch();
    let (mut checked, mut library_checked, mut refused) = (0, 0, 0);
    for (path, _) in files.into_iter().filter(|f| f.1) {
        for fmt in ["xml1", "binary1", "json"] {
            let out = dir.path().join(format!("out.{fmt}"));
            let _ = fs::remove_file(&out);
            let (code, stdout, err) = outcome(&["-convert", fmt, "-o", s(&out), s(&path)]);
            assert!(stdout.is_empty());
            if code != 0 {
                // Only JSON may refuse, for a value it cannot hold, writing nothing.
                assert_eq!(fmt, "json", "{}: {err}", path.display());
                assert!(
                    err.contains(": invalid object in plist for destination format ("),
                    "{err}"
                );
                assert!(!out.exists());
                refused += 1;
                continue;
            }
            match same_tree(&path, &out, fmt, &[]) {
                Ok(()) => checked += 1,
                Err(Verdict::OriginalUnreadable) => {}
                Err(Verdict::ConvertedUnreadable) => {
                    // The library's reader then: both files to the same tree.
                    let a: PlistValue = plistvalue::from_file(&path).unwrap();
                    let b: PlistValue = plistvalue::from_file(&out).unwrap();
                    assert_eq!(a, b, "{} as {fmt}", path.display());
                    library_checked += 1;
                }
                Err(Verdict::Differs(why)) => panic!("{} as {fmt}: {why}", path.display()),
            }
        }
    }
    eprintln!(
        "-convert: {checked} conversions read back equal by plistlib, \
         {library_checked} by the library, {refused} refused by JSON"
    );
    assert!(checked > 150, "{checked}");
}

#[test]
fn convert_in_place_to_stdout_and_beside() {
    let Some(()) = python() else { return };
    let dir = scratch();
    let tree = plist!({ "a": [1, 2.5, "x"], "b": { "c": true } });
    let file = write_binary(dir.path(), "t.plist", &tree);
    let original = dir.path().join("orig.plist");
    fs::copy(&file, &original).unwrap();
    // In place.
    assert_eq!(outcome(&["-convert", "xml1", s(&file)]).0, 0);
    assert!(fs::read(&file).unwrap().starts_with(b"<?xml"));
    same_tree(&original, &file, "xml1", &[]).unwrap();
    // -e: beside it, the extension replaced.
    assert_eq!(outcome(&["-convert", "json", "-e", "json", s(&file)]).0, 0);
    same_tree(&original, &dir.path().join("t.json"), "json", &[]).unwrap();
    // -o -: stdout; JSON compact, or readable with sorted keys.
    let (_, out, _) = outcome(&["-convert", "json", "-o", "-", s(&original)]);
    assert_eq!(out, r#"{"a":[1,2.5,"x"],"b":{"c":true}}"#);
    let shuffled = write_binary(
        dir.path(),
        "s.plist",
        &plist!({ "b": [], "a10": {}, "a9": 1.0 }),
    );
    let (_, out, _) = outcome(&["-convert", "json", "-r", "-o", "-", s(&shuffled)]);
    assert_eq!(out, "{\n  \"a9\": 1.0,\n  \"a10\": {},\n  \"b\": []\n}");
    // stdin to stdout, and JSON read back into binary; a null has no binary form.
    let piped = run(
        &["-convert", "binary1", "-"],
        Some(br#"{"k": [1, 1.0, "s"]}"#),
    );
    assert!(piped.status.success());
    let back: PlistValue = plistvalue::from_slice(&piped.stdout).unwrap();
    assert_eq!(back, plist!({ "k": [1, 1.0, "s"] }));
    let piped = run(
        &["-convert", "binary1", "-"],
        Some(br#"{"k": [1, 1.0, "s", null]}"#),
    );
    assert_eq!(piped.status.code(), Some(1));
    assert_eq!(
        text(&piped.stderr),
        "<stdin>: invalid object in plist for destination format (null at k.3)\n"
    );
    // A date has no JSON form: the path is named, and nothing is written.
    let dated = write_binary(
        dir.path(),
        "d.plist",
        &plist!({ "x": [{ "created": (Date::from_seconds_since_2001(0.0)) }] }),
    );
    let before = fs::read(&dated).unwrap();
    let (code, _, err) = outcome(&["-convert", "json", s(&dated)]);
    assert_eq!(code, 1);
    assert_eq!(
        err,
        format!(
            "{}: invalid object in plist for destination format (date at x.0.created)\n",
            s(&dated)
        )
    );
    assert_eq!(fs::read(&dated).unwrap(), before);
    // -create.
    let created = dir.path().join("new.plist");
    assert_eq!(outcome(&["-create", "binary1", s(&created)]).0, 0);
    let v: PlistValue = plistvalue::from_file(&created).unwrap();
    assert_eq!(v, PlistValue::Dictionary(Dictionary::new()));
    assert_eq!(outcome(&["-create", "json", "-"]).1, "{}");
}

#[test]
fn extract_and_type_follow_the_tables() {
    let Some(()) = python() else { return };
    let dir = scratch();
    let tree = every_type();
    let bin_file = write_binary(dir.path(), "every.plist", &tree);
    let xml_file = dir.path().join("every.xml");
    fs::write(&xml_file, plistvalue::to_vec_xml(&tree).unwrap()).unwrap();
    let raw = [
        ("count", "integer", "3"),
        ("big", "integer", "18446744073709551615"),
        ("ratio", "float", "0.500000"),
        ("tiny", "float", "0.000000"),
        ("yes", "bool", "true"),
        ("CFBundleName", "string", "Demo"),
        (r"com\.example\.key", "string", "dotted"),
        ("created", "date", "2024-01-02T03:04:05Z"),
        ("before2001", "date", "2000-12-31T23:59:59Z"),
        ("token", "data", "e7dduQ=="),
        ("items", "array", "2"),
        ("items.1", "dictionary", "name\nsize\ntags"),
        ("items.001.name", "string", "b"),
        ("empty", "dictionary", ""),
        ("ref", "uid", "7"),
    ];
    for file in [&bin_file, &xml_file] {
        for (path, type_name, want) in raw {
            let (code, out, err) = outcome(&["-extract", path, "raw", s(file)]);
            assert_eq!(
                (code, out.as_str(), err.as_str()),
                (0, format!("{want}\n").as_str(), ""),
                "{path}"
            );
            let (_, out, _) =
                outcome(&["-extract", path, "raw", "-expect", type_name, "-n", s(file)]);
            assert_eq!(out, want);
            let (_, out, _) = outcome(&["-type", path, s(file)]);
            assert_eq!(out, format!("{type_name}\n"));
            let (code, _, err) = outcome(&["-type", path, "-expect", "string", s(file)]);
            if type_name != "string" {
                assert_eq!(code, 1);
                assert_eq!(
                    err,
                    format!(
                        "{}: Value at [{path}] expected to be string but is {type_name}\n",
                        s(file)
                    )
                );
            }
        }
        for missing in ["nope", "items.2", "items.+1", "count.0", "a..b", "items."] {
            let (code, out, err) = outcome(&["-extract", missing, "raw", s(file)]);
            assert_eq!((code, out.as_str()), (1, ""));
            assert_eq!(
                err,
                format!(
                    "{}: Could not extract value, error: No value at that key path or invalid key path: {missing}\n",
                    s(file)
                )
            );
            assert_eq!(outcome(&["-type", missing, s(file)]).0, 1);
        }
        // Documents of the value: plistlib reads each back to the same subtree.
        for fmt in ["xml1", "binary1", "json"] {
            let out = dir.path().join(format!("item.{fmt}"));
            let (code, _, err) = outcome(&["-extract", "items.1", fmt, "-o", s(&out), s(file)]);
            assert_eq!(code, 0, "{err}");
            same_tree(&bin_file, &out, fmt, &["items", "1"]).unwrap();
        }
        // -o PATH takes raw text without a newline.
        let out = dir.path().join("raw.txt");
        assert_eq!(
            outcome(&["-extract", "count", "raw", "-o", s(&out), s(file)]).0,
            0
        );
        assert_eq!(fs::read_to_string(&out).unwrap(), "3");
    }
    // JSON checks only the value: the dates elsewhere do not matter.
    let (code, out, _) = outcome(&["-extract", "items.0", "json", "-o", "-", s(&bin_file)]);
    assert_eq!((code, out.as_str()), (0, r#"{"name":"a","size":10}"#));
    // A plain -extract replaces the file by the value, as plutil does.
    let copy = dir.path().join("copy.plist");
    fs::copy(&bin_file, &copy).unwrap();
    assert_eq!(outcome(&["-extract", "items", "binary1", s(&copy)]).0, 0);
    same_tree(&bin_file, &copy, "binary1", &["items"]).unwrap();
}

#[test]
fn edits_change_only_their_place_and_keep_the_format() {
    let Some(()) = python() else { return };
    let dir = scratch();
    let tree = plist!({ "CFBundleName": "Demo", "com.example.key": "dotted", "items": [{ "tags": [] }], "n": 1 });
    let want = plist!({ "CFBundleName": "Demo", "com.example.key": 7, "items": [{ "tags": ["x"] }], "new": { "d": (Date::from_seconds_since_2001(10.0)) } });
    let cases: [(&str, Vec<u8>); 3] = [
        ("bin", plistvalue::to_vec(&tree).unwrap()),
        ("xml", plistvalue::to_vec_xml(&tree).unwrap()),
        ("json", br#"{"a":[1,2],"b":"c"}"#.to_vec()),
    ];
    for (kind, bytes) in cases {
        let file = dir.path().join(format!("edit.{kind}"));
        fs::write(&file, &bytes).unwrap();
        let f = s(&file);
        if kind == "json" {
            assert_eq!(outcome(&["-insert", "a.1", "-float", "1.5", f]).0, 0);
            assert_eq!(outcome(&["-remove", "b", f]).0, 0);
            assert_eq!(fs::read_to_string(&file).unwrap(), r#"{"a":[1,1.5,2]}"#);
            continue;
        }
        for args in [
            vec!["-insert", "items.0.tags", "-string", "x", "-append"],
            vec!["-replace", r"com\.example\.key", "-integer", "7"],
            vec![
                "-insert",
                "new",
                "-xml",
                "<dict><key>d</key><date>2001-01-01T00:00:10Z</date></dict>",
            ],
            vec!["-remove", "n"],
        ] {
            let mut argv = args.clone();
            argv.push(f);
            let (code, out, err) = outcome(&argv);
            assert_eq!((code, out.as_str(), err.as_str()), (0, "", ""), "{args:?}");
        }
        let after = fs::read(&file).unwrap();
        let starts_binary = after.starts_with(b"bplist00");
        assert_eq!(starts_binary, kind == "bin", "the format is kept");
        let back: PlistValue = plistvalue::from_bytes(&after).unwrap();
        assert_eq!(back, want);
        // Key order is kept: the replaced key stays second.
        assert_eq!(
            back.as_dictionary().unwrap().get_index(1).unwrap().0,
            "com.example.key"
        );
        // A refused edit leaves the file byte for byte.
        let (code, _, err) = outcome(&["-insert", "CFBundleName", "-string", "X", f]);
        assert_eq!(code, 1);
        assert_eq!(
            err,
            format!("{f}: Could not modify plist, error: Value already exists at key path CFBundleName\n")
        );
        assert_eq!(fs::read(&file).unwrap(), after);
    }
}

/// A hand-ordered XML file in CoreFoundation's layout.
const HAND_ORDERED: &str = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>
<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">
<plist version=\"1.0\">
<dict>
	<key>CFBundleVersion</key>
	<string>212</string>
	<key>CFBundleName</key>
	<string>Demo</string>
	<key>Nested</key>
	<dict>
		<key>z</key>
		<true/>
		<key>a</key>
		<false/>
	</dict>
	<key>LSUIElement</key>
	<true/>
</dict>
</plist>
";

#[test]
fn xml_edits_keep_the_key_order_and_convert_sorts() {
    let dir = scratch();
    let file = dir.path().join("Info.plist");
    fs::write(&file, HAND_ORDERED).unwrap();
    let f = s(&file);
    let (code, _, err) = outcome(&["-replace", "CFBundleVersion", "-string", "213", f]);
    assert_eq!(code, 0, "{err}");
    // One line changed, every other byte kept.
    assert_eq!(
        fs::read_to_string(&file).unwrap(),
        HAND_ORDERED.replace("212", "213")
    );
    // -convert xml1 writes CoreFoundation's sorted order, as plutil does.
    let (code, out, _) = outcome(&["-convert", "xml1", "-o", "-", f]);
    assert_eq!(code, 0);
    let keys: Vec<&str> = out
        .lines()
        .filter_map(|l| l.trim().strip_prefix("<key>"))
        .collect();
    assert_eq!(
        keys,
        [
            "CFBundleName</key>",
            "CFBundleVersion</key>",
            "LSUIElement</key>",
            "Nested</key>",
            "a</key>",
            "z</key>"
        ]
    );
}

#[test]
fn null_is_refused_in_every_format() {
    let dir = scratch();
    let tree = plist!({ "a": [1] });
    let files = [
        ("bin", plistvalue::to_vec(&tree).unwrap()),
        ("xml", plistvalue::to_vec_xml(&tree).unwrap()),
        ("json", br#"{"a":[1]}"#.to_vec()),
    ];
    for (kind, bytes) in files {
        let file = dir.path().join(format!("n.{kind}"));
        fs::write(&file, &bytes).unwrap();
        for (op, path, value) in [
            ("-insert", "b", "null"),
            ("-insert", "a.0", "[1,null]"),
            ("-replace", "a", r#"{"x":{"y":null}}"#),
        ] {
            let (code, out, err) = outcome(&[op, path, "-json", value, s(&file)]);
            assert_eq!(
                (code, out.as_str(), err),
                (
                    1,
                    "",
                    format!(
                        "Failed to parse value {value} with type -json\nRun 'plistvalue -help' for usage.\n"
                    )
                ),
                "{kind} {op} {value}"
            );
            assert_eq!(fs::read(&file).unwrap(), bytes);
        }
    }
    // A JSON file's null converts to JSON only.
    let file = dir.path().join("null.json");
    fs::write(&file, r#"{"a":[1,null]}"#).unwrap();
    let f = s(&file);
    for fmt in ["binary1", "xml1"] {
        let (code, out, err) = outcome(&["-convert", fmt, "-o", "-", f]);
        assert_eq!(
            (code, out.as_str(), err),
            (
                1,
                "",
                format!("{f}: invalid object in plist for destination format (null at a.1)\n")
            ),
            "{fmt}"
        );
    }
    let (code, out, _) = outcome(&["-convert", "json", "-o", "-", f]);
    assert_eq!((code, out.as_str()), (0, r#"{"a":[1,null]}"#));
}

#[test]
fn bad_usage_says_one_line_and_exits_1() {
    let help = "Run 'plistvalue -help' for usage.\n";
    let cases: &[(&[&str], &str)] = &[
        (&[], "No files specified."),
        (&["-p"], "No files specified."),
        (&["-frob", "x"], "unrecognized option: -frob"),
        (&["-p", "-q", "x"], "unrecognized option: -q"),
        (&["-convert"], "Missing format specifier for command."),
        (&["-convert", "yaml", "x"], "Unknown format specifier: yaml"),
        (
            &["-convert", "swift", "x"],
            "Format swift is not supported by plistvalue.",
        ),
        (
            &["-extract", "a"],
            "'Extract' requires a key path and a plist format.",
        ),
        (&["-type"], "'Extract' requires a key path."),
        (
            &["-insert", "a", "-string"],
            "'Insert' and 'Replace' require a key path, a type, and a value.",
        ),
        (&["-remove"], "'Remove' requires a key path."),
        (
            &["-type", "a", "-expect"],
            "-expect requires a type argument.",
        ),
        (
            &["-type", "a", "-expect", "number", "x"],
            "-expect type [number] not valid.",
        ),
        (&["-convert", "xml1", "x", "-o"], "Missing argument for -o."),
        (&["-convert", "xml1", "x", "-e"], "Missing argument for -e."),
        (&["-lint", "-o", "y", "x"], "-o is not used with -lint."),
        (&["-p", "-e", "y", "x"], "-e is not used with -p."),
        (
            &["-convert", "xml1", "-o", "y", "a", "b"],
            "-o takes one file; 2 were given.",
        ),
        (
            &["-insert", "a", "-integer", "12abc", "x"],
            "Failed to parse value 12abc with type -integer",
        ),
        (
            &["-insert", "a", "-bool", "1", "x"],
            "Failed to parse value 1 with type -bool",
        ),
        (
            &["-insert", "a", "-number", "1", "x"],
            "Unknown insert or replace type -number",
        ),
    ];
    for (args, line) in cases {
        let (code, out, err) = outcome(args);
        assert_eq!((code, out.as_str()), (1, ""), "{args:?}");
        assert_eq!(err, format!("{line}\n{help}"), "{args:?}");
    }
    // `--` makes a dash-named file a file; -s with -p warns and runs.
    let dir = scratch();
    let dashed = write_binary(dir.path(), "-x.plist", &plist!([1]));
    let (code, out, err) = outcome(&["-p", "-s", "--", s(&dashed)]);
    assert_eq!(code, 0);
    assert_eq!(out, "[\n  0 => 1\n]\n");
    assert_eq!(err, "-s doesn't make a lot of sense with -p.\n");
    let (code, out, _) = outcome(&["--help"]);
    assert_eq!(code, 0);
    for word in [
        "-lint",
        "-p",
        "-convert",
        "-extract",
        "-type",
        "-insert",
        "-replace",
        "-remove",
        "-create",
        "-append",
        "-expect",
        "-bool",
        "-integer",
        "-float",
        "-string",
        "-date",
        "-data",
        "-xml",
        "-json",
        "-array",
        "-dictionary",
        "-s",
        "-r",
        "-n",
        "-o",
        "-e",
        "--version",
    ] {
        assert!(out.contains(word), "--help names {word}");
    }
    assert_eq!(
        outcome(&["--version"]).1,
        format!("plistvalue {}\n", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn missing_and_corrupt_files_fail_alone() {
    let dir = scratch();
    let good = write_binary(dir.path(), "good.plist", &plist!({ "a": 1 }));
    let missing = dir.path().join("missing.plist");
    let junk = dir.path().join("junk.plist");
    // `hello` alone would be an OpenStep plist: a string.
    fs::write(&junk, "hello world").unwrap();
    let truncated = dir.path().join("truncated.plist");
    let bytes = fs::read(&good).unwrap();
    fs::write(&truncated, &bytes[..bytes.len() - 3]).unwrap();
    let (code, out, err) = outcome(&["-lint", s(&missing), s(&good), s(&junk), s(&truncated)]);
    assert_eq!(code, 1);
    assert_eq!(out, format!("{}: OK\n", s(&good)));
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 3, "{err}");
    assert!(lines[0].starts_with(&format!(
        "{}: file does not exist or is not readable or is not a regular file (",
        s(&missing)
    )));
    assert!(
        lines[1].starts_with(&format!("{}: unexpected character 'w'", s(&junk)))
            && lines[1].ends_with("(line 1, column 7, byte offset 6)"),
        "{}",
        lines[1]
    );
    assert!(
        lines[2].starts_with(&format!("{}: ", s(&truncated))) && lines[2].contains("byte offset")
    );
    for cmd in [
        &["-p"][..],
        &["-extract", "a", "raw"],
        &["-type", "a"],
        &["-convert", "xml1"],
    ] {
        let mut argv = cmd.to_vec();
        argv.push(s(&truncated));
        let (code, _, err) = outcome(&argv);
        assert_eq!(code, 1, "{cmd:?}");
        assert_eq!(err.lines().count(), 1, "{cmd:?}: {err}");
    }
}

#[test]
fn a_closed_stdout_ends_quietly_with_status_1() {
    let dir = scratch();
    let big: Vec<PlistValue> = (0..200_000).map(PlistValue::from).collect();
    let file = write_binary(dir.path(), "big.plist", &PlistValue::Array(big.into()));
    let mut child = bin()
        .args(["-p", s(&file)])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take()); // the reader goes away, as `| head` does
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
}

#[test]
fn stats_of_the_music_preferences_are_cli_md_s_table() {
    let Some(file) = env::shared("corpus/bplist/Fadil369__plist-backup__com.apple.Music.plist")
    else {
        return;
    };
    let (code, out, err) = outcome(&["-stats", s(&file)]);
    assert_eq!((code, err.as_str()), (0, ""));
    let want = format!(
        "{}: binary plist, 15231 bytes, 1183 objects
  offset size 2, reference size 2, top object 0, offset table 2366 bytes, trailer 32 bytes
  type                objects      bytes
  dictionary              233       5499
  array                     9        459
  string (ASCII)           99       2241
  string (UTF-16)           1         47
  integer                  23         71
  real                      1          5
  data                      7       3693
  boolean                 810        810
  total                  1183      12825
  references 2855; objects referenced more than once 36, sharing saves 29332 bytes
  unreachable objects 808 (808 bytes); nesting depth 4
",
        s(&file)
    );
    assert_eq!(out, want);
}

#[test]
fn stats_of_a_generated_file_add_up_to_its_size() {
    let dir = scratch();
    // "x" is written once and referenced three times; every type has a row.
    let tree = plist!({ "a": ["x", "x", 1.5, true, (Uid::new(1))], "b": { "k": "x" }, "c": [[]] });
    let file = write_binary(dir.path(), "g.plist", &tree);
    let size = fs::metadata(&file).unwrap().len();
    let (code, out, _) = outcome(&["-stats", s(&file)]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    let total: Vec<u64> = lines
        .iter()
        .find(|l| l.starts_with("  total"))
        .unwrap()
        .split_whitespace()
        .skip(1)
        .map(|w| w.parse().unwrap())
        .collect();
    let objects = total[0];
    // Header, objects, a 1-byte offset per object, trailer.
    assert_eq!(8 + total[1] + objects + 32, size, "{out}");
    assert!(out.contains("  string (ASCII)"), "{out}");
    assert!(
        out.contains("unreachable objects 0 (0 bytes); nesting depth 3"),
        "{out}"
    );
    // XML is reported over the table its decode builds.
    let xml = dir.path().join("g.xml");
    fs::write(&xml, plistvalue::to_vec_xml(&tree).unwrap()).unwrap();
    let (code, out, _) = outcome(&["-stats", s(&xml)]);
    assert_eq!(code, 0);
    assert!(
        out.starts_with(&format!(
            "{}: XML plist, {} bytes, ",
            s(&xml),
            fs::metadata(&xml).unwrap().len()
        )),
        "{out}"
    );
}

#[test]
fn diff_prints_cli_md_s_example_and_exits_like_diff() {
    let dir = scratch();
    let old = plist!({ "CFBundleVersion": "212", "LSUIElement": true, "items": [1, 2, 3],
        "token": (PlistValue::Data(vec![0x7b, 0xb7])) });
    let new = plist!({ "CFBundleVersion": "213", "NSHighResolutionCapable": true,
        "items": [1, 2, 3.0], "token": (PlistValue::Data(vec![0x7b, 0xb7, 0x5d])) });
    // Any formats: binary against XML.
    let a = write_binary(dir.path(), "old.plist", &old);
    let b = dir.path().join("new.plist");
    fs::write(&b, plistvalue::to_vec_xml(&new).unwrap()).unwrap();
    let (code, out, err) = outcome(&["-diff", s(&a), s(&b)]);
    assert_eq!((code, err.as_str()), (1, ""));
    assert_eq!(
        out,
        "~ CFBundleVersion: \"212\" => \"213\"\n~ items.2: 3 => 3.0\n- LSUIElement: true\n\
         + NSHighResolutionCapable: true\n\
         ~ token: {length = 2, bytes = 0x7bb7} => {length = 3, bytes = 0x7bb75d}\n"
    );
    assert_eq!(
        outcome(&["-diff", "-s", s(&a), s(&b)]),
        (1, String::new(), String::new())
    );
    // Key order is no difference.
    let reordered = write_binary(dir.path(), "r.plist", &plist!({ "b": 1, "a": 2 }));
    let ordered = write_binary(dir.path(), "o.plist", &plist!({ "a": 2, "b": 1 }));
    assert_eq!(
        outcome(&["-diff", s(&ordered), s(&reordered)]),
        (0, String::new(), String::new())
    );
    // Trouble is 2: a missing file, the wrong number of files.
    let (code, _, err) = outcome(&["-diff", s(&a), s(&dir.path().join("missing"))]);
    assert_eq!(code, 2);
    assert!(err.contains("file does not exist"), "{err}");
    let (code, _, err) = outcome(&["-diff", s(&a)]);
    assert_eq!(code, 2);
    assert!(
        err.starts_with("-diff takes two files; 1 were given.\n"),
        "{err}"
    );
}

#[test]
fn unarchive_prints_and_converts_the_resolved_tree_and_never_writes_in_place() {
    let dir = scratch();
    let tree = plist!({ "title": "Groceries", "items": ["milk", "eggs"], "count": 2 });
    let archive = dir.path().join("list.archive");
    fs::write(&archive, plistvalue::archive::archive(&tree).unwrap()).unwrap();
    let before = fs::read(&archive).unwrap();

    // Printed as -p prints (CLI.md, "The -p format"): keys in its order, indices as `i =>`.
    let (code, out, err) = outcome(&["-unarchive", s(&archive)]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        out,
        "{\n  \"count\" => 2\n  \"items\" => [\n    0 => \"milk\"\n    1 => \"eggs\"\n  ]\n  \"title\" => \"Groceries\"\n}\n"
    );

    // Converted: to stdout without -o, and the archive is left as it was.
    let (code, out, _) = outcome(&["-unarchive", "-convert", "json", s(&archive)]);
    assert_eq!(code, 0);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        json,
        serde_json::json!({ "title": "Groceries", "items": ["milk", "eggs"], "count": 2 })
    );
    let into = dir.path().join("tree.plist");
    let (code, _, _) = outcome(&[
        "-unarchive",
        "-convert",
        "binary1",
        "-o",
        s(&into),
        s(&archive),
    ]);
    assert_eq!(code, 0);
    let read: PlistValue = plistvalue::from_slice(&fs::read(&into).unwrap()).unwrap();
    assert_eq!(read, tree);
    assert_eq!(fs::read(&archive).unwrap(), before);

    // A hostile archive (a UID past `$objects`) is one line naming the file, exit 1.
    let bad = write_binary(
        dir.path(),
        "bad.archive",
        &plist!({
            "$archiver": "NSKeyedArchiver", "$version": 100_000,
            "$top": { "root": (Uid::new(5)) }, "$objects": ["$null"],
        }),
    );
    let (code, out, err) = outcome(&["-unarchive", s(&bad)]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with(s(&bad)) && err.contains("$objects"),
        "{err}"
    );

    // Usage: a format is required after -convert, and -e has no place here.
    assert_eq!(outcome(&["-unarchive", "-convert", s(&archive)]).0, 1);
    assert_eq!(outcome(&["-unarchive", "-e", "x", s(&archive)]).0, 1);
}

/// 100,001 objects that share one offset, a 1 MB string: the byte counts run to
/// twelve digits, past the 11-wide column, and still stand apart from the counts.
#[test]
fn stats_columns_widen_for_wide_numbers() {
    let (n, len) = (100_001u32, 1_000_000u32);
    let mut b = b"bplist00".to_vec();
    b.extend([0xAF, 0x12]);
    b.extend(n.to_be_bytes());
    for i in 1..=n {
        b.extend(i.to_be_bytes());
    }
    let string_at = b.len() as u32;
    b.extend([0x5F, 0x12]);
    b.extend(len.to_be_bytes());
    b.extend(std::iter::repeat_n(b'a', len as usize));
    let table_at = b.len() as u64;
    b.extend(8u32.to_be_bytes());
    for _ in 0..n {
        b.extend(string_at.to_be_bytes());
    }
    b.extend([0; 6]);
    b.extend([4, 4]);
    b.extend(u64::from(n + 1).to_be_bytes());
    b.extend(0u64.to_be_bytes());
    b.extend(table_at.to_be_bytes());
    let dir = scratch();
    let file = dir.path().join("wide.plist");
    fs::write(&file, b).unwrap();
    let (code, out, err) = outcome(&["-stats", s(&file)]);
    assert_eq!((code, err.as_str()), (0, ""), "{out}");
    let rows: Vec<Vec<&str>> = out
        .lines()
        .skip(2)
        .take(4)
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(
        rows,
        [
            vec!["type", "objects", "bytes"],
            vec!["array", "1", "400010"],
            vec!["string", "(ASCII)", "100001", "100001600006"],
            vec!["total", "100002", "100002000016"],
        ],
        "{out}"
    );
    let widths: Vec<usize> = out.lines().skip(2).take(4).map(str::len).collect();
    assert!(widths.windows(2).all(|w| w[0] == w[1]), "{out}");
}
