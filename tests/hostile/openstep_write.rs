//! The OpenStep writer under hostile values (docs/OPENSTEP.md W7, W13): it walks
//! on a heap stack, so depth costs no recursion; it stops where the reader would not
//! read back; a graph of shared containers stops at the XML writer's visit bound
//! instead of expanding; and Xcode's names are worked out in a loop, so a chain of
//! build files that name each other neither recurses nor cycles.

use plistvalue::{
    Dictionary, Encoder, Error, ErrorKind, ObjRef, OpenStepError, OpenStepWriter, PlistValue,
    ToPlist,
};

use crate::support::on_small_stack;

/// Arrays nested `depth` deep around a string, filled without the derive's depth
/// check: a table only a hand-written `ToPlist` makes.
struct Deep(usize);

impl ToPlist for Deep {
    fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        let frames: Vec<_> = (0..self.0).map(|_| enc.begin_array()).collect();
        let mut r = enc.str("x");
        for f in frames.into_iter().rev() {
            enc.child(r);
            r = enc.end_array(f);
        }
        Ok(r)
    }
}

#[test]
fn a_million_nested_arrays_are_an_error_on_a_small_stack_not_a_crash() {
    let e = on_small_stack(|| plistvalue::to_vec_openstep(&Deep(1_000_000)).unwrap_err());
    assert!(
        matches!(e.kind(), ErrorKind::OpenStep(OpenStepError::TooDeep(512))),
        "{e:?}"
    );
    // The path is the 512 indices down to the array the reader would refuse.
    assert_eq!(e.path().count(), 512);
    assert!(plistvalue::to_vec_openstep(&Deep(512)).is_ok());
}

/// 48 levels, each array holding the next twice: 2^49 - 1 values in 49 objects.
struct Dag;

impl ToPlist for Dag {
    fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        let mut r = enc.bool(true);
        for _ in 0..48 {
            let f = enc.begin_array();
            enc.child(r);
            enc.child(r);
            r = enc.end_array(f);
        }
        Ok(r)
    }
}

/// An `io::Write` that counts what it is given.
struct Counter(usize);

impl std::io::Write for Counter {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0 += b.len();
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn a_graph_of_shared_containers_stops_at_the_visit_bound() {
    let mut sink = Counter(0);
    let e = plistvalue::to_writer_openstep(&mut sink, &Dag).unwrap_err();
    assert!(
        matches!(e.kind(), ErrorKind::OpenStep(OpenStepError::TooManyVisits)),
        "{e:?}"
    );
    // Stopped after the innermost array's 1,538th visit: a few megabytes, of 2^49.
    assert!(sink.0 < 64 << 20, "{} bytes written", sink.0);
}

fn id(i: usize) -> String {
    format!("{i:024X}")
}

/// A project whose build files each name the next as their file: a chain `n` long,
/// closed into a cycle when `cycle`.
fn chained(n: usize, cycle: bool) -> PlistValue {
    project(n, |i| match i {
        _ if i < n => id(i + 1),
        _ if cycle => id(1),
        _ => id(n + 1),
    })
}

/// A project of `n` build files (IDs 1 to `n`), the file `end.m` (`n + 1`) and the
/// phase that lists them all (`n + 2`), build file `i` naming `file(i)` as its file.
fn project(n: usize, file: impl Fn(usize) -> String) -> PlistValue {
    let mut objects = Dictionary::new();
    let mut phase_files = Vec::new();
    for i in 1..=n {
        let mut o = Dictionary::new();
        o.insert("isa", PlistValue::from("PBXBuildFile"));
        o.insert("fileRef", PlistValue::String(file(i)));
        objects.insert(id(i), PlistValue::Dictionary(o));
        phase_files.push(PlistValue::String(id(i)));
    }
    let mut file = Dictionary::new();
    file.insert("isa", PlistValue::from("PBXFileReference"));
    file.insert("path", PlistValue::from("end.m"));
    objects.insert(id(n + 1), PlistValue::Dictionary(file));
    let mut phase = Dictionary::new();
    phase.insert("isa", PlistValue::from("PBXSourcesBuildPhase"));
    phase.insert("files", PlistValue::from(phase_files));
    objects.insert(id(n + 2), PlistValue::Dictionary(phase));
    let mut root = Dictionary::new();
    root.insert("archiveVersion", PlistValue::from("1"));
    root.insert("objectVersion", PlistValue::from("77"));
    root.insert("objects", PlistValue::Dictionary(objects));
    root.insert("rootObject", PlistValue::String(id(n + 2)));
    PlistValue::Dictionary(root)
}

#[test]
fn a_chain_of_build_files_naming_each_other_is_named_in_a_loop() {
    // Short: "end.m in Sources in Sources …", exactly as the chain reads.
    let text = OpenStepWriter::new().to_vec(&chained(3, false)).unwrap();
    let text = String::from_utf8(text).unwrap();
    assert!(
        text.contains(&format!(
            "{} /* end.m in Sources in Sources in Sources */ = {{isa = PBXBuildFile; fileRef = {} /* end.m in Sources in Sources */; }};",
            id(1),
            id(2)
        )),
        "{text}"
    );
    // A cycle: the ID met again names nothing.
    let text = String::from_utf8(OpenStepWriter::new().to_vec(&chained(2, true)).unwrap()).unwrap();
    assert!(
        text.contains(&format!("{} /* (null) in Sources in Sources */ = ", id(1))),
        "{text}"
    );
    // Long, on a small stack: no recursion. Each name holds the next, so the
    // names of a chain n long total n² / 2 phase names: they stop at the budget.
    let e = on_small_stack(|| {
        OpenStepWriter::new()
            .to_vec(&chained(100_000, true))
            .unwrap_err()
    });
    assert!(
        matches!(
            e.kind(),
            ErrorKind::OpenStep(OpenStepError::AnnotationBudget)
        ),
        "{e:?}"
    );
}

#[test]
fn a_long_name_repeated_by_every_annotation_stops_at_the_budget() {
    // 20,000 build files in one phase whose name is 100 KB: 2 GB of annotations
    // from a 2 MB project.
    let mut v = project(20_000, |_| id(20_001));
    let objects = v["objects"].as_dictionary_mut().unwrap();
    let phase = objects
        .get_mut(&id(20_002))
        .unwrap()
        .as_dictionary_mut()
        .unwrap();
    phase.insert("name", PlistValue::String("n".repeat(100_000)));
    let mut sink = Counter(0);
    let e = OpenStepWriter::new().to_writer(&mut sink, &v).unwrap_err();
    assert!(
        matches!(
            e.kind(),
            ErrorKind::OpenStep(OpenStepError::AnnotationBudget)
        ),
        "{e:?}"
    );
    assert!(sink.0 < 64 << 20, "{} bytes written", sink.0);
}
