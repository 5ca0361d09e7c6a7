//! The XML rows: the benchmark document written as XML, decoded and encoded by
//! plistvalue and by the plist crate's XML reader and writer in the same rounds,
//! beside two floors: a bare quick-xml event loop over the same text (what
//! tokenizing with quick-xml would cost before any value is built, the figure
//! behind the hand-written tokenizer) and a memcpy of the text.

use std::io::Cursor;

use plistvalue::PlistValue;
use plistvalue_suite::bench_doc::{generate, Project, Variant};

use crate::check::{ensure, same_tree};
use crate::harness::{peak_heap, race, solo, timed};
use crate::report::{Json, Measure, Row, Table};
use crate::{memcpy_fresh, race2, time, Res};

fn plist_xml<T: serde::Serialize>(v: &T) -> Vec<u8> {
    let mut out = Vec::new();
    plist::to_writer_xml(&mut out, v).expect("checked before timing");
    out
}

fn plist_value_xml(v: &plist::Value) -> Vec<u8> {
    let mut out = Vec::new();
    v.to_writer_xml(&mut out).expect("checked before timing");
    out
}

/// Every event of the text, nothing built: quick-xml's share of any reader on it.
fn quick_xml_events(text: &[u8]) -> usize {
    let mut reader = quick_xml::Reader::from_reader(text);
    let mut buf = Vec::new();
    let mut n = 0;
    loop {
        match reader.read_event_into(&mut buf).expect("well-formed") {
            quick_xml::events::Event::Eof => return n,
            _ => n += 1,
        }
        buf.clear();
    }
}

