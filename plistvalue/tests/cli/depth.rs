//! One depth rule for every command (CLI.md, "Depth"): nothing nested deeper
//! than 512 levels, CoreFoundation's limit, is read or written, whatever the
//! format, and the refusal names where the first container past it is.

use std::fs;
use std::path::{Path, PathBuf};

use crate::{outcome, s, scratch};

/// A binary file of `levels` arrays, each holding the next, the innermost
/// holding the string "z". The library's encoder stops at 512 levels, so the
/// bytes are written by hand, with 4-byte offsets and references: object i is
/// the array at level i + 1, at byte offset 8 + 5·i.
fn deep_binary(dir: &Path, levels: usize) -> PathBuf {
    let mut file = b"bplist00".to_vec();
    let mut offsets = Vec::new();
    for i in 0..levels {
        offsets.push(file.len() as u32);
        file.push(0xA1);
        file.extend((i as u32 + 1).to_be_bytes());
    }
    offsets.push(file.len() as u32);
    file.extend([0x51, b'z']);
    let table = file.len() as u64;
    for o in &offsets {
        file.extend(o.to_be_bytes());
    }
    file.extend([0, 0, 0, 0, 0, 0, 4, 4]);
    file.extend((offsets.len() as u64).to_be_bytes());
    file.extend(0u64.to_be_bytes());
    file.extend(table.to_be_bytes());
    let path = dir.join(format!("deep-{levels}.plist"));
    fs::write(&path, &file).unwrap();
    path
}

/// A keypath of `n` components `0`.
fn zeros(n: usize) -> String {
    vec!["0"; n].join(".")
}

#[test]
fn every_command_refuses_a_file_nested_past_512_levels() {
    let dir = scratch();
    // 2,000 levels: `-p` used to print 8 MB of it (the square of the depth).
    let file = deep_binary(dir.path(), 2_000);
    let f = s(&file);
    let before = fs::read(&file).unwrap();
    // The array at level 513 is object 512.
    let want =
        format!("{f}: nesting deeper than the limit of 512 (byte offset 2568, object 512)\n");
    let deep_path = zeros(1_000);
    let commands: Vec<Vec<&str>> = vec![
        vec!["-lint"],
        vec!["-stats"],
        vec!["-p"],
        vec!["-convert", "json", "-o", "-"],
        vec!["-convert", "xml1", "-o", "-"],
        vec!["-convert", "binary1", "-o", "-"],
        vec!["-convert", "binary1"],
        // Lazy: a short keypath to a deep value, and a keypath past the limit.
        vec!["-extract", "0", "json", "-o", "-"],
        vec!["-extract", &deep_path, "raw"],
        vec!["-type", &deep_path],
        vec!["-insert", "0.0", "-integer", "1"],
        vec!["-replace", "0", "-integer", "1"],
        vec!["-remove", "0"],
    ];
    for args in commands {
        let mut argv = args.clone();
        argv.push(f);
        let (code, out, err) = outcome(&argv);
        assert_eq!(
            (code, out.as_str(), err.as_str()),
            (1, "", want.as_str()),
            "{args:?}"
        );
    }
    let (code, out, err) = outcome(&["-diff", f, f]);
    assert_eq!((code, out.as_str(), err.as_str()), (2, "", want.as_str()));
    assert_eq!(fs::read(&file).unwrap(), before);
}

#[test]
fn deep_files_are_refused_without_recursion() {
    // 60,000 levels; the keypath below is one argument, and Linux takes 128 KiB.
    let dir = scratch();
    let file = deep_binary(dir.path(), 60_001);
    let f = s(&file);
    let want =
        format!("{f}: nesting deeper than the limit of 512 (byte offset 2568, object 512)\n");
    for args in [
        vec!["-extract", &zeros(60_001), "raw", f],
        vec!["-convert", "json", "-o", "-", f],
        vec!["-p", f],
    ] {
        let (code, _, err) = outcome(&args);
        assert_eq!((code, err.as_str()), (1, want.as_str()), "{:?}", &args[..1]);
    }
}

