//! A dictionary key in one word: most plist keys are a few bytes ("name",
//! "value", "id"), so a key of up to seven bytes (three on a 32-bit target) lives
//! in the word itself and allocates nothing, and a longer one points to a boxed
//! `str`. A `String` key took three words and an allocation; in the benchmark
//! document's million entries this word is the difference between a tree of 2.31×
//! and of 1.96× the file (the untyped decode's peak heap).
//!
//! The word is a pointer whose low bit tells the two apart: a `Box<Box<str>>` is
//! aligned, so its low bit is clear, and an inline key sets it.

use std::borrow::{Borrow, Cow};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::mem::size_of;
use std::ops::Deref;
use std::ptr::NonNull;

/// The longest key kept inline: the word less its tag byte.
const INLINE_MAX: usize = size_of::<usize>() - 1;

/// Where in the word's bytes the tag byte is: the byte that holds the low bit.
const TAG_AT: usize = if cfg!(target_endian = "little") {
    0
} else {
    size_of::<usize>() - 1
};

/// Where in the word's bytes an inline key's text starts.
const TEXT_AT: usize = if cfg!(target_endian = "little") { 1 } else { 0 };

/// A [`Dictionary`](super::Dictionary) key: a string that reads as `&str` (it
/// derefs to one), compares with `str` and `String`, and converts from and into
/// `String`. It is one word, so a dictionary entry is five.
///
/// ```
/// use plistvalue::{plist, Key};
/// let v = plist!({ "name": 1, "a longer key": 2 });
/// let keys: Vec<&Key> = v.as_dictionary().unwrap().keys().collect();
/// assert_eq!(keys, ["name", "a longer key"]);
/// assert_eq!(keys[1].len(), 12);
/// assert!(keys[0].starts_with("na"));
/// let owned: String = keys[0].to_string();
/// assert_eq!(owned, "name");
/// assert_eq!(std::mem::size_of::<Key>(), std::mem::size_of::<usize>());
/// ```
pub struct Key {
    /// An inline key: the tag byte `len << 1 | 1` and the text, in the word's bytes.
    /// Otherwise a pointer from `Box::into_raw` of a `Box<Box<str>>`, low bit clear.
    word: NonNull<u8>,
}

// SAFETY: a `Key` owns its text as a `Box<Box<str>>` does, which is `Send` and
// `Sync`; an inline key is plain bytes.
unsafe impl Send for Key {}
// SAFETY: as for `Send`: `&Key` only reads the text.
unsafe impl Sync for Key {}

impl Key {
    /// The heap bytes a key of `len` bytes allocates: the sum of its blocks.
    #[cfg(test)]
    pub(crate) fn heap_bytes_for(len: usize) -> usize {
        Key::blocks_for(len).iter().sum()
    }

    /// The blocks a key of `len` bytes allocates, which a reader's heap budget
    /// charges: none when it is inline (0, 0), otherwise the boxed `str` and its
    /// text.
    pub(crate) fn blocks_for(len: usize) -> [usize; 2] {
        if len <= INLINE_MAX {
            [0, 0]
        } else {
            [size_of::<Box<str>>(), len]
        }
    }

    /// The key as a `&str`.
    #[inline]
    pub fn as_str(&self) -> &str {
        match self.inline_len() {
            Some(len) => {
                let word: *const NonNull<u8> = &raw const self.word;
                // SAFETY: an inline key's `len` text bytes start at `TEXT_AT` in
                // the word, which `self` owns for the borrow's lifetime, and they
                // were copied from a `&str`, so they are UTF-8.
                unsafe {
                    let text = word.cast::<u8>().add(TEXT_AT);
                    std::str::from_utf8_unchecked(std::slice::from_raw_parts(text, len))
                }
            }
            // SAFETY: an out-of-line key's word came from `Box::into_raw` of a
            // `Box<Box<str>>` (`Key::boxed`) and is freed only by `drop`.
            None => unsafe { self.word.cast::<Box<str>>().as_ref() },
        }
    }

