//! How the tool writes over a file (CLI.md, "Writing files"): the result keeps the
//! target's mode, owner, group and hard links; a symbolic link is written
//! through; a file its user may not write is refused; and no byte of a secret is
//! ever in a file others may read, not even when the process dies part-way.
//!
//! Some checks need root (to chown a file to another user, and to run the tool
//! as `nobody` through `setpriv`); elsewhere they print a SKIPPED line.

use std::fs;
use std::os::unix::fs::{symlink, FileTypeExt, MetadataExt, PermissionsExt};
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::Command;

use plistvalue::{plist, PlistValue};

use crate::{env, outcome, s, scratch, text, write_binary};

/// `nobody`'s user and group ids.
const NOBODY: u32 = 65_534;

fn mode(path: &Path) -> u32 {
    fs::symlink_metadata(path).unwrap().mode() & 0o7777
}

fn chmod(path: &Path, mode: u32) {
    fs::set_permissions(path, fs::Permissions::from_mode(mode)).unwrap();
}

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// A dictionary whose XML is about 200 KB.
fn large() -> PlistValue {
    let mut d = plistvalue::Dictionary::new();
    for i in 0..4000 {
        d.insert(format!("secret-{i}"), PlistValue::from(format!("{i:040}")));
    }
    PlistValue::Dictionary(d)
}

/// Set it to `1` where the tests run as root, so that these checks may not skip.
const REQUIRE_ROOT: &str = "PLISTVALUE_REQUIRE_ROOT";

fn is_root() -> bool {
    fs::metadata("/proc/self").is_ok_and(|m| m.uid() == 0)
}

