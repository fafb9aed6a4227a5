//! The page, its scripts, styles and translations, embedded in the binary.

use axum::extract::Path;
use axum::http::{header, StatusCode};
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
    "replay.js",
    "rules.js",
    "pad.js",
    "pad/list.js",
    "pad/entry.js",
    "pad/form.js",
    "pad/sheet.js",
    "pad.css",
    "favicon.svg",
    "i18n/en.json",
    "i18n/fr.json",
    "i18n/es.json",
    "puzzles.js",
    "puzzles/list.js",
    "puzzles/play.js",
    "puzzles/store.js",
    "puzzles/puzzles.css",
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

/// The single page (every page path serves it; the script routes).
pub async fn index() -> Response {
    file(Path("index.html".to_string())).await
}

/// `GET /assets/{path}`.
pub async fn file(Path(path): Path<String>) -> Response {
    match get(&path) {
        Some(bytes) => {
            ([(header::CONTENT_TYPE, mime(&path)), (header::CACHE_CONTROL, "no-cache")], bytes).into_response()
        }
        None => crate::api::Fail::new(StatusCode::NOT_FOUND, crate::protocol::Refused::NotFound).into_response(),
    }
}
