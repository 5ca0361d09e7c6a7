//! Random trees for the OpenStep writer's tests, from one seeded RNG: trees of the
//! format's four types with strings that need every kind of quoting and escaping,
//! and random Xcode projects whose objects refer to each other as Xcode's do, so
//! that every annotation rule is met.

use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::select;
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};

use plistvalue::{Dictionary, PlistValue};

/// A runner whose draws depend on `seed` only.
fn runner(seed: u64) -> TestRunner {
    let mut key = [0u8; 32];
    let mut x = seed;
    for chunk in key.chunks_mut(8) {
        // splitmix64, to spread one u64 over ChaCha's 32-byte seed.
        x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = x;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        chunk.copy_from_slice(&(z ^ (z >> 31)).to_le_bytes());
    }
    let rng = TestRng::from_seed(RngAlgorithm::ChaCha, &key);
    TestRunner::new_with_rng(Config::default(), rng)
}

fn draw<S: Strategy>(seed: u64, n: usize, strategy: &S) -> Vec<S::Value> {
    let mut runner = runner(seed);
    (0..n)
        .map(|_| {
            strategy
                .new_tree(&mut runner)
                .expect("draw a value")
                .current()
        })
        .collect()
}

/// Pieces strings are made of: bare characters, each character that forces quotes
/// or an escape, the sequences Xcode quotes (`___`, `//`), comment marks, and text
/// beyond ASCII (two-, three- and four-byte UTF-8, line separators, a BOM).
const PIECES: &[&str] = &[
    "a",
    "Z",
    "0",
    "9",
    "_",
    "$",
    ".",
    "/",
    "abc",
    "Foo.m",
    "10.0",
    "YES",
    "-",
    ":",
    " ",
    "+",
    "@",
    "(",
    ")",
    "{",
    "}",
    "<",
    ">",
    "=",
    ";",
    ",",
    "'",
    "\"",
    "\\",
    "*",
    "#",
    "~",
    "___",
    "__",
    "//",
    "/*",
    "*/",
    "\t",
    "\n",
    "\r",
    "\r\n",
    "\0",
    "\u{1}",
    "\u{1b}",
    "\u{1f}",
    "\u{7f}",
    "é",
    "Ø",
    "ü",
    "\u{a0}",
    "\u{2028}",
    "\u{2029}",
    "\u{feff}",
    "日本",
    "😀",
    "🍷",
    "\\U0041",
    "\\n",
    "$(inherited)",
    "\"quoted\"",
];

/// A string of up to `max` pieces.
fn text(max: usize) -> impl Strategy<Value = String> {
    vec(select(PIECES), 0..=max).prop_map(|p| p.concat())
}

/// A tree of strings, data, arrays and dictionaries, a few levels deep.
fn tree() -> impl Strategy<Value = PlistValue> {
    let leaf = prop_oneof![
        6 => text(6).prop_map(PlistValue::String),
        1 => vec(any::<u8>(), 0..20).prop_map(PlistValue::Data),
    ];
    leaf.prop_recursive(6, 64, 6, |inner| {
        prop_oneof![
            vec(inner.clone(), 0..6).prop_map(PlistValue::from),
            vec((text(4), inner), 0..6).prop_map(|entries| {
                let mut d = Dictionary::new();
                for (k, v) in entries {
                    d.insert(k, v);
                }
                PlistValue::Dictionary(d)
            }),
        ]
    })
}

/// `n` random trees of the format's four types from `seed`.
pub fn trees(seed: u64, n: usize) -> Vec<PlistValue> {
    draw(seed, n, &tree())
}

/// `n` random `.strings` tables: string keys and values.
pub fn strings_tables(seed: u64, n: usize) -> Vec<PlistValue> {
    let table = vec((text(5), text(8)), 0..12).prop_map(|entries| {
        let mut d = Dictionary::new();
        for (k, v) in entries {
            d.insert(k, PlistValue::String(v));
        }
        PlistValue::Dictionary(d)
    });
    draw(seed, n, &table)
}

/// Names in a random project: as `text`, but without `*`, whose `*/` would end an
/// annotation early (the writer changes it, which Xcode's model does not).
fn name() -> impl Strategy<Value = String> {
    text(4).prop_map(|s| s.replace('*', "+"))
}

/// The isas of a random project's objects.
const ISAS: &[&str] = &[
    "PBXFileReference",
    "PBXGroup",
    "PBXVariantGroup",
    "PBXNativeTarget",
    "PBXAggregateTarget",
    "PBXContainerItemProxy",
    "PBXTargetDependency",
    "PBXBuildRule",
    "PBXReferenceProxy",
    "PBXFileSystemSynchronizedRootGroup",
    "PBXFileSystemSynchronizedBuildFileExceptionSet",
    "XCRemoteSwiftPackageReference",
    "XCLocalSwiftPackageReference",
    "XCSwiftPackageProductDependency",
    "PBXSourcesBuildPhase",
    "PBXFrameworksBuildPhase",
    "PBXShellScriptBuildPhase",
    "PBXCopyFilesBuildPhase",
    "PBXBuildFile",
    "XCBuildConfiguration",
    "XCConfigurationList",
    "PBXSomethingNew",
];

/// One object of a random project: its isa, a name and a path (each maybe), and
/// references to other objects by index.
type Drawn = (usize, Option<String>, Option<String>, Vec<usize>, u8);

