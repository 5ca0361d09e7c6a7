//! The wrapper around every expansion: an anonymous `const` block, so nothing the
//! derive declares can clash with the user's names, and one `use` of the runtime
//! crate, so `#[plist(crate = "...")]` changes a single path.

use proc_macro2::TokenStream;
use quote::quote;

use crate::internals::ast::Container;

pub(crate) fn wrap_in_const(cont: &Container, code: &TokenStream) -> TokenStream {
    let krate = if let Some(path) = &cont.attrs.krate {
        let path = &path.value;
        quote!(#path)
    } else {
        quote!(::plistvalue)
    };
    quote! {
        #[doc(hidden)]
        #[allow(
            non_upper_case_globals,
            unused_attributes,
            unused_qualifications,
            clippy::absolute_paths,
        )]
        const _: () = {
            use #krate as __plist;
            #code
        };
    }
}
