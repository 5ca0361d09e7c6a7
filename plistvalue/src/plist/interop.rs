//! `plistvalue::plist::Value` and the plist crate's own `Value` into each other
//! (feature `plist-interop`), for values handed to crates still built on that
//! crate. Both trees hold the same things, so nothing is lost either way; the walk
//! uses a heap stack.

use std::time::SystemTime;

use plist_crate as upstream;

use super::native::{rebuild, Level};
use super::{Date, Dictionary, Integer, Uid, Value};

fn integer(i: upstream::Integer) -> Integer {
    match (i.as_signed(), i.as_unsigned()) {
        (Some(v), _) => Integer::from(v),
        (None, Some(v)) => Integer::from(v),
        (None, None) => unreachable!("a plist::Integer is i64 or u64"),
    }
}

fn upstream_integer(i: Integer) -> upstream::Integer {
    match (i.as_signed(), i.as_unsigned()) {
        (Some(v), _) => upstream::Integer::from(v),
        (None, Some(v)) => upstream::Integer::from(v),
        (None, None) => unreachable!("a plist::Integer is i64 or u64"),
    }
}

/// The plist crate's value, as this module's.
///
/// ```
/// let theirs = plist_crate::Value::from("x");
/// let ours = plistvalue::plist::Value::from(theirs.clone());
/// assert_eq!(ours.as_string(), Some("x"));
/// assert_eq!(plist_crate::Value::from(ours), theirs);
/// ```
///
/// # Panics
/// On a variant the plist crate adds after 1.10 (its `Value` is
/// `#[non_exhaustive]`).
impl From<upstream::Value> for Value {
    fn from(root: upstream::Value) -> Value {
        let converted = rebuild(
            root,
            None,
            |v| {
                Ok(Level::Leaf(match v {
                    upstream::Value::Array(items) => return Ok(Level::Array(items)),
                    upstream::Value::Dictionary(d) => {
                        return Ok(Level::Dict(d.into_iter().collect()));
                    }
                    upstream::Value::Boolean(b) => Value::Boolean(b),
                    upstream::Value::Data(d) => Value::Data(d),
                    upstream::Value::Date(d) => Value::Date(Date::from(SystemTime::from(d))),
                    upstream::Value::Real(r) => Value::Real(r),
                    upstream::Value::Integer(i) => Value::Integer(integer(i)),
                    upstream::Value::String(s) => Value::String(s),
                    upstream::Value::Uid(u) => Value::Uid(Uid::new(u.get())),
                    other => panic!("a plist::Value variant added after plist 1.10: {other:?}"),
                }))
            },
            Value::Array,
            |entries| Value::Dictionary(entries.into_iter().collect::<Dictionary>()),
        );
        converted.expect("no depth limit, and every value converts")
    }
}

/// This module's value, as the plist crate's.
impl From<Value> for upstream::Value {
    fn from(root: Value) -> upstream::Value {
        let converted = rebuild(
            root,
            None,
            |v| {
                Ok(Level::Leaf(match v {
                    Value::Array(items) => return Ok(Level::Array(items)),
                    Value::Dictionary(d) => return Ok(Level::Dict(d.into_iter().collect())),
                    Value::Boolean(b) => upstream::Value::Boolean(b),
                    Value::Data(d) => upstream::Value::Data(d),
                    Value::Date(d) => upstream::Value::Date(SystemTime::from(d).into()),
                    Value::Real(r) => upstream::Value::Real(r),
                    Value::Integer(i) => upstream::Value::Integer(upstream_integer(i)),
                    Value::String(s) => upstream::Value::String(s),
                    Value::Uid(u) => upstream::Value::Uid(upstream::Uid::new(u.get())),
                }))
            },
            upstream::Value::Array,
            |entries| upstream::Value::Dictionary(entries.into_iter().collect()),
        );
        converted.expect("no depth limit, and every value converts")
    }
}
