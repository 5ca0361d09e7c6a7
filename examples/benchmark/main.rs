//! The headline benchmark: the proxy-project document of `src/bench_doc.rs`,
//! encoded and decoded by plistvalue and by the `plist` crate in one process, taking
//! turns, beside the floors that bound what any encoder or decoder could do.
//!
//! ```sh
//! cargo run --release --example benchmark                  # both variants, N = 20000
//! cargo run --release --example benchmark -- --json out.json --scaling
//! cargo run --release --example benchmark -- --targets      # with the target column
//! cargo run --release --example benchmark -- --openstep     # only the OpenStep rows
//! cargo run --release --example benchmark -- --xml          # only the XML rows
//! cargo run --release --example benchmark -- some.plist    # re-encode a file
//! ```
//!
//! BENCHMARKS.md holds a full run and what it means.

mod archive;
mod args;
mod check;
mod harness;
mod lookup;
mod openstep;
mod profile;
mod report;
mod walk;
mod xml;

use std::error::Error;
use std::io::Cursor;
use std::time::Duration;

use plistvalue::{Document, PlistValue, Writer};
use plistvalue_suite::alloc::{self, Counting};
use plistvalue_suite::bench_doc::{generate, Project, ProjectRef, Variant};

use check::{ensure, same_tree};
use harness::{peak_heap, race, solo, timed, Stat};
use report::{Json, Measure, Row, Table};

#[global_allocator]
static ALLOC: Counting = Counting::single_threaded();

type Res<T> = Result<T, Box<dyn Error>>;

/// Objects in the archive of the typed archive row.
const ARCHIVE_OBJECTS: usize = 100_000;

fn main() {
    let args = match args::parse(std::env::args().skip(1)) {
        Ok(a) => a,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("error: {e}\n");
            }
            eprintln!("{}", args::USAGE);
            std::process::exit(2);
        }
    };
    if let Err(e) = run(&args) {
        eprintln!("benchmark failed: {e}");
        std::process::exit(1);
    }
}

fn run(args: &args::Args) -> Res<()> {
    let env = environment(args);
    println!("{env}");
    let mut tables = Vec::new();
    if args.archive {
        tables.push(archive::table(args.iterations, ARCHIVE_OBJECTS)?);
    } else if args.openstep {
        tables.push(openstep::table(args.iterations)?);
    } else if args.xml {
        tables.push(xml::table(args.n, args.iterations)?);
    } else if let Some(path) = &args.file {
        tables.push(file_table(path, args.iterations)?);
    } else {
        for &v in &args.variants {
            tables.push(document_table(args.n, v, args.iterations)?);
        }
        tables.push(xml::table(args.n, args.iterations)?);
        tables.push(lookup::table(args.iterations)?);
        tables.push(archive::table(args.iterations, ARCHIVE_OBJECTS)?);
        tables.push(openstep::table(args.iterations)?);
    }
    for t in &tables {
        println!("{}", t.markdown(args.targets));
    }
    let scaling = if args.scaling {
        let s = scaling(args.iterations)?;
        println!("{}", s.markdown(args.targets));
        Some(s)
    } else {
        None
    };
    if let Some(path) = &args.json {
        let mut fields = vec![
            ("environment", Json::Str(env)),
            (
                "tables",
                Json::Arr(tables.iter().map(Table::json).collect()),
            ),
        ];
        if let Some(s) = &scaling {
            fields.push(("scaling", s.json()));
        }
        std::fs::write(path, Json::Obj(fields).render())?;
        println!("wrote {path}");
    }
    Ok(())
}

/// What the numbers were measured on.
fn environment(args: &args::Args) -> String {
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let cpu = cpuinfo
        .lines()
        .find_map(|l| l.strip_prefix("model name"))
        .map_or("unknown CPU", |l| l.trim_start_matches([' ', '\t', ':']));
    let cores = std::thread::available_parallelism().map_or(0, std::num::NonZero::get);
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let load = load
        .split_whitespace()
        .take(3)
        .collect::<Vec<_>>()
        .join(" ");
    let plist = include_str!("../../Cargo.lock")
        .split("[[package]]")
        .find(|p| p.contains("name = \"plist\"\n"))
        .and_then(|p| p.lines().find_map(|l| l.strip_prefix("version = ")))
        .unwrap_or("?")
        .trim_matches('"');
    let build = profile::describe();
    let quick = if args.quick {
        "; --quick: a smoke test, not a measurement"
    } else {
        ""
    };
    format!(
        "plistvalue vs plist {plist}; {build}; {cpu}, {cores} cores, load average {load}; \
         median (min) of {} rounds after one warm-up{quick}",
        args.iterations
    )
}

