//! `#[derive(ToPlist, FromPlist)]` for `plistvalue`: generated code puts each field
//! straight into the writer's object table and reads each field straight from the
//! lazy reader. Use the macros through `plistvalue`, which re-exports them beside
//! the traits of the same names (feature `derive`, on by default).
//!
//! **The guide** (the representation, the `#[plist(...)]` attributes, generics,
//! errors, with examples that are compiled as tests) is `plistvalue::derive_guide`,
//! in the documentation of the `plistvalue` crate, where users land. This crate's
//! own documentation is for its maintainers: what the expansion looks like.
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
//!                 let __k = __plist::__private::cached_key(__enc, __base, "name");
//!                 __enc.child(__k);
//!             }
//!             if __present[1] {
//!                 let __k = __plist::__private::cached_key(__enc, __base + 1, "headerValue");
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
//!             __node: &__plist::Node<'_, 'de>,
//!             __outer: &__P,
//!         ) -> __plist::__private::Result<Self, __plist::Error> {
//!             let mut __f0: __plist::__private::Option<String> = __plist::__private::None;
//!             let mut __f1: __plist::__private::Option<Option<String>> = __plist::__private::None;
//!             // One pass over the keys, in file order, each read through the
//!             // document's string cache; the first of duplicate keys wins, unknown
//!             // keys are skipped, and a value is read only for a field it fills.
//!             for __k in __plist::__private::Fields::new(__node)? {
//!                 let __k = __k?;
//!                 match __plist_field(&__k) {
//!                     0 => {
//!                         if __f0.is_none() {
//!                             let __v = __k.value()?;
//!                             __f0 =
//!                                 __plist::__private::Some(
//!                                     match <String as __plist::FromPlist<'_>>::from_plist(&__v) {
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
//!                                 match <Option<String> as __plist::FromPlist<'_>>::from_plist(&__v) {
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
//!                                     __node, "name",
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
//!                                     __node,
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
//!             __node: &__plist::Node<'_, 'de>,
//!         ) -> __plist::__private::Result<Self, __plist::Error> {
//!             // Counts against `Limits::max_depth` until the guard drops.
//!             let __guard = __plist::__private::enter_dict(__node)?;
//!             <Self as __plist::__private::ReadFields<'de>>::__plist_read(
//!                 __node,
//!                 &__plist::__private::no_outer,
//!             )
//!         }
//!     }
//! };
//! ```

// Only the two derives are public; every module's items are the crate's own.
#![warn(unreachable_pub)]

use proc_macro::TokenStream;
use syn::{parse_macro_input, DeriveInput};

mod bound;
mod dummy;
mod from_plist;
mod internals;
mod to_plist;

/// Derives `plistvalue::ToPlist`. The representation and the `#[plist(...)]`
/// attributes are in [the derive guide](../plistvalue/derive_guide/index.html),
/// `plistvalue::derive_guide`.
#[proc_macro_derive(ToPlist, attributes(plist))]
pub fn derive_to_plist(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    to_plist::expand(&input)
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// Derives `plistvalue::FromPlist`. The representation and the `#[plist(...)]`
/// attributes are in [the derive guide](../plistvalue/derive_guide/index.html),
/// `plistvalue::derive_guide`.
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
