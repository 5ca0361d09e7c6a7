//! The benchmark document's shape (`src/bench_doc.rs` in the root package), as
//! derived types: `#[derive(FromPlist, Deserialize)]` with bench_doc's attributes,
//! so the fuzz targets drive the code the derive generates (the `Fields` walk over
//! the document's string cache) and the serde deserializer over the same structs.
//!
//! Two differences from bench_doc: dates are plain [`Date`] fields for serde too
//! (bench_doc converts through the plist crate's date, which the fuzz crate does
//! not depend on), and nothing here derives `Serialize` or `ToPlist`: the targets
//! only decode.

use plistvalue::{Date, FromPlist};
use serde::Deserialize;

#[derive(Debug, Clone, PartialEq, Deserialize, FromPlist)]
pub struct Project {
    pub name: String,
    pub version: u64,
    pub created: Date,
    pub settings: Settings,
    pub messages: Vec<Message>,
}

#[derive(Debug, Clone, PartialEq, Deserialize, FromPlist)]
#[serde(rename_all = "camelCase")]
#[plist(rename_all = "camelCase")]
pub struct Settings {
    pub capture_bodies: bool,
    pub max_body_size: u64,
    pub theme: String,
    pub ssl_proxying_hosts: Vec<String>,
    pub timeout: f64,
}

#[derive(Debug, Clone, PartialEq, Deserialize, FromPlist)]
#[serde(rename_all = "camelCase")]
#[plist(rename_all = "camelCase")]
pub struct Message {
    pub id: u64,
    pub method: String,
    pub url: String,
    pub status_code: u64,
    pub start_date: Date,
    pub duration: f64,
    pub request: Exchange,
    pub response: Exchange,
    #[serde(default)]
    pub comment: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Deserialize, FromPlist)]
pub struct Exchange {
    pub headers: Vec<Header>,
    #[serde(with = "serde_bytes")]
    pub body: Vec<u8>,
}

#[derive(Debug, Clone, PartialEq, Deserialize, FromPlist)]
pub struct Header {
    pub name: String,
    pub value: String,
}

/// Same shape as [`Project`], borrowing strings and bodies from the input.
#[derive(Debug, PartialEq, Deserialize, FromPlist)]
pub struct ProjectRef<'a> {
    pub name: &'a str,
    pub version: u64,
    pub created: Date,
    #[serde(borrow)]
    pub settings: SettingsRef<'a>,
    #[serde(borrow)]
    pub messages: Vec<MessageRef<'a>>,
}

#[derive(Debug, PartialEq, Deserialize, FromPlist)]
#[serde(rename_all = "camelCase")]
#[plist(rename_all = "camelCase")]
pub struct SettingsRef<'a> {
    pub capture_bodies: bool,
    pub max_body_size: u64,
    pub theme: &'a str,
    #[serde(borrow)]
    pub ssl_proxying_hosts: Vec<&'a str>,
    pub timeout: f64,
}

#[derive(Debug, PartialEq, Deserialize, FromPlist)]
#[serde(rename_all = "camelCase")]
#[plist(rename_all = "camelCase")]
pub struct MessageRef<'a> {
    pub id: u64,
    pub method: &'a str,
    pub url: &'a str,
    pub status_code: u64,
    pub start_date: Date,
    pub duration: f64,
    #[serde(borrow)]
    pub request: ExchangeRef<'a>,
    #[serde(borrow)]
    pub response: ExchangeRef<'a>,
    #[serde(borrow, default)]
    pub comment: Option<&'a str>,
}

#[derive(Debug, PartialEq, Deserialize, FromPlist)]
pub struct ExchangeRef<'a> {
    #[serde(borrow)]
    pub headers: Vec<HeaderRef<'a>>,
    #[serde(borrow, with = "serde_bytes")]
    pub body: &'a [u8],
}

#[derive(Debug, PartialEq, Deserialize, FromPlist)]
pub struct HeaderRef<'a> {
    pub name: &'a str,
    pub value: &'a str,
}

impl ProjectRef<'_> {
    /// The owned model with the same content, to compare the two decodes.
    pub fn to_owned_model(&self) -> Project {
        let exchange = |e: &ExchangeRef<'_>| Exchange {
            headers: e
                .headers
                .iter()
                .map(|h| Header {
                    name: h.name.to_owned(),
                    value: h.value.to_owned(),
                })
                .collect(),
            body: e.body.to_vec(),
        };
        Project {
            name: self.name.to_owned(),
            version: self.version,
            created: self.created,
            settings: Settings {
                capture_bodies: self.settings.capture_bodies,
                max_body_size: self.settings.max_body_size,
                theme: self.settings.theme.to_owned(),
                ssl_proxying_hosts: self
                    .settings
                    .ssl_proxying_hosts
                    .iter()
                    .map(|&h| h.to_owned())
                    .collect(),
                timeout: self.settings.timeout,
            },
            messages: self
                .messages
                .iter()
                .map(|m| Message {
                    id: m.id,
                    method: m.method.to_owned(),
                    url: m.url.to_owned(),
                    status_code: m.status_code,
                    start_date: m.start_date,
                    duration: m.duration,
                    request: exchange(&m.request),
                    response: exchange(&m.response),
                    comment: m.comment.map(str::to_owned),
                })
                .collect(),
        }
    }
}
