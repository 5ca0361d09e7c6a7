//! The result table: rows of measurements, printed as Markdown (so a run pastes
//! straight into BENCHMARKS.md) and written as JSON.

use std::fmt::Write as _;
use std::time::Duration;

use crate::harness::Stat;

pub enum Measure {
    Time(Stat),
    /// Bytes, and optionally what they are a multiple of (a heap peak of the output).
    Bytes(u64, Option<u64>),
}

pub struct Target {
    pub goal: String,
    pub met: bool,
}

#[derive(Default)]
pub struct Row {
    pub op: String,
    pub ours: Option<Measure>,
    pub plist: Option<Measure>,
    /// The floor's name and time.
    pub floor: Option<(&'static str, Stat)>,
    pub targets: Vec<Target>,
}

impl Row {
    pub fn new(op: impl Into<String>) -> Row {
        Row {
            op: op.into(),
            ..Row::default()
        }
    }

    pub fn ours(mut self, m: Measure) -> Row {
        self.ours = Some(m);
        self
    }

    pub fn plist(mut self, m: Measure) -> Row {
        self.plist = Some(m);
        self
    }

    pub fn floor(mut self, name: &'static str, s: &Stat) -> Row {
        self.floor = Some((name, s.clone()));
        self
    }

    pub fn target(mut self, goal: impl Into<String>, met: bool) -> Row {
        self.targets.push(Target {
            goal: goal.into(),
            met,
        });
        self
    }

    /// Times: the plist crate's median over ours (above 1: we are faster). Bytes:
    /// ours over the plist crate's (below 1: we are smaller).
    pub fn vs_plist(&self) -> Option<f64> {
        match (self.ours.as_ref()?, self.plist.as_ref()?) {
            (Measure::Time(o), Measure::Time(p)) => Some(p.over(o)),
            (Measure::Bytes(o, _), Measure::Bytes(p, _)) => Some(*o as f64 / *p as f64),
            _ => None,
        }
    }

    pub fn over_floor(&self) -> Option<f64> {
        match (self.ours.as_ref()?, &self.floor) {
            (Measure::Time(o), Some((_, f))) => Some(o.over(f)),
            _ => None,
        }
    }

