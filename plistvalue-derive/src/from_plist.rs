//! Codegen for `FromPlist`: one pass over a dictionary's keys, read through the
//! document's string cache, matching each key's raw bytes against the field names (a
//! `match` on byte strings, which compiles to length-then-bytes compares) with no
//! allocation per key; a value is read only for a key that names a field. The
//! first of duplicate keys wins, as in CoreFoundation; unknown keys are ignored
//! unless `deny_unknown_fields` is set.

use proc_macro2::{Literal, Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned as _;
use syn::{GenericParam, Generics, Lifetime, LifetimeParam};

use crate::internals::ast::{Container, Data, Field, Style, Variant};
use crate::internals::attr::DefaultKind;
use crate::{bound, dummy, internals};

pub(crate) fn expand(input: &syn::DeriveInput) -> syn::Result<TokenStream> {
    let cont = internals::model(input)?;
    let ident = &cont.ident;
    let generics = bound::from_plist(&cont);
    let de_generics = with_de_lifetime(&generics);
    let (impl_generics, _, where_clause) = de_generics.split_for_impl();
    let (_, ty_generics, _) = generics.split_for_impl();

    let mut items = TokenStream::new();
    let mut methods = TokenStream::new();
    let body = match &cont.data {
        Data::Struct(_, fields) if cont.attrs.transparent.is_some() => {
            let field = fields
                .iter()
                .find(|f| !f.skipped())
                .expect("checked: one field");
            let build = construct(&quote!(Self), fields, |f| {
                if f.skipped() {
                    skipped_value(&cont, f)
                } else {
                    quote!(__x)
                }
            });
            if field.attrs.with.is_none() {
                let missing = missing_value(field);
                let key = from_key(field, &build);
                methods = quote! {
                    #[inline]
                    fn __plist_missing() -> __plist::__private::Option<Self> {
                        #missing.map(|__x| #build)
                    }
                    #key
                };
            }
            let decode = decode_value(field, &quote!(__node));
            quote!(#decode.map(|__x| #build))
        }
        Data::Struct(Style::Struct, fields) => {
            items.extend(key_matcher(&format_ident!("__plist_field"), fields));
            items.extend(read_fields_impl(&cont, fields, &de_generics, &generics));
            quote! {
                let __guard = __plist::__private::enter_dict(__node)?;
                <Self as __plist::__private::ReadFields<'de>>::__plist_read(
                    __node,
                    &__plist::__private::no_outer,
                )
            }
        }
        Data::Struct(Style::Newtype, fields) => {
            // A newtype reads as its value, so it is a map key as its value is.
            methods = from_key(&fields[0], &quote!(Self { 0: __x }));
            let decode = decode_value(&fields[0], &quote!(__node));
            quote!(#decode.map(|__x| Self { 0: __x }))
        }
        Data::Struct(Style::Tuple, fields) => tuple(&cont, &quote!(Self), fields),
        Data::Struct(Style::Unit, _) => {
            let deny = cont.attrs.deny_unknown_fields.as_ref().map(|_| {
                quote! {
                    if let __plist::__private::Some(__k) =
                        __plist::__private::Fields::new(__node)?.next()
                    {
                        return __plist::__private::Err(__plist::__private::unknown_field(&__k?));
                    }
                }
            });
            quote! {
                let __guard = __plist::__private::enter_dict(__node)?;
                #deny
                __plist::__private::Ok(Self {})
            }
        }
        Data::Enum(variants) => {
            items.extend(variant_matcher(variants));
            // Fields are read by key in struct variants, and in every variant
            // with fields of an externally tagged enum (`_0`, `_1`, ...).
            let by_key = cont.attrs.tag.is_none() && cont.attrs.untagged.is_none();
            for (i, v) in variants.iter().enumerate() {
                if v.style == Style::Struct || (by_key && v.style != Style::Unit) {
                    items.extend(key_matcher(
                        &format_ident!("__plist_field_{}", i),
                        &v.fields,
                    ));
                }
            }
            if cont.attrs.untagged.is_some() {
                untagged(&cont, variants)
            } else if let Some(tag) = &cont.attrs.tag {
                internal(&cont, variants, &tag.value)
            } else {
                external(&cont, variants)
            }
        }
    };

    Ok(dummy::wrap_in_const(
        &cont,
        &quote! {
            #items

            #[automatically_derived]
            impl #impl_generics __plist::FromPlist<'de> for #ident #ty_generics #where_clause {
                fn from_plist(
                    __node: &__plist::Node<'_, 'de>,
                ) -> __plist::__private::Result<Self, __plist::Error> {
                    #body
                }
                #methods
            }
        },
    ))
}

/// Adds `'de`, the input's lifetime, outliving every lifetime of the type: a
/// `&'a str` field borrows from input that lives at least as long.
fn with_de_lifetime(generics: &Generics) -> Generics {
    let mut g = generics.clone();
    let mut de = LifetimeParam::new(Lifetime::new("'de", Span::call_site()));
    de.bounds
        .extend(generics.lifetimes().map(|l| l.lifetime.clone()));
    g.params.insert(0, GenericParam::Lifetime(de));
    g
}

/// Decodes one value from `node`; evaluates to `Result<T, Error>`. The trait's
/// lifetime is left to inference, so a `&'a str` field reads through `'de: 'a`.
fn decode_value(field: &Field, node: &TokenStream) -> TokenStream {
    match &field.attrs.with {
        Some(with) => {
            let with = &with.value;
            quote_spanned!(with.span()=> #with::from_plist(#node))
        }
        None if field.attrs.serde.is_some() => {
            let ty = field.ty;
            quote_spanned!(ty.span()=> __plist::serde::as_serde::from_plist::<#ty>(#node))
        }
        None => {
            let ty = field.ty;
            quote!(<#ty as __plist::FromPlist<'_>>::from_plist(#node))
        }
    }
}

/// `__plist_from_key` of a type read as its one field: the field's type reads the
/// key, and `build` makes the value of `__x`. Nothing for a field read through
/// `with` or serde.
fn from_key(field: &Field, build: &TokenStream) -> TokenStream {
    if field.attrs.with.is_some() || field.attrs.serde.is_some() {
        return TokenStream::new();
    }
    let ty = field.ty;
    quote_spanned! {ty.span()=>
        #[inline]
        fn __plist_from_key(
            __node: &__plist::__private::Node<'_, 'de>,
        ) -> __plist::__private::Result<Self, __plist::Error> {
            <#ty as __plist::FromPlist<'de>>::__plist_from_key(__node).map(|__x| #build)
        }
    }
}

/// The field's value when its key is missing, if its type has one (`None` for an
/// `Option`); evaluates to `Option<T>`.
fn missing_value(field: &Field) -> TokenStream {
    let ty = field.ty;
    if field.attrs.serde.is_some() {
        return quote_spanned!(ty.span()=> __plist::serde::as_serde::missing::<#ty>());
    }
    quote!(<#ty as __plist::FromPlist<'_>>::__plist_missing())
}

/// `ctor { member: value, ... }`, which also builds tuple structs and variants.
fn construct(
    ctor: &TokenStream,
    fields: &[Field],
    mut value: impl FnMut(&Field) -> TokenStream,
) -> TokenStream {
    let inits = fields.iter().map(|f| {
        let member = &f.member;
        let v = value(f);
        quote!(#member: #v)
    });
    quote!(#ctor { #(#inits),* })
}

/// A skipped field's value: its `default`, the container's, or `Default`.
fn skipped_value(cont: &Container, field: &Field) -> TokenStream {
    match (&field.attrs.default, &cont.attrs.default) {
        (Some(d), _) => default_expr(&d.value),
        (None, Some(_)) => {
            let member = &field.member;
            quote!(__default.#member)
        }
        (None, None) => quote!(__plist::__private::Default::default()),
    }
}

fn default_expr(kind: &DefaultKind) -> TokenStream {
    match kind {
        DefaultKind::Trait => quote!(__plist::__private::Default::default()),
        DefaultKind::Path(path) => quote!(#path()),
    }
}

/// The fields read by key, in order: not skipped, not flattened.
fn keyed<'f, 'a>(fields: &'f [Field<'a>]) -> impl Iterator<Item = &'f Field<'a>> {
    fields.iter().filter(|f| !f.skipped() && !f.flattened())
}

/// `fn name(&FieldKey) -> u32`: the index (among [`keyed`] fields) of the field a
/// key names, or their count when it names none. ASCII keys, nearly all of them,
/// are matched by their bytes; others go the slow way, unit by unit.
fn key_matcher(name: &syn::Ident, fields: &[Field]) -> TokenStream {
    let mut entries: Vec<(&str, u32)> = Vec::new();
    let mut count = 0u32;
    for field in keyed(fields) {
        for key in field.read_keys() {
            if !entries.iter().any(|(k, _)| *k == key) {
                entries.push((key, count));
            }
        }
        count += 1;
    }
    let input = quote!(&__plist::__private::FieldKey<'_, '_>);
    matcher_fn(name, &input, &quote!(__k.key()), &entries, count)
}

/// The same for variant names, which are nodes: `fn(&Node) -> u32`.
fn variant_matcher(variants: &[Variant]) -> TokenStream {
    let mut entries: Vec<(&str, u32)> = Vec::new();
    for (i, v) in variants.iter().enumerate() {
        for name in v.read_names() {
            if !entries.iter().any(|(k, _)| *k == name) {
                entries.push((name, i as u32));
            }
        }
    }
    matcher_fn(
        &format_ident!("__plist_variant"),
        &quote!(&__plist::Node<'_, '_>),
        &quote!(__plist::__private::Key::of(__k)),
        &entries,
        variants.len() as u32,
    )
}

/// A matcher taking `__k: input`, of which `key` is the `Key`.
fn matcher_fn(
    name: &syn::Ident,
    input: &TokenStream,
    key: &TokenStream,
    entries: &[(&str, u32)],
    none: u32,
) -> TokenStream {
    let none = Literal::u32_unsuffixed(none);
    if entries.is_empty() {
        return quote! {
            #[inline]
            fn #name(_: #input) -> u32 {
                #none
            }
        };
    }
    let arms = entries.iter().filter(|(k, _)| k.is_ascii()).map(|(k, i)| {
        let bytes = syn::LitByteStr::new(k.as_bytes(), Span::call_site());
        let i = Literal::u32_unsuffixed(*i);
        quote!(#bytes => #i,)
    });
    let slow = entries.iter().map(|(k, i)| {
        let i = Literal::u32_unsuffixed(*i);
        quote!((#k, #i))
    });
    quote! {
        #[inline]
        fn #name(__k: #input) -> u32 {
            match #key {
                __plist::__private::Key::Ascii(__s) => match __s.as_bytes() {
                    #(#arms)*
                    _ => #none,
                },
                __plist::__private::Key::Other(__n) => {
                    __plist::__private::match_key_slow(&__n, &[#(#slow),*], #none)
                }
            }
        }
    }
}

/// Reads keyed fields from the dictionary `__node` (already entered) and builds
/// `ctor`; evaluates to `Result<Self, Error>`. `outer`, an expression of type
/// `&impl Fn(&FieldKey) -> bool`, claims keys for an enclosing struct or a tag.
fn keyed_read(
    cont: &Container,
    fields: &[Field],
    matcher: &syn::Ident,
    outer: Option<&TokenStream>,
    ctor: &TokenStream,
) -> TokenStream {
    let none = Literal::usize_unsuffixed(keyed(fields).count());
    let mut locals = TokenStream::new();
    let mut arms = TokenStream::new();
    for (i, field) in keyed(fields).enumerate() {
        let local = format_ident!("__f{}", i);
        let ty = field.ty;
        let i = Literal::usize_unsuffixed(i);
        let decode = decode_value(field, &quote!(&__v));
        locals.extend(quote! {
            let mut #local: __plist::__private::Option<#ty> = __plist::__private::None;
        });
        arms.extend(quote! {
            #i => {
                if #local.is_none() {
                    let __v = __k.value()?;
                    #local = __plist::__private::Some(match #decode {
                        __plist::__private::Ok(__x) => __x,
                        __plist::__private::Err(__e) => {
                            return __plist::__private::Err(
                                __plist::__private::in_key(__e, __k.key()),
                            );
                        }
                    });
                }
            }
        });
    }
    let unknown = match (&cont.attrs.deny_unknown_fields, outer) {
        (None, _) => quote!({}),
        (Some(_), Some(outer)) => quote! {
            if !(#outer)(&__k) {
                return __plist::__private::Err(__plist::__private::unknown_field(&__k));
            }
        },
        (Some(_), None) => quote! {
            return __plist::__private::Err(__plist::__private::unknown_field(&__k))
        },
    };

    // Flattened fields read the same dictionary, skipping the keys this struct,
    // its other flattened fields and `outer` claim.
    let flattened: Vec<&Field> = fields.iter().filter(|f| f.flattened()).collect();
    let mut flatten_reads = TokenStream::new();
    for (j, field) in flattened.iter().enumerate() {
        let ty = field.ty;
        let local = format_ident!("__flat{}", j);
        let siblings = flattened
            .iter()
            .enumerate()
            .filter(|(k, _)| *k != j)
            .map(|(_, f)| {
                let ty = f.ty;
                quote_spanned!(ty.span()=> || <#ty as __plist::__private::ReadFields<'_>>::__plist_known(__k))
            });
        let outer = outer.map(|o| quote!(|| (#o)(__k)));
        // Spanned like the field's type, where an unflattenable type is reported.
        flatten_reads.extend(quote_spanned! {ty.span()=>
            let #local: #ty = __plist::__private::ReadFields::__plist_read(
                __node,
                &|__k: &__plist::__private::FieldKey<'_, '_>| -> bool {
                    #matcher(__k) != #none #(#siblings)* #outer
                },
            )?;
        });
    }

    let default = cont.attrs.default.as_ref().map(|d| {
        let value = default_expr(&d.value);
        quote!(let __default: Self = #value;)
    });
    let mut next_keyed = 0usize;
    let mut next_flat = 0usize;
    let build = construct(ctor, fields, |f| {
        if f.skipped() {
            return skipped_value(cont, f);
        }
        if f.flattened() {
            let local = format_ident!("__flat{}", next_flat);
            next_flat += 1;
            return quote!(#local);
        }
        let local = format_ident!("__f{}", next_keyed);
        next_keyed += 1;
        let key = &f.key;
        let missing = match (&f.attrs.default, &cont.attrs.default, &f.attrs.with) {
            (Some(d), _, _) => default_expr(&d.value),
            (None, Some(_), _) => {
                let member = &f.member;
                quote!(__default.#member)
            }
            (None, None, Some(_)) => quote! {
                return __plist::__private::Err(__plist::__private::missing_field(__node, #key))
            },
            (None, None, None) => {
                let missing = missing_value(f);
                quote! {
                    match #missing {
                        __plist::__private::Some(__x) => __x,
                        __plist::__private::None => {
                            return __plist::__private::Err(
                                __plist::__private::missing_field(__node, #key),
                            );
                        }
                    }
                }
            }
        };
        quote! {
            match #local {
                __plist::__private::Some(__x) => __x,
                __plist::__private::None => #missing,
            }
        }
    });

    quote! {
        #locals
        for __k in __plist::__private::Fields::new(__node)? {
            let __k = __k?;
            match #matcher(&__k) {
                #arms
                _ => #unknown
            }
        }
        #flatten_reads
        #default
        __plist::__private::Ok(#build)
    }
}

/// `ReadFields` for a struct with named fields: its `from_plist` and any struct
/// that flattens it read through this.
fn read_fields_impl(
    cont: &Container,
    fields: &[Field],
    de_generics: &Generics,
    generics: &Generics,
) -> TokenStream {
    let ident = &cont.ident;
    let (impl_generics, _, where_clause) = de_generics.split_for_impl();
    let (_, ty_generics, _) = generics.split_for_impl();
    let none = Literal::usize_unsuffixed(keyed(fields).count());
    let matcher = format_ident!("__plist_field");
    let flattened = fields.iter().filter(|f| f.flattened()).map(|f| {
        let ty = f.ty;
        quote_spanned!(ty.span()=> || <#ty as __plist::__private::ReadFields<'_>>::__plist_known(__k))
    });
    let read = keyed_read(
        cont,
        fields,
        &matcher,
        Some(&quote!(__outer)),
        &quote!(Self),
    );
    quote! {
        #[automatically_derived]
        impl #impl_generics __plist::__private::ReadFields<'de> for #ident #ty_generics #where_clause {
            #[inline]
            fn __plist_known(__k: &__plist::__private::FieldKey<'_, '_>) -> bool {
                #matcher(__k) != #none #(#flattened)*
            }

            fn __plist_read<__P: __plist::__private::Fn(&__plist::__private::FieldKey<'_, '_>) -> bool>(
                __node: &__plist::Node<'_, 'de>,
                __outer: &__P,
            ) -> __plist::__private::Result<Self, __plist::Error> {
                #read
            }
        }
    }
}

/// An array of the fields that are not skipped, in order; evaluates to
/// `Result<Self, Error>`.
fn tuple(cont: &Container, ctor: &TokenStream, fields: &[Field]) -> TokenStream {
    let n = Literal::usize_unsuffixed(fields.iter().filter(|f| !f.skipped()).count());
    let mut pos = 0usize;
    let build = construct(ctor, fields, |f| {
        if f.skipped() {
            return skipped_value(cont, f);
        }
        let decode = decode_value(f, &quote!(&__e));
        let p = Literal::usize_unsuffixed(pos);
        pos += 1;
        quote!(__plist::__private::at_index(__node, #p, |__e| #decode)?)
    });
    quote! {
        let __guard = __plist::__private::enter_array(__node, #n)?;
        __plist::__private::Ok(#build)
    }
}

/// The value for a name no variant has: the `other` variant, or an error.
fn unknown_variant(variants: &[Variant], name: &TokenStream) -> TokenStream {
    if let Some(v) = variants.iter().find(|v| v.attrs.other.is_some()) {
        let ident = &v.ident;
        quote!(__plist::__private::Ok(Self::#ident))
    } else {
        quote!(__plist::__private::Err(__plist::__private::unknown_variant(&#name)))
    }
}

/// Runs `body`, which may `return` early, as an expression of type
/// `Result<Self, Error>`.
fn attempt(body: &TokenStream) -> TokenStream {
    quote! {
        (|| -> __plist::__private::Result<Self, __plist::Error> { #body })()
    }
}

/// `"Name"` or `{"Name": content}`.
fn external(cont: &Container, variants: &[Variant]) -> TokenStream {
    let mut by_name = TokenStream::new();
    let mut by_content = TokenStream::new();
    for (i, v) in variants.iter().enumerate() {
        let ident = &v.ident;
        let name = &v.name;
        let index = Literal::usize_unsuffixed(i);
        if v.style == Style::Unit {
            by_name.extend(quote!(#index => __plist::__private::Ok(Self::#ident),));
            // Swift writes a case without values as `{"Name": {}}`.
            let deny = cont.attrs.deny_unknown_fields.is_some();
            by_content.extend(quote! {
                #index => __plist::__private::unit_content(&__c, #deny)
                    .map(|()| Self::#ident)
                    .map_err(|__e| {
                        __plist::__private::in_key(__e, __plist::__private::Key::of(&__n))
                    }),
            });
            continue;
        }
        by_name.extend(quote! {
            #index => __plist::__private::Err(
                __plist::__private::variant_needs_content(&__n, #name),
            ),
        });
        let matcher = format_ident!("__plist_field_{}", i);
        let read = keyed_read(cont, &v.fields, &matcher, None, &quote!(Self::#ident));
        let content = attempt(&quote! {
            let __node = &__c;
            let __guard = __plist::__private::enter_dict(__node)?;
            #read
        });
        by_content.extend(quote! {
            #index => #content.map_err(|__e| {
                __plist::__private::in_key(__e, __plist::__private::Key::of(&__n))
            }),
        });
    }
    let unknown = unknown_variant(variants, &quote!(__n));
    quote! {
        match __plist::__private::external(__node)? {
            __plist::__private::External::Name(__n) => match __plist_variant(&__n) {
                #by_name
                _ => #unknown,
            },
            __plist::__private::External::Content(__n, __c) => {
                let __guard = __node.enter()?;
                match __plist_variant(&__n) {
                    #by_content
                    _ => #unknown,
                }
            }
        }
    }
}

/// `{tag: "Name", fields...}`: the tag is looked up by key, then the variant's
/// fields are read from the same dictionary.
fn internal(cont: &Container, variants: &[Variant], tag: &str) -> TokenStream {
    let outer = quote!(&__tag_outer);
    let arms = variants.iter().enumerate().map(|(i, v)| {
        let ident = &v.ident;
        let index = Literal::usize_unsuffixed(i);
        let body = match v.style {
            Style::Unit => quote!(__plist::__private::Ok(Self::#ident)),
            Style::Newtype => {
                let ty = v.fields[0].ty;
                quote! {
                    <#ty as __plist::__private::ReadFields<'_>>::__plist_read(__node, #outer)
                        .map(|__x| Self::#ident { 0: __x })
                }
            }
            _ => {
                let matcher = format_ident!("__plist_field_{}", i);
                let read = keyed_read(
                    cont,
                    &v.fields,
                    &matcher,
                    Some(&outer),
                    &quote!(Self::#ident),
                );
                quote!({ #read })
            }
        };
        quote!(#index => #body,)
    });
    let unknown = if let Some(v) = variants.iter().find(|v| v.attrs.other.is_some()) {
        let ident = &v.ident;
        quote!(__plist::__private::Ok(Self::#ident))
    } else {
        quote! {
            __plist::__private::Err(__plist::__private::unknown_tag(&__t, #tag))
        }
    };
    quote! {
        let __guard = __plist::__private::enter_dict(__node)?;
        let __t = match __node.get(#tag)? {
            __plist::__private::Some(__t) => __t,
            __plist::__private::None => {
                return __plist::__private::Err(__plist::__private::missing_field(__node, #tag));
            }
        };
        let __tag_outer =
            |__k: &__plist::__private::FieldKey<'_, '_>| -> bool { __k.str_eq(#tag) };
        match __plist_variant(&__t) {
            #(#arms)*
            _ => #unknown,
        }
    }
}

/// Each variant in declaration order, on the same node; the first that decodes
/// wins.
fn untagged(cont: &Container, variants: &[Variant]) -> TokenStream {
    let tries = variants.iter().enumerate().map(|(i, v)| {
        let ident = &v.ident;
        match v.style {
            Style::Unit => quote! {
                if __plist::__private::is_null(__node) {
                    return __plist::__private::Ok(Self::#ident);
                }
            },
            Style::Newtype => {
                let decode = decode_value(&v.fields[0], &quote!(__node));
                quote! {
                    if let __plist::__private::Ok(__x) = #decode {
                        return __plist::__private::Ok(Self::#ident { 0: __x });
                    }
                }
            }
            Style::Tuple => {
                let read = attempt(&tuple(cont, &quote!(Self::#ident), &v.fields));
                quote! {
                    if let __plist::__private::Ok(__x) = #read {
                        return __plist::__private::Ok(__x);
                    }
                }
            }
            Style::Struct => {
                let matcher = format_ident!("__plist_field_{}", i);
                let read = keyed_read(cont, &v.fields, &matcher, None, &quote!(Self::#ident));
                let read = attempt(&quote! {
                    let __guard = __plist::__private::enter_dict(__node)?;
                    #read
                });
                quote! {
                    if let __plist::__private::Ok(__x) = #read {
                        return __plist::__private::Ok(__x);
                    }
                }
            }
        }
    });
    let name = cont.ident.to_string();
    quote! {
        #(#tries)*
        __plist::__private::Err(__plist::__private::untagged_no_match(__node, #name))
    }
}
