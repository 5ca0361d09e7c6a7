//! Keeps ARCHITECTURE.md true: the module graph of `plistvalue/src` goes one way.
//!
//! Every `.rs` file of the library is a module. Its imports are the `crate::`,
//! `super::` and `self::` paths in its code (comments, strings and `#[cfg(test)]`
//! modules left out: unit tests are clients of the whole crate), plus paths that
//! start with the name of a child module it declares. A path names the longest
//! module it starts with; `crate::Name` for a re-exported item names the crate root.
//! A module's use of its own descendants is containment, not an import: `mod.rs`
//! declares its rooms and speaks for them (`pub use`), and they may use what it
//! defines. Everything else is an import: a file and its siblings, cousins, or any
//! module outside its own.
//!
//! The test fails when a module imports a top-level module on a level of the table
//! in ARCHITECTURE.md above its own (or another module of its level: reader and
//! writer, say), when a module is missing from the table, or when the imports make
//! a cycle anywhere, between top-level modules or between the files of one.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The crate root: everything may be reached from it, nothing may reach up to it.
const ROOT: &str = "crate";

fn library() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("plistvalue/src")
}

/// `(module path, file)` for every `.rs` file under `src`; `lib.rs` is the root.
fn modules(src: &Path) -> Vec<(String, PathBuf)> {
    let mut out = Vec::new();
    let mut dirs = vec![src.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in fs::read_dir(&dir).expect("read src") {
            let path = entry.expect("dir entry").path();
            if path.is_dir() {
                dirs.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let rel = path.strip_prefix(src).expect("under src");
            let mut parts: Vec<String> = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            let file = parts.pop().expect("a file name");
            let stem = file.trim_end_matches(".rs");
            // The command-line tool is its own crate root.
            if parts.first().is_some_and(|p| p == "bin") {
                continue;
            }
            if stem != "mod" && stem != "lib" {
                parts.push(stem.to_owned());
            }
            let name = if parts.is_empty() {
                ROOT.to_owned()
            } else {
                parts.join("::")
            };
            out.push((name, path));
        }
    }
    out.sort();
    out
}

/// The source with comments, string and char literals blanked out.
fn code_only(src: &str) -> String {
    let b = src.as_bytes();
    let mut out = String::with_capacity(src.len());
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'/' && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        if c == b'/' && b.get(i + 1) == Some(&b'*') {
            let mut depth = 0;
            while i < b.len() {
                if b[i] == b'/' && b.get(i + 1) == Some(&b'*') {
                    depth += 1;
                    i += 2;
                } else if b[i] == b'*' && b.get(i + 1) == Some(&b'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            out.push(' ');
            continue;
        }
        // Raw strings: r"..", r#".."#, br#".."#.
        let raw_start = if c == b'r' {
            Some(i + 1)
        } else if c == b'b' && b.get(i + 1) == Some(&b'r') {
            Some(i + 2)
        } else {
            None
        };
        let ident_before = i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_');
        if let (Some(mut j), false) = (raw_start, ident_before) {
            let mut hashes = 0;
            while b.get(j) == Some(&b'#') {
                hashes += 1;
                j += 1;
            }
            if b.get(j) == Some(&b'"') {
                let close: Vec<u8> = std::iter::once(b'"')
                    .chain(std::iter::repeat_n(b'#', hashes))
                    .collect();
                j += 1;
                while j < b.len() && !b[j..].starts_with(&close) {
                    j += 1;
                }
                i = j + close.len();
                out.push_str("\"\"");
                continue;
            }
        }
        if c == b'"' {
            i += 1;
            while i < b.len() && b[i] != b'"' {
                if b[i] == b'\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            out.push_str("\"\"");
            continue;
        }
        if c == b'\'' {
            // A char literal ('a', '\n', '\u{..}'), not a lifetime ('a).
            let end = if b.get(i + 1) == Some(&b'\\') {
                // Past the escaped character, which may itself be a quote.
                b[i + 3..]
                    .iter()
                    .position(|&x| x == b'\'')
                    .map(|p| i + 3 + p)
            } else if b.get(i + 2) == Some(&b'\'') {
                Some(i + 2)
            } else {
                // A multi-byte char such as 'é'.
                let rest = &src[i + 1..];
                rest.chars()
                    .next()
                    .filter(|ch| rest[ch.len_utf8()..].starts_with('\''))
                    .map(|ch| i + 1 + ch.len_utf8())
            };
            if let Some(end) = end {
                i = end + 1;
                out.push_str("' '");
                continue;
            }
        }
        let ch = src[i..].chars().next().expect("in bounds");
        out.push(ch);
        i += ch.len_utf8();
    }
    out
}

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Ident(String),
    Punct(char),
    PathSep,
}

fn tokens(code: &str) -> Vec<Tok> {
    let mut out = Vec::new();
    let mut chars = code.char_indices().peekable();
    while let Some((_, c)) = chars.next() {
        if c.is_alphabetic() || c == '_' {
            let mut ident = String::from(c);
            while let Some(&(_, n)) = chars.peek() {
                if n.is_alphanumeric() || n == '_' {
                    ident.push(n);
                    chars.next();
                } else {
                    break;
                }
            }
            out.push(Tok::Ident(ident));
        } else if c == ':' && chars.peek().map(|&(_, n)| n) == Some(':') {
            chars.next();
            out.push(Tok::PathSep);
        } else if !c.is_whitespace() {
            out.push(Tok::Punct(c));
        }
    }
    out
}

/// Drops `#[cfg(test)]` items (a `mod tests { .. }`, usually) from the tokens.
fn without_tests(toks: &[Tok]) -> Vec<Tok> {
    let cfg_test = [
        Tok::Punct('#'),
        Tok::Punct('['),
        Tok::Ident("cfg".into()),
        Tok::Punct('('),
        Tok::Ident("test".into()),
        Tok::Punct(')'),
        Tok::Punct(']'),
    ];
    let mut out = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        if toks[i..].starts_with(&cfg_test) {
            // Skip to the end of the item: its `;` or its closing brace.
            let mut j = i + cfg_test.len();
            let mut depth = 0;
            while j < toks.len() {
                match toks[j] {
                    Tok::Punct('{') => depth += 1,
                    Tok::Punct('}') => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    Tok::Punct(';') if depth == 0 => break,
                    _ => {}
                }
                j += 1;
            }
            i = j + 1;
            continue;
        }
        out.push(toks[i].clone());
        i += 1;
    }
    out
}

/// One import: the path and the inline modules of the file it was written in.
struct Import {
    path: Vec<String>,
    scope: Vec<String>,
}

fn ident(t: Option<&Tok>) -> Option<&str> {
    match t {
        Some(Tok::Ident(s)) => Some(s),
        _ => None,
    }
}

/// Expands a `use` tree starting at `toks[*i]` into paths, each prefixed by `prefix`.
fn use_tree(toks: &[Tok], i: &mut usize, prefix: Vec<String>, out: &mut Vec<Vec<String>>) {
    let mut path = prefix;
    loop {
        match toks.get(*i) {
            Some(Tok::Ident(s)) if s == "as" => {
                *i += 2; // the alias
                out.push(path);
                return;
            }
            Some(Tok::Ident(s)) => {
                path.push(s.clone());
                *i += 1;
            }
            Some(Tok::PathSep) => *i += 1,
            Some(Tok::Punct('*')) => {
                *i += 1;
                out.push(path);
                return;
            }
            Some(Tok::Punct('{')) => {
                *i += 1;
                loop {
                    match toks.get(*i) {
                        Some(Tok::Punct('}')) => {
                            *i += 1;
                            return;
                        }
                        Some(Tok::Punct(',')) => *i += 1,
                        None => return,
                        _ => use_tree(toks, i, path.clone(), out),
                    }
                }
            }
            _ => {
                out.push(path);
                return;
            }
        }
    }
}

/// The imports of one file, and the child modules it declares with `mod x;`.
fn imports(src: &str) -> (Vec<Import>, BTreeSet<String>) {
    let toks = without_tests(&tokens(&code_only(src)));
    let mut out = Vec::new();
    let mut children = BTreeSet::new();
    // Inline modules open at this depth of braces: (name, depth).
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0;
    let mut i = 0;
    while i < toks.len() {
        let scope: Vec<String> = inline.iter().map(|(n, _)| n.clone()).collect();
        match &toks[i] {
            Tok::Punct('{') => depth += 1,
            Tok::Punct('}') => {
                depth -= 1;
                if inline.last().is_some_and(|&(_, d)| d == depth) {
                    inline.pop();
                }
            }
            Tok::Ident(k) if k == "mod" => {
                if let Some(name) = ident(toks.get(i + 1)) {
                    match toks.get(i + 2) {
                        Some(Tok::Punct(';')) if inline.is_empty() => {
                            children.insert(name.to_owned());
                        }
                        Some(Tok::Punct('{')) => {
                            inline.push((name.to_owned(), depth));
                            depth += 1;
                            i += 3;
                            continue;
                        }
                        _ => {}
                    }
                }
            }
            Tok::Ident(k) if k == "use" => {
                let mut j = i + 1;
                if toks.get(j) == Some(&Tok::PathSep) {
                    j += 1; // `use ::serde::..`: an extern crate
                    while toks.get(j).is_some_and(|t| *t != Tok::Punct(';')) {
                        j += 1;
                    }
                    i = j;
                    continue;
                }
                let mut paths = Vec::new();
                use_tree(&toks, &mut j, Vec::new(), &mut paths);
                for path in paths {
                    out.push(Import {
                        path,
                        scope: scope.clone(),
                    });
                }
                i = j;
                continue;
            }
            Tok::Ident(k) if (k == "crate" || k == "super" || k == "self") => {
                // A path in code: `crate::a::b`, `super::x`, and not `$crate`.
                let after_sep = toks.get(i.wrapping_sub(1)) == Some(&Tok::PathSep);
                let dollar = toks.get(i.wrapping_sub(1)) == Some(&Tok::Punct('$'));
                if !after_sep && !dollar && toks.get(i + 1) == Some(&Tok::PathSep) {
                    let mut path = vec![k.clone()];
                    let mut j = i + 1;
                    while toks.get(j) == Some(&Tok::PathSep) {
                        match toks.get(j + 1) {
                            Some(Tok::Ident(s)) => path.push(s.clone()),
                            _ => break,
                        }
                        j += 2;
                    }
                    out.push(Import {
                        path,
                        scope: scope.clone(),
                    });
                    i = j;
                    continue;
                }
            }
            Tok::Ident(k) => {
                // `child::item` in code, for a child this file declares.
                let after_sep = toks.get(i.wrapping_sub(1)) == Some(&Tok::PathSep);
                if !after_sep && toks.get(i + 1) == Some(&Tok::PathSep) && inline.is_empty() {
                    out.push(Import {
                        path: vec![k.clone(), "_".into()],
                        scope: scope.clone(),
                    });
                }
            }
            _ => {}
        }
        i += 1;
    }
    // Relative paths only count when they start with a declared child.
    out.retain(|imp| {
        let first = imp.path.first().map(String::as_str);
        matches!(first, Some("crate" | "super" | "self"))
            || first.is_some_and(|f| children.contains(f))
    });
    (out, children)
}

/// The module an import names, written in module `from` (with `scope`, its inline
/// modules), or `None` for a path outside the crate.
fn resolve(from: &str, imp: &Import, known: &BTreeSet<String>) -> Option<String> {
    let mut base: Vec<String> = if from == ROOT {
        Vec::new()
    } else {
        from.split("::").map(str::to_owned).collect()
    };
    base.extend(imp.scope.iter().cloned());
    let mut segs = imp.path.iter().peekable();
    let mut abs: Vec<String> = match segs.peek().map(|s| s.as_str()) {
        Some("crate") => {
            segs.next();
            Vec::new()
        }
        Some("super" | "self") => {
            let mut b = base.clone();
            while let Some(s) = segs.peek() {
                match s.as_str() {
                    "super" => {
                        b.pop()?;
                    }
                    "self" => {}
                    _ => break,
                }
                segs.next();
            }
            b
        }
        _ => base.clone(),
    };
    abs.extend(segs.cloned());
    // The longest known module the path starts with.
    while !abs.is_empty() {
        let name = abs.join("::");
        if known.contains(&name) {
            return Some(name);
        }
        abs.pop();
    }
    Some(ROOT.to_owned())
}

fn top(module: &str) -> &str {
    module.split("::").next().expect("non-empty")
}

/// Is `inner` `outer` itself or inside it?
fn within(inner: &str, outer: &str) -> bool {
    outer == ROOT || inner == outer || inner.starts_with(&format!("{outer}::"))
}

/// The level of each top-level module, from ARCHITECTURE.md's table: rows
/// `| N | `a`, `b` | ... |`.
fn levels(doc: &str) -> BTreeMap<String, u32> {
    let mut out = BTreeMap::new();
    for line in doc.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if cells.len() < 4 {
            continue;
        }
        let Ok(level) = cells[1].parse::<u32>() else {
            continue;
        };
        for name in cells[2].split(',') {
            let name = name.trim().trim_matches('`');
            if !name.is_empty() {
                out.insert(name.to_owned(), level);
            }
        }
    }
    out
}

