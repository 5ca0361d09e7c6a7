//! `PlistValue`, the untyped tree. Drop, clone, equality and `Debug` walk it with an
//! explicit stack, because a hostile file can nest a million levels and the derived
//! versions would recurse once per level. The drop belongs to the containers
//! ([`Array`], [`Dictionary`]), so that `PlistValue` itself has no `Drop` and a
//! `match` can move its fields out.

mod array;
mod data;
mod date;
mod dictionary;
mod display;
mod from;
mod index;
mod integer;
pub(crate) mod pointer;
mod uid;

use std::fmt;

pub use array::Array;
pub use data::Data;
pub use date::Date;
#[cfg(feature = "serde")]
pub(crate) use date::DateText;
#[cfg(feature = "xml")]
pub(crate) use date::{civil_from_days, days_from_civil};
pub(crate) use date::{nanos_to_seconds, seconds_to_nanos};
pub use dictionary::{
    Dictionary, Entry, IntoIter, Iter, IterMut, Key, Keys, OccupiedEntry, VacantEntry, Values,
    ValuesMut,
};
pub use display::key_order;
pub use index::ValueIndex;
pub use integer::Integer;
pub use uid::Uid;

/// Any value a binary property list can hold.
///
/// Reals compare by bit pattern, so `NaN == NaN` and `-0.0 != 0.0`: equality means
/// "writes the same bytes", which is what round-trip checks need.
///
/// [`PlistValue::Null`] is the `0x00` object, which CoreFoundation reads as
/// `kCFNull` and plistlib writes for `None`; it is not the string `$null` that
/// Foundation's encoder writes for `nil`, which stays a [`PlistValue::String`] so that
/// it reads back as written.
///
/// ```
/// use plistvalue::{plist, PlistValue};
/// let mut v = plist!({ "name": "Ada", "tags": ["x", "y"], "age": 36 });
/// assert_eq!(v["tags"][1].as_str(), Some("y"));
/// v["age"] = PlistValue::from(37);
/// assert_eq!(v.get("age").and_then(PlistValue::as_i64), Some(37));
/// ```
#[non_exhaustive]
pub enum PlistValue {
    /// The `0x00` object: read from files that hold one, and written back as one.
    Null,
    /// `true` or `false`.
    Boolean(bool),
    /// An integer in `i64::MIN ..= u64::MAX`.
    Integer(Integer),
    /// A real, read from 4 or 8 bytes, written as 8.
    Real(f64),
    /// A date.
    Date(Date),
    /// Bytes.
    Data(Vec<u8>),
    /// Text.
    String(String),
    /// A list of values: an [`Array`], which is a `Vec<PlistValue>` to use.
    Array(Array),
    /// String keys to values, in insertion order.
    Dictionary(Dictionary),
    /// A keyed-archiver object reference.
    Uid(Uid),
}

