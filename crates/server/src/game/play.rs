//! Accepting intents in the game's driver: check, store, apply, tell
//! everyone; rebuilding a stored game by replaying its log.

use super::error::Denied;
pub use super::handle::Asker;
use super::room::{Room, Timing};
use crate::protocol::{Intent, Refused, ServerMsg};
use crate::state::AppState;
use crate::store::StoredGame;
use std::sync::Arc;

/// Checks an intent, stores it, applies it, acknowledges and broadcasts it.
/// A refusal changes nothing. Returns the new version.
pub async fn submit(
    state: &Arc<AppState>,
    r: &mut Room,
    seat: Option<u8>,
    intent: Intent,
    asker: Asker,
) -> Result<u64, Denied> {
    // An id this seat already used: the same ack again, nothing applied.
    let client_id = seat.and(asker.id);
    if let (Some(s), Some(id)) = (seat, client_id) {
        if let Some(v) = r.applied_id(s, id) {
            tracing::info!(game = %r.id, v, seat, id, "a duplicate intent acknowledged again");
            if let Some(conn) = asker.conn {
                r.send_to(conn, ServerMsg::Ack { id: Some(id), v, duplicate: true }.text());
            }
            return Ok(v);
        }
    }
    if asker.at_version.is_some_and(|v| v != r.version()) {
        return Ok(r.version());
    }
    if let (Some(s), Some(_)) = (seat, asker.conn) {
        r.check_client(s, intent)?;
    }
    r.check(seat, intent)?;
    let v = r.version() + 1;
    let stored = stored_intent(intent, client_id)?;
    // A copy of the game dropped from memory (another instance took it
    // over) never writes, even if this instance has taken the game back
    // since (a new copy, loaded under a newer epoch: the store's fence
    // refuses this one's writes too).
    if !state.games.holds(&r.id, r.copy) {
        tracing::info!(game = %r.id, v, "a copy of this game dropped from memory: its intent is not stored");
        return Err(Refused::StorageFailed.into());
    }
    let at = crate::store::now_ms();
    if let Err(e) = state.store.append(r.owned(), v, seat, stored, at).await {
        if let crate::store::StoreError::Fenced { .. } = e {
            // Another instance owns the game now (this one's lease lapsed):
            // nothing more here; the sockets close at once and the pages
            // connect again, through the proxy, to the owner.
            tracing::warn!(game = %r.id, "another instance took this game over: dropped from memory ({e})");
            state.games.drop_copy(&r.id, r.copy);
            r.drop_connections();
        } else if let Some(suppressed) = crate::store::throttle::storage_error() {
            tracing::error!(game = %r.id, suppressed, "cannot store an action: {e}");
        }
        return Err(Refused::StorageFailed.into());
    }
    let applied = r.commit_at(seat, intent, at)?;
    if let (Some(s), Some(id)) = (seat, client_id) {
        r.remember_id(s, id, v);
    }
    tracing::info!(game = %r.id, v, seat, intent = intent.kind(), "accepted");
    if applied.game_over {
        let summary = serde_json::to_string(&r.summary()).unwrap_or_default();
        if let Err(e) = state.store.finish(r.owned(), crate::store::now(), summary).await {
            if let Some(suppressed) = crate::store::throttle::storage_error() {
                tracing::error!(game = %r.id, suppressed, "cannot mark finished: {e}");
            }
        }
        tracing::info!(game = %r.id, "game over");
        if !r.has_humans() {
            state.games.end_bot_game(&r.id);
        }
    }
    if let Some(conn) = asker.conn {
        r.send_to(conn, ServerMsg::Ack { id: asker.id, v, duplicate: false }.text());
    }
    r.broadcast_from(v);
    Ok(v)
}

pub use super::table::{read_stored_intent, stored_intent};

/// Rebuilds a stored game ([`super::table::Table::rebuild_at`], a row
/// stored without a time counting as stored now), with no connection.
pub fn rebuild(stored: &StoredGame, timing: Timing) -> Result<Room, Denied> {
    Ok(super::table::Table::rebuild_at(stored, timing, crate::store::now_ms())?.into())
}
