//! The deterministic benchmark document: an HTTP debugging proxy's saved project,
//! drawn from two splitmix64 streams. Tests, examples and benches all build it
//! from here so that every measurement runs over the same tree. Its specification
//! and an independent Python implementation, `gen_doc.py`, live outside the
//! repository in `../shared/bench/`; `tests/bench_doc_matches_python.rs` checks
//! that the two build the same tree.

use std::fmt::Write as _;

use plistvalue::{Date, FromPlist, ToPlist};
use serde::{Deserialize, Serialize};

/// Seed of stream S, which drives everything except body bytes.
pub const STRUCTURE_SEED: u64 = 0x243F_6A88_85A3_08D3;
/// Seed of stream B; bodies have their own stream so both variants share all
/// non-body content.
pub const BODY_SEED: u64 = 0x1319_8A2E_0370_7344;

/// Seconds from 2001-01-01T00:00:00Z (the plist epoch) to 2024-01-01T00:00:00Z.
const CREATED_SECS: u64 = 725_760_000;
const BODY_LEN: usize = 2048;
const POOL_SIZE: u64 = 200;

/// The splitmix64 generator; every draw is part of the document, so the arithmetic
/// must stay exactly as the Python implementation has it.
#[derive(Debug, Clone)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// The generator at `seed`.
    pub fn new(seed: u64) -> Self {
        Self { state: seed }
    }

    /// The next draw. It never ends, so `Iterator` would
    /// only add an `Option` to unwrap on every call.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Plain modulo: the small bias is part of the spec.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// A draw in `[0, 1)`, from its top 53 bits.
    pub fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// `len / 8` draws, each stored little-endian.
    pub fn bytes(&mut self, len: usize) -> Vec<u8> {
        assert_eq!(len % 8, 0, "bytes({len}): length must be a multiple of 8");
        let mut out = Vec::with_capacity(len);
        for _ in 0..len / 8 {
            out.extend_from_slice(&self.next().to_le_bytes());
        }
        out
    }

    fn pick<'t>(&mut self, table: &[&'t str]) -> &'t str {
        table[self.below(table.len() as u64) as usize]
    }
}

/// Writes `plistvalue::Date` through `plist::Date` so the plist crate emits a real
/// binary-plist date rather than a real number. Both convert through `SystemTime`.
mod plist_date {
    use std::time::SystemTime;

    use plistvalue::Date;
    use serde::{de, ser, Deserialize, Deserializer, Serialize, Serializer};

    #[allow(
        clippy::trivially_copy_pass_by_ref,
        reason = "serde's `with` passes the field by reference"
    )]
    pub fn serialize<S: Serializer>(date: &Date, serializer: S) -> Result<S::Ok, S::Error> {
        let time = SystemTime::try_from(*date).map_err(ser::Error::custom)?;
        plist::Date::from(time).serialize(serializer)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Date, D::Error> {
        let date = Date::from(SystemTime::from(plist::Date::deserialize(deserializer)?));
        if date.seconds_since_2001().is_finite() {
            Ok(date)
        } else {
            Err(de::Error::custom("date out of range"))
        }
    }
}

/// The document: a proxy session with its settings and captured messages.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToPlist, FromPlist)]
pub struct Project {
    /// The session's name.
    pub name: String,
    /// The file format's version, 3.
    pub version: u64,
    /// When the session was created.
    #[serde(with = "plist_date")]
    pub created: Date,
    /// The session's settings.
    pub settings: Settings,
    /// The captured messages, in order.
    pub messages: Vec<Message>,
}

/// The session's settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToPlist, FromPlist)]
#[serde(rename_all = "camelCase")]
#[plist(rename_all = "camelCase")]
pub struct Settings {
    /// Whether bodies are recorded.
    pub capture_bodies: bool,
    /// The largest body recorded, in bytes.
    pub max_body_size: u64,
    /// The UI theme.
    pub theme: String,
    /// Hosts whose TLS traffic is decrypted.
    pub ssl_proxying_hosts: Vec<String>,
    /// The request timeout, in seconds.
    pub timeout: f64,
}

