//! `PlistValue`'s `Display`: the text `plutil -p` prints, so that what people grep
//! in plutil's output they find in ours (CLI.md, "The -p format"). It walks the
//! tree with an explicit stack, because a tree can nest a million levels, and
//! stops descending at CoreFoundation's 512, so that its output stays linear in
//! the tree's size.

use std::cmp::Ordering;
use std::fmt::{self, Write};

use super::date::Date;
use super::dictionary::{Dictionary, Key};
use super::PlistValue;

/// Compares dictionary keys in the order `plutil -p` prints them (CLI.md, "The -p format"): runs
/// of ASCII digits compare as numbers, letters compare without ASCII case, and
/// exact code point order breaks ties, so that `01, 1, _, A, a, B, b, Item1,
/// item9, item10, ~` is sorted.
///
/// ```
/// let mut keys = vec!["item10", "Item1", "item9", "b", "A"];
/// keys.sort_by(|a, b| plistvalue::key_order(a, b));
/// assert_eq!(keys, ["A", "b", "Item1", "item9", "item10"]);
/// ```
pub fn key_order(a: &str, b: &str) -> Ordering {
    let (mut x, mut y) = (a, b);
    loop {
        match (token(x), token(y)) {
            (None, None) => return a.cmp(b),
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some((tx, rx)), Some((ty, ry))) => {
                let o = compare_tokens(tx, ty);
                if o != Ordering::Equal {
                    return o;
                }
                x = rx;
                y = ry;
            }
        }
    }
}

/// One token of a key: a run of ASCII digits, or any other character.
#[derive(Clone, Copy)]
enum Token<'a> {
    Number(&'a str),
    Char(char),
}

/// The first token of `s` and the rest.
fn token(s: &str) -> Option<(Token<'_>, &str)> {
    let c = s.chars().next()?;
    if c.is_ascii_digit() {
        let end = s
            .bytes()
            .position(|b| !b.is_ascii_digit())
            .unwrap_or(s.len());
        Some((Token::Number(&s[..end]), &s[end..]))
    } else {
        Some((Token::Char(c), &s[c.len_utf8()..]))
    }
}

fn compare_tokens(a: Token<'_>, b: Token<'_>) -> Ordering {
    match (a, b) {
        (Token::Number(m), Token::Number(n)) => {
            let m = m.trim_start_matches('0');
            let n = n.trim_start_matches('0');
            m.len().cmp(&n.len()).then_with(|| m.cmp(n))
        }
        (Token::Char(c), Token::Char(d)) => c.to_ascii_lowercase().cmp(&d.to_ascii_lowercase()),
        (Token::Number(_), Token::Char(d)) => '0'.cmp(&d.to_ascii_lowercase()),
        (Token::Char(c), Token::Number(_)) => c.to_ascii_lowercase().cmp(&'0'),
    }
}

/// A dictionary's entries in [`key_order`].
fn sorted_entries(d: &Dictionary) -> Vec<(&Key, &PlistValue)> {
    let mut entries: Vec<_> = d.iter().collect();
    entries.sort_by(|a, b| key_order(a.0, b.0));
    entries
}

/// C's `%.16g`, as `NSNumber`'s description prints a double: 16 significant digits,
/// trailing zeros removed, an exponent below 1e-4 and from 1e16 on.
fn write_real(x: f64, out: &mut impl Write) -> fmt::Result {
    if x.is_nan() {
        return out.write_str("nan");
    }
    if x.is_infinite() {
        return out.write_str(if x < 0.0 { "-inf" } else { "inf" });
    }
    // Rust's `{:.15e}` rounds to 16 significant digits, as `%g` does before it
    // chooses between the two notations by the rounded exponent.
    let sci = format!("{x:.15e}");
    let (mantissa, exp) = sci.split_once('e').expect("`{:e}` writes an exponent");
    let exp: i32 = exp.parse().expect("`{:e}` writes a decimal exponent");
    if (-4..16).contains(&exp) {
        let fixed = format!("{x:.prec$}", prec = (15 - exp) as usize);
        out.write_str(trim_fraction(&fixed))
    } else {
        let sign = if exp < 0 { '-' } else { '+' };
        write!(out, "{}e{sign}{:02}", trim_fraction(mantissa), exp.abs())
    }
}

/// `2.500` → `2.5`, `2.000` → `2`.
fn trim_fraction(s: &str) -> &str {
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.')
    } else {
        s
    }
}

