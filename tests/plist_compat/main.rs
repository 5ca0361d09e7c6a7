//! Issue 26: `plistvalue::plist`, a drop-in for the `plist` crate, proven the way a
//! user would judge it.
//!
//! `program.rs` is a program written for the plist crate. It is compiled twice in
//! this target: in `upstream`, `plist` is the plist crate 1.x; in `ours`, it is
//! `plistvalue::plist`, as `use plistvalue::plist;` makes it in a switched program.
//! Both builds must print the same transcript, each must read the files the other
//! wrote exactly as it reads its own, and the XML they write must be the same
//! bytes. The other files test what the program cannot: the differences between
//! the two crates that are ours to keep, and the items behind the plist crate's
//! unstable feature.

// The one program, built twice on purpose.
#![allow(clippy::duplicate_mod)]

mod ascii;
mod differential;
mod items;
mod native;
mod ours;
mod upstream;

use std::fs;
use std::path::Path;

/// Line by line, so that a failure shows the first line that differs.
fn assert_same(what: &str, a: &str, b: &str) {
    for (i, (x, y)) in a.lines().zip(b.lines()).enumerate() {
        assert_eq!(x, y, "{what}: line {} differs", i + 1);
    }
    assert_eq!(
        a.lines().count(),
        b.lines().count(),
        "{what}: line counts differ"
    );
}

fn dirs() -> (tempfile::TempDir, tempfile::TempDir) {
    (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap())
}

#[test]
fn both_builds_print_the_same_and_read_each_others_files() {
    let (up, us) = dirs();
    let written_up = upstream::program::write(up.path());
    let written_us = ours::program::write(us.path());
    assert_same(
        "what the program printed while writing",
        &written_up,
        &written_us,
    );
    assert!(written_up.contains("to_value: Dictionary("), "{written_up}");

    let up_reads_up = upstream::program::read(up.path());
    let up_reads_us = upstream::program::read(us.path());
    let us_reads_us = ours::program::read(us.path());
    let us_reads_up = ours::program::read(up.path());
    assert_same(
        "the plist crate reading its own files vs ours",
        &up_reads_up,
        &up_reads_us,
    );
    assert_same(
        "ours reading the plist crate's files vs its own",
        &us_reads_up,
        &us_reads_us,
    );
    assert_same(
        "the two builds reading the same files",
        &up_reads_up,
        &us_reads_up,
    );
    // The transcript covers every file, and the models came back whole.
    assert!(up_reads_up
        .contains("project.xml: equals the original except the binary date's rounding: true"));
    assert!(up_reads_up
        .contains("project.bplist: equals the original except the binary date's rounding: true"));
    println!("{written_up}\n{up_reads_up}");
}

#[test]
fn the_xml_both_builds_write_is_the_same_bytes() {
    let (up, us) = dirs();
    upstream::program::write(up.path());
    ours::program::write(us.path());
    let mut compared = 0;
    for entry in fs::read_dir(up.path()).unwrap() {
        let name = entry.unwrap().file_name();
        if Path::new(&name).extension().is_some_and(|e| e == "xml") {
            let a = fs::read_to_string(up.path().join(&name)).unwrap();
            let b = fs::read_to_string(us.path().join(&name)).unwrap();
            assert_same(&name.to_string_lossy(), &a, &b);
            assert_eq!(a, b, "{name:?}");
            compared += 1;
        }
    }
    assert_eq!(compared, 9);
}