/// One captured request and its response.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToPlist, FromPlist)]
#[serde(rename_all = "camelCase")]
#[plist(rename_all = "camelCase")]
pub struct Message {
    /// The message's number in the session.
    pub id: u64,
    /// The HTTP method.
    pub method: String,
    /// The request URL.
    pub url: String,
    /// The response status.
    pub status_code: u64,
    /// When the request was sent.
    #[serde(with = "plist_date")]
    pub start_date: Date,
    /// Seconds until the response completed.
    pub duration: f64,
    /// What was sent.
    pub request: Exchange,
    /// What came back.
    pub response: Exchange,
    /// Absent (not empty) in about 90% of messages.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub comment: Option<String>,
}

/// A request or a response: headers and a body.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToPlist, FromPlist)]
pub struct Exchange {
    /// The headers, in order.
    pub headers: Vec<Header>,
    /// `serde_bytes` makes this a plist data object instead of an array of integers.
    #[serde(with = "serde_bytes")]
    pub body: Vec<u8>,
}

/// One HTTP header.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToPlist, FromPlist)]
pub struct Header {
    /// The header's name.
    pub name: String,
    /// The header's value.
    pub value: String,
}

/// Same shape as [`Project`], borrowing strings and bodies from the input so
/// zero-copy readers can be measured against the owned model.
#[derive(Debug, PartialEq, Deserialize, FromPlist)]
pub struct ProjectRef<'a> {
    /// The session's name.
    pub name: &'a str,
    /// The file format's version, 3.
    pub version: u64,
    /// When the session was created.
    #[serde(with = "plist_date")]
    pub created: Date,
    /// The session's settings.
    #[serde(borrow)]
    pub settings: SettingsRef<'a>,
    /// The captured messages, in order.
    #[serde(borrow)]
    pub messages: Vec<MessageRef<'a>>,
}

/// [`Settings`], borrowing from the input.
#[derive(Debug, PartialEq, Deserialize, FromPlist)]
#[serde(rename_all = "camelCase")]
#[plist(rename_all = "camelCase")]
pub struct SettingsRef<'a> {
    /// Whether bodies are recorded.
    pub capture_bodies: bool,
    /// The largest body recorded, in bytes.
    pub max_body_size: u64,
    /// The UI theme.
    pub theme: &'a str,
    /// Hosts whose TLS traffic is decrypted.
    #[serde(borrow)]
    pub ssl_proxying_hosts: Vec<&'a str>,
    /// The request timeout, in seconds.
    pub timeout: f64,
}

/// [`Message`], borrowing from the input.
#[derive(Debug, PartialEq, Deserialize, FromPlist)]
#[serde(rename_all = "camelCase")]
#[plist(rename_all = "camelCase")]
pub struct MessageRef<'a> {
    /// The message's number in the session.
    pub id: u64,
    /// The HTTP method.
    pub method: &'a str,
    /// The request URL.
    pub url: &'a str,
    /// The response status.
    pub status_code: u64,
    /// When the request was sent.
    #[serde(with = "plist_date")]
    pub start_date: Date,
    /// Seconds until the response completed.
    pub duration: f64,
    /// What was sent.
    #[serde(borrow)]
    pub request: ExchangeRef<'a>,
    /// What came back.
    #[serde(borrow)]
    pub response: ExchangeRef<'a>,
    /// A note on the message, absent from most.
    #[serde(borrow, default)]
    pub comment: Option<&'a str>,
}

/// [`Exchange`], borrowing from the input.
#[derive(Debug, PartialEq, Deserialize, FromPlist)]
pub struct ExchangeRef<'a> {
    /// The headers, in order.
    #[serde(borrow)]
    pub headers: Vec<HeaderRef<'a>>,
    /// The body's bytes.
    #[serde(borrow, with = "serde_bytes")]
    pub body: &'a [u8],
}

/// [`Header`], borrowing from the input.
#[derive(Debug, PartialEq, Deserialize, FromPlist)]
pub struct HeaderRef<'a> {
    /// The header's name.
    pub name: &'a str,
    /// The header's value.
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

/// Which body bytes the document carries; everything else is identical.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Variant {
    /// Every non-empty body is fresh random bytes: the main workload.
    Random,
    /// Bodies repeat from a pool of 200, so a deduplicating writer can shrink the file.
    Pool,
}