/// The module graph: module -> the modules it imports (and where, for messages).
type Graph = BTreeMap<String, BTreeMap<String, String>>;

/// The `#[macro_export]` macros a file defines. The language puts them at the
/// crate root, but they are the file's: `crate::name` for one names its module.
fn exported_macros(src: &str) -> Vec<String> {
    let toks = tokens(&code_only(src));
    let mut out = Vec::new();
    let mut exported = false;
    for (i, t) in toks.iter().enumerate() {
        match t {
            Tok::Ident(k) if k == "macro_export" => exported = true,
            Tok::Ident(k) if k == "macro_rules" => {
                if let (true, Some(name)) = (exported, ident(toks.get(i + 2))) {
                    out.push(name.to_owned());
                }
                exported = false;
            }
            _ => {}
        }
    }
    out
}

fn graph(src: &Path) -> Graph {
    let mods = modules(src);
    let known: BTreeSet<String> = mods.iter().map(|(m, _)| m.clone()).collect();
    let mut macros = BTreeMap::new();
    for (module, file) in &mods {
        let text = fs::read_to_string(file).expect("read module");
        for name in exported_macros(&text) {
            macros.insert(name, module.clone());
        }
    }
    let mut g = Graph::new();
    for (module, file) in &mods {
        let text = fs::read_to_string(file).expect("read module");
        let (imps, _) = imports(&text);
        let edges = g.entry(module.clone()).or_default();
        for imp in imps {
            let owner = match imp.path.as_slice() {
                [c, name] if c == "crate" => macros.get(name).cloned(),
                _ => None,
            };
            let Some(target) = owner.or_else(|| resolve(module, &imp, &known)) else {
                continue;
            };
            if within(&target, module) {
                continue;
            }
            edges.entry(target).or_insert_with(|| imp.path.join("::"));
        }
    }
    g
}

