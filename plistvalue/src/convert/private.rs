//! Helpers for generated code and the impls in this module. Not a public API: the
//! derive may change what it calls here in any release.
//!
//! Generated code names everything through this module (`Ok`, `Some`, `Default`,
//! ...), so a user type called `Result` or `Some` cannot change what it means.

pub use crate::error::{Error, ErrorKind};
pub use crate::reader::{DepthGuard, FieldKey, Fields, Key, Kind, Node};
pub use crate::writer::{Encoder, Frame, KeySlots, ObjRef};
pub use core::default::Default;
pub use core::ops::Fn;
pub use core::option::Option::{self, None, Some};
pub use core::result::Result::{self, Err, Ok};
pub use std::borrow::Cow;

use std::collections::{BTreeMap, HashMap};
use std::hash::{BuildHasher, Hash};

use indexmap::IndexMap;

use super::rules;
use super::to_impls::sorted_entries;
use super::{FromPlist, ToPlist};
use crate::error::shown_key;
use crate::value::{Dictionary, PlistValue};

/// A type whose keys and values can be written into a dictionary that is already
/// open: every derived struct with named fields, and the string-keyed maps. This is
/// what `#[plist(flatten)]` and internally tagged newtype variants inline.
///
/// The two passes follow the dictionary layout: all keys, then all values in the
/// same order. `State` carries what the key pass decided (which optional fields are
/// present, a map's sorted order) to the value pass, so nothing is worked out twice.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be flattened into a dictionary",
    label = "not a struct with named fields that derives `ToPlist`, nor a string-keyed map",
    note = "`#[plist(flatten)]` and internally tagged newtype variants inline the keys of their value"
)]
pub trait WriteFields {
    type State<'s>
    where
        Self: 's;

    /// Pushes the keys of the entries this value writes.
    fn __plist_keys<'a>(&'a self, enc: &mut Encoder<'a>) -> Self::State<'a>;

    /// Pushes the values, in the order of the keys.
    fn __plist_values<'a>(
        &'a self,
        state: Self::State<'a>,
        enc: &mut Encoder<'a>,
    ) -> Result<(), Error>;
}

/// A type that can be read out of a dictionary shared with other fields: the
/// decode side of [`WriteFields`].
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be flattened into a dictionary",
    label = "not a struct with named fields that derives `FromPlist`, nor a string-keyed map",
    note = "`#[plist(flatten)]` and internally tagged newtype variants inline the keys of their value"
)]
pub trait ReadFields<'de>: Sized {
    /// True when `key` is one this type reads as a field (its own or a flattened
    /// struct's). Maps take whatever is left and so know no key.
    fn __plist_known(key: &FieldKey<'_, '_>) -> bool;

    /// Reads from `node`, a dictionary the caller has already entered. Keys for
    /// which `outer` is true belong to an enclosing struct: they are neither
    /// collected by a map nor reported as unknown.
    fn __plist_read<P: Fn(&FieldKey<'_, '_>) -> bool>(
        node: &Node<'_, 'de>,
        outer: &P,
    ) -> Result<Self, Error>;
}

/// A struct field's key, interned once per document: later structs of the same
/// type find it in `slot` without hashing. Slots come from [`KeySlots`].
#[inline]
pub fn cached_key(enc: &mut Encoder<'_>, slot: u32, key: &'static str) -> ObjRef {
    enc.cached_key(slot, key)
}

/// True for the null object or the string `$null`, Foundation's nil, which an
/// untagged unit variant reads.
#[inline]
pub fn is_null(node: &Node<'_, '_>) -> bool {
    node.is_null_marker()
}

/// The `outer` of a dictionary that nothing encloses.
#[inline]
pub fn no_outer(_: &FieldKey<'_, '_>) -> bool {
    false
}

/// Index of `key` among a type's field names when `key` is not an ASCII string
/// object (the ASCII case is a `match` on bytes in the generated code); `none`
/// when it names no field. UTF-16 keys are compared unit by unit, without
/// converting them.
#[inline(never)]
pub fn match_key_slow(key: &Node<'_, '_>, names: &[(&str, u32)], none: u32) -> u32 {
    if key.kind() == Kind::String {
        for &(name, index) in names {
            if key.str_eq(name) {
                return index;
            }
        }
    }
    none
}

/// The text of a key, for an error message or path.
#[cold]
fn key_text(key: &Node<'_, '_>) -> String {
    match key.to_str() {
        Ok(s) => shown_key(&s),
        Err(_) => format!("<{} key>", key.kind().name()),
    }
}

/// Prepends the key an error happened under, as the file spells it (an alias
/// shows as the alias).
#[cold]
pub fn in_key(err: Error, key: Key<'_, '_>) -> Error {
    match key {
        Key::Ascii(text) => err.in_key(text),
        Key::Other(node) => err.in_key(&key_text(&node)),
    }
}