    fn is_time(&self) -> bool {
        matches!(self.ours, Some(Measure::Time(_)))
    }
}

pub struct Table {
    pub title: String,
    /// What was measured (messages, variant, rounds, input), for the JSON.
    pub params: Vec<(&'static str, Json)>,
    pub rows: Vec<Row>,
    pub notes: Vec<String>,
}

pub fn duration(d: Duration) -> String {
    let s = d.as_secs_f64();
    let (v, unit) = if s >= 1.0 {
        (s, "s")
    } else if s >= 1e-3 {
        (s * 1e3, "ms")
    } else if s >= 1e-6 {
        (s * 1e6, "µs")
    } else {
        (s * 1e9, "ns")
    };
    format!("{} {unit}", sig3(v))
}

fn sig3(v: f64) -> String {
    if v >= 100.0 {
        format!("{v:.0}")
    } else if v >= 10.0 {
        format!("{v:.1}")
    } else {
        format!("{v:.2}")
    }
}

pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn cell(m: Option<&Measure>) -> String {
    match m {
        None => "—".into(),
        Some(Measure::Time(s)) => format!("{} ({})", duration(s.median), duration(s.min)),
        Some(Measure::Bytes(b, None)) => thousands(*b),
        Some(Measure::Bytes(b, Some(of))) => {
            format!("{:.1} MB = {:.2}×", *b as f64 / 1e6, *b as f64 / *of as f64)
        }
    }
}

/// A ratio to two significant figures, as "1.2×", "35×", "120×", "> 1000×": the
/// rounds of a noisy machine do not carry more.
pub fn ratio(x: f64) -> String {
    if !x.is_finite() || x <= 0.0 {
        return "—".into();
    }
    if x > 1000.0 {
        return "> 1000×".into();
    }
    // The power of ten of the first figure: 0 for 1.2, 1 for 35, -2 for 0.054.
    let magnitude = x.log10().floor() as i32;
    let step = 10f64.powi(magnitude - 1);
    let rounded = (x / step).round() * step;
    // 9.96 rounds to 10: one decimal fewer keeps two figures.
    let magnitude = magnitude + i32::from(rounded >= 10f64.powi(magnitude + 1));
    let decimals = (1 - magnitude).max(0) as usize;
    format!("{rounded:.decimals$}×")
}

/// Under every table: what a floor is.
pub const FLOOR_NOTE: &str = "A floor is the time of the least work any library must do for \
     that operation (copying the output bytes, walking the value, cloning the result); \
     \"ours ÷ floor\" says how close to that bound plistvalue is.";

/// Under every table: the formats it covers.
pub const FORMAT_NOTE: &str = "Binary, XML and OpenStep property lists are read and written \
     (XML and OpenStep with the default features `xml` and `openstep`); the XML and \
     OpenStep tables have those formats' rows.";

impl Table {
    /// The table, with the targets column only when `targets` (the project's own
    /// goals; a missed one is a goal still open, not a failing test).
    pub fn markdown(&self, targets: bool) -> String {
        let mut header = vec![
            "operation",
            "ours: median (min)",
            "plist: median (min)",
            "vs plist",
            "floor: median",
            "ours ÷ floor",
        ];
        if targets {
            header.push("target");
        }
        let mut lines: Vec<Vec<String>> = vec![header.into_iter().map(String::from).collect()];
        for r in &self.rows {
            let vs = match r.vs_plist() {
                Some(x) if r.is_time() && x >= 1.0 => format!("{} faster", ratio(x)),
                Some(x) if r.is_time() => format!("{} slower", ratio(1.0 / x)),
                Some(x) => ratio(x),
                None => "—".into(),
            };
            let floor = match &r.floor {
                Some((name, s)) => format!("{} {name}", duration(s.median)),
                None => "—".into(),
            };
            let over = r.over_floor().map_or("—".into(), ratio);
            let goals = r
                .targets
                .iter()
                .map(|t| format!("{}: {}", t.goal, if t.met { "met" } else { "MISSED" }))
                .collect::<Vec<_>>()
                .join("; ");
            let mut line = vec![
                r.op.clone(),
                cell(r.ours.as_ref()),
                cell(r.plist.as_ref()),
                vs,
                floor,
                over,
            ];
            if targets {
                line.push(goals);
            }
            lines.push(line);
        }
        let mut width = vec![0; lines[0].len()];
        for l in &lines {
            for (w, c) in width.iter_mut().zip(l) {
                *w = (*w).max(c.chars().count());
            }
        }
        let mut out = format!("### {}\n\n", self.title);
        for (i, l) in lines.iter().enumerate() {
            out.push('|');
            for (c, &w) in l.iter().zip(&width) {
                let _ = write!(out, " {c}{} |", " ".repeat(w - c.chars().count()));
            }
            out.push('\n');
            if i == 0 {
                out.push('|');
                for w in &width {
                    let _ = write!(out, "{}|", "-".repeat(w + 2));
                }
                out.push('\n');
            }
        }
        for n in self
            .notes
            .iter()
            .map(String::as_str)
            .chain([FLOOR_NOTE, FORMAT_NOTE])
        {
            let _ = write!(out, "\n{n}\n");
        }
        out.push('\n');
        out
    }

