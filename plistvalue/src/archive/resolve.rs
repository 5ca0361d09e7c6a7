//! `$objects` resolved into the tree of docs/ARCHIVE.md by an explicit stack of
//! frames, so the input never sets the depth of the native stack. Every value the tree
//! gets is charged to the budgets (copies of a shared object too), and the stack
//! stops at the depth limit, so a small file cannot grow into a large tree.

use std::collections::{HashMap, HashSet};

use crate::error::{ArchiveError, ArchiveErrorKind, Error, ErrorKind};
use crate::value::{Dictionary, PlistValue};

use super::build::Build;

/// The deepest tree, in containers; the root container is level 1.
pub(crate) const MAX_DEPTH: usize = 512;
/// The reserved keys of a generic object, in the tree's order; none of them is a
/// field of an archived object.
pub(crate) const META: [&str; 5] = [
    "$class",
    "$classes",
    "$classhints",
    "$inline",
    "$inlineElements",
];
/// The nil entry: `$objects[0]`, and nil at any index.
pub(crate) const NULL_NAME: &str = "$null";

const ARRAY_CLASSES: [&str; 4] = ["NSArray", "NSMutableArray", "NSSet", "NSMutableSet"];
const ORDERED_SET_CLASSES: [&str; 2] = ["NSOrderedSet", "NSMutableOrderedSet"];
const DICT_CLASSES: [&str; 2] = ["NSDictionary", "NSMutableDictionary"];
const STRING_CLASSES: [&str; 2] = ["NSString", "NSMutableString"];
const DATA_CLASSES: [&str; 2] = ["NSData", "NSMutableData"];

/// The budget of values for an input of `input_len` bytes: 2 per byte, plus 65,536.
pub(crate) fn node_budget(input_len: usize) -> u64 {
    2 * input_len as u64 + (1 << 16)
}

/// The budget of bytes of strings, data and keys: 8 per input byte, plus 1 MiB.
pub(crate) fn byte_budget(input_len: usize) -> u64 {
    8 * input_len as u64 + (1 << 20)
}

/// An archive error of `kind` about `$objects[object]`.
#[cold]
pub(crate) fn fail(kind: ArchiveErrorKind, object: Option<usize>, detail: String) -> Error {
    Error::new(ErrorKind::Archive(ArchiveError {
        kind,
        object: object.map(|i| i as u64),
        detail,
    }))
}

/// A class dictionary, checked once.
#[derive(Clone, Copy)]
struct Class<'v> {
    name: &'v str,
    chain: Option<&'v [PlistValue]>,
    hints: Option<&'v [PlistValue]>,
}

/// What a reference resolves to.
enum Resolved<'v, V> {
    /// `$null`: the field or element is left out.
    Nil,
    /// A value with no children to resolve.
    Leaf(V),
    /// A container whose children are still to be resolved.
    Open(Frame<'v, V>),
}

/// A container being built.
struct Frame<'v, V> {
    /// The `$objects` index of the object, for markers and errors.
    object: Option<usize>,
    /// Whether the subtree holds a cycle marker, whose value depends on where it
    /// stands, so the object cannot be shared.
    marked: bool,
    /// Levels of containers in the subtree, this one included, so a shared object
    /// is refused where its copy would nest too deep.
    height: usize,
    body: Body<'v, V>,
}