impl PlistValue {
    /// A word for error messages: "integer", "dictionary", …
    pub fn kind_name(&self) -> &'static str {
        match self {
            PlistValue::Null => "null",
            PlistValue::Boolean(_) => "boolean",
            PlistValue::Integer(_) => "integer",
            PlistValue::Real(_) => "real",
            PlistValue::Date(_) => "date",
            PlistValue::Data(_) => "data",
            PlistValue::String(_) => "string",
            PlistValue::Array(_) => "array",
            PlistValue::Dictionary(_) => "dictionary",
            PlistValue::Uid(_) => "UID",
        }
    }

    /// Looks up a dictionary key or an array position; `None` when absent or when the
    /// value is not a container of that kind.
    pub fn get<I: ValueIndex>(&self, index: I) -> Option<&PlistValue> {
        index.index_into(self)
    }

    /// [`PlistValue::get`], to change what it finds.
    pub fn get_mut<I: ValueIndex>(&mut self, index: I) -> Option<&mut PlistValue> {
        index.index_into_mut(self)
    }

    /// The value a JSON pointer (RFC 6901) names, as in `serde_json`: `""` is the
    /// whole value, `/a/0/b` key `a`, position 0, key `b`; `~1` stands for `/` and
    /// `~0` for `~` inside a key. `None` when nothing is there or the pointer does
    /// not start with `/`.
    ///
    /// ```
    /// use plistvalue::plist;
    /// let v = plist!({ "messages": [{ "url": "a" }, { "url": "b" }], "a/b": 1 });
    /// assert_eq!(v.pointer("/messages/1/url").and_then(|u| u.as_str()), Some("b"));
    /// assert_eq!(v.pointer("/a~1b").and_then(|n| n.as_i64()), Some(1));
    /// assert_eq!(v.pointer("/messages/2"), None);
    /// ```
    pub fn pointer(&self, pointer: &str) -> Option<&PlistValue> {
        self.walk(pointer::tokens(pointer)?, pointer::array_index)
    }

    /// [`PlistValue::pointer`], to change what it names.
    ///
    /// ```
    /// use plistvalue::{plist, PlistValue};
    /// let mut v = plist!({ "a": [1, 2] });
    /// *v.pointer_mut("/a/0").unwrap() = PlistValue::from("one");
    /// assert_eq!(v, plist!({ "a": ["one", 2] }));
    /// ```
    pub fn pointer_mut(&mut self, pointer: &str) -> Option<&mut PlistValue> {
        self.walk_mut(pointer::tokens(pointer)?, pointer::array_index)
    }

    /// The one walk of a path's steps through a tree, for JSON pointers and plutil
    /// keypaths alike: a step is a key in a dictionary and, read by `index`, a
    /// position in an array; a step into a scalar names nothing.
    pub(crate) fn walk(
        &self,
        steps: impl IntoIterator<Item = impl AsRef<str>>,
        index: fn(&str) -> Option<usize>,
    ) -> Option<&PlistValue> {
        steps.into_iter().try_fold(self, |v, step| match v {
            PlistValue::Dictionary(d) => d.get(step.as_ref()),
            PlistValue::Array(a) => a.get(index(step.as_ref())?),
            _ => None,
        })
    }

    /// [`PlistValue::walk`], to change what it finds.
    pub(crate) fn walk_mut(
        &mut self,
        steps: impl IntoIterator<Item = impl AsRef<str>>,
        index: fn(&str) -> Option<usize>,
    ) -> Option<&mut PlistValue> {
        steps.into_iter().try_fold(self, |v, step| match v {
            PlistValue::Dictionary(d) => d.get_mut(step.as_ref()),
            PlistValue::Array(a) => a.get_mut(index(step.as_ref())?),
            _ => None,
        })
    }

    /// True for [`PlistValue::Null`], the `0x00` object (not the string `$null`).
    pub fn is_null(&self) -> bool {
        matches!(self, PlistValue::Null)
    }

    /// The value of a boolean.
    pub fn as_bool(&self) -> Option<bool> {
        match *self {
            PlistValue::Boolean(b) => Some(b),
            _ => None,
        }
    }

    /// The value of an integer.
    pub fn as_integer(&self) -> Option<Integer> {
        match *self {
            PlistValue::Integer(i) => Some(i),
            _ => None,
        }
    }

    /// An integer that fits `i64`.
    pub fn as_i64(&self) -> Option<i64> {
        self.as_integer().and_then(Integer::as_i64)
    }

    /// An integer that fits `u64`.
    pub fn as_u64(&self) -> Option<u64> {
        self.as_integer().and_then(Integer::as_u64)
    }

    /// A real, or an integer converted to the nearest `f64`, as `serde_json` does.
    pub fn as_f64(&self) -> Option<f64> {
        match *self {
            PlistValue::Real(r) => Some(r),
            PlistValue::Integer(i) => Some(i.as_i128() as f64),
            _ => None,
        }
    }

    /// The value of a date.
    pub fn as_date(&self) -> Option<Date> {
        match *self {
            PlistValue::Date(d) => Some(d),
            _ => None,
        }
    }

    /// The value of a UID.
    pub fn as_uid(&self) -> Option<Uid> {
        match *self {
            PlistValue::Uid(u) => Some(u),
            _ => None,
        }
    }

    /// The text of a string.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            PlistValue::String(s) => Some(s),
            _ => None,
        }
    }

    /// The bytes of data.
    pub fn as_data(&self) -> Option<&[u8]> {
        match self {
            PlistValue::Data(d) => Some(d),
            _ => None,
        }
    }

    /// The elements of an array.
    pub fn as_array(&self) -> Option<&Vec<PlistValue>> {
        match self {
            PlistValue::Array(a) => Some(a),
            _ => None,
        }
    }

    /// The elements of an array, to change them.
    pub fn as_array_mut(&mut self) -> Option<&mut Vec<PlistValue>> {
        match self {
            PlistValue::Array(a) => Some(a),
            _ => None,
        }
    }

    /// The entries of a dictionary.
    pub fn as_dictionary(&self) -> Option<&Dictionary> {
        match self {
            PlistValue::Dictionary(d) => Some(d),
            _ => None,
        }
    }

    /// The entries of a dictionary, to change them.
    pub fn as_dictionary_mut(&mut self) -> Option<&mut Dictionary> {
        match self {
            PlistValue::Dictionary(d) => Some(d),
            _ => None,
        }
    }

    /// True for an array.
    pub fn is_array(&self) -> bool {
        matches!(self, PlistValue::Array(_))
    }

    /// True for a dictionary.
    pub fn is_dictionary(&self) -> bool {
        matches!(self, PlistValue::Dictionary(_))
    }

    /// True for a string.
    pub fn is_string(&self) -> bool {
        matches!(self, PlistValue::String(_))
    }

    /// The text of a string, moved out.
    pub fn into_string(self) -> Option<String> {
        match self {
            PlistValue::String(s) => Some(s),
            _ => None,
        }
    }

    /// The bytes of data, moved out.
    pub fn into_data(self) -> Option<Vec<u8>> {
        match self {
            PlistValue::Data(d) => Some(d),
            _ => None,
        }
    }

    /// The elements of an array, moved out.
    pub fn into_array(self) -> Option<Vec<PlistValue>> {
        match self {
            PlistValue::Array(a) => Some(a.into_vec()),
            _ => None,
        }
    }

    /// The entries of a dictionary, moved out.
    pub fn into_dictionary(self) -> Option<Dictionary> {
        match self {
            PlistValue::Dictionary(d) => Some(d),
            _ => None,
        }
    }

    /// True for a container that holds something, the only values whose drop,
    /// clone or comparison can go deep.
    fn has_children(&self) -> bool {
        match self {
            PlistValue::Array(a) => !a.is_empty(),
            PlistValue::Dictionary(d) => !d.is_empty(),
            _ => false,
        }
    }

    /// A copy of a value whose children (if any) are not copied.
    fn shallow_clone(&self) -> PlistValue {
        match self {
            PlistValue::Null => PlistValue::Null,
            PlistValue::Boolean(b) => PlistValue::Boolean(*b),
            PlistValue::Integer(i) => PlistValue::Integer(*i),
            PlistValue::Real(r) => PlistValue::Real(*r),
            PlistValue::Date(d) => PlistValue::Date(*d),
            PlistValue::Data(d) => PlistValue::Data(d.clone()),
            PlistValue::String(s) => PlistValue::String(s.clone()),
            PlistValue::Array(a) => PlistValue::Array(Array::with_capacity(a.len())),
            PlistValue::Dictionary(d) => PlistValue::Dictionary(Dictionary::with_capacity(d.len())),
            PlistValue::Uid(u) => PlistValue::Uid(*u),
        }
    }
}