fn variant_name(v: Variant) -> &'static str {
    match v {
        Variant::Random => "random",
        Variant::Pool => "pool",
    }
}

fn race2<A, B>(k: usize, a: impl FnMut() -> A, b: impl FnMut() -> B) -> (Stat, Stat) {
    let (mut a, mut b) = (timed(a), timed(b));
    let mut s = race(k, &mut [&mut a, &mut b]).into_iter();
    (s.next().unwrap(), s.next().unwrap())
}

fn plist_encode(p: &Project) -> Vec<u8> {
    let mut out = Vec::new();
    plist::to_writer_binary(&mut out, p).expect("checked before timing");
    out
}

fn plist_value_encode(v: &plist::Value) -> Vec<u8> {
    let mut out = Vec::new();
    v.to_writer_binary(&mut out).expect("checked before timing");
    out
}

fn plist_value_decode(bytes: &[u8]) -> plist::Value {
    plist::Value::from_reader(Cursor::new(bytes)).expect("checked before timing")
}

/// A fresh buffer of `src`'s contents: the least any `to_vec` must do.
fn memcpy_fresh(src: &[u8]) -> Vec<u8> {
    let mut v = Vec::with_capacity(src.len());
    v.extend_from_slice(src);
    v
}

/// The lazy probe: open, then `messages[i].url`, borrowed from the input.
fn lazy_url(bytes: &[u8], i: usize) -> Res<&str> {
    let doc = Document::from_slice(bytes)?;
    let url = doc
        .root()?
        .get("messages")?
        .ok_or("no messages")?
        .at(i)?
        .ok_or("no such message")?
        .get("url")?
        .ok_or("no url")?;
    Ok(url.as_ascii().ok_or("url is not ASCII")?)
}

/// The lazy scan: every message's url, read in place; returns their total length.
fn lazy_scan(bytes: &[u8]) -> Res<usize> {
    let doc = Document::from_slice(bytes)?;
    let messages = doc.root()?.get("messages")?.ok_or("no messages")?;
    let mut total = 0;
    for m in messages.elements()? {
        let url = m?.get("url")?.ok_or("no url")?;
        total += url.as_ascii().ok_or("url is not ASCII")?.len();
    }
    Ok(total)
}

fn time(s: &Stat) -> Measure {
    Measure::Time(s.clone())
}

