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
//! - Every request carries the peer's address as axum's `ConnectInfo<SocketAddr>`.

use axum::extract::ConnectInfo;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{watch, OwnedSemaphorePermit, Semaphore};

/// The bounds of the accept loop (from [`crate::config::ServeConfig`]).
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Connections open at once.
    pub max_connections: usize,
    /// Time to send a request head.
    pub header_timeout: Duration,
}

impl Limits {
    /// The limits of a configuration.
    pub fn of(config: &crate::config::ServeConfig) -> Limits {
        Limits { max_connections: config.max_connections, header_timeout: config.header_timeout }
    }
}

/// A socket that holds one of the connection slots as long as it is open
/// (through a WebSocket upgrade too: hyper hands the socket on).
struct Counted {
    stream: TcpStream,
    _slot: OwnedSemaphorePermit,
    open: Arc<AtomicUsize>,
}

impl Counted {
    fn new(stream: TcpStream, slot: OwnedSemaphorePermit, open: Arc<AtomicUsize>) -> Counted {
        open.fetch_add(1, Ordering::Relaxed);
        Counted { stream, _slot: slot, open }
    }
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
    (connections, accept_loop(listener, app, limits, slots, open, stop))
}

async fn accept_loop(
    listener: TcpListener,
    app: axum::Router,
    limits: Limits,
    slots: Arc<Semaphore>,
    open: Arc<AtomicUsize>,
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
        let io = TokioIo::new(Counted::new(stream, slot, open.clone()));
        let router = app.clone();
        let service = hyper::service::service_fn(move |mut req: hyper::Request<hyper::body::Incoming>| {
            req.extensions_mut().insert(ConnectInfo(peer));
            let mut router = router.clone();
            // A router is always ready: no poll_ready needed.
            tower_service::Service::call(&mut router, req)
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
