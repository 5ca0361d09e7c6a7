//! Xcode's `project.pbxproj` layout (docs/OPENSTEP.md W9–W14): every Xcode-written
//! project of the corpus is written back byte for byte; every project of the corpus,
//! and random projects whose objects meet every annotation rule, are written as the
//! model of Xcode's writer (`../shared/tools/openstep.py`) writes them; an edit
//! changes only the lines it touches.

use std::fs;
use std::path::PathBuf;

use plistvalue::{OpenStepStyle, OpenStepWriter, PlistValue};
use plistvalue_suite::differential::openstep::{self, Answer, Job, Row};
use plistvalue_suite::differential::openstep_gen;

/// The first line where `a` and `b` differ, both sides, for a failure message.
fn first_difference(a: &[u8], b: &[u8]) -> String {
    let at = a
        .iter()
        .zip(b)
        .position(|(x, y)| x != y)
        .unwrap_or(a.len().min(b.len()));
    let line = a[..at].split(|&c| c == b'\n').count();
    let around = |t: &[u8]| {
        let start = t[..at.min(t.len())]
            .iter()
            .rposition(|&c| c == b'\n')
            .map_or(0, |p| p + 1);
        let end = t[start..]
            .iter()
            .position(|&c| c == b'\n')
            .map_or(t.len(), |p| start + p);
        String::from_utf8_lossy(&t[start..end]).into_owned()
    };
    format!(
        "line {line}:\n  want {:?}\n  got  {:?}",
        around(a),
        around(b)
    )
}

/// The corpus's project files that read.
fn projects(rows: &[Row]) -> Vec<&Row> {
    rows.iter()
        .filter(|r| r.get("kind") == "pbxproj" && r.get("expect") == "parse")
        .collect()
}

/// Our rewrite of a file, the project's name taken from its own annotations.
fn rewrite(bytes: &[u8]) -> Vec<u8> {
    let tree: PlistValue = plistvalue::from_bytes(bytes).unwrap();
    OpenStepWriter::new()
        .project_name_from_text(bytes)
        .to_vec(&tree)
        .unwrap()
}