/// Every cycle's modules, found by depth-first search, as `a -> b -> a`.
fn cycles(g: &Graph) -> Vec<String> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        Open,
        Done,
    }
    let mut mark: BTreeMap<&str, Mark> = g.keys().map(|k| (k.as_str(), Mark::New)).collect();
    let mut found = Vec::new();
    for start in g.keys() {
        if mark[start.as_str()] != Mark::New {
            continue;
        }
        // An explicit stack of (module, its targets still to visit).
        let mut path: Vec<&str> = vec![start];
        let mut todo: Vec<Vec<&str>> = vec![g[start].keys().map(String::as_str).collect()];
        mark.insert(start, Mark::Open);
        while let Some(next) = todo.last_mut() {
            if let Some(t) = next.pop() {
                match mark.get(t).copied().unwrap_or(Mark::Done) {
                    Mark::New => {
                        mark.insert(t, Mark::Open);
                        path.push(t);
                        todo.push(g[t].keys().map(String::as_str).collect());
                    }
                    Mark::Open => {
                        let at = path.iter().position(|&m| m == t).expect("open is on path");
                        let mut cycle: Vec<&str> = path[at..].to_vec();
                        cycle.push(t);
                        found.push(cycle.join(" -> "));
                    }
                    Mark::Done => {}
                }
            } else {
                todo.pop();
                let done = path.pop().expect("one per frame");
                mark.insert(done, Mark::Done);
            }
        }
    }
    found
}

