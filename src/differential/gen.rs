//! Random trees from proptest strategies, drawn from one seeded RNG so that a seed
//! and a case count give the same trees on every machine, plus fixed trees that sit
//! exactly on the reference- and offset-width boundaries.

use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::{select, Index};
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};

use plistvalue::{Dictionary, PlistValue};

use super::model::{date, int, uid};

/// Which dates a tree may hold.
#[derive(Clone, Copy)]
pub enum Profile {
    /// Any `f64`: sub-microsecond fractions, NaN and infinities. For our writer.
    Full,
    /// Whole microseconds within ±4·10⁹ s of 2001: what plistlib's `datetime` and the
    /// plist crate's `SystemTime` can be asked to write.
    Portable,
}

/// `n` random trees from `seed`.
pub fn trees(seed: u64, n: usize, profile: Profile) -> Vec<PlistValue> {
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
    let mut runner = TestRunner::new_with_rng(Config::default(), rng);
    let strategy = tree(profile);
    (0..n)
        .map(|_| {
            strategy
                .new_tree(&mut runner)
                .expect("draw a tree")
                .current()
        })
        .collect()
}

/// Trees whose object count or offset-table start sits on a width boundary, with
/// the ref and offset widths CF's rule gives them.
pub fn boundary_trees() -> Vec<(PlistValue, &'static str, u8, u8)> {
    let ints = |n: i128| PlistValue::Array((0..n).map(int).collect());
    let blob = |n: usize| PlistValue::Data((0..n).map(|i| (i * 7) as u8).collect());
    vec![
        // An array and its distinct ints: 255 / 256 / 65 535 / 65 536 objects.
        (ints(254), "255 objects", 1, 2),
        (ints(255), "256 objects", 2, 2),
        (ints(65_534), "65535 objects", 2, 4),
        (ints(65_535), "65536 objects", 4, 4),
        // A data root: 8 + 3 + n and 8 + 4 + n bytes before the offset table.
        (blob(244), "offset table at 255", 1, 1),
        (blob(245), "offset table at 256", 1, 2),
        (blob(65_523), "offset table at 65535", 1, 2),
        (blob(65_524), "offset table at 65536", 1, 4),
    ]
}

fn tree(profile: Profile) -> BoxedStrategy<PlistValue> {
    let leaf = leaf(profile);
    let wide = leaf.clone();
    let containers = leaf.clone().prop_recursive(5, 96, 8, move |inner| {
        prop_oneof![
            4 => vec(inner.clone(), 0..8).prop_map(PlistValue::from),
            4 => vec((string(), inner.clone()), 0..8).prop_map(dict),
            // Repeated subtrees: containers are written each time, scalars once.
            1 => (inner.clone(), 2..4usize).prop_map(|(t, n)| PlistValue::Array(vec![t; n].into())),
            1 => (inner.clone(), vec(string(), 2..4)).prop_map(|(t, keys)| {
                dict(keys.into_iter().map(|k| (k, t.clone())).collect())
            }),
            1 => (inner.clone(), 10..60usize, any::<bool>()).prop_map(|(t, n, d)| deep(t, n, d)),
            // Wide: counts ≥ 15 take the long form, and many objects 2-byte refs.
            1 => vec(wide.clone(), 15..300).prop_map(PlistValue::from),
            1 => twins(),
        ]
    });
    prop_oneof![1 => leaf, 8 => containers].boxed()
}

fn leaf(profile: Profile) -> BoxedStrategy<PlistValue> {
    prop_oneof![
        2 => any::<bool>().prop_map(PlistValue::Boolean),
        3 => integer(),
        3 => real().prop_map(PlistValue::Real),
        2 => dates(profile),
        2 => data().prop_map(PlistValue::Data),
        4 => string().prop_map(PlistValue::String),
        1 => uids(),
    ]
    .boxed()
}

fn dict(entries: Vec<(String, PlistValue)>) -> PlistValue {
    PlistValue::Dictionary(entries.into_iter().collect::<Dictionary>())
}

/// `t` inside `n` one-element arrays or dictionaries.
fn deep(t: PlistValue, n: usize, dicts: bool) -> PlistValue {
    (0..n).fold(t, |inner, i| {
        if dicts {
            dict(vec![(format!("level{i}"), inner)])
        } else {
            PlistValue::Array(vec![inner].into())
        }
    })
}

