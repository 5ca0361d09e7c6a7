//! The deserializer: serde's requests are answered straight from the lazy reader's
//! [`Node`]s. Nothing is read until a visitor asks for it, ASCII strings and data
//! are borrowed from the input, and a skipped field costs one object header: serde
//! takes a value as a deserializer, so its header is read (and checked) before the
//! visitor can say it ignores it; nothing below it is read. (The derive reads no
//! header at all for an unknown key.)

use std::borrow::Cow;
use std::collections::HashSet;
use std::iter;

use ::serde::de::value::{MapAccessDeserializer, MapDeserializer, SeqDeserializer};
use ::serde::de::{self, DeserializeSeed, Unexpected, Visitor};
use ::serde::forward_to_deserialize_any;

use super::compat;
use crate::convert::rules;
use crate::error::{shown_key, CallOrder, Error, ErrorKind};
use crate::reader::{self, Elements, FieldKey, Kind, Node};

/// Reads one value. It holds its node by reference, so that it is two words
/// and travels in registers: at 48 bytes it was copied through memory at every
/// serde call, written with narrow stores and read back with wide loads, a failed
/// store forward each time.
#[derive(Clone, Copy)]
pub(super) struct Deserializer<'n, 'd, 'de> {
    node: &'n Node<'d, 'de>,
    /// A present value here is `Some(value)` as it stands: the root and struct
    /// fields, where the plist crate writes no `{Some: v}` wrapper.
    bare: bool,
    /// The value may be the plist crate's `{Some: v}` around what was asked for.
    wrapped: bool,
    /// Inside a `plist::Value`, which takes dates and UIDs as a one-entry enum.
    plist_value: bool,
}

impl<'n, 'd, 'de> Deserializer<'n, 'd, 'de> {
    pub(super) fn root(node: &'n Node<'d, 'de>) -> Self {
        Deserializer {
            node,
            bare: true,
            wrapped: false,
            plist_value: false,
        }
    }