/// What is wrong with the graph against the levels; empty when it is right.
fn violations(g: &Graph, levels: &BTreeMap<String, u32>) -> Vec<String> {
    let mut out = Vec::new();
    for module in g.keys() {
        if module != ROOT && !levels.contains_key(top(module)) {
            out.push(format!(
                "`{}` is in no level of ARCHITECTURE.md's table",
                top(module)
            ));
        }
    }
    for (from, edges) in g {
        for (to, via) in edges {
            if to == ROOT {
                out.push(format!(
                    "`{from}` imports the crate root (`{via}`): name the module that defines it"
                ));
                continue;
            }
            let (a, b) = (top(from), top(to));
            if from == ROOT || a == b {
                continue;
            }
            let (Some(&la), Some(&lb)) = (levels.get(a), levels.get(b)) else {
                continue;
            };
            if lb >= la {
                out.push(format!(
                    "`{from}` (level {la}) imports `{to}` (level {lb}) through `{via}`"
                ));
            }
        }
    }
    out.extend(cycles(g).into_iter().map(|c| format!("cycle: {c}")));
    out.sort();
    out.dedup();
    out
}

#[test]
fn no_module_imports_one_above_it_and_no_cycle_exists() {
    let doc = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("ARCHITECTURE.md"))
        .expect("ARCHITECTURE.md at the top level");
    let levels = levels(&doc);
    assert!(
        levels.len() >= 6,
        "ARCHITECTURE.md's level table was not found: {levels:?}"
    );
    let g = graph(&library());
    assert!(g.len() > 20, "too few modules found: {:?}", g.keys());
    for (from, edges) in &g {
        println!(
            "{from} -> {}",
            edges.keys().cloned().collect::<Vec<_>>().join(", ")
        );
    }
    let bad = violations(&g, &levels);
    assert!(
        bad.is_empty(),
        "the module graph is wrong:\n{}",
        bad.join("\n")
    );
}

