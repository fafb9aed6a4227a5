//! No import circle in the server, file by file: no source file of
//! `crates/server/src` imports (through `use crate::...`, `use super::...`, or a
//! path `crate::x::y` written in the code) a file that imports it back, directly
//! or through others.
//!
//! The granularity is the file: a module is a file (`game/room.rs` is
//! `game::room`, `game/mod.rs` is `game`, `lib.rs` the crate root), and a path
//! names the file of the longest module it starts with (`crate::game::room::Room`
//! is `game/room.rs`, `crate::store::Store` is `store/mod.rs`). A folder's
//! `mod.rs` that re-exports its children is then a circle as soon as a child
//! imports it back, as it is in the code. `mod x;`
//! declarations are not imports, comments are not read, and a file is read up
//! to its `#[cfg(test)]` (the tests of a file may use anything).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module's path from the crate root: `["game", "room"]`; `[]` is `lib.rs`.
type Module = Vec<String>;

/// Every `.rs` file under `dir`, as (module, text).
fn read_tree(dir: &Path) -> BTreeMap<Module, String> {
    fn walk(dir: &Path, root: &Path, out: &mut BTreeMap<Module, String>) {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect::<Vec<_>>();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                walk(&p, root, out);
            } else if p.extension().is_some_and(|e| e == "rs") {
                let rel = p.strip_prefix(root).unwrap();
                out.insert(module_of(rel), std::fs::read_to_string(&p).unwrap());
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

/// The module of a file, from its path under `src/`.
fn module_of(rel: &Path) -> Module {
    let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    let file = parts.pop().unwrap();
    let stem = file.trim_end_matches(".rs");
    if stem != "mod" && stem != "lib" {
        parts.push(stem.to_string());
    }
    parts
}

/// The code of a file as the check reads it: up to its `#[cfg(test)]`,
/// without comments. In an inline module (`mod serde_impl { ... }`), whose
/// `super` is the file itself, `super::` is written `self::` (and
/// `super::super::` is `super::`).
fn code(text: &str) -> String {
    let text = text.split("#[cfg(test)]").next().unwrap_or("");
    let (mut depth, mut inline) = (0i32, Vec::new());
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line.split("//").next().unwrap_or("");
        let t = line.trim_start();
        let t = t.strip_prefix("pub(crate) ").or_else(|| t.strip_prefix("pub ")).unwrap_or(t);
        if t.starts_with("mod ") && t.contains('{') {
            inline.push(depth);
        }
        out.push(if inline.is_empty() {
            line.to_string()
        } else {
            line.replace("super::super::", "\u{1}").replace("super::", "self::").replace('\u{1}', "super::")
        });
        depth += line.matches('{').count() as i32 - line.matches('}').count() as i32;
        while inline.last().is_some_and(|&d| depth <= d) {
            inline.pop();
        }
    }
    out.join("\n")
}

/// The paths of a `use` tree: `a::{b, c::{d, self}}` is `a::b`, `a::c::d`, `a::c`.
fn expand(tree: &str) -> Vec<Vec<String>> {
    // `a::{b as c, d}` is `a::{b, d}`: the renamings left out, then the spaces.
    let spaced = tree.replace(',', " , ").replace('}', " } ");
    let mut words = spaced.split_whitespace();
    let mut tree = String::new();
    while let Some(w) = words.next() {
        match w {
            "as" => {
                words.next();
            }
            w => tree.push_str(w),
        }
    }
    let Some(open) = tree.find('{') else {
        return vec![tree.split("::").filter(|s| !s.is_empty() && *s != "*").map(String::from).collect()];
    };
    let prefix: Vec<String> = tree[..open].split("::").filter(|s| !s.is_empty()).map(String::from).collect();
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    // Split the inside at the commas of its own level.
    let (mut parts, mut depth, mut start) = (Vec::new(), 0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    let mut out = Vec::new();
    for part in parts.into_iter().filter(|p| !p.is_empty()) {
        for tail in expand(part) {
            let tail: Vec<String> = tail.into_iter().filter(|s| s != "self").collect();
            out.push(prefix.iter().cloned().chain(tail).collect());
        }
    }
    out
}

/// Every path a file's code names: its `use` trees, and the paths written
/// in the code (`crate::a::b`, `super::x`, `child::y`...). Which of them are
/// the crate's own is for [`resolve`] to say.
fn paths(text: &str) -> Vec<Vec<String>> {
    let code = code(text);
    let mut out = Vec::new();
    let mut rest_of_code = String::new();
    let mut lines = code.lines();
    while let Some(line) = lines.next() {
        let t = line.trim_start();
        let t = t.strip_prefix("pub").map_or(t, |r| {
            let r = r.trim_start();
            match r.strip_prefix('(') {
                Some(inner) => inner.split_once(')').map_or(r, |(_, after)| after.trim_start()),
                None => r,
            }
        });
        match t.strip_prefix("use ") {
            Some(tree) => {
                let mut tree = tree.to_string();
                while !tree.contains(';') {
                    match lines.next() {
                        Some(more) => tree.push_str(more),
                        None => break,
                    }
                }
                out.extend(expand(tree.split(';').next().unwrap_or("")));
            }
            None => {
                rest_of_code.push_str(line);
                rest_of_code.push('\n');
            }
        }
    }
    // Paths written in the code: a word followed by `::` and more words.
    let chars: Vec<char> = rest_of_code.chars().collect();
    let word = |c: char| c.is_alphanumeric() || c == '_';
    let mut i = 0;
    while i < chars.len() {
        let starts = word(chars[i]) && (i == 0 || !(word(chars[i - 1]) || chars[i - 1] == ':'));
        if !starts {
            i += 1;
            continue;
        }
        let mut j = i;
        while j < chars.len() && (word(chars[j]) || chars[j] == ':') {
            j += 1;
        }
        let chain: String = chars[i..j].iter().collect();
        if chain.contains("::") {
            out.push(chain.split("::").filter(|s| !s.is_empty()).map(String::from).collect());
        }
        i = j;
    }
    out
}

/// The crates `lib.rs` re-exports under a name of its own (`pub use
/// triominos_protocol as protocol;`).
const OTHER_CRATES: &[&str] = &["protocol"];

/// The module a path names, seen from `from`: the longest known module it
/// starts with (`crate::`, `super::`, `self::` or a child module of `from`);
/// `None` for a path of another crate.
fn resolve(from: &Module, path: &[String], known: &BTreeSet<Module>) -> Option<Module> {
    let mut base: Module = Vec::new();
    let mut segs = path.iter().peekable();
    match segs.next().map(String::as_str) {
        // Another crate re-exported at the root (`crate::protocol` is the crate
        // triominos-protocol): no file of this one.
        Some("crate") if segs.peek().is_some_and(|s| OTHER_CRATES.contains(&s.as_str())) => return None,
        Some("crate") => {}
        Some("self") => base = from.clone(),
        Some("super") => {
            base = from.clone();
            base.pop()?;
            while segs.peek().map(|s| s.as_str()) == Some("super") {
                segs.next();
                base.pop()?;
            }
        }
        // A child module named without `self::` (`use q::*` in `p/mod.rs`).
        Some(child) if known.contains(&[from.as_slice(), &[child.to_string()]].concat()) => {
            base = from.clone();
            base.push(child.to_string());
        }
        // Another crate (`std::`, `axum::`...), or an item in scope.
        _ => return None,
    }
    for s in segs {
        let mut next = base.clone();
        next.push(s.clone());
        if !known.contains(&next) {
            break;
        }
        base = next;
    }
    Some(base)
}

/// The names the crate root re-exports by name (`pub use game::{Game, Phase};`
/// in `lib.rs`), each with the module it comes from: `crate::Game` names
/// `game.rs`, as a reader of the code sees it, not `lib.rs` (the crate's
/// public face, which declares the modules and imports nothing back). A glob
/// (`pub use config::*;`) names no item: a path through it stays `lib.rs`.
fn root_reexports(tree: &BTreeMap<Module, String>, known: &BTreeSet<Module>) -> BTreeMap<String, Module> {
    let root: Module = Vec::new();
    let Some(text) = tree.get(&root) else { return BTreeMap::new() };
    let code = code(text);
    let mut out = BTreeMap::new();
    let mut lines = code.lines();
    while let Some(line) = lines.next() {
        let Some(tree) = line.trim_start().strip_prefix("pub use ") else { continue };
        let mut tree = tree.to_string();
        while !tree.contains(';') {
            match lines.next() {
                Some(more) => tree.push_str(more),
                None => break,
            }
        }
        for path in expand(tree.split(';').next().unwrap_or("")) {
            if let (Some(name), Some(from)) = (path.last(), resolve(&root, &path, known)) {
                if !from.is_empty() && !tree.contains('*') {
                    out.insert(name.clone(), from);
                }
            }
        }
    }
    out
}

/// The import graph of a source tree: each module and the modules it names.
fn graph(tree: &BTreeMap<Module, String>) -> BTreeMap<Module, BTreeSet<Module>> {
    let known: BTreeSet<Module> = tree.keys().cloned().collect();
    let reexported = root_reexports(tree, &known);
    tree.iter()
        .map(|(m, text)| {
            let to = paths(text)
                .iter()
                .filter_map(|p| {
                    let to = resolve(m, p, &known)?;
                    if !to.is_empty() || m.is_empty() {
                        return Some(to);
                    }
                    // A path through the crate root: the module of the item it names.
                    let item = p.iter().find(|s| !matches!(s.as_str(), "crate" | "super" | "self"));
                    Some(item.and_then(|i| reexported.get(i)).cloned().unwrap_or(to))
                })
                .filter(|t| t != m)
                .collect();
            (m.clone(), to)
        })
        .collect()
}

/// A circle of the graph, if there is one: modules each importing the next,
/// the last importing the first.
fn find_cycle(graph: &BTreeMap<Module, BTreeSet<Module>>) -> Option<Vec<Module>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        Open,
        Done,
    }
    fn visit(
        m: &Module,
        graph: &BTreeMap<Module, BTreeSet<Module>>,
        marks: &mut BTreeMap<Module, Mark>,
        stack: &mut Vec<Module>,
    ) -> Option<Vec<Module>> {
        marks.insert(m.clone(), Mark::Open);
        stack.push(m.clone());
        for next in graph.get(m).into_iter().flatten() {
            match marks.get(next).copied().unwrap_or(Mark::New) {
                Mark::Open => {
                    let at = stack.iter().position(|s| s == next).unwrap_or(0);
                    return Some(stack[at..].to_vec());
                }
                Mark::New => {
                    if let Some(c) = visit(next, graph, marks, stack) {
                        return Some(c);
                    }
                }
                Mark::Done => {}
            }
        }
        stack.pop();
        marks.insert(m.clone(), Mark::Done);
        None
    }
    let mut marks = BTreeMap::new();
    for m in graph.keys() {
        if marks.get(m).copied().unwrap_or(Mark::New) == Mark::New {
            if let Some(c) = visit(m, graph, &mut marks, &mut Vec::new()) {
                return Some(c);
            }
        }
    }
    None
}

