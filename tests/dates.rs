//! Dates convert exactly. Decoding gives the nanosecond nearest the
//! stored double, encoding the double nearest the timestamp, and a decode then an
//! encode keeps the stored bits for every date a year or more from 2001. Each rule
//! is checked here with exact integer arithmetic on the double's mantissa and
//! exponent, independent of the library's own, over random nanosecond timestamps
//! from 1900 to 2200 through `SystemTime`, `chrono::DateTime`, `Date`'s nanosecond
//! views, its text, and the serde bridge's `plist::Date`.

use std::cmp::Ordering;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use chrono::{DateTime, FixedOffset, Utc};
use plistvalue::{Date, Document, ErrorKind, FromPlist, PlistValue, ToPlist};
use proptest::prelude::*;
use serde::{Deserialize, Serialize};

/// Nanoseconds from 1970 to 2001.
const EPOCH: i128 = 978_307_200 * 1_000_000_000;
/// 1900-01-01T00:00:00Z and 2200-01-01T00:00:00Z, in nanoseconds since 1970.
const FROM_1900: i128 = -2_208_988_800 * 1_000_000_000;
const TO_2200: i128 = 7_258_118_400 * 1_000_000_000;
const YEAR: f64 = 365.0 * 86_400.0;

/// `d = mantissa · 2^exp`, exactly, for a finite non-zero double.
fn parts(d: f64) -> (i128, i32) {
    let bits = d.to_bits();
    let exp_field = ((bits >> 52) & 0x7FF) as i32;
    let fraction = (bits & ((1 << 52) - 1)) as i128;
    let (m, e) = if exp_field == 0 {
        (fraction, -1074)
    } else {
        (fraction | 1 << 52, exp_field - 1075)
    };
    (if d < 0.0 { -m } else { m }, e)
}

/// |d · 1e9 − nanos| for each double, all scaled by the same power of two, so that
/// they can be compared exactly.
fn distances(ds: &[f64], nanos: i128) -> Vec<i128> {
    let ps: Vec<(i128, i32)> = ds.iter().map(|&d| parts(d)).collect();
    let emin = ps.iter().map(|p| p.1).min().unwrap().min(0);
    let scale = |v: i128, shift: i32| v.checked_mul(1i128 << shift).expect("in range");
    ps.iter()
        .map(|&(m, e)| (scale(m * 1_000_000_000, e - emin) - scale(nanos, -emin)).abs())
        .collect()
}

/// `d` is the double nearest to `nanos` since 2001 (ties to even): no neighbour is
/// closer, and an equally close one has an odd mantissa.
fn assert_nearest_double(d: f64, nanos: i128) {
    if nanos == 0 {
        assert_eq!(d.to_bits(), 0, "0 ns is +0.0");
        return;
    }
    let around = [d, d.next_down(), d.next_up()];
    let dist = distances(&around, nanos);
    for (i, n) in around.iter().enumerate().skip(1) {
        match dist[0].cmp(&dist[i]) {
            Ordering::Less => {}
            Ordering::Equal => assert_eq!(parts(d).0 & 1, 0, "{nanos} ns: tie not to even"),
            Ordering::Greater => panic!("{nanos} ns: {n:e} is nearer than {d:e}"),
        }
    }
}

/// `nanos` since 2001 is the nanosecond nearest to `d` (ties to even).
fn assert_nearest_nanos(d: f64, nanos: i128) {
    let dist = distances(&[d, d, d], nanos);
    let below = distances(&[d], nanos - 1)[0];
    let above = distances(&[d], nanos + 1)[0];
    for (other, n) in [(below, nanos - 1), (above, nanos + 1)] {
        match dist[0].cmp(&other) {
            Ordering::Less => {}
            Ordering::Equal => assert_eq!(nanos & 1, 0, "{d:e}: tie not to even"),
            Ordering::Greater => panic!("{d:e} s: {n} ns is nearer than {nanos} ns"),
        }
    }
}

/// Half the spacing of doubles at `d`, in nanoseconds, rounded up.
fn half_spacing_nanos(d: f64) -> i128 {
    let (_, e) = parts(d);
    let half = e - 1; // 2^(e-1) seconds
    if half >= 0 {
        1_000_000_000i128 << half
    } else {
        (1_000_000_000i128 + (1 << -half) - 1) >> -half
    }
}

