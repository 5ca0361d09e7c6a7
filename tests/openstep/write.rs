//! The writer's plain and `.strings` layouts (docs/OPENSTEP.md W1–W8, W15): seeded
//! random trees, with strings that need every kind of quoting and escaping, read
//! back to the same tree, keys in the same order, by our reader, by CF's parser
//! model and by GNUstep; the entry points agree with each other; typed values are
//! written as text that typed decodes read back.

use std::fs;
use std::path::Path;
use std::process::Command;

use plistvalue::{
    plist, Date, ErrorKind, OpenStepError, OpenStepStyle, OpenStepWriter, PlistValue,
};
use plistvalue_suite::differential::model::{self, Rules};
use plistvalue_suite::differential::openstep::{self, Answer};
use plistvalue_suite::differential::openstep_gen;

/// Whether two trees are equal with every dictionary's keys in the same order
/// (`PlistValue`'s `==` ignores the order).
fn same_order(a: &PlistValue, b: &PlistValue) -> bool {
    match (a, b) {
        (PlistValue::Dictionary(x), PlistValue::Dictionary(y)) => {
            x.len() == y.len()
                && x.iter()
                    .zip(y.iter())
                    .all(|((k1, v1), (k2, v2))| k1 == k2 && same_order(v1, v2))
        }
        (PlistValue::Array(x), PlistValue::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y.iter()).all(|(v1, v2)| same_order(v1, v2))
        }
        _ => a == b,
    }
}

fn written(v: &PlistValue, style: OpenStepStyle) -> Vec<u8> {
    OpenStepWriter::new()
        .style(style)
        .to_vec(v)
        .unwrap_or_else(|e| panic!("write {}: {e}", model::short(v)))
}

#[test]
fn random_trees_read_back_through_our_reader_in_order() {
    let trees = openstep_gen::trees(0x0BE7_5E47, 600);
    let mut layouts = [0usize; 2];
    for (i, tree) in trees.iter().enumerate() {
        let text = written(tree, OpenStepStyle::Auto);
        assert!(std::str::from_utf8(&text).is_ok(), "tree {i}: not UTF-8");
        let back: PlistValue = plistvalue::from_bytes(&text)
            .unwrap_or_else(|e| panic!("tree {i}: {e}\n{}", String::from_utf8_lossy(&text)));
        assert!(
            same_order(&back, tree),
            "tree {i}: read back differs\n{}",
            String::from_utf8_lossy(&text)
        );
        // The plain layout has no raw control character but its line breaks and tabs.
        assert!(
            !text.iter().any(|&c| c < 0x20 && c != b'\n' && c != b'\t'),
            "tree {i}: a raw control character"
        );
        layouts[usize::from(matches!(tree, PlistValue::Dictionary(_)))] += 1;
    }
    assert!(layouts.iter().all(|&n| n > 50), "{layouts:?}");
}

#[test]
fn random_strings_tables_read_back_as_strings_files() {
    for (i, table) in openstep_gen::strings_tables(0x5781_4665, 300)
        .iter()
        .enumerate()
    {
        let text = written(table, OpenStepStyle::Strings);
        let back: PlistValue = plistvalue::from_bytes(&text)
            .unwrap_or_else(|e| panic!("table {i}: {e}\n{}", String::from_utf8_lossy(&text)));
        assert!(same_order(&back, table), "table {i}");
        // Every line is one `"key" = "value";` entry.
        let n = table.as_dictionary().unwrap().len();
        let lines = text
            .split(|&c| c == b'\n')
            .filter(|l| !l.is_empty())
            .count();
        assert_eq!(lines, n, "table {i}");
    }
}

/// The trees the model reads from our text, in the model's notation, for files
/// written into `dir`.
fn model_reads(dir: &Path, tools: &Path, texts: &[Vec<u8>]) -> Vec<Answer> {
    let inputs: Vec<&[u8]> = texts.iter().map(Vec::as_slice).collect();
    openstep::parse_bytes(dir, tools, &inputs)
}

