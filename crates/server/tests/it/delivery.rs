//! How the page is delivered: compressed, and cached so that a return visit downloads
//! only what changed (versioned asset addresses kept for a year, the page itself
//! checked again with an ETag).

use crate::common;

use axum::body::Body;
use axum::http::{header, Request};
use common::*;
use tower::ServiceExt;

/// One GET through the whole app (compression included): `(status, headers, body bytes)`.
async fn get(
    server: &triominos_server::Server,
    path: &str,
    headers: &[(&str, &str)],
) -> (u16, axum::http::HeaderMap, Vec<u8>) {
    let mut req = Request::builder().method("GET").uri(path);
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    let resp = triominos_server::app(server.state.clone()).oneshot(req.body(Body::empty()).unwrap()).await.unwrap();
    let status = resp.status().as_u16();
    let h = resp.headers().clone();
    let bytes = axum::body::to_bytes(resp.into_body(), usize::MAX).await.unwrap();
    (status, h, bytes.to_vec())
}

fn header_of(h: &axum::http::HeaderMap, name: header::HeaderName) -> &str {
    h.get(name).and_then(|v| v.to_str().ok()).unwrap_or("")
}

#[tokio::test]
async fn the_page_names_versioned_assets_and_is_revalidated_with_an_etag() {
    let db = temp_db();
    let server = start(&db).await;
    let (s, h, body) = get(&server, "/", &[]).await;
    assert_eq!(s, 200);
    let html = String::from_utf8(body).unwrap();
    assert_eq!(header_of(&h, header::CACHE_CONTROL), "no-cache");
    let etag = header_of(&h, header::ETAG).to_string();
    assert!(etag.starts_with('"') && etag.len() > 4, "{etag}");
    // Every script, style and translation has its versioned address in the import map.
    for path in ["app.js", "board.js", "game/views.js", "pad/sheet.js", "i18n/fr.json", "pad.css"] {
        let v = triominos_server::http::assets::version(path).unwrap();
        assert!(html.contains(&format!("\"/assets/{path}\":\"/assets/{path}?v={v}\"")), "{path} not mapped in {html}");
    }
    let app = triominos_server::http::assets::version("app.js").unwrap();
    assert!(html.contains(&format!("src=\"/assets/app.js?v={app}\"")), "{html}");
    assert!(html.contains("href=\"/assets/style.css?v="), "{html}");
    // The same page again: not modified, no body.
    let (s, _, body) = get(&server, "/rules/goliath", &[("if-none-match", &etag)]).await;
    assert_eq!(s, 304);
    assert!(body.is_empty());
    server.stop().await;
}

#[tokio::test]
async fn a_versioned_asset_is_kept_for_a_year_an_unversioned_one_is_checked_again() {
    let db = temp_db();
    let server = start(&db).await;
    let v = triominos_server::http::assets::version("board.js").unwrap();
    let (s, h, body) = get(&server, &format!("/assets/board.js?v={v}"), &[]).await;
    assert_eq!(s, 200);
    assert_eq!(header_of(&h, header::CACHE_CONTROL), "public, max-age=31536000, immutable");
    assert_eq!(body, triominos_server::http::assets::get("board.js").unwrap());
    // An old or missing version is not kept: it is checked again.
    for path in ["/assets/board.js", "/assets/board.js?v=0000000000000000"] {
        let (s, h, _) = get(&server, path, &[]).await;
        assert_eq!(s, 200);
        assert_eq!(header_of(&h, header::CACHE_CONTROL), "no-cache", "{path}");
        let etag = header_of(&h, header::ETAG).to_string();
        let (s, _, body) = get(&server, path, &[("if-none-match", &etag)]).await;
        assert_eq!(s, 304, "{path}");
        assert!(body.is_empty());
    }
    // A changed file has another version (the fingerprint depends on every byte).
    assert_ne!(
        triominos_server::http::assets::fingerprint(b"abc"),
        triominos_server::http::assets::fingerprint(b"abd")
    );
    let (s, _, _) = get(&server, "/assets/nothing.js", &[]).await;
    assert_eq!(s, 404);
    server.stop().await;
}

#[tokio::test]
async fn answers_are_gzipped_when_the_browser_accepts_it() {
    let db = temp_db();
    let server = start(&db).await;
    for path in ["/", "/assets/game/views.js", "/assets/i18n/fr.json", "/assets/style.css", "/api/meta"] {
        let (s, plain_h, plain) = get(&server, path, &[]).await;
        assert_eq!(s, 200);
        assert_eq!(header_of(&plain_h, header::CONTENT_ENCODING), "", "{path} compressed unasked");
        let (s, h, zipped) = get(&server, path, &[("accept-encoding", "gzip")]).await;
        assert_eq!(s, 200);
        assert_eq!(header_of(&h, header::CONTENT_ENCODING), "gzip", "{path}");
        assert!(zipped.len() * 2 < plain.len(), "{path}: {} bytes gzipped of {}", zipped.len(), plain.len());
        // It is gzip: the magic bytes.
        assert_eq!(&zipped[..2], &[0x1f, 0x8b]);
    }
    server.stop().await;
}

