//! `#[derive(ToPlist, FromPlist)]` for `plistvalue`: generated code puts each field
//! straight into the writer's object table and reads each field straight from the
//! lazy reader. There is no serializer trait in between, no intermediate value
//! tree, and no allocation per key when decoding: keys are matched by their bytes
//! in the input. The representation follows Foundation's synthesized `Codable`, so
//! files written by Swift read back here and files written here read in Swift.
//!
//! Use the macros through `plistvalue`, which re-exports them beside the traits of
//! the same names (feature `derive`, on by default):
//!
//! ```rust,ignore
//! use plistvalue::{FromPlist, ToPlist};
//!
//! #[derive(Debug, PartialEq, ToPlist, FromPlist)]
//! #[plist(rename_all = "PascalCase")]
//! struct Info {
//!     #[plist(rename = "CFBundleIdentifier")]
//!     bundle_id: String,
//!     bundle_version: u32,
//!     minimum_system_version: Option<String>,
//! }
//!
//! let info = Info { bundle_id: "com.example".into(), bundle_version: 3, minimum_system_version: None };
//! let bytes = plistvalue::to_vec(&info)?;
//! // {"CFBundleIdentifier": "com.example", "BundleVersion": 3}
//! assert_eq!(plistvalue::from_slice::<Info>(&bytes)?, info);
//! ```
//!
//! (The examples here are not doctests, since a proc-macro crate cannot depend on
//! the crate that re-exports it; each is exercised in the workspace's
//! `tests/derive/`.)
//!
//! # Representation
//!
//! | Rust | property list |
//! |---|---|
//! | struct with named fields | dictionary; keys in declaration order, each the field's name unless renamed |
//! | `Option<T>` field | `None` leaves the key out (`encodeIfPresent`); a missing key or the string `$null` reads as `None` |
//! | `None` with no key of its own: in a `Vec<Option<T>>`, a tuple, a newtype | the string `$null`, Foundation's nil |
//! | `Vec<u8>`, `&[u8]`, `[u8; N]`, `Box<[u8]>`, `Cow<[u8]>` | data, never an array of integers |
//! | `plistvalue::Date`, `SystemTime`, `chrono::DateTime` in `Utc`, `FixedOffset` or `Local` | date (the instant: a plist date has no zone), to the nearest nanosecond |
//! | `f32` / `f64` | 4-byte / 8-byte real |
//! | `Duration` | real: seconds, as Swift's `TimeInterval`; negative, NaN or too large is an error when reading |
//! | `HashSet<T>`, `BTreeSet<T>` | array, as Foundation writes a `Set` (a `HashSet` sorted, so the file does not change from run to run) |
//! | `PathBuf`, `&Path` | string; a path that is not UTF-8 is an error, never a lossy conversion |
//! | `NonZeroU8` ... `NonZeroI128`, `NonZeroUsize`, `NonZeroIsize` | integer; zero is an error when reading |
//! | newtype struct `struct Meters(f64)` | the inner value |
//! | tuple struct | array |
//! | unit struct | empty dictionary |
//! | unit variant `Low`, in an enum of unit variants only (Swift's `enum Level: String, Codable`) | the string `"Low"` |
//! | unit variant `Empty`, in an enum with a data variant (Swift's case without values) | `{"Empty": {}}` |
//! | struct variant `Circle { r: f64 }` | `{"Circle": {"r": 1.0}}` |
//! | tuple variant `Rect(f64, f64)` | `{"Rect": {"_0": 1.0, "_1": 2.0}}` |
//! | newtype variant `Named(String)` | `{"Named": {"_0": "n"}}`: Swift's form for a case with one unlabeled value |
//!
//! The enum forms are what Swift's synthesized `Codable` writes (SE-0295): an enum
//! with associated values writes every case, one without values included, as a
//! one-key dictionary, and only an enum with a `String` raw type writes bare
//! strings, so a Rust enum of unit variants alone maps to the latter. Decoding
//! accepts both forms for a unit variant in either kind of enum (the content of
//! `{"Empty": {}}` must be a dictionary; its keys are skipped, or unknown fields
//! under `deny_unknown_fields`). `tag` and `untagged` (below) choose other forms.
//! Fields of every other standard type (integers, `bool`, `char`, strings,
//! sequences, tuples, string-keyed maps, `Box`/`Rc`/`Arc`, `PlistValue`) use
//! their `ToPlist`/`FromPlist` impls in `plistvalue`.
//!
//! # Decoding is tolerant, like Foundation's
//!
//! - Unknown keys are skipped, unless `deny_unknown_fields` is set.
//! - When a key appears twice, the first wins, as in CoreFoundation.
//! - An integer is accepted for a float field, and an exactly integral real for an
//!   integer field; an integer out of the field's range is an error.
//! - Keys stored as UTF-16 match too, compared unit by unit without converting.
//!
//! # Borrowing
//!
//! A type with lifetimes implements `FromPlist<'de>` for every input lifetime
//! `'de` that outlives them, so `&'a str` and `&'a [u8]` fields borrow from the
//! input. A string can be borrowed only when the file stores it as ASCII; a UTF-16
//! string is an error that says to use `Cow<'a, str>` (or `String`) instead.
//!
//! # Depth
//!
//! Every struct, enum, array and dictionary a decode enters counts against
//! `Limits::max_depth` (128 by default). Beyond it the decode returns
//! `ErrorKind::DepthLimit`, so a recursive type (`struct Tree { children: Vec<Tree> }`)
//! fed a hostile file fails cleanly instead of overflowing the stack.
//!
//! # Errors
//!
//! A decode error carries the key path from the root and the byte offset of the
//! object at fault, for example
//! ``expected string, found integer at `messages[12].request.headers[3].value` (byte offset 10342, object 907)``.
//! A missing field is reported at its dictionary. An untagged enum reports only
//! that no variant matched, at the node's offset; the variants' own errors are
//! not kept.
//!
//! # Attributes
//!
//! The names are serde's, under `#[plist(...)]`. Misuse is a compile error at the
//! offending tokens, and every misuse in an item is reported at once.
//!
//! ## Container
//!
//! - `rename_all = "..."`: renames every field of a struct, or every variant of an
//!   enum (not the fields of struct variants): `"PascalCase"` (Info.plist's
//!   convention), `"camelCase"` (Swift's), `"snake_case"`, `"SCREAMING_SNAKE_CASE"`,
//!   `"kebab-case"`, `"SCREAMING-KEBAB-CASE"`, `"lowercase"`, `"UPPERCASE"`.
//! - `default`, `default = "path"`: a missing field takes its value from
//!   `Default::default()` (or `path()`) of the whole struct. Structs with named
//!   fields only.
//! - `deny_unknown_fields`: an unknown key is `ErrorKind::UnknownField`. Not with
//!   `flatten`. In an internally tagged enum the tag is a known key.
//! - `transparent`: a struct with exactly one field that is not skipped is written
//!   and read as that field. Unlike a newtype struct, which writes `$null` for a
//!   `None` inside, it is transparent all the way: a `None` leaves the enclosing
//!   key out and a missing key reads as `None`.
//! - `crate = "path"`: the path to `plistvalue`, for crates that re-export it.
//! - `bound = "T: Trait, ..."`, or `bound(to_plist = "...", from_plist = "...")`
//!   for each impl: replaces the inferred where-clause (see Generics). In the
//!   `FromPlist` impl the input's lifetime is `'de`.
//! - `tag = "key"` (enums): internally tagged. A unit variant is
//!   `{"key": "Name"}`, a struct variant `{"key": "Name", field: ...}`, and a
//!   newtype variant writes its content's keys beside the tag; the content must be
//!   a struct with named fields that derives the traits, or a string-keyed map.
//!   Tuple variants are not allowed. Decoding looks the tag up by key, wherever it
//!   is, and reads the variant from the same dictionary: nothing is buffered.
//! - `untagged` (enums): only the content is written: `$null` for a unit variant,
//!   the value for a newtype variant, an array for a tuple variant, a dictionary
//!   for a struct variant. Decoding tries the variants in declaration order on the
//!   same node and returns the first that decodes.
//!
//! ## Field
//!
//! - `rename = "key"`: the key to write and read.
//! - `alias = "key"` (repeatable): another key accepted when reading.
//! - `default`, `default = "path"`: the value when the key is missing, from
//!   `Default::default()` or `path()`. Without it a missing key is an error, except
//!   for an `Option` (which reads as `None`) or when the container has `default`.
//! - `skip`: neither written nor read; the value comes from the field's `default`,
//!   the container's, or `Default::default()`.
//! - `skip_serializing_if = "path"`: `path(&value) -> bool`; when true the key is
//!   left out. Pair it with `default` so the value reads back.
//! - `flatten`: writes the keys of the field's value into this dictionary instead
//!   of under a key of its own. The value is a struct with named fields that
//!   derives the traits, or a string-keyed map (`HashMap`, `BTreeMap`, `IndexMap`,
//!   `plistvalue::Dictionary`). When reading, a flattened struct reads its fields
//!   from the same dictionary, and a flattened map collects every key that this
//!   struct and its flattened structs do not claim.
//! - `with = "module"`: the field is written and read by two functions of
//!   `module`, in place of the field type's impls (which it need not have):
//!
//!   ```rust,ignore
//!   pub fn to_plist<'a>(value: &'a T, enc: &mut plistvalue::Encoder<'a>)
//!       -> Result<plistvalue::ObjRef, plistvalue::Error>;
//!   pub fn from_plist<'a>(node: plistvalue::Node<'_, 'a>) -> Result<T, plistvalue::Error>;
//!   ```
//!
//!   A `with` field is always written (use `skip_serializing_if` to leave it out)
//!   and needs `default` to be optional when reading.
//! - `serde` (feature `serde` of `plistvalue`): the field's type has only serde
//!   derives; it is written and read through the serde bridge, as
//!   `plistvalue::serde::to_vec` would write it there, so that a model moves to
//!   the derive one struct at a time. Unlike `with`, a `None` leaves the key out
//!   and a missing key reads as `None` for an `Option`. Its type is not bounded
//!   by the derive's traits (use `bound` for a generic one). Not with `with`,
//!   `flatten` or `skip`.
//!
//!   ```rust,ignore
//!   #[derive(ToPlist, FromPlist)]
//!   struct Model {
//!       #[plist(serde)]
//!       legacy: LegacySettings, // #[derive(Serialize, Deserialize)] only
//!   }
//!   ```
//!
//! Unnamed fields, of tuple structs and tuple variants, take only `skip` (with or
//! without `default`), `with` and `serde`.
//!
//! ## Variant
//!
//! - `rename = "Name"`: the name to write and read.
//! - `alias = "Name"` (repeatable): another name accepted when reading.
//! - `other`: on a unit variant, reads any name no variant has (or any tag), so an
//!   older build can read a newer file. Not in an untagged enum.
//!
//! # Generics
//!
//! As in `serde_derive`, the impls bound only the type parameters that fields use:
//! `T: ToPlist` (and `T: FromPlist<'de>`) for each parameter that appears in a
//! field that is not skipped and has no `with`; `T::Assoc: ...` for an associated
//! type; nothing for a parameter inside `PhantomData`; the field's own type for a
//! flattened field. A recursive type is never bounded on itself. `T: Default` is
//! added for parameters of fields filled by `Default::default()`. When this is
//! wrong, `#[plist(bound = "...")]` replaces it.
//!
//! # What the derive expands to
//!
//! This struct:
//!
//! ```rust,ignore
//! #[derive(ToPlist, FromPlist)]
//! #[plist(rename_all = "camelCase")]
//! struct Header {
//!     name: String,
//!     header_value: Option<String>,
//! }
//! ```
//!
//! becomes the following (the unit test `expansion_matches_the_docs` checks that it
//! still does). The `__private` items are hidden helpers of `plistvalue`;
//! `WriteFields` and `ReadFields` are what `flatten` uses to inline one struct's
//! entries into another's dictionary.
//!
//! ```rust,ignore
//! #[doc(hidden)]
//! #[allow(
//!     non_upper_case_globals,
//!     unused_attributes,
//!     unused_qualifications,
//!     clippy::absolute_paths
//! )]
//! const _: () = {
//!     // `#[plist(crate = "...")]` changes this one path.
//!     use ::plistvalue as __plist;
//!     #[automatically_derived]
//!     impl __plist::ToPlist for Header {
//!         fn to_plist<'__a>(
//!             &'__a self,
//!             __enc: &mut __plist::Encoder<'__a>,
//!         ) -> __plist::__private::Result<__plist::ObjRef, __plist::Error> {
//!             // All keys, then all values: CoreFoundation's dictionary layout.
//!             let __frame = __enc.begin_dict();
//!             // A recursive type must not overflow the stack: past 512 levels, an error.
//!             __enc.check_depth()?;
//!             let __state = __plist::__private::WriteFields::__plist_keys(self, __enc);
//!             __plist::__private::WriteFields::__plist_values(self, __state, __enc)?;
//!             __plist::__private::Ok(__enc.end_dict(__frame))
//!         }
//!     }
//!     // Also what `#[plist(flatten)]` calls to inline a struct's entries.
//!     #[automatically_derived]
//!     impl __plist::__private::WriteFields for Header {
//!         type State<'__s>
//!             = ([bool; 2],)
//!         where
//!             Self: '__s;
//!         #[inline]
//!         fn __plist_keys<'__a>(&'__a self, __enc: &mut __plist::Encoder<'__a>) -> Self::State<'__a> {
//!             // Each key is interned once per document, then found by slot.
//!             static __KEYS: __plist::__private::KeySlots = __plist::__private::KeySlots::new();
//!             let __base = __KEYS.base(2);
//!             // Decided once: `None` leaves its key out (Codable's encodeIfPresent).
//!             let __present: [bool; 2] = [
//!                 !__plist::ToPlist::__plist_is_absent(&self.name),
//!                 !__plist::ToPlist::__plist_is_absent(&self.header_value),
//!             ];
//!             if __present[0] {
//!                 let __k = __enc.cached_key(__base, "name");
//!                 __enc.child(__k);
//!             }
//!             if __present[1] {
//!                 let __k = __enc.cached_key(__base + 1, "headerValue");
//!                 __enc.child(__k);
//!             }
//!             (__present,)
//!         }
//!         #[inline]
//!         fn __plist_values<'__a>(
//!             &'__a self,
//!             __state: Self::State<'__a>,
//!             __enc: &mut __plist::Encoder<'__a>,
//!         ) -> __plist::__private::Result<(), __plist::Error> {
//!             let (__present,) = __state;
//!             if __present[0] {
//!                 let __v = __plist::ToPlist::to_plist(&self.name, __enc)?;
//!                 __enc.child(__v);
//!             }
//!             if __present[1] {
//!                 let __v = __plist::ToPlist::to_plist(&self.header_value, __enc)?;
//!                 __enc.child(__v);
//!             }
//!             __plist::__private::Ok(())
//!         }
//!     }
//! };
//! #[doc(hidden)]
//! #[allow(
//!     non_upper_case_globals,
//!     unused_attributes,
//!     unused_qualifications,
//!     clippy::absolute_paths
//! )]
//! const _: () = {
//!     use ::plistvalue as __plist;
//!     // Which field a key names: a match on the key's bytes, borrowed from the
//!     // input; only a key that is not an ASCII string takes the slow path.
//!     #[inline]
//!     fn __plist_field(__k: &__plist::__private::FieldKey<'_, '_>) -> u32 {
//!         match __k.key() {
//!             __plist::__private::Key::Ascii(__s) => match __s.as_bytes() {
//!                 b"name" => 0,
//!                 b"headerValue" => 1,
//!                 _ => 2,
//!             },
//!             __plist::__private::Key::Other(__n) => {
//!                 __plist::__private::match_key_slow(&__n, &[("name", 0), ("headerValue", 1)], 2)
//!             }
//!         }
//!     }
//!     #[automatically_derived]
//!     impl<'de> __plist::__private::ReadFields<'de> for Header {
//!         #[inline]
//!         fn __plist_known(__k: &__plist::__private::FieldKey<'_, '_>) -> bool {
//!             __plist_field(__k) != 2
//!         }
//!         fn __plist_read<
//!             __P: __plist::__private::Fn(&__plist::__private::FieldKey<'_, '_>) -> bool
//!         >(
//!             __node: __plist::Node<'_, 'de>,
//!             __outer: &__P,
//!         ) -> __plist::__private::Result<Self, __plist::Error> {
//!             let mut __f0: __plist::__private::Option<String> = __plist::__private::None;
//!             let mut __f1: __plist::__private::Option<Option<String>> = __plist::__private::None;
//!             // One pass over the keys, in file order, each read through the
//!             // document's string cache; the first of duplicate keys wins, unknown
//!             // keys are skipped, and a value is read only for a field it fills.
//!             for __k in __plist::__private::Fields::new(&__node)? {
//!                 let __k = __k?;
//!                 match __plist_field(&__k) {
//!                     0 => {
//!                         if __f0.is_none() {
//!                             let __v = __k.value()?;
//!                             __f0 =
//!                                 __plist::__private::Some(
//!                                     match <String as __plist::FromPlist<'_>>::from_plist(__v) {
//!                                         __plist::__private::Ok(__x) => __x,
//!                                         __plist::__private::Err(__e) => {
//!                                             return __plist::__private::Err(
//!                                                 __plist::__private::in_key(__e, __k.key()),
//!                                             );
//!                                         }
//!                                     },
//!                                 );
//!                         }
//!                     }
//!                     1 => {
//!                         if __f1.is_none() {
//!                             let __v = __k.value()?;
//!                             __f1 = __plist::__private::Some(
//!                                 match <Option<String> as __plist::FromPlist<'_>>::from_plist(__v) {
//!                                     __plist::__private::Ok(__x) => __x,
//!                                     __plist::__private::Err(__e) => {
//!                                         return __plist::__private::Err(
//!                                             __plist::__private::in_key(__e, __k.key()),
//!                                         );
//!                                     }
//!                                 },
//!                             );
//!                         }
//!                     }
//!                     _ => {}
//!                 }
//!             }
//!             __plist::__private::Ok(Self {
//!                 name: match __f0 {
//!                     __plist::__private::Some(__x) => __x,
//!                     __plist::__private::None => {
//!                         match <String as __plist::FromPlist<'_>>::__plist_missing() {
//!                             __plist::__private::Some(__x) => __x,
//!                             __plist::__private::None => {
//!                                 return __plist::__private::Err(__plist::__private::missing_field(
//!                                     &__node, "name",
//!                                 ));
//!                             }
//!                         }
//!                     }
//!                 },
//!                 header_value: match __f1 {
//!                     __plist::__private::Some(__x) => __x,
//!                     __plist::__private::None => {
//!                         match <Option<String> as __plist::FromPlist<'_>>::__plist_missing() {
//!                             __plist::__private::Some(__x) => __x,
//!                             __plist::__private::None => {
//!                                 return __plist::__private::Err(__plist::__private::missing_field(
//!                                     &__node,
//!                                     "headerValue",
//!                                 ));
//!                             }
//!                         }
//!                     }
//!                 },
//!             })
//!         }
//!     }
//!     #[automatically_derived]
//!     impl<'de> __plist::FromPlist<'de> for Header {
//!         fn from_plist(
//!             __node: __plist::Node<'_, 'de>,
//!         ) -> __plist::__private::Result<Self, __plist::Error> {
//!             // Counts against `Limits::max_depth` until the guard drops.
//!             let __guard = __plist::__private::enter_dict(&__node)?;
//!             <Self as __plist::__private::ReadFields<'de>>::__plist_read(
//!                 __node,
//!                 &__plist::__private::no_outer,
//!             )
//!         }
//!     }
//! };
//! ```

