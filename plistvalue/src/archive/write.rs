//! A tree written as Foundation's `NSKeyedArchiver` writes an archive (ARCHIVE.md
//! section 4): an object takes the next index when first reached, then its members
//! are written, then its class dictionary if that class is new (A2). An explicit
//! stack drives it, so a tree of any depth is written without recursion.

use std::collections::HashMap;

use super::resolve::{fail, ARRAY_CLASSES, DICT_CLASSES, META, NULL_NAME};
use crate::error::{ArchiveErrorKind, Error};
use crate::value::{Dictionary, Integer, PlistValue, Uid};

/// A raw value `$objects` holds once (A5): reals by bit pattern.
#[derive(PartialEq, Eq, Hash)]
enum Scalar<'t> {
    Str(&'t str),
    Int(Integer),
    Real(u64),
    Bool(bool),
    Data(&'t [u8]),
}

/// A class dictionary's identity (A5): name, `$classes`, `$classhints`.
type ClassKey<'t> = (&'t str, Option<Vec<&'t str>>, Option<Vec<&'t str>>);

/// A container being written.
enum Frame<'t> {
    /// An `NSArray` (at `slot`) or an inline array (no slot): its elements, and
    /// whether its scalars stay inline rather than become references.
    Array {
        slot: Option<usize>,
        items: &'t [PlistValue],
        refs: Vec<PlistValue>,
        scalars_inline: bool,
    },
    /// An `NSDictionary`: the UIDs of all keys, then of all values.
    Dict {
        slot: usize,
        entries: Vec<(&'t str, &'t PlistValue)>,
        refs: Vec<PlistValue>,
    },
    /// A generic object (at `slot`), or `$top`'s fields (no slot).
    Object {
        /// The fields are those of a native array or dictionary class: their inline
        /// arrays keep their scalars inline (see [`keeps_scalars`]).
        native_shape: bool,
        slot: Option<usize>,
        class: Option<ClassKey<'t>>,
        fields: Vec<(&'t str, &'t PlistValue)>,
        inline: Vec<&'t str>,
        done: usize,
        out: Dictionary,
    },
}

