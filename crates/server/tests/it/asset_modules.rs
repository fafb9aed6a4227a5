//! The page's scripts (crates/server/assets/**/*.js) as a module graph: every `import`
//! names an embedded script and names it exports, no module imports itself through
//! others (no import cycles), and the page's entry reaches every script.

use std::collections::{BTreeMap, BTreeSet};
use triominos_server::http::assets;

/// One `import` (or `export ... from`) statement: the names it takes and from where.
#[derive(Debug, PartialEq)]
struct Import {
    /// The module specifier as written (`./dom.js`).
    from: String,
    /// The names imported by name (`{ a, b as c }` gives `a`, `b`); empty for `* as x` or bare imports.
    names: Vec<String>,
}

/// The quoted string at the start of `s` (after spaces), and the rest.
fn quoted(s: &str) -> Option<(&str, &str)> {
    let s = s.trim_start();
    let q = s.chars().next().filter(|c| *c == '\'' || *c == '"')?;
    let body = &s[1..];
    let end = body.find(q)?;
    Some((&body[..end], &body[end + 1..]))
}

/// The names of a `{ a, b as c }` clause (the exported side: `a`, `b`).
fn braced_names(clause: &str) -> Vec<String> {
    let Some(open) = clause.find('{') else { return Vec::new() };
    let Some(close) = clause[open..].find('}') else { return Vec::new() };
    clause[open + 1..open + close]
        .split(',')
        .filter_map(|part| part.split_whitespace().next())
        .map(str::to_string)
        .collect()
}

/// Every static import, `export ... from` and dynamic `import('...')` of a script.
/// Statements start a line; a clause may run over several lines.
fn imports(text: &str) -> Vec<Import> {
    let mut out = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let start = offset + (line.len() - line.trim_start().len());
        offset += line.len();
        let rest = &text[start..];
        let keyword = if rest.starts_with("import ") || rest.starts_with("import{") {
            "import"
        } else if (rest.starts_with("export ") && line.contains(" from ")) || rest.starts_with("export *") {
            "export"
        } else {
            continue;
        };
        let after = &rest[keyword.len()..];
        if let Some((from, _)) = quoted(after) {
            // `import './x.js'`: a module run for its effects.
            out.push(Import { from: from.to_string(), names: Vec::new() });
            continue;
        }
        let Some(at) = after.find(" from ") else { continue };
        let clause = &after[..at];
        if let Some((from, _)) = quoted(&after[at + 6..]) {
            out.push(Import { from: from.to_string(), names: braced_names(clause) });
        }
    }
    // JSDoc types (`/** @type {import('../types/wire').Me} */`) are no imports.
    let code = without_block_comments(text);
    for (i, _) in code.match_indices("import(") {
        if let Some((from, _)) = quoted(&code[i + 7..]) {
            out.push(Import { from: from.to_string(), names: Vec::new() });
        }
    }
    out
}

/// The text with every `/* ... */` comment left out.
fn without_block_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find("/*") {
        out.push_str(&rest[..open]);
        rest = rest[open + 2..].find("*/").map_or("", |close| &rest[open + 2 + close + 2..]);
    }
    out.push_str(rest);
    out
}

/// The names a script exports: declarations and `export { ... }` lists.
fn exports(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in text.lines() {
        let Some(rest) = line.trim_start().strip_prefix("export ") else { continue };
        if rest.trim_start().starts_with('{') {
            out.extend(rest.split('}').next().unwrap_or("").split(',').filter_map(|part| {
                let words: Vec<&str> = part.trim_start_matches('{').split_whitespace().collect();
                // `a as b` exports `b`.
                words.last().map(|w| w.to_string())
            }));
            continue;
        }
        let mut words = rest.split(|c: char| c.is_whitespace() || c == '(' || c == '=' || c == '{');
        let mut word = words.next();
        while let Some(w) = word {
            if ["async", "function", "function*", "const", "let", "var", "class", ""].contains(&w) {
                word = words.next();
            } else {
                break;
            }
        }
        if let Some(name) = word.filter(|w| !w.is_empty() && *w != "default") {
            out.insert(name.trim_end_matches(';').to_string());
        }
    }
    out
}

/// `spec` as seen from the script at `path` (paths under assets/, `/assets/x.js` absolute).
fn resolve(path: &str, spec: &str) -> Option<String> {
    let mut parts: Vec<&str> = if let Some(abs) = spec.strip_prefix("/assets/") {
        return Some(abs.to_string());
    } else if spec.starts_with("./") || spec.starts_with("../") {
        path.split('/').collect()
    } else {
        return None;
    };
    parts.pop();
    for seg in spec.split('/') {
        match seg {
            "." => {}
            ".." => {
                parts.pop()?;
            }
            s => parts.push(s),
        }
    }
    Some(parts.join("/"))
}

