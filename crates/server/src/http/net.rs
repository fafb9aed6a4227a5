//! The accept loop: HTTP/1.1 connections served by hyper with a cap on the
//! connections open at once and a time limit on each request head.
//!
//! - At most [`Limits::max_connections`] connections are open at once,
//!   WebSockets included (the slot goes with the socket through the upgrade).
//!   One more is not accepted: it waits in the system's queue until a
//!   connection closes, while those open go on being served.
//! - A connection has [`Limits::header_timeout`] to send a whole request head,
//!   from its opening or from its last answer; then it is closed. This closes
//!   half-sent requests and keep-alive connections left idle alike. A
//!   WebSocket, once upgraded, is not bound by it.
//! - A request's body must arrive whole within [`Limits::body_timeout`] of
//!   its head ([`Deadline`]): one that stops or trickles is refused with 408
//!   `body_timeout` and its connection closed.
//! - One client (an IPv4 address, an IPv6 /64: [`crate::game::limits::client_of`])
//!   holds at most [`Limits::per_client`] of the connections; one more is
//!   answered at once with 429 `too_many_connections` and closed, so that
//!   one client's slow or idle connections cannot hold the slots of others.
//! - Every request carries the client's address as axum's
//!   `ConnectInfo<SocketAddr>`: the peer's, or, when the peer is one of
//!   [`Limits::trusted_proxies`] (a reverse proxy, nginx), the address the
//!   proxy read ([`forwarded_client`]: the last address of
//!   `X-Forwarded-For` that is not itself a trusted proxy). A connection from
//!   a trusted proxy counts toward that client's share of connections (taken
//!   at each request, kept through a WebSocket upgrade), not the proxy's.
//!   From any other peer the header changes nothing.

use axum::extract::ConnectInfo;
use hyper::body::{Body, Frame, Incoming, SizeHint};
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::HashMap;
use std::future::Future;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{watch, OwnedSemaphorePermit, Semaphore};

/// The bounds of the accept loop (from [`crate::config::ServeConfig`]).
#[derive(Clone, Debug)]
pub struct Limits {
    /// Connections open at once.
    pub max_connections: usize,
    /// Time to send a request head.
    pub header_timeout: Duration,
    /// Time to send a request's body, from its head.
    pub body_timeout: Duration,
    /// Connections one client holds at once (0: no cap but the global one).
    pub per_client: usize,
    /// The reverse proxies whose `X-Forwarded-For` is believed
    /// ([`crate::config::ServeConfig::trusted_proxies`]).
    pub trusted_proxies: Vec<IpAddr>,
}

impl Limits {
    /// The limits of a configuration.
    pub fn of(config: &crate::config::ServeConfig) -> Limits {
        Limits {
            max_connections: config.max_connections,
            header_timeout: config.header_timeout,
            body_timeout: config.body_timeout,
            per_client: config.max_connections_per_client,
            trusted_proxies: config.trusted_proxies.clone(),
        }
    }
}

/// A socket that holds one of the connection slots as long as it is open
/// (through a WebSocket upgrade too: hyper hands the socket on).
struct Counted {
    stream: TcpStream,
    _slot: OwnedSemaphorePermit,
    /// The client's share: taken at the accept for a direct peer, at each
    /// request for a connection from a trusted proxy ([`Behind`]).
    _client: Arc<std::sync::Mutex<Option<ClientSlot>>>,
    open: Arc<AtomicUsize>,
}

impl Counted {
    fn new(
        stream: TcpStream,
        slot: OwnedSemaphorePermit,
        client: Arc<std::sync::Mutex<Option<ClientSlot>>>,
        open: Arc<AtomicUsize>,
    ) -> Counted {
        open.fetch_add(1, Ordering::Relaxed);
        Counted { stream, _slot: slot, _client: client, open }
    }
}

/// The client a request from a trusted proxy speaks for: the last address
/// of its `X-Forwarded-For` (nginx: `$proxy_add_x_forwarded_for`, the
/// header as the client sent it with the address nginx saw added at its
/// end) that is not itself one of `trusted` (a chain of proxies), read
/// from the right, so that whatever a client wrote at the left is never
/// believed; `None` when the header is missing or ends with an entry that
/// is not an address (the peer itself is then the client).
pub fn forwarded_client(headers: &axum::http::HeaderMap, trusted: &[IpAddr]) -> Option<IpAddr> {
    let mut last = None;
    for value in headers.get_all("x-forwarded-for").iter().rev() {
        let text = value.to_str().ok()?;
        for part in text.split(',').rev() {
            let part = part.trim();
            let ip = part.parse::<IpAddr>().or_else(|_| part.parse::<std::net::SocketAddr>().map(|a| a.ip())).ok()?;
            let ip = ip.to_canonical();
            if !trusted.contains(&ip) {
                return Some(ip);
            }
            last = Some(ip);
        }
    }
    last
}

/// A connection from a trusted proxy: the client's share it holds now
/// (shared with its [`Counted`] socket, so that a WebSocket keeps it).
struct Behind {
    slot: Arc<std::sync::Mutex<Option<ClientSlot>>>,
    counts: PerClient,
    max: usize,
}