/// What a frame needs next.
enum Need<'t> {
    /// The UID of a value written as an object.
    Object(&'t PlistValue),
    /// The UIDs of an inline array (its scalars kept inline when true).
    Inline(&'t [PlistValue], bool),
    /// The UID of a dictionary key, a string.
    Key(&'t str),
    /// Nothing: the frame is finished.
    Done,
}

/// The archive being written.
pub(crate) struct Archiver<'t> {
    objects: Vec<PlistValue>,
    scalars: HashMap<Scalar<'t>, usize>,
    classes: HashMap<ClassKey<'t>, usize>,
}

fn refuse(detail: String) -> Error {
    fail(ArchiveErrorKind::Refused, None, detail)
}

fn uid(i: usize) -> PlistValue {
    PlistValue::Uid(Uid::new(i as u64))
}

impl<'t> Archiver<'t> {
    /// The archive of `tree`, as a property list (A6's key order).
    pub(crate) fn archive(tree: &'t PlistValue) -> Result<PlistValue, Error> {
        let mut a = Archiver {
            objects: vec![PlistValue::String(NULL_NAME.to_owned())],
            scalars: HashMap::new(),
            classes: HashMap::new(),
        };
        let top = a.top(tree)?;
        let mut d = Dictionary::with_capacity(4);
        d.insert("$version", PlistValue::from(100_000u64));
        d.insert("$archiver", PlistValue::from("NSKeyedArchiver"));
        d.insert("$top", top);
        d.insert("$objects", PlistValue::Array(a.objects.into()));
        Ok(PlistValue::Dictionary(d))
    }

    /// `$top` (A3): `{"root": UID}`, or the fields of a top wrapper.
    fn top(&mut self, tree: &'t PlistValue) -> Result<PlistValue, Error> {
        if let Some(d) = tree.as_dictionary() {
            if let (1, Some(PlistValue::Dictionary(inner))) = (d.len(), d.get("$top")) {
                let frame = Self::object_frame(None, inner, &["$inline"])?;
                if let Frame::Object { fields, inline, .. } = &frame {
                    if fields.len() == 1 && fields[0].0 == "root" && inline.is_empty() {
                        return Err(refuse(
                            "a $top wrapper holding only a referenced root reads back as the \
                             root itself; archive the root (A1)"
                                .to_owned(),
                        ));
                    }
                }
                return self.run(frame, vec![None, None]);
            }
        }
        let root = match tree {
            PlistValue::Uid(_) => {
                return Err(refuse("a marker cannot be the root (R4.5)".to_owned()));
            }
            PlistValue::Array(_) | PlistValue::Dictionary(_) => {
                let slot = self.reserve();
                let frame = Self::container(tree, slot)?;
                self.run(frame, vec![Some(slot)])?
            }
            _ => self.leaf(tree)?,
        };
        let mut top = Dictionary::with_capacity(1);
        top.insert("root", root);
        Ok(PlistValue::Dictionary(top))
    }

    fn reserve(&mut self) -> usize {
        self.objects.push(PlistValue::Null);
        self.objects.len() - 1
    }

    /// The frame of an array or dictionary written as the object at `slot`.
    fn container(node: &'t PlistValue, slot: usize) -> Result<Frame<'t>, Error> {
        match node {
            PlistValue::Array(items) => Ok(Frame::Array {
                slot: Some(slot),
                items,
                refs: Vec::new(),
                scalars_inline: false,
            }),
            PlistValue::Dictionary(d) if d.contains_key("$class") => {
                Self::object_frame(Some(slot), d, &META)
            }
            PlistValue::Dictionary(d) => {
                if let Some(k) = d.keys().find(|k| k.starts_with('$')) {
                    return Err(refuse(format!(
                        "dictionary key {k:?} starts with '$'; write such a dictionary in the \
                         generic NSDictionary form (A1)"
                    )));
                }
                Ok(Frame::Dict {
                    slot,
                    entries: d.iter().map(|(k, v)| (k.as_str(), v)).collect(),
                    refs: Vec::new(),
                })
            }
            _ => Err(refuse(format!("a {} is not a container", node.kind_name()))),
        }
    }

    /// A generic object's (or `$top`'s) frame: its metadata checked (A1).
    fn object_frame(
        slot: Option<usize>,
        d: &'t Dictionary,
        allowed: &[&str],
    ) -> Result<Frame<'t>, Error> {
        let mut fields = Vec::new();
        let mut lists: [Option<Vec<&'t str>>; 3] = [None, None, None];
        for (k, v) in d {
            let Some(m) = META.iter().position(|m| m == k) else {
                fields.push((k.as_str(), v));
                continue;
            };
            if !allowed.contains(&k.as_str()) {
                return Err(refuse(format!("{k} is not allowed here (A1)")));
            }
            if m > 0 {
                let list = v
                    .as_array()
                    .and_then(|a| a.iter().map(PlistValue::as_str).collect::<Option<Vec<_>>>());
                let Some(list) = list else {
                    return Err(refuse(format!("{k} must be an array of strings (A1)")));
                };
                lists[m - 1] = Some(list);
            }
        }
        let [chain, hints, inline] = lists;
        let inline = inline.unwrap_or_default();
        let distinct = inline
            .iter()
            .enumerate()
            .all(|(i, k)| !inline[..i].contains(k) && fields.iter().any(|(f, _)| f == k));
        if !distinct {
            return Err(refuse(
                "$inline must name distinct fields of the object (A1)".to_owned(),
            ));
        }
        let class = match d.get("$class") {
            None => None,
            Some(PlistValue::String(name)) => Some((name.as_str(), chain, hints)),
            Some(_) => return Err(refuse("$class must be a string (A1)".to_owned())),
        };
        Ok(Frame::Object {
            native_shape: class.as_ref().is_some_and(|c| keeps_scalars(c.0, &fields)),
            slot,
            class,
            fields,
            inline,
            done: 0,
            out: Dictionary::new(),
        })
    }

    /// The UID of a raw value, a date or a null (A4).
    fn leaf(&mut self, node: &'t PlistValue) -> Result<PlistValue, Error> {
        let key = match node {
            PlistValue::String(s) if s == NULL_NAME => {
                return Err(refuse(
                    "the string \"$null\" cannot be archived: Foundation reads it back as nil \
                     (R4.3)"
                        .to_owned(),
                ))
            }
            PlistValue::String(s) => Scalar::Str(s),
            PlistValue::Integer(i) => Scalar::Int(*i),
            PlistValue::Real(r) => Scalar::Real(r.to_bits()),
            PlistValue::Boolean(b) => Scalar::Bool(*b),
            PlistValue::Data(d) => Scalar::Data(d),
            PlistValue::Date(date) => {
                let slot = self.reserve();
                let class = self.class_ref(("NSDate", Some(vec!["NSDate", "NSObject"]), None));
                let mut d = Dictionary::with_capacity(2);
                d.insert("NS.time", PlistValue::Real(date.seconds_since_2001()));
                d.insert("$class", class);
                self.objects[slot] = PlistValue::Dictionary(d);
                return Ok(uid(slot));
            }
            PlistValue::Null => {
                let slot = self.reserve();
                let class = self.class_ref(("NSNull", Some(vec!["NSNull", "NSObject"]), None));
                let mut d = Dictionary::with_capacity(1);
                d.insert("$class", class);
                self.objects[slot] = PlistValue::Dictionary(d);
                return Ok(uid(slot));
            }
            _ => return Err(refuse(format!("a {} is not a leaf", node.kind_name()))),
        };
        Ok(self.scalar(key))
    }

    /// The UID of a raw value, appended the first time (A5).
    fn scalar(&mut self, key: Scalar<'t>) -> PlistValue {
        if let Some(&i) = self.scalars.get(&key) {
            return uid(i);
        }
        self.objects.push(match key {
            Scalar::Str(s) => PlistValue::from(s),
            Scalar::Int(i) => PlistValue::Integer(i),
            Scalar::Real(bits) => PlistValue::Real(f64::from_bits(bits)),
            Scalar::Bool(b) => PlistValue::Boolean(b),
            Scalar::Data(d) => PlistValue::Data(d.to_vec()),
        });
        let i = self.objects.len() - 1;
        self.scalars.insert(key, i);
        uid(i)
    }

    /// The UID of a class dictionary, appended the first time (L6, A5).
    fn class_ref(&mut self, key: ClassKey<'t>) -> PlistValue {
        if let Some(&i) = self.classes.get(&key) {
            return uid(i);
        }
        let strings =
            |l: &[&str]| PlistValue::Array(l.iter().map(|s| PlistValue::from(*s)).collect());
        let mut cd = Dictionary::with_capacity(3);
        cd.insert("$classname", PlistValue::from(key.0));
        if let Some(chain) = &key.1 {
            cd.insert("$classes", strings(chain));
        }
        if let Some(hints) = &key.2 {
            cd.insert("$classhints", strings(hints));
        }
        self.objects.push(PlistValue::Dictionary(cd));
        let i = self.objects.len() - 1;
        self.classes.insert(key, i);
        uid(i)
    }

    /// Writes `first` and everything below it; `path` holds, per open container, its
    /// object's index (none for inline arrays and `$top`), which markers index.
    fn run(&mut self, first: Frame<'t>, mut path: Vec<Option<usize>>) -> Result<PlistValue, Error> {
        let mut stack = vec![first];
        let mut result: Option<PlistValue> = None;
        while let Some(frame) = stack.last_mut() {
            if let Some(r) = result.take() {
                give(frame, r);
            }
            match next(frame)? {
                Need::Done => {
                    let frame = stack.pop().expect("the finished frame");
                    path.pop();
                    result = Some(self.finish(frame));
                }
                Need::Inline(items, scalars_inline) => {
                    path.push(None);
                    stack.push(Frame::Array {
                        slot: None,
                        items,
                        refs: Vec::new(),
                        scalars_inline,
                    });
                }
                Need::Key(k) => result = Some(self.scalar(Scalar::Str(k))),
                Need::Object(node) => match node {
                    PlistValue::Uid(k) => {
                        let up = usize::try_from(k.get()).unwrap_or(usize::MAX);
                        let target = (1..=path.len())
                            .contains(&up)
                            .then(|| path[path.len() - up])
                            .flatten();
                        let Some(target) = target else {
                            return Err(refuse(format!(
                                "marker Uid({}) does not point at an enclosing object (R4.5)",
                                k.get()
                            )));
                        };
                        result = Some(uid(target));
                    }
                    PlistValue::Array(_) | PlistValue::Dictionary(_) => {
                        let slot = self.reserve();
                        let frame = Self::container(node, slot)?;
                        path.push(Some(slot));
                        stack.push(frame);
                    }
                    _ => result = Some(self.leaf(node)?),
                },
            }
        }
        Ok(result.unwrap_or_default())
    }

    /// A finished frame's object stored at its slot (its class dictionary appended if
    /// new); the UID, or an inline array's UIDs, or `$top`'s dictionary.
    fn finish(&mut self, frame: Frame<'t>) -> PlistValue {
        let (slot, mut d, class) = match frame {
            Frame::Array {
                slot: None, refs, ..
            } => return PlistValue::Array(refs.into()),
            Frame::Array {
                slot: Some(slot),
                refs,
                ..
            } => {
                let mut d = Dictionary::with_capacity(2);
                d.insert("NS.objects", PlistValue::Array(refs.into()));
                let class = ("NSArray", Some(vec!["NSArray", "NSObject"]), None);
                (slot, d, class)
            }
            Frame::Dict {
                slot,
                entries,
                mut refs,
            } => {
                let vals = refs.split_off(entries.len());
                let mut d = Dictionary::with_capacity(3);
                d.insert("NS.keys", PlistValue::Array(refs.into()));
                d.insert("NS.objects", PlistValue::Array(vals.into()));
                let class = ("NSDictionary", Some(vec!["NSDictionary", "NSObject"]), None);
                (slot, d, class)
            }
            Frame::Object {
                slot, class, out, ..
            } => match (slot, class) {
                (Some(slot), Some(class)) => (slot, out, class),
                _ => return PlistValue::Dictionary(out),
            },
        };
        d.insert("$class", self.class_ref(class));
        self.objects[slot] = PlistValue::Dictionary(d);
        uid(slot)
    }
}

/// Hands the value a frame asked for to it.
fn give(frame: &mut Frame<'_>, r: PlistValue) {
    match frame {
        Frame::Array { refs, .. } | Frame::Dict { refs, .. } => refs.push(r),
        Frame::Object {
            fields, done, out, ..
        } => {
            out.insert(fields[*done].0, r);
            *done += 1;
        }
    }
}

/// What `frame` needs next, storing inline scalars as it goes.
fn next<'t>(frame: &mut Frame<'t>) -> Result<Need<'t>, Error> {
    match frame {
        Frame::Array {
            items,
            refs,
            scalars_inline,
            ..
        } => {
            while let Some(item) = items.get(refs.len()) {
                if !(*scalars_inline && is_scalar(item)) {
                    return Ok(Need::Object(item));
                }
                refs.push(item.clone());
            }
            Ok(Need::Done)
        }
        Frame::Dict { entries, refs, .. } => {
            let i = refs.len();
            if let Some((k, _)) = entries.get(i) {
                return Ok(Need::Key(k));
            }
            Ok(entries
                .get(i - entries.len())
                .map_or(Need::Done, |e| Need::Object(e.1)))
        }
        Frame::Object {
            fields,
            inline,
            done,
            out,
            native_shape,
            ..
        } => {
            while let Some(&(k, v)) = fields.get(*done) {
                if !inline.contains(&k) {
                    return Ok(Need::Object(v));
                }
                if let PlistValue::Array(items) = v {
                    return Ok(Need::Inline(items, *native_shape));
                }
                if !is_scalar(v) {
                    return Err(refuse(format!(
                        "a {} cannot be stored inline (A1)",
                        v.kind_name()
                    )));
                }
                let raw = v.clone();
                out.insert(k, raw);
                *done += 1;
            }
            Ok(Need::Done)
        }
    }
}

