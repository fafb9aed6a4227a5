//! Every string of the page has a translation in every language, with the same
//! placeholders; every asset file is embedded.

use serde_json::{Map, Value};
use std::collections::BTreeSet;
use triominos_server::http::assets::{self, LANGUAGES};
use triominos_server::protocol::{rules_codes, Refused};

fn dict(lang: &str) -> Map<String, Value> {
    let bytes = assets::get(&format!("i18n/{lang}.json")).unwrap_or_else(|| panic!("no i18n/{lang}.json"));
    match serde_json::from_slice(bytes).unwrap() {
        Value::Object(m) => m,
        _ => panic!("{lang}.json is not an object"),
    }
}

fn placeholders(s: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut rest = s;
    while let Some(i) = rest.find('{') {
        let Some(j) = rest[i..].find('}') else { break };
        // A plural form, {n|one:tile|other:tiles}, names its count before the first `|`.
        let inner = &rest[i + 1..i + j];
        out.insert(inner.split('|').next().unwrap_or(inner).to_string());
        rest = &rest[i + j..];
    }
    out
}

/// Keys the scripts build at run time (`t('preset.' + name)` and the like).
fn dynamic_keys() -> Vec<String> {
    let mut keys = Vec::new();
    for p in triominos_core::Preset::ALL {
        keys.push(format!("preset.{}", p.name()));
        keys.push(format!("preset.{}.desc", p.name()));
    }
    // The bots' own names (games stored before the named levels show them) and the named levels.
    for l in triominos_bots::LEVELS {
        keys.push(format!("level.{l}"));
    }
    for l in triominos_bots::levels::NAMED {
        keys.push(format!("level.{}", l.id));
    }
    for o in triominos_core::rules::OPTIONS {
        keys.push(o.help.to_string());
        keys.push(format!("{}.help", o.help));
    }
    // Every value of a choice option has its label, and the rules pages'
    // wording of it (`rules.end.*` for how a game ends, `rules.OPTION.*` else).
    for o in triominos_core::rules::OPTIONS {
        if let triominos_core::rules::OptionKind::Choice { values } = o.kind {
            for v in values {
                keys.push(format!("{}.{v}", o.help));
                let page = if o.name == "game_end" { "end" } else { o.name };
                keys.push(format!("rules.{page}.{v}"));
            }
        }
    }
    for r in [
        "tile",
        "start",
        "bridge",
        "bridge_extension",
        "hexagon",
        "double_hexagon",
        "triple_hexagon",
        "draw",
        "fail",
        "pass",
        "out",
        "opponents_hands",
        "own_hand",
        "blocked_win",
    ] {
        keys.push(format!("reason.{r}"));
    }
    for b in ["start", "bridge", "bridge_extension", "hexagon", "double_hexagon", "triple_hexagon", "fail"] {
        keys.push(format!("bonus.{b}"));
    }
    // Every refusal code the server sends, and the engine's.
    for c in [
        "game_over",
        "round_over",
        "not_your_turn",
        "tile_not_in_hand",
        "first_tile_must_be",
        "opener_may_not_draw",
        "must_play_drawn_tile",
        "must_place_now",
        "no_placement_after_failed_draw",
        "may_not_draw_when_able",
        "pool_empty",
        "unknown",
    ] {
        keys.push(format!("errors.{c}"));
    }
    // The server's own (the pad's are `pad.error.*`, checked by pad_api.rs).
    for c in Refused::codes().chain(rules_codes()) {
        if !["stale_sheet", "sheet_not_found", "bad_sheet", "bad_entry", "too_many_entries"].contains(&c) {
            keys.push(format!("errors.{c}"));
        }
    }
    // The quick reactions (`react.CODE`).
    for c in triominos_server::protocol::Reaction::codes() {
        keys.push(format!("react.{c}"));
    }
    // The reasons of a suggested move (`hint.reason.CODE`).
    for c in triominos_bots::judge::Reason::CODES {
        keys.push(format!("hint.reason.{c}"));
    }
    // A move typed in the notation and refused (`errors.notation.CODE`), and the words of
    // the screen-reader table's spots (`sr.side.SIDE`, `sr.side_word.SIDE`, `sr.corner.up.K`).
    for c in triominos_server::protocol::NotationRefused::codes() {
        keys.push(format!("errors.notation.{c}"));
    }
    for side in ["left", "right", "above", "below"] {
        keys.push(format!("sr.side.{side}"));
        keys.push(format!("sr.side_word.{side}"));
    }
    for k in 0..3 {
        keys.push(format!("sr.corner.up.{k}"));
        keys.push(format!("sr.corner.down.{k}"));
    }
    for c in ["can_play", "pool_not_empty", "opening"] {
        keys.push(format!("errors.may_not_pass.{c}"));
    }
    for c in [
        "first_tile_at_origin",
        "cell_taken",
        "not_touching",
        "corner_mismatch",
        "conflicting_neighbours",
        "already_placed",
    ] {
        keys.push(format!("errors.placement.{c}"));
    }
    for l in LANGUAGES {
        keys.push(format!("lang.{l}"));
    }
    for k in 0..3 {
        keys.push(format!("corner.{k}"));
    }
    for d in ["vertex", "after_draw", "pass", "reach", "ties", "extension", "zero", "immediate"] {
        keys.push(format!("rules.decision.{d}"));
    }
    for m in ["vertex", "edges"] {
        keys.push(format!("rules.match.{m}"));
    }
    keys
}

