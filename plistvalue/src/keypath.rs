//! plutil's dotted keypaths (`messages.12.url`, `com\.apple\.foo.bar`), looked up
//! in an owned tree and lazily in a document, where only the objects on the path
//! are read. A keypath names a place, not a value, so it sits above both the value
//! types and the reader.

use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;

use crate::error::Error;
use crate::reader::{Document, Node};
use crate::value::PlistValue;

/// A keypath as `plutil` reads one: components separated by `.`, where `\.` is a
/// literal dot and any other backslash is an ordinary character. In a dictionary a
/// component is a key, compared exactly; in an array it must be ASCII digits
/// (leading zeros allowed, no sign), naming an index.
///
/// ```
/// use plistvalue::{plist, KeyPath};
/// let v = plist!({ "com.example.key": "dotted", "items": [{ "name": "a" }, { "name": "b" }] });
/// let path: KeyPath = "items.1.name".parse()?;
/// assert_eq!(v.keypath(&path).and_then(|v| v.as_str()), Some("b"));
/// let dotted: KeyPath = r"com\.example\.key".parse()?;
/// assert_eq!(dotted.components().collect::<Vec<_>>(), ["com.example.key"]);
/// assert!("a..b".parse::<KeyPath>().is_err());
/// # Ok::<(), plistvalue::KeyPathError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyPath {
    text: String,
    components: Vec<String>,
}

/// A keypath that names no place: it is empty, or has an empty component
/// (`a..b`, `a.`, `.a`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyPathError {
    text: String,
    /// Byte offset in the text where the empty component starts.
    at: usize,
}

impl fmt::Display for KeyPathError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.text.is_empty() {
            f.write_str("empty key path")
        } else {
            write!(
                f,
                "empty component at byte {} of key path {}",
                self.at, self.text
            )
        }
    }
}

impl std::error::Error for KeyPathError {}

impl FromStr for KeyPath {
    type Err = KeyPathError;

    fn from_str(text: &str) -> Result<KeyPath, KeyPathError> {
        let mut components = Vec::new();
        let mut current = String::new();
        let mut start = 0;
        let mut chars = text.char_indices().peekable();
        while let Some((i, c)) = chars.next() {
            match c {
                '\\' if chars.peek().is_some_and(|&(_, n)| n == '.') => {
                    chars.next();
                    current.push('.');
                }
                '.' => {
                    if current.is_empty() {
                        return Err(KeyPathError {
                            text: text.to_owned(),
                            at: start,
                        });
                    }
                    components.push(std::mem::take(&mut current));
                    start = i + 1;
                }
                c => current.push(c),
            }
        }
        if current.is_empty() {
            return Err(KeyPathError {
                text: text.to_owned(),
                at: start,
            });
        }
        components.push(current);
        Ok(KeyPath {
            text: text.to_owned(),
            components,
        })
    }
}

impl fmt::Display for KeyPath {
    /// The keypath as it was written, escapes included.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl KeyPath {
    /// The keypath as it was written.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The components, unescaped: `a\.b.c` gives `a.b` and `c`. Never empty.
    pub fn components(&self) -> impl ExactSizeIterator<Item = &str> + DoubleEndedIterator {
        self.components.iter().map(String::as_str)
    }

    /// A component as an array index: ASCII digits, leading zeros allowed, no
    /// sign; `None` for anything else, or an index no array can reach.
    ///
    /// ```
    /// use plistvalue::KeyPath;
    /// assert_eq!(KeyPath::array_index("007"), Some(7));
    /// assert_eq!(KeyPath::array_index("+1"), None);
    /// ```
    pub fn array_index(component: &str) -> Option<usize> {
        array_index(component)
    }

    /// The keypath less its last component (`None` for a one-component path), and
    /// that last component: where an edit happens, and what it names there.
    pub fn split_last(&self) -> (Option<KeyPath>, &str) {
        let (last, parent) = self
            .components
            .split_last()
            .expect("a parsed keypath has a component");
        if parent.is_empty() {
            return (None, last);
        }
        let text = parent
            .iter()
            .map(|c| c.replace('.', r"\."))
            .collect::<Vec<_>>()
            .join(".");
        let path = KeyPath {
            text,
            components: parent.to_vec(),
        };
        (Some(path), last)
    }
}

/// A component as an array index: ASCII digits only, leading zeros allowed; `None`
/// for anything else, or an index no array can reach.
fn array_index(component: &str) -> Option<usize> {
    if component.is_empty() || !component.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let digits = component.trim_start_matches('0');
    if digits.is_empty() {
        return Some(0);
    }
    digits.parse().ok()
}

impl PlistValue {
    /// The value at a plutil keypath, or `None` when a component names nothing (a
    /// missing key, an index past the end or not digits, a step into a scalar).
    /// Walks one level per component, without recursion.
    pub fn keypath(&self, path: &KeyPath) -> Option<&PlistValue> {
        self.walk(path.components(), array_index)
    }

    /// [`PlistValue::keypath`], to change what it finds.
    pub fn keypath_mut(&mut self, path: &KeyPath) -> Option<&mut PlistValue> {
        self.walk_mut(path.components(), array_index)
    }
}

