//! The page, its scripts, styles and translations, embedded in the binary, served with
//! versioned addresses and cache headers (see [`page`]).

use axum::extract::{Path, RawQuery};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};

macro_rules! files {
    ($($name:literal),* $(,)?) => {
        &[$(($name, include_bytes!(concat!("../../assets/", $name)) as &[u8])),*]
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
    const A: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for c in bytes.chunks(3) {
        let n =
            (u32::from(c[0]) << 16) | (u32::from(*c.get(1).unwrap_or(&0)) << 8) | u32::from(*c.get(2).unwrap_or(&0));
        for (i, shift) in [18, 12, 6, 0].into_iter().enumerate() {
            out.push(if i <= c.len() { A[(n >> shift) as usize & 63] as char } else { '=' });
        }
    }
    out
}

/// SHA-256 (FIPS 180-4), for the hashes of the page's inline scripts.
fn sha256(data: &[u8]) -> [u8; 32] {
    const K: [u32; 64] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
        0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
        0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
        0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
        0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
        0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
        0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
        0xc67178f2,
    ];
    let mut h: [u32; 8] =
        [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
    let mut msg = data.to_vec();
    msg.push(0x80);
    while msg.len() % 64 != 56 {
        msg.push(0);
    }
    msg.extend_from_slice(&((data.len() as u64) * 8).to_be_bytes());
    for block in msg.chunks(64) {
        let mut w = [0u32; 64];
        for (i, word) in block.chunks(4).enumerate() {
            w[i] = u32::from_be_bytes([word[0], word[1], word[2], word[3]]);
        }
        for i in 16..64 {
            let s0 = w[i - 15].rotate_right(7) ^ w[i - 15].rotate_right(18) ^ (w[i - 15] >> 3);
            let s1 = w[i - 2].rotate_right(17) ^ w[i - 2].rotate_right(19) ^ (w[i - 2] >> 10);
            w[i] = w[i - 16].wrapping_add(s0).wrapping_add(w[i - 7]).wrapping_add(s1);
        }
        let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut hh] = h;
        for i in 0..64 {
            let s1 = e.rotate_right(6) ^ e.rotate_right(11) ^ e.rotate_right(25);
            let ch = (e & f) ^ (!e & g);
            let t1 = hh.wrapping_add(s1).wrapping_add(ch).wrapping_add(K[i]).wrapping_add(w[i]);
            let s0 = a.rotate_right(2) ^ a.rotate_right(13) ^ a.rotate_right(22);
            let maj = (a & b) ^ (a & c) ^ (b & c);
            let t2 = s0.wrapping_add(maj);
            hh = g;
            g = f;
            f = e;
            e = d.wrapping_add(t1);
            d = c;
            c = b;
            b = a;
            a = t1.wrapping_add(t2);
        }
        for (x, y) in h.iter_mut().zip([a, b, c, d, e, f, g, hh]) {
            *x = x.wrapping_add(y);
        }
    }
    let mut out = [0u8; 32];
    for (i, x) in h.iter().enumerate() {
        out[i * 4..i * 4 + 4].copy_from_slice(&x.to_be_bytes());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// FIPS 180-4 test vectors (and one over two blocks), as base64 the way CSP writes them.
    #[test]
    fn sha256_and_base64_match_the_standard_vectors() {
        let hex = |b: [u8; 32]| b.iter().map(|x| format!("{x:02x}")).collect::<String>();
        assert_eq!(hex(sha256(b"abc")), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        assert_eq!(hex(sha256(b"")), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
        assert_eq!(
            hex(sha256(b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        );
        assert_eq!(base64(&sha256(b"")), "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=");
        assert_eq!((base64(b"f"), base64(b"fo"), base64(b"foo")), ("Zg==".into(), "Zm8=".into(), "Zm9v".into()));
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
