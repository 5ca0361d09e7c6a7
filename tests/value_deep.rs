//! A million-deep `PlistValue` survives drop, clone, ==, Debug, Display, encode and
//! decode on a 2 MiB thread: none of them recurse per level.

use std::fmt::Write as _;

use plistvalue::PlistValue;

const DEPTH: usize = 1_000_000;

fn on_small_thread(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(f)
        .unwrap()
        .join()
        .expect("the 2 MiB thread panicked or overflowed");
}

fn nested(depth: usize) -> PlistValue {
    let mut v = PlistValue::Array(Vec::new());
    for i in 0..depth {
        v = if i % 2 == 0 {
            PlistValue::Array(vec![v])
        } else {
            let mut d = plistvalue::Dictionary::new();
            d.insert("k", v);
            PlistValue::Dictionary(d)
        };
    }
    v
}

/// Counts characters without storing them.
struct Count(usize);
impl std::fmt::Write for Count {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.0 += s.len();
        Ok(())
    }
}

#[test]
fn drop_clone_eq_and_debug_of_a_million_levels() {
    on_small_thread(|| {
        let v = nested(DEPTH);
        let w = v.clone();
        assert!(v == w);
        assert!(v != nested(DEPTH - 1));
        let mut out = Count(0);
        write!(out, "{v:?}").unwrap();
        assert!(out.0 > DEPTH * 3);
        // Indented, one line per level, the indentation capped so the text stays linear.
        let mut pretty = Count(0);
        write!(pretty, "{v:#?}").unwrap();
        assert!(pretty.0 > out.0 + DEPTH * 2, "{} vs {}", pretty.0, out.0);
        assert!(pretty.0 < out.0 + DEPTH * 2 * 140);
        // Display (`plutil -p`'s text) prints 512 levels, then one line: about
        // half a megabyte, where indenting every level would take 2 TB.
        let shown = format!("{v}");
        assert!(shown.len() < 1 << 20, "{}", shown.len());
        assert!(shown.contains(" ... 1 entry, nested deeper than 512 levels }\n"));
        drop(v);
        drop(w);
    });
}

#[test]
fn encode_and_decode_of_a_million_levels() {
    on_small_thread(|| {
        let v = nested(DEPTH);
        let bytes = plistvalue::to_vec(&v).unwrap();
        let back: PlistValue = plistvalue::from_slice(&bytes).unwrap();
        assert!(back == v);
    });
}
