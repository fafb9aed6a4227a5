//! One task per game, the only owner of its [`Room`] (the table, its
//! connections) and of its timers: the turn clock, a takeback's lapse and
//! the version a bot's turn was started for. It takes [`Command`]s from the
//! game's handles one at a time, in order ([`super::handle`]), and between
//! two commands, the clock's deadline or the lapse's end:
//!
//! ```text
//! loop { select! { command => apply, clock due => clock_fired, lapse due => lapsed }; schedule }
//! ```
//!
//! A command's storage is awaited here (an intent is stored before anyone
//! is told, and a copy the registry no longer holds never writes: see
//! [`super::play::submit`]), so one game's changes are made in order, one
//! at a time, as under the lock of old. After each, `Driver::schedule`
//! sets what is due from the table: the turn clock for its deadline (one
//! per game), the takeback's lapse, a bot's turn ([`super::bot`]), and
//! publishes the game's [`Status`] for the registry.

use super::bot;
use super::handle::{Command, GameHandle, Status, WeakHandle};
use super::room::{Room, Timing};
use super::timers::Live;
use super::{cancel, hint, messages, play, takeback, waiting};
use crate::protocol::{Intent, ServerMsg};
use crate::state::AppState;
use std::sync::{Arc, Weak};
use triominos_core::Phase;

/// The turn clock set: the version and deadline it was set for.
struct ClockSet {
    v: u64,
    deadline: i64,
    /// Counted while it waits; `None` once it fired.
    live: Option<Live>,
}

/// The lapse of the takeback asked now.
struct LapseSet {
    serial: u64,
    at: tokio::time::Instant,
    _live: Live,
}

/// A game's driver (see the module documentation).
pub struct Driver {
    state: Weak<AppState>,
    room: Room,
    me: WeakHandle,
    clock: Option<ClockSet>,
    lapse: Option<LapseSet>,
    /// The version a bot's turn was started for.
    bot_for: Option<u64>,
}

/// Starts the driver of `room`; the game's first handle. Nothing is
/// scheduled until its first command ([`GameHandle::wake`] once it is in
/// the registry).
pub fn spawn(state: &Arc<AppState>, mut room: Room) -> GameHandle {
    let (handle, rx) = GameHandle::new(&mut room);
    let d =
        Driver { state: Arc::downgrade(state), room, me: handle.downgrade(), clock: None, lapse: None, bot_for: None };
    tokio::spawn(d.run(rx));
    handle
}

/// Waits until `ms` (milliseconds since 1970; never for `None`).
async fn until_ms(ms: Option<i64>) {
    match ms {
        Some(ms) => {
            let wait = ms.saturating_sub(crate::store::now_ms()).max(0) as u64;
            tokio::time::sleep(std::time::Duration::from_millis(wait)).await
        }
        None => std::future::pending().await,
    }
}

