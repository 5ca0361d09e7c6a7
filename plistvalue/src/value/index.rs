//! `value["key"]` and `value[3]`, as in `serde_json`.

use std::ops::{Index, IndexMut};

use super::PlistValue;

/// Something that can look into a `PlistValue`: `&str` for dictionaries, `usize` for
/// arrays.
pub trait ValueIndex: private::Sealed {
    /// The value this key or position names in `v`.
    fn index_into<'v>(&self, v: &'v PlistValue) -> Option<&'v PlistValue>;
    /// The value this key or position names in `v`, to change it.
    fn index_into_mut<'v>(&self, v: &'v mut PlistValue) -> Option<&'v mut PlistValue>;
    /// For `IndexMut`: a missing dictionary key is inserted (a `Null` becoming a
    /// dictionary first), anything else panics.
    fn index_or_insert<'v>(&self, v: &'v mut PlistValue) -> &'v mut PlistValue;
}

mod private {
    pub trait Sealed {}
    impl Sealed for usize {}
    impl Sealed for str {}
    impl Sealed for String {}
    impl<T: Sealed + ?Sized> Sealed for &T {}
}

impl ValueIndex for usize {
    fn index_into<'v>(&self, v: &'v PlistValue) -> Option<&'v PlistValue> {
        v.as_array()?.get(*self)
    }
    fn index_into_mut<'v>(&self, v: &'v mut PlistValue) -> Option<&'v mut PlistValue> {
        v.as_array_mut()?.get_mut(*self)
    }
    fn index_or_insert<'v>(&self, v: &'v mut PlistValue) -> &'v mut PlistValue {
        let kind = v.kind_name();
        match v.as_array_mut() {
            Some(a) => {
                let len = a.len();
                match a.get_mut(*self) {
                    Some(e) => e,
                    None => panic!("index {self} is out of bounds for an array of {len}"),
                }
            }
            None => panic!("cannot index a {kind} with a position"),
        }
    }
}

impl ValueIndex for str {
    fn index_into<'v>(&self, v: &'v PlistValue) -> Option<&'v PlistValue> {
        v.as_dictionary()?.get(self)
    }
    fn index_into_mut<'v>(&self, v: &'v mut PlistValue) -> Option<&'v mut PlistValue> {
        v.as_dictionary_mut()?.get_mut(self)
    }
    fn index_or_insert<'v>(&self, v: &'v mut PlistValue) -> &'v mut PlistValue {
        if v.is_null() {
            *v = PlistValue::default();
        }
        let kind = v.kind_name();
        match v.as_dictionary_mut() {
            Some(d) => d.entry(self).or_default(),
            None => panic!("cannot index a {kind} with key {self:?}"),
        }
    }
}

impl ValueIndex for String {
    fn index_into<'v>(&self, v: &'v PlistValue) -> Option<&'v PlistValue> {
        self.as_str().index_into(v)
    }
    fn index_into_mut<'v>(&self, v: &'v mut PlistValue) -> Option<&'v mut PlistValue> {
        self.as_str().index_into_mut(v)
    }
    fn index_or_insert<'v>(&self, v: &'v mut PlistValue) -> &'v mut PlistValue {
        self.as_str().index_or_insert(v)
    }
}

impl<T: ValueIndex + ?Sized> ValueIndex for &T {
    fn index_into<'v>(&self, v: &'v PlistValue) -> Option<&'v PlistValue> {
        (**self).index_into(v)
    }
    fn index_into_mut<'v>(&self, v: &'v mut PlistValue) -> Option<&'v mut PlistValue> {
        (**self).index_into_mut(v)
    }
    fn index_or_insert<'v>(&self, v: &'v mut PlistValue) -> &'v mut PlistValue {
        (**self).index_or_insert(v)
    }
}

/// What indexing returns for a key or position that is not there.
static NULL: PlistValue = PlistValue::Null;

/// A missing key or position, or a value that is not a container of that kind,
/// gives a reference to [`PlistValue::Null`], as `serde_json` gives `Value::Null`,
/// so `v["a"]["b"][0]` never panics. Use [`PlistValue::get`] to tell a missing
/// value from a stored `Null`.
///
/// ```
/// use plistvalue::{plist, PlistValue};
/// let v = plist!({ "a": [1, 2] });
/// assert_eq!(v["a"][1].as_i64(), Some(2));
/// assert!(v["missing"]["deeper"][7].is_null());
/// assert_eq!(v.get("missing"), None);
/// ```
impl<I: ValueIndex> Index<I> for PlistValue {
    type Output = PlistValue;
    fn index(&self, index: I) -> &PlistValue {
        index.index_into(self).unwrap_or(&NULL)
    }
}

/// A new dictionary key is inserted with an empty dictionary as its value, and a
/// `Null` indexed by a key becomes an empty dictionary first, as in `serde_json`, so
/// `v["a"]["b"] = x.into()` works. A position past an array's end, or a key or
/// position into a value of another kind, panics.
impl<I: ValueIndex + std::fmt::Debug> IndexMut<I> for PlistValue {
    fn index_mut(&mut self, index: I) -> &mut PlistValue {
        index.index_or_insert(self)
    }
}