fn document_table(n: usize, variant: Variant, k: usize) -> Res<Table> {
    let project = generate(n, variant);

    // Every output, and the checks each timed operation rests on.
    let ours = plistvalue::to_vec(&project)?;
    let theirs = plist_encode(&project);
    ensure(
        plistvalue::from_slice::<Project>(&ours)? == project,
        "plistvalue decodes its own output to the generated Project",
    )?;
    ensure(
        plist::from_bytes::<Project>(&ours)? == project,
        "the plist crate decodes plistvalue's output to the generated Project",
    )?;
    // The decode rows all read the plist crate's file: the file a user has today.
    let input = &theirs[..];
    ensure(
        plistvalue::from_slice::<Project>(input)? == project,
        "plistvalue decodes the plist crate's output to the generated Project",
    )?;
    ensure(
        plistvalue::from_slice::<ProjectRef>(input)?.to_owned_model() == project,
        "plistvalue's borrowed decode equals the generated Project",
    )?;
    let our_tree: PlistValue = plistvalue::from_slice(input)?;
    let their_tree = plist_value_decode(input);
    ensure(
        same_tree(&our_tree, &their_tree),
        "both libraries decode the file to the same tree",
    )?;
    let ours_untyped = plistvalue::to_vec(&our_tree)?;
    let theirs_untyped = plist_value_encode(&their_tree);
    ensure(
        same_tree(&our_tree, &plist_value_decode(&ours_untyped)),
        "the plist crate reads plistvalue's untyped output back to the same tree",
    )?;
    ensure(
        plistvalue::from_slice::<PlistValue>(&theirs_untyped)? == our_tree,
        "plistvalue reads the plist crate's untyped output back to the same tree",
    )?;
    // The serde bridge: the model's own serde derives, no derive of ours.
    let ours_serde = plistvalue::serde::to_vec(&project)?;
    ensure(
        plist::from_bytes::<Project>(&ours_serde)? == project,
        "the plist crate decodes the serde bridge's output to the generated Project",
    )?;
    ensure(
        plistvalue::serde::from_slice::<Project>(input)? == project,
        "the serde bridge decodes the plist crate's output to the generated Project",
    )?;
    ensure(
        plistvalue::serde::from_slice::<ProjectRef>(input)?.to_owned_model() == project,
        "the serde bridge's borrowed decode equals the generated Project",
    )?;
    ensure(
        ours_serde.len() == theirs.len(),
        "the serde bridge writes as many bytes as the plist crate",
    )?;
    let probe = if n > 10_000 { 10_000 } else { n / 2 };
    ensure(
        lazy_url(input, probe)? == project.messages[probe].url,
        "the lazy read finds the probed url",
    )?;
    let url_bytes: usize = project.messages.iter().map(|m| m.url.len()).sum();
    ensure(
        lazy_scan(input)? == url_bytes,
        "the lazy scan reads every url",
    )?;
    let mut writer = Writer::new();
    let visits = walk::walk(&project);
    ensure(
        visits >= Document::from_slice(&ours)?.len(),
        "the walk floor makes a call for every object of the output",
    )?;

    eprintln!(
        "[{} N={n}: outputs checked, timing…]",
        variant_name(variant)
    );
    // The serde bridge runs in the derive's races, so that its "within 10% of the
    // derive" target is a ratio of times taken side by side, round by round.
    let (mut e_ours, mut e_serde, mut e_plist) = (
        timed(|| plistvalue::to_vec(&project).expect("checked before timing")),
        timed(|| plistvalue::serde::to_vec(&project).expect("checked before timing")),
        timed(|| plist_encode(&project)),
    );
    let enc = race(k, &mut [&mut e_ours, &mut e_serde, &mut e_plist]);
    let (enc_ours, senc_ours, enc_plist) = (&enc[0], &enc[1], &enc[2]);
    let (mut buf_ours, mut buf_plist) = (Vec::new(), Vec::new());
    let (reuse_ours, reuse_plist) = race2(
        k,
        || {
            buf_ours.clear();
            writer.write_into(&project, &mut buf_ours).expect("checked");
        },
        || {
            buf_plist.clear();
            plist::to_writer_binary(&mut buf_plist, &project).expect("checked");
        },
    );
    // The clone floor, too, runs in the decodes' race: "ours ÷ floor" is then a
    // per-round ratio like "vs plist".
    let (mut d_own, mut d_ref, mut d_plist, mut d_clone) = (
        timed(|| plistvalue::from_slice::<Project>(input).expect("checked")),
        timed(|| plistvalue::from_slice::<ProjectRef>(input).expect("checked")),
        timed(|| plist::from_bytes::<Project>(input).expect("checked")),
        timed(|| project.clone()),
    );
    let (mut sd_own, mut sd_ref) = (
        timed(|| plistvalue::serde::from_slice::<Project>(input).expect("checked")),
        timed(|| plistvalue::serde::from_slice::<ProjectRef>(input).expect("checked")),
    );
    let dec = race(
        k,
        &mut [
            &mut d_own,
            &mut d_ref,
            &mut d_plist,
            &mut d_clone,
            &mut sd_own,
            &mut sd_ref,
        ],
    );
    let (dec_ours, dec_ref, dec_plist, clone_model) = (&dec[0], &dec[1], &dec[2], &dec[3]);
    let (sdec_own, sdec_ref) = (&dec[4], &dec[5]);
    let (udec_ours, udec_plist) = race2(
        k,
        || plistvalue::from_slice::<PlistValue>(input).expect("checked"),
        || plist_value_decode(input),
    );
    let (uenc_ours, uenc_plist) = race2(
        k,
        || plistvalue::to_vec(&our_tree).expect("checked"),
        || plist_value_encode(&their_tree),
    );
    let lazy_one = solo(k, timed(|| lazy_url(input, probe).expect("checked")));
    let lazy_all = solo(k, timed(|| lazy_scan(input).expect("checked")));
    let walk = solo(k, timed(|| walk::walk(&project)));
    let copy_fresh = solo(k, timed(|| memcpy_fresh(&ours)));
    let mut copy_buf = Vec::new();
    let copy_reused = solo(
        k,
        timed(|| {
            copy_buf.clear();
            copy_buf.extend_from_slice(&ours);
        }),
    );
    let clone_tree = solo(k, timed(|| our_tree.clone()));

    // Peak heap, one run each, after the timing so the allocator is warm for both.
    let h_enc_ours = peak_heap(|| plistvalue::to_vec(&project));
    let h_enc_plist = peak_heap(|| plist_encode(&project));
    let h_dec_ours = peak_heap(|| plistvalue::from_slice::<Project>(input));
    let h_dec_plist = peak_heap(|| plist::from_bytes::<Project>(input));
    let h_uenc_ours = peak_heap(|| plistvalue::to_vec(&our_tree));
    let h_uenc_plist = peak_heap(|| plist_value_encode(&their_tree));
    let h_udec_ours = peak_heap(|| plistvalue::from_slice::<PlistValue>(input));
    let h_udec_plist = peak_heap(|| plist_value_decode(input));
    let retained = {
        let before = alloc::current();
        let mut w = Writer::new();
        let mut out = Vec::new();
        w.write_into(&project, &mut out)?;
        drop(out);
        alloc::current() - before
    };

    // The targets are the random variant's; other variants' rows carry none.
    let main = variant == Variant::Random;
    let goal = |row: Row, text: String, met: bool| {
        if main {
            row.target(text, met)
        } else {
            row
        }
    };
    let faster = |row: Row, x: f64| {
        let met = row.vs_plist().is_some_and(|r| r >= x);
        goal(row, format!("≥ {x}× faster"), met)
    };
    // The "ours ÷ floor" targets: at most `x` times the row's floor.
    let at_most = |row: Row, x: f64, what: &str| {
        let met = row.over_floor().is_some_and(|r| r <= x);
        goal(row, format!("≤ {x}× {what}"), met)
    };
    let mb = |b: usize| b as f64 / 1e6;
    let rows = vec![
        faster(
            Row::new("typed encode, `to_vec` (fresh buffers)")
                .ours(time(enc_ours))
                .plist(time(enc_plist))
                .floor("memcpy, fresh", &copy_fresh),
            4.0,
        ),
        Row::new("typed encode, reused `Writer` and Vec")
            .ours(time(&reuse_ours))
            .plist(time(&reuse_plist))
            .floor("memcpy, reused", &copy_reused),
        {
            let row = Row::new("typed decode → owned `Project`")
                .ours(time(dec_ours))
                .plist(time(dec_plist))
                .floor("clone", clone_model);
            at_most(row, 1.2, "floor")
        },
        faster(
            Row::new("typed decode → borrowed `ProjectRef` ¹")
                .ours(time(dec_ref))
                .plist(time(dec_plist)),
            6.0,
        ),
        at_most(
            Row::new("serde encode, `plistvalue::serde::to_vec` ⁴")
                .ours(time(senc_ours))
                .plist(time(enc_plist))
                .floor("the derive's `to_vec`", enc_ours),
            1.1,
            "the derive's time",
        ),
        at_most(
            Row::new("serde decode → owned `Project` ⁴")
                .ours(time(sdec_own))
                .plist(time(dec_plist))
                .floor("the derive's decode", dec_ours),
            1.1,
            "the derive's time",
        ),
        Row::new("serde decode → borrowed `ProjectRef` ¹ ⁴")
            .ours(time(sdec_ref))
            .plist(time(dec_plist))
            .floor("the derive's decode", dec_ref),
        faster(
            Row::new("untyped decode → `PlistValue`")
                .ours(time(&udec_ours))
                .plist(time(&udec_plist))
                .floor("clone", &clone_tree),
            3.0,
        ),
        faster(
            Row::new("untyped encode of `PlistValue`")
                .ours(time(&uenc_ours))
                .plist(time(&uenc_plist))
                .floor("memcpy, fresh", &copy_fresh),
            4.0,
        ),
        {
            let row = Row::new(format!("lazy: open + `messages[{probe}].url` ²"))
                .ours(time(&lazy_one))
                .plist(time(&udec_plist));
            let met = lazy_one.median <= Duration::from_micros(100);
            goal(row, "≤ 100 µs".into(), met)
        },
        Row::new(format!("lazy: scan all {n} urls ²"))
            .ours(time(&lazy_all))
            .plist(time(&udec_plist)),
        Row::new(format!(
            "floor: walk of the model, no encoder ({visits} calls)"
        ))
        .ours(time(&walk)),
        Row::new(format!(
            "floor: memcpy of the output ({:.1} MB), fresh Vec",
            mb(ours.len())
        ))
        .ours(time(&copy_fresh)),
        Row::new("floor: memcpy of the output, reused Vec").ours(time(&copy_reused)),
        Row::new("floor: clone of the owned `Project`").ours(time(clone_model)),
        Row::new("floor: clone of the `PlistValue` tree").ours(time(&clone_tree)),
        {
            let row = Row::new(format!(
                "output size, typed, bytes ({} objects)",
                report::thousands(Document::from_slice(&ours)?.len())
            ))
            .ours(Measure::Bytes(ours.len() as u64, None))
            .plist(Measure::Bytes(theirs.len() as u64, None));
            let met = ours.len() <= theirs.len();
            row.target("≤ 1.000×", met)
        },
        {
            let row = Row::new("output size, untyped, bytes")
                .ours(Measure::Bytes(ours_untyped.len() as u64, None))
                .plist(Measure::Bytes(theirs_untyped.len() as u64, None));
            let met = ours_untyped.len() <= theirs_untyped.len();
            row.target("≤ 1.000×", met)
        },
        {
            let row = Row::new("peak heap, typed encode (× output) ³")
                .ours(Measure::Bytes(h_enc_ours, Some(ours.len() as u64)))
                .plist(Measure::Bytes(h_enc_plist, Some(theirs.len() as u64)));
            let met = h_enc_ours as f64 <= 2.0 * ours.len() as f64;
            goal(row, "≤ 2× output".into(), met)
        },
        Row::new("peak heap, typed decode (× input) ³")
            .ours(Measure::Bytes(h_dec_ours, Some(input.len() as u64)))
            .plist(Measure::Bytes(h_dec_plist, Some(input.len() as u64))),
        Row::new("peak heap, untyped encode (× output) ³")
            .ours(Measure::Bytes(h_uenc_ours, Some(ours_untyped.len() as u64)))
            .plist(Measure::Bytes(
                h_uenc_plist,
                Some(theirs_untyped.len() as u64),
            )),
        {
            let row = Row::new("peak heap, untyped decode (× input) ³")
                .ours(Measure::Bytes(h_udec_ours, Some(input.len() as u64)))
                .plist(Measure::Bytes(h_udec_plist, Some(input.len() as u64)));
            let met = h_udec_ours as f64 <= 2.0 * input.len() as f64;
            goal(row, "≤ 2× input".into(), met)
        },
        Row::new("heap a reused `Writer` keeps between encodes (× output)")
            .ours(Measure::Bytes(retained as u64, Some(ours.len() as u64))),
    ];
    Ok(Table {
        title: format!(
            "N = {n}, {} variant: {:.1} MB file, {k} rounds",
            variant_name(variant),
            mb(theirs.len())
        ),
        params: vec![
            ("messages", Json::Int(n as u64)),
            ("variant", Json::Str(variant_name(variant).into())),
            ("rounds", Json::Int(k as u64)),
            ("input_bytes", Json::Int(theirs.len() as u64)),
        ],
        rows,
        notes: vec![
            "Every decode reads the plist crate's file. Fresh buffers: `to_vec` against \
             `to_writer_binary` into a new Vec. Reused: `Writer::write_into` a cleared Vec \
             against `to_writer_binary` into a cleared Vec (the plist crate keeps no encoder \
             state). Results are dropped after the clock stops; operations under 1 ms are \
             timed in batches of about 1 ms and reported per call. \"vs plist\" is the median \
             of the per-round ratios of the two libraries, which run side by side in every \
             round, so a drift in the machine's speed between rounds cancels out."
                .into(),
            "¹ The plist crate cannot borrow from a binary plist; its column is its owned \
             decode, timed in the same rounds."
                .into(),
            "² The plist crate has no lazy reader; its column is the full untyped decode it \
             needs to read any field."
                .into(),
            "³ Most heap live at once above the starting point, result included, from a \
             counting global allocator (realloc counted as a change of size); MB = 10⁶ bytes."
                .into(),
            "⁴ The serde bridge: the model's own `#[derive(Serialize, Deserialize)]` \
             through `plistvalue::serde`, with no derive of ours. Its encode copies each \
             distinct string and body into the encoder (serde gives them no lifetime), \
             where the typed rows borrow them. Its floor column is the derive's own time \
             in the same rounds, so \"ours ÷ floor\" is serde's cost over the derive's."
                .into(),
        ],
    })
}

