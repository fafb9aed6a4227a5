//! Telling a game's socket whether the server can save (issue 48): the
//! store's [`crate::store::Health::saving`] followed by each socket, a
//! `{"type":"saving","ok":false}` when it cannot (a write waited over
//! [`crate::store::STALL_AFTER`], or the database does not answer) and
//! `{"type":"saving","ok":true}` when it can again. Kept apart from `ws`:
//! `ws` subscribes, has one `select!` arm, and tells while a message of
//! its own waits for the store (`meanwhile`).

use crate::protocol::ServerMsg;
use crate::state::AppState;
use axum::extract::ws::{Message, WebSocket};
use std::future::Future;
use tokio::sync::watch;

/// A socket's subscription: marked changed at once when the server cannot
/// save now, so that a page connecting meanwhile is told.
pub(super) fn subscribe(state: &AppState) -> watch::Receiver<bool> {
    let mut saving = state.store.health().saving();
    if *saving.borrow_and_update() {
        saving.mark_changed();
    }
    saving
}

/// What a change of `saving` (seen) tells the page.
pub(super) fn notice(saving: &mut watch::Receiver<bool>) -> Message {
    let ok = !*saving.borrow_and_update();
    Message::Text(ServerMsg::Saving { ok }.text().into())
}

/// Runs `work` (a message of this socket being handled: a move stored)
/// to its end, telling the socket meanwhile of each change of `saving`:
/// the page whose move waits for a frozen database hears why. A write that
/// does not go through within `limit` stops the telling, never the work.
pub(super) async fn meanwhile<T>(
    socket: &mut WebSocket,
    saving: &mut watch::Receiver<bool>,
    limit: std::time::Duration,
    work: impl Future<Output = T>,
) -> T {
    tokio::pin!(work);
    let mut telling = true;
    loop {
        tokio::select! {
            done = &mut work => return done,
            Ok(()) = saving.changed(), if telling => {
                let told = tokio::time::timeout(limit, futures_util::SinkExt::send(socket, notice(saving))).await;
                telling = matches!(told, Ok(Ok(())));
            }
        }
    }
}
