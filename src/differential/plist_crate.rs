//! The `plist` crate as a reader and as a writer.

use std::io::Cursor;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use plistvalue::PlistValue;

use super::model::{exact_micros, Obs, When};

/// 2001-01-01T00:00:00Z.
fn plist_epoch() -> SystemTime {
    UNIX_EPOCH + Duration::from_secs(978_307_200)
}

/// What `plist::Value::from_reader` makes of `bytes`.
///
/// # Errors
/// The plist crate's error, or a value no `Obs` holds.
pub fn read(bytes: &[u8]) -> Result<Obs, String> {
    let v = plist::Value::from_reader(Cursor::new(bytes)).map_err(|e| e.to_string())?;
    to_obs(&v)
}

fn to_obs(v: &plist::Value) -> Result<Obs, String> {
    Ok(match v {
        plist::Value::Boolean(b) => Obs::Bool(*b),
        plist::Value::Integer(i) => Obs::Int(match i.as_signed() {
            Some(s) => s.into(),
            None => i
                .as_unsigned()
                .ok_or("integer in neither i64 nor u64")?
                .into(),
        }),
        plist::Value::Real(r) => Obs::Real(r.to_bits()),
        plist::Value::Date(d) => {
            let t = SystemTime::from(*d);
            Obs::Date(When::Nanos(match t.duration_since(plist_epoch()) {
                Ok(after) => after.as_nanos() as i128,
                Err(before) => -(before.duration().as_nanos() as i128),
            }))
        }
        plist::Value::Data(d) => Obs::Data(d.clone()),
        plist::Value::String(s) => Obs::Str(s.clone()),
        plist::Value::Uid(u) => Obs::Uid(u.get()),
        plist::Value::Array(a) => Obs::Array(a.iter().map(to_obs).collect::<Result<_, _>>()?),
        plist::Value::Dictionary(d) => Obs::Dict(
            d.iter()
                .map(|(k, v)| Ok((Obs::Str(k.clone()), to_obs(v)?)))
                .collect::<Result<_, String>>()?,
        ),
        other => {
            return Err(format!(
                "a plist::Value the comparison does not know: {other:?}"
            ))
        }
    })
}

/// The plist crate's binary encoding of a tree whose dates are whole microseconds.
pub fn write(v: &PlistValue) -> Vec<u8> {
    let mut out = Vec::new();
    from_value(v)
        .to_writer_binary(&mut out)
        .expect("the plist crate writes the tree");
    out
}

/// Whether the trailer's refs are too narrow for its object count by CF's rule T4
/// (`docs/BINARY.md`):
/// the plist crate sizes refs from the largest index, CF from the count.
pub fn refs_one_byte_short(bytes: &[u8]) -> bool {
    let tr = &bytes[bytes.len() - 32..];
    let ref_size = tr[7] as u32;
    let objects = u64::from_be_bytes(tr[8..16].try_into().unwrap());
    ref_size < 8 && objects == 1 << (8 * ref_size)
}

/// The date the plist crate writes for `s`: it holds a `SystemTime` and writes
/// `Duration::as_secs_f64` of its distance from 2001, which is not always the
/// correctly rounded `µs / 10⁶`.
pub fn written_date(s: f64) -> f64 {
    let us = exact_micros(s);
    let d = Duration::from_micros(us.unsigned_abs()).as_secs_f64();
    if us < 0 {
        -d
    } else {
        d
    }
}

fn from_value(v: &PlistValue) -> plist::Value {
    match v {
        PlistValue::Boolean(b) => plist::Value::Boolean(*b),
        PlistValue::Integer(i) => plist::Value::Integer(match i.as_i64() {
            Some(s) => s.into(),
            None => i
                .as_u64()
                .expect("an Integer is in i64 or u64 range")
                .into(),
        }),
        PlistValue::Real(r) => plist::Value::Real(*r),
        PlistValue::Date(d) => {
            let us = exact_micros(d.seconds_since_2001());
            let span = Duration::from_micros(us.unsigned_abs());
            let t = if us < 0 {
                plist_epoch() - span
            } else {
                plist_epoch() + span
            };
            plist::Value::Date(t.into())
        }
        PlistValue::Data(d) => plist::Value::Data(d.clone()),
        PlistValue::String(s) => plist::Value::String(s.clone()),
        PlistValue::Uid(u) => plist::Value::Uid(plist::Uid::new(u.get())),
        PlistValue::Array(a) => plist::Value::Array(a.iter().map(from_value).collect()),
        PlistValue::Dictionary(d) => {
            plist::Value::Dictionary(d.iter().map(|(k, v)| (k.clone(), from_value(v))).collect())
        }
        _ => unreachable!("PlistValue gained a variant the conversion does not know"),
    }
}
