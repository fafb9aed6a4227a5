//! [`AppState`]: what every handler, socket and task of the server shares.

use crate::config::ServeConfig;
use crate::game::registry::Registry;
use crate::game::shares::Shares;
use crate::game::think::Thinking;
use crate::game::timers::Timers;
use crate::store::Store;
use std::sync::Arc;
use tokio::sync::watch;

/// The server's shared state.
pub struct AppState {
    /// The games: in memory, set aside, the caps on creation.
    pub games: Registry,
    /// Storage.
    pub store: Store,
    /// Settings.
    pub config: ServeConfig,
    /// The bots' decisions: running and waiting.
    pub thinking: Arc<Thinking>,
    /// What each client holds at once: spectator sockets, hints, reviews.
    pub shares: Shares,
    /// The games' timer tasks (turn clocks, takeback lapses), counted.
    pub timers: Timers,
    /// Each client's bucket of requests to the open tables and the pools.
    pub pools: crate::pools::Limiter,
    /// Accounts: the password hasher, the sign-in throttles, the cookie's settings.
    pub accounts: crate::accounts::Accounts,
    /// Whether the server is shutting down ([`AppState::begin_closing`]).
    closing: watch::Sender<bool>,
}

impl AppState {
    /// The state of a server with `config`, storing in `store`, holding no game yet.
    pub fn new(config: ServeConfig, store: Store) -> Arc<AppState> {
        let thinking = Thinking::with_share(config.max_thinking, config.max_thinking_per_client);
        let (closing, _) = watch::channel(false);
        let accounts = crate::accounts::Accounts::new(&config);
        Arc::new(AppState {
            games: Registry::new(&config),
            store,
            config,
            thinking,
            shares: Shares::default(),
            timers: Timers::default(),
            pools: crate::pools::Limiter::default(),
            accounts,
            closing,
        })
    }

    /// The server is shutting down: every game socket closes (with
    /// [`crate::game::ws::CLOSE_RESTARTING`]) and no bot plays a new move.
    pub fn begin_closing(&self) {
        self.closing.send_replace(true);
    }

    /// Whether the server is shutting down.
    pub fn is_closing(&self) -> bool {
        *self.closing.borrow()
    }

    /// Told when the server begins shutting down (see [`AppState::begin_closing`]).
    pub fn closing(&self) -> watch::Receiver<bool> {
        self.closing.subscribe()
    }
}
