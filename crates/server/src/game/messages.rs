//! A client's socket message, in the game's driver: each kind to the module
//! that decides it, against the table, and the direct answer (an error, a
//! snapshot, nothing when what it changed is told to everyone).
//!
//! To add a socket message: a variant of [`ClientMsg`] (and its parse) in
//! `protocol`, an arm here calling a function of its own module that takes
//! `(state, &mut Room, ...)`, a row in docs/server.md's messages and limits
//! tables, and an attack in `examples/attacks.rs` for its rate limit.
//! Timers and bots follow from the table by themselves
//! ([`super::driver`]'s schedule).

use super::handle::{Asker, WeakHandle};
use super::room::Room;
use super::{hint, play, rematch, takeback, waiting};
use crate::protocol::{ClientMsg, Intent, Refusal, Refused, ServerMsg};
use crate::state::AppState;
use std::sync::Arc;

fn error_msg(refusal: impl Into<Refusal>, id: Option<u64>) -> String {
    ServerMsg::Error { refusal: refusal.into(), id }.text()
}

/// Handles one client message of connection `conn` (seat `seat`, `None`: a
/// spectator) from `client`; returns a direct reply, if any.
pub async fn on_client(
    state: &Arc<AppState>,
    r: &mut Room,
    me: &WeakHandle,
    seat: Option<u8>,
    conn: u64,
    client: Option<std::net::IpAddr>,
    msg: ClientMsg,
) -> Option<String> {
    let failed = |e: super::error::Denied| Some(error_msg(e, None));
    let (intent, id) = match msg {
        ClientMsg::Action { action, id } => (action, id),
        ClientMsg::NextRound { id } => (Intent::NextRound, id),
        ClientMsg::Since { v } => {
            return Some(match v {
                Some(v) if v <= r.version() => r.update_since(seat, v),
                _ => r.snapshot(seat),
            });
        }
        ClientMsg::Snapshot => return Some(r.snapshot(seat)),
        ClientMsg::Ping { id } => return Some(ServerMsg::Pong { id }.text()),
        ClientMsg::Hint { id } => {
            // Worked out by a task of its own: the search takes about a second.
            let me = me.upgrade()?;
            return hint::ask(state, r, me, seat, conn, client, id).err().map(|e| {
                let refusal = Refusal::from(e);
                tracing::info!(seat, code = %refusal.code, "hint refused");
                ServerMsg::Error { refusal, id }.text()
            });
        }
        msg @ (ClientMsg::Rematch | ClientMsg::RematchDecline) => {
            let agree = msg == ClientMsg::Rematch;
            return rematch::answer(state, r, seat, conn, client, agree).await.err().and_then(failed);
        }
        ClientMsg::Takeback => return takeback::ask(state, r, seat, client).await.err().and_then(failed),
        ClientMsg::TakebackAnswer { accept } => {
            return takeback::answer(state, r, seat, accept).await.err().and_then(failed);
        }
        ClientMsg::Start => return waiting::start_anyway(state, r, seat).await.err().and_then(failed),
        ClientMsg::GiveSeat { seat: given } => {
            return waiting::give_seat(state, r, seat, given).await.err().and_then(failed);
        }
        ClientMsg::Cancel => return waiting::cancel_by_host(state, r, seat).await.err().and_then(failed),
        ClientMsg::React { code } => {
            let Some(s) = seat else { return Some(error_msg(Refused::Spectator, None)) };
            let every = state.config.reaction_every;
            return r.react(s, code, std::time::Instant::now(), every).err().map(|e| error_msg(e, None));
        }
        ClientMsg::Move { text, id } => {
            // Read by core's one reader against this seat's own view only.
            let Some(s) = seat else { return Some(error_msg(Refused::Spectator, id)) };
            let obs = r.game.observe(s);
            match triominos_core::notation::parse(&text, obs.public().board(), obs.hand()) {
                Ok(action) => (Intent::Act(action), id),
                Err(e) => {
                    let refusal = crate::protocol::notation_refusal(&e);
                    tracing::info!(seat, intent = "move", code = %refusal.code, "refused");
                    return Some(error_msg(refusal, id));
                }
            }
        }
        // Who connects is said once, first.
        ClientMsg::Hello { .. } => return Some(error_msg(Refused::UnknownMessage { kind: "hello".into() }, None)),
    };
    if seat.is_none() {
        return Some(error_msg(Refused::Spectator, id));
    }
    match play::submit(state, r, seat, intent, Asker { conn: Some(conn), id, at_version: None }).await {
        Ok(_) => None,
        Err(e) => {
            let refusal = Refusal::from(e);
            tracing::info!(seat, intent = intent.kind(), code = %refusal.code, "refused");
            Some(error_msg(refusal, id))
        }
    }
}
