//! The benchmark document's shape (`src/bench_doc.rs` in the root package), with
//! hand-written `FromPlist` impls in the style the derive generates: each struct
//! enters its dictionary (depth limit and node budget) and reads its fields by key.
//! To be replaced by the derived model once `#[derive(FromPlist)]` lands.

use plistvalue::{Date, Error, FromPlist, Node};

#[derive(Debug)]
pub struct Project {
    pub name: String,
    pub version: u64,
    pub created: Date,
    pub settings: Settings,
    pub messages: Vec<Message>,
}

#[derive(Debug)]
pub struct Settings {
    pub capture_bodies: bool,
    pub max_body_size: u64,
    pub theme: String,
    pub ssl_proxying_hosts: Vec<String>,
    pub timeout: f64,
}

#[derive(Debug)]
pub struct Message {
    pub id: u64,
    pub method: String,
    pub url: String,
    pub status_code: u64,
    pub start_date: Date,
    pub duration: f64,
    pub request: Exchange,
    pub response: Exchange,
    pub comment: Option<String>,
}

#[derive(Debug)]
pub struct Exchange {
    pub headers: Vec<Header>,
    pub body: Vec<u8>,
}

#[derive(Debug)]
pub struct Header {
    pub name: String,
    pub value: String,
}

/// A required field: missing is an error naming it.
fn field<'a, T: FromPlist<'a>>(node: Node<'_, 'a>, key: &'static str) -> Result<T, Error> {
    match node.get(key)? {
        Some(v) => T::from_plist(v).map_err(|e| e.in_key(key)),
        None => Err(node.error(plistvalue::ErrorKind::MissingField(key))),
    }
}

/// An optional field: missing (or `$null`) is `None`.
fn optional<'a, T: FromPlist<'a>>(
    node: Node<'_, 'a>,
    key: &'static str,
) -> Result<Option<T>, Error> {
    match node.get(key)? {
        Some(v) => Option::<T>::from_plist(v).map_err(|e| e.in_key(key)),
        None => Ok(None),
    }
}

impl<'a> FromPlist<'a> for Project {
    fn from_plist(node: Node<'_, 'a>) -> Result<Self, Error> {
        let _guard = node.enter()?;
        Ok(Project {
            name: field(node, "name")?,
            version: field(node, "version")?,
            created: field(node, "created")?,
            settings: field(node, "settings")?,
            messages: field(node, "messages")?,
        })
    }
}

impl<'a> FromPlist<'a> for Settings {
    fn from_plist(node: Node<'_, 'a>) -> Result<Self, Error> {
        let _guard = node.enter()?;
        Ok(Settings {
            capture_bodies: field(node, "captureBodies")?,
            max_body_size: field(node, "maxBodySize")?,
            theme: field(node, "theme")?,
            ssl_proxying_hosts: field(node, "sslProxyingHosts")?,
            timeout: field(node, "timeout")?,
        })
    }
}

impl<'a> FromPlist<'a> for Message {
    fn from_plist(node: Node<'_, 'a>) -> Result<Self, Error> {
        let _guard = node.enter()?;
        Ok(Message {
            id: field(node, "id")?,
            method: field(node, "method")?,
            url: field(node, "url")?,
            status_code: field(node, "statusCode")?,
            start_date: field(node, "startDate")?,
            duration: field(node, "duration")?,
            request: field(node, "request")?,
            response: field(node, "response")?,
            comment: optional(node, "comment")?,
        })
    }
}

impl<'a> FromPlist<'a> for Exchange {
    fn from_plist(node: Node<'_, 'a>) -> Result<Self, Error> {
        let _guard = node.enter()?;
        Ok(Exchange {
            headers: field(node, "headers")?,
            body: field(node, "body")?,
        })
    }
}

impl<'a> FromPlist<'a> for Header {
    fn from_plist(node: Node<'_, 'a>) -> Result<Self, Error> {
        let _guard = node.enter()?;
        Ok(Header {
            name: field(node, "name")?,
            value: field(node, "value")?,
        })
    }
}
