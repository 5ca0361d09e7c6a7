//! Rules that need several attributes, or the shape of the input, at once. Each
//! broken rule is reported at the attribute that breaks it.

use std::collections::HashMap;

use super::ast::{Container, Data, Field, Style, Variant};
use super::attr::Spanned;
use super::Ctxt;

pub(crate) fn check(cx: &Ctxt, cont: &Container) {
    check_reserved_lifetime(cx, cont);
    check_container(cx, cont);
    match &cont.data {
        Data::Struct(style, fields) => {
            for field in fields {
                check_field(cx, field, *style);
            }
            let newtype_skip = match style {
                Style::Newtype => fields[0].attrs.skip.as_ref(),
                _ => None,
            };
            if let (Some(skip), None) = (newtype_skip, &cont.attrs.transparent) {
                cx.error_at(
                    skip.span,
                    "cannot skip the only field of a newtype struct; make it a unit struct",
                );
            }
            check_transparent(cx, cont, *style, fields);
            check_flatten(cx, cont, fields);
            check_duplicate_keys(cx, fields, None);
        }
        Data::Enum(variants) => {
            for variant in variants {
                for field in &variant.fields {
                    check_field(cx, field, variant.style);
                }
                check_flatten(cx, cont, &variant.fields);
                let tag = cont.attrs.tag.as_ref().map(|t| t.value.as_str());
                let tag = tag.filter(|_| cont.is_internally_tagged());
                check_duplicate_keys(cx, &variant.fields, tag);
            }
            check_variants(cx, cont, variants);
        }
    }
}

/// The decode impl introduces `'de`, the input's lifetime.
fn check_reserved_lifetime(cx: &Ctxt, cont: &Container) {
    for lt in cont.generics.lifetimes() {
        if lt.lifetime.ident == "de" {
            cx.error_spanned_by(
                &lt.lifetime,
                "plistvalue's derive names the input's lifetime 'de; rename this lifetime",
            );
        }
    }
}

fn check_container(cx: &Ctxt, cont: &Container) {
    let a = &cont.attrs;
    let is_enum = matches!(cont.data, Data::Enum(_));
    if is_enum {
        if let Some(transparent) = &a.transparent {
            cx.error_at(transparent.span, "`transparent` applies only to structs");
        }
    } else {
        if let Some(tag) = &a.tag {
            cx.error_at(tag.span, "`tag` applies only to enums");
        }
        if let Some(untagged) = &a.untagged {
            cx.error_at(untagged.span, "`untagged` applies only to enums");
        }
    }
    if let (Some(_), Some(untagged)) = (&a.tag, &a.untagged) {
        if is_enum {
            cx.error_at(
                untagged.span,
                "an enum cannot be both `untagged` and internally tagged with `tag`",
            );
        }
    }
    if let Some(default) = &a.default {
        if !matches!(cont.data, Data::Struct(Style::Struct, _)) {
            cx.error_at(
                default.span,
                "container `default` applies only to structs with named fields",
            );
        }
    }
    if let Some(rule) = &a.rename_all {
        if matches!(cont.data, Data::Struct(style, _) if style != Style::Struct) {
            cx.error_at(
                rule.span,
                "`rename_all` applies only to structs with named fields and to enums",
            );
        }
    }
}

