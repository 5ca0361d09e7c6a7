//! Codegen for `ToPlist`: each field goes straight into the encoder's object
//! table. Keys are static strings interned once per document through
//! `__private::cached_key`; a dictionary gets all its keys, then all its values, as
//! CoreFoundation lays them out.

use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned as _;

use crate::internals::ast::{Container, Data, Field, Style, Variant};
use crate::{bound, dummy, internals};

pub(crate) fn expand(input: &syn::DeriveInput) -> syn::Result<TokenStream> {
    let cont = internals::model(input)?;
    let ident = &cont.ident;
    let generics = bound::to_plist(&cont);
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();

    let mut methods = TokenStream::new();
    let mut write_fields = TokenStream::new();
    let body = match &cont.data {
        Data::Struct(_, fields) if cont.attrs.transparent.is_some() => {
            let field = fields
                .iter()
                .find(|f| !f.skipped())
                .expect("checked: one field");
            if field.attrs.with.is_none() {
                // Fully transparent: an absent inner value leaves the key out too,
                // and the inner value's key text is the key text.
                let absent = is_absent(field, &self_field(field));
                let key = key_text(field);
                methods = quote! {
                    #[inline]
                    fn __plist_is_absent(&self) -> bool {
                        #absent
                    }
                    #key
                };
            }
            encode_value(field, &self_field(field))
        }
        Data::Struct(Style::Struct, fields) => {
            write_fields = write_fields_impl(&cont, fields);
            quote! {
                let __frame = __enc.begin_dict();
                __enc.check_depth()?;
                let __state = __plist::__private::WriteFields::__plist_keys(self, __enc);
                __plist::__private::WriteFields::__plist_values(self, __state, __enc)?;
                __plist::__private::Ok(__enc.end_dict(__frame))
            }
        }
        Data::Struct(Style::Newtype, fields) => {
            // A newtype is written as its value, so it is a map key as its value is.
            methods = key_text(&fields[0]);
            encode_value(&fields[0], &self_field(&fields[0]))
        }
        Data::Struct(Style::Tuple, fields) => array(
            fields
                .iter()
                .filter(|f| !f.skipped())
                .map(|f| (f, self_field(f))),
        ),
        Data::Struct(Style::Unit, _) => quote! {
            let __frame = __enc.begin_dict();
            __enc.check_depth()?;
            __plist::__private::Ok(__enc.end_dict(__frame))
        },
        Data::Enum(variants) => enum_body(&cont, variants),
    };

    Ok(dummy::wrap_in_const(
        &cont,
        &quote! {
            #[automatically_derived]
            impl #impl_generics __plist::ToPlist for #ident #ty_generics #where_clause {
                fn to_plist<'__a>(
                    &'__a self,
                    __enc: &mut __plist::Encoder<'__a>,
                ) -> __plist::__private::Result<__plist::ObjRef, __plist::Error> {
                    #body
                }
                #methods
            }
            #write_fields
        },
    ))
}

/// Hands out key-cache slots: one per static key the impl writes.
#[derive(Default)]
struct Slots(u32);

