//! Reads `#[plist(...)]` on containers, fields and variants into plain structs.
//! Each attribute may appear once (aliases excepted); a repeat, an unknown name or
//! a malformed value is recorded in the [`Ctxt`] and parsing carries on, so one
//! compile reports every mistake.

use proc_macro2::{Group, Span};
use quote::ToTokens;
use syn::meta::ParseNestedMeta;
use syn::punctuated::Punctuated;
use syn::spanned::Spanned as _;
use syn::{Token, WherePredicate};

use super::case::RenameRule;
use super::symbol::{
    Symbol, ALIAS, BOUND, CRATE, DEFAULT, DENY_UNKNOWN_FIELDS, FLATTEN, FROM_PLIST, OTHER, PLIST,
    RENAME, RENAME_ALL, SERDE, SKIP, SKIP_SERIALIZING_IF, TAG, TO_PLIST, TRANSPARENT, UNTAGGED,
    WITH,
};
use super::Ctxt;

/// An attribute's value and the span of its name, for errors about it later.
pub(crate) struct Spanned<T> {
    pub span: Span,
    pub value: T,
}

/// A flag attribute: only where it was written matters.
pub(crate) type Flag = Option<Spanned<()>>;

/// What a missing field (or a whole missing container) is filled with.
pub(crate) enum DefaultKind {
    /// `Default::default()`.
    Trait,
    /// A function returning the value.
    Path(syn::ExprPath),
}

#[derive(Default)]
pub(crate) struct Container {
    pub rename_all: Option<Spanned<RenameRule>>,
    pub default: Option<Spanned<DefaultKind>>,
    pub deny_unknown_fields: Flag,
    pub transparent: Flag,
    pub krate: Option<Spanned<syn::Path>>,
    pub bound_to: Option<Spanned<Vec<WherePredicate>>>,
    pub bound_from: Option<Spanned<Vec<WherePredicate>>>,
    pub tag: Option<Spanned<String>>,
    pub untagged: Flag,
}

#[derive(Default)]
pub(crate) struct Field {
    pub rename: Option<Spanned<String>>,
    pub aliases: Vec<Spanned<String>>,
    pub default: Option<Spanned<DefaultKind>>,
    pub skip: Flag,
    pub skip_serializing_if: Option<Spanned<syn::ExprPath>>,
    pub flatten: Flag,
    pub with: Option<Spanned<syn::Path>>,
    /// Written and read through the serde bridge (`plistvalue::serde::as_serde`).
    pub serde: Flag,
}

#[derive(Default)]
pub(crate) struct Variant {
    pub rename: Option<Spanned<String>>,
    pub aliases: Vec<Spanned<String>>,
    pub other: Flag,
}

const CONTAINER_NAMES: &str =
    "rename_all, default, deny_unknown_fields, transparent, crate, bound, tag, untagged";
const FIELD_NAMES: &str = "rename, alias, default, skip, skip_serializing_if, flatten, with, serde";
const VARIANT_NAMES: &str = "rename, alias, other";

impl Container {
    pub(crate) fn from_ast(cx: &Ctxt, attrs: &[syn::Attribute]) -> Container {
        let mut c = Container::default();
        for_each_meta(cx, attrs, |meta| {
            if meta.path == RENAME_ALL {
                if let Some(lit) = lit_str(cx, RENAME_ALL, meta)? {
                    match RenameRule::from_name(&lit.value()) {
                        Ok(rule) => set(cx, &mut c.rename_all, RENAME_ALL, meta, rule),
                        Err(msg) => cx.error_spanned_by(&lit, msg),
                    }
                }
            } else if meta.path == DEFAULT {
                if let Some(kind) = default_kind(cx, meta)? {
                    set(cx, &mut c.default, DEFAULT, meta, kind);
                }
            } else if meta.path == DENY_UNKNOWN_FIELDS {
                flag(cx, &mut c.deny_unknown_fields, DENY_UNKNOWN_FIELDS, meta)?;
            } else if meta.path == TRANSPARENT {
                flag(cx, &mut c.transparent, TRANSPARENT, meta)?;
            } else if meta.path == UNTAGGED {
                flag(cx, &mut c.untagged, UNTAGGED, meta)?;
            } else if meta.path == CRATE {
                if let Some(path) = parsed::<syn::Path>(cx, CRATE, meta)? {
                    set(cx, &mut c.krate, CRATE, meta, path);
                }
            } else if meta.path == TAG {
                if let Some(lit) = lit_str(cx, TAG, meta)? {
                    set(cx, &mut c.tag, TAG, meta, lit.value());
                }
            } else if meta.path == BOUND {
                bound(cx, &mut c, meta)?;
            } else {
                unknown(cx, meta, "container", CONTAINER_NAMES)?;
            }
            Ok(())
        });
        c
    }
}