/// A log writer into a shared buffer.
#[derive(Clone, Default)]
struct Captured(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for Captured {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Requests are traced under their route as declared: a seat's link puts
/// its secret token in the address, and the log never shows it.
#[tokio::test]
async fn requests_are_traced_by_route_never_by_address() {
    let db = temp_db();
    let server = start(&db).await;
    let log = Captured::default();
    let writer = log.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_max_level(tracing::Level::DEBUG)
        .with_ansi(false)
        .with_writer(move || writer.clone())
        .finish();
    let _guard = tracing::subscriber::set_default(subscriber);
    let token = "5ec7e75ec7e75ec7e75ec7e75ec7e75e";
    let (s, _, _) = get(&server, &format!("/g/abcd1234/{token}"), &[]).await;
    assert_eq!(s, 200);
    let (s, _, _) = get(&server, "/api/nothing/here", &[]).await;
    assert_eq!(s, 404);
    let text = String::from_utf8(log.0.lock().unwrap().clone()).unwrap();
    assert!(text.contains("route=\"/g/{id}/{token}\""), "{text}");
    assert!(text.contains("(no route)"), "{text}");
    assert!(!text.contains(token) && !text.contains("abcd1234"), "{text}");
}

/// Issue 32, defect 6: every page address answers the page (HTML), `/rules`
/// and an unknown page included (the page then says it has no such page);
/// under `/api/`, `/ws/` and `/assets/` an unknown address stays a JSON refusal.
#[tokio::test]
async fn page_addresses_answer_html_and_api_ones_json() {
    let db = temp_db();
    let server = start(&db).await;
    for (path, status) in
        [("/rules", 200), ("/rules/", 200), ("/no-such-page", 404), ("/g", 404), ("/learn/x/y/z", 404)]
    {
        let (s, h, body) = get(&server, path, &[]).await;
        assert_eq!(s, status, "{path}");
        assert!(header_of(&h, header::CONTENT_TYPE).starts_with("text/html"), "{path}: {:?}", h);
        assert!(String::from_utf8(body).unwrap().contains("<main"), "{path}");
    }
    for path in ["/api/nothing", "/api/games/x/y/z", "/ws", "/assets/nothing.js"] {
        let (s, h, body) = get(&server, path, &[]).await;
        assert_eq!(s, 404, "{path}");
        assert!(header_of(&h, header::CONTENT_TYPE).starts_with("application/json"), "{path}");
        let v: serde_json::Value = serde_json::from_slice(&body).unwrap();
        assert!(v["code"].as_str().unwrap().ends_with("not_found"), "{path}: {v}");
    }
    server.stop().await;
}

/// The whole app's weight, the limit docs/development.md gives: 300 KB (300,000 bytes).
const APP_LIMIT_BYTES: usize = 300_000;

/// The whole app as a first visitor could download it: the page and every file of its
/// import map (every script, style and translation, loaded at once or when its page
/// opens: all are counted), each as the server sends it gzipped, summed.
#[tokio::test]
async fn the_whole_app_gzipped_stays_under_300_kb() {
    let db = temp_db();
    let server = start(&db).await;
    let gz = [("accept-encoding", "gzip")];
    let (s, h, page) = get(&server, "/", &gz).await;
    assert_eq!(s, 200);
    assert_eq!(header_of(&h, header::CONTENT_ENCODING), "gzip");
    let (_, _, html) = get(&server, "/", &[]).await;
    let html = String::from_utf8(html).unwrap();
    let start = html.find("<script type=\"importmap\">").expect("the page's import map") + 25;
    let end = start + html[start..].find("</script>").unwrap();
    let map: serde_json::Value = serde_json::from_str(&html[start..end]).unwrap();
    let imports = map["imports"].as_object().unwrap();
    // Every embedded file but the page itself is in the map: none escapes the count.
    assert_eq!(imports.len(), triominos_server::http::assets::FILES.len() - 1);
    let mut sizes = vec![(page.len(), "/".to_string())];
    for (path, versioned) in imports {
        let (s, h, body) = get(&server, versioned.as_str().unwrap(), &gz).await;
        assert_eq!(s, 200, "{path}");
        assert_eq!(header_of(&h, header::CONTENT_ENCODING), "gzip", "{path}");
        sizes.push((body.len(), path.clone()));
    }
    sizes.sort();
    let total: usize = sizes.iter().map(|(n, _)| n).sum();
    let heaviest: Vec<String> = sizes.iter().rev().take(12).map(|(n, p)| format!("{p} {n}")).collect();
    println!("the whole app: {total} bytes gzipped in {} files; heaviest: {}", sizes.len(), heaviest.join(", "));
    assert!(
        total < APP_LIMIT_BYTES,
        "the whole app is {total} bytes gzipped, over {APP_LIMIT_BYTES}; heaviest: {}",
        heaviest.join(", ")
    );
    server.stop().await;
}