    fn child<'m>(&self, node: &'m Node<'d, 'de>, bare: bool) -> Deserializer<'m, 'd, 'de> {
        Deserializer {
            node,
            bare,
            wrapped: false,
            plist_value: self.plist_value,
        }
    }

    /// Places errors that carry no position, such as a visitor's, at this object.
    #[inline]
    fn locate<T>(&self, r: Result<T, Error>) -> Result<T, Error> {
        r.map_err(|e| e.with_position(self.node.offset(), self.node.index()))
    }

    /// Runs `f` on the value itself, out of a `{Some: v}` wrapper when one may be
    /// there and the requested type could not have meant a dictionary with a `Some`
    /// key (`names` are its field or variant names). A continuation rather than a
    /// returned `Result<Self>`: in the common case, nothing to unwrap, `f` gets
    /// `self` where it is, where a returned copy cost a store-forwarding stall.
    #[inline(always)]
    fn unwrapped<R>(
        self,
        names: &[&str],
        f: impl for<'m> FnOnce(Deserializer<'m, 'd, 'de>) -> Result<R, Error>,
    ) -> Result<R, Error> {
        if !self.wrapped {
            return f(self);
        }
        match self.unwrap_some(names)? {
            Some(inner) => f(self.child(&inner, false)),
            None => f(Deserializer {
                wrapped: false,
                ..self
            }),
        }
    }

    /// The `v` of a `{Some: v}` this value is, if it is one.
    #[inline(never)]
    fn unwrap_some(&self, names: &[&str]) -> Result<Option<Node<'d, 'de>>, Error> {
        let n = self.node;
        if n.is_dictionary()
            && n.len() == 1
            && !names.contains(&"Some")
            && n.child(0)?.str_eq("Some")
        {
            return Ok(Some(n.child(1)?));
        }
        Ok(None)
    }

    /// A string's text, borrowed when ASCII. `copies`: the visitor may copy the
    /// borrowed text, so it is charged to the byte budget too. Converted text is
    /// always charged, at the UTF-8 it produced.
    fn text<V: Visitor<'de>>(&self, visitor: V, copies: bool) -> Result<V::Value, Error> {
        let n = self.node;
        if let Some(s) = n.as_ascii() {
            if copies {
                n.charge_bytes(s.len())?;
            }
            return visitor.visit_borrowed_str(s);
        }
        visitor.visit_string(rules::owned_string(n)?)
    }

    /// Borrows ASCII text; converts UTF-16. A date reads as RFC 3339 text, as the
    /// plist crate reads it.
    fn string<V: Visitor<'de>>(self, visitor: V, copies: bool) -> Result<V::Value, Error> {
        self.unwrapped(&[], |d| {
            let r = match d.node.kind() {
                Kind::String => d.text(visitor, copies),
                Kind::Date => d.date_text(visitor),
                _ => return Err(d.node.mismatch("string")),
            };
            d.locate(r)
        })
    }

    fn elements<V: Visitor<'de>>(&self, visitor: V) -> Result<V::Value, Error> {
        let n = self.node;
        let elements = n.elements()?;
        let _guard = n.enter()?;
        visitor.visit_seq(Seq {
            elements,
            index: 0,
            plist_value: self.plist_value,
        })
    }

    /// Data read as a sequence of `u8`, so a `Vec<u8>` without `serde_bytes` reads it.
    /// Its elements are bytes, not values: `Vec<PlistValue>` does not read data.
    fn data_as_seq<V: Visitor<'de>>(
        &self,
        bytes: &'de [u8],
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.node.charge_bytes(bytes.len())?;
        let node = self.node;
        let mut seq = SeqDeserializer::<_, Error>::new(bytes.iter().map(|&b| DataByte(b, node)));
        let value = visitor.visit_seq(&mut seq)?;
        seq.end()?;
        Ok(value)
    }

    /// A dictionary's entries, or the error that this is not a dictionary.
    /// `bare`: a struct's, whose `fields` are its field names (see [`Map::fields`]).
    fn entries<V: Visitor<'de>>(
        &self,
        visitor: V,
        bare: bool,
        fields: &'static [&'static str],
    ) -> Result<V::Value, Error> {
        let n = self.node;
        if !n.is_dictionary() {
            return Err(n.mismatch("dictionary"));
        }
        let _guard = n.enter()?;
        visitor.visit_map(Map {
            dict: *n,
            next: 0,
            seen: Seen::default(),
            bare,
            fields,
            plist_value: self.plist_value,
        })
    }

    /// Data, or an array of integers; `copies`: the visitor copies the data, so its
    /// length is charged (that of the value, out of a `{Some: v}` wrapper).
    fn bytes<V: Visitor<'de>>(self, visitor: V, copies: bool) -> Result<V::Value, Error> {
        self.unwrapped(&[], |d| {
            let n = d.node;
            let r = match n.kind() {
                Kind::Data => {
                    let data = n.as_data().expect("data");
                    if copies {
                        n.charge_bytes(data.len())?;
                    }
                    visitor.visit_borrowed_bytes(data)
                }
                Kind::Array | Kind::Set => d.elements(visitor),
                _ => return Err(n.mismatch("data")),
            };
            d.locate(r)
        })
    }

    /// A date or UID as `plist::Value`'s visitor takes them.
    fn plist_enum<V: Visitor<'de>>(&self, visitor: V) -> Result<V::Value, Error> {
        let n = self.node;
        if let Some(d) = n.as_date() {
            let text = compat::rfc3339(d.seconds_since_2001())?;
            let entry = iter::once((compat::PLIST_DATE, text.as_str()));
            return visitor.visit_enum(MapAccessDeserializer::new(
                MapDeserializer::<_, Error>::new(entry),
            ));
        }
        let uid = n.as_uid().ok_or_else(|| n.mismatch("date or UID"))?;
        let entry = iter::once((compat::PLIST_UID, uid.get()));
        visitor.visit_enum(MapAccessDeserializer::new(
            MapDeserializer::<_, Error>::new(entry),
        ))
    }

    /// A date as the RFC 3339 text the plist crate hands to `String` and
    /// `plist::Date`.
    fn date_text<V: Visitor<'de>>(&self, visitor: V) -> Result<V::Value, Error> {
        let d = rules::date(self.node)?;
        visitor.visit_str(compat::rfc3339(d.seconds_since_2001())?.as_str())
    }

    /// `PlistValue`'s half of the handshake: the subtree is decoded here, without
    /// recursion, and left in [`compat::HANDOFF`] for its visitor to take.
    fn handoff<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let value = self.node.to_value()?;
        compat::HANDOFF.with(|h| h.set(Some(value)));
        let _guard = compat::HandoffGuard;
        visitor.visit_newtype_struct(self)
    }
}