impl Field {
    pub(crate) fn from_ast(cx: &Ctxt, attrs: &[syn::Attribute]) -> Field {
        let mut f = Field::default();
        for_each_meta(cx, attrs, |meta| {
            if meta.path == RENAME {
                if let Some(lit) = lit_str(cx, RENAME, meta)? {
                    set(cx, &mut f.rename, RENAME, meta, lit.value());
                }
            } else if meta.path == ALIAS {
                if let Some(lit) = lit_str(cx, ALIAS, meta)? {
                    f.aliases.push(Spanned {
                        span: lit.span(),
                        value: lit.value(),
                    });
                }
            } else if meta.path == DEFAULT {
                if let Some(kind) = default_kind(cx, meta)? {
                    set(cx, &mut f.default, DEFAULT, meta, kind);
                }
            } else if meta.path == SKIP {
                flag(cx, &mut f.skip, SKIP, meta)?;
            } else if meta.path == SKIP_SERIALIZING_IF {
                if let Some(path) = parsed::<syn::ExprPath>(cx, SKIP_SERIALIZING_IF, meta)? {
                    set(
                        cx,
                        &mut f.skip_serializing_if,
                        SKIP_SERIALIZING_IF,
                        meta,
                        path,
                    );
                }
            } else if meta.path == FLATTEN {
                flag(cx, &mut f.flatten, FLATTEN, meta)?;
            } else if meta.path == WITH {
                if let Some(path) = parsed::<syn::Path>(cx, WITH, meta)? {
                    set(cx, &mut f.with, WITH, meta, path);
                }
            } else if meta.path == SERDE {
                flag(cx, &mut f.serde, SERDE, meta)?;
            } else {
                unknown(cx, meta, "field", FIELD_NAMES)?;
            }
            Ok(())
        });
        f
    }
}

impl Variant {
    pub(crate) fn from_ast(cx: &Ctxt, attrs: &[syn::Attribute]) -> Variant {
        let mut v = Variant::default();
        for_each_meta(cx, attrs, |meta| {
            if meta.path == RENAME {
                if let Some(lit) = lit_str(cx, RENAME, meta)? {
                    set(cx, &mut v.rename, RENAME, meta, lit.value());
                }
            } else if meta.path == ALIAS {
                if let Some(lit) = lit_str(cx, ALIAS, meta)? {
                    v.aliases.push(Spanned {
                        span: lit.span(),
                        value: lit.value(),
                    });
                }
            } else if meta.path == OTHER {
                flag(cx, &mut v.other, OTHER, meta)?;
            } else {
                unknown(cx, meta, "variant", VARIANT_NAMES)?;
            }
            Ok(())
        });
        v
    }
}

/// Runs `f` on every item of every `#[plist(...)]`. A syntax error ends that one
/// attribute; the others are still read.
fn for_each_meta(
    cx: &Ctxt,
    attrs: &[syn::Attribute],
    mut f: impl FnMut(&ParseNestedMeta) -> syn::Result<()>,
) {
    for attr in attrs {
        if *attr.path() != PLIST {
            continue;
        }
        if let syn::Meta::List(list) = &attr.meta {
            if list.tokens.is_empty() {
                continue;
            }
        }
        if let Err(err) = attr.parse_nested_meta(|meta| f(&meta)) {
            cx.push(err);
        }
    }
}

/// Stores a value, or reports a repeat at the second occurrence.
fn set<T>(
    cx: &Ctxt,
    slot: &mut Option<Spanned<T>>,
    name: Symbol,
    meta: &ParseNestedMeta,
    value: T,
) {
    if slot.is_some() {
        cx.error_spanned_by(&meta.path, format!("duplicate plist attribute `{name}`"));
    } else {
        *slot = Some(Spanned {
            span: meta.path.span(),
            value,
        });
    }
}

fn flag(cx: &Ctxt, slot: &mut Flag, name: Symbol, meta: &ParseNestedMeta) -> syn::Result<()> {
    if has_value(meta) {
        cx.error_spanned_by(
            &meta.path,
            format!("plist attribute `{name}` takes no value"),
        );
        return skip_value(meta);
    }
    set(cx, slot, name, meta, ());
    Ok(())
}

fn has_value(meta: &ParseNestedMeta) -> bool {
    meta.input.peek(Token![=]) || meta.input.peek(syn::token::Paren)
}