impl<'d, 'a> Node<'d, 'a> {
    /// The object at a plutil keypath below this one, reading only the objects on
    /// the path: in a dictionary, its keys until one matches (as raw bytes; the
    /// first of repeated keys wins, as in CoreFoundation); in an array or set, the
    /// one reference. `None` when a component names nothing.
    ///
    /// ```
    /// use plistvalue::{plist, Document, KeyPath};
    /// let bytes = plistvalue::to_vec(&plist!({ "messages": [{ "url": "https://a" }] }))?;
    /// let doc = Document::from_slice(&bytes)?;
    /// let url = doc.keypath(&"messages.0.url".parse()?)?.expect("on the path");
    /// assert_eq!(url.as_str().as_deref(), Some("https://a"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// When an object on the path cannot be located or read.
    pub fn keypath(&self, path: &KeyPath) -> Result<Option<Node<'d, 'a>>, Error> {
        let steps = path.components().map(Cow::Borrowed);
        Ok(self.walk(steps, array_index, None)?.ok())
    }
}

impl<'a> Document<'a> {
    /// [`Node::keypath`] from the top object.
    ///
    /// # Errors
    /// As [`Node::keypath`], and when the top object cannot be read.
    pub fn keypath(&self, path: &KeyPath) -> Result<Option<Node<'_, 'a>>, Error> {
        self.root()?.keypath(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::Dictionary;

    fn parse(s: &str) -> Result<Vec<String>, KeyPathError> {
        s.parse::<KeyPath>()
            .map(|p| p.components().map(str::to_owned).collect())
    }

    #[test]
    fn dots_split_and_backslash_dot_escapes() {
        assert_eq!(parse("messages.12.url").unwrap(), ["messages", "12", "url"]);
        assert_eq!(
            parse(r"com\.apple\.foo.bar").unwrap(),
            ["com.apple.foo", "bar"]
        );
        // A backslash before anything else is itself.
        assert_eq!(parse(r"a\b.c\\").unwrap(), [r"a\b", r"c\\"]);
        assert_eq!(parse(r"\.").unwrap(), ["."]);
        for bad in ["", ".", "a.", ".a", "a..b"] {
            assert!(parse(bad).is_err(), "{bad:?}");
        }
        assert_eq!(
            "a..b".parse::<KeyPath>().unwrap_err().to_string(),
            "empty component at byte 2 of key path a..b"
        );
    }

    #[test]
    fn indices_are_digits_only() {
        assert_eq!(array_index("0"), Some(0));
        assert_eq!(array_index("007"), Some(7));
        assert_eq!(array_index("12"), Some(12));
        for bad in ["+1", "-1", "1a", " 1", "", "99999999999999999999999"] {
            assert_eq!(array_index(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn split_last_escapes_the_parent_again() {
        let p: KeyPath = r"a\.b.c.d".parse().unwrap();
        let (parent, last) = p.split_last();
        let parent = parent.unwrap();
        assert_eq!(last, "d");
        assert_eq!(parent.as_str(), r"a\.b.c");
        assert_eq!(parent.components().collect::<Vec<_>>(), ["a.b", "c"]);
        let p: KeyPath = "x".parse().unwrap();
        assert_eq!(p.split_last(), (None, "x"));
    }

    #[test]
    fn tree_and_document_lookups_agree() {
        let mut inner = Dictionary::new();
        inner.insert("0", PlistValue::from("zero key"));
        inner.insert("a.b", PlistValue::from(true));
        let mut root = Dictionary::new();
        root.insert(
            "list",
            PlistValue::Array(vec![PlistValue::from(10), PlistValue::Dictionary(inner)].into()),
        );
        root.insert("s", PlistValue::from("text"));
        let mut v = PlistValue::Dictionary(root);
        let bytes = crate::encode::to_vec(&v).unwrap();
        let doc = Document::from_slice(&bytes).unwrap();
        let cases: [(&str, Option<PlistValue>); 9] = [
            ("list.0", Some(PlistValue::from(10))),
            ("list.00", Some(PlistValue::from(10))),
            ("list.1.0", Some(PlistValue::from("zero key"))),
            (r"list.1.a\.b", Some(PlistValue::from(true))),
            ("list.2", None),
            ("list.+1", None),
            ("list.x", None),
            ("s.0", None),
            ("S", None),
        ];
        for (text, want) in cases {
            let path: KeyPath = text.parse().unwrap();
            assert_eq!(v.keypath(&path), want.as_ref(), "{text}");
            let lazy = doc.keypath(&path).unwrap().map(|n| n.to_value().unwrap());
            assert_eq!(lazy, want, "{text}");
        }
        let path: KeyPath = "list.0".parse().unwrap();
        *v.keypath_mut(&path).unwrap() = PlistValue::from(11);
        assert_eq!(v["list"][0].as_i64(), Some(11));
    }

    #[test]
    fn a_lazy_lookup_reads_only_the_path() {
        let big: Vec<PlistValue> = (0..1000)
            .map(|i| {
                let mut d = Dictionary::new();
                d.insert("url", PlistValue::from(format!("u{i}")));
                PlistValue::Dictionary(d)
            })
            .collect();
        let mut root = Dictionary::new();
        root.insert("messages", PlistValue::Array(big.into()));
        let bytes = crate::encode::to_vec(&PlistValue::Dictionary(root)).unwrap();
        let doc = Document::from_slice(&bytes).unwrap();
        let before = doc.objects_read();
        let url = doc
            .keypath(&"messages.999.url".parse().unwrap())
            .unwrap()
            .unwrap();
        assert_eq!(url.as_str().as_deref(), Some("u999"));
        // root, its key and value, element 999, its key and value: a handful of
        // objects, not the 3,000 of the file.
        assert!(doc.objects_read() - before < 10, "{}", doc.objects_read());
    }
}