fn system_time(unix_nanos: i128) -> SystemTime {
    let span = Duration::from_nanos(unix_nanos.unsigned_abs() as u64);
    if unix_nanos < 0 {
        UNIX_EPOCH - span
    } else {
        UNIX_EPOCH + span
    }
}

fn unix_nanos_of(t: SystemTime) -> i128 {
    match t.duration_since(UNIX_EPOCH) {
        Ok(d) => d.as_nanos() as i128,
        Err(e) => -(e.duration().as_nanos() as i128),
    }
}

fn chrono_of(unix_nanos: i128) -> DateTime<Utc> {
    let secs = unix_nanos.div_euclid(1_000_000_000) as i64;
    DateTime::from_timestamp(secs, unix_nanos.rem_euclid(1_000_000_000) as u32).unwrap()
}

fn chrono_nanos(t: &DateTime<impl chrono::TimeZone>) -> i128 {
    i128::from(t.timestamp()) * 1_000_000_000 + i128::from(t.timestamp_subsec_nanos())
}

/// The stored double of a file holding one date somewhere.
fn stored(bytes: &[u8]) -> f64 {
    let doc = Document::from_slice(bytes).unwrap();
    let root = doc.root().unwrap();
    let node = match root.kind() {
        plistvalue::Kind::Array => root.at(0).unwrap().unwrap(),
        plistvalue::Kind::Dictionary => root.get("when").unwrap().unwrap(),
        _ => root,
    };
    node.as_date().unwrap().seconds_since_2001()
}

/// Writes `v`, checks the file holds `expected`, and reads it back as `T`.
fn through_file<T: ToPlist + for<'a> FromPlist<'a>>(v: &T, expected: f64) -> T {
    let bytes = plistvalue::to_vec(&[v]).unwrap();
    assert_eq!(stored(&bytes).to_bits(), expected.to_bits());
    let mut back: Vec<T> = plistvalue::from_slice(&bytes).unwrap();
    back.pop().unwrap()
}

#[derive(Serialize, Deserialize)]
struct PlistCrate {
    when: plist::Date,
}