use proc_macro::TokenStream;
use syn::{parse_macro_input, DeriveInput};

mod bound;
mod dummy;
mod from_plist;
mod internals;
mod to_plist;

/// Derives `plistvalue::ToPlist`; see the [crate] docs for the representation and
/// the `#[plist(...)]` attributes.
#[proc_macro_derive(ToPlist, attributes(plist))]
pub fn derive_to_plist(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    to_plist::expand(&input)
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// Derives `plistvalue::FromPlist`; see the [crate] docs for the representation
/// and the `#[plist(...)]` attributes.
#[proc_macro_derive(FromPlist, attributes(plist))]
pub fn derive_from_plist(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    from_plist::expand(&input)
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

#[cfg(test)]
mod tests {
    use proc_macro2::{Delimiter, TokenStream, TokenTree};

    /// The tokens of `ts` as text, with what rustfmt may change taken out: commas
    /// before a closing delimiter or after a block, and braces around a match arm.
    fn normalized(ts: TokenStream, out: &mut Vec<String>) {
        for tt in ts {
            match tt {
                TokenTree::Group(g) => {
                    let arm = out.len() >= 2 && out[out.len() - 2..] == ["=", ">"];
                    if arm && g.delimiter() == Delimiter::Brace {
                        normalized(g.stream(), out);
                        continue;
                    }
                    let (open, close) = match g.delimiter() {
                        Delimiter::Parenthesis => ("(", ")"),
                        Delimiter::Brace => ("{", "}"),
                        Delimiter::Bracket => ("[", "]"),
                        Delimiter::None => ("", ""),
                    };
                    out.push(open.to_owned());
                    normalized(g.stream(), out);
                    if out.last().is_some_and(|t| t == ",") {
                        out.pop();
                    }
                    out.push(close.to_owned());
                }
                TokenTree::Punct(p)
                    if p.as_char() == ',' && out.last().is_some_and(|t| t == "}") => {}
                TokenTree::Punct(p) => out.push(p.as_char().to_string()),
                other => out.push(other.to_string()),
            }
        }
    }

    /// The expansion shown in the crate docs is what the derive generates, token
    /// for token (comments and rustfmt's layout aside).
    #[test]
    fn expansion_matches_the_docs() {
        let docs: String = include_str!("lib.rs")
            .lines()
            .filter_map(|l| l.strip_prefix("//!"))
            .map(|l| l.strip_prefix(' ').unwrap_or(l))
            .collect::<Vec<_>>()
            .join("\n");
        let blocks: Vec<&str> = docs.split("```").collect();
        // The example is the second-to-last code block, its expansion the last.
        let code = |i: usize| {
            let block = blocks[blocks.len() - i];
            block
                .strip_prefix("rust,ignore")
                .expect("an ignored rust block")
        };
        let input: syn::DeriveInput = syn::parse_str(code(4)).expect("the example parses");
        let mut generated = Vec::new();
        normalized(crate::to_plist::expand(&input).unwrap(), &mut generated);
        normalized(crate::from_plist::expand(&input).unwrap(), &mut generated);
        let mut documented = Vec::new();
        normalized(
            code(2).parse().expect("the expansion parses"),
            &mut documented,
        );
        assert_eq!(
            generated.join(" "),
            documented.join(" "),
            "update the expansion in the crate docs"
        );
    }
}