/// The file of each module of a source tree, as written under `src/`.
fn file_names(dir: &Path) -> BTreeMap<Module, String> {
    fn walk(dir: &Path, root: &Path, out: &mut BTreeMap<Module, String>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(&p, root, out);
            } else if p.extension().is_some_and(|e| e == "rs") {
                let rel = p.strip_prefix(root).unwrap();
                out.insert(module_of(rel), rel.to_string_lossy().into_owned());
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

/// Fails, naming the files, if the source tree `src` has an import circle.
fn assert_no_circle(src: &Path, g: &BTreeMap<Module, BTreeSet<Module>>) {
    if let Some(cycle) = find_cycle(g) {
        let files = file_names(src);
        let names: Vec<String> = cycle.iter().map(|m| files[m].clone()).collect();
        panic!("an import circle in {}: {} -> {}", src.display(), names.join(" -> "), names[0]);
    }
}

/// A module's path written with slashes: `"pad/routes"`.
fn module(path: &str) -> Module {
    path.split('/').filter(|p| !p.is_empty()).map(String::from).collect()
}

#[test]
fn the_server_has_no_import_circle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let tree = read_tree(&src);
    assert!(tree.len() > 30, "the server's files are read: {}", tree.len());
    let g = graph(&tree);
    // The check sees the imports it is meant to see.
    let edges: usize = g.values().map(BTreeSet::len).sum();
    assert!(edges > 100, "{edges} imports seen");
    let to = |a: &str| g[&module(a)].clone();
    assert!(to("pad/routes").contains(&module("http/extract")));
    assert!(to("pad/routes").contains(&module("pad/store")));
    assert_no_circle(&src, &g);
}

/// The rules crate (triominos-core) holds to the same: no file imports a file
/// that imports it back. Its `lib.rs` re-exports the main types by name
/// (`crate::Game` is `game.rs`'s).
#[test]
fn core_has_no_import_circle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../core/src");
    let tree = read_tree(&src);
    assert!(tree.len() > 30, "core's files are read: {}", tree.len());
    let g = graph(&tree);
    let edges: usize = g.values().map(BTreeSet::len).sum();
    assert!(edges > 100, "{edges} imports seen");
    // `use crate::{Game, Tile}` names game.rs and tile.rs, not lib.rs.
    assert!(g[&module("public")].contains(&module("tile")));
    assert!(!g[&module("public")].contains(&module("")));
    assert!(g[&module("record/read")].contains(&module("game")));
    assert_no_circle(&src, &g);
}