/// Waits until `at` (never for `None`).
async fn until(at: Option<tokio::time::Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

impl Driver {
    async fn run(mut self, mut rx: tokio::sync::mpsc::Receiver<Command>) {
        /// What woke the driver.
        enum Woke {
            Command(Command),
            Clock,
            Lapse,
        }
        loop {
            let clock_at = self.clock.as_ref().filter(|c| c.live.is_some()).map(|c| c.deadline);
            let lapse_at = self.lapse.as_ref().map(|l| l.at);
            // The server's state is not held while the driver waits.
            let woke = tokio::select! {
                cmd = rx.recv() => match cmd {
                    Some(cmd) => Woke::Command(cmd),
                    // No handle left: the game left memory and nothing works for it.
                    None => return,
                },
                _ = until_ms(clock_at) => Woke::Clock,
                _ = until(lapse_at) => Woke::Lapse,
            };
            let Some(state) = self.state.upgrade() else { return };
            match woke {
                Woke::Command(cmd) => self.apply(&state, cmd).await,
                Woke::Clock => self.clock_fired(&state).await,
                Woke::Lapse => self.lapsed(),
            }
            self.schedule(&state);
        }
    }

    async fn apply(&mut self, state: &Arc<AppState>, cmd: Command) {
        let r = &mut self.room;
        match cmd {
            Command::Client { seat, conn, client, msg, reply } => {
                self.rearm();
                let me = self.me.clone();
                let out = messages::on_client(state, &mut self.room, &me, seat, conn, client, msg).await;
                self.schedule(state);
                let _ = reply.send(out);
            }
            Command::Submit { seat, intent, asker, reply } => {
                let done = play::submit(state, r, seat, intent, asker).await;
                self.schedule(state);
                let _ = reply.send(done);
            }
            Command::SeatOfToken(token, reply) => {
                let _ = reply.send(r.seat_of_token(&token));
            }
            Command::Arrive(seat, reply) => {
                self.rearm();
                if state.games.holds(&self.room.id, self.room.copy) {
                    waiting::arrive(state, &mut self.room, seat).await;
                }
                self.schedule(state);
                let _ = reply.send(());
            }
            Command::Connect { seat, tx, reply } => {
                self.rearm();
                let r = &mut self.room;
                // The game left memory since this socket asked for it
                // (another instance took it over, or it finished and was
                // forgotten): this copy is not played any more.
                if !state.games.holds(&r.id, r.copy) {
                    tracing::info!(game = %r.id, seat, "the game left memory while this socket connected");
                    let _ = reply.send(None);
                    return;
                }
                let conn = r.connect(seat, tx);
                r.send_to(conn, r.snapshot(seat));
                r.send_presence();
                let _ = reply.send(Some((conn, r.setup.rematch.clone())));
            }
            Command::Disconnect(conn) => {
                r.disconnect(conn);
                r.send_presence();
                if r.is_over() && r.is_idle() {
                    state.games.forget(&r.id);
                }
            }
            Command::BotTurn(v, reply) => {
                let _ = reply.send(bot::turn_of(r, v));
            }
            Command::PutBot(seat, bot) => r.put_bot(seat, bot),
            Command::HintDone(done) => {
                let (conn, id) = (done.conn, done.id);
                if let Err(e) = hint::finish(state, r, *done).await {
                    let refusal = crate::protocol::Refusal::from(e);
                    tracing::info!(game = %r.id, code = %refusal.code, "hint refused");
                    r.send_to(conn, ServerMsg::Error { refusal, id }.text());
                }
            }
            Command::DropConnections => r.drop_connections(),
            Command::Read(f) => f(r),
            Command::Wake(reply) => {
                self.schedule(state);
                let _ = reply.send(());
            }
        }
    }

    /// The clock of a waiting table that fired is set again by the next
    /// person's message or socket: its cancel, which could not be stored,
    /// is tried again then.
    fn rearm(&mut self) {
        if self.room.is_waiting() && self.clock.as_ref().is_some_and(|c| c.live.is_none()) {
            self.clock = None;
        }
    }

    /// The turn clock ran out. When the game is still where it was set:
    /// between rounds, the next round is dealt; in a turn, under the rule
    /// option `timer` the referee times the seat out (and the stand-in takes
    /// it if nobody is connected to it), otherwise the table's stand-in bot
    /// plays the seat from now on; a waiting table nobody started in time
    /// is cancelled. The intent is submitted by a task of its own
    /// ([`bot::clock_submit`]), tried again while it cannot be stored.
    async fn clock_fired(&mut self, state: &Arc<AppState>) {
        let Some(c) = self.clock.as_mut() else { return };
        c.live = None;
        let (v, deadline) = (c.v, c.deadline);
        let r = &mut self.room;
        // The game moved on, or its clock is another one now (a waiting
        // table's end, once it started).
        if r.version() != v || state.is_closing() || r.deadline() != Some(deadline) {
            return;
        }
        if r.is_waiting() {
            // Nobody started the table in time: cleaned away.
            if r.expires() <= crate::store::now_ms() {
                cancel::cancel(state, r, true).await;
            }
            return;
        }
        let (intent, seat) = match r.phase() {
            Phase::RoundOver => (Intent::NextRound, None),
            Phase::Playing => {
                let seat = r.game.to_move();
                match r.game.rules().timer() {
                    Some(_) => (Intent::TimeOut { seat }, Some(seat)),
                    None => (Intent::StandIn { seat }, Some(seat)),
                }
            }
            Phase::GameOver => return,
        };
        tracing::info!(game = %r.id, v, seat, intent = intent.kind(), "a turn clock ran out");
        if let Some(me) = self.me.upgrade() {
            tokio::spawn(bot::clock_submit(state.clone(), me, v, intent));
        }
    }

    /// The takeback asked was not answered in time: it lapses.
    fn lapsed(&mut self) {
        if let Some(l) = self.lapse.take() {
            takeback::lapse(&mut self.room, l.serial);
        }
    }

    /// Sets what is due from the table (see the module documentation).
    fn schedule(&mut self, state: &Arc<AppState>) {
        let r = &mut self.room;
        // A copy the registry no longer holds plays nothing more.
        if !state.games.holds(&r.id, r.copy) {
            self.clock = None;
            self.lapse = None;
            self.publish();
            return;
        }
        r.timing = Timing::of(&state.config);
        let v = r.version();
        if self.bot_for.is_some_and(|b| b != v) {
            self.bot_for = None;
        }
        // One clock per game, set for this version and deadline.
        let deadline = r.deadline();
        if !self.clock.as_ref().is_some_and(|c| c.v == v && Some(c.deadline) == deadline) {
            self.clock = deadline.map(|deadline| ClockSet { v, deadline, live: Some(state.timers.clock()) });
        }
        // The takeback's lapse, while one is asked; once it is answered (or
        // lapsed) the table goes on: a bot whose move waited starts again.
        match (&r.takeback, &self.lapse) {
            (Some(p), Some(l)) if p.serial == l.serial => {}
            (Some(p), _) => {
                let at = tokio::time::Instant::now() + state.config.takeback_wait;
                self.lapse = Some(LapseSet { serial: p.serial, at, _live: state.timers.lapse() });
            }
            (None, Some(_)) => {
                self.lapse = None;
                self.bot_for = None;
            }
            (None, None) => {}
        }
        // A game whose every seat a bot plays (bots, and stand-ins for every
        // person) counts as a game of bots alone while it is not over.
        let bots_alone = r.phase() != Phase::GameOver && !r.has_people_playing();
        state.games.count_bot_game(&r.id, bots_alone);
        if self.bot_for != Some(v) && r.bot_due() && r.takeback.is_none() && !state.is_closing() {
            if let Some(me) = self.me.upgrade() {
                self.bot_for = Some(v);
                tokio::spawn(bot::turn(state.clone(), me, v));
            }
        }
        self.publish();
    }

    fn publish(&self) {
        if let Some(me) = self.me.upgrade() {
            let clock = self.clock.as_ref().filter(|c| c.live.is_some()).map(|c| c.deadline);
            me.set_status(Status::of(&self.room, clock));
        }
    }
}
