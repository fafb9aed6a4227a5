//! "Play again": at game over any person proposes a rematch, each other
//! person agrees (a bot seat agrees at once), and once every person has the
//! server makes the new game: the same seats (people, bots and their levels,
//! names), preset, options and every other choice of the setup, with a new
//! deal seed and new seat tokens. Each seat's connection is sent its own new
//! link, each spectator the new game's address (`rematch` with `now`), and the
//! pages move there by themselves.
//!
//! The old game keeps the new game's id in its stored setup
//! ([`super::room::Setup::rematch`]): a seat (or a spectator) that opens the
//! old link later is sent the same message, without `now`, and the page
//! offers the new seat. The agreements themselves are not stored: a server
//! restart before everyone agreed drops them (each person asks again).
//!
//! Bounds (issue 44): the rematch is a creation by the client whose answer
//! makes it, under the same limits as `POST /api/games` (its creation rate,
//! its unfinished games, the server's); a seat's answers are limited as
//! reactions are ([`super::react::Bucket`], `rematch_busy`) and a client's
//! with its takebacks ([`crate::config::ServeConfig::asks_per_minute`]).

use super::error::{CreateError, Denied};
use super::room::{Room, Setup};
use super::table::RematchAnswer;
use crate::protocol::{Refused, SeatKind, Seats, ServerMsg};
use crate::state::AppState;
use std::sync::Arc;

/// A seat says yes (`agree`) or no to playing again. Tells everyone where it
/// stands; makes the new game when every person agreed.
pub async fn answer(
    state: &Arc<AppState>,
    r: &mut Room,
    seat: Option<u8>,
    conn: u64,
    client: Option<std::net::IpAddr>,
    agree: bool,
) -> Result<(), Denied> {
    let Some(seat) = seat else { return Err(Refused::Spectator.into()) };
    if !r.is_over() {
        return Err(Refused::GameNotOver.into());
    }
    r.take_rematch(seat, std::time::Instant::now(), state.config.reaction_every)?;
    state.games.admit_ask(client)?;
    if let Some(next) = r.setup.rematch.clone() {
        // Made already: this seat's link again.
        if let Some(msg) = offer(state, &next, seat.into(), true).await {
            r.send_to(conn, msg);
        }
        return Ok(());
    }
    let agreed = match r.answer_rematch(seat, agree) {
        RematchAnswer::Declined => {
            r.send_each(|_| ServerMsg::RematchAsked { agreed: Seats::EMPTY, declined: Some(seat) }.text());
            tracing::info!(game = %r.id, seat, "rematch declined");
            return Ok(());
        }
        RematchAnswer::Waiting(agreed) => {
            r.send_each(|_| ServerMsg::RematchAsked { agreed, declined: None }.text());
            tracing::info!(game = %r.id, seat, "rematch asked");
            return Ok(());
        }
        RematchAnswer::Everyone(agreed) => agreed,
    };
    r.send_each(|_| ServerMsg::RematchAsked { agreed, declined: None }.text());
    let next = match make(state, &r.setup, client).await {
        Ok(next) => next,
        Err(e) => {
            // Refused (a limit of the client's or the server's): nobody has agreed.
            r.rematch_agreed = Seats::EMPTY;
            r.send_each(|_| ServerMsg::RematchAsked { agreed: Seats::EMPTY, declined: None }.text());
            return Err(e);
        }
    };
    let mut setup = r.setup.clone();
    setup.rematch = Some(next.id.clone());
    let json = serde_json::to_string(&setup).map_err(|_| Refused::BadSetup)?;
    if let Err(e) = state.store.update_setup(r.owned(), json).await {
        // The new game stands; only a later return to this one will not find it.
        tracing::error!(game = %r.id, "cannot store the rematch's id: {e}");
    }
    r.setup = setup;
    tracing::info!(game = %r.id, rematch = %next.id, "rematch made");
    let links = next.links;
    let id = next.id;
    r.send_each(|s| ServerMsg::Rematch { game: id.clone(), link: link_of(&id, &links, s), now: true }.text());
    Ok(())
}

/// The new game: stored, in memory, its bots started.
struct Made {
    id: String,
    /// Each seat's token (`None` for a bot).
    links: Vec<Option<String>>,
}

/// Makes and stores the rematch of a game set up as `old`, a creation by
/// `client` within its limits and the server's.
async fn make(state: &Arc<AppState>, old: &Setup, client: Option<std::net::IpAddr>) -> Result<Made, Denied> {
    let mut setup = old.clone();
    setup.seed = crate::secret::random_seed();
    setup.created = crate::store::now();
    setup.hints_used = Vec::new();
    setup.rematch = None;
    // Everyone agreed, so everyone is here: it starts at once.
    setup.waiting = false;
    setup.cancelled = false;
    setup.arrived = Default::default();
    setup.started_ms = Some(crate::store::now_ms());
    for s in &mut setup.seats {
        if s.kind == SeatKind::Human {
            s.token = Some(crate::secret::random_hex(16));
        }
    }
    let id = crate::secret::random_hex(8);
    let new_room = Room::new(id.clone(), setup.clone())?;
    let json = serde_json::to_string(&setup).map_err(|_| Refused::BadSetup)?;
    // A creation by this client: its rate, its unfinished games, the server's cap.
    state.create_game(client, new_room, json).await.map_err(|e| match e {
        CreateError::Capped(r) => r,
        CreateError::Store(e) => {
            tracing::error!(game = %id, "cannot store the rematch: {e}");
            Refused::StorageFailed
        }
    })?;
    Ok(Made { id, links: setup.seats.iter().map(|s| s.token.clone()).collect() })
}

fn link_of(id: &str, tokens: &[Option<String>], seat: Option<u8>) -> String {
    match seat.and_then(|s| tokens.get(s as usize).cloned().flatten()) {
        Some(t) => format!("/g/{id}/{t}"),
        None => format!("/g/{id}"),
    }
}

/// The message that sends one connection its way to the rematch `next`
/// (its seat's link there, or the spectators' address); `now` as in the
/// message. `None` when the rematch cannot be had.
pub async fn offer(state: &Arc<AppState>, next: &str, seat: Option<u8>, now: bool) -> Option<String> {
    let tokens = match state.game(next).await {
        Ok(game) => game.read(|r| r.setup.seats.iter().map(|s| s.token.clone()).collect::<Vec<_>>()).await?,
        Err(e) => {
            tracing::warn!(rematch = %next, "the rematch cannot be had: {e:?}");
            return None;
        }
    };
    Some(ServerMsg::Rematch { game: next.to_string(), link: link_of(next, &tokens, seat), now }.text())
}
