//! A second, independent reader: GNUstep's `NSKeyedUnarchiver` reads what
//! `archive::archive` writes, binary and XML, back to the graph `archive::unarchive`
//! gives for the same bytes. `gnustep_unarchive.m`, compiled here with `gcc` and
//! `gnustep-config`, prints the graph it decodes; custom classes are made at run
//! time by the unarchiver's delegate.
//!
//! Seeded random graphs (custom classes with `$classes` or name-mapped, referenced
//! and inline fields, inline arrays, cycles through custom objects, shared
//! subtrees, `NSNull`, dates, sets) and hand cases. What GNUstep cannot read is left
//! out, and said where: integers beyond 64 bits (its bplist reader stops at 8-byte
//! integers), UIDs wider than 2 bytes (archives of more than 65,536 objects), and a
//! cycle through a Foundation collection (its `NSArray`, `NSDictionary` and `NSSet`
//! are decoded through placeholder objects, so a reference back to one being decoded
//! cannot resolve; the same holds for Foundation's own `NSKeyedUnarchiver`, as
//! swift-corelibs-foundation shows). Reals are finite and strings free of the
//! control characters XML cannot carry, so that every graph also goes through XML.
//!
//! Without `gcc` or `gnustep-config` the test prints a SKIPPED line, and fails when
//! `PLISTVALUE_REQUIRE_SHARED=1` (as `.ci/run`, which installs GNUstep, sets).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value as Json;

use plistvalue::archive::{archive, unarchive};
use plistvalue::{plist, Date, Dictionary, PlistValue, Uid};
use plistvalue_suite::env::{skip_unless_required, REQUIRE_SHARED};

/// The seed of the random graphs, unless `PLISTVALUE_ARCHIVE_SEED` gives another.
const SEED: u64 = 0x6e55_7e9a_0000_0001;
/// Random graphs per run; each is read in binary and in XML.
const GRAPHS: usize = 64;

