//! The validated model codegen reads: the input's shape paired with its parsed
//! attributes and the keys every field and variant is written under.

use syn::ext::IdentExt;
use syn::punctuated::Punctuated;
use syn::Token;

use super::attr;
use super::case::RenameRule;
use super::Ctxt;

pub(crate) struct Container<'a> {
    pub ident: syn::Ident,
    pub attrs: attr::Container,
    pub data: Data<'a>,
    pub generics: &'a syn::Generics,
}

pub(crate) enum Data<'a> {
    Enum(Vec<Variant<'a>>),
    Struct(Style, Vec<Field<'a>>),
}

/// How a struct or variant declares its fields.
#[derive(Copy, Clone, PartialEq, Eq)]
pub(crate) enum Style {
    /// `{ a: A, b: B }`
    Struct,
    /// `(A, B)`
    Tuple,
    /// `(A)`
    Newtype,
    Unit,
}

pub(crate) struct Variant<'a> {
    pub ident: syn::Ident,
    pub attrs: attr::Variant,
    /// The name it is written as: `rename`, else the container's `rename_all`.
    pub name: String,
    pub style: Style,
    pub fields: Vec<Field<'a>>,
}

pub(crate) struct Field<'a> {
    /// `self.<member>`: a name, or an index for tuple fields.
    pub member: syn::Member,
    pub attrs: attr::Field,
    /// The key it is written under: `rename`, else the name (after a struct's
    /// `rename_all`), else `_0`, `_1`, ... as Swift names unnamed values.
    pub key: String,
    pub ty: &'a syn::Type,
    pub original: &'a syn::Field,
}

impl<'a> Container<'a> {
    /// The model, or `None` for input the derive cannot take at all (a union).
    pub(crate) fn from_ast(cx: &Ctxt, input: &'a syn::DeriveInput) -> Option<Container<'a>> {
        let attrs = attr::Container::from_ast(cx, &input.attrs);
        let rule = attrs.rename_all.as_ref().map(|r| r.value);
        let data = match &input.data {
            syn::Data::Struct(s) => {
                let (style, fields) = fields(cx, &s.fields, rule);
                Data::Struct(style, fields)
            }
            syn::Data::Enum(e) => Data::Enum(
                e.variants
                    .iter()
                    .map(|v| {
                        let vattrs = attr::Variant::from_ast(cx, &v.attrs);
                        let name = if let Some(r) = &vattrs.rename {
                            r.value.clone()
                        } else {
                            let ident = v.ident.unraw().to_string();
                            match rule {
                                Some(rule) => rule.apply_to_variant(&ident),
                                None => ident,
                            }
                        };
                        let (style, fields) = fields(cx, &v.fields, None);
                        Variant {
                            ident: v.ident.clone(),
                            attrs: vattrs,
                            name,
                            style,
                            fields,
                        }
                    })
                    .collect(),
            ),
            syn::Data::Union(u) => {
                cx.error_spanned_by(
                    u.union_token,
                    "plistvalue's derive does not support unions; use a struct or an enum",
                );
                return None;
            }
        };
        Some(Container {
            ident: input.ident.clone(),
            attrs,
            data,
            generics: &input.generics,
        })
    }

    pub(crate) fn is_internally_tagged(&self) -> bool {
        self.attrs.tag.is_some() && self.attrs.untagged.is_none()
    }
}

impl Field<'_> {
    pub(crate) fn skipped(&self) -> bool {
        self.attrs.skip.is_some()
    }

    pub(crate) fn flattened(&self) -> bool {
        self.attrs.flatten.is_some()
    }

    /// Every key the field is read from: its own, then its aliases.
    pub(crate) fn read_keys(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.key.as_str()).chain(self.attrs.aliases.iter().map(|a| &*a.value))
    }
}

impl Variant<'_> {
    pub(crate) fn read_names(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.name.as_str()).chain(self.attrs.aliases.iter().map(|a| &*a.value))
    }
}

fn fields<'a>(
    cx: &Ctxt,
    fields: &'a syn::Fields,
    rule: Option<RenameRule>,
) -> (Style, Vec<Field<'a>>) {
    match fields {
        syn::Fields::Named(f) => (Style::Struct, build(cx, &f.named, rule)),
        syn::Fields::Unnamed(f) if f.unnamed.len() == 1 => {
            (Style::Newtype, build(cx, &f.unnamed, None))
        }
        syn::Fields::Unnamed(f) => (Style::Tuple, build(cx, &f.unnamed, None)),
        syn::Fields::Unit => (Style::Unit, Vec::new()),
    }
}

fn build<'a>(
    cx: &Ctxt,
    fields: &'a Punctuated<syn::Field, Token![,]>,
    rule: Option<RenameRule>,
) -> Vec<Field<'a>> {
    fields
        .iter()
        .enumerate()
        .map(|(i, field)| {
            let attrs = attr::Field::from_ast(cx, &field.attrs);
            let (member, natural) = match &field.ident {
                Some(ident) => {
                    let name = ident.unraw().to_string();
                    let name = match rule {
                        Some(rule) => rule.apply_to_field(&name),
                        None => name,
                    };
                    (syn::Member::Named(ident.clone()), name)
                }
                None => (syn::Member::Unnamed(i.into()), format!("_{i}")),
            };
            let key = match &attrs.rename {
                Some(r) => r.value.clone(),
                None => natural,
            };
            Field {
                member,
                attrs,
                key,
                ty: &field.ty,
                original: field,
            }
        })
        .collect()
}
