//! The lazy view and the typed path read the same resolution `unarchive` gives.

use plistvalue::archive::{self, Archive};
use plistvalue::{Date, PlistValue};

#[test]
fn lazy_and_typed_agree_with_unarchive_on_the_corpus() {
    let Some(files) = plistvalue_suite::archive::oracle::corpus() else {
        return;
    };
    let mut agreed = 0;
    for file in &files {
        let bytes = std::fs::read(file).unwrap();
        let Ok(tree) = archive::unarchive(&bytes) else {
            assert!(Archive::from_slice(&bytes).is_err(), "{}", file.display());
            continue;
        };
        let view = Archive::from_slice(&bytes).unwrap();
        assert_eq!(view.to_value().unwrap(), tree, "{}", file.display());
        let lazy = view.document().unwrap().root().unwrap().to_value().unwrap();
        assert_eq!(lazy, tree, "{}", file.display());
        let typed: PlistValue = archive::from_slice(&bytes).unwrap();
        assert_eq!(typed, tree, "{}", file.display());
        agreed += 1;
    }
    assert!(agreed >= 100, "only {agreed} archives");
}

/// An app's own class, modelled with the derive: `NSDate` fields decode as dates,
/// `NSMutableString` as strings, and `$class` is an ordinary field.
#[derive(plistvalue::FromPlist, plistvalue::ToPlist, Debug, PartialEq, Clone)]
struct Note {
    #[plist(rename = "$class")]
    class: String,
    title: String,
    #[plist(rename = "NS.time")]
    time: f64,
    created: Date,
    tags: Vec<String>,
}

#[test]
fn an_apps_class_decodes_into_a_derived_type() {
    let note = plistvalue::plist!({
        "$class": "Note",
        "$classes": ["Note", "NSObject"],
        "$inline": ["NS.time"],
        "title": "Groceries",
        "NS.time": 12.5,
        "created": Date::from_seconds_since_2001(7.0),
        "tags": ["home", "list"],
    });
    let tree = PlistValue::Array(vec![note.clone(), note].into());
    let bytes = archive::archive(&tree).unwrap();
    let notes: Vec<Note> = archive::from_slice(&bytes).unwrap();
    assert_eq!(notes.len(), 2);
    assert_eq!(notes[0].title, "Groceries");
    assert_eq!(notes[0].time.to_bits(), 12.5f64.to_bits());
    assert_eq!(notes[0].created, Date::from_seconds_since_2001(7.0));
    assert_eq!(notes[1].tags, ["home", "list"]);
    let view = Archive::from_slice(&bytes).unwrap();
    let second: Note = view
        .document()
        .unwrap()
        .root()
        .unwrap()
        .at(1)
        .unwrap()
        .unwrap()
        .decode()
        .unwrap();
    assert_eq!(second, notes[1]);
    let err = archive::from_slice::<Vec<u64>>(&bytes).unwrap_err();
    assert_eq!(err.path_string(), "0");
}