/// Every rule for one timestamp, through every type and path.
fn check_timestamp(unix: i128) {
    let since_2001 = unix - EPOCH;
    let d = Date::from_unix_nanos(unix);
    let s = d.seconds_since_2001();
    // Encoding gives the nearest double.
    assert_nearest_double(s, since_2001);
    // Decoding gives the nanosecond nearest the double.
    let back = d.to_unix_nanos().unwrap();
    assert_nearest_nanos(s, back - EPOCH);
    // So a timestamp comes back within half the spacing, and exactly when the
    // double holds it.
    if distances(&[s], since_2001)[0] == 0 {
        assert_eq!(back, unix);
    }
    assert!((back - unix).abs() <= half_spacing_nanos(s), "{unix} ns");
    // A year or more from 2001, a decode then an encode keeps the bits.
    if s.abs() >= YEAR {
        assert_eq!(
            Date::from_unix_nanos(back).seconds_since_2001().to_bits(),
            s.to_bits()
        );
    }

    // SystemTime: the same double in the file, the same nanosecond back.
    let t = system_time(unix);
    assert_eq!(Date::from(t), d);
    assert_eq!(unix_nanos_of(through_file(&t, s)), back);
    assert_eq!(unix_nanos_of(SystemTime::try_from(d).unwrap()), back);

    // chrono, in UTC and at an offset: the same instant.
    let c = chrono_of(unix);
    assert_eq!(Date::from(c), d);
    assert_eq!(chrono_nanos(&through_file(&c, s)), back);
    let east = c.with_timezone(&FixedOffset::east_opt(5 * 3600 + 1800).unwrap());
    assert_eq!(chrono_nanos(&through_file(&east, s)), back);

    // PlistValue: built from either type, its date is the same double.
    assert_eq!(PlistValue::from(t), PlistValue::Date(d));
    assert_eq!(PlistValue::from(c), PlistValue::Date(d));

    // Text: Apple's XML form names the decoded nanosecond, and reads back as the
    // double nearest to it.
    let text = d.to_string();
    assert_eq!(
        text.parse::<Date>().unwrap(),
        Date::from_unix_nanos(back),
        "{text}"
    );

    // The serde bridge's plist::Date (a SystemTime, carried as RFC 3339 text):
    // written with the derive's double, read back to the derive's nanosecond.
    let pc = PlistCrate { when: t.into() };
    let bytes = plistvalue::serde::to_vec(&pc).unwrap();
    assert_eq!(stored(&bytes).to_bits(), s.to_bits(), "{unix} ns");
    let read: PlistCrate = plistvalue::serde::from_slice(&bytes).unwrap();
    assert_eq!(unix_nanos_of(read.when.into()), back);
    let ours: Date = plistvalue::serde::from_slice(&plistvalue::to_vec(&d).unwrap()).unwrap();
    assert_eq!(ours, d);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2048))]

    #[test]
    fn random_timestamps_1900_to_2200(unix in FROM_1900..TO_2200) {
        check_timestamp(unix);
    }

    /// Near 2001, where doubles are densest and ties are possible.
    #[test]
    fn random_timestamps_near_2001(offset in -10_000_000_000i128..10_000_000_000) {
        check_timestamp(EPOCH + offset);
    }

    /// Whole seconds and binary fractions (.5, .25, .125, ...) come back exactly.
    #[test]
    fn timestamps_the_double_holds_round_trip_exactly(
        secs in -3_155_760_000i64..6_311_433_600,
        eighths in 0u32..8,
    ) {
        let unix = EPOCH + i128::from(secs) * 1_000_000_000 + i128::from(eighths) * 125_000_000;
        let t = system_time(unix);
        let d = Date::from(t);
        prop_assert_eq!(SystemTime::try_from(d).unwrap(), t);
        prop_assert_eq!(through_file(&t, d.seconds_since_2001()), t);
        prop_assert_eq!(chrono_nanos(&through_file(&chrono_of(unix), d.seconds_since_2001())), unix);
    }

    /// Any stored double in the range, not only those a timestamp encodes to.
    #[test]
    fn random_stored_doubles_decode_to_the_nearest_nanosecond(
        s in -3_155_760_000.0f64..6_311_433_600.0,
    ) {
        let d = Date::from_seconds_since_2001(s);
        let n = d.to_unix_nanos().unwrap();
        assert_nearest_nanos(s, n - EPOCH);
        let bytes = plistvalue::to_vec(&d).unwrap();
        let t: SystemTime = plistvalue::from_slice(&bytes).unwrap();
        prop_assert_eq!(unix_nanos_of(t), n);
        let c: DateTime<Utc> = plistvalue::from_slice(&bytes).unwrap();
        prop_assert_eq!(chrono_nanos(&c), n);
        if s.abs() >= YEAR {
            // Decode then encode, through each type, keeps every bit.
            prop_assert_eq!(Date::from(t).seconds_since_2001().to_bits(), s.to_bits());
            prop_assert_eq!(Date::from(c).seconds_since_2001().to_bits(), s.to_bits());
            prop_assert_eq!(stored(&plistvalue::to_vec(&t).unwrap()).to_bits(), s.to_bits());
            let text = d.to_string();
            prop_assert_eq!(text.parse::<Date>().unwrap(), d);
        }
    }
}

proptest! {
    /// Hostile doubles and text: every conversion returns, none panics.
    #[test]
    fn any_double_or_text_converts_or_fails_cleanly(
        bits in any::<u64>(),
        text in "[-+0-9TZ:.]{0,40}",
        cut in 0usize..32,
    ) {
        let d = Date::from_seconds_since_2001(f64::from_bits(bits));
        let _ = (d.to_unix_nanos(), d.to_string(), SystemTime::try_from(d));
        let _ = DateTime::<Utc>::try_from(d);
        let _ = text.parse::<Date>();
        let valid = "+123456-12-31T23:59:59.123456789Z";
        let _ = valid[..cut.min(valid.len())].parse::<Date>();
        if let Ok(n) = d.to_unix_nanos() {
            // A double a year or more from 2001 comes back bit for bit.
            if d.seconds_since_2001().abs() >= YEAR {
                prop_assert_eq!(Date::from_unix_nanos(n), d);
            }
        }
    }
}