/// Two blobs of equal length with equal first and last 32 bytes (the writer keys
/// large blobs on exactly those), plus the first again: two objects, not one or three.
fn twins() -> impl Strategy<Value = PlistValue> {
    (
        select(&[65usize, 66, 100, 4096][..]),
        vec(any::<u8>(), 4096),
        any::<Index>(),
    )
        .prop_map(|(n, bytes, at)| {
            let a = bytes[..n].to_vec();
            let mut b = a.clone();
            b[32 + at.index(n - 64)] ^= 0x5A;
            PlistValue::Array(
                vec![
                    PlistValue::Data(a.clone()),
                    PlistValue::Data(b),
                    PlistValue::Data(a),
                ]
                .into(),
            )
        })
}

/// Text that exercises both string forms and the UTF-16 unit count.
fn string() -> BoxedStrategy<String> {
    let non_ascii = || {
        prop_oneof![
            proptest::char::range('\u{80}', '\u{FF}'),
            proptest::char::range('\u{100}', '\u{D7FF}'),
            proptest::char::range('\u{E000}', '\u{FFFF}'),
            // Astral: a surrogate pair in UTF-16, two units in the count.
            proptest::char::range('\u{10000}', '\u{10FFFF}'),
        ]
    };
    let astral = prop_oneof![
        proptest::char::range('\u{1F300}', '\u{1FAFF}'),
        proptest::char::range('\u{10000}', '\u{10FFFF}'),
        proptest::char::range('a', 'z'),
    ];
    let combining = proptest::char::range('\u{300}', '\u{36F}');
    prop_oneof![
        4 => "[a-zA-Z0-9_ .-]{0,12}",
        // Every ASCII byte, NUL and controls included.
        2 => "[\\x00-\\x7f]{0,40}",
        // ASCII except for one character.
        2 => ("[ -~]{0,30}", non_ascii(), any::<Index>()).prop_map(|(s, c, at)| {
            let mut s = s;
            s.insert(at.index(s.len() + 1), c);
            s
        }),
        1 => vec(astral, 1..20).prop_map(|cs| cs.into_iter().collect()),
        // Base letters with combining marks: distinct from their precomposed forms.
        1 => vec(("[a-z]", vec(combining, 1..3)), 1..6).prop_map(|parts| {
            parts.into_iter().map(|(b, marks)| b + &marks.into_iter().collect::<String>()).collect()
        }),
        1 => "[ -~]{15,300}",
        1 => vec(non_ascii(), 15..80).prop_map(|cs| cs.into_iter().collect()),
        // Repeats across a tree, so uniquing is exercised.
        2 => select(&["", "\0", "a\0b", "\u{e9}", "e\u{301}", "\u{1F600}", "$null", "CF$UID", "key"][..])
            .prop_map(str::to_owned),
    ]
    .boxed()
}

fn integer() -> impl Strategy<Value = PlistValue> {
    const EDGES: &[i128] = &[
        0,
        1,
        -1,
        127,
        128,
        -128,
        -129,
        255,
        256,
        -256,
        32_767,
        32_768,
        -32_768,
        -32_769,
        65_535,
        65_536,
        -65_536,
        (1 << 31) - 1,
        1 << 31,
        -(1 << 31),
        -(1 << 31) - 1,
        (1 << 32) - 1,
        1 << 32,
        (1 << 32) + 1,
        -(1 << 32),
        i64::MAX as i128,
        i64::MAX as i128 + 1,
        i64::MIN as i128,
        i64::MIN as i128 + 1,
        u64::MAX as i128 - 1,
        u64::MAX as i128,
    ];
    prop_oneof![
        4 => select(EDGES).prop_map(int),
        2 => any::<i64>().prop_map(|v| int(v.into())),
        1 => any::<u64>().prop_map(|v| int(v.into())),
        2 => (0..1000i128).prop_map(int),
    ]
}