#[test]
fn no_feature_imports_the_router() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let g = graph(&read_tree(&src));
    let files = file_names(&src);
    let router: Module = vec!["http".into(), "router".into()];
    let importers: Vec<String> =
        g.iter().filter(|(_, to)| to.contains(&router)).map(|(m, _)| files[m].clone()).collect();
    assert_eq!(importers, ["http/mod.rs"], "only the HTTP layer builds the router");
}

/// The check itself, on a made-up source tree: it finds a circle where
/// there is one (through `super::`, a `use` tree and a path in the code),
/// and none where there is none.
#[test]
fn the_check_finds_a_circle_in_a_made_up_tree() {
    let tree = |files: &[(&str, &str)]| -> BTreeMap<Module, String> {
        files.iter().map(|(p, t)| (module_of(Path::new(p)), t.to_string())).collect()
    };
    let circle = tree(&[
        ("lib.rs", "pub mod a;\npub mod b;\n"),
        ("a/mod.rs", "pub mod x;\nuse crate::b::{self, Thing as Other};\nuse crate::b as assets;\n"),
        ("a/x.rs", "pub fn f() { let _ = crate::b::g(); }\n"),
        ("b.rs", "use super::a::x::f;\n// use crate::nothing;\n#[cfg(test)]\nmod tests { use crate::a; }\n"),
    ]);
    let g = graph(&circle);
    let m = |s: &str| -> Module { s.split('/').filter(|p| !p.is_empty()).map(String::from).collect() };
    assert_eq!(g[&m("a")], BTreeSet::from([m("b")]));
    assert_eq!(g[&m("a/x")], BTreeSet::from([m("b")]));
    assert_eq!(g[&m("b")], BTreeSet::from([m("a/x")]), "comments and tests are not read");
    let cycle = find_cycle(&g).expect("a circle: a/x -> b -> a/x");
    assert_eq!(BTreeSet::from_iter(cycle), BTreeSet::from([m("a/x"), m("b")]));

    let tidy = tree(&[
        ("lib.rs", "pub mod a;\npub mod b;\n"),
        ("a/mod.rs", "pub mod x;\nuse crate::b::{self, Thing};\n"),
        ("a/x.rs", "use super::super::b::Thing;\n"),
        ("b.rs", "pub struct Thing;\n"),
    ]);
    let g = graph(&tidy);
    assert_eq!(g[&m("a/x")], BTreeSet::from([m("b")]));
    assert_eq!(find_cycle(&g), None);

    // A folder's mod.rs that re-exports a child which imports it back.
    let reexport = tree(&[
        ("lib.rs", "pub mod p;\n"),
        ("p/mod.rs", "pub mod q;\npub use q::*;\npub use self::q::Q;\npub const C: u8 = 1;\n"),
        ("p/q.rs", "pub struct Q(u8);\nfn c() -> u8 { super::C }\n"),
    ]);
    let g = graph(&reexport);
    assert_eq!(g[&m("p")], BTreeSet::from([m("p/q")]));
    assert!(find_cycle(&g).is_some(), "p/mod.rs -> p/q.rs -> p/mod.rs");

    // The crate root's re-exports name the module of the item; an inline
    // module's `super` is its own file.
    let facade = tree(&[
        ("lib.rs", "pub mod a;\npub mod b;\npub use a::A;\npub use b::{B, C};\n"),
        ("a.rs", "use crate::B;\npub struct A;\nmod inner {\n    use super::A;\n}\n"),
        ("b.rs", "pub struct B;\npub struct C;\n"),
    ]);
    let g = graph(&facade);
    assert_eq!(g[&m("a")], BTreeSet::from([m("b")]), "crate::B is b.rs's, inner's super is a.rs");
    assert_eq!(find_cycle(&g), None);
    let back = tree(&[
        ("lib.rs", "pub mod a;\npub mod b;\npub use a::A;\npub use b::B;\n"),
        ("a.rs", "use crate::B;\npub struct A;\n"),
        ("b.rs", "pub struct B(crate::A);\n"),
    ]);
    let cycle = find_cycle(&graph(&back)).expect("a circle through the re-exports: a -> b -> a");
    assert_eq!(BTreeSet::from_iter(cycle), BTreeSet::from([m("a"), m("b")]));
}