macro_rules! integers {
    ($($method:ident $t:ident $visit:ident;)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            self.unwrapped(&[], |d| {
                let v: $t = rules::integer_as(d.node, stringify!($t))?;
                d.locate(visitor.$visit(v))
            })
        }
    )*};
}

impl<'de> de::Deserializer<'de> for Deserializer<'_, '_, 'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let n = self.node;
        let r = match n.kind() {
            Kind::Null => visitor.visit_none(),
            Kind::Boolean => visitor.visit_bool(n.as_bool() == Some(true)),
            Kind::Integer => match rules::exact_integer(n)? {
                Some(i) => match i.as_i64() {
                    Some(v) if v < 0 => visitor.visit_i64(v),
                    _ => visitor.visit_u64(i.as_u64().expect("non-negative")),
                },
                None => unreachable!("an integer node reads as one or fails above"),
            },
            Kind::Real => visitor.visit_f64(n.as_real().expect("a real")),
            Kind::Date | Kind::Uid if self.plist_value => self.plist_enum(visitor),
            Kind::Date => {
                // A date no calendar names (NaN, infinite, past year 9999) is
                // still a date, as `PlistValue` and the `Date` types read it: the
                // visitor gets its seconds since 2001.
                let secs = n.as_date().expect("a date").seconds_since_2001();
                match compat::rfc3339(secs) {
                    Ok(text) => visitor.visit_str(text.as_str()),
                    Err(_) => visitor.visit_f64(secs),
                }
            }
            Kind::Data => {
                // The visitor may copy the bytes (`serde_json::Value` does).
                let data = n.as_data().expect("data");
                n.charge_bytes(data.len())?;
                visitor.visit_borrowed_bytes(data)
            }
            Kind::String if n.is_null_marker() => visitor.visit_none(),
            Kind::String => self.text(visitor, true),
            Kind::Uid => visitor.visit_u64(n.as_uid().expect("a UID").get()),
            Kind::Array | Kind::Set => self.elements(visitor),
            Kind::Dictionary => self.entries(visitor, false, &[]),
        };
        self.locate(r)
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.unwrapped(&[], |d| {
            let b = rules::boolean(d.node)?;
            d.locate(visitor.visit_bool(b))
        })
    }

    integers! {
        deserialize_i8 i8 visit_i8;
        deserialize_i16 i16 visit_i16;
        deserialize_i32 i32 visit_i32;
        deserialize_i64 i64 visit_i64;
        deserialize_i128 i128 visit_i128;
        deserialize_u8 u8 visit_u8;
        deserialize_u16 u16 visit_u16;
        deserialize_u32 u32 visit_u32;
        deserialize_u64 u64 visit_u64;
        deserialize_u128 u128 visit_u128;
    }

    /// Reals, and integers as Foundation reads them into a `Float`.
    fn deserialize_f32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.unwrapped(&[], |d| {
            let v = rules::real(d.node)?;
            d.locate(visitor.visit_f32(v as f32))
        })
    }

    fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.unwrapped(&[], |d| {
            let v = rules::real(d.node)?;
            d.locate(visitor.visit_f64(v))
        })
    }

    fn deserialize_char<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.unwrapped(&[], |d| {
            let c = rules::char(d.node)?;
            d.locate(visitor.visit_char(c))
        })
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.string(visitor, false)
    }

    /// The visitor copies the text, so its length is charged: that of the value,
    /// out of a `{Some: v}` wrapper.
    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.string(visitor, true)
    }

    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.bytes(visitor, false)
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.bytes(visitor, true)
    }

    /// `$null` (or `0x00`) is `None`. A missing struct field never gets here: serde
    /// makes it `None` itself. Elsewhere the plist crate's `{None: ""}` is `None`
    /// and its `{Some: v}` is unwrapped when the inner type asks.
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let n = self.node;
        let none = n.is_null_marker()
            || (!self.bare
                && n.is_dictionary()
                && n.len() == 1
                && n.child(0)?.str_eq("None")
                && n.child(1)?.as_ascii() == Some(""));
        let r = if none {
            visitor.visit_none()
        } else {
            visitor.visit_some(Deserializer {
                bare: false,
                wrapped: !self.bare,
                ..self
            })
        };
        self.locate(r)
    }

    /// Any string, as the plist crate writes `()` as `""`, or the `0x00` object.
    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.unwrapped(&[], |d| {
            if !matches!(d.node.kind(), Kind::String | Kind::Null) {
                return Err(d.node.mismatch("string or null (for unit)"));
            }
            d.locate(visitor.visit_unit())
        })
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_unit(visitor)
    }

    /// Answers the newtype names of dates, UIDs and trees, ours and the plist
    /// crate's; any other newtype is transparent.
    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        let r = match name {
            compat::DATE => self.unwrapped(&[], |d| {
                let date = rules::date(d.node)?;
                visitor.visit_f64(date.seconds_since_2001())
            }),
            compat::UID | compat::PLIST_UID => self.unwrapped(&[], |d| {
                let uid = d.node.as_uid().ok_or_else(|| d.node.mismatch("UID"))?;
                visitor.visit_u64(uid.get())
            }),
            compat::PLIST_DATE => self.unwrapped(&[], |d| d.date_text(visitor)),
            compat::PLIST_VALUE => visitor.visit_newtype_struct(Deserializer {
                plist_value: true,
                ..self
            }),
            compat::VALUE => self.handoff(visitor),
            _ => visitor.visit_newtype_struct(self),
        };
        self.locate(r)
    }

    /// An array; data reads as its bytes, so `Vec<u8>` reads data.
    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.unwrapped(&[], |d| {
            let n = d.node;
            let r = match n.kind() {
                Kind::Array | Kind::Set => d.elements(visitor),
                Kind::Data => d.data_as_seq(n.as_data().expect("data"), visitor),
                _ => return Err(n.mismatch("array")),
            };
            d.locate(r)
        })
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, Error> {
        self.unwrapped(&[], |d| {
            rules::tuple_len(d.node, len)?;
            d.deserialize_seq(visitor)
        })
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_tuple(len, visitor)
    }

    /// Never unwraps `{Some: v}`: a map with one `Some` key is as likely.
    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.locate(self.entries(visitor, false, &[]))
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.unwrapped(fields, |d| d.locate(d.entries(visitor, true, fields)))
    }

    /// A unit variant is its name; any other variant is `{name: value}`.
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.unwrapped(variants, |d| {
            let n = d.node;
            let r = match n.kind() {
                Kind::String => visitor.visit_enum(UnitVariant(Key::from_node(*n)?)),
                Kind::Dictionary if n.len() == 1 => {
                    let _guard = n.enter()?;
                    let key = Key::read(n, 0)?;
                    let name = key.text.clone();
                    let inner = n.child(1)?;
                    let value = d.child(&inner, false);
                    visitor
                        .visit_enum(Variant { key, value })
                        .map_err(|e| e.in_key(&name))
                }
                _ => return Err(n.mismatch("a variant name, or a dictionary of one entry")),
            };
            d.locate(r)
        })
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.string(visitor, false)
    }

    /// Reads nothing more: a skipped value costs its header alone.
    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }
}

