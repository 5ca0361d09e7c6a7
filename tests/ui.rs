//! Compile errors of `#[derive(ToPlist, FromPlist)]`, one directory per kind of
//! mistake. The `.stderr` snapshots are pinned to this machine's toolchain
//! (rustc 1.95); regenerate with `TRYBUILD=overwrite cargo test --test ui` and
//! review the diff.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    for category in [
        "attr-unknown",
        "attr-duplicate",
        "attr-malformed",
        "conflict",
        "enum",
        "transparent",
        "unnamed",
        "unsupported",
        "type",
    ] {
        t.compile_fail(format!("tests/ui/{category}/*.rs"));
    }
    t.pass("tests/ui/pass/*.rs");
}