/// A scratch folder that `nobody` may enter, with a folder `nobody` owns; `None`
/// after a SKIPPED line when this process cannot run the tool as `nobody`.
fn nobody_scratch() -> Option<(tempfile::TempDir, PathBuf)> {
    if !is_root() {
        env::skip_unless_required(REQUIRE_ROOT, "not root: cannot run the tool as nobody");
        return None;
    }
    let runs = Command::new("setpriv")
        .args(NOBODY_ARGS)
        .args([env!("CARGO_BIN_EXE_plistvalue"), "--version"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !runs {
        let why = "setpriv cannot run the built tool as nobody";
        env::skip_unless_required(REQUIRE_ROOT, why);
        return None;
    }
    let dir = scratch();
    chmod(dir.path(), 0o755);
    let own = dir.path().join("nobody");
    fs::create_dir(&own).unwrap();
    std::os::unix::fs::chown(&own, Some(NOBODY), Some(NOBODY)).unwrap();
    Some((dir, own))
}

/// `setpriv`'s arguments that run a command as `nobody`.
const NOBODY_ARGS: [&str; 4] = ["--reuid=65534", "--regid=65534", "--clear-groups", "--"];

/// Runs the tool as `nobody`: exit status, stdout, stderr.
fn as_nobody(args: &[&str]) -> (i32, String, String) {
    let out = Command::new("setpriv")
        .args(NOBODY_ARGS)
        .arg(env!("CARGO_BIN_EXE_plistvalue"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().expect("an exit status"),
        text(&out.stdout),
        text(&out.stderr),
    )
}

#[test]
fn a_secret_is_never_in_a_file_others_can_read() {
    let dir = scratch();
    let target = write_binary(dir.path(), "secret.plist", &large());
    chmod(&target, 0o600);
    let before = fs::read(&target).unwrap();
    // `ulimit -f 1` stops the write at 512 bytes with SIGXFSZ, which kills the
    // tool part-way: its temporary file stays behind, as after a crash or a kill.
    let killed = Command::new("sh")
        .args(["-c", "ulimit -f 1; exec \"$0\" \"$@\""])
        .arg(env!("CARGO_BIN_EXE_plistvalue"))
        .args(["-convert", "xml1", s(&target)])
        .output()
        .unwrap();
    assert_eq!(killed.status.signal(), Some(25), "SIGXFSZ: {killed:?}");
    assert_eq!(fs::read(&target).unwrap(), before);
    let left: Vec<String> = names(dir.path())
        .into_iter()
        .filter(|n| n != "secret.plist")
        .collect();
    for name in &left {
        let m = mode(&dir.path().join(name));
        assert_eq!(m, 0o600, "{name} has mode {m:o}, wider than its target's");
    }
    for name in left {
        fs::remove_file(dir.path().join(name)).unwrap();
    }
    // With SIGXFSZ ignored the write fails instead: an error, and nothing left.
    let refused = Command::new("sh")
        .args(["-c", "trap '' XFSZ; ulimit -f 1; exec \"$0\" \"$@\""])
        .arg(env!("CARGO_BIN_EXE_plistvalue"))
        .args(["-convert", "xml1", s(&target)])
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(1), "{refused:?}");
    let err = text(&refused.stderr);
    assert!(
        err.starts_with(&format!("{}: cannot write: ", s(&target))),
        "{err}"
    );
    assert_eq!(names(dir.path()), ["secret.plist"]);
    assert_eq!(fs::read(&target).unwrap(), before);
    assert_eq!(mode(&target), 0o600);
}

#[test]
fn the_owner_the_group_and_the_mode_are_kept() {
    if !is_root() {
        env::skip_unless_required(REQUIRE_ROOT, "not root: cannot chown");
        return;
    }
    let dir = scratch();
    let target = write_binary(dir.path(), "theirs.plist", &plist!({ "a": 1 }));
    std::os::unix::fs::chown(&target, Some(NOBODY), Some(NOBODY)).unwrap();
    chmod(&target, 0o640);
    let (code, _, err) = outcome(&["-replace", "a", "-integer", "2", s(&target)]);
    assert_eq!(code, 0, "{err}");
    let m = fs::metadata(&target).unwrap();
    assert_eq!((m.uid(), m.gid(), mode(&target)), (NOBODY, NOBODY, 0o640));
    let v: PlistValue = plistvalue::from_file(&target).unwrap();
    assert_eq!(v, plist!({ "a": 2 }));
    assert_eq!(names(dir.path()), ["theirs.plist"]);
}

#[test]
fn read_only_files_are_refused_to_their_user_and_written_by_root() {
    let Some((_dir, own)) = nobody_scratch() else {
        return;
    };
    let target = write_binary(&own, "locked.plist", &plist!({ "a": 1 }));
    std::os::unix::fs::chown(&target, Some(NOBODY), Some(NOBODY)).unwrap();
    chmod(&target, 0o444);
    let before = fs::read(&target).unwrap();
    let (code, _, err) = as_nobody(&["-replace", "a", "-integer", "2", s(&target)]);
    assert_eq!(code, 1);
    assert_eq!(
        err,
        format!(
            "{}: cannot write: Permission denied (os error 13)\n",
            s(&target)
        )
    );
    assert_eq!(fs::read(&target).unwrap(), before);
    assert_eq!(names(&own), ["locked.plist"]);
    // Root writes it, as a shell's `>` does, and the file stays read-only.
    let (code, _, err) = outcome(&["-replace", "a", "-integer", "2", s(&target)]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(mode(&target), 0o444);
    assert_eq!(fs::metadata(&target).unwrap().uid(), NOBODY);
    let v: PlistValue = plistvalue::from_file(&target).unwrap();
    assert_eq!(v, plist!({ "a": 2 }));
}

#[test]
fn a_user_writes_in_place_what_a_rename_would_take_from_its_owner() {
    let Some((dir, own)) = nobody_scratch() else {
        return;
    };
    // Root's file, writable by everyone, in nobody's folder: a rename would
    // make it nobody's, so the tool writes into it.
    let shared = write_binary(&own, "shared.plist", &plist!({ "a": 1 }));
    chmod(&shared, 0o666);
    let inode = fs::metadata(&shared).unwrap().ino();
    let (code, _, err) = as_nobody(&["-replace", "a", "-integer", "2", s(&shared)]);
    assert_eq!(code, 0, "{err}");
    let m = fs::metadata(&shared).unwrap();
    assert_eq!(
        (m.uid(), m.gid(), m.ino(), mode(&shared)),
        (0, 0, inode, 0o666)
    );
    let v: PlistValue = plistvalue::from_file(&shared).unwrap();
    assert_eq!(v, plist!({ "a": 2 }));
    // Nobody's own file in root's folder, where nobody may not create the
    // temporary file: written in place too, as `>` would.
    let root_dir = dir.path().join("root");
    fs::create_dir(&root_dir).unwrap();
    chmod(&root_dir, 0o755);
    let mine = write_binary(&root_dir, "mine.plist", &large());
    std::os::unix::fs::chown(&mine, Some(NOBODY), Some(NOBODY)).unwrap();
    chmod(&mine, 0o600);
    let (code, _, err) = as_nobody(&["-convert", "json", s(&mine)]);
    assert_eq!(code, 0, "{err}");
    let back = fs::read(&mine).unwrap();
    assert!(back.starts_with(b"{\"secret-0\":"), "{}", text(&back[..40]));
    assert_eq!(names(&root_dir), ["mine.plist"]);
    assert_eq!(fs::metadata(&mine).unwrap().uid(), NOBODY);
    // A shorter result leaves no tail of the longer file behind.
    let (code, _, err) = as_nobody(&["-convert", "binary1", s(&mine)]);
    assert_eq!(code, 0, "{err}");
    let v: PlistValue = plistvalue::from_file(&mine).unwrap();
    assert_eq!(v, large());
}

#[test]
fn every_hard_link_sees_the_edit() {
    let dir = scratch();
    let a = write_binary(dir.path(), "a.plist", &plist!({ "k": 1 }));
    let b = dir.path().join("b.plist");
    fs::hard_link(&a, &b).unwrap();
    chmod(&a, 0o640);
    let (code, _, err) = outcome(&["-replace", "k", "-integer", "2", s(&a)]);
    assert_eq!(code, 0, "{err}");
    let (ma, mb) = (fs::metadata(&a).unwrap(), fs::metadata(&b).unwrap());
    assert_eq!((ma.ino(), ma.nlink()), (mb.ino(), 2));
    assert_eq!(mode(&b), 0o640);
    let v: PlistValue = plistvalue::from_file(&b).unwrap();
    assert_eq!(v, plist!({ "k": 2 }));
    assert_eq!(names(dir.path()), ["a.plist", "b.plist"]);
}

#[test]
fn symbolic_links_are_written_through_and_fifos_into() {
    let dir = scratch();
    let data = dir.path().join("data");
    fs::create_dir(&data).unwrap();
    let target = write_binary(&data, "real.plist", &plist!({ "a": 1 }));
    chmod(&target, 0o640);
    // A relative link to a link, from another folder.
    let links = dir.path().join("links");
    fs::create_dir(&links).unwrap();
    symlink("../data/real.plist", links.join("first.plist")).unwrap();
    symlink("first.plist", links.join("second.plist")).unwrap();
    let second = links.join("second.plist");
    let (code, _, err) = outcome(&["-replace", "a", "-integer", "2", s(&second)]);
    assert_eq!(code, 0, "{err}");
    for link in ["first.plist", "second.plist"] {
        assert!(fs::symlink_metadata(links.join(link))
            .unwrap()
            .file_type()
            .is_symlink());
    }
    let v: PlistValue = plistvalue::from_file(&target).unwrap();
    assert_eq!(v, plist!({ "a": 2 }));
    assert_eq!(mode(&target), 0o640);
    assert_eq!(names(&data), ["real.plist"]);
    assert_eq!(names(&links), ["first.plist", "second.plist"]);
    // A dangling link: the file it names is created.
    symlink("../data/new.plist", links.join("dangling.plist")).unwrap();
    let dangling = links.join("dangling.plist");
    let (code, _, err) = outcome(&["-convert", "json", "-o", s(&dangling), s(&target)]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(fs::read(data.join("new.plist")).unwrap(), br#"{"a":2}"#);
    // A FIFO destination is written into, not renamed over.
    let fifo = dir.path().join("fifo");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || fs::read(fifo).unwrap())
    };
    let (code, _, err) = outcome(&["-convert", "json", "-o", s(&fifo), s(&target)]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(reader.join().unwrap(), br#"{"a":2}"#);
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    // An unwritable destination: the OS error, exit 1.
    let (code, _, err) = outcome(&[
        "-convert",
        "xml1",
        "-o",
        "/nonexistent/dir/x.plist",
        s(&target),
    ]);
    assert_eq!(code, 1);
    assert!(
        err.starts_with("/nonexistent/dir/x.plist: cannot write: "),
        "{err}"
    );
}

#[test]
fn a_new_file_gets_the_umask_s_mode() {
    let dir = scratch();
    let source = write_binary(dir.path(), "in.plist", &plist!({ "a": 1 }));
    let out = dir.path().join("out.plist");
    let status = Command::new("sh")
        .args(["-c", "umask 077; exec \"$0\" \"$@\""])
        .arg(env!("CARGO_BIN_EXE_plistvalue"))
        .args(["-convert", "xml1", "-o", s(&out), s(&source)])
        .status()
        .unwrap();
    assert!(status.success());
    assert_eq!(mode(&out), 0o600);
    assert_eq!(names(dir.path()), ["in.plist", "out.plist"]);
}