/// A cycle of the graph (its modules in import order, the first repeated at the end), if any.
fn find_cycle(graph: &BTreeMap<String, Vec<String>>) -> Option<Vec<String>> {
    // 0: not seen, 1: on the current path, 2: done.
    fn visit(
        n: &str,
        graph: &BTreeMap<String, Vec<String>>,
        state: &mut BTreeMap<String, u8>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        state.insert(n.to_string(), 1);
        path.push(n.to_string());
        for m in graph.get(n).into_iter().flatten() {
            match state.get(m.as_str()).copied().unwrap_or(0) {
                1 => {
                    let i = path.iter().position(|p| p == m).unwrap_or(0);
                    let mut cycle = path[i..].to_vec();
                    cycle.push(m.clone());
                    return Some(cycle);
                }
                0 => {
                    if let Some(c) = visit(m, graph, state, path) {
                        return Some(c);
                    }
                }
                _ => {}
            }
        }
        path.pop();
        state.insert(n.to_string(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for n in graph.keys() {
        if state.get(n.as_str()).copied().unwrap_or(0) == 0 {
            if let Some(c) = visit(n, graph, &mut state, &mut Vec::new()) {
                return Some(c);
            }
        }
    }
    None
}

/// Every script under crates/server/assets, by its path there.
fn scripts() -> BTreeMap<String, String> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
    let mut out = BTreeMap::new();
    let mut stack = vec![root.clone()];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir).expect("assets/ is readable") {
            let p = e.expect("assets/ is readable").path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "js") {
                let rel = p.strip_prefix(&root).expect("under assets/").to_string_lossy().replace('\\', "/");
                out.insert(rel, std::fs::read_to_string(&p).expect("scripts are UTF-8 text"));
            }
        }
    }
    out
}

#[test]
fn the_parser_reads_every_form_of_import_and_export() {
    let text = "// import nothing from './comment.js'\n\
        import { a, b as c } from './x.js';\n\
        import * as S from \"../y/z.js\";\n\
        import {\n  d,\n  e,\n} from './w.js';\n\
        import './side.js';\n\
        export { f } from './v.js';\n\
        const later = () => import('./lazy.js');\n\
        /** @type {import('../types/wire').Me} */\n\
        let me = null;\n";
    assert_eq!(
        imports(text),
        vec![
            Import { from: "./x.js".into(), names: vec!["a".into(), "b".into()] },
            Import { from: "../y/z.js".into(), names: vec![] },
            Import { from: "./w.js".into(), names: vec!["d".into(), "e".into()] },
            Import { from: "./side.js".into(), names: vec![] },
            Import { from: "./v.js".into(), names: vec!["f".into()] },
            Import { from: "./lazy.js".into(), names: vec![] },
        ]
    );
    let ex = exports(
        "export function f(a) {}\nexport async function g() {}\nexport const TILES = [];\n\
         export let n = 1;\nexport class Board {\nexport { p, q as r };\n",
    );
    assert_eq!(ex, ["Board", "TILES", "f", "g", "n", "p", "r"].map(String::from).into());
    assert_eq!(resolve("pad/form.js", "../dom.js").as_deref(), Some("dom.js"));
    assert_eq!(resolve("pad/form.js", "./entry.js").as_deref(), Some("pad/entry.js"));
    assert_eq!(resolve("app.js", "./game/state.js").as_deref(), Some("game/state.js"));
    assert_eq!(resolve("app.js", "../outside.js"), None);
}

#[test]
fn a_cycle_is_found_and_a_tree_passes() {
    let g = |edges: &[(&str, &str)]| {
        let mut m: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for (a, b) in edges {
            m.entry(a.to_string()).or_default().push(b.to_string());
            m.entry(b.to_string()).or_default();
        }
        m
    };
    assert_eq!(
        find_cycle(&g(&[("app", "dom"), ("app", "game"), ("game", "dom"), ("game", "sheet"), ("sheet", "dom")])),
        None
    );
    assert_eq!(
        find_cycle(&g(&[("app", "game"), ("game", "sheet"), ("sheet", "game")])),
        Some(vec!["game".into(), "sheet".into(), "game".into()])
    );
    assert_eq!(find_cycle(&g(&[("a", "a")])), Some(vec!["a".into(), "a".into()]));
}

#[test]
fn every_import_names_an_embedded_script_and_what_it_exports() {
    let scripts = scripts();
    assert!(scripts.len() >= 10, "the scripts are found ({} of them)", scripts.len());
    let mut problems = Vec::new();
    for (path, text) in &scripts {
        for imp in imports(text) {
            let Some(target) = resolve(path, &imp.from) else {
                problems.push(format!("{path}: import of {:?} is not a path inside assets/", imp.from));
                continue;
            };
            if assets::get(&target).is_none() {
                problems.push(format!("{path}: imports {target}, which is not in assets::FILES"));
            }
            let Some(other) = scripts.get(&target) else {
                problems.push(format!("{path}: imports {target}, which is not a script of assets/"));
                continue;
            };
            let exported = exports(other);
            for name in &imp.names {
                if !exported.contains(name) {
                    problems.push(format!("{path}: imports {name} from {target}, which does not export it"));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn no_module_imports_itself_through_others() {
    let scripts = scripts();
    let graph: BTreeMap<String, Vec<String>> = scripts
        .iter()
        .map(|(path, text)| (path.clone(), imports(text).iter().filter_map(|i| resolve(path, &i.from)).collect()))
        .collect();
    if let Some(cycle) = find_cycle(&graph) {
        panic!("import cycle: {}", cycle.join(" -> "));
    }
    // The page's entry reaches every script: none is embedded and left unused.
    let mut seen = BTreeSet::new();
    let mut stack = vec!["app.js".to_string()];
    while let Some(n) = stack.pop() {
        if seen.insert(n.clone()) {
            stack.extend(graph.get(&n).into_iter().flatten().cloned());
        }
    }
    let unused: Vec<&String> = graph.keys().filter(|k| !seen.contains(*k)).collect();
    assert!(unused.is_empty(), "scripts app.js never loads: {unused:?}");
}