impl Behind {
    /// Takes `client`'s share for this connection (kept while its requests
    /// are that client's): `false` when the client holds its share already.
    fn admit(&self, client: IpAddr) -> bool {
        let mut slot = self.slot.lock().unwrap_or_else(|e| e.into_inner());
        if slot.as_ref().is_some_and(|s| s.client == client) {
            return true;
        }
        *slot = None;
        *slot = ClientSlot::take(&self.counts, client, self.max);
        slot.is_some()
    }
}

/// The connections each client holds now.
type PerClient = Arc<std::sync::Mutex<HashMap<IpAddr, usize>>>;

fn lock(m: &PerClient) -> std::sync::MutexGuard<'_, HashMap<IpAddr, usize>> {
    // Counters only: a panic elsewhere leaves them sound.
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// One of a client's connections, given back when dropped.
struct ClientSlot {
    client: IpAddr,
    counts: PerClient,
}

impl ClientSlot {
    /// One more connection of `client`, unless it holds `max` already (0: no cap).
    fn take(counts: &PerClient, client: IpAddr, max: usize) -> Option<ClientSlot> {
        let mut c = lock(counts);
        let n = c.entry(client).or_insert(0);
        if max > 0 && *n >= max {
            return None;
        }
        *n += 1;
        Some(ClientSlot { client, counts: counts.clone() })
    }
}

impl Drop for ClientSlot {
    fn drop(&mut self) {
        let mut c = lock(&self.counts);
        if let Some(n) = c.get_mut(&self.client) {
            *n -= 1;
            if *n == 0 {
                c.remove(&self.client);
            }
        }
    }
}

/// Why a request's body was not read: it did not arrive within
/// [`Limits::body_timeout`] of the request's head (the extractor
/// [`super::extract::RawBody`] answers 408 `body_timeout`).
#[derive(Debug)]
pub struct BodyTimeout {
    /// The time allowed, in milliseconds.
    pub ms: u64,
}

impl std::fmt::Display for BodyTimeout {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the request body did not arrive in time")
    }
}

impl std::error::Error for BodyTimeout {}

/// A request body that must end by a deadline (from its request's head):
/// past it, reading it fails with [`BodyTimeout`]. A body that sends a byte
/// now and then is bound by it as much as one that sends nothing.
pub struct Deadline {
    inner: Incoming,
    at: tokio::time::Instant,
    limit: Duration,
    sleep: Option<Pin<Box<tokio::time::Sleep>>>,
}

impl Deadline {
    /// `inner`, to be read whole within `limit` from now.
    pub fn new(inner: Incoming, limit: Duration) -> Deadline {
        Deadline { inner, at: tokio::time::Instant::now() + limit, limit, sleep: None }
    }
}

impl Body for Deadline {
    type Data = hyper::body::Bytes;
    type Error = Box<dyn std::error::Error + Send + Sync>;