const HOSTS: [&str; 20] = [
    "api.example.com",
    "cdn.example.com",
    "auth.example.com",
    "images.example.net",
    "static.example.org",
    "www.example.com",
    "graph.example.io",
    "events.example.io",
    "pay.example.com",
    "search.example.net",
    "m.example.com",
    "upload.example.org",
    "ws.example.io",
    "feeds.example.net",
    "maps.example.com",
    "mail.example.org",
    "news.example.com",
    "video.example.net",
    "metrics.example.io",
    "config.example.com",
];
const RESOURCES: [&str; 16] = [
    "users", "orders", "items", "carts", "sessions", "products", "search", "feed", "messages",
    "events", "photos", "comments", "likes", "settings", "devices", "tokens",
];
const USER_AGENTS: [&str; 4] = [
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_2) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148",
    "ExampleApp/5.4.1 (iPhone; iOS 17.2; Scale/3.00)",
    "curl/8.4.0",
];
const ACCEPTS: [&str; 3] = [
    "*/*",
    "application/json",
    "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
];
const REQ_CONTENT_TYPES: [&str; 3] = [
    "application/json",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=----AnchorBoundary",
];
const RESP_CONTENT_TYPES: [&str; 4] = [
    "application/json; charset=utf-8",
    "text/html; charset=utf-8",
    "image/jpeg",
    "application/octet-stream",
];
const SERVERS: [&str; 4] = [
    "nginx/1.25.3",
    "cloudflare",
    "Apache/2.4.58 (Unix)",
    "envoy",
];
const RESP_CACHE_CONTROL: [&str; 3] = ["no-store", "max-age=60", "private, max-age=0"];
const X_CACHE: [&str; 2] = ["HIT", "MISS"];

/// Builds the document with `n` messages.
pub fn generate(n: usize, variant: Variant) -> Project {
    let mut structure = SplitMix64::new(STRUCTURE_SEED);
    let mut bodies = BodySource::new(variant);
    let messages = (0..n)
        .map(|i| message(i as u64, &mut structure, &mut bodies))
        .collect();
    Project {
        name: "Anchor benchmark session".to_owned(),
        version: 3,
        created: Date::from_seconds_since_2001(CREATED_SECS as f64),
        settings: Settings {
            capture_bodies: true,
            max_body_size: 1_048_576,
            theme: "dark".to_owned(),
            ssl_proxying_hosts: HOSTS[..3].iter().map(|&h| h.to_owned()).collect(),
            timeout: 30.0,
        },
        messages,
    }
}

/// Stream B plus, for the pool variant, the 200 bodies drawn before any message.
struct BodySource {
    stream: SplitMix64,
    pool: Option<Vec<Vec<u8>>>,
}

impl BodySource {
    fn new(variant: Variant) -> Self {
        let mut stream = SplitMix64::new(BODY_SEED);
        let pool = match variant {
            Variant::Random => None,
            Variant::Pool => Some((0..POOL_SIZE).map(|_| stream.bytes(BODY_LEN)).collect()),
        };
        Self { stream, pool }
    }

    /// Empty bodies consume no draw, so callers must ask in message order,
    /// request before response.
    fn body(&mut self, present: bool) -> Vec<u8> {
        if !present {
            return Vec::new();
        }
        match &self.pool {
            None => self.stream.bytes(BODY_LEN),
            Some(pool) => pool[self.stream.below(POOL_SIZE) as usize].clone(),
        }
    }
}