fn check_field(cx: &Ctxt, field: &Field, style: Style) {
    let a = &field.attrs;
    let named = style == Style::Struct;
    if let (Some(serde), Some(_)) = (&a.serde, &a.with) {
        cx.error_at(
            serde.span,
            "`serde` cannot be combined with `with`: each says how the field is written",
        );
    }
    if a.skip.is_some() {
        for (name, span) in [
            ("flatten", a.flatten.as_ref().map(|s| s.span)),
            ("rename", a.rename.as_ref().map(|s| s.span)),
            ("with", a.with.as_ref().map(|s| s.span)),
            ("serde", a.serde.as_ref().map(|s| s.span)),
            (
                "skip_serializing_if",
                a.skip_serializing_if.as_ref().map(|s| s.span),
            ),
        ]
        .into_iter()
        .chain(a.aliases.iter().map(|s| ("alias", Some(s.span))))
        {
            if let Some(span) = span {
                cx.error_at(span, format!("`skip` cannot be combined with `{name}`"));
            }
        }
    } else if a.flatten.is_some() {
        for (name, span) in [
            ("rename", a.rename.as_ref().map(|s| s.span)),
            ("with", a.with.as_ref().map(|s| s.span)),
            ("serde", a.serde.as_ref().map(|s| s.span)),
            ("default", a.default.as_ref().map(|s| s.span)),
            (
                "skip_serializing_if",
                a.skip_serializing_if.as_ref().map(|s| s.span),
            ),
        ]
        .into_iter()
        .chain(a.aliases.iter().map(|s| ("alias", Some(s.span))))
        {
            if let Some(span) = span {
                cx.error_at(
                    span,
                    format!(
                        "`{name}` cannot be used on a flattened field: it has no key of its own"
                    ),
                );
            }
        }
    }
    if !named {
        for (name, span) in [
            ("rename", a.rename.as_ref().map(|s| s.span)),
            ("flatten", a.flatten.as_ref().map(|s| s.span)),
            (
                "skip_serializing_if",
                a.skip_serializing_if.as_ref().map(|s| s.span),
            ),
        ]
        .into_iter()
        .chain(a.aliases.iter().map(|s| ("alias", Some(s.span))))
        {
            if let Some(span) = span {
                cx.error_at(span, format!("`{name}` applies only to named fields"));
            }
        }
        if let (Some(default), None) = (&a.default, &a.skip) {
            cx.error_at(
                default.span,
                "`default` on an unnamed field needs `skip`: unnamed fields are never missing",
            );
        }
    }
}

fn check_transparent(cx: &Ctxt, cont: &Container, style: Style, fields: &[Field]) {
    let Some(transparent) = &cont.attrs.transparent else {
        return;
    };
    let a = &cont.attrs;
    for (name, span) in [
        ("rename_all", a.rename_all.as_ref().map(|s| s.span)),
        ("default", a.default.as_ref().map(|s| s.span)),
        (
            "deny_unknown_fields",
            a.deny_unknown_fields.as_ref().map(|s| s.span),
        ),
    ] {
        if let Some(span) = span {
            cx.error_at(
                span,
                format!("`transparent` cannot be combined with `{name}`"),
            );
        }
    }
    let kept = fields.iter().filter(|f| !f.skipped()).count();
    if style == Style::Unit || kept != 1 {
        cx.error_at(
            transparent.span,
            "`transparent` needs exactly one field that is not skipped",
        );
    }
    for field in fields.iter().filter(|f| !f.skipped()) {
        let fa = &field.attrs;
        for (name, span) in [
            ("rename", fa.rename.as_ref().map(|s| s.span)),
            ("default", fa.default.as_ref().map(|s| s.span)),
            ("flatten", fa.flatten.as_ref().map(|s| s.span)),
            (
                "skip_serializing_if",
                fa.skip_serializing_if.as_ref().map(|s| s.span),
            ),
        ]
        .into_iter()
        .chain(fa.aliases.iter().map(|s| ("alias", Some(s.span))))
        {
            if let Some(span) = span {
                cx.error_at(
                    span,
                    format!("`{name}` has no effect in a transparent struct, which has no keys"),
                );
            }
        }
    }
}

fn check_flatten(cx: &Ctxt, cont: &Container, fields: &[Field]) {
    if cont.attrs.deny_unknown_fields.is_none() {
        return;
    }
    for field in fields {
        if let Some(flatten) = &field.attrs.flatten {
            cx.error_at(
                flatten.span,
                "`flatten` cannot be used with `deny_unknown_fields`: the flattened field reads \
                 the keys this struct does not know",
            );
        }
    }
}