#[test]
fn every_xcode_written_project_the_model_reproduces_is_written_back_byte_for_byte() {
    let Some(rows) = openstep::manifest() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let (mut same, mut failures) = (0, Vec::new());
    let expected: Vec<&Row> = projects(&rows)
        .into_iter()
        .filter(|r| r.get("xcode_written") == "yes" && r.get("model_reproduces") == "yes")
        .collect();
    for row in &expected {
        let bytes = fs::read(&row.path).unwrap();
        let ours = rewrite(&bytes);
        if ours != bytes {
            failures.push(format!(
                "{}: {}",
                row.name(),
                first_difference(&bytes, &ours)
            ));
            continue;
        }
        // Written to NAME.xcodeproj/project.pbxproj, the name comes from the folder.
        let tree: PlistValue = plistvalue::from_bytes(&bytes).unwrap();
        let name = String::from_utf8_lossy(&bytes)
            .split("Build configuration list for PBXProject \"")
            .nth(1)
            .and_then(|s| s.split("\" */").next())
            .map(str::to_owned);
        if let Some(name) = name {
            let folder = dir.path().join(format!("{name}.xcodeproj"));
            fs::create_dir_all(&folder).unwrap();
            let path = folder.join("project.pbxproj");
            plistvalue::to_file_openstep(&path, &tree).unwrap();
            if fs::read(&path).unwrap() != bytes {
                failures.push(format!("{}: to_file_openstep differs", row.name()));
                continue;
            }
        }
        same += 1;
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    eprintln!("{same} Xcode-written projects rewritten byte for byte");
    assert_eq!(same, expected.len());
    assert!(same >= 46, "the manifest lists {same}");
}

/// The model's rewrite of each file (its project name from the file's own
/// annotations, as ours), into `dir`.
fn model_rewrites(
    dir: &std::path::Path,
    tools: &std::path::Path,
    inputs: &[PathBuf],
) -> Vec<Vec<u8>> {
    let jobs: Vec<Job> = inputs
        .iter()
        .enumerate()
        .map(|(i, p)| Job::Rewrite(p.clone(), dir.join(format!("rewritten-{i}"))))
        .collect();
    let answers = openstep::run(dir, tools, &jobs);
    jobs.iter()
        .zip(answers)
        .map(|(job, answer)| {
            let Job::Rewrite(input, out) = job else {
                unreachable!()
            };
            assert!(
                matches!(answer, Answer::Wrote),
                "the model does not rewrite {}: {answer:?}",
                input.display()
            );
            fs::read(out).unwrap()
        })
        .collect()
}

#[test]
fn every_corpus_project_is_written_as_the_model_of_xcodes_writer_writes_it() {
    let (Some(rows), Some(tools)) = (openstep::manifest(), openstep::tools()) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let rows = projects(&rows);
    let paths: Vec<PathBuf> = rows.iter().map(|r| r.path.clone()).collect();
    let models = model_rewrites(dir.path(), &tools, &paths);
    let mut failures = Vec::new();
    for (row, model) in rows.iter().zip(&models) {
        let bytes = fs::read(&row.path).unwrap();
        let ours = rewrite(&bytes);
        if ours != *model {
            failures.push(format!(
                "{}: {}",
                row.name(),
                first_difference(model, &ours)
            ));
        }
        // What we write reads back to the tree, and is written again unchanged.
        let tree: PlistValue = plistvalue::from_bytes(&bytes).unwrap();
        let back: PlistValue = plistvalue::from_bytes(&ours).unwrap();
        assert_eq!(back, tree, "{}", row.name());
        assert_eq!(rewrite(&ours), ours, "{}: a second rewrite", row.name());
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(rows.len() >= 59, "{} projects", rows.len());
}

#[test]
fn random_projects_are_written_as_the_model_of_xcodes_writer_writes_them() {
    let Some(tools) = openstep::tools() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let projects = openstep_gen::projects(0x9B_C9_0B, 150, 40);
    let mut paths = Vec::new();
    let mut texts = Vec::new();
    for (i, project) in projects.iter().enumerate() {
        let text = OpenStepWriter::new()
            .project_name("Demo App")
            .to_vec(project)
            .unwrap();
        assert!(text.starts_with(b"// !$*UTF8*$!\n{\n"), "project {i}");
        let back: PlistValue = plistvalue::from_bytes(&text)
            .unwrap_or_else(|e| panic!("project {i}: {e}\n{}", String::from_utf8_lossy(&text)));
        assert_eq!(&back, project, "project {i}");
        assert_eq!(
            OpenStepWriter::new()
                .project_name("Demo App")
                .to_vec(&back)
                .unwrap(),
            text,
            "project {i}: rewritten"
        );
        let path = dir.path().join(format!("project-{i}.pbxproj"));
        fs::write(&path, &text).unwrap();
        paths.push(path);
        texts.push(text);
    }
    let models = model_rewrites(dir.path(), &tools, &paths);
    let mut failures = Vec::new();
    let mut annotations = 0;
    for (i, (ours, model)) in texts.iter().zip(&models).enumerate() {
        if ours != model {
            failures.push(format!("project {i}: {}", first_difference(model, ours)));
        }
        annotations += ours.windows(3).filter(|w| w == b" /*").count();
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(annotations > 1000, "{annotations} annotations");
}

#[test]
fn an_edit_changes_only_the_lines_it_touches() {
    let Some(rows) = openstep::manifest() else {
        return;
    };
    let row = rows
        .iter()
        .find(|r| {
            r.name()
                .starts_with("tuist__XcodeProj__Fixtures_iOS_BuildSettings")
        })
        .expect("the BuildSettings fixture");
    let bytes = fs::read(&row.path).unwrap();
    let mut tree: PlistValue = plistvalue::from_bytes(&bytes).unwrap();
    // Change one build setting of one configuration, and add another.
    let objects = tree["objects"].as_dictionary_mut().unwrap();
    let settings = objects
        .values_mut()
        .find(|o| o["isa"].as_str() == Some("XCBuildConfiguration"))
        .and_then(|o| o["buildSettings"].as_dictionary_mut())
        .expect("a configuration");
    settings.insert("SDKROOT", PlistValue::String("macosx 15".into()));
    settings.insert("ZZ_NEW", PlistValue::String("YES".into()));
    let ours = OpenStepWriter::new()
        .project_name_from_text(&bytes)
        .to_vec(&tree)
        .unwrap();
    let old: Vec<&[u8]> = bytes.split(|&c| c == b'\n').collect();
    let new: Vec<&[u8]> = ours.split(|&c| c == b'\n').collect();
    assert_eq!(new.len(), old.len() + 1);
    let changed: Vec<usize> = (0..old.len()).filter(|&i| old[i] != new[i]).collect();
    let first = changed[0];
    assert_eq!(
        String::from_utf8_lossy(new[first]).trim(),
        "SDKROOT = \"macosx 15\";"
    );
    // After that line, the new one (sorted last in its dictionary), then the rest.
    let added = (first + 1..new.len())
        .find(|&i| new[i] != old[i])
        .expect("the added line");
    assert_eq!(String::from_utf8_lossy(new[added]).trim(), "ZZ_NEW = YES;");
    assert_eq!(&new[..first], &old[..first]);
    assert_eq!(&new[first + 1..added], &old[first + 1..added]);
    assert_eq!(&new[added + 1..], &old[added..]);
}

#[test]
fn a_project_can_be_written_in_the_plain_layout() {
    let project = &openstep_gen::projects(7, 1, 10)[0];
    let plain = OpenStepWriter::new()
        .style(OpenStepStyle::Plain)
        .to_vec(project)
        .unwrap();
    assert!(plain.starts_with(b"{\n\tarchiveVersion = 1;\n\tclasses = {};\n"));
    assert!(!plain.windows(2).any(|w| w == b"/*"));
    let back: PlistValue = plistvalue::from_bytes(&plain).unwrap();
    assert_eq!(&back, project);
}

#[test]
fn a_name_holding_the_end_of_a_comment_cannot_end_its_annotation() {
    let project = plistvalue::plist!({
        "archiveVersion": "1",
        "objectVersion": "77",
        "objects": {
            "A1": { "isa": "PBXGroup", "children": ["B2"] },
            "B2": { "isa": "PBXFileReference", "path": "a */ b.m" },
        },
        "rootObject": "A1",
    });
    let text = plistvalue::to_vec_openstep(&project).unwrap();
    let text = String::from_utf8(text).unwrap();
    assert!(
        text.contains(
            "\t\tB2 /* a * / b.m */ = {isa = PBXFileReference; path = \"a */ b.m\"; };\n"
        ),
        "{text}"
    );
    assert!(text.contains("\t\t\t\tB2 /* a * / b.m */,\n"), "{text}");
    let back: PlistValue = plistvalue::from_bytes(text.as_bytes()).unwrap();
    assert_eq!(back, project);
}
