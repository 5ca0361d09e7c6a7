//! Command-line options (small enough not to need a parser crate).

use plistvalue_suite::bench_doc::Variant;

pub const USAGE: &str = "\
usage: cargo run --release --example benchmark -- [OPTIONS] [FILE]

  --n N            messages in the document (default 20000)
  --iterations K   timed rounds after one warm-up (default 7)
  --variant V      random, pool or both (default both)
  --json FILE      also write the table(s) as JSON
  --scaling        time per message at N = 2000, 20000, 200000 (slow)
  --targets        add the target column: the project's own goals, met or missed
  --quick          N = 2000, 3 rounds: a smoke test, not a measurement
  --archive        only the NSKeyedArchiver rows
  --openstep       only the OpenStep rows
  --xml            only the XML rows (N messages, random variant)
  FILE             re-encode FILE as an untyped PlistValue with both libraries";

// Each bool is one independent command-line switch; none is a state of another.
#[allow(clippy::struct_excessive_bools)]
pub struct Args {
    pub n: usize,
    pub iterations: usize,
    pub variants: Vec<Variant>,
    pub json: Option<String>,
    pub scaling: bool,
    pub quick: bool,
    pub targets: bool,
    pub archive: bool,
    pub openstep: bool,
    pub xml: bool,
    pub file: Option<String>,
}

pub fn parse(mut it: impl Iterator<Item = String>) -> Result<Args, String> {
    let mut a = Args {
        n: 20_000,
        iterations: 7,
        variants: vec![Variant::Random, Variant::Pool],
        json: None,
        scaling: false,
        quick: false,
        targets: false,
        archive: false,
        openstep: false,
        xml: false,
        file: None,
    };
    let mut n = None;
    let mut iterations = None;
    while let Some(arg) = it.next() {
        let mut value = |name: &str| it.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--n" => n = Some(number(&value("--n")?)?),
            "--iterations" => iterations = Some(number(&value("--iterations")?)?),
            "--variant" => {
                a.variants = match value("--variant")?.as_str() {
                    "random" => vec![Variant::Random],
                    "pool" => vec![Variant::Pool],
                    "both" => vec![Variant::Random, Variant::Pool],
                    other => return Err(format!("unknown variant {other:?}")),
                }
            }
            "--json" => a.json = Some(value("--json")?),
            "--scaling" => a.scaling = true,
            "--quick" => a.quick = true,
            "--targets" => a.targets = true,
            "--archive" => a.archive = true,
            "--openstep" => a.openstep = true,
            "--xml" => a.xml = true,
            "-h" | "--help" => return Err(String::new()),
            s if s.starts_with('-') => return Err(format!("unknown option {s}")),
            _ if a.file.is_some() => return Err("only one FILE".into()),
            _ => a.file = Some(arg),
        }
    }
    if a.quick {
        a.n = 2_000;
        a.iterations = 3;
    }
    a.n = n.unwrap_or(a.n);
    a.iterations = iterations.unwrap_or(a.iterations);
    if a.n == 0 || a.iterations == 0 {
        return Err("--n and --iterations must be at least 1".into());
    }
    Ok(a)
}

fn number(s: &str) -> Result<usize, String> {
    s.replace('_', "")
        .parse()
        .map_err(|_| format!("{s:?} is not a number"))
}
