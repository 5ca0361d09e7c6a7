//! ASCII (OpenStep) plists as the plist crate reads them, through the library's
//! OpenStep reader: the same table, with the plist crate's two readings of a value
//! put back on top of it. The text records only strings, so where a value was
//! written (its text offset, kept per child of every container) tells `77` from
//! `"77"`:
//!
//! - an unquoted string that is a decimal or `0x` hex integer is an integer, as the
//!   plist crate's tokenizer makes it;
//! - `<hex>` data written without whitespace is the string of its text, brackets
//!   included: the plist crate has no data in this format and reads it as one
//!   unquoted word. (Data with whitespace it cannot read; it stays data here.)

use super::Integer;
use crate::reader::{Kind, Node};
use crate::text::Converted;

/// Where one value of an OpenStep document was written.
#[derive(Clone, Copy)]
pub(super) struct Spot<'n> {
    doc: &'n Converted<'n>,
    at: usize,
}

/// A value the plist crate reads differently from the table.
pub(super) enum Reading<'n> {
    Integer(Integer),
    /// Data read as the text it was written as.
    Text(&'n str),
}

impl<'n> Spot<'n> {
    /// The document's root.
    pub(super) fn root(doc: &'n Converted<'n>) -> Option<Spot<'n>> {
        let at = *doc.positions.objects.get(doc.root as usize)?;
        Some(Spot {
            doc,
            at: usize::try_from(at).ok()?,
        })
    }

    /// Child `i` of `container` (an array's element, a dictionary's value), which
    /// was written at this spot.
    pub(super) fn child(self, container: &Node<'_, '_>, i: usize) -> Option<Spot<'n>> {
        let index = u32::try_from(container.index()).ok()?;
        let at = *self.doc.positions.children_of(index)?.get(i)?;
        Some(Spot {
            at: usize::try_from(at).ok()?,
            ..self
        })
    }

    /// How the plist crate reads `node`, written here, where that differs from the
    /// table's value.
    pub(super) fn reading(self, node: &Node<'_, '_>) -> Option<Reading<'n>> {
        let text: &'n [u8] = &self.doc.text.utf8;
        let first = *text.get(self.at)?;
        match node.kind() {
            Kind::String if !matches!(first, b'"' | b'\'') => {
                integer(&node.to_str().ok()?).map(Reading::Integer)
            }
            Kind::Data if first == b'<' => {
                let len = text[self.at..].iter().position(|&c| c == b'>')?;
                let word = &text[self.at..=self.at + len];
                // The plist crate's tokenizer ends a word at these.
                let spaced = word.iter().any(|c| b" \t\r\n".contains(c));
                (!spaced)
                    .then(|| std::str::from_utf8(word).ok())
                    .flatten()
                    .map(Reading::Text)
            }
            _ => None,
        }
    }
}

/// Where the values a walk reaches were written: nowhere for binary and XML (`()`,
/// so that the checks compile away there), a [`Spot`] for ASCII text.
pub(super) trait Place<'n>: Copy {
    /// How the plist crate reads `node`, written here, if not as the table has it.
    fn reading(self, node: &Node<'_, '_>) -> Option<Reading<'n>>;
    /// Child `i` of `container`, which was written here.
    fn child(self, container: &Node<'_, '_>, i: usize) -> Self;
}

impl<'n> Place<'n> for () {
    #[inline]
    fn reading(self, _: &Node<'_, '_>) -> Option<Reading<'n>> {
        None
    }
    #[inline]
    fn child(self, _: &Node<'_, '_>, _: usize) {}
}

impl<'n> Place<'n> for Option<Spot<'n>> {
    fn reading(self, node: &Node<'_, '_>) -> Option<Reading<'n>> {
        self?.reading(node)
    }
    fn child(self, container: &Node<'_, '_>, i: usize) -> Self {
        self?.child(container, i)
    }
}

/// An unquoted word as the plist crate's `Integer::from_str` reads it: `0x` hex as
/// unsigned, else `i64`, else `u64`.
fn integer(s: &str) -> Option<Integer> {
    if s.starts_with("0x") {
        let hex = s.trim_start_matches("0x");
        return u64::from_str_radix(hex, 16).ok().map(Integer::from);
    }
    match s.parse::<i64>() {
        Ok(i) => Some(Integer::from(i)),
        Err(_) => s.parse::<u64>().ok().map(Integer::from),
    }
}

#[cfg(test)]
mod tests {
    use super::integer;

    #[test]
    fn words_read_as_the_plist_crate_reads_them() {
        let int = |s| integer(s).map(|i| i.to_string());
        assert_eq!(int("77").as_deref(), Some("77"));
        assert_eq!(int("-5").as_deref(), Some("-5"));
        assert_eq!(int("007").as_deref(), Some("7"));
        assert_eq!(int("0x1F").as_deref(), Some("31"));
        assert_eq!(int("0x0x10").as_deref(), Some("16"));
        assert_eq!(
            int("18446744073709551615").as_deref(),
            Some("18446744073709551615")
        );
        assert_eq!(int("18446744073709551616"), None);
        assert_eq!(int("0x"), None);
        assert_eq!(int("0x-1"), None);
        assert_eq!(int("1.0"), None);
        assert_eq!(int("13B07F961A680F5B00A75B9A"), None);
        assert_eq!(int("YES"), None);
    }
}