struct Seq<'d, 'de> {
    elements: Elements<'d, 'de>,
    index: usize,
    plist_value: bool,
}

impl<'de> de::SeqAccess<'de> for Seq<'_, 'de> {
    type Error = Error;

    #[inline]
    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        let Some(next) = self.elements.next() else {
            return Ok(None);
        };
        let index = self.index;
        self.index += 1;
        let node = next.map_err(|e| e.in_index(index))?;
        let d = Deserializer {
            node: &node,
            bare: false,
            wrapped: false,
            plist_value: self.plist_value,
        };
        seed.deserialize(d).map(Some).map_err(|e| e.in_index(index))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.elements.len())
    }
}

struct Map<'d, 'de> {
    dict: Node<'d, 'de>,
    /// Entries whose key has been handed out; the value of entry `next - 1` is due.
    next: u64,
    /// The keys handed out, so that a repeated key is skipped: the first wins.
    seen: Seen<'de>,
    /// Values are struct fields.
    bare: bool,
    /// A struct's field names (serde's derive lists aliases too). A long key
    /// (`rules::LONG_KEY`) that names none of them reaches the visitor
    /// unremembered: as in derived code, it is never compared with other keys, so
    /// what it costs is bounded however often it repeats. A map hashes or compares
    /// every key whole: its long keys are remembered and charged to the byte budget.
    fields: &'static [&'static str],
    plist_value: bool,
}