/// The examples, written with `to_vec` and read with `from_slice`.
#[test]
fn the_reported_dates_come_back_exactly() {
    let c = DateTime::parse_from_rfc3339("2024-05-17T12:30:15.250Z")
        .unwrap()
        .with_timezone(&Utc);
    let back: DateTime<Utc> = plistvalue::from_slice(&plistvalue::to_vec(&c).unwrap()).unwrap();
    assert_eq!(back, c);
    let t = UNIX_EPOCH + Duration::new(1_700_000_000, 750_000_000);
    let back: SystemTime = plistvalue::from_slice(&plistvalue::to_vec(&t).unwrap()).unwrap();
    assert_eq!(back, t);
    // .001 has no double: the nearest is 47 ns away, not 64.
    let ms = UNIX_EPOCH + Duration::new(1_715_949_015, 1_000_000);
    let back: SystemTime = plistvalue::from_slice(&plistvalue::to_vec(&ms).unwrap()).unwrap();
    assert_eq!(back.duration_since(ms).unwrap(), Duration::from_nanos(47));
}

/// A date no target can hold is an error naming the value, on every path: the
/// derive, the serde bridge, and `PlistValue`'s date.
#[test]
fn dates_out_of_range_are_errors_naming_the_value() {
    for s in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY, 1e300, -1e20] {
        let bytes = plistvalue::to_vec(&Date::from_seconds_since_2001(s)).unwrap();
        let shown = s.to_string();
        let check = |what: &str, e: plistvalue::Error| {
            assert!(
                matches!(e.kind(), ErrorKind::DateOutOfRange { seconds, .. } if seconds.to_bits() == s.to_bits()),
                "{what}, {s}: {e}"
            );
            assert!(e.to_string().contains(&shown), "{what}: {e}");
        };
        let located = |e: plistvalue::Error| {
            assert_eq!(e.offset(), Some(8), "located at the date: {e}");
            e
        };
        check(
            "SystemTime",
            located(plistvalue::from_slice::<SystemTime>(&bytes).unwrap_err()),
        );
        check(
            "DateTime<Utc>",
            located(plistvalue::from_slice::<DateTime<Utc>>(&bytes).unwrap_err()),
        );
        check(
            "DateTime<FixedOffset>",
            located(plistvalue::from_slice::<DateTime<FixedOffset>>(&bytes).unwrap_err()),
        );
        check(
            "plist::Date",
            plistvalue::serde::from_slice::<plist::Date>(&bytes).unwrap_err(),
        );
        check(
            "String",
            plistvalue::serde::from_slice::<String>(&bytes).unwrap_err(),
        );
        let v: PlistValue = plistvalue::from_slice(&bytes).unwrap();
        let d = v.as_date().unwrap();
        assert_eq!(
            d.seconds_since_2001().to_bits(),
            s.to_bits(),
            "PlistValue keeps it"
        );
        check(
            "Date -> DateTime",
            DateTime::<Utc>::try_from(d).unwrap_err(),
        );
        check("Date -> SystemTime", SystemTime::try_from(d).unwrap_err());
        assert_eq!(d.to_string(), format!("{shown}s since 2001"));
    }
    // Beyond chrono's ±262 000 years but within SystemTime's: an error for one,
    // never a clamp.
    let far = Date::from_seconds_since_2001(4e18);
    let bytes = plistvalue::to_vec(&far).unwrap();
    let e = plistvalue::from_slice::<DateTime<Utc>>(&bytes).unwrap_err();
    assert!(e.to_string().contains("4000000000000000000"), "{e}");
    let t: SystemTime = plistvalue::from_slice(&bytes).unwrap();
    assert_eq!(Date::from(t), far);
}

#[test]
fn text_is_apples_xml_form() {
    let d: Date = "2024-05-17T12:30:15Z".parse().unwrap();
    assert_eq!(d.to_string(), "2024-05-17T12:30:15Z");
    assert_eq!(d, Date::from(chrono_of(1_715_949_015 * 1_000_000_000)));
    let frac: Date = "2024-05-17T12:30:15.25Z".parse().unwrap();
    assert_eq!(frac.seconds_since_2001() - d.seconds_since_2001(), 0.25);
    assert_eq!(frac.to_string(), "2024-05-17T12:30:15.25Z");
    let err = "2024-05-17 12:30:15Z".parse::<Date>().unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid date text `2024-05-17 12:30:15Z` at column 11: expected `T` and a two-digit hour"
    );
}
