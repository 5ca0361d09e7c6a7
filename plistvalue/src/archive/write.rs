//! A tree written as Foundation's `NSKeyedArchiver` writes an archive (docs/ARCHIVE.md,
//! "The layout"): an object takes the next index when first reached, then its members
//! are written, then its class dictionary if that class is new. An explicit
//! stack drives it, so a tree of any depth is written without recursion.

use std::collections::HashMap;

use super::resolve::{fail, META, NULL_NAME};
use crate::error::{ArchiveErrorKind, Error};
use crate::value::{Dictionary, Integer, PlistValue, Uid};

/// A raw value `$objects` holds once: reals by bit pattern.
#[derive(PartialEq, Eq, Hash)]
enum Scalar<'t> {
    Str(&'t str),
    Int(Integer),
    Real(u64),
    Bool(bool),
    Data(&'t [u8]),
}

/// A class dictionary's identity: name, `$classes`, `$classhints`.
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
        slot: Option<usize>,
        class: Option<ClassKey<'t>>,
        fields: Vec<(&'t str, &'t PlistValue)>,
        inline: Vec<&'t str>,
        /// The inline arrays whose scalars are stored in the array, not referenced.
        elements: Vec<&'t str>,
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
    /// The archive of `tree`, as a property list, its top-level keys in Darwin's order.
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

    /// `$top`: `{"root": UID}`, or the fields of a top wrapper.
    fn top(&mut self, tree: &'t PlistValue) -> Result<PlistValue, Error> {
        if let Some(d) = tree.as_dictionary() {
            if let (1, Some(PlistValue::Dictionary(inner))) = (d.len(), d.get("$top")) {
                let frame = Self::object_frame(None, inner, &META[3..])?;
                if let Frame::Object { fields, inline, .. } = &frame {
                    if fields.len() == 1 && fields[0].0 == "root" && inline.is_empty() {
                        return Err(refuse(
                            "a $top wrapper holding only a referenced root reads back as the \
                             root itself; archive the root"
                                .to_owned(),
                        ));
                    }
                }
                return self.run(frame, vec![None, None]);
            }
        }
        let root = match tree {
            PlistValue::Uid(_) => {
                return Err(refuse("a marker cannot be the root".to_owned()));
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
                         generic NSDictionary form"
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

    /// A generic object's (or `$top`'s) frame: its metadata checked.
    fn object_frame(
        slot: Option<usize>,
        d: &'t Dictionary,
        allowed: &[&str],
    ) -> Result<Frame<'t>, Error> {
        let mut fields = Vec::new();
        let mut lists: [Option<Vec<&'t str>>; 4] = [None, None, None, None];
        for (k, v) in d {
            let Some(m) = META.iter().position(|m| m == k) else {
                fields.push((k.as_str(), v));
                continue;
            };
            if !allowed.contains(&k.as_str()) {
                return Err(refuse(format!("{k} is not allowed here")));
            }
            if m > 0 {
                let list = v
                    .as_array()
                    .and_then(|a| a.iter().map(PlistValue::as_str).collect::<Option<Vec<_>>>());
                let Some(list) = list else {
                    return Err(refuse(format!("{k} must be an array of strings")));
                };
                lists[m - 1] = Some(list);
            }
        }
        let [chain, hints, inline, elements] = lists;
        let inline = inline.unwrap_or_default();
        let elements = elements.unwrap_or_default();
        let field = |k: &str| fields.iter().find(|(f, _)| *f == k).map(|f| f.1);
        let distinct = |list: &[&str]| list.iter().enumerate().all(|(i, k)| !list[..i].contains(k));
        if !distinct(&inline) || inline.iter().any(|k| field(k).is_none()) {
            return Err(refuse(
                "$inline must name distinct fields of the object".to_owned(),
            ));
        }
        let holds_scalar = |k: &str| {
            inline.contains(&k)
                && matches!(field(k), Some(PlistValue::Array(a)) if a.iter().any(is_scalar))
        };
        if !distinct(&elements) || !elements.iter().all(|k| holds_scalar(k)) {
            return Err(refuse(
                "$inlineElements must name distinct fields of $inline whose arrays hold a \
                 scalar"
                    .to_owned(),
            ));
        }
        let class = match d.get("$class") {
            None => None,
            Some(PlistValue::String(name)) => Some((name.as_str(), chain, hints)),
            Some(_) => return Err(refuse("$class must be a string".to_owned())),
        };
        Ok(Frame::Object {
            slot,
            class,
            fields,
            inline,
            elements,
            done: 0,
            out: Dictionary::new(),
        })
    }

    /// The UID of a raw value, or of the one-field object Foundation writes for a
    /// date or a null.
    fn leaf(&mut self, node: &'t PlistValue) -> Result<PlistValue, Error> {
        let key = match node {
            // Foundation reads a raw `"$null"` as nil, and GNUstep any decoded
            // object equal to it (an `NSMutableString` too).
            PlistValue::String(s) if s == NULL_NAME => {
                return Err(refuse(
                    "the string \"$null\" cannot be archived as a reference: Foundation reads \
                     it back as nil (only an inline field or element can hold it)"
                        .to_owned(),
                ))
            }
            PlistValue::String(s) => Scalar::Str(s),
            PlistValue::Integer(i) => Scalar::Int(*i),
            PlistValue::Real(r) => Scalar::Real(r.to_bits()),
            PlistValue::Boolean(b) => Scalar::Bool(*b),
            PlistValue::Data(d) => Scalar::Data(d),
            PlistValue::Date(date) => {
                let chain = vec!["NSDate", "NSObject"];
                let field = ("NS.time", PlistValue::Real(date.seconds_since_2001()));
                return Ok(self.object(("NSDate", Some(chain), None), Some(field)));
            }
            PlistValue::Null => {
                let chain = vec!["NSNull", "NSObject"];
                return Ok(self.object(("NSNull", Some(chain), None), None));
            }
            _ => return Err(refuse(format!("a {} is not a leaf", node.kind_name()))),
        };
        Ok(self.scalar(key))
    }

    /// The UID of a new object of `class` with at most one inline field.
    fn object(&mut self, class: ClassKey<'t>, field: Option<(&str, PlistValue)>) -> PlistValue {
        let slot = self.reserve();
        let class = self.class_ref(class);
        let mut d = Dictionary::with_capacity(2);
        if let Some((k, v)) = field {
            d.insert(k, v);
        }
        d.insert("$class", class);
        self.objects[slot] = PlistValue::Dictionary(d);
        uid(slot)
    }

    /// The UID of a raw value, appended the first time.
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

    /// The UID of a class dictionary, appended the first time.
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
                                "marker Uid({}) does not point at an enclosing object",
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
            elements,
            done,
            out,
            ..
        } => {
            while let Some(&(k, v)) = fields.get(*done) {
                if !inline.contains(&k) {
                    return Ok(Need::Object(v));
                }
                if let PlistValue::Array(items) = v {
                    return Ok(Need::Inline(items, elements.contains(&k)));
                }
                if !is_scalar(v) {
                    return Err(refuse(format!(
                        "a {} cannot be stored inline",
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