impl<'de> de::MapAccess<'de> for Map<'_, 'de> {
    type Error = Error;

    #[inline]
    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        loop {
            if self.next >= self.dict.len() as u64 {
                return Ok(None);
            }
            self.next += 1;
            let key = Key::read(&self.dict, self.next - 1)?;
            let borrowed = match &key.text {
                Cow::Borrowed(b) => Some(*b),
                Cow::Owned(_) => None,
            };
            // See `Map::fields`.
            if key.text.len() > rules::LONG_KEY {
                if !self.bare {
                    self.dict.charge_bytes(key.text.len())?;
                } else if names_none(self.fields, &key.text) {
                    return seed.deserialize(key).map(Some);
                }
            }
            if self.seen.repeats(borrowed, &key.text) {
                continue;
            }
            return seed.deserialize(key).map(Some);
        }
    }

    /// Reads the value only now: a value the visitor skips costs nothing more.
    #[inline]
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        let j = self
            .next
            .checked_sub(1)
            .ok_or_else(|| Error::new(ErrorKind::SerdeOrder(CallOrder::NextValueBeforeKey)))?;
        let node = self.dict.child(self.dict.len() as u64 + j)?;
        let d = Deserializer {
            node: &node,
            bare: self.bare,
            wrapped: false,
            plist_value: self.plist_value,
        };
        seed.deserialize(d).map_err(|e| self.in_key(e, j))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.dict.len() - self.next as usize)
    }
}

/// True when `key` is none of `fields`; out of line, since no real key is long.
#[inline(never)]
fn names_none(fields: &[&str], key: &str) -> bool {
    !fields.contains(&key)
}

/// Keys a struct's dictionary has this many or fewer of are compared in a list.
const FEW: usize = 8;

/// The keys a map has handed out. Every path keeps the first of repeated keys, as
/// CoreFoundation does; a serde visitor would keep the last (`HashMap`,
/// `serde_json::Value`) or fail (a derived struct's "duplicate field"), so the
/// repeat never reaches it. A short list for the few keys of a struct, then a
/// hash set, so a large dictionary is checked in linear time.
#[derive(Default)]
struct Seen<'de> {
    few: [&'de str; FEW],
    len: usize,
    /// Past the list; made when needed, so a struct does not seed a hasher.
    many: Option<HashSet<&'de str>>,
    /// Keys converted from UTF-16 or Latin-1 (rare).
    converted: Option<HashSet<String>>,
}

impl<'de> Seen<'de> {
    /// True when `s` was handed out before; otherwise it is now. `borrowed` is
    /// `s` when it is borrowed from the input. The list alone is inlined: the
    /// whole check as one call spilled a dozen registers for every key of every
    /// struct.
    #[inline(always)]
    fn repeats(&mut self, borrowed: Option<&'de str>, s: &str) -> bool {
        match borrowed {
            // Below `FEW` keys there is no set yet, and without converted keys the
            // list holds every key handed out.
            Some(b) if self.len < FEW && self.converted.is_none() => {
                if self.few[..self.len].contains(&s) {
                    return true;
                }
                self.few[self.len] = b;
                self.len += 1;
                false
            }
            _ => self.repeats_slow(borrowed, s),
        }
    }

