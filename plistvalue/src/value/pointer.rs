//! JSON pointers (RFC 6901), read as `serde_json` reads them: `/messages/12/url`,
//! with `~1` for a `/` and `~0` for a `~` inside a key. The tree and the lazy reader
//! both walk them with these rules.

use std::borrow::Cow;

/// The reference tokens of `pointer`, unescaped; `None` when it is neither empty
/// (the whole document) nor starts with `/`.
pub(crate) fn tokens(pointer: &str) -> Option<impl Iterator<Item = Cow<'_, str>>> {
    if !pointer.is_empty() && !pointer.starts_with('/') {
        return None;
    }
    Some(pointer.split('/').skip(1).map(|t| {
        if t.contains('~') {
            Cow::Owned(t.replace("~1", "/").replace("~0", "~"))
        } else {
            Cow::Borrowed(t)
        }
    }))
}

/// A token as an array position: decimal digits without a sign or a leading zero,
/// as RFC 6901 and `serde_json` require.
pub(crate) fn array_index(token: &str) -> Option<usize> {
    let digits = token.bytes().all(|b| b.is_ascii_digit());
    if !digits || token.is_empty() || (token.len() > 1 && token.starts_with('0')) {
        return None;
    }
    token.parse().ok()
}