/// Consumes `= value` or `(...)` after a name that was rejected, so the items after
/// it are still read.
fn skip_value(meta: &ParseNestedMeta) -> syn::Result<()> {
    if meta.input.peek(Token![=]) {
        meta.value()?.parse::<syn::Expr>()?;
    } else if meta.input.peek(syn::token::Paren) {
        meta.input.parse::<Group>()?;
    }
    Ok(())
}

fn unknown(cx: &Ctxt, meta: &ParseNestedMeta, level: &str, known: &str) -> syn::Result<()> {
    let name = meta.path.to_token_stream().to_string().replace(' ', "");
    cx.error_spanned_by(
        &meta.path,
        format!("unknown plist {level} attribute `{name}`; expected one of: {known}"),
    );
    skip_value(meta)
}

/// The string of `name = "..."`, or `None` after recording why it is not one.
fn lit_str(cx: &Ctxt, name: Symbol, meta: &ParseNestedMeta) -> syn::Result<Option<syn::LitStr>> {
    let expr: syn::Expr = meta.value()?.parse()?;
    let mut value = &expr;
    while let syn::Expr::Group(g) = value {
        value = &g.expr;
    }
    if let syn::Expr::Lit(syn::ExprLit {
        lit: syn::Lit::Str(lit),
        ..
    }) = value
    {
        return Ok(Some(lit.clone()));
    }
    cx.error_spanned_by(
        &expr,
        format!("expected plist attribute `{name}` to be a string: `{name} = \"...\"`"),
    );
    Ok(None)
}

/// A string holding Rust syntax, such as a path, parsed.
fn parsed<T: syn::parse::Parse>(
    cx: &Ctxt,
    name: Symbol,
    meta: &ParseNestedMeta,
) -> syn::Result<Option<T>> {
    let Some(lit) = lit_str(cx, name, meta)? else {
        return Ok(None);
    };
    match lit.parse::<T>() {
        Ok(v) => Ok(Some(v)),
        Err(err) => {
            cx.error_spanned_by(&lit, format!("cannot parse `{name}`: {err}"));
            Ok(None)
        }
    }
}

fn default_kind(cx: &Ctxt, meta: &ParseNestedMeta) -> syn::Result<Option<DefaultKind>> {
    if meta.input.peek(Token![=]) {
        Ok(parsed::<syn::ExprPath>(cx, DEFAULT, meta)?.map(DefaultKind::Path))
    } else if meta.input.peek(syn::token::Paren) {
        cx.error_spanned_by(&meta.path, "expected `default` or `default = \"path\"`");
        skip_value(meta)?;
        Ok(None)
    } else {
        Ok(Some(DefaultKind::Trait))
    }
}

/// `bound = "..."` for both impls, or `bound(to_plist = "...", from_plist = "...")`.
fn bound(cx: &Ctxt, c: &mut Container, meta: &ParseNestedMeta) -> syn::Result<()> {
    if meta.input.peek(Token![=]) {
        if let Some(preds) = predicates(cx, BOUND, meta)? {
            if c.bound_to.is_some() || c.bound_from.is_some() {
                cx.error_spanned_by(&meta.path, "duplicate plist attribute `bound`");
            } else {
                set(cx, &mut c.bound_to, BOUND, meta, preds.clone());
                set(cx, &mut c.bound_from, BOUND, meta, preds);
            }
        }
        return Ok(());
    }
    meta.parse_nested_meta(|inner| {
        if inner.path == TO_PLIST {
            if let Some(preds) = predicates(cx, TO_PLIST, &inner)? {
                set(cx, &mut c.bound_to, TO_PLIST, &inner, preds);
            }
        } else if inner.path == FROM_PLIST {
            if let Some(preds) = predicates(cx, FROM_PLIST, &inner)? {
                set(cx, &mut c.bound_from, FROM_PLIST, &inner, preds);
            }
        } else {
            unknown(cx, &inner, "bound", "to_plist, from_plist")?;
        }
        Ok(())
    })
}

fn predicates(
    cx: &Ctxt,
    name: Symbol,
    meta: &ParseNestedMeta,
) -> syn::Result<Option<Vec<WherePredicate>>> {
    let Some(lit) = lit_str(cx, name, meta)? else {
        return Ok(None);
    };
    match lit.parse_with(Punctuated::<WherePredicate, Token![,]>::parse_terminated) {
        Ok(preds) => Ok(Some(preds.into_iter().collect())),
        Err(err) => {
            cx.error_spanned_by(&lit, format!("cannot parse `{name}`: {err}"));
            Ok(None)
        }
    }
}