#[test]
fn the_model_of_cfs_parser_reads_our_text_to_the_tree_in_order() {
    let Some(tools) = openstep::tools() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let mut trees = openstep_gen::trees(0xCF_0B5E, 300);
    trees.extend(openstep_gen::strings_tables(0xCF_5781, 100));
    let texts: Vec<Vec<u8>> = trees
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let style = if i >= 300 {
                OpenStepStyle::Strings
            } else {
                OpenStepStyle::Auto
            };
            written(t, style)
        })
        .collect();
    let answers = model_reads(dir.path(), &tools, &texts);
    let mut failures = Vec::new();
    for (i, (tree, answer)) in trees.iter().zip(&answers).enumerate() {
        match answer {
            Answer::Ok(obs) => {
                if let Err(why) = model::same_tree(tree, obs, Rules::default()) {
                    failures.push(format!("tree {i}: {why}"));
                }
            }
            other => failures.push(format!("tree {i}: the model answers {other:?}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// GNUstep's reading of each file: `plser` writes it back in OpenStep form (its own
/// escapes: octal for controls, `\U` for everything past ASCII), which our reader
/// reads. GNUstep sorts keys, so the comparison is of dictionaries as maps.
fn gnustep_reads(path: &Path) -> Result<PlistValue, String> {
    let out = Command::new("plser")
        .args(["-Format", "NSPropertyListOpenStepFormat"])
        .arg(path)
        .output()
        .map_err(|e| format!("run plser: {e}"))?;
    if out.stdout.is_empty() {
        return Err(String::from_utf8_lossy(&out.stderr).trim().to_owned());
    }
    plistvalue::from_bytes(&out.stdout).map_err(|e| {
        format!(
            "our reader refuses plser's text ({e}): {}",
            String::from_utf8_lossy(&out.stdout)
        )
    })
}

#[test]
fn gnustep_reads_our_text_to_the_same_tree() {
    if !openstep::gnustep_available() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // GNUstep reads a string document as a .strings file; its roots here are
    // dictionaries and arrays. A NUL inside a string ends GNUstep's string, so
    // trees with one are left out, and GNUstep drops a U+FEFF at the start of a
    // string, escaped or not, so the tree it should read has none (both counted).
    let trees: Vec<PlistValue> = openstep_gen::trees(0x6E_u64 << 32 | 0x5737, 120)
        .into_iter()
        .filter(|t| matches!(t, PlistValue::Dictionary(_) | PlistValue::Array(_)))
        .collect();
    let (mut same, mut nul, mut bom, mut failures) = (0, 0, 0, Vec::new());
    let paths: Vec<_> = trees
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let path = dir.path().join(format!("tree-{i}.plist"));
            fs::write(&path, written(t, OpenStepStyle::Auto)).unwrap();
            path
        })
        .collect();
    let answers: Vec<_> = paths
        .chunks(8)
        .flat_map(|chunk| {
            std::thread::scope(|s| {
                let handles: Vec<_> = chunk.iter().map(|p| s.spawn(|| gnustep_reads(p))).collect();
                handles
                    .into_iter()
                    .map(|h| h.join().unwrap())
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    for (i, (tree, answer)) in trees.iter().zip(answers).enumerate() {
        if model::any(tree, has_nul) {
            nul += 1;
            continue;
        }
        let mut dropped = 0;
        let expected = without_leading_bom(tree, &mut dropped);
        bom += usize::from(dropped > 0);
        match answer {
            Ok(back) if back == expected => same += 1,
            Ok(back) => failures.push(format!(
                "tree {i}: GNUstep reads {}, we wrote {}",
                model::short(&back),
                model::short(tree)
            )),
            Err(e) => failures.push(format!("tree {i}: GNUstep refuses: {e}")),
        }
    }
    eprintln!(
        "GNUstep: {same} trees read alike ({bom} without a string's leading U+FEFF), \
         {nul} with a NUL left out"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(same > trees.len() / 2, "{same} of {}", trees.len());
}

/// `v` with one U+FEFF dropped from the start of every string and key, counted.
fn without_leading_bom(v: &PlistValue, dropped: &mut usize) -> PlistValue {
    let text = |s: &str, dropped: &mut usize| match s.strip_prefix('\u{feff}') {
        Some(rest) => {
            *dropped += 1;
            rest.to_owned()
        }
        None => s.to_owned(),
    };
    match v {
        PlistValue::String(s) => PlistValue::String(text(s, dropped)),
        PlistValue::Array(a) => PlistValue::from(
            a.iter()
                .map(|x| without_leading_bom(x, dropped))
                .collect::<Vec<_>>(),
        ),
        PlistValue::Dictionary(d) => {
            let mut out = plistvalue::Dictionary::new();
            for (k, x) in d {
                let k = text(k, dropped);
                out.insert(k, without_leading_bom(x, dropped));
            }
            PlistValue::Dictionary(out)
        }
        other => other.clone(),
    }
}

fn has_nul(v: &PlistValue) -> bool {
    match v {
        PlistValue::String(s) => s.contains('\0'),
        PlistValue::Dictionary(d) => d.keys().any(|k| k.contains('\0')),
        _ => false,
    }
}

#[test]
fn the_entry_points_write_the_same_bytes() {
    let v = plist!({ "b": ["x y", 1], "a": { "k": (PlistValue::Data(vec![0xca, 0xfe])) } });
    let bytes = plistvalue::to_vec_openstep(&v).unwrap();
    let mut w = Vec::new();
    plistvalue::to_writer_openstep(&mut w, &v).unwrap();
    assert_eq!(w, bytes);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("a.plist");
    plistvalue::to_file_openstep(&path, &v).unwrap();
    assert_eq!(fs::read(&path).unwrap(), bytes);
    assert_eq!(plistvalue::serde::to_vec_openstep(&v).unwrap(), bytes);
    let mut s = Vec::new();
    plistvalue::serde::to_writer_openstep(&mut s, &v).unwrap();
    assert_eq!(s, bytes);
    plistvalue::serde::to_file_openstep(&path, &v).unwrap();
    assert_eq!(fs::read(&path).unwrap(), bytes);
    let mut appended = b"// kept\n".to_vec();
    OpenStepWriter::new().write_into(&v, &mut appended).unwrap();
    assert_eq!(&appended[8..], &bytes[..]);
    assert_eq!(
        String::from_utf8(bytes).unwrap(),
        "{\n\tb = (\n\t\t\"x y\",\n\t\t1,\n\t);\n\ta = {\n\t\tk = <cafe>;\n\t};\n}\n"
    );
}

#[test]
fn keys_keep_the_values_order_unless_sorted() {
    let v = plist!({ "b": 1, "a": { "z": 1, "Z": 2, "é": 3, "e": 4 } });
    let kept = String::from_utf8(plistvalue::to_vec_openstep(&v).unwrap()).unwrap();
    assert!(kept.find("b = 1").unwrap() < kept.find("a = {").unwrap());
    let sorted = OpenStepWriter::new().sort_keys(true).to_vec(&v).unwrap();
    assert_eq!(
        String::from_utf8(sorted).unwrap(),
        "{\n\ta = {\n\t\tZ = 2;\n\t\te = 4;\n\t\tz = 1;\n\t\t\"é\" = 3;\n\t};\n\tb = 1;\n}\n"
    );
}

#[test]
fn typed_values_are_written_as_the_text_typed_decodes_read() {
    #[derive(Debug, PartialEq, plistvalue::ToPlist, plistvalue::FromPlist)]
    struct Settings {
        name: String,
        count: i64,
        big: u64,
        ratio: f64,
        small: f32,
        on: bool,
        off: bool,
        tags: Vec<String>,
        when: Date,
        blob: plistvalue::Data,
    }
    let s = Settings {
        name: "two words".into(),
        count: -42,
        big: u64::MAX,
        ratio: 0.1,
        small: 1.1,
        on: true,
        off: false,
        tags: vec!["a".into(), "-b".into()],
        when: Date::from_seconds_since_2001(737_000_000.25),
        blob: vec![1, 2, 3].into(),
    };
    let text = plistvalue::to_vec_openstep(&s).unwrap();
    assert_eq!(
        String::from_utf8(text.clone()).unwrap(),
        "{\n\tname = \"two words\";\n\tcount = \"-42\";\n\tbig = 18446744073709551615;\n\
         \tratio = 0.1;\n\tsmall = 1.1;\n\ton = YES;\n\toff = NO;\n\ttags = (\n\t\ta,\n\
         \t\t\"-b\",\n\t);\n\twhen = \"2024-05-10T02:13:20.25Z\";\n\tblob = <010203>;\n}\n"
    );
    let back: Settings = plistvalue::from_bytes(&text).unwrap();
    assert_eq!(back, s);
}

#[test]
fn what_the_format_cannot_hold_is_an_error_naming_its_path() {
    for (v, path) in [
        (plist!({ "a": [1, null] }), "a.1"),
        (
            plist!({ "x": { "u": (PlistValue::Uid(plistvalue::Uid::new(1))) } }),
            "x.u",
        ),
        (plist!([(f64::NAN)]), "0"),
    ] {
        let err = plistvalue::to_vec_openstep(&v).unwrap_err();
        assert!(matches!(err.kind(), ErrorKind::OpenStep(_)), "{err}");
        assert_eq!(err.path_string(), path, "{err}");
        assert!(err.to_string().contains(path), "{err}");
    }
    let err = OpenStepWriter::new()
        .style(OpenStepStyle::Strings)
        .to_vec(&plist!("text"))
        .unwrap_err();
    assert!(matches!(
        err.kind(),
        ErrorKind::OpenStep(OpenStepError::StringsRoot(_))
    ));
}

#[test]
fn no_layout_starts_with_a_nul_that_would_make_the_text_wide() {
    // A NUL in the first two bytes reads as UTF-16 without a byte-order mark
    // (docs/OPENSTEP.md R1): the plain and .strings layouts escape control
    // characters, so a string that starts with NUL starts with `"\U0000`.
    let root = PlistValue::String("\0\u{f}".into());
    let text = plistvalue::to_vec_openstep(&root).unwrap();
    assert_eq!(text, b"\"\\U0000\\U000f\"\n");
    assert_eq!(plistvalue::from_bytes::<PlistValue>(&text).unwrap(), root);
    let table = plist!({ "\0": "\0" });
    for style in [OpenStepStyle::Plain, OpenStepStyle::Strings] {
        let text = written(&table, style);
        assert!(!text[..2].contains(&0), "{style:?}");
        assert_eq!(plistvalue::from_bytes::<PlistValue>(&text).unwrap(), table);
    }
}
