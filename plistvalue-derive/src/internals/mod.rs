//! Reading the input: attributes ([`attr`]), the validated model ([`ast`]) and the
//! rules across attributes ([`check`]). Codegen reads only the model.

pub(crate) mod ast;
pub(crate) mod attr;
mod case;
pub(crate) mod check;
mod ctxt;
pub(crate) mod symbol;

pub(crate) use ctxt::Ctxt;

/// Parses and checks `input`, reporting every error found at once.
pub(crate) fn model(input: &syn::DeriveInput) -> syn::Result<ast::Container<'_>> {
    let cx = Ctxt::new();
    let cont = ast::Container::from_ast(&cx, input);
    if let Some(cont) = &cont {
        check::check(&cx, cont);
    }
    cx.check()?;
    Ok(cont.expect("no container without an error"))
}