/// `YYYY-MM-DD HH:MM:SS +0000`, rounded down to the second.
fn write_date(d: Date, out: &mut impl Write) -> fmt::Result {
    let floored = Date::from_seconds_since_2001(d.seconds_since_2001().floor());
    // The XML text of a whole second is `YYYY-MM-DDTHH:MM:SSZ`.
    let text = floored.to_string();
    match text.strip_suffix('Z').and_then(|t| t.split_once('T')) {
        Some((day, time)) => write!(out, "{day} {time} +0000"),
        None => out.write_str(&text),
    }
}

/// `{length = N, bytes = 0x…}`: every byte up to 24, else the first 16 and the
/// last 8.
fn write_data(d: &[u8], out: &mut impl Write) -> fmt::Result {
    write!(out, "{{length = {}, bytes = 0x", d.len())?;
    let hex = |out: &mut dyn Write, bytes: &[u8]| -> fmt::Result {
        bytes.iter().try_for_each(|b| write!(out, "{b:02x}"))
    };
    if d.len() <= 24 {
        hex(out, d)?;
    } else {
        hex(out, &d[..16])?;
        out.write_str(" ... ")?;
        hex(out, &d[d.len() - 8..])?;
    }
    out.write_char('}')
}

/// Levels `Display` indents: CoreFoundation's nesting limit, which the XML
/// reader and writer, archives and the command-line tool hold too. Each line is
/// indented by its level, so without a bound the text of a deep chain grows with
/// the square of its depth (a 900 KB file of 100,000 nested arrays printed
/// 20 GB).
const MAX_DEPTH: usize = 512;

/// A container nested deeper than [`MAX_DEPTH`], on one line: `[ ... 1 element,
/// nested deeper than 512 levels ]`.
fn write_elided(v: &PlistValue, out: &mut impl Write) -> fmt::Result {
    let (open, n, one, many, close) = match v {
        PlistValue::Array(a) => ('[', a.len(), "element", "elements", ']'),
        PlistValue::Dictionary(d) => ('{', d.len(), "entry", "entries", '}'),
        _ => unreachable!("only containers are elided"),
    };
    let noun = if n == 1 { one } else { many };
    write!(
        out,
        "{open} ... {n} {noun}, nested deeper than {MAX_DEPTH} levels {close}"
    )
}

/// A scalar as `-p` prints it, or a container's opener; its children are the
/// walk's business.
fn write_leaf(v: &PlistValue, out: &mut impl Write) -> fmt::Result {
    match v {
        PlistValue::Null => out.write_str("<null>"),
        PlistValue::Boolean(b) => write!(out, "{b}"),
        PlistValue::Integer(i) => write!(out, "{i}"),
        PlistValue::Real(r) => write_real(*r, out),
        PlistValue::Date(d) => write_date(*d, out),
        PlistValue::Data(d) => write_data(d, out),
        PlistValue::String(s) => write!(out, "\"{s}\""),
        PlistValue::Uid(u) => write!(out, "<CFKeyedArchiverUID>{{value = {}}}", u.get()),
        PlistValue::Array(_) => out.write_str("["),
        PlistValue::Dictionary(_) => out.write_str("{"),
    }
}

/// A container being printed: its remaining children and its depth (the root's
/// entries are at depth 1).
enum Frame<'a> {
    Array(
        std::iter::Enumerate<std::slice::Iter<'a, PlistValue>>,
        usize,
    ),
    Dict(std::vec::IntoIter<(&'a Key, &'a PlistValue)>, usize),
}

/// What an entry's line starts with.
enum Label<'a> {
    Index(usize),
    Key(&'a str),
}

/// Opens `v` if it is a container: the frame of its children.
fn open(v: &PlistValue, depth: usize) -> Option<Frame<'_>> {
    match v {
        PlistValue::Array(a) => Some(Frame::Array(a.iter().enumerate(), depth)),
        PlistValue::Dictionary(d) => Some(Frame::Dict(sorted_entries(d).into_iter(), depth)),
        _ => None,
    }
}

fn has_children(v: &PlistValue) -> bool {
    match v {
        PlistValue::Array(a) => !a.is_empty(),
        PlistValue::Dictionary(d) => !d.is_empty(),
        _ => false,
    }
}

/// Two spaces per level, written in runs: a deep tree's lines are mostly indent.
fn indent(out: &mut impl Write, levels: usize) -> fmt::Result {
    const SPACES: &str = "                                                                ";
    let mut n = 2 * levels;
    while n > 0 {
        let run = n.min(SPACES.len());
        out.write_str(&SPACES[..run])?;
        n -= run;
    }
    Ok(())
}

