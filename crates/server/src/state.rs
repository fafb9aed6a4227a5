//! [`AppState`]: what every handler, socket and task of the server shares.

use crate::config::ServeConfig;
use crate::game::registry::Registry;
use crate::game::think::Thinking;
use crate::store::Store;
use std::sync::Arc;

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
}

impl AppState {
    /// The state of a server with `config`, storing in `store`, holding no game yet.
    pub fn new(config: ServeConfig, store: Store) -> Arc<AppState> {
        let thinking = Thinking::new(config.max_thinking);
        Arc::new(AppState { games: Registry::new(&config), store, config, thinking })
    }
}