pub fn table(n: usize, k: usize) -> Res<Table> {
    let project = generate(n, Variant::Random);
    // The input: the document as CoreFoundation writes it, which is what macOS
    // tools leave on disk.
    let input = plistvalue::to_vec_xml(&project)?;
    ensure(
        plistvalue::from_bytes::<Project>(&input)? == project,
        "plistvalue decodes its XML to the generated Project",
    )?;
    ensure(
        plist::from_bytes::<Project>(&input)? == project,
        "the plist crate decodes plistvalue's XML to the generated Project",
    )?;
    ensure(
        plistvalue::serde::from_bytes::<Project>(&input)? == project,
        "the serde bridge decodes the XML to the generated Project",
    )?;
    let theirs = plist_xml(&project);
    ensure(
        plistvalue::from_bytes::<Project>(&theirs)? == project,
        "plistvalue decodes the plist crate's XML to the generated Project",
    )?;
    let our_tree: PlistValue = plistvalue::from_bytes(&input)?;
    let their_tree = plist::Value::from_reader(Cursor::new(&input))?;
    ensure(
        same_tree(&our_tree, &their_tree),
        "both libraries decode the XML to the same tree",
    )?;
    ensure(
        plistvalue::to_vec_xml(&our_tree)? == input,
        "the untyped encode writes the same bytes as the typed one",
    )?;
    ensure(
        plistvalue::serde::to_vec_xml(&project)? == input,
        "the serde bridge writes the same bytes as the derive",
    )?;
    let events = quick_xml_events(&input);

    eprintln!("[xml N={n}: outputs checked, timing…]");
    let (mut d_ours, mut d_serde, mut d_plist) = (
        timed(|| plistvalue::from_bytes::<Project>(&input).expect("checked")),
        timed(|| plistvalue::serde::from_bytes::<Project>(&input).expect("checked")),
        timed(|| plist::from_bytes::<Project>(&input).expect("checked")),
    );
    let dec = race(k, &mut [&mut d_ours, &mut d_serde, &mut d_plist]);
    let (udec_ours, udec_plist) = race2(
        k,
        || plistvalue::from_bytes::<PlistValue>(&input).expect("checked"),
        || plist::Value::from_reader(Cursor::new(&input)).expect("checked"),
    );
    let (mut e_ours, mut e_serde, mut e_plist) = (
        timed(|| plistvalue::to_vec_xml(&project).expect("checked")),
        timed(|| plistvalue::serde::to_vec_xml(&project).expect("checked")),
        timed(|| plist_xml(&project)),
    );
    let enc = race(k, &mut [&mut e_ours, &mut e_serde, &mut e_plist]);
    let (uenc_ours, uenc_plist) = race2(
        k,
        || plistvalue::to_vec_xml(&our_tree).expect("checked"),
        || plist_value_xml(&their_tree),
    );
    let tokenize = solo(k, timed(|| quick_xml_events(&input)));
    let copy = solo(k, timed(|| memcpy_fresh(&input)));

    let h_dec_ours = peak_heap(|| plistvalue::from_bytes::<Project>(&input));
    let h_dec_plist = peak_heap(|| plist::from_bytes::<Project>(&input));
    let h_udec_ours = peak_heap(|| plistvalue::from_bytes::<PlistValue>(&input));
    let h_udec_plist = peak_heap(|| plist::Value::from_reader(Cursor::new(&input)));
    let h_enc_ours = peak_heap(|| plistvalue::to_vec_xml(&project));
    let h_enc_plist = peak_heap(|| plist_xml(&project));

    let faster = |row: Row, x: f64| {
        let met = row.vs_plist().is_some_and(|r| r >= x);
        row.target(format!("≥ {x}× faster"), met)
    };
    let len = input.len() as u64;
    let heap_row = |row: Row, ours: u64| row.target("≤ 3× input", ours as f64 <= 3.0 * len as f64);
    let rows = vec![
        faster(
            Row::new("XML typed decode → owned `Project`, `from_bytes`")
                .ours(time(&dec[0]))
                .plist(time(&dec[2]))
                .floor("quick-xml events", &tokenize),
            3.0,
        ),
        faster(
            Row::new("XML serde decode → owned `Project` ¹")
                .ours(time(&dec[1]))
                .plist(time(&dec[2])),
            3.0,
        ),
        faster(
            Row::new("XML untyped decode → `PlistValue`")
                .ours(time(&udec_ours))
                .plist(time(&udec_plist))
                .floor("quick-xml events", &tokenize),
            3.0,
        ),
        faster(
            Row::new("XML typed encode, `to_vec_xml`")
                .ours(time(&enc[0]))
                .plist(time(&enc[2]))
                .floor("memcpy, fresh", &copy),
            2.5,
        ),
        faster(
            Row::new("XML serde encode, `serde::to_vec_xml` ¹")
                .ours(time(&enc[1]))
                .plist(time(&enc[2])),
            2.5,
        ),
        faster(
            Row::new("XML untyped encode of `PlistValue`")
                .ours(time(&uenc_ours))
                .plist(time(&uenc_plist))
                .floor("memcpy, fresh", &copy),
            2.5,
        ),
        Row::new(format!(
            "floor: quick-xml event loop over the text ({events} events) ²"
        ))
        .ours(time(&tokenize)),
        Row::new(format!(
            "floor: memcpy of the text ({:.1} MB)",
            len as f64 / 1e6
        ))
        .ours(time(&copy)),
        Row::new("output size, bytes (ours: CF's layout) ³")
            .ours(Measure::Bytes(len, None))
            .plist(Measure::Bytes(theirs.len() as u64, None)),
        heap_row(
            Row::new("peak heap, XML typed decode (× input) ⁴")
                .ours(Measure::Bytes(h_dec_ours, Some(len)))
                .plist(Measure::Bytes(h_dec_plist, Some(len))),
            h_dec_ours,
        ),
        heap_row(
            Row::new("peak heap, XML untyped decode (× input) ⁴")
                .ours(Measure::Bytes(h_udec_ours, Some(len)))
                .plist(Measure::Bytes(h_udec_plist, Some(len))),
            h_udec_ours,
        ),
        Row::new("peak heap, XML typed encode (× output) ⁴")
            .ours(Measure::Bytes(h_enc_ours, Some(len)))
            .plist(Measure::Bytes(h_enc_plist, Some(theirs.len() as u64))),
    ];
    Ok(Table {
        title: format!(
            "XML, N = {n}, random variant: {:.1} MB of XML, {k} rounds",
            len as f64 / 1e6
        ),
        params: vec![
            ("messages", Json::Int(n as u64)),
            ("format", Json::Str("xml".into())),
            ("rounds", Json::Int(k as u64)),
            ("input_bytes", Json::Int(len)),
        ],
        rows,
        notes: vec![
            "Every decode reads the same text: the document as CoreFoundation writes it \
             (`to_vec_xml`, byte-identical to CF's writer), which the plist crate reads \
             to the same tree. plistvalue reads XML into its object table, then binary \
             bytes in memory, then through the one binary reader; the plist crate \
             streams quick-xml events into its deserializer."
                .into(),
            "¹ The serde bridge: the model's own serde derives through `plistvalue::serde`.".into(),
            "² `quick_xml::Reader::read_event_into` over the whole text, discarding the \
             events: no entity decoding, no base64, no value. A reader built on quick-xml \
             starts from this time before it builds anything; ours is hand-written to \
             CoreFoundation's rules."
                .into(),
            "³ The plist crate writes keys in insertion order, data in 68-character lines \
             at every depth and no final newline; ours is CoreFoundation's layout."
                .into(),
            "⁴ Most heap live at once above the starting point, result included.".into(),
        ],
    })
}
