//! Where-clauses for the generated impls. Only type parameters that fields use get
//! a bound, and only through the fields that need it, as `serde_derive` does: a
//! parameter used only in a skipped field, a `with` field or a `PhantomData` gets
//! none, and a recursive type (`struct Tree { children: Vec<Tree> }`) gets no
//! bound on itself. `#[plist(bound = "...")]` replaces all of this.

use std::collections::HashSet;

use proc_macro2::TokenStream;
use quote::quote;
use syn::visit::{self, Visit};
use syn::{parse_quote, GenericParam, Generics, WherePredicate};

use crate::internals::ast::{Container, Data, Field, Style};
use crate::internals::attr::DefaultKind;

/// The container's generics for an impl header: defaults (`T = u8`) are not
/// allowed there.
pub(crate) fn without_defaults(generics: &Generics) -> Generics {
    let mut g = generics.clone();
    for param in &mut g.params {
        if let GenericParam::Type(t) = param {
            t.eq_token = None;
            t.default = None;
        }
    }
    g
}

fn with_predicates(mut generics: Generics, predicates: &[WherePredicate]) -> Generics {
    generics
        .make_where_clause()
        .predicates
        .extend(predicates.iter().cloned());
    generics
}

/// Generics of the `ToPlist` (and `WriteFields`) impl.
pub(crate) fn to_plist(cont: &Container) -> Generics {
    let generics = without_defaults(cont.generics);
    if let Some(bound) = &cont.attrs.bound_to {
        return with_predicates(generics, &bound.value);
    }
    let mut preds = Vec::new();
    params_bound(
        cont,
        |f, inlined| encoded(f) && !inlined && f.attrs.with.is_none() && f.attrs.serde.is_none(),
        &quote!(__plist::ToPlist),
        &mut preds,
    );
    field_type_bound(
        cont,
        |f, inlined| encoded(f) && inlined,
        &quote!(__plist::__private::WriteFields),
        &mut preds,
    );
    with_predicates(generics, &preds)
}

/// Generics of the `FromPlist<'de>` (and `ReadFields<'de>`) impl, before `'de` is
/// added.
pub(crate) fn from_plist(cont: &Container) -> Generics {
    let generics = without_defaults(cont.generics);
    if let Some(bound) = &cont.attrs.bound_from {
        return with_predicates(generics, &bound.value);
    }
    let mut preds = Vec::new();
    params_bound(
        cont,
        |f, inlined| encoded(f) && !inlined && f.attrs.with.is_none() && f.attrs.serde.is_none(),
        &quote!(__plist::FromPlist<'de>),
        &mut preds,
    );
    field_type_bound(
        cont,
        |f, inlined| encoded(f) && inlined,
        &quote!(__plist::__private::ReadFields<'de>),
        &mut preds,
    );
    // Fields filled from `Default::default()`: those marked `default`, and skipped
    // ones unless the container's default or a function provides them.
    let container_default = cont.attrs.default.is_some();
    params_bound(
        cont,
        |f, _| match &f.attrs.default {
            Some(d) => matches!(d.value, DefaultKind::Trait),
            None => f.skipped() && !container_default,
        },
        &quote!(__plist::__private::Default),
        &mut preds,
    );
    if let Some(d) = &cont.attrs.default {
        if matches!(d.value, DefaultKind::Trait) && cont.generics.type_params().next().is_some() {
            let ident = &cont.ident;
            let (_, ty_generics, _) = cont.generics.split_for_impl();
            preds.push(parse_quote!(#ident #ty_generics: __plist::__private::Default));
        }
    }
    with_predicates(generics, &preds)
}

fn encoded(f: &Field) -> bool {
    !f.skipped()
}

/// Calls `f` with each field and whether it is inlined into the dictionary around
/// it (flattened, or an internally tagged newtype variant's content).
fn each_field(cont: &Container, mut f: impl FnMut(&Field, bool)) {
    match &cont.data {
        Data::Struct(_, fields) => fields.iter().for_each(|x| f(x, x.flattened())),
        Data::Enum(variants) => {
            let internal = cont.is_internally_tagged();
            for v in variants {
                let newtype_inlined = internal && v.style == Style::Newtype;
                for x in &v.fields {
                    f(x, x.flattened() || newtype_inlined);
                }
            }
        }
    }
}

/// `P: bound` for each type parameter `P` (and `P::Assoc` for each associated
/// type) that the selected fields mention.
fn params_bound(
    cont: &Container,
    filter: impl Fn(&Field, bool) -> bool,
    bound: &TokenStream,
    preds: &mut Vec<WherePredicate>,
) {
    let all: HashSet<syn::Ident> = cont
        .generics
        .type_params()
        .map(|p| p.ident.clone())
        .collect();
    if all.is_empty() {
        return;
    }
    let mut finder = FindParams {
        all: &all,
        used: HashSet::new(),
        assoc: Vec::new(),
    };
    each_field(cont, |field, inlined| {
        if filter(field, inlined) {
            finder.visit_type(field.ty);
        }
    });
    // In declaration order, so the where-clause reads like the generics.
    for param in cont.generics.type_params() {
        if finder.used.contains(&param.ident) {
            let ident = &param.ident;
            preds.push(parse_quote!(#ident: #bound));
        }
    }
    let mut seen = HashSet::new();
    for ty in finder.assoc {
        if seen.insert(quote!(#ty).to_string()) {
            preds.push(parse_quote!(#ty: #bound));
        }
    }
}

/// `FieldType: bound` for each selected field whose type mentions a type
/// parameter (other fields' types are checked where they are used).
fn field_type_bound(
    cont: &Container,
    filter: impl Fn(&Field, bool) -> bool,
    bound: &TokenStream,
    preds: &mut Vec<WherePredicate>,
) {
    let all: HashSet<syn::Ident> = cont
        .generics
        .type_params()
        .map(|p| p.ident.clone())
        .collect();
    if all.is_empty() {
        return;
    }
    each_field(cont, |field, inlined| {
        if !filter(field, inlined) {
            return;
        }
        let mut finder = FindParams {
            all: &all,
            used: HashSet::new(),
            assoc: Vec::new(),
        };
        finder.visit_type(field.ty);
        if !finder.used.is_empty() || !finder.assoc.is_empty() {
            let ty = field.ty;
            preds.push(parse_quote!(#ty: #bound));
        }
    });
}

struct FindParams<'p> {
    all: &'p HashSet<syn::Ident>,
    used: HashSet<syn::Ident>,
    /// `T::Assoc` paths: the bound goes on the associated type, not on `T`.
    assoc: Vec<syn::TypePath>,
}

impl<'ast> Visit<'ast> for FindParams<'_> {
    fn visit_type_path(&mut self, ty: &'ast syn::TypePath) {
        let path = &ty.path;
        if ty.qself.is_none()
            && path.leading_colon.is_none()
            && path.segments.len() > 1
            && self.all.contains(&path.segments[0].ident)
        {
            self.assoc.push(ty.clone());
            return;
        }
        visit::visit_type_path(self, ty);
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        // `PhantomData<T>` is encodable whatever `T` is.
        if path
            .segments
            .last()
            .is_some_and(|s| s.ident == "PhantomData")
        {
            return;
        }
        if path.leading_colon.is_none() && path.segments.len() == 1 {
            let ident = &path.segments[0].ident;
            if self.all.contains(ident) {
                self.used.insert(ident.clone());
            }
        }
        visit::visit_path(self, path);
    }

    // A macro in type position cannot be looked into.
    fn visit_macro(&mut self, _: &'ast syn::Macro) {}
}