    pub fn json(&self) -> Json {
        let rows = self.rows.iter().map(|r| {
            let mut o = vec![
                ("operation", Json::Str(r.op.clone())),
                ("ours", measure_json(r.ours.as_ref())),
                ("plist", measure_json(r.plist.as_ref())),
            ];
            if let Some(x) = r.vs_plist() {
                let meaning = if r.is_time() {
                    "plist time / ours, the median of per-round ratios when both ran in one race, else of medians (above 1: ours is faster)"
                } else {
                    "ours / plist (below 1: ours is smaller)"
                };
                o.push((
                    "vs_plist",
                    Json::Obj(vec![
                        ("ratio", Json::Num(x)),
                        ("meaning", Json::Str(meaning.into())),
                    ]),
                ));
            }
            if let Some((name, s)) = &r.floor {
                o.push((
                    "floor",
                    Json::Obj(vec![
                        ("name", Json::Str((*name).into())),
                        ("median_ns", Json::Int(s.median.as_nanos() as u64)),
                        ("min_ns", Json::Int(s.min.as_nanos() as u64)),
                    ]),
                ));
                o.push((
                    "ours_over_floor",
                    r.over_floor().map_or(Json::Null, Json::Num),
                ));
            }
            let targets = r.targets.iter().map(|t| {
                Json::Obj(vec![
                    ("goal", Json::Str(t.goal.clone())),
                    ("met", Json::Bool(t.met)),
                ])
            });
            o.push(("targets", Json::Arr(targets.collect())));
            Json::Obj(o)
        });
        let mut fields = vec![("title", Json::Str(self.title.clone()))];
        fields.extend(self.params.iter().map(|(k, v)| (*k, v.clone())));
        fields.extend([
            ("rows", Json::Arr(rows.collect())),
            (
                "notes",
                Json::Arr(self.notes.iter().map(|n| Json::Str(n.clone())).collect()),
            ),
        ]);
        Json::Obj(fields)
    }
}

fn measure_json(m: Option<&Measure>) -> Json {
    match m {
        None => Json::Null,
        Some(Measure::Time(s)) => Json::Obj(vec![
            ("median_ns", Json::Int(s.median.as_nanos() as u64)),
            ("min_ns", Json::Int(s.min.as_nanos() as u64)),
            (
                "samples_ns",
                Json::Arr(
                    s.samples
                        .iter()
                        .map(|d| Json::Int(d.as_nanos() as u64))
                        .collect(),
                ),
            ),
        ]),
        Some(Measure::Bytes(b, of)) => {
            let mut o = vec![("bytes", Json::Int(*b))];
            if let Some(of) = of {
                o.push(("of_output", Json::Num(*b as f64 / *of as f64)));
            }
            Json::Obj(o)
        }
    }
}

/// Just enough JSON to write the report.
#[derive(Clone)]
pub enum Json {
    Null,
    Bool(bool),
    Int(u64),
    Num(f64),
    Str(String),
    Arr(Vec<Json>),
    Obj(Vec<(&'static str, Json)>),
}

impl Json {
    pub fn render(&self) -> String {
        let mut out = String::new();
        self.write(&mut out, 0);
        out.push('\n');
        out
    }

    fn write(&self, out: &mut String, indent: usize) {
        let pad = |out: &mut String, n: usize| {
            out.push('\n');
            out.push_str(&"  ".repeat(n));
        };
        match self {
            Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Json::Int(i) => out.push_str(&i.to_string()),
            Json::Num(x) if x.is_finite() => {
                let _ = write!(out, "{x:.6}");
            }
            Json::Null | Json::Num(_) => out.push_str("null"),
            Json::Str(s) => string(out, s),
            Json::Arr(items) if items.iter().all(|i| matches!(i, Json::Int(_))) => {
                // Sample lists stay on one line.
                let parts: Vec<String> = items
                    .iter()
                    .map(|i| {
                        let mut s = String::new();
                        i.write(&mut s, 0);
                        s
                    })
                    .collect();
                let _ = write!(out, "[{}]", parts.join(", "));
            }
            Json::Arr(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    pad(out, indent + 1);
                    item.write(out, indent + 1);
                }
                if !items.is_empty() {
                    pad(out, indent);
                }
                out.push(']');
            }
            Json::Obj(fields) => {
                out.push('{');
                for (i, (k, v)) in fields.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    pad(out, indent + 1);
                    string(out, k);
                    out.push_str(": ");
                    v.write(out, indent + 1);
                }
                if !fields.is_empty() {
                    pad(out, indent);
                }
                out.push('}');
            }
        }
    }
}

fn string(out: &mut String, s: &str) {
    out.push_str(&serde_json::to_string(s).expect("a string serializes"));
}
