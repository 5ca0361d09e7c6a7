//! OpenStep files through every command: each reads them (`-lint`, `-p`,
//! `-convert`, `-extract`, `-type`, `-stats`, `-diff`), JSON is still told apart,
//! and an edit writes the file back as OpenStep. Writing (CLI.md, "OpenStep"):
//! `-convert openstep` rewrites every Xcode-written corpus project in place without
//! changing a byte, an edit changes only its own line, a project converted from
//! XML into `NAME.xcodeproj` takes that name, a `.strings` file stays one.

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
fn every_command_reads_openstep_and_edits_write_it_back() {
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
    // Edits keep the input's format: OpenStep, here in Xcode's layout.
    assert_eq!(
        outcome(&["-replace", "objectVersion", "-string", "78", f]),
        (0, String::new(), String::new())
    );
    let text = fs::read_to_string(&file).unwrap();
    assert!(text.starts_with("// !$*UTF8*$!\n{\n"), "{text}");
    assert!(text.contains("\tobjectVersion = 78;\n"), "{text}");
    let mut want = tree();
    want["objectVersion"] = "78".into();
    assert_eq!(plistvalue::from_file::<_, PlistValue>(&file).unwrap(), want);
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

/// The project name an Xcode-written file states: `Build configuration list for
/// PBXProject "NAME"`.
fn project_name(text: &str) -> Option<&str> {
    let rest = text
        .split("Build configuration list for PBXProject \"")
        .nth(1)?;
    rest.split("\" */").next()
}

#[test]
fn convert_openstep_rewrites_every_xcode_written_corpus_project_in_place_unchanged() {
    let Some(dir) = env::shared("corpus/openstep") else {
        return;
    };
    let manifest = fs::read_to_string(dir.join("MANIFEST.tsv")).expect("MANIFEST.tsv");
    let mut lines = manifest.lines();
    let header: Vec<&str> = lines.next().expect("a header").split('\t').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let scratch = scratch();
    let mut same = 0;
    for (i, line) in lines.filter(|l| !l.is_empty()).enumerate() {
        let cols: Vec<&str> = line.split('\t').collect();
        if cols[col("xcode_written")] != "yes" || cols[col("model_reproduces")] != "yes" {
            continue;
        }
        let original = fs::read(dir.join(cols[0])).unwrap();
        // In a folder of another name: the file's own annotation names the project.
        let folder = scratch.path().join(format!("{i}/Other.xcodeproj"));
        fs::create_dir_all(&folder).unwrap();
        let file = folder.join("project.pbxproj");
        fs::write(&file, &original).unwrap();
        assert_eq!(
            outcome(&["-convert", "openstep", s(&file)]),
            (0, String::new(), String::new()),
            "{}",
            cols[0]
        );
        assert!(fs::read(&file).unwrap() == original, "{}: changed", cols[0]);
        // From stdin to stdout too.
        let out = super::run(&["-convert", "openstep", "-o", "-", "-"], Some(&original));
        assert!(
            out.stdout == original,
            "{}: stdin to stdout changed",
            cols[0]
        );
        same += 1;
    }
    assert!(same >= 46, "{same} projects");
}

#[test]
fn an_edit_of_a_project_changes_only_its_line() {
    let Some(dir) = env::shared("corpus/openstep") else {
        return;
    };
    let name = "tuist__XcodeProj__Fixtures_iOS_BuildSettings.xcodeproj_project.pbxproj";
    let original = fs::read_to_string(dir.join(name)).unwrap();
    let scratch = scratch();
    let file = scratch.path().join("project.pbxproj");
    fs::write(&file, &original).unwrap();
    // The first configuration's SDKROOT, by its ID.
    let tree: PlistValue = plistvalue::from_file(&file).unwrap();
    let (id, _) = tree["objects"]
        .as_dictionary()
        .unwrap()
        .iter()
        .find(|(_, o)| o["buildSettings"].get("SDKROOT").is_some())
        .expect("a configuration with SDKROOT");
    let keypath = format!("objects.{id}.buildSettings.SDKROOT");
    assert_eq!(
        outcome(&["-replace", &keypath, "-string", "macosx 15", s(&file)]).0,
        0
    );
    let edited = fs::read_to_string(&file).unwrap();
    let old: Vec<&str> = original.lines().collect();
    let new: Vec<&str> = edited.lines().collect();
    assert_eq!(old.len(), new.len());
    let changed: Vec<usize> = (0..old.len()).filter(|&i| old[i] != new[i]).collect();
    assert_eq!(changed.len(), 1, "{changed:?}");
    assert_eq!(new[changed[0]].trim_start(), "SDKROOT = \"macosx 15\";");
    assert!(old[changed[0]].trim_start().starts_with("SDKROOT = "));
}

#[test]
fn a_project_converted_into_an_xcodeproj_folder_takes_its_name() {
    let Some(dir) = env::shared("corpus/openstep") else {
        return;
    };
    let name = "tuist__XcodeProj__Fixtures_iOS_BuildSettings.xcodeproj_project.pbxproj";
    let original = fs::read_to_string(dir.join(name)).unwrap();
    let project = project_name(&original).expect("an annotated project");
    let scratch = scratch();
    let xml = scratch.path().join("project.plist");
    let tree: PlistValue = plistvalue::from_bytes(original.as_bytes()).unwrap();
    fs::write(&xml, plistvalue::to_vec_xml(&tree).unwrap()).unwrap();
    let folder = scratch.path().join(format!("{project}.xcodeproj"));
    fs::create_dir(&folder).unwrap();
    let out = folder.join("project.pbxproj");
    assert_eq!(
        outcome(&["-convert", "openstep", "-o", s(&out), s(&xml)]).0,
        0
    );
    assert_eq!(fs::read_to_string(&out).unwrap(), original);
    // Elsewhere, and from XML, which holds no name: the annotation says (null).
    let (code, text, _) = outcome(&["-convert", "openstep", "-o", "-", s(&xml)]);
    assert_eq!(code, 0);
    assert!(
        text.contains("Build configuration list for PBXProject \"(null)\""),
        "{text}"
    );
}

#[test]
fn strings_files_stay_strings_files_and_other_trees_are_written_plainly() {
    let dir = scratch();
    // A .strings file, in UTF-16 with a byte-order mark as genstrings writes it,
    // converted and edited in place: a UTF-8 .strings file, every string quoted.
    let file = dir.path().join("Localizable.strings");
    let utf16: Vec<u8> = [0xFF, 0xFE]
        .into_iter()
        .chain(
            "/* Greeting */\n\"hello\" = \"Hallo\";\nbye = \"Tschüss\";\n"
                .encode_utf16()
                .flat_map(u16::to_le_bytes),
        )
        .collect();
    fs::write(&file, utf16).unwrap();
    assert_eq!(outcome(&["-convert", "openstep", s(&file)]).0, 0);
    assert_eq!(
        fs::read_to_string(&file).unwrap(),
        "\"hello\" = \"Hallo\";\n\"bye\" = \"Tschüss\";\n"
    );
    assert_eq!(
        outcome(&["-insert", "thanks", "-string", "Danke", s(&file)]).0,
        0
    );
    assert_eq!(
        fs::read_to_string(&file).unwrap(),
        "\"hello\" = \"Hallo\";\n\"bye\" = \"Tschüss\";\n\"thanks\" = \"Danke\";\n"
    );
    // Any other tree: the plain layout, keys in the file's order (XML's are
    // sorted), typed values as the text typed fields read.
    let xml = dir.path().join("settings.plist");
    let v = plist!({ "name": "two words", "size": 12, "on": true, "tags": ["a"] });
    fs::write(&xml, plistvalue::to_vec_xml(&v).unwrap()).unwrap();
    let (code, text, err) = outcome(&["-convert", "openstep", "-o", "-", s(&xml)]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        text,
        "{\n\tname = \"two words\";\n\ton = YES;\n\tsize = 12;\n\ttags = (\n\t\ta,\n\t);\n}\n"
    );
    // What the format cannot hold is an error that names it, and nothing is written.
    let uid = dir.path().join("uid.plist");
    let v = plist!({ "ref": (PlistValue::Uid(plistvalue::Uid::new(3))) });
    fs::write(&uid, plistvalue::to_vec(&v).unwrap()).unwrap();
    let (code, out, err) = outcome(&["-convert", "openstep", s(&uid)]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(
        err.contains("a UID has no OpenStep form") && err.contains("ref"),
        "{err}"
    );
    assert_eq!(fs::read(&uid).unwrap(), plistvalue::to_vec(&v).unwrap());
}
