//! A serde model moved over from the `plist` crate: the model keeps its
//! `#[derive(Serialize, Deserialize)]` and its attributes, only the calls change
//! (feature `serde`). Files move both ways: each library reads what the other wrote.
//!
//! ```sh
//! cargo run --example serde_migration
//! ```

use serde::{Deserialize, Serialize};

/// The model, exactly as it was with the plist crate.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Project {
    name: String,
    version: u32,
    targets: Vec<Target>,
    /// `serde_bytes` makes it data, in both libraries.
    #[serde(with = "serde_bytes")]
    icon: Vec<u8>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    team_id: Option<String>,
}

#[derive(Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Target {
    name: String,
    kind: Kind,
    sources: Vec<String>,
}

/// Unit variants are strings, other variants `{name: value}`, in both libraries.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
enum Kind {
    App,
    Tests,
    Framework { module: String },
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let project = sample();
    let dir = std::env::temp_dir();
    let path = dir.join("project.plist");

    // The calls, before and after:
    //   plist::to_file_xml(&path, &p)         ->  plistvalue::serde::to_file_xml(&path, &p)
    //   plist::from_file(&path)               ->  plistvalue::serde::from_file(&path)
    //   plist::to_writer_binary(&mut out, &p) ->  plistvalue::serde::to_writer(&mut out, &p)
    //   plist::from_bytes(&bytes)             ->  plistvalue::serde::from_bytes(&bytes)
    plistvalue::serde::to_file_xml(&path, &project)?;
    // let p: Project = plist::from_file(&path)?;       let p: Project = plistvalue::serde::from_file(&path)?;
    // plist::to_writer_binary(&mut out, &project)?;    plistvalue::serde::to_writer(&mut out, &project)?;
    // let p: Project = plist::from_bytes(&bytes)?;     let p: Project = plistvalue::serde::from_bytes(&bytes)?;
    plistvalue::serde::to_file_xml(&path, &project)?;
    let back: Project = plistvalue::serde::from_file(&path)?; // binary or XML
    assert_eq!(back, project);

    let mut ours = Vec::new();
    plistvalue::serde::to_writer(&mut ours, &project)?;
    let mut theirs = Vec::new();
    plist::to_writer_binary(&mut theirs, &project)?;

    // The files a user already has still read, and the plist crate reads ours.
    let from_theirs: Project = plistvalue::serde::from_bytes(&theirs)?;
    let from_ours: Project = plist::from_bytes(&ours)?;
    assert_eq!((&from_theirs, &from_ours), (&project, &project));
    println!(
        "binary: {} bytes from plistvalue, {} from the plist crate; each reads the other's",
        ours.len(),
        theirs.len()
    );

    // `from_slice` can borrow: `&str` fields point into the input instead of copying.
    #[derive(Deserialize)]
    struct Names<'a> {
        name: &'a str,
        #[serde(borrow)]
        targets: Vec<TargetName<'a>>,
    }
    #[derive(Deserialize)]
    struct TargetName<'a> {
        name: &'a str,
    }
    let names: Names = plistvalue::serde::from_slice(&ours)?;
    let targets: Vec<&str> = names.targets.iter().map(|t| t.name).collect();
    println!("{}: {}", names.name, targets.join(", "));
    std::fs::remove_file(&path)?;
    Ok(())
}

fn sample() -> Project {
    Project {
        name: "Notes".into(),
        version: 3,
        targets: vec![
            Target {
                name: "Notes".into(),
                kind: Kind::App,
                sources: vec!["App.swift".into(), "ContentView.swift".into()],
            },
            Target {
                name: "NotesKit".into(),
                kind: Kind::Framework {
                    module: "NotesKit".into(),
                },
                sources: vec!["Store.swift".into()],
            },
            Target {
                name: "NotesTests".into(),
                kind: Kind::Tests,
                sources: vec!["StoreTests.swift".into()],
            },
        ],
        icon: vec![0x89, b'P', b'N', b'G'],
        team_id: None,
    }
}