fn real() -> impl Strategy<Value = f64> {
    const SPECIAL: &[u64] = &[
        0x0000_0000_0000_0000, // 0.0
        0x8000_0000_0000_0000, // -0.0
        0x7FF0_0000_0000_0000, // inf
        0xFFF0_0000_0000_0000, // -inf
        0x7FF8_0000_0000_0000, // NaN
        0xFFF8_0000_0000_0000, // -NaN
        0x7FF8_0000_0000_0001, // NaN with a payload
        0x0000_0000_0000_0001, // smallest subnormal
        0x8000_0000_0000_0001,
        0x000F_FFFF_FFFF_FFFF, // largest subnormal
        0x0010_0000_0000_0000, // smallest normal
        0x7FEF_FFFF_FFFF_FFFF, // f64::MAX
        0x3FF0_0000_0000_0000, // 1.0
        0x3FB9_9999_9999_999A, // 0.1
    ];
    prop_oneof![
        3 => select(SPECIAL).prop_map(f64::from_bits),
        // f32 values: libplist writes the ones that fit as 4-byte reals.
        2 => any::<f32>().prop_map(f64::from),
        1 => select(&[f32::MAX, f32::MIN_POSITIVE, 1e-45, -0.0, 1.5][..]).prop_map(f64::from),
        2 => (any::<bool>(), 1..(1u64 << 52)).prop_map(|(neg, m)| f64::from_bits((neg as u64) << 63 | m)),
        // Any bit pattern, NaN payloads included.
        3 => any::<u64>().prop_map(f64::from_bits),
        2 => -1e6..1e6f64,
    ]
}

fn dates(profile: Profile) -> BoxedStrategy<PlistValue> {
    let micros =
        || (-4_000_000_000_000_000i64..4_000_000_000_000_000).prop_map(|us| us as f64 / 1e6);
    match profile {
        Profile::Full => prop_oneof![
            20 => -4e9..4e9f64,
            10 => micros(),
            5 => (-4_000_000_000i64..4_000_000_000).prop_map(|s| s as f64),
            // Around the epoch, the Unix epoch, and near plistlib's years 1 and 9999.
            4 => select(&[0.0, -0.0, 0.5, -0.5, 1e-7, -1e-7, 1e-300, -978_307_200.0, -6.3e10, 2.5e11][..]),
            1 => select(&[f64::NAN, f64::INFINITY, f64::NEG_INFINITY][..]),
        ]
        .prop_map(date)
        .boxed(),
        Profile::Portable => prop_oneof![
            6 => micros(),
            1 => select(&[0.0, 1e-6, -1e-6, 0.5, -0.5, -978_307_200.0, 4e9, -4e9][..]),
        ]
        .prop_map(date)
        .boxed(),
    }
}

fn data() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        3 => select(&[0usize, 1, 31, 32, 33, 63, 64, 65, 4096][..]).prop_flat_map(|n| vec(any::<u8>(), n)),
        3 => vec(any::<u8>(), 0..100),
        // Repeats across a tree.
        1 => select(&[0usize, 32, 65][..]).prop_map(|n| vec![0xAB; n]),
    ]
}

fn uids() -> impl Strategy<Value = PlistValue> {
    prop_oneof![
        4 => select(&[0u64, 1, 255, 256, 65_535, 65_536, u32::MAX as u64][..]).prop_map(uid),
        3 => any::<u32>().prop_map(|v| uid(v.into())),
        // Above CF's limit of 2^32 − 1: the CF model reports these.
        1 => select(&[1u64 << 32, u64::MAX][..]).prop_map(uid),
    ]
}

