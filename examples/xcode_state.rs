//! Reads an Xcode state file (`UserInterfaceState.xcuserstate`, an NSKeyedArchiver
//! archive) and prints its windows and the documents that were open in them.
//!
//! ```sh
//! cargo run --example xcode_state      # on a small archive it builds in Xcode's shape
//! cargo run --example xcode_state -- \
//!     App.xcodeproj/project.xcworkspace/xcuserdata/$USER.xcuserdatad/UserInterfaceState.xcuserstate
//! ```

use plistvalue::{archive, plist, PlistValue};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let bytes = match std::env::args_os().nth(1) {
        Some(path) => std::fs::read(path)?,
        None => archive::archive(&sample())?,
    };

    // `$objects` resolved into a plain tree. An archive whose `$top` holds more than
    // a `root` object (Xcode's holds `State`) comes back as `{"$top": {...}}`. A
    // reference back to an object being resolved (Xcode's files have such cycles)
    // is the marker `Uid(k)`: the container k levels up.
    let tree = archive::unarchive(&bytes)?;
    let state = tree["$top"]["State"]
        .as_dictionary()
        .ok_or("no $top.State: not an Xcode state file")?;

    for (key, window) in state {
        if let Some(frame) = window["IDEWindowFrame"].as_str() {
            let full_screen = window["IDEWindowIsFullScreen"].as_bool() == Some(true);
            println!("window {key}: frame {frame:?}, full screen {full_screen}");
        }
    }

    println!("documents:");
    for url in document_urls(&tree) {
        println!("  {url}");
    }
    Ok(())
}

/// Every `documentURL` in the tree, once each, in the order met. Older Xcode wrote the
/// URL as a string, newer Xcode as an archived `NSURL` (`{"NS.relative": "file://…"}`).
/// The walk keeps its own stack: the tree's depth is the file's to choose.
fn document_urls(tree: &PlistValue) -> Vec<&str> {
    let mut urls = Vec::new();
    let mut stack = vec![tree];
    while let Some(value) = stack.pop() {
        match value {
            PlistValue::Dictionary(dict) => {
                let url = &value["documentURL"];
                let text = url.as_str().or_else(|| url["NS.relative"].as_str());
                if let Some(text) = text.filter(|t| !urls.contains(t)) {
                    urls.push(text);
                }
                stack.extend(dict.values().rev());
            }
            PlistValue::Array(items) => stack.extend(items.iter().rev()),
            _ => {}
        }
    }
    urls
}

/// A state file in the shape Xcode writes, cut down to one window with one editor.
fn sample() -> PlistValue {
    let location = |url: &str| {
        plist!({
            "$class": "DVTDocumentLocation",
            "$classes": ["DVTDocumentLocation", "NSObject"],
            "documentURL": url
        })
    };
    let nsurl = |url: &str| plist!({ "$class": "NSURL", "$classes": ["NSURL", "NSObject"], "NS.relative": url });
    plist!({
        "$top": {
            "State": {
                "ED28ED7C-6E59-4682-8CB4-BD39BC8DF573": {
                    "IDEActiveWorkspaceTabController": "IDEWorkspaceTabController_55877F56",
                    "IDEWindowFrame": "0 85 1440 790 0 0 1440 875 ",
                    "IDEWindowIsFullScreen": false,
                    "IDEWorkspaceTabController_55877F56": {
                        "IDEEditorArea": {
                            "currentEditorHistoryItem": {
                                "$class": "IDEEditorHistoryItem",
                                "$classes": ["IDEEditorHistoryItem", "NSObject"],
                                "documentURL": (nsurl("file:///Users/me/Notes/Notes/ContentView.swift")),
                                "navigableItemName": "ContentView.swift"
                            },
                            "history": [
                                (location("file:///Users/me/Notes/Notes/NotesApp.swift")),
                                (location("file:///Users/me/Notes/Notes/ContentView.swift"))
                            ]
                        }
                    }
                },
                "IDEWorkspaceDocument": { "RecentEditorDocumentURLs": [] }
            }
        }
    })
}
