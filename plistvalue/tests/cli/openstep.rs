//! OpenStep files through every command: each reads them (`-lint`, `-p`,
//! `-convert`, `-extract`, `-type`, `-stats`, `-diff`), JSON is still told apart,
//! and an edit, which would have to write OpenStep, is refused with the file left
//! as it was.

use std::fs;

use plistvalue::{plist, PlistValue};

use super::{env, outcome, s, scratch};

const PBXPROJ: &str = "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjectVersion = 77;\n\tobjects = {\n\t\tA1 /* Demo */ = {isa = PBXGroup; children = ( B2 /* a.m */, ); name = \"My App\"; };\n\t};\n\trootObject = A1 /* Demo */;\n}\n";

fn tree() -> PlistValue {
    plist!({
        "archiveVersion": "1",
        "objectVersion": "77",
        "objects": { "A1": { "isa": "PBXGroup", "children": ["B2"], "name": "My App" } },
        "rootObject": "A1"
    })
}

#[test]
fn every_command_reads_openstep_and_edits_refuse() {
    let dir = scratch();
    let file = dir.path().join("project.pbxproj");
    fs::write(&file, PBXPROJ).unwrap();
    let f = s(&file);
    assert_eq!(
        outcome(&["-lint", f]),
        (0, format!("{f}: OK\n"), String::new())
    );
    let (code, out, _) = outcome(&["-p", f]);
    assert_eq!(code, 0);
    assert!(out.contains("\"objectVersion\" => \"77\"\n"), "{out}");
    for fmt in ["xml1", "binary1", "json"] {
        let out = dir.path().join(format!("out.{fmt}"));
        assert_eq!(outcome(&["-convert", fmt, "-o", s(&out), f]).0, 0, "{fmt}");
        if fmt != "json" {
            let back: PlistValue = plistvalue::from_file(&out).unwrap();
            assert_eq!(back, tree(), "{fmt}");
        }
    }
    let (_, json, _) = outcome(&["-convert", "json", "-o", "-", f]);
    assert!(json.contains(r#""objectVersion":"77""#), "{json}");
    assert_eq!(
        outcome(&["-extract", "objects.A1.name", "raw", f]),
        (0, "My App\n".into(), String::new())
    );
    assert_eq!(
        outcome(&["-type", "objects.A1.children", f]),
        (0, "array\n".into(), String::new())
    );
    let (code, stats, _) = outcome(&["-stats", f]);
    assert_eq!(code, 0);
    assert!(
        stats.contains(&format!("OpenStep plist, {} bytes", PBXPROJ.len())),
        "{stats}"
    );
    let xml = dir.path().join("same.plist");
    fs::write(&xml, plistvalue::to_vec_xml(&tree()).unwrap()).unwrap();
    assert_eq!(outcome(&["-diff", f, s(&xml)]).0, 0);
    // Edits keep the input's format, and OpenStep is not written yet.
    for args in [
        vec!["-replace", "objectVersion", "-string", "78"],
        vec!["-insert", "x", "-string", "y"],
        vec!["-remove", "rootObject"],
    ] {
        let mut argv = args.clone();
        argv.push(f);
        let (code, out, err) = outcome(&argv);
        assert_eq!(code, 1, "{args:?}");
        assert!(out.is_empty());
        assert_eq!(
            err,
            format!("{f}: Could not modify plist, error: writing OpenStep (old-style ASCII) property lists is not supported; convert the file first (-convert xml1)\n")
        );
        assert_eq!(fs::read_to_string(&file).unwrap(), PBXPROJ, "{args:?}");
    }
    // `-convert` in place replaces the file by its XML.
    assert_eq!(outcome(&["-convert", "xml1", f]).0, 0);
    assert!(fs::read(&file).unwrap().starts_with(b"<?xml"));
}

#[test]
fn json_and_openstep_are_told_apart_by_their_first_entry() {
    let dir = scratch();
    for (name, text, want, lint) in [
        (
            "json.json",
            r#"{ "a": 1, "b": [true] }"#,
            plist!({ "a": 1, "b": [true] }),
            1,
        ),
        (
            "os.plist",
            r#"{ "a" = 1; "b" = (YES); }"#,
            plist!({ "a": "1", "b": ["YES"] }),
            0,
        ),
        (
            "strings.strings",
            "\"a\" = \"1\";\n",
            plist!({ "a": "1" }),
            0,
        ),
        ("empty.json", " {  } ", plist!({}), 1),
    ] {
        let file = dir.path().join(name);
        fs::write(&file, text).unwrap();
        let out = dir.path().join(format!("{name}.xml"));
        assert_eq!(
            outcome(&["-convert", "xml1", "-o", s(&out), s(&file)]).0,
            0,
            "{name}"
        );
        let back: PlistValue = plistvalue::from_file(&out).unwrap();
        assert_eq!(back, want, "{name}");
        assert_eq!(outcome(&["-lint", "-s", s(&file)]).0, lint, "{name}");
    }
    // A broken OpenStep file: one line with the line, column and byte offset.
    let file = dir.path().join("broken.pbxproj");
    fs::write(&file, "{\n\ta = b\n}\n").unwrap();
    let (code, _, err) = outcome(&["-lint", s(&file)]);
    assert_eq!(code, 1);
    assert_eq!(
        err,
        format!(
            "{}: unexpected character '}}': expected ';' after a dictionary entry (line 3, column 1, byte offset 9)\n",
            s(&file)
        )
    );
}

#[test]
fn lint_agrees_with_the_openstep_manifest() {
    let Some(dir) = env::shared("corpus/openstep") else {
        return;
    };
    let manifest = fs::read_to_string(dir.join("MANIFEST.tsv")).expect("MANIFEST.tsv");
    let mut lines = manifest.lines();
    let header: Vec<&str> = lines.next().expect("a header").split('\t').collect();
    let expect = header.iter().position(|h| *h == "expect").unwrap();
    let (mut ok, mut rejected) = (0, 0);
    for line in lines.filter(|l| !l.is_empty()) {
        let cols: Vec<&str> = line.split('\t').collect();
        let path = dir.join(cols[0]);
        let (code, out, err) = outcome(&["-lint", s(&path)]);
        if cols[expect] == "parse" {
            assert_eq!(
                (code, out),
                (0, format!("{}: OK\n", path.display())),
                "{err}"
            );
            ok += 1;
        } else {
            assert_eq!(code, 1, "{} passed -lint", path.display());
            assert_eq!(err.lines().count(), 1, "{err}");
            assert!(err.contains("byte offset "), "{err}");
            rejected += 1;
        }
    }
    assert_eq!((ok, rejected), (89, 16));
}