/// How often each case the issue asks for occurs in `trees`, by name.
pub fn coverage<'a>(trees: impl IntoIterator<Item = &'a PlistValue>) -> Vec<(&'static str, usize)> {
    use super::model::visit;
    let mut counts: Vec<(&'static str, usize)> = Vec::new();
    let mut count = |name: &'static str, hit: bool| match counts.iter_mut().find(|c| c.0 == name) {
        Some(c) => c.1 += usize::from(hit),
        None => counts.push((name, usize::from(hit))),
    };
    let mut depth_max = 0;
    for t in trees {
        depth_max = depth_max.max(depth(t));
        visit(t, &mut |v| {
            count("bool", matches!(v, PlistValue::Boolean(_)));
            count("uid", matches!(v, PlistValue::Uid(_)));
            count(
                "uid>2^32-1",
                matches!(v, PlistValue::Uid(u) if u.get() > u32::MAX as u64),
            );
            let i = match v {
                PlistValue::Integer(i) => Some(i.as_i128()),
                _ => None,
            };
            count("int<0", i.is_some_and(|i| i < 0));
            count("int-1-byte", i.is_some_and(|i| (0..=0xFF).contains(&i)));
            count(
                "int-2-byte",
                i.is_some_and(|i| (0x100..=0xFFFF).contains(&i)),
            );
            count(
                "int-4-byte",
                i.is_some_and(|i| (0x1_0000..=0xFFFF_FFFF).contains(&i)),
            );
            count(
                "int-8-byte",
                i.is_some_and(|i| (1 << 32..=i64::MAX as i128).contains(&i)),
            );
            count("int-16-byte", i.is_some_and(|i| i > i64::MAX as i128));
            count("int=i64::MIN", i == Some(i64::MIN as i128));
            count("int=u64::MAX", i == Some(u64::MAX as i128));
            let r = match v {
                PlistValue::Real(r) => Some(*r),
                _ => None,
            };
            count(
                "real-0",
                r.is_some_and(|r| r == 0.0 && r.is_sign_positive()),
            );
            count(
                "real-(-0)",
                r.is_some_and(|r| r == 0.0 && r.is_sign_negative()),
            );
            count("real-nan", r.is_some_and(f64::is_nan));
            count("real-inf", r.is_some_and(f64::is_infinite));
            count("real-subnormal", r.is_some_and(f64::is_subnormal));
            count(
                "real-f32",
                r.is_some_and(|r| r.is_normal() && (r as f32) as f64 == r),
            );
            let d = match v {
                PlistValue::Date(d) => Some(d.seconds_since_2001()),
                _ => None,
            };
            count("date<2001", d.is_some_and(|d| d < 0.0));
            count("date>2001", d.is_some_and(|d| d > 0.0));
            count(
                "date-fraction",
                d.is_some_and(|d| d.is_finite() && d.fract() != 0.0),
            );
            count(
                "date-sub-µs",
                d.is_some_and(|d| d.is_finite() && ((d * 1e6).round() / 1e6) != d),
            );
            count("date-nan/inf", d.is_some_and(|d| !d.is_finite()));
            let n = match v {
                PlistValue::Data(b) => Some(b.len()),
                _ => None,
            };
            for (name, len) in [
                ("data-0", 0),
                ("data-1", 1),
                ("data-31", 31),
                ("data-32", 32),
                ("data-33", 33),
                ("data-63", 63),
                ("data-64", 64),
                ("data-65", 65),
                ("data-4096", 4096),
            ] {
                count(name, n == Some(len));
            }
            let s = match v {
                PlistValue::String(s) => Some(s.as_str()),
                _ => None,
            };
            count(
                "str-ascii",
                s.is_some_and(|s| !s.is_empty() && s.is_ascii()),
            );
            count(
                "str-one-non-ascii",
                s.is_some_and(|s| s.chars().filter(|c| !c.is_ascii()).count() == 1),
            );
            count(
                "str-astral",
                s.is_some_and(|s| s.chars().any(|c| c as u32 > 0xFFFF)),
            );
            count("str-nul", s.is_some_and(|s| s.contains('\0')));
            count(
                "str-combining",
                s.is_some_and(|s| s.chars().any(|c| ('\u{300}'..='\u{36F}').contains(&c))),
            );
            count(
                "str-long",
                s.is_some_and(|s| s.encode_utf16().count() >= 15),
            );
            count(
                "empty-container",
                matches!(v, PlistValue::Array(a) if a.is_empty())
                    || matches!(v, PlistValue::Dictionary(d) if d.is_empty()),
            );
            count(
                "wide(>=256)",
                matches!(v, PlistValue::Array(a) if a.len() >= 256),
            );
            count(
                "repeated-subtree",
                matches!(v, PlistValue::Array(a) if a.len() >= 2 && a[0].is_array() | a[0].is_dictionary() && a.iter().all(|x| *x == a[0])),
            );
        });
    }
    counts.push(("max-depth", depth_max));
    counts
}

fn depth(v: &PlistValue) -> usize {
    match v {
        PlistValue::Array(a) => 1 + a.iter().map(depth).max().unwrap_or(0),
        PlistValue::Dictionary(d) => 1 + d.values().map(depth).max().unwrap_or(0),
        _ => 0,
    }
}