/// The helper, compiled into `dir`; `None` after a SKIPPED line when GNUstep's
/// compiler or its configuration tool is missing.
fn compile(dir: &Path) -> Option<PathBuf> {
    let config = |arg: &str| -> Option<Vec<String>> {
        let out = Command::new("gnustep-config").arg(arg).output().ok()?;
        out.status.success().then(|| {
            String::from_utf8_lossy(&out.stdout)
                .split_whitespace()
                .map(str::to_owned)
                .collect()
        })
    };
    let (Some(objc), Some(libs)) = (config("--objc-flags"), config("--base-libs")) else {
        skip_unless_required(
            REQUIRE_SHARED,
            "gnustep-config did not run (Debian: gnustep-base-runtime, libgnustep-base-dev, gobjc)",
        );
        return None;
    };
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/archive/gnustep_unarchive.m");
    let exe = dir.join("gnustep_unarchive");
    // `gnustep-config` adds `-MMD`: the dependency file lands beside the output.
    let out = match Command::new("gcc")
        .current_dir(dir)
        .args(&objc)
        .arg(&source)
        .arg("-o")
        .arg(&exe)
        .args(&libs)
        .output()
    {
        Ok(out) => out,
        Err(e) => {
            skip_unless_required(REQUIRE_SHARED, format!("gcc did not run: {e}"));
            return None;
        }
    };
    assert!(
        out.status.success(),
        "gcc failed on {}:\n{}",
        source.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    Some(exe)
}

/// What the helper printed for each file: `Ok(graph)` or `Err(exception)`.
fn read_with_gnustep(exe: &Path, files: &[PathBuf]) -> Vec<Result<Json, String>> {
    let mut list = String::new();
    for f in files {
        list.push_str(f.to_str().expect("a UTF-8 temp path"));
        list.push('\n');
    }
    let mut child = Command::new(exe)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run the GNUstep helper");
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || std::io::Write::write_all(&mut stdin, list.as_bytes()));
    let out = child.wait_with_output().expect("the helper's output");
    writer
        .join()
        .expect("stdin writer")
        .expect("write the list");
    assert!(
        out.status.success(),
        "the GNUstep helper failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("UTF-8 from the helper");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), files.len(), "one line per file:\n{text}");
    lines
        .into_iter()
        .map(|line| match line.split_once('\t') {
            Some(("T", json)) => Ok(serde_json::from_str(json).expect("the helper's JSON")),
            Some(("E", e)) => Err(e.to_owned()),
            _ => panic!("unexpected helper line {line:?}"),
        })
        .collect()
}

/// Whether GNUstep's graph `g` is the tree `t`: dictionaries as maps, a set (an
/// `NSSet`, or `$inline`'s names) as the tree's array in any order, reals and dates
/// by their bits; `Err` names the first place they differ.
fn same(g: &Json, t: &PlistValue, at: &str) -> Result<(), String> {
    let differ = || Err(format!("at {at:?}: GNUstep {g}, tree {t:?}"));
    let v = &g["v"];
    let hex = |v: &Json| u64::from_str_radix(v.as_str().unwrap_or_default(), 16).ok();
    let ok = match (g["t"].as_str().unwrap_or_default(), t) {
        ("string", PlistValue::String(s)) => v.as_str() == Some(s.as_str()),
        ("int", PlistValue::Integer(i)) => v.as_i64().map(i128::from) == Some(i.as_i128()),
        ("bool", PlistValue::Boolean(b)) => v.as_bool() == Some(*b),
        ("real", PlistValue::Real(r)) => hex(v) == Some(r.to_bits()),
        ("date", PlistValue::Date(d)) => hex(v) == Some(d.seconds_since_2001().to_bits()),
        ("data", PlistValue::Data(d)) => {
            let text = v.as_str().unwrap_or_default();
            text.len() == 2 * d.len()
                && d.iter()
                    .enumerate()
                    .all(|(i, b)| u8::from_str_radix(&text[2 * i..2 * i + 2], 16) == Ok(*b))
        }
        ("null", PlistValue::Null) => true,
        ("uid", PlistValue::Uid(u)) => v.as_u64() == Some(u.get()),
        ("array", PlistValue::Array(items)) => {
            let g_items = v.as_array().map_or(&[][..], Vec::as_slice);
            if g_items.len() != items.len() {
                return differ();
            }
            for (i, (gi, ti)) in g_items.iter().zip(items).enumerate() {
                same(gi, ti, &format!("{at}[{i}]"))?;
            }
            true
        }
        ("set", PlistValue::Array(items)) => {
            let g_items = v.as_array().map_or(&[][..], Vec::as_slice);
            let mut left: Vec<&PlistValue> = items.iter().collect();
            g_items.len() == items.len()
                && g_items.iter().all(|gi| {
                    let found = left.iter().position(|ti| same(gi, ti, at).is_ok());
                    found.map(|i| left.swap_remove(i)).is_some()
                })
        }
        ("dict", PlistValue::Dictionary(d)) => {
            let g_entries = v.as_array().map_or(&[][..], Vec::as_slice);
            if g_entries.len() != d.len() {
                return differ();
            }
            for entry in g_entries {
                let k = entry[0].as_str().unwrap_or_default();
                let Some(tv) = d.get(k) else {
                    return differ();
                };
                same(&entry[1], tv, &format!("{at}.{k}"))?;
            }
            true
        }
        _ => false,
    };
    if ok {
        Ok(())
    } else {
        differ()
    }
}

/// The archive of `tree` in XML: the binary archive's plist, its UIDs written as
/// `CF$UID` dictionaries.
fn xml(binary: &[u8]) -> Vec<u8> {
    let plist: PlistValue = plistvalue::from_slice(binary).expect("our archive is a plist");
    plistvalue::to_vec_xml(&plist).expect("an archive has no null")
}

// ------------------------------------------------------------------ random graphs

/// splitmix64: the same graphs from the same seed on every machine.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

const STRINGS: [&str; 10] = [
    "",
    "milk",
    "Grüße, Zürich",
    "日本語のテキスト",
    "emoji 🎉 and a surrogate pair",
    "quote \" and backslash \\",
    "two\nlines\tand a tab",
    "<tag> & &amp;",
    "$null ",
    "a long string that needs more than fourteen bytes of length",
];

const INTEGERS: [i64; 12] = [
    0,
    1,
    -1,
    255,
    256,
    65_535,
    65_536,
    -129,
    i32::MAX as i64,
    i64::MAX,
    i64::MIN,
    1 << 40,
];

const REALS: [f64; 9] = [
    0.0,
    -0.0,
    0.1,
    -2.5,
    1e300,
    5e-324,
    9_007_199_254_740_993.0,
    std::f64::consts::PI,
    -1e-10,
];

/// A container on the path of the graph being built: whether a cycle may point at
/// it (only custom objects: see the module's comment).
type Trail = Vec<bool>;

/// A raw value: stored in `$objects` when referenced, in the object when inline.
fn scalar(r: &mut Rng) -> PlistValue {
    match r.below(5) {
        0 => PlistValue::from(*r.pick(&STRINGS)),
        1 => PlistValue::from(*r.pick(&INTEGERS)),
        2 => PlistValue::Real(*r.pick(&REALS)),
        3 => PlistValue::Boolean(r.below(2) == 0),
        _ => PlistValue::Data((0..r.below(20)).map(|_| r.next() as u8).collect()),
    }
}

/// A referenced value at `path`: a leaf, a container, a custom object, a set, or a
/// reference back to an enclosing custom object.
fn value(r: &mut Rng, path: &mut Trail, depth: usize) -> PlistValue {
    // At depth 0 only what has no children of its own.
    let roll = if depth == 0 {
        4 + r.below(8)
    } else {
        r.below(12)
    };
    match roll {
        0 | 1 => object(r, path, depth),
        2 => {
            path.push(false);
            let items = (0..r.below(5))
                .map(|_| value(r, path, depth.saturating_sub(1)))
                .collect();
            path.pop();
            PlistValue::Array(items)
        }
        3 => {
            path.push(false);
            let mut d = Dictionary::new();
            for i in 0..r.below(5) {
                let key = format!("{}{i}", r.pick(&STRINGS).trim_start_matches('$'));
                let v = value(r, path, depth.saturating_sub(1));
                d.insert(key, v);
            }
            path.pop();
            PlistValue::Dictionary(d)
        }
        4 => set(r),
        5 => {
            // A marker to the nearest enclosing custom object, if any.
            match path.iter().rev().position(|&target| target) {
                Some(up) => PlistValue::Uid(Uid::new(up as u64 + 1)),
                None => scalar(r),
            }
        }
        6 => PlistValue::Null,
        7 => PlistValue::Date(Date::from_seconds_since_2001(
            r.below(1 << 32) as f64 - 2e9 + r.below(1024) as f64 / 1024.0,
        )),
        _ => scalar(r),
    }
}

/// The set recipe of docs/ARCHIVE.md, over distinct strings and integers.
fn set(r: &mut Rng) -> PlistValue {
    let mut members = Vec::new();
    for _ in 0..r.below(4) {
        let m = if r.below(2) == 0 {
            PlistValue::from(*r.pick(&STRINGS))
        } else {
            PlistValue::from(*r.pick(&INTEGERS))
        };
        if !members.contains(&m) {
            members.push(m);
        }
    }
    let (class, chain): (&str, &[&str]) = if r.below(2) == 0 {
        ("NSSet", &["NSSet", "NSObject"])
    } else {
        ("NSMutableSet", &["NSMutableSet", "NSSet", "NSObject"])
    };
    let mut d = Dictionary::new();
    d.insert("$class", PlistValue::from(class));
    d.insert("$classes", strings(chain));
    d.insert("$inline", strings(&["NS.objects"]));
    d.insert("NS.objects", PlistValue::from(members));
    PlistValue::Dictionary(d)
}

fn strings(list: &[&str]) -> PlistValue {
    PlistValue::Array(list.iter().map(|s| PlistValue::from(*s)).collect())
}

/// A custom object in the tree's generic form: referenced fields, inline scalars,
/// inline arrays of references, and now and then an inline array holding scalars.
fn object(r: &mut Rng, path: &mut Trail, depth: usize) -> PlistValue {
    const CLASSES: [(&str, &[&str]); 4] = [
        ("PVNote", &["PVNote", "NSObject"]),
        ("PVNode", &["PVNode", "PVBase", "NSObject"]),
        ("PVItem", &["PVItem", "PVBase", "NSObject"]),
        ("PVMapped", &[]),
    ];
    let (name, chain) = *r.pick(&CLASSES);
    path.push(true);
    let mut inline = Vec::new();
    let mut elements = Vec::new();
    let mut fields = Vec::new();
    for i in 0..r.below(5) {
        let key = if r.below(8) == 0 {
            format!("$$escaped{i}")
        } else {
            format!("f{i}")
        };
        let v = match r.below(6) {
            0 | 1 => {
                inline.push(key.clone());
                scalar(r)
            }
            2 => {
                inline.push(key.clone());
                path.push(false);
                let mut items: Vec<PlistValue> = (0..r.below(4))
                    .map(|_| value(r, path, depth.saturating_sub(1)))
                    .collect();
                path.pop();
                if r.below(4) == 0 {
                    items.push(scalar(r));
                    elements.push(key.clone());
                }
                PlistValue::from(items)
            }
            _ => value(r, path, depth.saturating_sub(1)),
        };
        fields.push((key, v));
    }
    path.pop();
    let mut d = Dictionary::new();
    d.insert("$class", PlistValue::from(name));
    if !chain.is_empty() {
        d.insert("$classes", strings(chain));
    }
    inline.sort();
    elements.sort();
    if !inline.is_empty() {
        let names: Vec<&str> = inline.iter().map(String::as_str).collect();
        d.insert("$inline", strings(&names));
    }
    if !elements.is_empty() {
        let names: Vec<&str> = elements.iter().map(String::as_str).collect();
        d.insert("$inlineElements", strings(&names));
    }
    for (k, v) in fields {
        d.insert(k, v);
    }
    PlistValue::Dictionary(d)
}

/// `n` random graphs from `seed`, each a custom object, an array or a dictionary.
fn graphs(seed: u64, n: usize) -> Vec<PlistValue> {
    let mut r = Rng(seed);
    (0..n)
        .map(|_| {
            let mut path = Trail::new();
            match r.below(3) {
                0 => object(&mut r, &mut path, 4),
                1 => PlistValue::from(vec![
                    object(&mut r, &mut path, 4),
                    value(&mut r, &mut path, 3),
                ]),
                _ => {
                    let mut d = Dictionary::new();
                    d.insert("root", object(&mut r, &mut path, 4));
                    d.insert("other", value(&mut r, &mut path, 3));
                    PlistValue::Dictionary(d)
                }
            }
        })
        .collect()
}

fn seed() -> u64 {
    match std::env::var("PLISTVALUE_ARCHIVE_SEED") {
        Ok(s) => s
            .strip_prefix("0x")
            .map_or_else(|| s.parse(), |h| u64::from_str_radix(h, 16))
            .unwrap_or_else(|e| panic!("PLISTVALUE_ARCHIVE_SEED={s:?}: {e}")),
        Err(_) => SEED,
    }
}

// ------------------------------------------------------------------ hand cases

/// A custom object of class `name` (chain `[name, NSObject]`) with these entries.
/// A class has one chain in a process, as in Foundation: GNUstep registers it
/// once, so the cases give each name the same chain.
fn thing(name: &str, entries: &PlistValue) -> PlistValue {
    let mut d = Dictionary::new();
    d.insert("$class", PlistValue::from(name));
    d.insert("$classes", strings(&[name, "NSObject"]));
    for (k, v) in entries.as_dictionary().expect("entries") {
        d.insert(k.clone(), v.clone());
    }
    PlistValue::Dictionary(d)
}

fn marker(k: u64) -> PlistValue {
    PlistValue::Uid(Uid::new(k))
}

/// Trees for the cases the random graphs may miss, each named.
fn hand_cases() -> Vec<(&'static str, PlistValue)> {
    let data = PlistValue::Data(vec![0, 1, 2, 0xff]);
    vec![
        (
            "plain values",
            plist!({
                "title": "Groceries",
                "items": ["milk", "eggs", 3, 2.5, true, false, (data.clone()), null],
                "when": (PlistValue::Date(Date::from_seconds_since_2001(-978_307_200.5))),
                "empty": [],
                "nothing": {}
            }),
        ),
        ("a bare string", plist!("root")),
        ("a null root", PlistValue::Null),
        (
            "a self-reference",
            thing("PVLink", &plist!({ "me": (marker(1)), "name": "n" })),
        ),
        (
            "two objects pointing at each other",
            thing(
                "PVLink",
                &plist!({ "other": (thing("PVLink", &plist!({ "other": (marker(2)) }))) }),
            ),
        ),
        (
            "a cycle through an array and a dictionary",
            thing(
                "PVLink",
                &plist!({ "children": [{ "parent": (marker(3)) }, (marker(2))] }),
            ),
        ),
        (
            "a cycle through an inline array",
            thing(
                "PVLink",
                &plist!({ "$inline": ["list"], "list": [(marker(2)), "x"] }),
            ),
        ),
        (
            "inline fields of every kind",
            thing(
                "PVNote",
                &plist!({
                    "$inline": ["b", "d", "i", "r", "s"],
                    "b": true,
                    "d": (data),
                    "i": (-7),
                    "r": 0.5,
                    "s": "text"
                }),
            ),
        ),
        (
            "an inline array holding scalars",
            thing(
                "PVNote",
                &plist!({
                    "$inline": ["list"],
                    "$inlineElements": ["list"],
                    "list": ["$null", 1, { "k": "v" }]
                }),
            ),
        ),
        (
            "a name-mapped class",
            plist!({ "$class": "PVMapped", "v": 3 }),
        ),
        (
            "NSNull in an array, a dictionary and a field",
            plist!([null, { "k": null }, (thing("PVNote", &plist!({ "f": null })))]),
        ),
        (
            "the NSMutableSet recipe",
            plist!({
                "$class": "NSMutableSet",
                "$classes": ["NSMutableSet", "NSSet", "NSObject"],
                "$inline": ["NS.objects"],
                "NS.objects": [1, 2]
            }),
        ),
        (
            "the NSSet recipe with objects",
            plist!({
                "$class": "NSSet",
                "$classes": ["NSSet", "NSObject"],
                "$inline": ["NS.objects"],
                "NS.objects": ["a", [1, 2], (thing("PVNote", &plist!({ "n": 1 })))]
            }),
        ),
        (
            "the NSMutableArray and NSMutableDictionary recipes",
            plist!([
                {
                    "$class": "NSMutableArray",
                    "$classes": ["NSMutableArray", "NSArray", "NSObject"],
                    "$inline": ["NS.objects"],
                    "NS.objects": ["x", 1]
                },
                {
                    "$class": "NSMutableDictionary",
                    "$classes": ["NSMutableDictionary", "NSDictionary", "NSObject"],
                    "$inline": ["NS.keys", "NS.objects"],
                    "NS.keys": ["a", "b"],
                    "NS.objects": [1, "two"]
                }
            ]),
        ),
        (
            "a shared subtree written twice",
            plist!({ "a": { "k": [1, 2] }, "b": { "k": [1, 2] } }),
        ),
    ]
}

/// What the cases hold, so that the test shows it reads each feature many times.
#[derive(Debug, Default)]
struct Tally {
    cycles: usize,
    sets: usize,
    custom: usize,
    mapped: usize,
    inline_arrays: usize,
    inline_elements: usize,
    nulls: usize,
    dates: usize,
}

impl Tally {
    fn add(&mut self, tree: &PlistValue) {
        match tree {
            PlistValue::Uid(_) => self.cycles += 1,
            PlistValue::Null => self.nulls += 1,
            PlistValue::Date(_) => self.dates += 1,
            PlistValue::Array(items) => items.iter().for_each(|x| self.add(x)),
            PlistValue::Dictionary(d) => {
                match d.get("$class").and_then(PlistValue::as_str) {
                    Some("NSSet" | "NSMutableSet") => self.sets += 1,
                    Some(_) if !d.contains_key("$classes") => self.mapped += 1,
                    Some(_) => self.custom += 1,
                    None => {}
                }
                for (k, v) in d {
                    if k == "$inlineElements" {
                        self.inline_elements += 1;
                    } else if k == "$inline" {
                        let inline = v.as_array().map_or(&[][..], Vec::as_slice);
                        self.inline_arrays += inline
                            .iter()
                            .filter(|name| name.as_str().is_some_and(|n| d[n].as_array().is_some()))
                            .count();
                    } else if !k.starts_with('$') || k.starts_with("$$") {
                        self.add(v);
                    }
                }
            }
            _ => {}
        }
    }
}

/// Every case, archived in binary and in XML, is read by GNUstep to the graph
/// `unarchive` gives for the same bytes.
#[test]
fn gnustep_reads_what_archive_writes_to_the_graph_unarchive_gives() {
    let dir = tempfile::tempdir().unwrap();
    let Some(exe) = compile(dir.path()) else {
        return;
    };
    let seed = seed();
    let mut cases: Vec<(String, PlistValue)> = hand_cases()
        .into_iter()
        .map(|(name, tree)| (name.to_owned(), tree))
        .collect();
    for (i, tree) in graphs(seed, GRAPHS).into_iter().enumerate() {
        cases.push((format!("random graph {i} of seed {seed:#x}"), tree));
    }
    let mut files = Vec::new();
    let mut expected = Vec::new();
    for (name, tree) in &cases {
        let binary = archive(tree).unwrap_or_else(|e| panic!("{name}: {e}"));
        for (format, bytes) in [("binary", binary.clone()), ("XML", xml(&binary))] {
            let path = dir.path().join(format!("{}.plist", files.len()));
            std::fs::write(&path, &bytes).unwrap();
            files.push(path);
            let tree = unarchive(&bytes).unwrap_or_else(|e| panic!("{name}, {format}: {e}"));
            expected.push((format!("{name}, {format}"), tree));
        }
    }
    let mut seen = Tally::default();
    for (_, tree) in &cases {
        seen.add(tree);
    }
    assert!(
        seen.cycles >= 10
            && seen.sets >= 15
            && seen.custom >= 50
            && seen.mapped >= 8
            && seen.inline_arrays >= 35
            && seen.inline_elements >= 3
            && seen.nulls >= 15
            && seen.dates >= 12,
        "the graphs miss a feature: {seen:?}"
    );
    let read = read_with_gnustep(&exe, &files);
    let mut wrong = Vec::new();
    for ((name, tree), got) in expected.iter().zip(&read) {
        let result = match got {
            Ok(graph) => same(graph, tree, ""),
            Err(e) => Err(format!("GNUstep refused it: {e}")),
        };
        if let Err(e) = result {
            wrong.push(format!("{name}: {e}"));
        }
    }
    eprintln!(
        "GNUstep read {} archives (binary and XML) to the graph unarchive gives: {seen:?}",
        files.len()
    );
    assert!(
        wrong.is_empty(),
        "{} of {} differ:\n{}",
        wrong.len(),
        files.len(),
        wrong.join("\n")
    );
    assert!(files.len() >= 140, "only {} archives", files.len());
}

/// The archives GNUstep refuses, as Foundation's `NSKeyedUnarchiver` would: members
/// of a collection stored inline, which `archive` wrote for the set recipe before it
/// wrote Foundation's references, and still writes for an `NSArray` whose
/// `$inlineElements` asks for it (a tree only a non-Foundation archive gives).
#[test]
fn gnustep_refuses_a_collection_whose_members_are_inline() {
    let dir = tempfile::tempdir().unwrap();
    let Some(exe) = compile(dir.path()) else {
        return;
    };
    let mixed = plist!({
        "$class": "NSArray",
        "$classes": ["NSArray", "NSObject"],
        "$inline": ["NS.objects"],
        "$inlineElements": ["NS.objects"],
        "NS.objects": ["x", 5]
    });
    // The set recipe as the old writer wrote it: `NS.objects` holding 1 and 2 inline.
    let old_set = plistvalue::to_vec(&plist!({
        "$version": 100_000,
        "$archiver": "NSKeyedArchiver",
        "$top": { "root": (marker(1)) },
        "$objects": [
            "$null",
            { "NS.objects": [1, 2], "$class": (marker(2)) },
            { "$classname": "NSMutableSet", "$classes": ["NSMutableSet", "NSSet", "NSObject"] }
        ]
    }))
    .unwrap();
    let files = [("mixed", archive(&mixed).unwrap()), ("old set", old_set)].map(|(name, bytes)| {
        let path = dir.path().join(name);
        std::fs::write(&path, bytes).unwrap();
        path
    });
    for (file, got) in files.iter().zip(read_with_gnustep(&exe, &files)) {
        assert!(got.is_err(), "{}: GNUstep read {got:?}", file.display());
    }
}

/// Why `archive` refuses a referenced string `"$null"`: not only a raw `"$null"`
/// entry is nil, GNUstep takes any decoded object equal to it for nil, so even an
/// `NSMutableString` holding it reads as nil and the field is gone.
#[test]
fn gnustep_reads_a_mutable_string_holding_null_as_nil() {
    let dir = tempfile::tempdir().unwrap();
    let Some(exe) = compile(dir.path()) else {
        return;
    };
    let bytes = plistvalue::to_vec(&plist!({
        "$version": 100_000,
        "$archiver": "NSKeyedArchiver",
        "$top": { "root": (marker(1)) },
        "$objects": [
            "$null",
            { "f": (marker(3)), "g": (marker(5)), "$class": (marker(2)) },
            { "$classname": "PVNote", "$classes": ["PVNote", "NSObject"] },
            { "NS.string": "$null", "$class": (marker(4)) },
            { "$classname": "NSMutableString", "$classes": ["NSMutableString", "NSString", "NSObject"] },
            "kept"
        ]
    }))
    .unwrap();
    let tree = unarchive(&bytes).unwrap();
    assert_eq!(tree["f"], plist!("$null"), "unarchive keeps the string");
    let path = dir.path().join("null-string");
    std::fs::write(&path, &bytes).unwrap();
    let graph = read_with_gnustep(&exe, &[path]).remove(0).unwrap();
    let fields = graph["v"].as_array().unwrap();
    let names: Vec<&str> = fields.iter().filter_map(|e| e[0].as_str()).collect();
    assert_eq!(names.len(), 3, "{graph}");
    assert!(names.contains(&"g") && !names.contains(&"f"), "{graph}");
}

/// The random graphs are trees `unarchive` returns (canonical forms) but for the
/// sets, which read back as their members: each reads back exactly so, key order
/// included. This runs without GNUstep.
#[test]
fn random_graphs_round_trip_through_archive() {
    let seed = seed();
    for (i, tree) in graphs(seed, GRAPHS).into_iter().enumerate() {
        let back = unarchive(&archive(&tree).unwrap()).unwrap();
        let want = sets_as_members(&tree);
        assert_eq!(
            format!("{back:?}"),
            format!("{want:?}"),
            "graph {i} of seed {seed:#x}"
        );
    }
}

/// The tree with each set recipe replaced by the array of its members.
fn sets_as_members(tree: &PlistValue) -> PlistValue {
    match tree {
        PlistValue::Array(items) => PlistValue::Array(items.iter().map(sets_as_members).collect()),
        PlistValue::Dictionary(d) => {
            let class = d.get("$class").and_then(PlistValue::as_str);
            if matches!(class, Some("NSSet" | "NSMutableSet")) {
                return d["NS.objects"].clone();
            }
            PlistValue::Dictionary(
                d.iter()
                    .map(|(k, v)| (k.clone(), sets_as_members(v)))
                    .collect(),
            )
        }
        other => other.clone(),
    }
}
