//! `Array`, the list inside [`PlistValue::Array`]: a `Vec<PlistValue>` whose drop
//! does not recurse. The containers own the iterative drop, not `PlistValue`, so
//! that a `PlistValue` has no `Drop` of its own and a `match` can move its fields
//! out, as with `serde_json::Value`.

use std::fmt;
use std::ops::{Deref, DerefMut};

use super::PlistValue;

/// The elements of [`PlistValue::Array`]. It is a `Vec<PlistValue>` to use
/// (through `Deref`, `IntoIterator`, `FromIterator`, `Extend`, and comparisons
/// with vectors and slices); only its drop differs: a million nested arrays drop
/// with an explicit stack instead of a million nested calls.
///
/// ```
/// use plistvalue::{plist, Array, PlistValue};
/// let mut a = Array::from(vec![PlistValue::from(1)]);
/// a.push("two".into());
/// assert_eq!(a.len(), 2);
/// assert_eq!(PlistValue::Array(a.clone()), plist!([1, "two"]));
///
/// // A value comes apart by moving its fields out.
/// let mut total = 0;
/// match plist!([1, 2, 3]) {
///     PlistValue::Array(items) => {
///         for item in items {
///             total += item.as_i64().unwrap();
///         }
///     }
///     _ => unreachable!(),
/// }
/// assert_eq!(total, 6);
/// ```
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Array(Vec<PlistValue>);

impl Array {
    /// An empty array. It allocates nothing until the first push.
    pub const fn new() -> Array {
        Array(Vec::new())
    }

    /// An empty array with room for `n` elements.
    pub fn with_capacity(n: usize) -> Array {
        Array(Vec::with_capacity(n))
    }

    /// The elements, as the vector they are kept in.
    pub fn into_vec(mut self) -> Vec<PlistValue> {
        std::mem::take(&mut self.0)
    }
}

/// Drops deep elements with an explicit stack (`drop_deep` in `value`); an array
/// of scalars and empty containers is dropped as the vector it is.
impl Drop for Array {
    fn drop(&mut self) {
        if self.0.iter().any(PlistValue::has_children) {
            super::drop_deep(self.0.drain(..));
        }
    }
}

impl Deref for Array {
    type Target = Vec<PlistValue>;
    #[inline]
    fn deref(&self) -> &Vec<PlistValue> {
        &self.0
    }
}

impl DerefMut for Array {
    #[inline]
    fn deref_mut(&mut self) -> &mut Vec<PlistValue> {
        &mut self.0
    }
}

impl AsRef<[PlistValue]> for Array {
    fn as_ref(&self) -> &[PlistValue] {
        &self.0
    }
}

impl AsMut<[PlistValue]> for Array {
    fn as_mut(&mut self) -> &mut [PlistValue] {
        &mut self.0
    }
}

impl From<Vec<PlistValue>> for Array {
    #[inline]
    fn from(v: Vec<PlistValue>) -> Array {
        Array(v)
    }
}

impl From<Array> for Vec<PlistValue> {
    fn from(a: Array) -> Vec<PlistValue> {
        a.into_vec()
    }
}

impl From<Array> for PlistValue {
    fn from(a: Array) -> PlistValue {
        PlistValue::Array(a)
    }
}

impl<T: Into<PlistValue>> FromIterator<T> for Array {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Array {
        Array(iter.into_iter().map(Into::into).collect())
    }
}

impl<T: Into<PlistValue>> Extend<T> for Array {
    fn extend<I: IntoIterator<Item = T>>(&mut self, iter: I) {
        self.0.extend(iter.into_iter().map(Into::into));
    }
}

impl IntoIterator for Array {
    type Item = PlistValue;
    type IntoIter = std::vec::IntoIter<PlistValue>;
    /// The elements, moved out; those not taken drop as a vector's do, each
    /// without recursion.
    fn into_iter(self) -> std::vec::IntoIter<PlistValue> {
        self.into_vec().into_iter()
    }
}

impl<'a> IntoIterator for &'a Array {
    type Item = &'a PlistValue;
    type IntoIter = std::slice::Iter<'a, PlistValue>;
    fn into_iter(self) -> std::slice::Iter<'a, PlistValue> {
        self.0.iter()
    }
}

impl<'a> IntoIterator for &'a mut Array {
    type Item = &'a mut PlistValue;
    type IntoIter = std::slice::IterMut<'a, PlistValue>;
    fn into_iter(self) -> std::slice::IterMut<'a, PlistValue> {
        self.0.iter_mut()
    }
}

impl PartialEq<Vec<PlistValue>> for Array {
    fn eq(&self, other: &Vec<PlistValue>) -> bool {
        self.0 == *other
    }
}

impl PartialEq<Array> for Vec<PlistValue> {
    fn eq(&self, other: &Array) -> bool {
        *self == other.0
    }
}

impl PartialEq<[PlistValue]> for Array {
    fn eq(&self, other: &[PlistValue]) -> bool {
        self.0 == other
    }
}

impl PartialEq<&[PlistValue]> for Array {
    fn eq(&self, other: &&[PlistValue]) -> bool {
        self.0 == *other
    }
}

impl<const N: usize> PartialEq<[PlistValue; N]> for Array {
    fn eq(&self, other: &[PlistValue; N]) -> bool {
        self.0 == other
    }
}

impl fmt::Debug for Array {
    /// Prints as a list, as `Vec<PlistValue>` would: `[Integer(1), String("a")]`,
    /// without recursion.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("[]");
        }
        f.write_str("[")?;
        let mut stack = Vec::new();
        super::push_array(self, "]", &mut stack);
        super::fmt_tree(stack, 1, f)
    }
}
