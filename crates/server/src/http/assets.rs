//! The page, its scripts, styles and translations, embedded in the binary, served with
//! versioned addresses and cache headers (see [`page`]).

use axum::extract::{Path, RawQuery};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};

/// The folder `assets/`, embedded whole at build time (`build.rs` builds again
/// when a file is added to it).
static DIR: include_dir::Dir<'static> = include_dir::include_dir!("$CARGO_MANIFEST_DIR/assets");

/// The folder of `assets/` that is not served: the wire types and the
/// configuration the page's scripts are checked with (`tsc`), not sent.
const NOT_SERVED: &str = "types/";

/// Every asset: its path under `/assets/` and its bytes (every file of
/// `assets/` but `types/`), sorted by path.
pub static FILES: std::sync::LazyLock<Vec<(&'static str, &'static [u8])>> = std::sync::LazyLock::new(|| {
    fn walk(dir: &'static include_dir::Dir<'static>, out: &mut Vec<(&'static str, &'static [u8])>) {
        for f in dir.files() {
            if let Some(path) = f.path().to_str() {
                out.push((path, f.contents()));
            }
        }
        for d in dir.dirs() {
            walk(d, out);
        }
    }
    let mut files = Vec::new();
    walk(&DIR, &mut files);
    files.retain(|(p, _)| !p.starts_with(NOT_SERVED));
    files.sort_by_key(|(p, _)| *p);
    files
});

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

/// The page's import map: `{"imports": {"/assets/app.js": "/assets/app.js?v=..."}}`.
#[derive(serde::Serialize)]
struct ImportMap {
    imports: std::collections::BTreeMap<String, String>,
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
        let imports = versions()
            .iter()
            .filter(|(p, _)| *p != "index.html")
            .map(|(p, v)| (format!("/assets/{p}"), format!("/assets/{p}?v={v}")))
            .collect();
        // Strings only: it always serializes.
        let map = serde_json::to_string(&ImportMap { imports }).unwrap_or_default();
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
        return crate::http::error::Fail::new(StatusCode::NOT_FOUND, crate::protocol::Refused::NotFound)
            .into_response();
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

/// The Content-Security-Policy of every answer: everything from this origin
/// only, no inline script but the page's own two (the theme, read before the
/// first paint, and the import map), allowed by their SHA-256 hashes; no
/// inline style (the scripts set styles through the CSSOM, which the policy
/// allows); no plugin, no `<base>`, forms to this origin, never in a frame.
pub fn content_security_policy() -> &'static str {
    static CSP: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    CSP.get_or_init(|| {
        let hashes: Vec<String> =
            inline_scripts(page()).iter().map(|s| format!("'sha256-{}'", base64(&sha256(s.as_bytes())))).collect();
        format!(
            "default-src 'self'; script-src 'self' {}; style-src 'self'; img-src 'self'; connect-src 'self'; \
             font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
            hashes.join(" ")
        )
    })
}

/// The text of every `<script>` of a page that has no `src`.
pub fn inline_scripts(html: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = html;
    while let Some(i) = rest.find("<script") {
        rest = &rest[i..];
        let Some(open_end) = rest.find('>') else { break };
        let tag = &rest[..open_end];
        let body = &rest[open_end + 1..];
        let Some(close) = body.find("</script>") else { break };
        if !tag.contains("src=") {
            out.push(&body[..close]);
        }
        rest = &body[close..];
    }
    out
}

/// Standard base64 with padding.
fn base64(bytes: &[u8]) -> String {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

/// SHA-256, for the hashes of the page's inline scripts.
fn sha256(data: &[u8]) -> [u8; 32] {
    use sha2::Digest;
    sha2::Sha256::digest(data).into()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// CSP's hash form: SHA-256 in standard base64 (`+`, `/`, padded), not the URL-safe one.
    #[test]
    fn hashes_are_written_the_way_csp_reads_them() {
        assert_eq!(base64(&sha256(b"")), "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=");
        assert_eq!(base64(&sha256(b"abc")), "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=");
    }

    /// The page's inline scripts are the theme and the import map, each allowed by its hash.
    #[test]
    fn the_policy_allows_exactly_the_pages_inline_scripts() {
        let scripts = inline_scripts(page());
        assert_eq!(scripts.len(), 2, "{scripts:?}");
        assert!(scripts.iter().any(|s| s.contains("triominos.theme")));
        assert!(scripts.iter().any(|s| s.starts_with("{\"imports\"")));
        let csp = content_security_policy();
        for s in scripts {
            assert!(csp.contains(&format!("'sha256-{}'", base64(&sha256(s.as_bytes())))), "{csp}");
        }
        assert!(!csp.contains("unsafe-inline") && !csp.contains("unsafe-eval"), "{csp}");
        assert!(csp.contains("frame-ancestors 'none'"));
    }
}