/// Values stored inline as they are: no container, no marker, no null.
fn is_scalar(v: &PlistValue) -> bool {
    matches!(
        v,
        PlistValue::String(_)
            | PlistValue::Integer(_)
            | PlistValue::Boolean(_)
            | PlistValue::Data(_)
            | PlistValue::Real(_)
            | PlistValue::Date(_)
    )
}

/// Whether the inline arrays of a generic object keep their scalars inline: when
/// its fields have the shape of a native array (`NS.objects`) or dictionary
/// (`NS.keys`, `NS.objects`) of its class. Written as references, as Foundation's
/// `_encodeArrayOfObjects` writes them, they would make the object canonical, and it
/// would read back as a native `Array` or `Dictionary`, not as the tree given. Any
/// other generic object keeps Foundation's references (ARCHIVE.md A4, corrected in
/// docs/ARCHIVE.md).
fn keeps_scalars(class: &str, fields: &[(&str, &PlistValue)]) -> bool {
    let names: Vec<&str> = fields.iter().map(|f| f.0).collect();
    (ARRAY_CLASSES.contains(&class) && names == ["NS.objects"])
        || (DICT_CLASSES.contains(&class)
            && names.len() == 2
            && names.contains(&"NS.keys")
            && names.contains(&"NS.objects"))
}