/// Two fields, or a field and an alias, read from the same key; or a field
/// shares the enum's tag key.
fn check_duplicate_keys(cx: &Ctxt, fields: &[Field], tag: Option<&str>) {
    let mut seen: HashMap<&str, String> = HashMap::new();
    if let Some(tag) = tag {
        seen.insert(tag, "the enum's `tag`".to_owned());
    }
    for field in fields.iter().filter(|f| !f.skipped() && !f.flattened()) {
        let own = format!("field `{}`", member_name(field));
        let spans = std::iter::once((
            field.key.as_str(),
            field.attrs.rename.as_ref().map_or_else(
                || syn::spanned::Spanned::span(&field.original.ty),
                |r| r.span,
            ),
        ))
        .chain(
            field
                .attrs
                .aliases
                .iter()
                .map(|a| (a.value.as_str(), a.span)),
        );
        for (key, span) in spans {
            if let Some(previous) = seen.get(key) {
                if *previous != own {
                    cx.error_at(span, format!("key `{key}` is already used by {previous}"));
                }
            } else {
                seen.insert(key, own.clone());
            }
        }
    }
}

fn member_name(field: &Field) -> String {
    match &field.member {
        syn::Member::Named(ident) => ident.to_string(),
        syn::Member::Unnamed(index) => index.index.to_string(),
    }
}

fn check_variants(cx: &Ctxt, cont: &Container, variants: &[Variant]) {
    let untagged = cont.attrs.untagged.is_some();
    let internal = cont.is_internally_tagged();
    let mut other: Option<&Spanned<()>> = None;
    let mut names: HashMap<&str, &syn::Ident> = HashMap::new();
    for variant in variants {
        if let Some(o) = &variant.attrs.other {
            if variant.style != Style::Unit {
                cx.error_at(o.span, "`other` must be on a unit variant");
            } else if untagged {
                cx.error_at(o.span, "`other` has no effect in an untagged enum");
            } else if other.is_some() {
                cx.error_at(o.span, "only one variant can be `other`");
            }
            other = other.or(Some(o));
        }
        if untagged {
            if let Some(r) = &variant.attrs.rename {
                cx.error_at(r.span, "`rename` has no effect in an untagged enum");
            }
            for alias in &variant.attrs.aliases {
                cx.error_at(alias.span, "`alias` has no effect in an untagged enum");
            }
        } else {
            let spans = std::iter::once((
                variant.name.as_str(),
                variant
                    .attrs
                    .rename
                    .as_ref()
                    .map_or_else(|| variant.ident.span(), |r| r.span),
            ))
            .chain(
                variant
                    .attrs
                    .aliases
                    .iter()
                    .map(|a| (a.value.as_str(), a.span)),
            );
            for (name, span) in spans {
                match names.get(name) {
                    Some(previous) if **previous != variant.ident => cx.error_at(
                        span,
                        format!("variant name `{name}` is already used by variant `{previous}`"),
                    ),
                    Some(_) => {}
                    None => {
                        names.insert(name, &variant.ident);
                    }
                }
            }
        }
        if internal && variant.style == Style::Tuple {
            cx.error_spanned_by(
                &variant.ident,
                "an internally tagged enum cannot hold a tuple variant: its fields would have no \
                 keys; use named fields",
            );
        }
        if variant.style == Style::Newtype && (internal || untagged) {
            let a = &variant.fields[0].attrs;
            if let Some(skip) = &a.skip {
                cx.error_at(
                    skip.span,
                    "cannot skip the only field of a newtype variant; make it a unit variant",
                );
            }
            if let (true, Some(with)) = (internal, &a.with) {
                cx.error_at(
                    with.span,
                    "`with` is not supported on an internally tagged newtype variant, whose \
                     content is inlined beside the tag",
                );
            }
            if let (true, Some(serde)) = (internal, &a.serde) {
                cx.error_at(
                    serde.span,
                    "`serde` is not supported on an internally tagged newtype variant, whose \
                     content is inlined beside the tag",
                );
            }
        }
    }
}