enum Body<'v, V> {
    /// An array, set or ordered set in Foundation's shape, by its element UIDs.
    Array {
        refs: Vec<u64>,
        next: usize,
        out: Vec<V>,
    },
    /// A dictionary in Foundation's shape, its key texts already checked.
    Dict {
        keys: Vec<&'v str>,
        vals: &'v [PlistValue],
        next: usize,
        out: Vec<(&'v str, V)>,
    },
    /// A generic object or the inside of the top wrapper.
    Fields {
        src: Vec<(&'v str, &'v PlistValue)>,
        next: usize,
        meta: Vec<(&'v str, V)>,
        out: Vec<(&'v str, V)>,
        inline: Vec<&'v str>,
        /// The inline arrays that hold an inline scalar, not only references.
        elements: Vec<&'v str>,
    },
    /// An array stored inline in a field.
    Inline {
        elems: &'v [PlistValue],
        next: usize,
        out: Vec<V>,
    },
    /// The top wrapper `{"$top": D}`: D to resolve, then D resolved.
    Wrapper {
        top: Option<&'v Dictionary>,
        done: Option<V>,
    },
}

/// One step of the frame on top of the stack.
enum Step<'v, V> {
    Child(Frame<'v, V>),
    Done(V),
}

/// The resolver's state: the entries, the budgets, and the objects on the path.
pub(crate) struct Resolver<'v, B: Build<'v>> {
    build: B,
    objects: &'v [PlistValue],
    max_nodes: u64,
    max_bytes: u64,
    nodes: u64,
    bytes: u64,
    /// Per entry: the depth of its container while it is being built, else 0.
    active: Vec<u32>,
    classes: HashMap<u64, Class<'v>>,
    /// Per entry, when `B` shares: its built value and height, once built without
    /// a marker inside.
    memo: Vec<Option<(B::V, usize)>>,
    /// Set when the step in progress met a marker.
    marker: bool,
    /// The height of the tallest shared object the step in progress referenced.
    shared_height: usize,
}

impl<'v, B: Build<'v>> Resolver<'v, B> {
    /// A resolver over `objects` that builds with `build`, with the budgets for
    /// an input of `input_len` bytes.
    pub(crate) fn new(objects: &'v [PlistValue], input_len: usize, build: B) -> Resolver<'v, B> {
        Resolver {
            build,
            memo: if B::SHARES {
                std::iter::repeat_with(|| None)
                    .take(objects.len())
                    .collect()
            } else {
                Vec::new()
            },
            marker: false,
            shared_height: 0,
            objects,
            max_nodes: node_budget(input_len),
            max_bytes: byte_budget(input_len),
            nodes: 0,
            bytes: 0,
            active: vec![0; objects.len()],
            classes: HashMap::new(),
        }
    }

    /// The tree of `$top`: its root, or the top wrapper.
    pub(crate) fn top(&mut self, top: &'v Dictionary) -> Result<B::V, Error> {
        if top.len() == 1 {
            if let Some(PlistValue::Uid(u)) = top.get("root") {
                let root = self.entry(u.get())?;
                if !is_nil(root) {
                    return match self.resolve(u.get(), 0)? {
                        Resolved::Leaf(v) => Ok(v),
                        Resolved::Open(f) => self.drive(f),
                        Resolved::Nil => unreachable_nil(),
                    };
                }
            }
        }
        self.drive(Frame {
            object: None,
            marked: false,
            height: 1,
            body: Body::Wrapper {
                top: Some(top),
                done: None,
            },
        })
    }

    // ---------------------------------------------------------------- accounting

    fn charge(&mut self, nodes: u64, bytes: usize) -> Result<(), Error> {
        self.nodes += nodes;
        self.bytes += bytes as u64;
        if self.nodes > self.max_nodes {
            return Err(fail(
                ArchiveErrorKind::Budget,
                None,
                format!("the tree would hold more than {} values", self.max_nodes),
            ));
        }
        if self.bytes > self.max_bytes {
            return Err(fail(
                ArchiveErrorKind::Budget,
                None,
                format!(
                    "the tree would hold more than {} bytes of strings, data and keys",
                    self.max_bytes
                ),
            ));
        }
        Ok(())
    }

    /// Charges and builds one value with no children.
    fn count(&mut self, v: PlistValue) -> Result<B::V, Error> {
        let bytes = match &v {
            PlistValue::String(s) => s.len(),
            PlistValue::Data(d) => d.len(),
            _ => 0,
        };
        self.charge(1, bytes)?;
        Ok(self.build.scalar(v))
    }

    /// Charges and builds a string of the input.
    fn text(&mut self, s: &'v str) -> Result<B::V, Error> {
        self.charge(1, s.len())?;
        Ok(self.build.text(s))
    }

    /// Charges and builds an array.
    fn array(&mut self, items: Vec<B::V>) -> Result<B::V, Error> {
        self.charge(1, 0)?;
        Ok(self.build.array(items))
    }

    /// Charges and builds a dictionary.
    fn dict(&mut self, entries: Vec<(&'v str, B::V)>) -> Result<B::V, Error> {
        self.charge(1, 0)?;
        Ok(self.build.dict(entries))
    }

    /// Charges a dictionary key.
    fn key(&mut self, k: &'v str) -> Result<&'v str, Error> {
        self.charge(0, k.len())?;
        Ok(k)
    }

    // ---------------------------------------------------------------- references

    fn entry(&self, uid: u64) -> Result<&'v PlistValue, Error> {
        usize::try_from(uid)
            .ok()
            .and_then(|i| self.objects.get(i))
            .ok_or_else(|| {
                fail(
                    ArchiveErrorKind::Reference,
                    None,
                    format!(
                        "UID {uid} is not below the {} entries of $objects",
                        self.objects.len()
                    ),
                )
            })
    }

    fn class_of(&mut self, uid: u64, object: usize) -> Result<Class<'v>, Error> {
        if let Some(c) = self.classes.get(&uid) {
            return Ok(*c);
        }
        let bad = |detail: String| fail(ArchiveErrorKind::Class, Some(object), detail);
        let Some(entry) = usize::try_from(uid).ok().and_then(|i| self.objects.get(i)) else {
            return Err(bad(format!(
                "$class UID {uid} is not below the {} entries of $objects",
                self.objects.len()
            )));
        };
        let PlistValue::Dictionary(cd) = entry else {
            return Err(bad(format!(
                "$class UID {uid} is a {}, not a class dictionary",
                entry.kind_name()
            )));
        };
        let Some(PlistValue::String(name)) = cd.get("$classname") else {
            return Err(bad(format!(
                "class dictionary {uid} has no string $classname"
            )));
        };
        let names = |key: &str| -> Result<Option<&'v [PlistValue]>, Error> {
            match cd.get(key) {
                None => Ok(None),
                Some(PlistValue::Array(a)) if a.iter().all(PlistValue::is_string) => {
                    Ok(Some(a.as_slice()))
                }
                Some(_) => Err(bad(format!(
                    "class dictionary {uid}: {key} is not an array of strings"
                ))),
            }
        };
        let class = Class {
            name,
            chain: names("$classes")?,
            hints: names("$classhints")?,
        };
        self.classes.insert(uid, class);
        Ok(class)
    }

    /// The text a key UID resolves to, when it resolves to a string.
    fn key_text(&mut self, uid: u64) -> Result<Option<&'v str>, Error> {
        match self.entry(uid)? {
            PlistValue::String(s) => Ok((s != NULL_NAME).then_some(s.as_str())),
            PlistValue::Dictionary(d) => {
                let Some(PlistValue::Uid(c)) = d.get("$class") else {
                    return Ok(None);
                };
                let name = self.class_of(c.get(), index(uid))?.name;
                Ok(match only_field(d) {
                    Some(("NS.string", PlistValue::String(s)))
                        if STRING_CLASSES.contains(&name) =>
                    {
                        Some(s.as_str())
                    }
                    _ => None,
                })
            }
            _ => Ok(None),
        }
    }

    /// A UID met in a container at `depth` (the top frame's; 0 before any).
    fn resolve(&mut self, uid: u64, depth: usize) -> Result<Resolved<'v, B::V>, Error> {
        let o = self.entry(uid)?;
        let n = index(uid);
        let d = match o {
            PlistValue::String(s) if s == NULL_NAME => return Ok(Resolved::Nil),
            PlistValue::String(_)
            | PlistValue::Boolean(_)
            | PlistValue::Integer(_)
            | PlistValue::Real(_)
            | PlistValue::Data(_)
            | PlistValue::Date(_) => {
                return Ok(Resolved::Leaf(match o {
                    PlistValue::String(s) => self.text(s)?,
                    _ => self.count(o.clone())?,
                }))
            }
            PlistValue::Dictionary(d) => d,
            PlistValue::Null | PlistValue::Array(_) | PlistValue::Uid(_) => {
                return Err(fail(
                    ArchiveErrorKind::Object,
                    Some(n),
                    format!(
                        "object {n} is a {}; only strings, numbers, booleans, data, dates and \
                         object dictionaries can be referenced",
                        o.kind_name()
                    ),
                ))
            }
        };
        let Some(PlistValue::Uid(c)) = d.get("$class") else {
            return Err(fail(
                ArchiveErrorKind::Object,
                Some(n),
                format!("object {n} is a dictionary without a $class UID"),
            ));
        };
        let class = self.class_of(c.get(), n)?;
        let name = class.name;
        let fields = d.len() - 1;
        match only_field(d) {
            Some(("NS.string", PlistValue::String(s))) if STRING_CLASSES.contains(&name) => {
                return Ok(Resolved::Leaf(self.text(s)?));
            }
            Some(("NS.data", PlistValue::Data(b))) if DATA_CLASSES.contains(&name) => {
                return Ok(Resolved::Leaf(self.count(PlistValue::Data(b.clone()))?));
            }
            Some(("NS.time", PlistValue::Real(t))) if name == "NSDate" => {
                let date = crate::value::Date::from_seconds_since_2001(*t);
                return Ok(Resolved::Leaf(self.count(PlistValue::Date(date))?));
            }
            _ => {}
        }
        if name == "NSNull" && fields == 0 {
            return Ok(Resolved::Leaf(self.count(PlistValue::Null)?));
        }
        if let Some((v, height)) = self.memo.get(n).and_then(Option::as_ref) {
            if depth + height > MAX_DEPTH {
                return Err(fail(
                    ArchiveErrorKind::Depth,
                    Some(n),
                    format!("the tree nests deeper than {MAX_DEPTH} containers"),
                ));
            }
            self.shared_height = self.shared_height.max(*height);
            return Ok(Resolved::Leaf(v.clone()));
        }
        if self.active[n] != 0 {
            self.marker = true;
            let k = depth + 1 - self.active[n] as usize;
            return Ok(Resolved::Leaf(
                self.count(PlistValue::Uid(crate::value::Uid::new(k as u64)))?,
            ));
        }
        self.object(n, d, class).map(Resolved::Open)
    }

    /// The frame of object `n`: native when its shape is Foundation's, else generic.
    fn object(
        &mut self,
        n: usize,
        d: &'v Dictionary,
        class: Class<'v>,
    ) -> Result<Frame<'v, B::V>, Error> {
        let name = class.name;
        let open = |body, height| {
            Ok(Frame {
                object: Some(n),
                marked: false,
                height,
                body,
            })
        };
        if ARRAY_CLASSES.contains(&name) {
            if let Some(("NS.objects", PlistValue::Array(refs))) = only_field(d) {
                if let Some(refs) = uids(refs) {
                    return open(array(refs), 1);
                }
            }
        }
        if ORDERED_SET_CLASSES.contains(&name) {
            if let Some(refs) = ordered_set(d) {
                return open(array(refs), 1);
            }
        }
        if DICT_CLASSES.contains(&name) && d.len() == 3 {
            if let (Some(PlistValue::Array(ks)), Some(PlistValue::Array(vs))) =
                (d.get("NS.keys"), d.get("NS.objects"))
            {
                if let Some(keys) = self.native_keys(ks, vs).map_err(|e| tag(e, n))? {
                    return open(
                        Body::Dict {
                            keys,
                            vals: vs,
                            next: 0,
                            out: Vec::with_capacity(
                                crate::convert::bounded_capacity::<(&str, B::V)>(vs.len()),
                            ),
                        },
                        1,
                    );
                }
            }
        }
        let mut meta = vec![(self.key("$class")?, self.text(name)?)];
        // The metadata arrays are one level below the object, whose frame is not
        // on the stack yet: the driver checks the depth again when it pushes it.
        for (key, list) in [("$classes", class.chain), ("$classhints", class.hints)] {
            if let Some(list) = list {
                let strings = list
                    .iter()
                    .map(|s| s.as_str().unwrap_or_default())
                    .collect();
                meta.push((self.key(key)?, self.names(strings)?));
            }
        }
        let height = if meta.len() > 1 { 2 } else { 1 };
        open(
            Body::Fields {
                src: d
                    .iter()
                    .filter(|(k, _)| *k != "$class")
                    .map(|(k, v)| (k.as_str(), v))
                    .collect(),
                next: 0,
                meta,
                out: Vec::new(),
                inline: Vec::new(),
                elements: Vec::new(),
            },
            height,
        )
    }

    /// The key texts of a native dictionary, or `None` when it must stay generic.
    fn native_keys(
        &mut self,
        ks: &'v [PlistValue],
        vs: &'v [PlistValue],
    ) -> Result<Option<Vec<&'v str>>, Error> {
        let (Some(kr), Some(vr)) = (uids(ks), uids(vs)) else {
            return Ok(None);
        };
        if kr.len() != vr.len() {
            return Ok(None);
        }
        let mut keys = Vec::with_capacity(kr.len());
        let mut seen = HashSet::with_capacity(kr.len());
        for r in kr {
            match self.key_text(r)? {
                Some(s) if !s.starts_with('$') && seen.insert(s) => keys.push(s),
                _ => return Ok(None),
            }
        }
        for r in vr {
            if is_nil(self.entry(r)?) {
                return Ok(None);
            }
        }
        Ok(Some(keys))
    }

    /// A metadata array of strings (`$classes`, `$classhints`, `$inline`).
    fn names(&mut self, list: Vec<&'v str>) -> Result<B::V, Error> {
        let mut out = Vec::with_capacity(list.len());
        for s in list {
            out.push(self.text(s)?);
        }
        self.array(out)
    }

    /// An inline scalar.
    fn inline_scalar(&mut self, v: &'v PlistValue, object: Option<usize>) -> Result<B::V, Error> {
        match v {
            PlistValue::String(s) => self.text(s),
            PlistValue::Boolean(_)
            | PlistValue::Integer(_)
            | PlistValue::Real(_)
            | PlistValue::Data(_)
            | PlistValue::Date(_) => self.count(v.clone()),
            _ => Err(fail(
                ArchiveErrorKind::Inline,
                object,
                format!("an object field holds a {} inline", v.kind_name()),
            )),
        }
    }

    // ---------------------------------------------------------------- the driver

    /// Builds the tree of `first` with an explicit stack.
    fn drive(&mut self, first: Frame<'v, B::V>) -> Result<B::V, Error> {
        let mut stack = vec![first];
        self.enter(&stack[0], 1);
        loop {
            let depth = stack.len();
            let top = stack
                .last_mut()
                .expect("the stack holds the frame being built");
            let step = self.step(top, depth);
            top.marked |= std::mem::take(&mut self.marker);
            top.height = top.height.max(std::mem::take(&mut self.shared_height) + 1);
            match step {
                Ok(Step::Child(frame)) => {
                    if depth >= MAX_DEPTH {
                        let err = fail(
                            ArchiveErrorKind::Depth,
                            frame.object,
                            format!("the tree nests deeper than {MAX_DEPTH} containers"),
                        );
                        return Err(locate(err, &stack));
                    }
                    self.enter(&frame, depth + 1);
                    stack.push(frame);
                }
                Ok(Step::Done(value)) => {
                    let done = stack.pop().expect("the finished frame");
                    if let Some(n) = done.object {
                        self.active[n] = 0;
                        if B::SHARES && !done.marked {
                            self.memo[n] = Some((value.clone(), done.height));
                        }
                    }
                    let Some(parent) = stack.last_mut() else {
                        return Ok(value);
                    };
                    parent.marked |= done.marked;
                    parent.height = parent.height.max(done.height + 1);
                    accept(parent, value);
                }
                Err(err) => return Err(locate(err, &stack)),
            }
        }
    }

    /// Marks an object's frame as on the path, at `depth`, for cycle markers.
    fn enter(&mut self, frame: &Frame<'v, B::V>, depth: usize) {
        if let Some(n) = frame.object {
            self.active[n] = depth as u32;
        }
    }

    /// Advances `frame` (at `depth`) to its next child, or finishes it.
    fn step(&mut self, frame: &mut Frame<'v, B::V>, depth: usize) -> Result<Step<'v, B::V>, Error> {
        let object = frame.object;
        match &mut frame.body {
            Body::Array { refs, next, out } => {
                while *next < refs.len() {
                    let r = refs[*next];
                    *next += 1;
                    match self.resolve(r, depth)? {
                        Resolved::Nil => {}
                        Resolved::Leaf(v) => out.push(v),
                        Resolved::Open(f) => return Ok(Step::Child(f)),
                    }
                }
                let out = std::mem::take(out);
                self.array(out).map(Step::Done)
            }
            Body::Dict {
                keys,
                vals,
                next,
                out,
            } => {
                while *next < keys.len() {
                    let i = *next;
                    *next += 1;
                    let key = self.key(keys[i])?;
                    let Some(PlistValue::Uid(u)) = vals.get(i) else {
                        unreachable_nil()?
                    };
                    match self.resolve(u.get(), depth)? {
                        Resolved::Nil => unreachable_nil()?,
                        Resolved::Leaf(v) => out.push((key, v)),
                        Resolved::Open(f) => return Ok(Step::Child(f)),
                    }
                }
                let out = std::mem::take(out);
                self.dict(out).map(Step::Done)
            }
            Body::Fields {
                src,
                next,
                meta,
                out,
                inline,
                elements,
            } => {
                if *next == 0 && depth + 1 > MAX_DEPTH && meta.len() > 1 {
                    return Err(fail(
                        ArchiveErrorKind::Depth,
                        object,
                        format!("the tree nests deeper than {MAX_DEPTH} containers"),
                    ));
                }
                while *next < src.len() {
                    let (k, v) = src[*next];
                    *next += 1;
                    if META.contains(&k) {
                        return Err(fail(
                            ArchiveErrorKind::Reserved,
                            object,
                            format!("key {k:?} is reserved for the tree"),
                        ));
                    }
                    if let PlistValue::Uid(u) = v {
                        match self.resolve(u.get(), depth)? {
                            Resolved::Nil => {}
                            Resolved::Leaf(x) => {
                                let key = self.key(k)?;
                                out.push((key, x));
                            }
                            Resolved::Open(f) => {
                                self.key(k)?;
                                return Ok(Step::Child(f));
                            }
                        }
                        continue;
                    }
                    inline.push(k);
                    let key = self.key(k)?;
                    if let PlistValue::Array(elems) = v {
                        if elems.iter().any(|e| !matches!(e, PlistValue::Uid(_))) {
                            elements.push(k);
                        }
                        return Ok(Step::Child(Frame {
                            object: None,
                            marked: false,
                            height: 1,
                            body: Body::Inline {
                                elems,
                                next: 0,
                                out: Vec::new(),
                            },
                        }));
                    }
                    let x = self.inline_scalar(v, object)?;
                    out.push((key, x));
                }
                let mut entries = std::mem::take(meta);
                if !inline.is_empty() {
                    if depth + 1 > MAX_DEPTH {
                        return Err(fail(
                            ArchiveErrorKind::Depth,
                            object,
                            format!("the tree nests deeper than {MAX_DEPTH} containers"),
                        ));
                    }
                    inline.sort_unstable();
                    let names = std::mem::take(inline);
                    entries.push((self.key("$inline")?, self.names(names)?));
                    if !elements.is_empty() {
                        elements.sort_unstable();
                        let names = std::mem::take(elements);
                        entries.push((self.key("$inlineElements")?, self.names(names)?));
                    }
                    frame.height = frame.height.max(2);
                }
                entries.append(out);
                self.dict(entries).map(Step::Done)
            }
            Body::Inline { elems, next, out } => {
                while *next < elems.len() {
                    let e = &elems[*next];
                    *next += 1;
                    match e {
                        PlistValue::Uid(u) => match self.resolve(u.get(), depth)? {
                            Resolved::Nil => {}
                            Resolved::Leaf(v) => out.push(v),
                            Resolved::Open(f) => return Ok(Step::Child(f)),
                        },
                        PlistValue::Array(_) | PlistValue::Dictionary(_) => {
                            return Err(fail(
                                ArchiveErrorKind::Inline,
                                object,
                                "an inline array holds an array or dictionary".to_owned(),
                            ))
                        }
                        _ => {
                            let v = self.inline_scalar(e, object)?;
                            out.push(v);
                        }
                    }
                }
                let out = std::mem::take(out);
                self.array(out).map(Step::Done)
            }
            Body::Wrapper { top, done } => {
                if let Some(top) = top.take() {
                    return Ok(Step::Child(Frame {
                        object: None,
                        marked: false,
                        height: 1,
                        body: Body::Fields {
                            src: top.iter().map(|(k, v)| (k.as_str(), v)).collect(),
                            next: 0,
                            meta: Vec::new(),
                            out: Vec::new(),
                            inline: Vec::new(),
                            elements: Vec::new(),
                        },
                    }));
                }
                let Some(inner) = done.take() else {
                    return unreachable_nil();
                };
                let key = self.key("$top")?;
                self.dict(vec![(key, inner)]).map(Step::Done)
            }
        }
    }
}