/// Message `i`; the order of draws from `s` is part of the document, as the
/// Python implementation draws them.
fn message(i: u64, s: &mut SplitMix64, bodies: &mut BodySource) -> Message {
    let method = match s.below(100) {
        0..=69 => "GET",
        70..=84 => "POST",
        85..=89 => "PUT",
        _ => "DELETE",
    };
    let host = s.pick(&HOSTS);
    let api_version = 1 + s.below(3);
    let resource = s.pick(&RESOURCES);
    let object_id = s.below(1_000_000);
    let mut url = String::with_capacity(72);
    write!(
        url,
        "https://{host}/api/v{api_version}/{resource}/{object_id}"
    )
    .expect("writing to a String cannot fail");
    if s.below(4) == 0 {
        write!(url, "?page={}&limit=50", s.below(50)).expect("writing to a String cannot fail");
    }
    let status_code = match s.below(100) {
        0..=69 => 200,
        70..=79 => 201,
        80..=84 => 204,
        85..=89 => 304,
        90..=94 => 404,
        95..=97 => 500,
        _ => 401,
    };
    let start_date = Date::from_seconds_since_2001((CREATED_SECS + 60 + 3 * i + s.below(3)) as f64);
    let duration = 0.001 + s.unit() * 2.0;

    let request_body = bodies.body(matches!(method, "POST" | "PUT"));
    let response_body = bodies.body(matches!(status_code, 200 | 201));

    let count = 8 + s.below(5) as usize;
    let mut request_headers = Vec::with_capacity(count);
    // Every header list has at least 8 entries, so both lists carry X-Request-Id.
    let mut request_id = String::new();
    for j in 0..count {
        let (name, value) = match j {
            0 => ("Host", host.to_owned()),
            1 => ("User-Agent", s.pick(&USER_AGENTS).to_owned()),
            2 => ("Accept", s.pick(&ACCEPTS).to_owned()),
            3 => ("Accept-Encoding", "gzip, deflate, br".to_owned()),
            4 => ("Accept-Language", "en-US,en;q=0.9".to_owned()),
            5 => ("Connection", "keep-alive".to_owned()),
            6 => {
                request_id = with_hex16("", s.next(), "");
                ("X-Request-Id", request_id.clone())
            }
            7 => ("Cache-Control", "no-cache".to_owned()),
            8 => (
                "Authorization",
                with_decimal("Bearer token-", s.below(8), ""),
            ),
            9 => ("Content-Type", s.pick(&REQ_CONTENT_TYPES).to_owned()),
            10 => ("Cookie", with_hex16("session=", s.next(), "")),
            _ => ("X-Client-Version", with_decimal("5.", s.below(10), ".0")),
        };
        request_headers.push(Header {
            name: name.to_owned(),
            value,
        });
    }

    let count = 8 + s.below(5) as usize;
    let mut response_headers = Vec::with_capacity(count);
    for j in 0..count {
        let (name, value) = match j {
            0 => ("Content-Type", s.pick(&RESP_CONTENT_TYPES).to_owned()),
            1 => (
                "Content-Length",
                with_decimal("", response_body.len() as u64, ""),
            ),
            2 => ("Server", s.pick(&SERVERS).to_owned()),
            3 => ("Cache-Control", s.pick(&RESP_CACHE_CONTROL).to_owned()),
            4 => ("Connection", "keep-alive".to_owned()),
            5 => ("Vary", "Accept-Encoding".to_owned()),
            6 => ("X-Request-Id", std::mem::take(&mut request_id)),
            7 => ("ETag", with_hex16("\"", s.next(), "\"")),
            8 => (
                "Strict-Transport-Security",
                "max-age=31536000; includeSubDomains".to_owned(),
            ),
            9 => ("Access-Control-Allow-Origin", "*".to_owned()),
            10 => ("X-Cache", s.pick(&X_CACHE).to_owned()),
            _ => ("Age", with_decimal("", s.below(3600), "")),
        };
        response_headers.push(Header {
            name: name.to_owned(),
            value,
        });
    }

    let comment = (s.below(10) == 0).then(|| with_decimal("Flagged by rule #", s.below(50), ""));

    Message {
        id: i + 1,
        method: method.to_owned(),
        url,
        status_code,
        start_date,
        duration,
        request: Exchange {
            headers: request_headers,
            body: request_body,
        },
        response: Exchange {
            headers: response_headers,
            body: response_body,
        },
        comment,
    }
}

/// `prefix`, `n` in decimal, `suffix` in one allocation (no `format!` buffer growth).
fn with_decimal(prefix: &str, n: u64, suffix: &str) -> String {
    let mut out = String::with_capacity(prefix.len() + 20 + suffix.len());
    out.push_str(prefix);
    write!(out, "{n}").expect("writing to a String cannot fail");
    out.push_str(suffix);
    out
}

