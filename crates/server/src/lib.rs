#![doc = include_str!("../README.md")]
#![deny(missing_docs)]

pub mod accounts;
pub mod config;
pub mod game;
pub mod http;
pub mod learn;
pub mod names;
pub mod pad;
pub mod pools;
pub mod puzzles;
pub mod replay;
pub mod review;
pub mod rules;
pub mod secret;
pub mod state;
pub mod store;

/// The wire protocol: its own crate, `triominos-protocol` (the terminal game
/// and other clients use it without the server).
pub use triominos_protocol as protocol;

pub use config::*;
pub use state::AppState;

use std::net::SocketAddr;
use std::sync::Arc;

/// Why the server does not start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The address cannot be listened on.
    #[error("{addr}: {source}")]
    Listen {
        /// The address.
        addr: String,
        /// Why.
        source: std::io::Error,
    },
    /// The database is refused, or cannot be read.
    #[error("{db}: {source}")]
    Store {
        /// The database file, or PostgreSQL's address without its password.
        db: String,
        /// Why.
        source: store::StoreError,
    },
    /// The database password file cannot be used.
    #[error("{0}")]
    Password(#[from] config::PasswordError),
    /// The runtime cannot be started.
    #[error("cannot start the runtime: {0}")]
    Runtime(std::io::Error),
}

/// A running server.
pub struct Server {
    /// The address it listens on.
    pub addr: SocketAddr,
    /// Its state (tests look at games).
    pub state: Arc<AppState>,
    task: tokio::task::JoinHandle<()>,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
    connections: http::net::Connections,
}

impl Server {
    /// Connections open now (WebSockets included).
    pub fn connections(&self) -> usize {
        self.connections.open()
    }

    /// Shuts the server down gracefully: no new connection; every open HTTP
    /// connection ends after its current answer; every game socket gets what
    /// was queued for it, then a close frame [`game::ws::CLOSE_RESTARTING`]
    /// (`server restarting`), after the message it is handling (an intent
    /// being stored is stored, applied and acknowledged first); no bot starts
    /// a new move (it plays it after the restart). Waits, at most `grace`,
    /// for every connection to end, then for every write sent to storage to
    /// be committed.
    pub async fn shutdown(mut self, grace: std::time::Duration) {
        if let Some(s) = self.shutdown.take() {
            let _ = s.send(());
        }
        self.state.begin_closing();
        let _ = tokio::time::timeout(grace, async {
            let mut tick = tokio::time::interval(std::time::Duration::from_millis(20));
            while self.connections.open() > 0 {
                tick.tick().await;
            }
        })
        .await;
        let left = self.connections.open();
        if left > 0 {
            tracing::warn!(left, "connections still open after the grace period: closed");
        }
        if let Err(e) = self.state.store.flush().await {
            tracing::error!("storage: the last writes may be lost: {e}");
        }
        // Several instances: the others may take this one's games at once.
        if let Err(e) = self.state.store.release_all().await {
            tracing::warn!("leases not given back (they expire): {e}");
        }
        let _ = self.task.await;
    }

    /// Stops accepting connections and waits for the server task.
    pub async fn stop(mut self) {
        if let Some(s) = self.shutdown.take() {
            let _ = s.send(());
        }
        self.task.abort();
        let _ = self.task.await;
        self.state.begin_closing();
        if let Err(e) = self.state.store.release_all().await {
            tracing::warn!("leases not given back (they expire): {e}");
        }
    }
}

/// Opens the database (refusing a damaged, read-only, empty or foreign one,
/// see [`store::Store::open`]), then looks at every unfinished game once
/// ([`game::load::resume_unfinished`]). A storage error refuses to start.
/// Starts the sweep of idle games.
pub async fn open(config: ServeConfig) -> Result<Arc<AppState>, StartError> {
    let location = config.database()?;
    let db = || match store::is_postgres_url(&location) {
        true => store::redact(&location),
        false => location.clone(),
    };
    let mut store = store::Store::open_any(&location).map_err(|source| StartError::Store { db: db(), source })?;
    // On PostgreSQL, one of several instances: a lease per game in play.
    if store.engine() == store::db::Engine::Postgres {
        let name = config.instance.clone().unwrap_or_else(|| {
            std::fs::read_to_string("/etc/hostname").map(|h| h.trim().to_string()).unwrap_or_default()
        });
        let name = if name.is_empty() { "instance".to_string() } else { name };
        let leases = store::lease::Leases::new(&name, &config.addr, config.lease.as_millis() as i64);
        tracing::info!(instance = %leases.instance, lease_ms = leases.ttl_ms, "PostgreSQL: games played under leases");
        store = store.with_leases(leases);
        store.join().await.map_err(|source| StartError::Store { db: db(), source })?;
    }
    let db = db();
    let state = AppState::new(config, store);
    let done = game::load::resume_unfinished(&state).await.map_err(|source| StartError::Store { db, source })?;
    let game::load::Resumed { resumed, waiting, sleeping, marked } = done;
    if resumed + waiting + sleeping + marked > 0 {
        tracing::info!(
            "resumed {resumed} unfinished game(s) where a bot plays or a clock is due soon; {waiting} wait on disk \
             for their players; {sleeping} timed game(s) wait on disk until their clock is due; {marked} ended \
             game(s) marked finished"
        );
    }
    game::lease::start(&state);
    // Whether the server can save, looked at while its store lives: the
    // pages are told when it cannot ([`store::STALL_AFTER`]) and when it can again.
    tokio::spawn(state.store.watch_saving());
    if !state.config.sweep_every.is_zero() {
        let weak = Arc::downgrade(&state);
        let every = state.config.sweep_every;
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(every);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            tick.tick().await;
            loop {
                tick.tick().await;
                let Some(state) = weak.upgrade() else { return };
                state.games.evict_idle();
                game::load::wake_sleepers(&state).await;
                pad::sweep(&state).await;
            }
        });
    }
    Ok(state)
}