/// Keys written literally in the scripts: `t('key'` and `t("key"`.
fn literal_keys() -> BTreeSet<String> {
    let mut keys = BTreeSet::new();
    for (path, bytes) in assets::FILES.iter() {
        if !path.ends_with(".js") {
            continue;
        }
        let text = std::str::from_utf8(bytes).unwrap();
        for (i, _) in text.match_indices("t(") {
            if i > 0 && (text.as_bytes()[i - 1].is_ascii_alphanumeric() || text.as_bytes()[i - 1] == b'_') {
                continue;
            }
            let rest = &text[i + 2..];
            let Some(q) = rest.chars().next().filter(|c| *c == '\'' || *c == '"') else { continue };
            let body = &rest[1..];
            let Some(end) = body.find(q) else { continue };
            let key = &body[..end];
            // Skip keys built with `+` (checked by dynamic_keys) and ternaries.
            let after = body[end + 1..].trim_start();
            if after.starts_with('+') || key.ends_with('.') || !key.contains('.') {
                continue;
            }
            keys.insert(key.to_string());
        }
    }
    keys
}

#[test]
fn every_language_has_every_key_with_the_same_placeholders() {
    let en = dict("en");
    assert!(en.len() > 200);
    let mut wanted: BTreeSet<String> = literal_keys();
    assert!(wanted.len() > 100, "found {} literal keys", wanted.len());
    wanted.extend(dynamic_keys());
    for key in &wanted {
        assert!(en.contains_key(key), "en.json lacks {key:?}");
    }
    for lang in LANGUAGES {
        let d = dict(lang);
        for (k, v) in &en {
            let Some(tr) = d.get(k) else { panic!("{lang}.json lacks {k:?}") };
            let (Some(tr), Some(v)) = (tr.as_str(), v.as_str()) else { panic!("{lang}: {k} is not a string") };
            assert!(!tr.trim().is_empty(), "{lang}: {k} is empty");
            assert_eq!(placeholders(tr), placeholders(v), "{lang}: {k} has other placeholders than en");
        }
        for k in d.keys() {
            assert!(en.contains_key(k), "{lang}.json has {k:?}, which en.json lacks");
        }
    }
}

#[test]
fn the_rule_texts_words_are_used() {
    let fr: String = dict("fr").values().filter_map(Value::as_str).collect::<Vec<_>>().join(" ").to_lowercase();
    for w in ["pioche", "pont", "hexagone", "double hexagone", "manche", "chevalet"] {
        assert!(fr.contains(w), "French lacks {w}");
    }
    let es: String = dict("es").values().filter_map(Value::as_str).collect::<Vec<_>>().join(" ").to_lowercase();
    for w in ["pozo", "puente", "hexágono", "ronda", "caballete"] {
        assert!(es.contains(w), "Spanish lacks {w}");
    }
}

#[test]
fn every_asset_file_is_embedded() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
    let mut stack = vec![root.clone()];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                // The wire types' declarations are for the type checker, not served.
                if p != root.join("types") {
                    stack.push(p);
                }
            } else {
                let rel = p.strip_prefix(&root).unwrap().to_string_lossy().replace('\\', "/");
                assert!(assets::get(&rel).is_some(), "assets/{rel} is not in assets::FILES");
            }
        }
    }
}

/// The words that depend on a count, {n|one:tile|other:tiles}: every form names a
/// plural category of `Intl.PluralRules` and "other" is always there; no "(s)" is left.
#[test]
fn plural_forms_are_well_formed() {
    const CATEGORIES: [&str; 6] = ["zero", "one", "two", "few", "many", "other"];
    let mut forms = 0;
    for lang in LANGUAGES {
        for (k, v) in &dict(lang) {
            let v = v.as_str().unwrap_or_default();
            assert!(!v.contains("(s)"), "{lang}: {k} writes a plural as (s): {v}");
            let mut rest = v;
            while let Some(i) = rest.find('{') {
                let Some(j) = rest[i..].find('}') else { break };
                let inner = &rest[i + 1..i + j];
                rest = &rest[i + j..];
                let mut parts = inner.split('|');
                let _count = parts.next();
                let cats: Vec<&str> = parts.map(|p| p.split(':').next().unwrap_or_default()).collect();
                if cats.is_empty() {
                    continue;
                }
                forms += 1;
                for c in &cats {
                    assert!(CATEGORIES.contains(c), "{lang}: {k}: unknown plural category {c:?} in {inner:?}");
                }
                assert!(cats.contains(&"other"), "{lang}: {k}: {inner:?} has no \"other\" form");
                assert!(cats.contains(&"one"), "{lang}: {k}: {inner:?} has no \"one\" form");
            }
        }
    }
    assert!(forms >= 30, "only {forms} plural forms");
}
