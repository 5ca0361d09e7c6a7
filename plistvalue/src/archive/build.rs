//! What the resolver builds from `$objects`: a `PlistValue` tree for `unarchive`, or
//! objects in the writer's table for `Archive`. The table can reference one object from
//! many places, so a shared object is written once there and a DAG costs what it holds;
//! a tree must copy it.

use crate::convert::rules;
use crate::value::{Dictionary, PlistValue};
use crate::writer::{Encoder, ObjRef};

/// A way to build the resolved values, bottom up: the resolver hands over a
/// container once all its children are built.
pub(crate) trait Build<'v> {
    /// A built value: a tree, or a reference into the table.
    type V: Clone;
    /// Whether one built value may stand for every later reference to the same
    /// object, so the resolver memoises it instead of building it again.
    const SHARES: bool;

    /// A value with no children (never an array or a dictionary).
    fn scalar(&mut self, v: PlistValue) -> Self::V;
    /// A string borrowed from the input.
    fn text(&mut self, s: &'v str) -> Self::V;
    /// An array of built elements.
    fn array(&mut self, items: Vec<Self::V>) -> Self::V;
    /// A dictionary of built values, its keys distinct and in order.
    fn dict(&mut self, entries: Vec<(&'v str, Self::V)>) -> Self::V;
}

/// Builds the expanded tree; a shared object is copied at every reference.
pub(crate) struct Tree;

impl<'v> Build<'v> for Tree {
    type V = PlistValue;
    const SHARES: bool = false;

    fn scalar(&mut self, v: PlistValue) -> PlistValue {
        v
    }

    fn text(&mut self, s: &'v str) -> PlistValue {
        PlistValue::String(s.to_owned())
    }

    fn array(&mut self, items: Vec<PlistValue>) -> PlistValue {
        PlistValue::Array(items.into())
    }

    fn dict(&mut self, entries: Vec<(&'v str, PlistValue)>) -> PlistValue {
        let d: Dictionary = entries
            .into_iter()
            .map(|(k, v)| (k.to_owned(), v))
            .collect();
        PlistValue::Dictionary(d)
    }
}

/// Writes into the object table; strings are borrowed from the input until the
/// bytes are written, and a finished object is referenced, not copied.
pub(crate) struct Table<'e, 'v>(pub(crate) &'e mut Encoder<'v>);

impl<'v> Build<'v> for Table<'_, 'v> {
    type V = ObjRef;
    const SHARES: bool = true;

    fn scalar(&mut self, v: PlistValue) -> ObjRef {
        let enc = &mut *self.0;
        match &v {
            PlistValue::Boolean(b) => enc.bool(*b),
            PlistValue::Integer(i) => rules::encode_integer(*i, enc),
            PlistValue::Real(r) => enc.f64(*r),
            PlistValue::Date(d) => enc.date(*d),
            PlistValue::Data(d) => enc.data_copied(d),
            PlistValue::String(s) => enc.str_copied(s),
            PlistValue::Uid(u) => enc.uid(*u),
            PlistValue::Null | PlistValue::Array(_) | PlistValue::Dictionary(_) => {
                enc.null_object()
            }
        }
    }

    fn text(&mut self, s: &'v str) -> ObjRef {
        self.0.str(s)
    }

    fn array(&mut self, items: Vec<ObjRef>) -> ObjRef {
        let f = self.0.begin_array();
        for r in items {
            self.0.child(r);
        }
        self.0.end_array(f)
    }

    fn dict(&mut self, entries: Vec<(&'v str, ObjRef)>) -> ObjRef {
        let f = self.0.begin_dict();
        for (k, _) in &entries {
            let r = self.0.str(k);
            self.0.child(r);
        }
        for (_, r) in entries {
            self.0.child(r);
        }
        self.0.end_dict(f)
    }
}