impl Default for PlistValue {
    /// An empty dictionary, the usual root of a document.
    fn default() -> PlistValue {
        PlistValue::Dictionary(Dictionary::new())
    }
}

/// Drops the children of a container being dropped without recursing, holding one
/// iterator per level of the path it is on: each deep child (a container that
/// holds something) is emptied into an iterator on the path before it drops, so
/// its own drop finds nothing deep. A stack of every deep container still to drop
/// cost a wide tree as much again as its slots, so a decode that ran out of budget
/// and dropped what it had built went past the memory it was allowed. [`Array`]
/// and [`Dictionary`] call it when they hold a deep child.
fn drop_deep(children: impl Iterator<Item = PlistValue>) {
    /// A container's children, taken out of it, to drop one at a time.
    enum Children {
        Array(std::vec::IntoIter<PlistValue>),
        Dict(std::vec::IntoIter<(Key, PlistValue)>),
    }
    fn take(v: &mut PlistValue) -> Option<Children> {
        match v {
            PlistValue::Array(a) => Some(Children::Array(std::mem::take(a).into_vec().into_iter())),
            PlistValue::Dictionary(d) => Some(Children::Dict(d.take_entries().into_iter())),
            _ => None,
        }
    }
    let mut path: Vec<Children> = Vec::new();
    for mut child in children {
        if !child.has_children() {
            continue;
        }
        path.extend(take(&mut child));
        while let Some(top) = path.last_mut() {
            let next = match top {
                Children::Array(it) => it.next(),
                Children::Dict(it) => it.next().map(|(_, v)| v),
            };
            match next {
                // Emptied, it drops without going deeper.
                Some(mut deep) if deep.has_children() => path.extend(take(&mut deep)),
                Some(_) => {}
                None => {
                    path.pop();
                }
            }
        }
    }
}