#[test]
fn every_command_reads_512_levels() {
    let dir = scratch();
    let file = deep_binary(dir.path(), 512);
    let f = s(&file);
    assert_eq!(
        outcome(&["-lint", f]),
        (0, format!("{f}: OK\n"), String::new())
    );
    let (code, out, err) = outcome(&["-p", f]);
    assert_eq!(code, 0, "{err}");
    // The string's line is indented by its level, 512.
    assert!(out.contains(&format!("\n{}0 => \"z\"\n", " ".repeat(1024))));
    assert!(!out.contains("deeper"));
    let (code, out, err) = outcome(&["-convert", "json", "-o", "-", f]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, format!("{}\"z\"{}", "[".repeat(512), "]".repeat(512)));
    assert_eq!(outcome(&["-extract", &zeros(512), "raw", f]).1, "z\n");
    assert_eq!(outcome(&["-type", &zeros(512), f]).1, "string\n");
    assert_eq!(outcome(&["-type", &zeros(511), f]).1, "array\n");
    // Each format's 512 levels read back through each other format.
    let xml = dir.path().join("deep.xml");
    let json = dir.path().join("deep.json");
    let back = dir.path().join("back.plist");
    assert_eq!(outcome(&["-convert", "xml1", "-o", s(&xml), f]).0, 0);
    assert_eq!(outcome(&["-convert", "json", "-o", s(&json), s(&xml)]).0, 0);
    assert_eq!(
        outcome(&["-convert", "binary1", "-o", s(&back), s(&json)]).0,
        0
    );
    let (code, _, err) = outcome(&["-diff", f, s(&back)]);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn xml_and_json_stop_at_the_same_depth_and_say_where() {
    let dir = scratch();
    let xml = |levels: usize| {
        let path = dir.path().join(format!("{levels}.xml"));
        let body = format!(
            "<plist version=\"1.0\">\n{}<true/>{}\n</plist>\n",
            "<array>".repeat(levels),
            "</array>".repeat(levels)
        );
        fs::write(&path, body).unwrap();
        path
    };
    let json = |levels: usize| {
        let path = dir.path().join(format!("{levels}.json"));
        fs::write(
            &path,
            format!("\n {}{}", "[".repeat(levels), "]".repeat(levels)),
        )
        .unwrap();
        path
    };
    for file in [xml(512), json(512), json(200)] {
        let (code, _, err) = outcome(&["-convert", "binary1", "-o", "-", s(&file)]);
        assert_eq!(code, 0, "{err}");
    }
    // The XML reader names the content of the 513th array.
    let (code, _, err) = outcome(&["-p", s(&xml(513))]);
    assert_eq!(code, 1);
    assert!(
        err.ends_with("more than 512 nested arrays and dictionaries, CoreFoundation's limit (line 2, column 3592, byte offset 3613)\n"),
        "{err}"
    );
    // The 513th `[` is at line 2, column 514.
    let (code, _, err) = outcome(&["-p", s(&json(513))]);
    let f = s(&dir.path().join("513.json")).to_owned();
    assert_eq!(
        (code, err),
        (
            1,
            format!("{f}: JSON error: nesting deeper than the limit of 512 (line 2, column 514, byte offset 514)\n")
        )
    );
}

#[test]
fn an_edit_never_nests_past_512_levels() {
    let dir = scratch();
    let file = dir.path().join("e.json");
    fs::write(&file, "{}").unwrap();
    let f = s(&file);
    // Inside the root dictionary, 511 levels make 512.
    let value = format!("{}{}", "[".repeat(511), "]".repeat(511));
    let (code, _, err) = outcome(&["-insert", "k", "-json", &value, f]);
    assert_eq!(code, 0, "{err}");
    let deeper = format!("[{value}]");
    let (code, _, err) = outcome(&["-insert", "j", "-json", &deeper, f]);
    assert_eq!(
        (code, err),
        (
            1,
            format!("{f}: Could not modify plist, error: Value at key path j would nest deeper than the limit of 512\n")
        )
    );
    // Appending to the array at k puts the value one level further in.
    let (code, _, err) = outcome(&["-insert", "k", "-json", &value, "-append", f]);
    assert_eq!(code, 1, "{err}");
    assert_eq!(
        fs::read_to_string(&file).unwrap(),
        format!("{{\"k\":{value}}}")
    );
}
