//! A table of people waiting for them (issue 45): a game with more than one
//! person's seat does not start when it is made. The seats fill as people
//! open their links ([`arrive`]); no clock runs and no bot plays meanwhile
//! ([`Table::is_waiting`](super::table::Table::is_waiting)). It starts when every person has sat down, or when
//! its creator (the first person's seat, [`super::room::Setup::host`]) starts
//! anyway once another person is here ([`start_anyway`]: the stand-in plays
//! the seats of those not here yet, each takes their seat back by opening
//! their link). The creator may also give a seat nobody took to a bot
//! ([`give_seat`]) or cancel the table ([`cancel`]); a table nobody started
//! within [`crate::config::ServeConfig::table_wait`] is cancelled by its
//! clock ([`super::driver`]). The state is the setup's (`waiting`, `arrived`,
//! `started_ms`, `cancelled`), rewritten in storage at each change, so a
//! restart or another instance keeps it.

use super::cancel::{cancel, save};
use super::error::Denied;
use super::play::{self, Asker};
use super::room::{Room, SeatKind};
use crate::protocol::{Intent, Refused};
use crate::state::AppState;
use std::sync::Arc;

/// A seat's person opened their link (a socket said hello with its token).
/// Their first visit marks the seat taken: at a waiting table everyone is
/// told, and the game starts if every person is here; once the game
/// started, a seat the stand-in plays since "start anyway" is taken back
/// at once (opening one's link takes the seat).
pub async fn arrive(state: &Arc<AppState>, r: &mut Room, seat: u8) {
    let take_back = {
        if r.setup.arrived.contains(seat) || r.is_over() {
            return;
        }
        r.setup.arrived.insert(seat);
        if save(state, r).await.is_err() {
            // Counted again at the next visit.
            r.setup.arrived.remove(seat);
            return;
        }
        tracing::info!(game = %r.id, seat, "a person sat down for the first time");
        if r.is_waiting() {
            if r.setup.people().iter().all(|s| r.setup.arrived.contains(s)) {
                let _ = begin(state, r).await;
            } else {
                r.send_snapshots();
            }
            false
        } else {
            let (stood_in, resigned) = r.stand_ins();
            stood_in.contains(seat) && !resigned.contains(seat) && !r.is_over()
        }
    };
    if take_back {
        let _ = play::submit(state, r, Some(seat), Intent::Back { seat }, Asker::default()).await;
    }
}

/// The game starts now: stored, everyone sent a fresh snapshot (the driver
/// then starts the bots and the first turn's clock).
async fn begin(state: &Arc<AppState>, r: &mut Room) -> Result<(), Denied> {
    let now = crate::store::now_ms();
    let before = r.setup.clone();
    r.begin(now);
    if let Err(e) = save(state, r).await {
        r.setup = before;
        return Err(e);
    }
    tracing::info!(game = %r.id, "the table's people are seated: the game starts");
    r.send_snapshots();
    Ok(())
}

/// Refuses what only the creator may ask of a waiting table, from `seat`
/// (`not_host`, `not_waiting`, `table_busy`); takes a token of the
/// creator's bucket.
fn may(state: &Arc<AppState>, r: &mut Room, seat: Option<u8>) -> Result<(), Denied> {
    if seat.is_none() || seat != r.setup.host() {
        return Err(Refused::NotHost.into());
    }
    if !r.is_waiting() {
        return Err(Refused::NotWaiting.into());
    }
    let now = std::time::Instant::now();
    let every = state.config.table_every;
    let bucket = r.host_bucket.get_or_insert_with(|| super::react::Bucket::new(now, every));
    bucket.take(now).map_err(|wait| Refused::TableBusy { retry_after: super::react::seconds(wait) })?;
    Ok(())
}

/// The creator's "start anyway" (`start`): once another person has sat
/// down, the game starts, and the stand-in plays the seats of the people
/// not here yet (`nobody_arrived` before).
pub async fn start_anyway(state: &Arc<AppState>, r: &mut Room, seat: Option<u8>) -> Result<(), Denied> {
    let absent: Vec<u8> = {
        may(state, r, seat)?;
        let arrived = r.setup.arrived;
        let people = r.setup.people();
        if people.iter().filter(|s| arrived.contains(*s) && Some(*s) != seat).count() == 0 {
            return Err(Refused::NobodyArrived.into());
        }
        begin(state, r).await?;
        people.iter().filter(|s| !arrived.contains(*s)).collect()
    };
    for s in absent {
        // The server's intent, as when a clock runs out: stored, replayed.
        if let Err(e) = play::submit(state, r, None, Intent::StandIn { seat: s }, Asker::default()).await {
            tracing::warn!(seat = s, "the stand-in could not take an absent person's seat: {e:?}");
        }
    }
    Ok(())
}

/// The creator gives the seat of a person not here yet to a bot (`give_seat`):
/// the table's stand-in level plays it for the whole game, and its link no
/// longer opens it. When every other person is here, the game starts.
pub async fn give_seat(state: &Arc<AppState>, r: &mut Room, seat: Option<u8>, given: u8) -> Result<(), Denied> {
    may(state, r, seat)?;
    let person = r.setup.seats.get(given as usize).is_some_and(|s| s.kind == SeatKind::Human);
    if !person || r.setup.arrived.contains(given) || Some(given) == r.setup.host() {
        return Err(Refused::SeatTaken.into());
    }
    let before = r.setup.clone();
    let mut setup = before.clone();
    let level = setup.stand_in.clone();
    if let Some(s) = setup.seats.get_mut(given as usize) {
        s.kind = SeatKind::Bot;
        s.level = Some(level);
        s.token = None;
    }
    // Nothing was played yet: the game made again from the new setup.
    let fresh = Room::new(r.id.clone(), setup.clone())?;
    r.setup = setup;
    if let Err(e) = save(state, r).await {
        r.setup = before;
        return Err(e);
    }
    r.replace_game(fresh);
    tracing::info!(game = %r.id, seat = given, "a seat given to a bot before the game");
    if r.setup.people().iter().all(|s| r.setup.arrived.contains(s)) {
        begin(state, r).await?;
    } else {
        r.send_snapshots();
    }
    Ok(())
}

/// The creator cancels the waiting table (`cancel`).
pub async fn cancel_by_host(state: &Arc<AppState>, r: &mut Room, seat: Option<u8>) -> Result<(), Denied> {
    may(state, r, seat)?;
    cancel(state, r, false).await;
    Ok(())
}
