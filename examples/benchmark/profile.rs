//! The release profile this benchmark was compiled with, for its header: LTO and
//! codegen units change the ratios, so a run must say which it had.
//!
//! Cargo tells a crate neither, so they are read at compile time from what sets
//! them: a `CARGO_PROFILE_RELEASE_*` variable in the environment of the build (which
//! rustc sees, and whose change rebuilds this example), else the workspace's
//! `[profile.release]`, else Cargo's default. `--config` overrides on the command
//! line are not seen.

/// The workspace manifest, whose `[profile.release]` holds the settings not
/// overridden by the environment.
const MANIFEST: &str = include_str!("../../Cargo.toml");

/// One setting: the environment's value at compile time, the manifest's, or Cargo's
/// default.
fn setting(from_env: Option<&'static str>, key: &str, default: &'static str) -> String {
    if let Some(v) = from_env {
        return format!("{v} (environment)");
    }
    let in_manifest = MANIFEST
        .split("\n[")
        .find(|section| section.starts_with("profile.release]"))
        .and_then(|section| {
            section.lines().skip(1).find_map(|l| {
                let (k, v) = l.split_once('=')?;
                (k.trim() == key).then(|| v.trim().trim_matches('"').to_owned())
            })
        });
    in_manifest.unwrap_or_else(|| default.to_owned())
}

/// `release profile: opt-level 3, lto false, codegen-units 16`, or the warning for a
/// debug build.
pub fn describe() -> String {
    if cfg!(debug_assertions) {
        return "DEBUG build: these numbers mean nothing, use --release".to_owned();
    }
    format!(
        "release profile: opt-level {}, lto {}, codegen-units {}",
        setting(
            option_env!("CARGO_PROFILE_RELEASE_OPT_LEVEL"),
            "opt-level",
            "3"
        ),
        setting(option_env!("CARGO_PROFILE_RELEASE_LTO"), "lto", "false"),
        setting(
            option_env!("CARGO_PROFILE_RELEASE_CODEGEN_UNITS"),
            "codegen-units",
            "16"
        ),
    )
}