/// A `#[macro_export]` macro is found, and only such a macro.
#[test]
fn an_exported_macro_belongs_to_its_file() {
    let src = "#[macro_export]\n#[doc(hidden)]\nmacro_rules! m { () => {} }\n\
               macro_rules! local { () => { crate::m!() } }";
    assert_eq!(exported_macros(src), ["m"]);
}

/// The checker of the checker: a small crate with each kind of mistake, in memory.
#[test]
fn the_check_finds_each_kind_of_mistake() {
    let known: BTreeSet<String> = ["crate", "a", "a::x", "a::y", "b"]
        .map(str::to_owned)
        .into();
    let edges = |module: &str, src: &str| -> BTreeMap<String, String> {
        let (imps, _) = imports(src);
        imps.iter()
            .filter_map(|imp| resolve(module, imp, &known))
            .filter(|t| !within(t, module))
            .map(|t| (t, String::new()))
            .collect()
    };
    // Parsing: grouped uses, code paths, relative child paths; not comments,
    // strings, tests, `$crate` or extern crates.
    let src = r#"
        use crate::{a::x::{self, Thing}, b};
        use ::serde::Serialize;
        mod y;
        // use crate::b::nothing;
        const S: &str = "crate::b::nothing";
        fn f() -> char { let _ = y::go(); let _ = ('"', '\''); crate::b::call(); 'x' }
        #[cfg(test)]
        mod tests { use crate::whatever; }
        macro_rules! m { () => { $crate::b::z } }
    "#;
    let (imps, children) = imports(src);
    let paths: Vec<String> = imps.iter().map(|i| i.path.join("::")).collect();
    assert_eq!(
        paths,
        [
            "crate::a::x::self",
            "crate::a::x::Thing",
            "crate::b",
            "y::_",
            "crate::b::call"
        ]
    );
    assert_eq!(children, BTreeSet::from(["y".to_owned()]));
    assert_eq!(
        resolve("a::x", &imps[3], &known).as_deref(),
        Some("a::x"),
        "`y` is not a child of a::x in this crate"
    );

    let levels: BTreeMap<String, u32> = [("a".to_owned(), 1), ("b".to_owned(), 2)].into();
    let mut g = Graph::new();
    g.insert("crate".into(), edges("crate", "use crate::a::x;"));
    g.insert("a".into(), edges("a", "pub use x::Thing; mod x; mod y;"));
    g.insert("a::x".into(), edges("a::x", "use super::y::Other;"));
    g.insert("a::y".into(), edges("a::y", "fn f() { super::x::go() }"));
    g.insert("b".into(), edges("b", "use crate::a::x::Thing;"));
    let bad = violations(&g, &levels);
    assert_eq!(bad, ["cycle: a::x -> a::y -> a::x"], "{bad:?}");

    g.insert(
        "a::y".into(),
        edges("a::y", "use crate::b::Up; use crate::Root;"),
    );
    let bad = violations(&g, &levels);
    assert_eq!(
        bad,
        [
            "`a::y` (level 1) imports `b` (level 2) through ``",
            "`a::y` imports the crate root (``): name the module that defines it",
            "cycle: a::x -> a::y -> b -> a::x",
        ],
        "{bad:?}"
    );
    g.insert("c".into(), BTreeMap::new());
    assert!(violations(&g, &levels)
        .iter()
        .any(|v| v.contains("`c` is in no level")));
}
