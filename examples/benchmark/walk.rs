//! The walk floor: the typed encode's walk of the model with nothing stored. It
//! visits what the derive's `to_plist` visits, in the same order, and makes one call
//! into a sink per object and key the derive asks the encoder for (each container,
//! key and scalar; `None` fields are left out, as the derive leaves them). The sink
//! only counts and hides each value from the optimizer, so the time is the walk's
//! alone: the floor under any encoder of this model. It lives here, not in the
//! library, so the production writer carries no walk-only mode.

use std::hint::black_box;

use plistvalue_suite::bench_doc::{Exchange, Header, Message, Project, Settings};

/// Counts calls; every value passes through `black_box`.
#[derive(Default)]
pub struct Sink {
    pub calls: u64,
}

impl Sink {
    #[inline(always)]
    fn object<T: ?Sized>(&mut self, value: &T) {
        black_box(value);
        self.calls += 1;
    }

    /// A dictionary with `keys` present keys.
    #[inline(always)]
    fn dict(&mut self, keys: &[&'static str]) {
        self.calls += 1;
        for key in keys {
            self.object(*key);
        }
    }
}

/// Walks the project and returns the calls made.
pub fn walk(p: &Project) -> u64 {
    let mut s = Sink::default();
    s.dict(&["name", "version", "created", "settings", "messages"]);
    s.object(p.name.as_str());
    s.object(&p.version);
    s.object(&p.created);
    settings(&mut s, &p.settings);
    s.object(&p.messages.len());
    for m in &p.messages {
        message(&mut s, m);
    }
    s.calls
}

fn settings(s: &mut Sink, t: &Settings) {
    s.dict(&[
        "captureBodies",
        "maxBodySize",
        "theme",
        "sslProxyingHosts",
        "timeout",
    ]);
    s.object(&t.capture_bodies);
    s.object(&t.max_body_size);
    s.object(t.theme.as_str());
    s.object(&t.ssl_proxying_hosts.len());
    for h in &t.ssl_proxying_hosts {
        s.object(h.as_str());
    }
    s.object(&t.timeout);
}

fn message(s: &mut Sink, m: &Message) {
    const KEYS: [&str; 9] = [
        "id",
        "method",
        "url",
        "statusCode",
        "startDate",
        "duration",
        "request",
        "response",
        "comment",
    ];
    s.dict(&KEYS[..if m.comment.is_some() { 9 } else { 8 }]);
    s.object(&m.id);
    s.object(m.method.as_str());
    s.object(m.url.as_str());
    s.object(&m.status_code);
    s.object(&m.start_date);
    s.object(&m.duration);
    exchange(s, &m.request);
    exchange(s, &m.response);
    if let Some(c) = &m.comment {
        s.object(c.as_str());
    }
}

fn exchange(s: &mut Sink, e: &Exchange) {
    s.dict(&["headers", "body"]);
    s.object(&e.headers.len());
    for h in &e.headers {
        header(s, h);
    }
    s.object(e.body.as_slice());
}

fn header(s: &mut Sink, h: &Header) {
    s.dict(&["name", "value"]);
    s.object(h.name.as_str());
    s.object(h.value.as_str());
}
