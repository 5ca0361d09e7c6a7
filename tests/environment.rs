//! A skipped check must be visible in `cargo test`'s default output, where libtest
//! hides what passing tests print. The test runs itself again as a child, with the
//! shared folder pointed nowhere, and reads what the child's run shows.

use std::process::Command;

use plistvalue_suite::env::{shared, REQUIRE_SHARED, SHARED_DIR};

/// Set in the child run: skip, as a check does without `../shared`.
const PROBE: &str = "PLISTVALUE_SKIP_PROBE";

#[test]
fn a_skip_is_printed_past_libtests_capture() {
    if std::env::var_os(PROBE).is_some() {
        assert!(
            shared("corpus/bplist").is_none(),
            "the override moved the folder"
        );
        return;
    }
    let out = Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "a_skip_is_printed_past_libtests_capture",
            "--test-threads=1",
        ])
        .env(PROBE, "1")
        .env(SHARED_DIR, "/nonexistent/shared")
        .env_remove(REQUIRE_SHARED)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}{stderr}");
    assert!(stdout.contains("1 passed"), "{stdout}");
    assert!(
        stderr.contains("SKIPPED a_skip_is_printed_past_libtests_capture: /nonexistent/shared/corpus/bplist does not exist"),
        "stdout: {stdout}\nstderr: {stderr}"
    );
}

#[test]
fn requiring_the_shared_folder_turns_the_skip_into_a_failure() {
    if std::env::var_os(PROBE).is_some() {
        let _ = shared("corpus/bplist");
        return;
    }
    let out = Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "requiring_the_shared_folder_turns_the_skip_into_a_failure",
        ])
        .env(PROBE, "1")
        .env(SHARED_DIR, "/nonexistent/shared")
        .env(REQUIRE_SHARED, "1")
        .output()
        .unwrap();
    assert!(
        !out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}