    /// The length of an inline key, or `None` for a boxed one.
    #[inline]
    fn inline_len(&self) -> Option<usize> {
        let tag = self.word.as_ptr().addr().to_ne_bytes()[TAG_AT];
        (tag & 1 == 1).then_some(usize::from(tag >> 1))
    }

    /// A key out of line; only text longer than `INLINE_MAX` is boxed, which
    /// `PartialEq` relies on.
    fn boxed(text: Box<str>) -> Key {
        let word = NonNull::from(Box::leak(Box::new(text))).cast::<u8>();
        Key { word }
    }
}

impl From<&str> for Key {
    #[inline]
    fn from(s: &str) -> Key {
        if s.len() > INLINE_MAX {
            return Key::boxed(s.into());
        }
        let mut bytes = [0u8; size_of::<usize>()];
        // `len <= 7`, so the tag fits in a byte; its low bit marks the key inline.
        bytes[TAG_AT] = (s.len() as u8) << 1 | 1;
        bytes[TEXT_AT..][..s.len()].copy_from_slice(s.as_bytes());
        let addr = usize::from_ne_bytes(bytes);
        // The tag bit makes the word nonzero.
        let word = NonNull::new(std::ptr::without_provenance_mut(addr))
            .expect("an inline key's tag bit is set");
        Key { word }
    }
}

impl From<String> for Key {
    /// Keeps the string's allocation for a long key, without its spare capacity.
    fn from(s: String) -> Key {
        if s.len() > INLINE_MAX {
            Key::boxed(s.into_boxed_str())
        } else {
            Key::from(s.as_str())
        }
    }
}

impl From<&String> for Key {
    fn from(s: &String) -> Key {
        Key::from(s.as_str())
    }
}

impl From<&mut str> for Key {
    fn from(s: &mut str) -> Key {
        Key::from(&*s)
    }
}

impl From<Box<str>> for Key {
    fn from(s: Box<str>) -> Key {
        if s.len() > INLINE_MAX {
            Key::boxed(s)
        } else {
            Key::from(&*s)
        }
    }
}

impl From<Cow<'_, str>> for Key {
    fn from(s: Cow<'_, str>) -> Key {
        match s {
            Cow::Borrowed(s) => Key::from(s),
            Cow::Owned(s) => Key::from(s),
        }
    }
}

impl From<char> for Key {
    fn from(c: char) -> Key {
        Key::from(c.encode_utf8(&mut [0; 4]) as &str)
    }
}

impl From<&Key> for Key {
    fn from(k: &Key) -> Key {
        k.clone()
    }
}

impl From<Key> for String {
    fn from(k: Key) -> String {
        if k.inline_len().is_some() {
            return k.as_str().to_owned();
        }
        let k = std::mem::ManuallyDrop::new(k);
        // SAFETY: the word came from `Box::into_raw` of a `Box<Box<str>>`, and
        // `ManuallyDrop` keeps `drop` from freeing it a second time.
        let text = unsafe { Box::from_raw(k.word.cast::<Box<str>>().as_ptr()) };
        String::from(*text)
    }
}

impl Drop for Key {
    fn drop(&mut self) {
        if self.inline_len().is_none() {
            // SAFETY: the word came from `Box::into_raw` of a `Box<Box<str>>`
            // (`Key::boxed`) and no other `Key` owns it.
            drop(unsafe { Box::from_raw(self.word.cast::<Box<str>>().as_ptr()) });
        }
    }
}

impl Clone for Key {
    #[inline]
    fn clone(&self) -> Key {
        match self.inline_len() {
            Some(_) => Key { word: self.word },
            None => Key::boxed(self.as_str().into()),
        }
    }
}