fn id(i: usize) -> String {
    format!(
        "{:024X}",
        0x1D36_2300_0000_0000_u64 ^ (i as u64).wrapping_mul(0x9E37_79B9)
    )
}

/// A project from drawn objects: every field a rule of docs/OPENSTEP.md W13 reads
/// (`fileRef`, `productRef`, `files`, `buildConfigurationList`,
/// `buildConfigurations`, `repositoryURL`, `relativePath`, `productName`,
/// `remoteGlobalIDString`, `explicitFileTypes`) appears, pointing at random objects.
fn project(objects: Vec<Drawn>, version: u8, settings: &[(String, String)]) -> PlistValue {
    let n = objects.len() + 1;
    let mut all = Dictionary::new();
    let pick = |refs: &[usize], k: usize| id(refs.get(k).copied().unwrap_or(0) % n);
    for (i, (isa, name, path, refs, flags)) in objects.into_iter().enumerate() {
        let isa = ISAS[isa % ISAS.len()];
        let mut o = Dictionary::new();
        o.insert("isa", PlistValue::String(isa.into()));
        if let Some(name) = name {
            let key = match isa {
                "XCSwiftPackageProductDependency" => "productName",
                "XCLocalSwiftPackageReference" => "relativePath",
                "XCRemoteSwiftPackageReference" => "repositoryURL",
                _ => "name",
            };
            o.insert(key, PlistValue::String(name));
        }
        if let Some(path) = path {
            o.insert("path", PlistValue::String(path));
        }
        let list = |from: usize| -> PlistValue {
            PlistValue::from(
                refs.iter()
                    .skip(from)
                    .map(|&r| PlistValue::String(id(r % n)))
                    .collect::<Vec<_>>(),
            )
        };
        match isa {
            "PBXBuildFile" if flags & 1 == 0 => {
                o.insert("fileRef", PlistValue::String(pick(&refs, 0)));
                if flags & 2 != 0 {
                    let mut s = Dictionary::new();
                    s.insert("ATTRIBUTES", PlistValue::from(vec!["Weak"]));
                    o.insert("settings", PlistValue::Dictionary(s));
                }
            }
            "PBXBuildFile" => {
                o.insert("productRef", PlistValue::String(pick(&refs, 0)));
            }
            "PBXNativeTarget" | "PBXAggregateTarget" => {
                o.insert("buildConfigurationList", PlistValue::String(pick(&refs, 0)));
                o.insert("buildPhases", list(1));
            }
            "XCConfigurationList" => {
                o.insert("buildConfigurations", list(0));
            }
            "PBXContainerItemProxy" => {
                o.insert("remoteGlobalIDString", PlistValue::String(pick(&refs, 0)));
                o.insert("containerPortal", PlistValue::String(pick(&refs, 1)));
            }
            "PBXFileSystemSynchronizedRootGroup" if flags & 4 != 0 => {
                o.insert(
                    "explicitFileTypes",
                    PlistValue::Dictionary(Dictionary::new()),
                );
                o.insert("exceptions", list(0));
            }
            "XCBuildConfiguration" => {
                let mut s = Dictionary::new();
                for (k, v) in settings {
                    s.insert(k.clone(), PlistValue::String(v.clone()));
                }
                o.insert("buildSettings", PlistValue::Dictionary(s));
            }
            _ if isa.ends_with("BuildPhase") => {
                o.insert("files", list(0));
                o.insert("buildActionMask", PlistValue::String("2147483647".into()));
            }
            _ => {
                o.insert("children", list(0));
            }
        }
        all.insert(id(i + 1), PlistValue::Dictionary(o));
    }
    let mut root_object = Dictionary::new();
    root_object.insert("isa", PlistValue::String("PBXProject".into()));
    root_object.insert("buildConfigurationList", PlistValue::String(id(n / 2)));
    let mut attributes = Dictionary::new();
    let mut targets = Dictionary::new();
    targets.insert(id(1), PlistValue::Dictionary(Dictionary::new()));
    attributes.insert("TargetAttributes", PlistValue::Dictionary(targets));
    root_object.insert("attributes", PlistValue::Dictionary(attributes));
    all.insert(id(0), PlistValue::Dictionary(root_object));
    let mut root = Dictionary::new();
    root.insert("archiveVersion", PlistValue::String("1".into()));
    root.insert("classes", PlistValue::Dictionary(Dictionary::new()));
    let version = [46, 54, 56, 60, 77, 90][version as usize % 6];
    root.insert("objectVersion", PlistValue::String(version.to_string()));
    root.insert("objects", PlistValue::Dictionary(all));
    root.insert("rootObject", PlistValue::String(id(0)));
    PlistValue::Dictionary(root)
}

/// `n` random Xcode projects from `seed`, each with up to `objects` objects.
pub fn projects(seed: u64, n: usize, objects: usize) -> Vec<PlistValue> {
    let object = (
        any::<usize>(),
        proptest::option::of(name()),
        proptest::option::of(name()),
        vec(any::<usize>(), 0..5),
        any::<u8>(),
    );
    let strategy = (
        vec(object, 1..=objects),
        any::<u8>(),
        vec((name(), text(5)), 0..6),
    )
        .prop_map(|(objects, version, settings)| project(objects, version, &settings));
    draw(seed, n, &strategy)
}
