//! The key-lookup table: 100 lookups in a 200,000-key dictionary, lazily through
//! `Node::get`'s key index, by decoding the whole dictionary, and by the scan
//! `Node::get` did before the index.

use plistvalue_suite::lookup::{by_decode, by_index, by_scan, document, probes};

use crate::check::ensure;
use crate::harness::{race, timed};
use crate::report::{Json, Measure, Row, Table};
use crate::Res;

/// Entries in the dictionary, and lookups per round.
const ENTRIES: usize = 200_000;
const LOOKUPS: usize = 100;

pub fn table(k: usize) -> Res<Table> {
    let bytes = document(ENTRIES);
    let keys = probes(ENTRIES, LOOKUPS);
    let want = by_decode(&bytes, &keys)?;
    ensure(
        by_index(&bytes, &keys)? == want,
        "the key index finds every key",
    )?;
    ensure(by_scan(&bytes, &keys)? == want, "the scan finds every key")?;
    let plist_lookup = || {
        let v = plist::Value::from_reader(std::io::Cursor::new(&bytes)).expect("checked");
        let d = v.as_dictionary().expect("a dictionary");
        keys.iter()
            .filter_map(|k| d.get(k).and_then(plist::Value::as_unsigned_integer))
            .sum::<u64>()
    };
    ensure(plist_lookup() == want, "the plist crate finds every key")?;
    let (mut index, mut decode, mut scan, mut theirs) = (
        timed(|| by_index(&bytes, &keys)),
        timed(|| by_decode(&bytes, &keys)),
        timed(|| by_scan(&bytes, &keys)),
        timed(plist_lookup),
    );
    let rounds = k.min(3);
    let mut stats = race(
        rounds,
        &mut [&mut index, &mut decode, &mut scan, &mut theirs],
    )
    .into_iter();
    let (index, decode, scan, theirs) = (
        stats.next().expect("four"),
        stats.next().expect("four"),
        stats.next().expect("four"),
        stats.next().expect("four"),
    );
    let rows = vec![
        Row::new("lazy `Node::get`, with the key index ¹")
            .ours(Measure::Time(index))
            .plist(Measure::Time(theirs.clone())),
        Row::new("decode the whole dictionary, then look up")
            .ours(Measure::Time(decode))
            .plist(Measure::Time(theirs.clone())),
        Row::new("scan of the keys per lookup (`Node::get` before the index)")
            .ours(Measure::Time(scan))
            .plist(Measure::Time(theirs)),
    ];
    Ok(Table {
        title: format!(
            "Key lookup: {LOOKUPS} lookups in a {ENTRIES}-key dictionary, {rounds} rounds"
        ),
        params: vec![
            ("entries", Json::Int(ENTRIES as u64)),
            ("lookups", Json::Int(LOOKUPS as u64)),
            ("rounds", Json::Int(rounds as u64)),
        ],
        rows,
        notes: vec![
            "Each row opens the file and sums the values of the same 100 keys. The plist \
             crate's column is its full decode followed by the lookups, which is the only \
             way it reads a field."
                .into(),
            "¹ The first lookup reads every key once into a hash index the document keeps; \
             the other 99 take a hash and a probe. Dictionaries of 64 entries or more get one."
                .into(),
        ],
    })
}