impl Deref for Key {
    type Target = str;
    #[inline]
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for Key {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl Borrow<str> for Key {
    fn borrow(&self) -> &str {
        self.as_str()
    }
}

impl PartialEq for Key {
    #[inline]
    fn eq(&self, other: &Key) -> bool {
        // A key is inline exactly when it is short, and an inline key's unused
        // bytes are zero, so equal short keys have equal words and a short key
        // never equals a long one: one comparison of words settles most pairs.
        self.word == other.word
            || (self.inline_len().is_none()
                && other.inline_len().is_none()
                && self.as_str() == other.as_str())
    }
}

impl Eq for Key {}

impl PartialEq<str> for Key {
    #[inline]
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Key {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<String> for Key {
    fn eq(&self, other: &String) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<Key> for str {
    fn eq(&self, other: &Key) -> bool {
        self == other.as_str()
    }
}

impl PartialEq<Key> for &str {
    fn eq(&self, other: &Key) -> bool {
        *self == other.as_str()
    }
}

impl PartialEq<Key> for String {
    fn eq(&self, other: &Key) -> bool {
        self == other.as_str()
    }
}

impl PartialOrd for Key {
    fn partial_cmp(&self, other: &Key) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// By text, as `str` orders.
impl Ord for Key {
    fn cmp(&self, other: &Key) -> std::cmp::Ordering {
        self.as_str().cmp(other.as_str())
    }
}

/// As the `str` hashes, so a `HashMap<Key, _>` can be looked up by `&str`.
impl Hash for Key {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl fmt::Debug for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.as_str(), f)
    }
}

#[cfg(test)]
mod tests {
    use super::{Key, INLINE_MAX};
    use std::collections::HashSet;

    /// Every length on either side of the inline limit, with NULs, multi-byte
    /// characters and the tag byte's own values in the text, reads back, clones,
    /// compares, orders and hashes as its `str`, and converts back to the `String`.
    #[test]
    fn a_key_is_its_text_inline_or_boxed() {
        let texts: Vec<String> = (0..=INLINE_MAX + 3)
            .flat_map(|n| {
                [
                    "a".repeat(n),
                    "\0".repeat(n),
                    "\u{1}\u{3}\u{f}".chars().cycle().take(n).collect(),
                    "é".repeat(n / 2),
                ]
            })
            .chain(["日本語".to_owned(), "x".repeat(1000)])
            .collect();
        let keys: Vec<Key> = texts.iter().map(|t| Key::from(t.as_str())).collect();
        for (t, k) in texts.iter().zip(&keys) {
            assert_eq!(k.as_str(), t);
            assert_eq!(k.len(), t.len());
            assert_eq!(*k, *t.as_str());
            assert_eq!(k.clone(), *k);
            assert_eq!(Key::from(t.clone()), *k);
            assert_eq!(String::from(k.clone()), *t);
            assert_eq!(format!("{k:?}"), format!("{t:?}"));
            for (u, j) in texts.iter().zip(&keys) {
                assert_eq!(k == j, t == u, "{t:?} and {u:?}");
                assert_eq!(k.cmp(j), t.cmp(u), "{t:?} and {u:?}");
            }
        }
        let set: HashSet<&Key> = keys.iter().collect();
        let distinct: HashSet<&String> = texts.iter().collect();
        assert_eq!(set.len(), distinct.len());
        assert!(texts.iter().all(|t| keys.iter().any(|k| k == t)));
    }

    /// The short keys a plist is made of take no heap, and the word is all a key is.
    #[test]
    fn short_keys_are_inline() {
        assert_eq!(size_of::<Key>(), size_of::<usize>());
        assert_eq!(size_of::<Option<Key>>(), size_of::<usize>());
        for n in 0..=INLINE_MAX {
            assert!(Key::from("n".repeat(n)).inline_len() == Some(n));
            assert_eq!(Key::heap_bytes_for(n), 0);
        }
        assert!(Key::from("n".repeat(INLINE_MAX + 1)).inline_len().is_none());
    }
}