/// A required field's key is absent; located at the dictionary.
#[cold]
pub fn missing_field(dict: &Node<'_, '_>, key: &'static str) -> Error {
    dict.error(ErrorKind::MissingField(key))
}

/// A key that `deny_unknown_fields` rejects; located at the key object.
#[cold]
pub fn unknown_field(key: &FieldKey<'_, '_>) -> Error {
    match key.node() {
        Ok(node) => node.error(ErrorKind::UnknownField(key_text(&node))),
        Err(e) => e,
    }
}

/// A variant name no variant has, or a tag that is not a string.
#[cold]
pub fn unknown_variant(name: &Node<'_, '_>) -> Error {
    match name.kind() {
        Kind::String => name.error(ErrorKind::UnknownVariant(key_text(name))),
        _ => name.mismatch("string (a variant name)"),
    }
}

/// An internally tagged enum's tag that names no variant; the path names the
/// tag's key.
#[cold]
pub fn unknown_tag(name: &Node<'_, '_>, tag: &str) -> Error {
    unknown_variant(name).in_key(tag)
}

/// A variant with fields named by a bare string, which only unit variants are.
#[cold]
pub fn variant_needs_content(name: &Node<'_, '_>, variant: &'static str) -> Error {
    name.error(ErrorKind::VariantNeedsContent(variant))
}

/// The content of a unit variant written as Swift writes a case without values,
/// `{"Name": {}}`: a dictionary, whose keys are unknown fields under
/// `deny_unknown_fields` and skipped otherwise, as Swift's decoder skips them.
#[inline]
pub fn unit_content(content: &Node<'_, '_>, deny_unknown_fields: bool) -> Result<(), Error> {
    if !content.is_dictionary() {
        return Err(content.mismatch("dictionary (the empty content of a unit variant)"));
    }
    if deny_unknown_fields {
        if let Some(key) = Fields::new(content)?.next() {
            return Err(unknown_field(&key?));
        }
    }
    Ok(())
}

/// No variant of an untagged enum decoded from `node`.
#[cold]
pub fn untagged_no_match(node: &Node<'_, '_>, name: &'static str) -> Error {
    node.error(ErrorKind::NoVariantMatched(name))
}

/// Enters a dictionary for a typed decode, or says it is not one.
#[inline]
pub fn enter_dict<'d>(node: &Node<'d, '_>) -> Result<DepthGuard<'d>, Error> {
    if !node.is_dictionary() {
        return Err(node.mismatch("dictionary"));
    }
    node.enter()
}

/// Enters an array that must hold exactly `len` elements (a tuple struct).
#[inline]
pub fn enter_array<'d>(node: &Node<'d, '_>, len: usize) -> Result<DepthGuard<'d>, Error> {
    node.elements()?;
    rules::tuple_len(node, len)?;
    node.enter()
}

/// Element `i` of an array already checked to be long enough.
#[inline]
pub fn element<'d, 'a>(node: &Node<'d, 'a>, i: usize) -> Result<Node<'d, 'a>, Error> {
    node.at(i)?.ok_or_else(|| node.mismatch("array"))
}

/// An enum's variant name as a string, or the `{name: content}` dictionary.
pub enum External<'d, 'a> {
    Name(Node<'d, 'a>),
    Content(Node<'d, 'a>, Node<'d, 'a>),
}

/// Splits an externally tagged enum's node into its name and content. A
/// dictionary must have exactly one key; the caller enters it.
#[inline]
pub fn external<'d, 'a>(node: &Node<'d, 'a>) -> Result<External<'d, 'a>, Error> {
    match node.kind() {
        Kind::String => Ok(External::Name(*node)),
        Kind::Dictionary if node.len() == 1 => {
            let mut entries = node.entries()?;
            let (k, v) = entries
                .next()
                .expect("a one-entry dictionary has an entry")?;
            Ok(External::Content(k, v))
        }
        Kind::Dictionary => Err(node.error(ErrorKind::VariantKeys(node.len()))),
        _ => Err(node.mismatch("string or one-key dictionary (an enum)")),
    }
}

// Maps flatten as "every key the struct around them does not know".

/// Writes a map's entries into the open dictionary: keys, then values. A key with no
/// text form is reported by the value pass (the key pass cannot fail); the key pass
/// pushes an empty key in its place so the two passes stay the same length.
macro_rules! write_entries_in_order {
    () => {
        type State<'s>
            = Result<(), Error>
        where
            Self: 's;

        fn __plist_keys<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<(), Error> {
            let mut state = Ok(());
            for k in self.keys() {
                let r = rules::encode_key(k, enc).unwrap_or_else(|e| {
                    state = Err(e);
                    enc.str("")
                });
                enc.child(r);
            }
            state
        }

        fn __plist_values<'a>(
            &'a self,
            state: Result<(), Error>,
            enc: &mut Encoder<'a>,
        ) -> Result<(), Error> {
            state?;
            for v in self.values() {
                let r = v.to_plist(enc)?;
                enc.child(r);
            }
            Ok(())
        }
    };
}