impl Slots {
    /// `cached_key` for the next slot.
    fn key(&mut self, key: &str) -> TokenStream {
        let slot = self.0;
        self.0 += 1;
        let index = if slot == 0 {
            quote!(__base)
        } else {
            let slot = Literal::u32_unsuffixed(slot);
            quote!(__base + #slot)
        };
        quote!(__plist::__private::cached_key(__enc, #index, #key))
    }

    /// The static that reserves the slots, if any were handed out.
    fn declare(&self) -> TokenStream {
        if self.0 == 0 {
            return TokenStream::new();
        }
        let n = Literal::u32_unsuffixed(self.0);
        quote! {
            static __KEYS: __plist::__private::KeySlots = __plist::__private::KeySlots::new();
            let __base = __KEYS.base(#n);
        }
    }
}

/// Encodes one value, given an expression for a reference to it; evaluates to
/// `Result<ObjRef, Error>`. Calls carry the span of the field's type (or of the
/// `with` path), so a type that cannot be encoded is reported there.
fn encode_value(field: &Field, access: &TokenStream) -> TokenStream {
    match &field.attrs.with {
        Some(with) => {
            let with = &with.value;
            quote_spanned!(with.span()=> #with::to_plist(#access, __enc))
        }
        None if field.attrs.serde.is_some() => quote_spanned! {field.ty.span()=>
            __plist::serde::as_serde::to_plist(#access, __enc)
        },
        None => quote_spanned!(field.ty.span()=> __plist::ToPlist::to_plist(#access, __enc)),
    }
}

/// `__plist_key` of a type written as its one field: that field's key text (an
/// `UserId(u32)` is a map key as `u32` is). Nothing for a field written through
/// `with` or serde, whose form the derive does not know.
fn key_text(field: &Field) -> TokenStream {
    if field.attrs.with.is_some() || field.attrs.serde.is_some() {
        return TokenStream::new();
    }
    let access = self_field(field);
    quote_spanned! {field.ty.span()=>
        #[inline]
        fn __plist_key(&self) -> __plist::__private::Option<__plist::__private::Cow<'_, str>> {
            __plist::ToPlist::__plist_key(#access)
        }
    }
}

/// `&self.field`, spanned like the field's type.
fn self_field(field: &Field) -> TokenStream {
    let member = &field.member;
    quote_spanned!(field.ty.span()=> &self.#member)
}

/// Whether the value leaves its key out (`None`).
fn is_absent(field: &Field, access: &TokenStream) -> TokenStream {
    if field.attrs.serde.is_some() {
        return quote_spanned!(field.ty.span()=> __plist::serde::as_serde::is_absent(#access));
    }
    quote_spanned!(field.ty.span()=> __plist::ToPlist::__plist_is_absent(#access))
}

/// The key pass and value pass of a value inlined into the open dictionary.
fn inline_passes(
    field: &Field,
    access: &TokenStream,
    state: &syn::Ident,
) -> (TokenStream, TokenStream) {
    let span = field.ty.span();
    (
        quote_spanned! {span=>
            let #state = __plist::__private::WriteFields::__plist_keys(#access, __enc);
        },
        quote_spanned! {span=>
            __plist::__private::WriteFields::__plist_values(#access, #state, __enc)?;
        },
    )
}

/// An array of the given values, in order.
fn array<'f>(values: impl Iterator<Item = (&'f Field<'f>, TokenStream)>) -> TokenStream {
    let pushes = values.map(|(field, access)| {
        let value = encode_value(field, &access);
        quote! {
            let __v = #value?;
            __enc.child(__v);
        }
    });
    quote! {
        let __frame = __enc.begin_array();
        __enc.check_depth()?;
        #(#pushes)*
        __plist::__private::Ok(__enc.end_array(__frame))
    }
}

/// The code that writes a set of keyed fields into an open dictionary.
struct KeyedFields {
    /// `let __present = [...]`: which fields are written, decided once.
    presence: TokenStream,
    keys: TokenStream,
    values: TokenStream,
    /// What the key pass hands the value pass: presence and flattened fields'
    /// states. An expression, and the same tokens as a pattern.
    state: TokenStream,
    state_ty: TokenStream,
}

fn keyed_fields<'f>(
    fields: impl Iterator<Item = (&'f Field<'f>, TokenStream)>,
    slots: &mut Slots,
) -> KeyedFields {
    let mut tests = Vec::new();
    let mut keys = TokenStream::new();
    let mut values = TokenStream::new();
    let mut states = Vec::new();
    let mut state_tys = Vec::new();
    for (i, (field, access)) in fields.enumerate() {
        if field.skipped() {
            continue;
        }
        if field.flattened() {
            let state = format_ident!("__s{}", i);
            let ty = field.ty;
            let (k, v) = inline_passes(field, &access, &state);
            keys.extend(k);
            values.extend(v);
            state_tys.push(
                quote_spanned!(ty.span()=> <#ty as __plist::__private::WriteFields>::State<'__s>),
            );
            states.push(state);
            continue;
        }
        let key = slots.key(&field.key);
        let value = encode_value(field, &access);
        let skip_if = field.attrs.skip_serializing_if.as_ref().map(|s| {
            let path = &s.value;
            quote!(#path(#access))
        });
        let absent = is_absent(field, &access);
        let test = match (&field.attrs.with, skip_if) {
            (None, None) => Some(quote!(!#absent)),
            (None, Some(skip)) => Some(quote!(!(#absent || #skip))),
            (Some(_), Some(skip)) => Some(quote!(!#skip)),
            (Some(_), None) => None,
        };
        let key = quote! {
            let __k = #key;
            __enc.child(__k);
        };
        let value = quote! {
            let __v = #value?;
            __enc.child(__v);
        };
        if let Some(test) = test {
            let p = Literal::usize_unsuffixed(tests.len());
            tests.push(test);
            keys.extend(quote!(if __present[#p] { #key }));
            values.extend(quote!(if __present[#p] { #value }));
        } else {
            keys.extend(key);
            values.extend(value);
        }
    }
    let n = Literal::usize_unsuffixed(tests.len());
    KeyedFields {
        presence: quote!(let __present: [bool; #n] = [#(#tests),*];),
        keys,
        values,
        state: quote!((__present, #(#states,)*)),
        state_ty: quote!(([bool; #n], #(#state_tys,)*)),
    }
}

/// `WriteFields` for a struct with named fields: its `to_plist` and any struct
/// that flattens it write its entries through this.
fn write_fields_impl(cont: &Container, fields: &[Field]) -> TokenStream {
    let ident = &cont.ident;
    let generics = bound::to_plist(cont);
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    let mut slots = Slots::default();
    let code = keyed_fields(fields.iter().map(|f| (f, self_field(f))), &mut slots);
    let declare = slots.declare();
    let KeyedFields {
        presence,
        keys,
        values,
        state,
        state_ty,
    } = code;
    quote! {
        #[automatically_derived]
        impl #impl_generics __plist::__private::WriteFields for #ident #ty_generics #where_clause {
            type State<'__s> = #state_ty where Self: '__s;

            #[inline]
            fn __plist_keys<'__a>(
                &'__a self,
                __enc: &mut __plist::Encoder<'__a>,
            ) -> Self::State<'__a> {
                #declare
                #presence
                #keys
                #state
            }

            #[inline]
            fn __plist_values<'__a>(
                &'__a self,
                __state: Self::State<'__a>,
                __enc: &mut __plist::Encoder<'__a>,
            ) -> __plist::__private::Result<(), __plist::Error> {
                let #state = __state;
                #values
                __plist::__private::Ok(())
            }
        }
    }
}

/// Bindings for a variant's written fields: `(pattern, [(field, access)])`.
fn bind<'v, 'a>(variant: &'v Variant<'a>) -> (TokenStream, Vec<(&'v Field<'a>, TokenStream)>) {
    let ident = &variant.ident;
    let mut used = Vec::new();
    let pattern = match variant.style {
        Style::Unit => quote!(Self::#ident),
        Style::Struct => {
            let binds = variant
                .fields
                .iter()
                .enumerate()
                .filter(|(_, f)| !f.skipped())
                .map(|(i, f)| {
                    let member = &f.member;
                    let b = format_ident!("__b{}", i, span = f.ty.span());
                    used.push((f, quote!(#b)));
                    quote!(#member: #b)
                });
            let binds: Vec<_> = binds.collect();
            quote!(Self::#ident { #(#binds,)* .. })
        }
        Style::Tuple | Style::Newtype => {
            let binds: Vec<_> = variant
                .fields
                .iter()
                .enumerate()
                .map(|(i, f)| {
                    if f.skipped() {
                        quote!(_)
                    } else {
                        let b = format_ident!("__b{}", i, span = f.ty.span());
                        used.push((f, quote!(#b)));
                        quote!(#b)
                    }
                })
                .collect();
            quote!(Self::#ident(#(#binds),*))
        }
    };
    (pattern, used)
}

fn enum_body(cont: &Container, variants: &[Variant]) -> TokenStream {
    if variants.is_empty() {
        return quote!(match *self {});
    }
    let mut slots = Slots::default();
    let tag_key = match (&cont.attrs.tag, &cont.attrs.untagged) {
        (Some(tag), None) => Some(slots.key(&tag.value)),
        _ => None,
    };
    // Swift writes a case without values as a bare string only in a `String`
    // raw-value enum, which is what an enum of unit variants alone maps to.
    let has_data = variants.iter().any(|v| v.style != Style::Unit);
    let arms: Vec<TokenStream> = variants
        .iter()
        .map(|variant| {
            let (pattern, bound) = bind(variant);
            let body = if cont.attrs.untagged.is_some() {
                untagged_variant(variant, bound, &mut slots)
            } else if let Some(tag_key) = &tag_key {
                internal_variant(variant, bound, tag_key, &mut slots)
            } else {
                external_variant(variant, bound, has_data, &mut slots)
            };
            quote!(#pattern => { #body })
        })
        .collect();
    let declare = slots.declare();
    quote! {
        #declare
        match self {
            #(#arms)*
        }
    }
}

/// `{"Name": {fields}}`, with `_0`, `_1` keys for unnamed fields, as Swift's
/// synthesized `Codable` writes an enum case (SE-0295); a unit variant is
/// `{"Name": {}}` beside data variants, and `"Name"` in an enum of unit variants
/// only, as Swift writes a `String` raw-value enum.
fn external_variant(
    variant: &Variant,
    fields: Vec<(&Field, TokenStream)>,
    has_data: bool,
    slots: &mut Slots,
) -> TokenStream {
    let name = slots.key(&variant.name);
    if variant.style == Style::Unit && !has_data {
        return quote!(__plist::__private::Ok(#name));
    }
    let KeyedFields {
        presence,
        keys,
        values,
        ..
    } = keyed_fields(fields.into_iter(), slots);
    quote! {
        let __outer = __enc.begin_dict();
        __enc.check_depth()?;
        let __k = #name;
        __enc.child(__k);
        let __inner = __enc.begin_dict();
        #presence
        #keys
        #values
        let __v = __enc.end_dict(__inner);
        __enc.child(__v);
        __plist::__private::Ok(__enc.end_dict(__outer))
    }
}

/// `{tag: "Name", fields...}`; a newtype variant's content is inlined beside the
/// tag.
fn internal_variant(
    variant: &Variant,
    fields: Vec<(&Field, TokenStream)>,
    tag_key: &TokenStream,
    slots: &mut Slots,
) -> TokenStream {
    let name = slots.key(&variant.name);
    let (presence, keys, values) = if variant.style == Style::Newtype {
        let (field, access) = &fields[0];
        let (keys, values) = inline_passes(field, access, &format_ident!("__s"));
        (TokenStream::new(), keys, values)
    } else {
        let k = keyed_fields(fields.into_iter(), slots);
        (k.presence, k.keys, k.values)
    };
    quote! {
        let __frame = __enc.begin_dict();
        __enc.check_depth()?;
        #presence
        let __k = #tag_key;
        __enc.child(__k);
        #keys
        let __v = #name;
        __enc.child(__v);
        #values
        __plist::__private::Ok(__enc.end_dict(__frame))
    }
}

/// The content alone: `$null` for a unit variant, the value for a newtype, an
/// array for a tuple, a dictionary for named fields.
fn untagged_variant(
    variant: &Variant,
    fields: Vec<(&Field, TokenStream)>,
    slots: &mut Slots,
) -> TokenStream {
    match variant.style {
        Style::Unit => quote!(__plist::__private::Ok(__enc.null())),
        Style::Newtype => {
            let (field, access) = &fields[0];
            encode_value(field, access)
        }
        Style::Tuple => array(fields.into_iter()),
        Style::Struct => {
            let KeyedFields {
                presence,
                keys,
                values,
                ..
            } = keyed_fields(fields.into_iter(), slots);
            quote! {
                let __frame = __enc.begin_dict();
                __enc.check_depth()?;
                #presence
                #keys
                #values
                __plist::__private::Ok(__enc.end_dict(__frame))
            }
        }
    }
}