fn file_table(path: &str, k: usize) -> Res<Table> {
    let input = std::fs::read(path)?;
    let our_tree: PlistValue = plistvalue::from_slice(&input)
        .map_err(|e| format!("plistvalue cannot read {path} (binary plists only): {e}"))?;
    let their_tree = plist::Value::from_reader(Cursor::new(&input))?;
    ensure(
        same_tree(&our_tree, &their_tree),
        "both libraries decode the file to the same tree",
    )?;
    let ours = plistvalue::to_vec(&our_tree)?;
    let theirs = plist_value_encode(&their_tree);
    ensure(
        same_tree(&our_tree, &plist_value_decode(&ours)),
        "the plist crate reads plistvalue's output back to the same tree",
    )?;
    ensure(
        plistvalue::from_slice::<PlistValue>(&theirs)? == our_tree,
        "plistvalue reads the plist crate's output back to the same tree",
    )?;
    let (dec_ours, dec_plist) = race2(
        k,
        || plistvalue::from_slice::<PlistValue>(&input).expect("checked"),
        || plist_value_decode(&input),
    );
    let (enc_ours, enc_plist) = race2(
        k,
        || plistvalue::to_vec(&our_tree).expect("checked"),
        || plist_value_encode(&their_tree),
    );
    let open = solo(
        k,
        timed(|| {
            let doc = Document::from_slice(&input).expect("checked");
            doc.root().expect("checked").kind()
        }),
    );
    let copy = solo(k, timed(|| memcpy_fresh(&ours)));
    let clone = solo(k, timed(|| our_tree.clone()));
    let h_enc_ours = peak_heap(|| plistvalue::to_vec(&our_tree));
    let h_enc_plist = peak_heap(|| plist_value_encode(&their_tree));
    let h_dec_ours = peak_heap(|| plistvalue::from_slice::<PlistValue>(&input));
    let h_dec_plist = peak_heap(|| plist_value_decode(&input));
    let rows = vec![
        Row::new("untyped decode → `PlistValue`")
            .ours(time(&dec_ours))
            .plist(time(&dec_plist))
            .floor("clone", &clone),
        Row::new("untyped encode of `PlistValue`")
            .ours(time(&enc_ours))
            .plist(time(&enc_plist))
            .floor("memcpy, fresh", &copy),
        Row::new("lazy: open + root ¹")
            .ours(time(&open))
            .plist(time(&dec_plist)),
        Row::new("floor: memcpy of the output, fresh Vec").ours(time(&copy)),
        Row::new("floor: clone of the `PlistValue` tree").ours(time(&clone)),
        Row::new(format!(
            "output size, bytes ({} objects)",
            report::thousands(Document::from_slice(&ours)?.len())
        ))
        .ours(Measure::Bytes(ours.len() as u64, None))
        .plist(Measure::Bytes(theirs.len() as u64, None)),
        Row::new("peak heap, encode (× output) ²")
            .ours(Measure::Bytes(h_enc_ours, Some(ours.len() as u64)))
            .plist(Measure::Bytes(h_enc_plist, Some(theirs.len() as u64))),
        Row::new("peak heap, decode (× input) ²")
            .ours(Measure::Bytes(h_dec_ours, Some(input.len() as u64)))
            .plist(Measure::Bytes(h_dec_plist, Some(input.len() as u64))),
    ];
    Ok(Table {
        title: format!(
            "{path}: {} bytes, {k} rounds",
            report::thousands(input.len() as u64)
        ),
        params: vec![
            ("file", Json::Str(path.into())),
            ("rounds", Json::Int(k as u64)),
            ("input_bytes", Json::Int(input.len() as u64)),
        ],
        rows,
        notes: vec![
            "¹ The plist crate has no lazy reader; its column is its full decode.".into(),
            "² Most heap live at once above the starting point, result included.".into(),
        ],
    })
}

