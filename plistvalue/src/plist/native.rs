//! `plist::Value` and [`PlistValue`] into each other, without recursion, for a
//! program that moves to the native API one function at a time.

use super::{Date, Dictionary, Integer, Uid, Value};
use crate::error::{Error, ErrorKind};
use crate::value::{self, PlistValue};
use crate::writer::MAX_ENCODE_DEPTH;

/// One level of a tree being rebuilt as another type: a finished leaf, or the
/// children of a container.
pub(super) enum Level<S, D> {
    Leaf(D),
    Array(Vec<S>),
    Dict(Vec<(String, S)>),
}

/// A container of the target tree being filled.
enum Building<S, D> {
    Array(std::vec::IntoIter<S>, Vec<D>),
    Dict(std::vec::IntoIter<(String, S)>, Vec<(String, D)>, String),
}

/// Rebuilds the tree `root` as another type with a heap stack: `split` takes a
/// source value apart one level, `array` and `dict` make the target's containers.
/// Past `max_depth` nested containers it stops with [`ErrorKind::DepthLimit`]:
/// a target whose drop recurses must not be deeper than a thread's stack allows.
pub(super) fn rebuild<S, D>(
    root: S,
    max_depth: Option<usize>,
    mut split: impl FnMut(S) -> Result<Level<S, D>, Error>,
    mut array: impl FnMut(Vec<D>) -> D,
    mut dict: impl FnMut(Vec<(String, D)>) -> D,
) -> Result<D, Error> {
    let mut stack: Vec<Building<S, D>> = Vec::new();
    let mut next = Some(root);
    loop {
        // A value to take apart, else the top container's next child, else the top
        // container is done.
        let mut done = None;
        if let Some(source) = next.take() {
            match split(source)? {
                Level::Leaf(d) => done = Some(d),
                Level::Array(children) => {
                    let n = children.len();
                    stack.push(Building::Array(children.into_iter(), Vec::with_capacity(n)));
                }
                Level::Dict(entries) => {
                    let n = entries.len();
                    let building = Vec::with_capacity(n);
                    stack.push(Building::Dict(entries.into_iter(), building, String::new()));
                }
            }
            if max_depth.is_some_and(|max| stack.len() > max) {
                return Err(Error::new(ErrorKind::DepthLimit(
                    max_depth.unwrap_or_default(),
                )));
            }
        }
        if done.is_none() {
            let top = stack
                .last_mut()
                .expect("a container is open until the root is done");
            match top {
                Building::Array(children, _) => next = children.next(),
                Building::Dict(entries, _, key) => {
                    next = entries.next().map(|(k, v)| {
                        *key = k;
                        v
                    });
                }
            }
            if next.is_some() {
                continue;
            }
            done = Some(match stack.pop().expect("checked above") {
                Building::Array(_, built) => array(built),
                Building::Dict(_, built, _) => dict(built),
            });
        }
        let d = done.expect("set above");
        match stack.last_mut() {
            None => return Ok(d),
            Some(Building::Array(_, built)) => built.push(d),
            Some(Building::Dict(_, built, key)) => built.push((std::mem::take(key), d)),
        }
    }
}

/// Into the native tree, where a dictionary keeps its order and every value is
/// kept (a date to the double a binary plist stores).
impl From<Value> for PlistValue {
    fn from(root: Value) -> PlistValue {
        let converted = rebuild(
            root,
            None,
            |v| {
                Ok(Level::Leaf(match v {
                    Value::Array(items) => return Ok(Level::Array(items)),
                    Value::Dictionary(d) => return Ok(Level::Dict(d.into_iter().collect())),
                    Value::Boolean(b) => PlistValue::Boolean(b),
                    Value::Data(d) => PlistValue::Data(d),
                    Value::Date(d) => PlistValue::Date(value::Date::from_seconds_since_2001(
                        d.as_seconds_since_plist_epoch(),
                    )),
                    Value::Real(r) => PlistValue::Real(r),
                    Value::Integer(i) => PlistValue::Integer(i.into()),
                    Value::String(s) => PlistValue::String(s),
                    Value::Uid(u) => PlistValue::Uid(value::Uid::new(u.get())),
                }))
            },
            |items| PlistValue::Array(items.into()),
            |entries| PlistValue::Dictionary(entries.into_iter().collect()),
        );
        converted.expect("no depth limit, and every value converts")
    }
}

/// From the native tree: fails on [`PlistValue::Null`], which the plist crate's
/// tree has no form for, on a date outside its calendar (years -9999 to 9999),
/// and past [`MAX_ENCODE_DEPTH`] nested containers.
impl TryFrom<PlistValue> for Value {
    type Error = Error;

    fn try_from(root: PlistValue) -> Result<Value, Error> {
        rebuild(
            root,
            Some(MAX_ENCODE_DEPTH),
            |v| {
                Ok(Level::Leaf(match v {
                    PlistValue::Array(items) => return Ok(Level::Array(items.into())),
                    PlistValue::Dictionary(d) => return Ok(Level::Dict(d.into_iter().collect())),
                    PlistValue::Null => {
                        return Err(Error::new(ErrorKind::TypeMismatch {
                            expected: super::read::NO_NULL,
                            found: "null",
                        }));
                    }
                    PlistValue::Boolean(b) => Value::Boolean(b),
                    PlistValue::Data(d) => Value::Data(d),
                    PlistValue::Date(d) => Value::Date(date(d)?),
                    PlistValue::Real(r) => Value::Real(r),
                    PlistValue::Integer(i) => Value::Integer(Integer::from(i)),
                    PlistValue::String(s) => Value::String(s),
                    PlistValue::Uid(u) => Value::Uid(Uid::new(u.get())),
                }))
            },
            Value::Array,
            |entries| Value::Dictionary(entries.into_iter().collect::<Dictionary>()),
        )
    }
}

/// A native date as the plist crate reads the same double from a binary plist.
fn date(d: value::Date) -> Result<Date, Error> {
    let seconds = d.seconds_since_2001();
    Date::from_seconds_since_plist_epoch(seconds).ok_or_else(|| {
        Error::new(ErrorKind::DateOutOfRange {
            seconds,
            target: "plist::Date (years -9999 to 9999)",
        })
    })
}