    /// [`Seen::repeats`] past the list, or with converted keys.
    #[inline(never)]
    fn repeats_slow(&mut self, borrowed: Option<&'de str>, s: &str) -> bool {
        if self.few[..self.len.min(FEW)].contains(&s)
            || self.many.as_ref().is_some_and(|m| m.contains(s))
            || self.converted.as_ref().is_some_and(|c| c.contains(s))
        {
            return true;
        }
        match borrowed {
            Some(b) if self.len < FEW => self.few[self.len] = b,
            Some(b) => {
                self.many.get_or_insert_with(HashSet::new).insert(b);
            }
            None => {
                self.converted
                    .get_or_insert_with(HashSet::new)
                    .insert(s.to_owned());
                return false;
            }
        }
        self.len += 1;
        false
    }
}

impl Map<'_, '_> {
    /// Prepends key `j` to an error's path; only called once something has failed.
    #[cold]
    #[inline(never)]
    fn in_key(&self, e: Error, j: u64) -> Error {
        let name = self.dict.child(j).ok().and_then(|k| k.as_str());
        e.in_key(name.as_deref().unwrap_or_default())
    }
}

/// A dictionary key, already checked to be a string: struct field names, map
/// keys, variant names. Integer map keys are parsed from their text.
struct Key<'d, 'de> {
    text: Cow<'de, str>,
    /// The key object, or the dictionary when `entry` says which of its keys.
    at: Node<'d, 'de>,
    entry: Option<u64>,
}

impl<'d, 'de> Key<'d, 'de> {
    /// Key `j` of `dict`. ASCII keys come from the document's string cache.
    #[inline(always)]
    fn read(dict: &Node<'d, 'de>, j: u64) -> Result<Self, Error> {
        match FieldKey::read(*dict, j)?.key() {
            reader::Key::Ascii(text) => Ok(Key {
                text: Cow::Borrowed(text),
                at: *dict,
                entry: Some(j),
            }),
            reader::Key::Other(node) => Key::from_node(node),
        }
    }

    /// A string used as a name: converted when UTF-16, with the copy charged.
    fn from_node(node: Node<'d, 'de>) -> Result<Self, Error> {
        rules::string_key(&node)?;
        let text = node.to_str()?;
        if let Cow::Owned(s) = &text {
            node.charge_bytes(s.len())?;
        }
        Ok(Key {
            text,
            at: node,
            entry: None,
        })
    }

    /// The key's text read by `parse` as a `target`, or [`ErrorKind::KeyNotParsed`].
    fn parse<T>(&self, target: &'static str, parse: fn(&str) -> Option<T>) -> Result<T, Error> {
        parse(&self.text).ok_or_else(|| {
            let kind = ErrorKind::KeyNotParsed {
                key: shown_key(&self.text),
                target,
            };
            match self.entry.map(|j| self.at.child(j)) {
                Some(Ok(key)) => key.error(kind),
                _ => self.at.error(kind),
            }
        })
    }
}

/// Keys read as numbers and booleans. Integers take only their decimal form, as
/// `serde_json` and the derive read them (`rules::integer_key_text`).
macro_rules! parsed_keys {
    ($($method:ident $t:ident $visit:ident $parse:expr;)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            visitor.$visit(self.parse::<$t>(stringify!($t), $parse)?)
        }
    )*};
}

impl<'de> de::Deserializer<'de> for Key<'_, 'de> {
    type Error = Error;

    /// A map key the visitor may copy (`HashMap<String, _>`, `serde_json::Value`
    /// through `deserialize_str`, serde's buffered content): borrowed text is
    /// charged as converted text was.
    #[inline]
    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.text {
            Cow::Borrowed(s) => {
                self.at.charge_bytes(s.len())?;
                visitor.visit_borrowed_str(s)
            }
            Cow::Owned(s) => visitor.visit_string(s),
        }
    }

    /// A name matched against a struct's fields or an enum's variants, not copied.
    #[inline]
    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.text {
            Cow::Borrowed(s) => visitor.visit_borrowed_str(s),
            Cow::Owned(s) => visitor.visit_string(s),
        }
    }

    parsed_keys! {
        deserialize_bool bool visit_bool |t| t.parse().ok();
        deserialize_i8 i8 visit_i8 rules::integer_key_text;
        deserialize_i16 i16 visit_i16 rules::integer_key_text;
        deserialize_i32 i32 visit_i32 rules::integer_key_text;
        deserialize_i64 i64 visit_i64 rules::integer_key_text;
        deserialize_i128 i128 visit_i128 rules::integer_key_text;
        deserialize_u8 u8 visit_u8 rules::integer_key_text;
        deserialize_u16 u16 visit_u16 rules::integer_key_text;
        deserialize_u32 u32 visit_u32 rules::integer_key_text;
        deserialize_u64 u64 visit_u64 rules::integer_key_text;
        deserialize_u128 u128 visit_u128 rules::integer_key_text;
        deserialize_f32 f32 visit_f32 |t| t.parse().ok();
        deserialize_f64 f64 visit_f64 |t| t.parse().ok();
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_enum(UnitVariant(self))
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }

    forward_to_deserialize_any! {
        char str string bytes byte_buf unit unit_struct seq tuple tuple_struct map struct
    }
}