    fn poll_frame(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Self::Data>, Self::Error>>> {
        let this = self.get_mut();
        match Pin::new(&mut this.inner).poll_frame(cx) {
            Poll::Ready(r) => return Poll::Ready(r.map(|r| r.map_err(Into::into))),
            Poll::Pending => {}
        }
        // Waiting: the timer is made only now (most bodies never wait).
        let at = this.at;
        let sleep = this.sleep.get_or_insert_with(|| Box::pin(tokio::time::sleep_until(at)));
        match sleep.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Some(Err(Box::new(BodyTimeout { ms: this.limit.as_millis() as u64 })))),
            Poll::Pending => Poll::Pending,
        }
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

/// The answer to a connection beyond its client's cap, written at once
/// before it is closed (the page words `too_many_connections`).
fn too_many_connections(max: usize) -> Vec<u8> {
    let body = format!(r#"{{"code":"too_many_connections","params":{{"max":{max}}}}}"#);
    format!(
        "HTTP/1.1 429 Too Many Requests\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

/// [`too_many_connections`] as a response, for a request that came through
/// a trusted proxy (its connection is closed after it).
fn refused_behind(max: usize) -> axum::response::Response {
    let body = format!(r#"{{"code":"too_many_connections","params":{{"max":{max}}}}}"#);
    let mut r = axum::response::Response::new(axum::body::Body::from(body));
    *r.status_mut() = axum::http::StatusCode::TOO_MANY_REQUESTS;
    let h = r.headers_mut();
    h.insert(axum::http::header::CONTENT_TYPE, axum::http::HeaderValue::from_static("application/json"));
    h.insert(axum::http::header::CONNECTION, axum::http::HeaderValue::from_static("close"));
    r
}

impl Drop for Counted {
    fn drop(&mut self) {
        self.open.fetch_sub(1, Ordering::Relaxed);
    }
}

impl AsyncRead for Counted {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Counted {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }
}

/// Open connections, for tests and logs: the slots taken.
#[derive(Clone)]
pub struct Connections {
    open: Arc<AtomicUsize>,
}

impl Connections {
    /// Connections open now.
    pub fn open(&self) -> usize {
        self.open.load(Ordering::Relaxed)
    }
}

/// Serves `app` on `listener` within `limits` until `stop` fires (or its
/// sender is dropped); connections open then are closed once their current
/// request is answered.
pub fn serve(
    listener: TcpListener,
    app: axum::Router,
    limits: Limits,
    stop: tokio::sync::oneshot::Receiver<()>,
) -> (Connections, impl std::future::Future<Output = ()> + Send) {
    let max = limits.max_connections.max(1);
    let slots = Arc::new(Semaphore::new(max));
    let open = Arc::new(AtomicUsize::new(0));
    let connections = Connections { open: open.clone() };
    let per_client = PerClient::default();
    (connections, accept_loop(listener, app, limits, slots, open, per_client, stop))
}

async fn accept_loop(
    listener: TcpListener,
    app: axum::Router,
    limits: Limits,
    slots: Arc<Semaphore>,
    open: Arc<AtomicUsize>,
    per_client: PerClient,
    mut stop: tokio::sync::oneshot::Receiver<()>,
) {
    // Dropped when the loop ends: every connection then closes gracefully.
    let (_closing, closing) = watch::channel(());
    let mut full = false;
    loop {
        let slot = match slots.clone().try_acquire_owned() {
            Ok(s) => {
                full = false;
                s
            }
            Err(_) => {
                if !full {
                    tracing::warn!(max = limits.max_connections, "connection cap reached: new connections wait");
                    full = true;
                }
                tokio::select! {
                    s = slots.clone().acquire_owned() => match s { Ok(s) => s, Err(_) => break },
                    _ = &mut stop => break,
                }
            }
        };
        let (stream, peer) = tokio::select! {
            r = listener.accept() => match r {
                Ok(x) => x,
                Err(e) => {
                    // Out of file descriptors, most likely: wait a moment rather than spin.
                    tracing::warn!("accept failed: {e}");
                    drop(slot);
                    tokio::select! {
                        _ = tokio::time::sleep(Duration::from_millis(100)) => continue,
                        _ = &mut stop => break,
                    }
                }
            },
            _ = &mut stop => break,
        };
        let _ = stream.set_nodelay(true);
        let client = crate::game::limits::client_of(peer.ip());
        let proxied = limits.trusted_proxies.contains(&peer.ip().to_canonical());
        // A trusted proxy's connection counts toward its client's share,
        // known at its request (below), not toward the proxy's.
        let taken = match proxied {
            true => Some(None),
            false => ClientSlot::take(&per_client, client, limits.per_client).map(Some),
        };
        let Some(client_slot) = taken else {
            // Refused at once: a short answer, then closed; the slot goes back.
            tracing::debug!(%client, max = limits.per_client, "a connection refused: too many from one client");
            let answer = too_many_connections(limits.per_client);
            tokio::spawn(async move {
                let mut stream = stream;
                let _ = tokio::time::timeout(Duration::from_secs(1), stream.write_all(&answer)).await;
                let _ = stream.shutdown().await;
                drop(slot);
            });
            continue;
        };
        let client_slot = Arc::new(std::sync::Mutex::new(client_slot));
        let behind =
            proxied.then(|| Behind { slot: client_slot.clone(), counts: per_client.clone(), max: limits.per_client });
        let io = TokioIo::new(Counted::new(stream, slot, client_slot, open.clone()));
        let router = app.clone();
        let body_timeout = limits.body_timeout;
        let trusted = limits.trusted_proxies.clone();
        let service = hyper::service::service_fn(move |req: hyper::Request<Incoming>| {
            let mut req = req.map(|b| axum::body::Body::new(Deadline::new(b, body_timeout)));
            let mut from = peer;
            if let Some(behind) = &behind {
                if let Some(ip) = forwarded_client(req.headers(), &trusted) {
                    from = std::net::SocketAddr::new(ip, peer.port());
                }
                if !behind.admit(crate::game::limits::client_of(from.ip())) {
                    tracing::debug!(client = %from.ip(), max = behind.max, "a request refused: too many connections from one client behind the proxy");
                    let answer = refused_behind(behind.max);
                    return futures_util::future::Either::Left(std::future::ready(Ok::<_, std::convert::Infallible>(
                        answer,
                    )));
                }
            }
            req.extensions_mut().insert(ConnectInfo(from));
            let mut router = router.clone();
            // A router is always ready: no poll_ready needed.
            futures_util::future::Either::Right(tower_service::Service::call(&mut router, req))
        });
        let mut closing = closing.clone();
        let header_timeout = limits.header_timeout;
        tokio::spawn(async move {
            let mut builder = http1::Builder::new();
            builder.timer(TokioTimer::new()).header_read_timeout(header_timeout);
            let conn = builder.serve_connection(io, service).with_upgrades();
            tokio::pin!(conn);
            tokio::select! {
                r = conn.as_mut() => if let Err(e) = r {
                    tracing::debug!(%peer, "connection ended: {e}");
                },
                _ = closing.changed() => {
                    conn.as_mut().graceful_shutdown();
                    let _ = conn.await;
                }
            }
        });
    }
}