/// Hands a finished child's value to its parent.
fn accept<V>(parent: &mut Frame<'_, V>, value: V) {
    match &mut parent.body {
        Body::Array { out, .. } | Body::Inline { out, .. } => out.push(value),
        Body::Dict {
            keys, next, out, ..
        } => out.push((keys[*next - 1], value)),
        Body::Fields { src, next, out, .. } => out.push((src[*next - 1].0, value)),
        Body::Wrapper { done, .. } => *done = Some(value),
    }
}

/// Names `$objects[n]` in an archive error that names no object yet.
#[cold]
fn tag(err: Error, n: usize) -> Error {
    match err.kind() {
        ErrorKind::Archive(a) if a.object.is_none() => {
            let mut a = a.clone();
            a.object = Some(n as u64);
            Error::new(ErrorKind::Archive(a))
        }
        _ => err,
    }
}

/// Names the `$objects` index and the tree path of an error met with `stack` open.
#[cold]
fn locate<V>(mut err: Error, stack: &[Frame<'_, V>]) -> Error {
    if let Some(n) = stack.iter().rev().find_map(|f| f.object) {
        err = tag(err, n);
    }
    for frame in stack.iter().rev() {
        err = match &frame.body {
            Body::Array { out, .. } | Body::Inline { out, .. } => err.in_index(out.len()),
            Body::Dict { keys, next, .. } => err.in_key(keys[next.saturating_sub(1)]),
            Body::Fields { src, next, .. } => match src.get(next.saturating_sub(1)) {
                Some((k, _)) => err.in_key(k),
                None => err,
            },
            Body::Wrapper { .. } => err.in_key("$top"),
        };
    }
    err
}

#[cold]
fn unreachable_nil<T>() -> Result<T, Error> {
    Err(fail(
        ArchiveErrorKind::Object,
        None,
        "a checked reference changed".to_owned(),
    ))
}

fn index(uid: u64) -> usize {
    usize::try_from(uid).unwrap_or(usize::MAX)
}

fn is_nil(v: &PlistValue) -> bool {
    matches!(v, PlistValue::String(s) if s == NULL_NAME)
}

/// The one field of an object besides `$class`.
fn only_field(d: &Dictionary) -> Option<(&str, &PlistValue)> {
    if d.len() != 2 {
        return None;
    }
    d.iter()
        .find(|(k, _)| *k != "$class")
        .map(|(k, v)| (k.as_str(), v))
}

/// The UIDs of an array that holds only UIDs.
fn uids(a: &[PlistValue]) -> Option<Vec<u64>> {
    a.iter()
        .map(|v| v.as_uid().map(crate::value::Uid::get))
        .collect()
}

fn array<'v, V>(refs: Vec<u64>) -> Body<'v, V> {
    Body::Array {
        refs,
        next: 0,
        out: Vec::new(),
    }
}

/// An ordered set's element UIDs, when its keys are exactly `NS.object.0` ….
fn ordered_set(d: &Dictionary) -> Option<Vec<u64>> {
    let n = d.len() - 1;
    let mut refs = vec![None; n];
    for (k, v) in d.iter().filter(|(k, _)| *k != "$class") {
        let digits = k.strip_prefix("NS.object.")?;
        let canonical = !digits.is_empty()
            && digits.bytes().all(|b| b.is_ascii_digit())
            && (digits == "0" || !digits.starts_with('0'));
        let uid = v.as_uid()?;
        if !canonical {
            return None;
        }
        let i: usize = digits.parse().ok()?;
        *refs.get_mut(i)? = Some(uid.get());
    }
    refs.into_iter().collect()
}