/// One byte of a data object read as a sequence (`Vec<u8>` without `serde_bytes`),
/// and the object, for the error when the element type is not an integer.
struct DataByte<'n, 'd, 'de>(u8, &'n Node<'d, 'de>);

impl<'de> de::IntoDeserializer<'de, Error> for DataByte<'_, '_, 'de> {
    type Deserializer = Self;

    fn into_deserializer(self) -> Self {
        self
    }
}

impl<'de> de::Deserializer<'de> for DataByte<'_, '_, 'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_u8(self.0)
    }

    /// A `PlistValue` element would read each byte as an integer: data is not an
    /// array of values, as the derive and `from_slice::<Vec<PlistValue>>` say.
    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        if name == compat::PLIST_VALUE || name == compat::VALUE {
            return Err(self.1.mismatch("array"));
        }
        visitor.visit_newtype_struct(self)
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes
        byte_buf option unit unit_struct seq tuple tuple_struct map struct enum
        identifier ignored_any
    }
}

/// A variant given by its name alone.
struct UnitVariant<'d, 'de>(Key<'d, 'de>);

impl<'de> de::EnumAccess<'de> for UnitVariant<'_, 'de> {
    type Error = Error;
    type Variant = UnitOnly;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, UnitOnly), Error> {
        Ok((seed.deserialize(self.0)?, UnitOnly))
    }
}

/// What follows a bare variant name: nothing, so only a unit variant fits.
struct UnitOnly;

impl<'de> de::VariantAccess<'de> for UnitOnly {
    type Error = Error;

    fn unit_variant(self) -> Result<(), Error> {
        Ok(())
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, _: T) -> Result<T::Value, Error> {
        Err(de::Error::invalid_type(
            Unexpected::UnitVariant,
            &"a variant with a value, written as {name: value}",
        ))
    }

    fn tuple_variant<V: Visitor<'de>>(self, _: usize, _: V) -> Result<V::Value, Error> {
        Err(de::Error::invalid_type(
            Unexpected::UnitVariant,
            &"a tuple variant, written as {name: [fields]}",
        ))
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _: &'static [&'static str],
        _: V,
    ) -> Result<V::Value, Error> {
        Err(de::Error::invalid_type(
            Unexpected::UnitVariant,
            &"a struct variant, written as {name: {fields}}",
        ))
    }
}

/// A variant written as `{name: value}`.
struct Variant<'n, 'd, 'de> {
    key: Key<'d, 'de>,
    value: Deserializer<'n, 'd, 'de>,
}

impl<'n, 'd, 'de> de::EnumAccess<'de> for Variant<'n, 'd, 'de> {
    type Error = Error;
    type Variant = Deserializer<'n, 'd, 'de>;

    fn variant_seed<V: DeserializeSeed<'de>>(
        self,
        seed: V,
    ) -> Result<(V::Value, Deserializer<'n, 'd, 'de>), Error> {
        Ok((seed.deserialize(self.key)?, self.value))
    }
}

impl<'de> de::VariantAccess<'de> for Deserializer<'_, '_, 'de> {
    type Error = Error;

    /// `{name: ""}`, the form plist 1.0 wrote unit variants in.
    fn unit_variant(self) -> Result<(), Error> {
        de::Deserializer::deserialize_unit(self, ::serde::de::IgnoredAny).map(drop)
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, Error> {
        seed.deserialize(self)
    }

    fn tuple_variant<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_tuple(self, len, visitor)
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_struct(self, "", fields, visitor)
    }
}