impl<K: ToPlist, V: ToPlist> WriteFields for BTreeMap<K, V> {
    write_entries_in_order!();
}

impl<K: ToPlist, V: ToPlist, S> WriteFields for IndexMap<K, V, S> {
    write_entries_in_order!();
}

impl WriteFields for Dictionary {
    write_entries_in_order!();
}

/// Sorted by key text, as a `HashMap` on its own is; the order is worked out once.
impl<K: ToPlist, V: ToPlist, S> WriteFields for HashMap<K, V, S> {
    type State<'s>
        = Result<Vec<&'s V>, Error>
    where
        Self: 's;

    fn __plist_keys<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<Vec<&'a V>, Error> {
        let entries = sorted_entries(self)?;
        let mut values = Vec::with_capacity(entries.len());
        for (k, v) in entries {
            let r = rules::key_object(k, enc);
            enc.child(r);
            values.push(v);
        }
        Ok(values)
    }

    fn __plist_values<'a>(
        &'a self,
        values: Result<Vec<&'a V>, Error>,
        enc: &mut Encoder<'a>,
    ) -> Result<(), Error> {
        for v in values? {
            let r = v.to_plist(enc)?;
            enc.child(r);
        }
        Ok(())
    }
}

/// Reads every entry whose key `outer` does not claim; the first of duplicate
/// keys wins, as in CoreFoundation. A claimed entry costs only its cached key.
/// `node` is a dictionary the caller has entered.
pub(crate) fn read_rest<'de, K: FromPlist<'de>, V: FromPlist<'de>>(
    node: &Node<'_, 'de>,
    outer: &impl Fn(&FieldKey<'_, '_>) -> bool,
    mut insert: impl FnMut(K, V),
) -> Result<(), Error> {
    for field in Fields::new(node)? {
        let field = field?;
        if outer(&field) {
            continue;
        }
        if let Key::Ascii(text) = field.key() {
            rules::charge_map_key(node, text)?;
        }
        let (k, v) = (field.node()?, field.value()?);
        rules::string_key(&k)?;
        let key = K::__plist_from_key(&k).map_err(|e| in_key(e, field.key()))?;
        let value = V::from_plist(&v).map_err(|e| in_key(e, field.key()))?;
        insert(key, value);
    }
    Ok(())
}

/// A map's `ReadFields`: every key the struct around it leaves, into `$new`, with
/// key and value types `$k` and `$v` where they cannot be inferred.
macro_rules! read_entries_into {
    ($new:expr) => {
        read_entries_into!($new, _, _);
    };
    ($new:expr, $k:ty, $v:ty) => {
        fn __plist_known(_: &FieldKey<'_, '_>) -> bool {
            false
        }

        fn __plist_read<P: Fn(&FieldKey<'_, '_>) -> bool>(
            node: &Node<'_, 'de>,
            outer: &P,
        ) -> Result<Self, Error> {
            let mut m = $new;
            read_rest(node, outer, |k: $k, v: $v| {
                m.entry(k).or_insert(v);
            })?;
            Ok(m)
        }
    };
}

impl<'de, K, V, S> ReadFields<'de> for HashMap<K, V, S>
where
    K: FromPlist<'de> + Eq + Hash,
    V: FromPlist<'de>,
    S: BuildHasher + Default,
{
    read_entries_into!(HashMap::with_hasher(S::default()));
}

impl<'de, K, V> ReadFields<'de> for BTreeMap<K, V>
where
    K: FromPlist<'de> + Ord,
    V: FromPlist<'de>,
{
    read_entries_into!(BTreeMap::new());
}

impl<'de, K, V, S> ReadFields<'de> for IndexMap<K, V, S>
where
    K: FromPlist<'de> + Eq + Hash,
    V: FromPlist<'de>,
    S: BuildHasher + Default,
{
    read_entries_into!(IndexMap::with_hasher(S::default()));
}

impl<'de> ReadFields<'de> for Dictionary {
    read_entries_into!(Dictionary::new(), String, PlistValue);
}

/// Decodes element `i` of an array with `decode`, naming the index in errors.
#[inline]
pub fn at_index<'d, 'a, T>(
    node: &Node<'d, 'a>,
    i: usize,
    decode: impl FnOnce(Node<'d, 'a>) -> Result<T, Error>,
) -> Result<T, Error> {
    element(node, i).and_then(decode).map_err(|e| e.in_index(i))
}
