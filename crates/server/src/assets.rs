//! The page, its scripts, styles and translations, embedded in the binary, served with
//! versioned addresses and cache headers (see [`page`]).

use axum::extract::{Path, RawQuery};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};

macro_rules! files {
    ($($name:literal),* $(,)?) => {
        &[$(($name, include_bytes!(concat!("../assets/", $name)) as &[u8])),*]
    };
}

/// Every asset: its path under `/assets/` and its bytes.
pub const FILES: &[(&str, &[u8])] = files!(
    "index.html",
    "style.css",
    "app.js",
    "dom.js",
    "i18n.js",
    "prefs.js",
    "options.js",
    "board.js",
    "home.js",
    "lobby.js",
    "game.js",
    "game/conn.js",
    "game/state.js",
    "game/views.js",
    "game/sheet.js",
    "game/fx.js",
    "game/controls.js",
    "replay.js",
    "rules.js",
    "pad.js",
    "pad/list.js",
    "pad/entry.js",
    "pad/form.js",
    "pad/sheet.js",
    "pad/keys.js",
    "pad.css",
    "favicon.svg",
    "i18n/en.json",
    "i18n/fr.json",
    "i18n/es.json",
    "learn.js",
    "learn.css",
    "learn/progress.js",
    "learn/lesson.js",
    "puzzles.js",
    "puzzles/list.js",
    "puzzles/play.js",
    "puzzles/store.js",
    "puzzles/puzzles.css",
    "review.js",
    "review.css",
);

/// The languages of the page, in the order the switch shows them.
pub const LANGUAGES: [&str; 3] = ["en", "fr", "es"];

fn mime(path: &str) -> &'static str {
    match path.rsplit('.').next() {
        Some("html") => "text/html; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("json") => "application/json",
        Some("svg") => "image/svg+xml",
        _ => "application/octet-stream",
    }
}

/// The bytes of an asset.
pub fn get(path: &str) -> Option<&'static [u8]> {
    FILES.iter().find(|(p, _)| *p == path).map(|(_, b)| *b)
}

/// A short fingerprint of some bytes (FNV-1a, 64 bits, as hex): the version of an asset.
pub fn fingerprint(bytes: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// The version of every asset, computed once: `(path, fingerprint)`.
fn versions() -> &'static [(&'static str, String)] {
    static V: std::sync::OnceLock<Vec<(&'static str, String)>> = std::sync::OnceLock::new();
    V.get_or_init(|| FILES.iter().map(|(p, b)| (*p, fingerprint(b))).collect())
}

/// The version of an asset (its fingerprint), if it exists.
pub fn version(path: &str) -> Option<&'static str> {
    versions().iter().find(|(p, _)| *p == path).map(|(_, v)| v.as_str())
}

/// The page as served: index.html with every asset address carrying its version
/// (`/assets/app.js?v=...`), and an import map that gives each script, style and
/// translation its versioned address, so that the scripts' own `import`s and
/// `import.meta.resolve` fetch the versioned files. A versioned file never changes,
/// so the browser keeps it (`immutable`); only the page itself is checked again.
pub fn page() -> &'static str {
    static PAGE: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    PAGE.get_or_init(|| {
        let html = std::str::from_utf8(get("index.html").unwrap_or_default()).unwrap_or_default();
        let mut map = serde_json::Map::new();
        for (p, v) in versions() {
            if *p != "index.html" {
                map.insert(format!("/assets/{p}"), serde_json::Value::String(format!("/assets/{p}?v={v}")));
            }
        }
        let map = serde_json::json!({ "imports": map }).to_string();
        let mut out = html.replace(
            "<script type=\"module\"",
            &format!("<script type=\"importmap\">{map}</script>\n<script type=\"module\""),
        );
        for (p, v) in versions() {
            for attr in ["src", "href"] {
                out = out.replace(&format!("{attr}=\"/assets/{p}\""), &format!("{attr}=\"/assets/{p}?v={v}\""));
            }
        }
        out
    })
}

/// The single page (every page path serves it; the script routes). Checked again on each
/// visit (`no-cache`), answered `304 Not Modified` when the browser's copy is current.
pub async fn index(headers: HeaderMap) -> Response {
    let html = page();
    let etag = format!("\"{}\"", fingerprint(html.as_bytes()));
    if matches(&headers, &etag) {
        return (StatusCode::NOT_MODIFIED, [(header::ETAG, etag), (header::CACHE_CONTROL, "no-cache".to_string())])
            .into_response();
    }
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8".to_string()),
            (header::CACHE_CONTROL, "no-cache".to_string()),
            (header::ETAG, etag),
        ],
        html,
    )
        .into_response()
}

fn matches(headers: &HeaderMap, etag: &str) -> bool {
    headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag || t.trim() == "*"))
}

/// The `v` of a query string `v=...&...`.
fn query_version(query: Option<&str>) -> Option<&str> {
    query?.split('&').find_map(|kv| kv.strip_prefix("v="))
}

/// `GET /assets/{path}`: with the current `?v=` version, kept by the browser for a year;
/// else checked again on each use (`no-cache`) with an `ETag`, `304` when unchanged.
pub async fn file(Path(path): Path<String>, RawQuery(query): RawQuery, headers: HeaderMap) -> Response {
    let (Some(bytes), Some(v)) = (get(&path), version(&path)) else {
        return crate::api::Fail::new(StatusCode::NOT_FOUND, crate::protocol::Refused::NotFound).into_response();
    };
    let etag = format!("\"{v}\"");
    let cache =
        if query_version(query.as_deref()) == Some(v) { "public, max-age=31536000, immutable" } else { "no-cache" };
    if matches(&headers, &etag) {
        return (StatusCode::NOT_MODIFIED, [(header::ETAG, etag), (header::CACHE_CONTROL, cache.to_string())])
            .into_response();
    }
    (
        [
            (header::CONTENT_TYPE, mime(&path).to_string()),
            (header::CACHE_CONTROL, cache.to_string()),
            (header::ETAG, etag),
        ],
        bytes,
    )
        .into_response()
}
