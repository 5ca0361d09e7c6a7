//! Edits an app's Info.plist by keypath, as `plutil -replace` does: bumps the build
//! number, turns off arbitrary loads, adds a URL scheme and removes a key, then saves
//! the file in the format it came in.
//!
//! ```sh
//! cargo run --example edit_info_plist                        # on a sample it writes
//! cargo run --example edit_info_plist -- Info.plist OUT      # reads Info.plist, writes OUT
//! ```

use std::path::PathBuf;

use plistvalue::{plist, Format, KeyPath, PlistValue};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args_os().skip(1).map(PathBuf::from);
    let dir = std::env::temp_dir();
    let input = if let Some(path) = args.next() {
        path
    } else {
        let path = dir.join("Info.plist");
        plistvalue::to_file_xml(&path, &sample())?;
        path
    };
    let output = args.next().unwrap_or_else(|| dir.join("Info.edited.plist"));

    let bytes = std::fs::read(&input)?;
    let format = Format::detect(&bytes).ok_or("not a property list")?;
    let mut info: PlistValue = plistvalue::from_bytes(&bytes)?;

    // Read: indexing never panics; a missing key is Null.
    let version = info["CFBundleShortVersionString"].as_str().unwrap_or("?");
    println!("{}: version {version}, {format:?}", input.display());

    // Replace a value: the build number, one more than it was.
    let build: u64 = info["CFBundleVersion"].as_str().unwrap_or("0").parse()?;
    info["CFBundleVersion"] = (build + 1).to_string().into();

    // A nested key by plutil's keypath; indexing assignment creates what is missing.
    let ats: KeyPath = "NSAppTransportSecurity.NSAllowsArbitraryLoads".parse()?;
    match info.keypath_mut(&ats) {
        Some(allowed) => *allowed = false.into(),
        None => info["NSAppTransportSecurity"]["NSAllowsArbitraryLoads"] = false.into(),
    }

    // Append to an array inside an array of dictionaries, by JSON pointer.
    if let Some(schemes) = info
        .pointer_mut("/CFBundleURLTypes/0/CFBundleURLSchemes")
        .and_then(PlistValue::as_array_mut)
    {
        schemes.push("notes-beta".into());
    }

    // Remove a key.
    if let Some(dict) = info.as_dictionary_mut() {
        dict.remove("UIRequiresFullScreen");
    }

    // Save as the file came: Xcode projects keep Info.plist as XML. OpenStep is
    // read, not written, so an old-style Info.plist is saved as XML.
    match format {
        Format::Binary => plistvalue::to_file(&output, &info)?,
        _ => plistvalue::to_file_xml(&output, &info)?,
    }
    println!("wrote {}:\n{info}", output.display());
    Ok(())
}

/// An Info.plist as Xcode's template writes it, in short.
fn sample() -> PlistValue {
    plist!({
        "CFBundleDevelopmentRegion": "en",
        "CFBundleDisplayName": "Notes",
        "CFBundleExecutable": "Notes",
        "CFBundleIdentifier": "com.example.notes",
        "CFBundlePackageType": "APPL",
        "CFBundleShortVersionString": "2.3",
        "CFBundleVersion": "41",
        "CFBundleURLTypes": [
            { "CFBundleURLName": "com.example.notes", "CFBundleURLSchemes": ["notes"] }
        ],
        "LSRequiresIPhoneOS": true,
        "NSAppTransportSecurity": { "NSAllowsArbitraryLoads": true },
        "UIRequiresFullScreen": true,
        "UISupportedInterfaceOrientations": [
            "UIInterfaceOrientationPortrait",
            "UIInterfaceOrientationLandscapeLeft"
        ]
    })
}