impl Clone for PlistValue {
    fn clone(&self) -> PlistValue {
        // Each frame is a container being copied: its source children still to visit
        // and the partial copy. A dictionary frame also remembers the key of the child
        // frame above it.
        struct Frame<'a> {
            src: Children<'a>,
            dst: PlistValue,
            pending_key: Option<&'a Key>,
        }
        enum Children<'a> {
            Array(std::slice::Iter<'a, PlistValue>),
            Dict(dictionary::Iter<'a>),
        }
        fn children(v: &PlistValue) -> Children<'_> {
            match v {
                PlistValue::Array(a) => Children::Array(a.iter()),
                PlistValue::Dictionary(d) => Children::Dict(d.iter()),
                _ => unreachable!("only containers get frames"),
            }
        }
        fn attach(parent: &mut PlistValue, key: Option<&Key>, child: PlistValue) {
            match (parent, key) {
                (PlistValue::Array(a), _) => a.push(child),
                (PlistValue::Dictionary(d), Some(k)) => d.push_distinct(k.clone(), child),
                _ => unreachable!("a dictionary child always has a key"),
            }
        }

        if !self.has_children() {
            return self.shallow_clone();
        }
        let mut stack = vec![Frame {
            src: children(self),
            dst: self.shallow_clone(),
            pending_key: None,
        }];
        loop {
            let top = stack.last_mut().expect("stack is never empty here");
            let next = match &mut top.src {
                Children::Array(it) => it.next().map(|v| (None, v)),
                Children::Dict(it) => it.next().map(|(k, v)| (Some(k), v)),
            };
            match next {
                Some((key, child)) if child.has_children() => {
                    top.pending_key = key;
                    stack.push(Frame {
                        src: children(child),
                        dst: child.shallow_clone(),
                        pending_key: None,
                    });
                }
                Some((key, child)) => attach(&mut top.dst, key, child.shallow_clone()),
                None => {
                    let done = stack.pop().expect("checked above");
                    match stack.last_mut() {
                        Some(parent) => attach(&mut parent.dst, parent.pending_key, done.dst),
                        None => return done.dst,
                    }
                }
            }
        }
    }
}

impl PartialEq for PlistValue {
    fn eq(&self, other: &PlistValue) -> bool {
        let mut stack = vec![(self, other)];
        while let Some((a, b)) = stack.pop() {
            let same = match (a, b) {
                (PlistValue::Null, PlistValue::Null) => true,
                (PlistValue::Boolean(x), PlistValue::Boolean(y)) => x == y,
                (PlistValue::Integer(x), PlistValue::Integer(y)) => x == y,
                (PlistValue::Real(x), PlistValue::Real(y)) => x.to_bits() == y.to_bits(),
                (PlistValue::Date(x), PlistValue::Date(y)) => {
                    x.seconds_since_2001().to_bits() == y.seconds_since_2001().to_bits()
                }
                (PlistValue::Data(x), PlistValue::Data(y)) => x == y,
                (PlistValue::String(x), PlistValue::String(y)) => x == y,
                (PlistValue::Uid(x), PlistValue::Uid(y)) => x == y,
                (PlistValue::Array(x), PlistValue::Array(y)) => {
                    stack.extend(x.iter().zip(y.iter()));
                    x.len() == y.len()
                }
                (PlistValue::Dictionary(x), PlistValue::Dictionary(y)) => {
                    if x.len() != y.len() {
                        return false;
                    }
                    for (i, (k, vx)) in x.iter().enumerate() {
                        match y.get_expecting(i, k) {
                            Some(vy) => stack.push((vx, vy)),
                            None => return false,
                        }
                    }
                    true
                }
                _ => false,
            };
            if !same {
                return false;
            }
        }
        true
    }
}

impl Eq for PlistValue {}

impl fmt::Debug for PlistValue {
    /// Prints like a derived `Debug` (`Array([Integer(1), String("a")])`), without
    /// recursion: `{:?}` on one line, `{:#?}` one element per line, indented (up to
    /// 32 levels; deeper levels keep that indentation). Data
    /// prints as hex, its first 32 bytes only past that length.
    ///
    /// ```
    /// use plistvalue::{plist, PlistValue};
    /// let v = plist!({ "a": [1, (PlistValue::Data(vec![0xCA, 0xFE]))], "b": {} });
    /// assert_eq!(format!("{v:?}"), r#"Dictionary({"a": Array([Integer(1), Data(cafe)]), "b": Dictionary({})})"#);
    /// assert_eq!(format!("{v:#?}"), r#"Dictionary({
    ///     "a": Array([
    ///         Integer(1),
    ///         Data(cafe),
    ///     ]),
    ///     "b": Dictionary({}),
    /// })"#);
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt_tree(vec![Tok::Value(self)], 0, f)
    }
}