/// The text of `plutil -p`, without its final newline: dictionaries as
/// `"KEY" => VALUE` lines in [`key_order`], arrays as `INDEX => VALUE` lines,
/// two spaces per level; strings unescaped, reals as C's `%.16g`, dates in UTC
/// rounded down to the second, data abbreviated past 24 bytes.
///
/// A non-empty container nested deeper than 512 levels (the root being level 1),
/// which no property list file CoreFoundation reads holds, prints on one line as
/// `[ ... N elements, nested deeper than 512 levels ]` (or `{ ... N entries, … }`),
/// so the text is never more than about a kilobyte per value, whatever the depth.
///
/// ```
/// use plistvalue::plist;
/// let v = plist!({ "b": [1.5, "x"], "A": true });
/// assert_eq!(v.to_string(), "{\n  \"A\" => true\n  \"b\" => [\n    0 => 1.5\n    1 => \"x\"\n  ]\n}");
/// ```
impl fmt::Display for PlistValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_leaf(self, f)?;
        let mut stack: Vec<Frame<'_>> = open(self, 1).into_iter().collect();
        while let Some(top) = stack.last_mut() {
            let (next, depth) = match top {
                Frame::Array(it, depth) => (it.next().map(|(i, v)| (Label::Index(i), v)), *depth),
                Frame::Dict(it, depth) => (it.next().map(|(k, v)| (Label::Key(k), v)), *depth),
            };
            let Some((label, child)) = next else {
                // The container is done: its closer, one level out.
                let closer = match stack.pop() {
                    Some(Frame::Array(..)) => ']',
                    _ => '}',
                };
                f.write_char('\n')?;
                indent(f, depth - 1)?;
                f.write_char(closer)?;
                continue;
            };
            f.write_char('\n')?;
            indent(f, depth)?;
            match label {
                Label::Index(i) => write!(f, "{i} => ")?,
                Label::Key(k) => write!(f, "\"{k}\" => ")?,
            }
            // The child's entries would be at level depth + 1.
            if depth >= MAX_DEPTH && has_children(child) {
                write_elided(child, f)?;
                continue;
            }
            write_leaf(child, f)?;
            if let Some(frame) = open(child, depth + 1) {
                stack.push(frame);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(x: f64) -> String {
        let mut s = String::new();
        write_real(x, &mut s).unwrap();
        s
    }

    #[test]
    fn reals_print_as_c_percent_16g() {
        let cases = [
            (2.0, "2"),
            (0.5, "0.5"),
            (0.1 + 0.2, "0.3"),
            (1.004_032_258_064_516, "1.004032258064516"),
            (2.07, "2.07"),
            (1e16, "1e+16"),
            (1e15, "1000000000000000"),
            (1e-5, "1e-05"),
            (1e-4, "0.0001"),
            (-0.0, "-0"),
            (123_456_789.125, "123456789.125"),
            (1.5e300, "1.5e+300"),
            (9_999_999_999_999_999.0, "1e+16"),
            (f64::INFINITY, "inf"),
            (f64::NEG_INFINITY, "-inf"),
            (f64::NAN, "nan"),
        ];
        for (x, want) in cases {
            assert_eq!(g(x), want, "{x:e}");
        }
    }

    #[test]
    fn keys_sort_in_the_stated_order() {
        let want = [
            "01", "1", "_", "A", "a", "B", "b", "Item1", "item9", "item10", "~",
        ];
        let mut keys = want;
        keys.reverse();
        keys.sort_by(|a, b| key_order(a, b));
        assert_eq!(keys, want);
        // Real output: 9 < 21261, `$class` before letters, `name` between these.
        assert_eq!(key_order("9C29EB27", "21261EB0"), Ordering::Less);
        assert_eq!(key_order("$class", "activityIdentifier"), Ordering::Less);
        assert_eq!(key_order("FontWidthSpacing", "name"), Ordering::Less);
        assert_eq!(key_order("name", "ProfileCurrentVersion"), Ordering::Less);
        // No length limit on digit runs.
        assert_eq!(
            key_order("a99999999999999999999999", "a100000000000000000000000"),
            Ordering::Less
        );
    }

    #[test]
    fn leaves_print_as_plutil_prints_them() {
        let cases = [
            (PlistValue::Data(vec![]), "{length = 0, bytes = 0x}"),
            (
                PlistValue::Data(vec![0x7b, 0xb7, 0x5d, 0xb9]),
                "{length = 4, bytes = 0x7bb75db9}",
            ),
            (
                PlistValue::Data((0..40).collect()),
                "{length = 40, bytes = 0x000102030405060708090a0b0c0d0e0f ... 2021222324252627}",
            ),
            (
                PlistValue::Date(Date::from_seconds_since_2001(725_857_445.9)),
                "2024-01-02 03:04:05 +0000",
            ),
            (
                PlistValue::Date(Date::from_seconds_since_2001(-0.5)),
                "2000-12-31 23:59:59 +0000",
            ),
            (
                PlistValue::Uid(crate::value::Uid::new(1)),
                "<CFKeyedArchiverUID>{value = 1}",
            ),
            (PlistValue::Null, "<null>"),
            (PlistValue::String("a \"q\"\n".into()), "\"a \"q\"\n\""),
            (PlistValue::Integer(u64::MAX.into()), "18446744073709551615"),
            (PlistValue::Integer(i64::MIN.into()), "-9223372036854775808"),
        ];
        for (v, want) in cases {
            assert_eq!(v.to_string(), want);
        }
    }

    #[test]
    fn empty_containers_close_on_their_own_line() {
        let mut d = Dictionary::new();
        d.insert("empty", PlistValue::Dictionary(Dictionary::new()));
        d.insert("list", PlistValue::Array(crate::value::Array::new()));
        assert_eq!(
            PlistValue::Dictionary(d).to_string(),
            "{\n  \"empty\" => {\n  }\n  \"list\" => [\n  ]\n}"
        );
        assert_eq!(
            PlistValue::Array(crate::value::Array::new()).to_string(),
            "[\n]"
        );
    }

    /// Counts what it is given and refuses more than `cap` bytes.
    struct Counter {
        bytes: usize,
        newlines: usize,
        cap: usize,
    }

    impl Write for Counter {
        fn write_str(&mut self, s: &str) -> fmt::Result {
            self.bytes += s.len();
            self.newlines += s.bytes().filter(|&b| b == b'\n').count();
            if self.bytes > self.cap {
                return Err(fmt::Error);
            }
            Ok(())
        }
    }

    fn nested(depth: usize) -> PlistValue {
        let mut v = PlistValue::Array(crate::value::Array::new());
        for _ in 0..depth {
            let mut d = Dictionary::new();
            d.insert("k", v);
            v = PlistValue::Array(vec![PlistValue::Dictionary(d)].into());
        }
        v
    }

    /// An array holding an array … `levels` deep, the innermost holding `1`.
    fn chain(levels: usize) -> PlistValue {
        (1..levels).fold(
            PlistValue::Array(vec![PlistValue::from(1)].into()),
            |v, _| PlistValue::Array(vec![v].into()),
        )
    }

    #[test]
    fn containers_past_512_levels_print_on_one_line() {
        // 512 levels print whole: the deepest entry is indented 1,024 spaces.
        let text = chain(MAX_DEPTH).to_string();
        assert!(text.contains(&format!("\n{}0 => 1\n", " ".repeat(2 * MAX_DEPTH))));
        assert!(!text.contains("deeper"));
        // The 513th level is one line, indented as the 512th level's entries.
        let text = chain(MAX_DEPTH + 1).to_string();
        let want = format!(
            "\n{}0 => [ ... 1 element, nested deeper than 512 levels ]\n",
            " ".repeat(2 * MAX_DEPTH)
        );
        assert!(text.contains(&want), "{}", &text[text.len() - 3000..]);
        let mut d = Dictionary::new();
        d.insert("a", PlistValue::from(1));
        d.insert("b", PlistValue::Array(crate::value::Array::new()));
        let mut v = PlistValue::Dictionary(d);
        for _ in 0..MAX_DEPTH {
            v = PlistValue::Array(vec![v].into());
        }
        assert!(v
            .to_string()
            .contains("0 => { ... 2 entries, nested deeper than 512 levels }\n"));
        // An empty container shows all it has.
        let empty = (0..MAX_DEPTH).fold(PlistValue::Array(crate::value::Array::new()), |v, _| {
            PlistValue::Array(vec![v].into())
        });
        assert!(!empty.to_string().contains("deeper"));
    }

    #[test]
    fn deep_trees_print_on_a_small_stack_in_linear_space() {
        // A million levels on a 64 KiB thread: a recursive printer needs far
        // more than a few bytes of stack per level. The text stops at level
        // 512, so it holds the 1,024 lines of those levels (two per container,
        // indented by their level), then one line for the rest.
        let v = nested(500_000);
        let counted = std::thread::Builder::new()
            .stack_size(64 * 1024)
            .spawn(move || {
                let mut c = Counter {
                    bytes: 0,
                    newlines: 0,
                    cap: usize::MAX,
                };
                write!(c, "{v}").unwrap();
                (c.bytes, c.newlines)
            })
            .unwrap()
            .join()
            .unwrap();
        assert_eq!(counted.1, 2 * MAX_DEPTH);
        assert!(
            counted.0 < 2 * MAX_DEPTH * (2 * MAX_DEPTH + 16),
            "{counted:?}"
        );
    }
}