/// `prefix`, `x` as exactly 16 lowercase hex digits, `suffix`; hand-rolled
/// because it runs several times per message.
fn with_hex16(prefix: &str, x: u64, suffix: &str) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(prefix.len() + 16 + suffix.len());
    out.push_str(prefix);
    for shift in (0..16).rev() {
        out.push(char::from(DIGITS[((x >> (shift * 4)) & 0xf) as usize]));
    }
    out.push_str(suffix);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::OnceLock;

    /// The N = 20000 random document, built once for all tests that need it.
    fn doc_20k() -> &'static Project {
        static DOC: OnceLock<Project> = OnceLock::new();
        DOC.get_or_init(|| generate(20_000, Variant::Random))
    }

    fn headers(pairs: &[(&str, &str)]) -> Vec<Header> {
        pairs
            .iter()
            .map(|&(name, value)| Header {
                name: name.to_owned(),
                value: value.to_owned(),
            })
            .collect()
    }

    fn header<'m>(list: &'m [Header], name: &str) -> &'m str {
        &list.iter().find(|h| h.name == name).expect(name).value
    }

    #[test]
    fn splitmix64_reference_values() {
        assert_eq!(SplitMix64::new(0).next(), 0xe220_a839_7b1d_cdaf);
        let mut s = SplitMix64::new(STRUCTURE_SEED);
        let first: Vec<u64> = (0..3).map(|_| s.next()).collect();
        assert_eq!(
            first,
            [
                0x2cb0_f69f_4abe_a221,
                0x9417_0347_2314_8989,
                0xdd55_5950_609d_fe03
            ]
        );
        let mut b = SplitMix64::new(BODY_SEED);
        let first: Vec<u64> = (0..3).map(|_| b.next()).collect();
        assert_eq!(
            first,
            [
                0x3bb5_48a5_53e6_12ba,
                0x4069_ce2e_db03_5080,
                0xff06_faea_22f3_67be
            ]
        );
    }

    #[test]
    fn derived_draws() {
        let mut s = SplitMix64::new(BODY_SEED);
        let bytes = s.bytes(16);
        assert_eq!(
            bytes,
            [
                0xba, 0x12, 0xe6, 0x53, 0xa5, 0x48, 0xb5, 0x3b, 0x80, 0x50, 0x03, 0xdb, 0x2e, 0xce,
                0x69, 0x40
            ]
        );
        assert_eq!(s.below(0x100), 0xbe);
        let mut s = SplitMix64::new(0);
        assert_eq!(
            s.unit(),
            (0xe220_a839_7b1d_cdaf_u64 >> 11) as f64 / 2f64.powi(53)
        );
        assert_eq!(with_hex16("\"", 0xab, "\""), "\"00000000000000ab\"");
    }

    #[test]
    fn message_0() {
        let m = &doc_20k().messages[0];
        assert_eq!(m.id, 1);
        assert_eq!(m.method, "GET");
        assert_eq!(
            m.url,
            "https://search.example.net/api/v2/users/406774?page=6&limit=50"
        );
        assert_eq!(m.status_code, 200);
        // 2024-01-01T00:01:02Z
        assert_eq!(m.start_date, Date::from_seconds_since_2001(725_760_062.0));
        assert_eq!(m.duration, 0.671_144_365_578_540_4);
        assert_eq!(
            m.request.headers,
            headers(&[
                ("Host", "search.example.net"),
                ("User-Agent", USER_AGENTS[1]),
                ("Accept", "*/*"),
                ("Accept-Encoding", "gzip, deflate, br"),
                ("Accept-Language", "en-US,en;q=0.9"),
                ("Connection", "keep-alive"),
                ("X-Request-Id", "af1d56386ca3b276"),
                ("Cache-Control", "no-cache"),
                ("Authorization", "Bearer token-2"),
                ("Content-Type", "application/x-www-form-urlencoded"),
                ("Cookie", "session=980ce91c50ab4b56"),
                ("X-Client-Version", "5.3.0"),
            ])
        );
        assert!(m.request.body.is_empty());
        assert_eq!(
            m.response.headers,
            headers(&[
                ("Content-Type", "application/json; charset=utf-8"),
                ("Content-Length", "2048"),
                ("Server", "Apache/2.4.58 (Unix)"),
                ("Cache-Control", "private, max-age=0"),
                ("Connection", "keep-alive"),
                ("Vary", "Accept-Encoding"),
                ("X-Request-Id", "af1d56386ca3b276"),
                ("ETag", "\"bf194db8434a346d\""),
            ])
        );
        assert_eq!(m.response.body.len(), BODY_LEN);
        assert_eq!(
            m.response.body[..16],
            [
                0xba, 0x12, 0xe6, 0x53, 0xa5, 0x48, 0xb5, 0x3b, 0x80, 0x50, 0x03, 0xdb, 0x2e, 0xce,
                0x69, 0x40
            ]
        );
        assert_eq!(m.comment, None);
    }

    #[test]
    fn message_0_pool_body() {
        let doc = generate(1, Variant::Pool);
        assert_eq!(
            doc.messages[0].response.body[..16],
            [
                0x12, 0xa9, 0xdc, 0x19, 0xea, 0x14, 0xcd, 0xf4, 0x27, 0xcd, 0xbe, 0xa8, 0x44, 0xb1,
                0x20, 0xa4
            ]
        );
    }

    #[test]
    fn message_19999() {
        let m = &doc_20k().messages[19_999];
        assert_eq!(m.id, 20_000);
        assert_eq!(m.method, "GET");
        assert_eq!(
            m.url,
            "https://ws.example.io/api/v1/devices/718480?page=36&limit=50"
        );
        assert_eq!(m.status_code, 201);
        // 2024-01-01T16:40:57Z
        assert_eq!(
            m.start_date,
            Date::from_seconds_since_2001(725_760_000.0 + 16.0 * 3600.0 + 40.0 * 60.0 + 57.0)
        );
        assert_eq!(m.duration, 1.521_255_246_756_930_2);
        assert_eq!(m.request.headers.len(), 10);
        assert_eq!(m.response.headers.len(), 11);
        assert_eq!(
            header(&m.request.headers, "X-Request-Id"),
            "03875aaf2f50864b"
        );
        assert_eq!(
            header(&m.response.headers, "X-Request-Id"),
            "03875aaf2f50864b"
        );
        assert_eq!(m.comment, None);
    }

    #[test]
    fn distribution_20k() {
        let doc = doc_20k();
        let count =
            |pred: &dyn Fn(&Message) -> bool| doc.messages.iter().filter(|m| pred(m)).count();
        let methods: Vec<usize> = ["GET", "POST", "PUT", "DELETE"]
            .iter()
            .map(|&method| count(&|m| m.method == method))
            .collect();
        assert_eq!(methods, [13_994, 3_013, 994, 1_999]);
        let statuses: Vec<usize> = [200, 201, 204, 304, 404, 500, 401]
            .iter()
            .map(|&status| count(&|m| m.status_code == status))
            .collect();
        assert_eq!(statuses, [14_002, 2_002, 995, 986, 983, 609, 423]);
        assert_eq!(count(&|m| m.comment.is_some()), 1_959);
        let sum: f64 = doc.messages.iter().map(|m| m.duration).sum();
        assert_eq!(sum, 20_076.523_621_309_767);

        let exchanges = || doc.messages.iter().flat_map(|m| [&m.request, &m.response]);
        let bodies: Vec<usize> = exchanges()
            .map(|e| e.body.len())
            .filter(|&len| len > 0)
            .collect();
        assert_eq!(bodies.len(), 20_011);
        assert_eq!(bodies.iter().sum::<usize>(), 40_982_528);
        assert_eq!(exchanges().map(|e| e.headers.len()).sum::<usize>(), 400_439);
    }

    #[test]
    fn variants_differ_only_in_bodies() {
        let strip = |mut doc: Project| {
            for m in &mut doc.messages {
                m.request.body.clear();
                m.response.body.clear();
            }
            doc
        };
        let random = generate(300, Variant::Random);
        let pool = generate(300, Variant::Pool);
        assert_ne!(random, pool);
        assert_eq!(strip(random), strip(pool));
    }

    #[test]
    fn plist_round_trip_keeps_dates_and_absent_comments() {
        let doc = generate(50, Variant::Pool);
        assert!(doc.messages.iter().any(|m| m.comment.is_some()));
        let mut bytes = Vec::new();
        plist::to_writer_binary(&mut bytes, &doc).unwrap();
        let value = plist::Value::from_reader(std::io::Cursor::new(&bytes)).unwrap();
        let first = value.as_dictionary().unwrap()["messages"]
            .as_array()
            .unwrap()[0]
            .as_dictionary()
            .unwrap();
        assert!(first["startDate"].as_date().is_some());
        assert!(!first.contains_key("comment"));
        let back: Project = plist::from_bytes(&bytes).unwrap();
        assert_eq!(back, doc);
    }

    #[test]
    fn plistvalue_derive_round_trip() {
        let doc = generate(50, Variant::Pool);
        let bytes = plistvalue::to_vec(&doc).unwrap();
        let back: Project = plistvalue::from_slice(&bytes).unwrap();
        assert_eq!(back, doc);
        let borrowed: ProjectRef<'_> = plistvalue::from_slice(&bytes).unwrap();
        assert_eq!(borrowed.messages.len(), 50);
        assert_eq!(borrowed.messages[0].url, doc.messages[0].url);
        assert_eq!(borrowed.created, doc.created);
        // The plist crate reads the derive's output as the serde model.
        let via_plist: Project = plist::from_bytes(&bytes).unwrap();
        assert_eq!(via_plist, doc);
    }
}
