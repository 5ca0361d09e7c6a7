//! JSON pointers into a lazy document: each step reads the one container on the
//! path (a dictionary's keys, through its key index when it is large), never a
//! sibling's value.

use std::borrow::Cow;

use super::document::Document;
use super::node::{Kind, Node};
use crate::error::{Error, PathSegment};
use crate::value::pointer;

impl<'a> Document<'a> {
    /// The object a JSON pointer (RFC 6901) names from the root:
    /// [`Node::pointer`] on [`Document::root`].
    ///
    /// # Errors
    /// When an object on the path cannot be located.
    pub fn pointer(&self, pointer: &str) -> Result<Option<Node<'_, 'a>>, Error> {
        self.root()?.pointer(pointer)
    }
}

impl<'d, 'a> Node<'d, 'a> {
    /// The object a JSON pointer (RFC 6901) names from here, as
    /// [`PlistValue::pointer`](crate::PlistValue::pointer) reads it. Reads only the
    /// objects on the path.
    ///
    /// ```
    /// use plistvalue::{plist, Document};
    /// let bytes = plistvalue::to_vec(&plist!({ "messages": [{ "url": "a" }, { "url": "b" }] }))
    ///     .unwrap();
    /// let doc = Document::from_slice(&bytes).unwrap();
    /// let url = doc.pointer("/messages/1/url").unwrap().unwrap();
    /// assert_eq!(url.as_ascii(), Some("b"));
    /// assert!(doc.pointer("/messages/7/url").unwrap().is_none());
    /// ```
    ///
    /// # Errors
    /// When an object on the path cannot be located. A path that names nothing
    /// (a missing key, a position past the end, a step into a scalar, a pointer
    /// that does not start with `/`) is `Ok(None)`.
    pub fn pointer(&self, pointer: &str) -> Result<Option<Node<'d, 'a>>, Error> {
        Ok(self.follow(pointer, None)?.ok())
    }

    /// Walks `pointer` from here, pushing each step it takes (the one that finds
    /// nothing included) onto `path`, outermost first: `Ok(node)` at its end, or
    /// `Err(last)`, the last object reached, when it names nothing.
    pub(crate) fn follow(
        &self,
        pointer: &str,
        path: Option<&mut Vec<PathSegment>>,
    ) -> Result<Result<Node<'d, 'a>, Node<'d, 'a>>, Error> {
        match pointer::tokens(pointer) {
            Some(tokens) => self.walk(tokens, pointer::array_index, path),
            None => Ok(Err(*self)),
        }
    }

    /// The one lazy walk of a path's steps, for JSON pointers and plutil keypaths
    /// alike: a step is a key in a dictionary and, read by `index`, a position in an
    /// array or set; a step into anything else names nothing. Each step taken (the
    /// one that finds nothing included) is pushed onto `path` when one is given.
    /// `Ok(node)` at the end, or `Err(last)`, the last object reached.
    pub(crate) fn walk<'t>(
        &self,
        steps: impl IntoIterator<Item = Cow<'t, str>>,
        index: fn(&str) -> Option<usize>,
        mut path: Option<&mut Vec<PathSegment>>,
    ) -> Result<Result<Node<'d, 'a>, Node<'d, 'a>>, Error> {
        let mut node = *self;
        for step in steps {
            let at = match node.kind() {
                Kind::Array | Kind::Set => index(&step),
                _ => None,
            };
            let next = match (node.kind(), at) {
                (Kind::Dictionary, _) => node.get(&step)?,
                (_, Some(i)) => node.at(i)?,
                _ => None,
            };
            if let Some(path) = path.as_deref_mut() {
                path.push(match at {
                    Some(i) => PathSegment::Index(i),
                    None => PathSegment::Key(step.into_owned()),
                });
            }
            match next {
                Some(n) => node = n,
                None => return Ok(Err(node)),
            }
        }
        Ok(Ok(node))
    }
}
