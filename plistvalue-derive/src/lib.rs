//! Placeholder until the derive lands: the macros exist so the re-export resolves.
use proc_macro::TokenStream;

#[proc_macro_derive(ToPlist, attributes(plist))]
pub fn derive_to_plist(_input: TokenStream) -> TokenStream {
    TokenStream::new()
}

#[proc_macro_derive(FromPlist, attributes(plist))]
pub fn derive_from_plist(_input: TokenStream) -> TokenStream {
    TokenStream::new()
}