/// Time per message at three sizes, random variant, against the plist crate and the
/// floors, which show what the memory hierarchy alone does as the document grows.
fn scaling(k: usize) -> Res<Table> {
    const SIZES: [usize; 3] = [2_000, 20_000, 200_000];
    // Name, the plist crate's series it is held to when the flatness target applies,
    // median µs per message at each size.
    let mut series: Vec<(&str, Option<usize>, Vec<f64>)> = [
        ("typed encode, `to_vec`", Some(3)),
        ("typed encode, reused `Writer`", Some(3)),
        ("typed decode → `Project`", Some(4)),
        ("plist crate: typed encode", None),
        ("plist crate: typed decode", None),
        ("floor: memcpy of the output, fresh Vec", None),
        ("floor: clone of the owned `Project`", None),
    ]
    .map(|(name, target)| (name, target, Vec::new()))
    .into();
    let mut rows = Vec::new();
    for n in SIZES {
        eprintln!("[scaling N={n}…]");
        let project = generate(n, Variant::Random);
        let input = plist_encode(&project);
        ensure(
            plistvalue::from_slice::<Project>(&input)? == project,
            "plistvalue decodes the plist crate's output to the generated Project",
        )?;
        let (enc, enc_plist) = race2(
            k,
            || plistvalue::to_vec(&project).expect("checked"),
            || plist_encode(&project),
        );
        let mut writer = Writer::new();
        let mut buf = Vec::new();
        let reuse = solo(
            k,
            timed(|| {
                buf.clear();
                writer.write_into(&project, &mut buf).expect("checked");
            }),
        );
        drop((writer, buf));
        let (dec, dec_plist) = race2(
            k,
            || plistvalue::from_slice::<Project>(&input).expect("checked"),
            || plist::from_bytes::<Project>(&input).expect("checked"),
        );
        // The outputs are the same size (checked in the main table), so the plist
        // crate's file stands for ours.
        let copy = solo(k, timed(|| memcpy_fresh(&input)));
        let clone = solo(k, timed(|| project.clone()));
        let per = |s: &Stat| s.per(n as u32);
        for (j, s) in [&enc, &reuse, &dec, &enc_plist, &dec_plist, &copy, &clone]
            .into_iter()
            .enumerate()
        {
            series[j].2.push(s.median.as_secs_f64() * 1e6 / n as f64);
        }
        let at = |op: &str| format!("N = {n}: {op}, per message");
        rows.push(
            Row::new(at(series[0].0))
                .ours(time(&per(&enc)))
                .plist(time(&per(&enc_plist)))
                .floor("memcpy, fresh", &per(&copy)),
        );
        rows.push(
            Row::new(at(series[1].0))
                .ours(time(&per(&reuse)))
                .floor("memcpy, fresh", &per(&copy)),
        );
        rows.push(
            Row::new(at(series[2].0))
                .ours(time(&per(&dec)))
                .plist(time(&per(&dec_plist)))
                .floor("clone", &per(&clone)),
        );
    }
    let spread = |v: &[f64]| {
        v.iter().copied().fold(f64::MIN, f64::max) / v.iter().copied().fold(f64::MAX, f64::min)
    };
    for (name, theirs, v) in &series {
        let ours = spread(v);
        let row = Row::new(format!(
            "{name}: slowest ÷ fastest time per message, 2k → 200k = {ours:.2}"
        ));
        // Flat within 30%, or no worse than the plist crate's own drift on
        // the same operation.
        rows.push(match theirs {
            Some(j) => {
                let drift = spread(&series[*j].2);
                row.target(
                    format!("≤ 1.3, or ≤ the plist crate's {drift:.2}"),
                    ours <= 1.3 || ours <= drift,
                )
            }
            None => row,
        });
    }
    Ok(Table {
        title: format!("Scaling, random variant, {k} rounds: time per message"),
        params: vec![
            (
                "messages",
                Json::Arr(SIZES.iter().map(|&n| Json::Int(n as u64)).collect()),
            ),
            ("variant", Json::Str("random".into())),
            ("rounds", Json::Int(k as u64)),
        ],
        rows,
        notes: vec![
            "Each N is generated, checked and timed on its own; the plist crate \
                     runs in the same rounds."
                .into(),
        ],
    })
}