/// One step of printing a tree: the explicit stack that stands in for recursion.
enum Tok<'a> {
    Value(&'a PlistValue),
    Key(&'a str),
    /// Before an element; `true` for a container's first.
    Start(bool),
    /// After an element.
    End,
    /// A container's closing text, one level out.
    Close(&'static str),
}

/// Queues an array's elements for [`fmt_tree`], then `close`, first element on top.
fn push_array<'a>(a: &'a [PlistValue], close: &'static str, stack: &mut Vec<Tok<'a>>) {
    stack.push(Tok::Close(close));
    for (i, e) in a.iter().enumerate().rev() {
        stack.push(Tok::End);
        stack.push(Tok::Value(e));
        stack.push(Tok::Start(i == 0));
    }
}

/// Queues a dictionary's entries for [`fmt_tree`], last entry deepest in the stack.
fn push_dictionary<'a>(d: &'a Dictionary, stack: &mut Vec<Tok<'a>>) {
    stack.push(Tok::Close("})"));
    for (i, (k, e)) in d.iter().enumerate().rev() {
        stack.push(Tok::End);
        stack.push(Tok::Value(e));
        stack.push(Tok::Key(k));
        stack.push(Tok::Start(i == 0));
    }
}

/// Levels `{:#?}` indents; deeper ones print at this indentation, so that the
/// output of a hostile million-level value stays linear in its size.
const MAX_INDENT: usize = 32;

/// Bytes of data printed before the rest is only counted.
const DATA_SHOWN: usize = 32;

/// `Data(cafe)`, or past [`DATA_SHOWN`] bytes `Data(cafe…, 268 bytes)`.
fn fmt_data(d: &[u8], f: &mut fmt::Formatter<'_>) -> fmt::Result {
    f.write_str("Data(")?;
    for b in d.iter().take(DATA_SHOWN) {
        write!(f, "{b:02x}")?;
    }
    if d.len() > DATA_SHOWN {
        write!(f, "…, {} bytes", d.len())?;
    }
    f.write_str(")")
}

/// Prints what `stack` holds, `depth` containers in (those it will close).
fn fmt_tree(mut stack: Vec<Tok<'_>>, mut depth: usize, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let pretty = f.alternate();
    let newline = |f: &mut fmt::Formatter<'_>, depth: usize| {
        f.write_str("\n")?;
        (0..depth.min(MAX_INDENT)).try_for_each(|_| f.write_str("    "))
    };
    while let Some(tok) = stack.pop() {
        let v = match tok {
            Tok::Start(_) if pretty => {
                newline(f, depth)?;
                continue;
            }
            Tok::Start(first) => {
                if !first {
                    f.write_str(", ")?;
                }
                continue;
            }
            Tok::End => {
                if pretty {
                    f.write_str(",")?;
                }
                continue;
            }
            Tok::Close(text) => {
                depth -= 1;
                if pretty {
                    newline(f, depth)?;
                }
                f.write_str(text)?;
                continue;
            }
            Tok::Key(k) => {
                write!(f, "{k:?}: ")?;
                continue;
            }
            Tok::Value(v) => v,
        };
        match v {
            PlistValue::Null => f.write_str("Null")?,
            PlistValue::Boolean(b) => write!(f, "Boolean({b})")?,
            PlistValue::Integer(i) => write!(f, "Integer({i})")?,
            PlistValue::Real(r) => write!(f, "Real({r:?})")?,
            PlistValue::Date(d) => write!(f, "{d:?}")?,
            PlistValue::Data(d) => fmt_data(d, f)?,
            PlistValue::String(s) => write!(f, "String({s:?})")?,
            PlistValue::Uid(u) => write!(f, "Uid({})", u.get())?,
            PlistValue::Array(a) if a.is_empty() => f.write_str("Array([])")?,
            PlistValue::Dictionary(d) if d.is_empty() => f.write_str("Dictionary({})")?,
            PlistValue::Array(a) => {
                f.write_str("Array([")?;
                depth += 1;
                push_array(a, "])", &mut stack);
            }
            PlistValue::Dictionary(d) => {
                f.write_str("Dictionary({")?;
                depth += 1;
                push_dictionary(d, &mut stack);
            }
        }
    }
    Ok(())
}