/// The server's routes ([`http::router::router`]) with compression and the
/// security headers ([`http::app`]).
pub fn app(state: Arc<AppState>) -> axum::Router {
    http::app(state)
}

/// Opens the database, resumes unfinished games and starts listening.
pub async fn start(config: ServeConfig) -> Result<Server, StartError> {
    let listen = |source| StartError::Listen { addr: config.addr.clone(), source };
    let listener = tokio::net::TcpListener::bind(&config.addr).await.map_err(listen)?;
    let addr = listener.local_addr().map_err(listen)?;
    let limits = http::net::Limits::of(&config);
    let state = open(config).await?;
    let app = app(state.clone());
    let (tx, rx) = tokio::sync::oneshot::channel::<()>();
    // The accept loop (module `http::net`): a cap on connections, a time
    // limit on request heads, the peer's address for the handlers.
    let (connections, serving) = http::net::serve(listener, app, limits, rx);
    let task = tokio::spawn(serving);
    Ok(Server { addr, state, task, shutdown: Some(tx), connections })
}

/// How long a shutdown waits for the open connections ([`Server::shutdown`]).
pub const SHUTDOWN_GRACE: std::time::Duration = std::time::Duration::from_secs(10);

/// The requests to stop, listened for from the moment it is made: Ctrl-C
/// (SIGINT) and, on Unix, SIGTERM (what a service manager sends). Made
/// before the server accepts anything, so a stop sent right after the first
/// answer (a health check) is heard, never the default action that kills the
/// process with status 143.
pub struct StopSignal {
    #[cfg(unix)]
    term: Option<tokio::signal::unix::Signal>,
    #[cfg(unix)]
    int: Option<tokio::signal::unix::Signal>,
}

impl StopSignal {
    /// Starts listening (within a Tokio runtime).
    pub fn listen() -> StopSignal {
        #[cfg(unix)]
        {
            use tokio::signal::unix::{signal, SignalKind};
            let term =
                signal(SignalKind::terminate()).map_err(|e| tracing::warn!("cannot listen for SIGTERM: {e}")).ok();
            let int = signal(SignalKind::interrupt()).map_err(|e| tracing::warn!("cannot listen for SIGINT: {e}")).ok();
            StopSignal { term, int }
        }
        #[cfg(not(unix))]
        StopSignal {}
    }

    /// Waits for a stop; returns its name (`SIGTERM`, `SIGINT`).
    pub async fn recv(&mut self) -> &'static str {
        #[cfg(unix)]
        {
            async fn one(s: &mut Option<tokio::signal::unix::Signal>) {
                match s {
                    Some(s) => {
                        s.recv().await;
                    }
                    None => std::future::pending::<()>().await,
                }
            }
            tokio::select! {
                _ = one(&mut self.int) => "SIGINT",
                _ = one(&mut self.term) => "SIGTERM",
            }
        }
        #[cfg(not(unix))]
        {
            let _ = tokio::signal::ctrl_c().await;
            "Ctrl-C"
        }
    }
}

/// Waits for a request to stop ([`StopSignal`], listened for from the first
/// poll). Returns its name.
pub async fn stop_signal() -> &'static str {
    StopSignal::listen().recv().await
}

/// Runs the server until Ctrl-C or SIGTERM (for `triominos serve`), then
/// shuts it down gracefully ([`Server::shutdown`]); `ready` is called with
/// the address once it listens.
pub fn serve_blocking(config: ServeConfig, ready: impl FnOnce(SocketAddr)) -> Result<(), StartError> {
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build().map_err(StartError::Runtime)?;
    rt.block_on(async move {
        // Listening for the stop before accepting: a stop sent right after the
        // first answer is a graceful stop, not a kill.
        let mut stop = StopSignal::listen();
        let server = start(config).await?;
        tracing::info!(addr = %server.addr, "listening");
        ready(server.addr);
        let signal = stop.recv().await;
        tracing::info!(
            signal,
            "stopping: connections drained, game sockets closed with {}",
            game::ws::CLOSE_RESTARTING
        );
        server.shutdown(SHUTDOWN_GRACE).await;
        tracing::info!("stopped");
        Ok(())
    })
}
