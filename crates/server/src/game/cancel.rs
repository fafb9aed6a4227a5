//! A waiting table's setup written, and its end: cancelled by its creator
//! or because nobody started it in time ([`super::waiting`]; the turn clock
//! of [`super::driver`] cancels an expired one through here).

use super::error::Denied;
use super::room::Room;
use crate::protocol::{Refused, ServerMsg};
use crate::state::AppState;
use std::sync::Arc;

/// Writes the room's setup to storage (the waiting room's state is in it).
pub fn save(state: &Arc<AppState>, r: &Room) -> impl std::future::Future<Output = Result<(), Denied>> + Send + 'static {
    // Made before the write: nothing of the room is held across it.
    let text = serde_json::to_string(&r.setup);
    let (state, owned) = (state.clone(), r.owned());
    async move {
        let text = text.map_err(|_| Refused::StorageFailed)?;
        store_setup(&state, owned, text).await
    }
}

/// [`save`]'s write, holding nothing of the room across it.
async fn store_setup(state: &Arc<AppState>, owned: crate::store::Owned, text: String) -> Result<(), Denied> {
    let id = owned.game.clone();
    if let Err(e) = state.store.update_setup(owned, text).await {
        if let Some(suppressed) = crate::store::throttle::storage_error() {
            tracing::error!(game = %id, suppressed, "cannot store the waiting room: {e}");
        }
        return Err(Refused::StorageFailed.into());
    }
    Ok(())
}

/// Cancels a waiting table (by its creator, or `expired`: nobody started it
/// in time): marked cancelled and finished in storage (left out of the
/// finished games), everyone sent `cancelled`, the connections closed, the
/// game out of memory. A storage failure leaves it waiting (its clock, or
/// the creator, tries again).
pub async fn cancel(state: &Arc<AppState>, r: &mut Room, expired: bool) {
    r.setup.cancelled = true;
    if save(state, r).await.is_err() {
        r.setup.cancelled = false;
        return;
    }
    let summary = serde_json::to_string(&r.summary()).unwrap_or_default();
    if let Err(e) = state.store.finish(r.owned(), crate::store::now(), summary).await {
        if let Some(suppressed) = crate::store::throttle::storage_error() {
            tracing::error!(game = %r.id, suppressed, "cannot mark a cancelled table finished: {e}");
        }
    }
    tracing::info!(game = %r.id, expired, "a waiting table cancelled");
    let msg = ServerMsg::Cancelled { expired }.text();
    r.send_each(|_| msg.clone());
    r.drop_connections();
    state.games.forget(&r.id);
}
