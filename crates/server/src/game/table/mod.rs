//! The table: one game's state and rules, pure (no tokio, no `Arc`, no
//! `Mutex`): its setup, the referee's [`Game`], the public log of numbered
//! deltas, the bots' slots, what is asked (takebacks, "play again"), the
//! clock's figures. [`Table::check`] decides an intent and
//! [`Table::commit_at`] applies one that is stored; a stored game is a fold
//! of its rows ([`Table::rebuild_at`]). The room ([`crate::game::room`]) adds its
//! connections and tasks.

mod clock;
mod record;
mod rematch;
mod rules;
mod setup;
mod takeback;
#[cfg(test)]
mod tests;

pub use record::{read_stored_intent, stored_intent};
pub use rematch::RematchAnswer;
pub use setup::{default_stand_in, SeatSetup, Setup, Timing};
pub use takeback::TakebackAnswer;

use crate::game::error::Denied;
use crate::game::view::{self, Mark};
use crate::protocol::{Intent, PublicGame, Refused, SeatKind, Seats, Waiting};
use serde_json::value::RawValue;
use std::collections::VecDeque;
use triominos_bots::{levels, make_bot, Bot, Budget};
use triominos_core::{Game, Phase};

/// A game's table: everything that decides what happens at it, without
/// its connections or its tasks.
pub struct Table {
    /// Game id.
    pub id: String,
    /// How it was set up.
    pub setup: Setup,
    /// The referee's game.
    pub game: Game,
    /// Serialized public deltas; entry `v` is the delta numbered `v` (0 = the deal).
    log: Vec<Box<RawValue>>,
    bots: Vec<Option<Box<dyn Bot>>>,
    /// The threads each bot may use when the server is idle (1 for people).
    threads: Vec<usize>,
    /// The seats whose hint is being worked out (one at a time per seat).
    pub hinting: Seats,
    /// Each seat's last [`INTENT_IDS`] accepted intents that had a client
    /// message id: `(id, version it made)`, oldest first.
    recent: Vec<VecDeque<(u64, u64)>>,
    /// The seats of people the table's stand-in bot plays now.
    stand_ins: Seats,
    /// The seats that resigned (the stand-in plays them to the end).
    resigned: Seats,
    /// The winners of a game a resignation ended (the rules did not).
    ended: Option<Seats>,
    /// When the current turn (or the wait between rounds) began, in
    /// milliseconds since 1970: the stored time of the action that began it.
    turn_began: i64,
    /// What the turn is: its phase, round, seat and whether a bot plays it;
    /// the turn's clock starts again when this changes.
    turn_key: (Phase, u32, u8, bool),
    /// The version of a placement whose takeback was refused or lapsed: it
    /// may not be asked again for that placement (issue 44).
    pub takeback_refused: Option<u64>,
    /// The placement a seat may take back, with the bots' replies after it:
    /// `(seat, version it made)`, while only bots acted since.
    pub takeback_from: Option<(u8, u64)>,
    /// Each seat's takeback bucket ([`crate::game::react::Bucket`]), made at its first ask.
    takeback_buckets: Vec<Option<crate::game::react::Bucket>>,
    /// Each seat's "play again" bucket, made at its first answer.
    rematch_buckets: Vec<Option<crate::game::react::Bucket>>,
    /// Whose bots' decisions these are, for the thinking's turns and shares
    /// ([`crate::game::think::owner_of`] the creating client; the game's id when
    /// not known, as after a restart).
    pub owner: u64,
    /// The server's times: the tests' turn time, the reserve, how long a
    /// table waits for its people.
    pub timing: Timing,
    /// The reserve each seat spent so far, in milliseconds (worked out from
    /// the stored times of the actions, so a rebuilt game has the same).
    reserve_spent: Vec<u64>,
    /// The creator's bucket for the waiting room's changes, made at the first.
    pub host_bucket: Option<crate::game::react::Bucket>,
    /// The seats that agreed to play again (in memory only).
    pub rematch_agreed: Seats,
    /// Each seat's reaction bucket, made at its first reaction.
    reactions: Vec<Option<crate::game::react::Bucket>>,
    /// The last intent applied and its seat (`None` before any).
    pub last: Option<(Option<u8>, Intent)>,
    /// A takeback asked for and not answered yet: no intent is applied meanwhile.
    pub takeback: Option<TakebackPending>,
    /// The epoch of the lease this copy of the game was made (1) or loaded
    /// under: every write of it is fenced by it ([`crate::store::Owned`]).
    pub epoch: i64,
}

/// A takeback waiting for answers ([`crate::game::takeback`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TakebackPending {
    /// Who asked.
    pub asker: u8,
    /// The version their placement made.
    pub v: u64,
    /// Who accepted so far.
    pub agreed: Seats,
    /// Which asking this is (a lapse timer ends only its own).
    pub serial: u64,
    /// When it was asked (milliseconds since 1970): the time it waits does
    /// not count against the seat to play.
    pub since: i64,
}

/// How many accepted intent ids the server remembers per seat: an intent
/// whose id is among them is a duplicate, acknowledged again and not applied.
pub const INTENT_IDS: usize = 64;

/// What an accepted intent produced.
pub struct Applied {
    /// The new version.
    pub v: u64,
    /// Whether the game ended with it.
    pub game_over: bool,
}

impl Table {
    /// Builds the game from its setup (the deal of round 1).
    pub fn new(id: String, setup: Setup) -> Result<Table, Denied> {
        let rules = setup.rules()?;
        let n = setup.seats.len();
        let game = Game::new(rules, n, setup.seed).map_err(|_| Refused::BadSetup)?;
        let bot_only = setup.seats.iter().all(|s| s.kind == SeatKind::Bot);
        let mut bots = Vec::with_capacity(n);
        let mut threads = Vec::with_capacity(n);
        for (i, s) in setup.seats.iter().enumerate() {
            let (bot, t) = match (s.kind, &s.level) {
                (SeatKind::Bot, Some(level)) => {
                    let seed = setup.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(i as u64 + 1);
                    let unknown = || Refused::UnknownLevel { level: Some(level.clone()) };
                    // A named level brings its budget; the bots' own names
                    // (games stored before the named levels) their defaults.
                    match levels::named(level) {
                        Some(l) => (
                            Some(l.make(seed, bot_only).map_err(|_| unknown())?),
                            l.budget_for(bot_only).threads.max(1),
                        ),
                        None => (Some(make_bot(level, seed, Budget::default()).map_err(|_| unknown())?), 1),
                    }
                }
                (SeatKind::Bot, None) => return Err(Refused::UnknownLevel { level: None }.into()),
                (SeatKind::Human, _) => (None, 1),
            };
            bots.push(bot);
            threads.push(t);
        }
        let first = view::delta_raw(&game, Mark::default(), 0, None, None);
        let turn_key =
            (game.public().phase(), game.public().round(), game.to_move(), bots[game.to_move() as usize].is_some());
        Ok(Table {
            owner: crate::game::think::owner_of(&id),
            id,
            game,
            log: vec![first],
            bots,
            threads,
            hinting: Seats::EMPTY,
            recent: vec![VecDeque::new(); n],
            stand_ins: Seats::EMPTY,
            resigned: Seats::EMPTY,
            ended: None,
            turn_began: setup.started_ms.unwrap_or(setup.created.saturating_mul(1000)),
            turn_key,
            takeback_refused: None,
            takeback_from: None,
            takeback_buckets: vec![None; n],
            rematch_buckets: vec![None; n],
            timing: Timing::default(),
            reserve_spent: vec![0; n],
            host_bucket: None,
            rematch_agreed: Seats::EMPTY,
            reactions: vec![None; n],
            last: None,
            takeback: None,
            epoch: 1,
            setup,
        })
    }

    /// This copy of the game as its writes are fenced ([`crate::store::Owned`]).
    pub fn owned(&self) -> crate::store::Owned {
        crate::store::Owned::new(self.id.clone(), self.epoch)
    }

    /// The current version: the number of accepted intents.
    pub fn version(&self) -> u64 {
        self.log.len() as u64 - 1
    }

    /// Whether the game is over (by the rules, ended by a resignation, or
    /// the table cancelled before it started).
    pub fn is_over(&self) -> bool {
        self.ended.is_some() || self.game.is_over() || self.setup.cancelled
    }

    /// The phase, a game ended by a resignation (or a table cancelled) counted over.
    pub fn phase(&self) -> Phase {
        match self.ended {
            Some(_) => Phase::GameOver,
            None if self.setup.cancelled => Phase::GameOver,
            None => self.game.public().phase(),
        }
    }

    /// Whether the table waits for its people (not started, not cancelled).
    pub fn is_waiting(&self) -> bool {
        self.setup.waiting && !self.setup.cancelled
    }

    /// When a waiting table is cancelled for want of people, in milliseconds since 1970.
    pub fn expires(&self) -> i64 {
        self.setup.created.saturating_mul(1000).saturating_add(self.timing.wait_ms.min(i64::MAX as u64) as i64)
    }

    /// The game starts at `now` (milliseconds since 1970): its first turn's
    /// clock starts then. The caller stores the setup (and the room drops
    /// the clock it set).
    pub fn begin(&mut self, now: i64) {
        self.setup.waiting = false;
        self.setup.started_ms = Some(now);
        self.turn_began = now;
    }

    /// The game as everyone may see it, the waiting room's state at `now`
    /// (milliseconds since 1970) included.
    pub fn public(&self, now: i64) -> PublicGame {
        let mut g = self.setup.public(&self.id);
        if self.is_waiting() {
            g.waiting = Some(Waiting {
                arrived: self.setup.arrived,
                host: self.setup.host().unwrap_or(0),
                expires_in_s: (self.expires().saturating_sub(now).max(0) as u64).div_ceil(1000),
            });
        }
        g
    }

    /// The seat holding this token.
    pub fn seat_of_token(&self, token: &str) -> Option<u8> {
        self.setup
            .seats
            .iter()
            .position(|s| s.token.as_deref().is_some_and(|t| crate::secret::ct_eq(t, token)))
            .map(|i| i as u8)
    }

    /// Whether the seat is a bot.
    pub fn is_bot(&self, seat: u8) -> bool {
        self.bots.get(seat as usize).is_some_and(Option::is_some)
    }

    /// Whether some seat is human.
    pub fn has_humans(&self) -> bool {
        self.setup.seats.iter().any(|s| s.kind == SeatKind::Human)
    }

    /// Whether a bot plays the seat: a bot's seat, or a person's that the
    /// table's stand-in plays now.
    pub fn played_by_bot(&self, seat: u8) -> bool {
        self.setup.seats.get(seat as usize).is_some_and(|s| s.kind == SeatKind::Bot) || self.stand_ins.contains(seat)
    }

    /// Whether a person plays some seat themselves (not the stand-in).
    pub fn has_people_playing(&self) -> bool {
        (0..self.setup.seats.len() as u8).any(|s| !self.played_by_bot(s))
    }

    /// The seats the stand-in plays, and those that resigned.
    pub fn stand_ins(&self) -> (Seats, Seats) {
        (self.stand_ins, self.resigned)
    }

    /// Whether a bot (or, without people playing, the server) is to act: what
    /// the game's driver ([`crate::game::driver`]) starts a task for. A game for which this
    /// holds must stay in memory.
    pub fn bot_due(&self) -> bool {
        if self.is_waiting() {
            return false;
        }
        match self.phase() {
            Phase::Playing => self.played_by_bot(self.game.to_move()),
            Phase::RoundOver => !self.has_people_playing(),
            Phase::GameOver => false,
        }
    }

    /// The version made by the seat's accepted intent with this client
    /// message id, if it is among the seat's last [`INTENT_IDS`].
    pub fn applied_id(&self, seat: u8, id: u64) -> Option<u64> {
        self.recent.get(seat as usize)?.iter().find(|(i, _)| *i == id).map(|&(_, v)| v)
    }

    /// Remembers that the seat's intent with this client message id made version `v`.
    pub fn remember_id(&mut self, seat: u8, id: u64, v: u64) {
        if let Some(ids) = self.recent.get_mut(seat as usize) {
            if ids.len() >= INTENT_IDS {
                ids.pop_front();
            }
            ids.push_back((id, v));
        }
    }

    /// Every delta so far, serialized: entry `v` is the delta numbered `v`.
    pub fn log(&self) -> &[Box<RawValue>] {
        &self.log
    }

    /// The deltas numbered after `v`.
    pub fn deltas_after(&self, v: u64) -> &[Box<RawValue>] {
        let from = (v.saturating_add(1) as usize).min(self.log.len());
        &self.log[from..]
    }

    /// A seat's private view (`None` for a spectator).
    pub fn me(&self, seat: Option<u8>) -> Option<crate::protocol::Me> {
        seat.map(|s| view::me(&self.game.observe(s)))
    }

    /// Takes a bot out to let it think without holding the table.
    pub fn take_bot(&mut self, seat: u8) -> Option<Box<dyn Bot>> {
        self.bots.get_mut(seat as usize).and_then(Option::take)
    }

    /// The most threads the seat's bot thinks on (when the server is idle).
    pub fn bot_threads(&self, seat: u8) -> usize {
        self.threads.get(seat as usize).copied().unwrap_or(1)
    }

    /// Puts a bot back (not when its seat's person took it back meanwhile).
    pub fn put_bot(&mut self, seat: u8, bot: Box<dyn Bot>) {
        if !self.played_by_bot(seat) {
            return;
        }
        if let Some(slot) = self.bots.get_mut(seat as usize) {
            *slot = Some(bot);
        }
    }

    /// Takes one of the seat's quick reactions at `now`: refused with
    /// `reaction_busy` beyond the seat's rate (a bucket refilled one
    /// reaction per `every`), `spectator` for a seat not at the table.
    pub fn take_reaction(
        &mut self,
        seat: u8,
        now: std::time::Instant,
        every: std::time::Duration,
    ) -> Result<(), Refused> {
        if seat as usize >= self.reactions.len() {
            return Err(Refused::Spectator);
        }
        take(&mut self.reactions, seat, now, every)
            .map_err(|wait| Refused::ReactionBusy { retry_after: crate::game::react::seconds(wait) })
    }

    /// Takes the game of `fresh` (the same game rebuilt from storage, after a
    /// takeback): its referee, log, bots and last intents; the setup and what
    /// is asked stay.
    pub fn replace_game(&mut self, fresh: Table) {
        self.game = fresh.game;
        self.log = fresh.log;
        self.bots = fresh.bots;
        self.threads = fresh.threads;
        self.recent = fresh.recent;
        self.last = fresh.last;
        self.takeback_from = fresh.takeback_from;
        // The clock's state as the stored log now says: who the stand-in
        // plays, who resigned, when the turn began.
        self.stand_ins = fresh.stand_ins;
        self.resigned = fresh.resigned;
        self.ended = fresh.ended;
        self.turn_began = fresh.turn_began;
        self.turn_key = fresh.turn_key;
        self.reserve_spent = fresh.reserve_spent;
    }

    /// Takes one of the seat's takebacks at `now` (a bucket of
    /// [`crate::game::react::BURST`], one back every `every`): refused with
    /// `takeback_busy` beyond it.
    pub fn take_takeback(
        &mut self,
        seat: u8,
        now: std::time::Instant,
        every: std::time::Duration,
    ) -> Result<(), Refused> {
        take(&mut self.takeback_buckets, seat, now, every)
            .map_err(|wait| Refused::TakebackBusy { retry_after: crate::game::react::seconds(wait) })
    }

    /// Takes one of the seat's "play again" answers at `now` (as reactions
    /// are limited): refused with `rematch_busy` beyond it.
    pub fn take_rematch(
        &mut self,
        seat: u8,
        now: std::time::Instant,
        every: std::time::Duration,
    ) -> Result<(), Refused> {
        take(&mut self.rematch_buckets, seat, now, every)
            .map_err(|wait| Refused::RematchBusy { retry_after: crate::game::react::seconds(wait) })
    }
}

/// Takes a token of the seat's bucket in `buckets` (made full at its first use).
fn take(
    buckets: &mut [Option<crate::game::react::Bucket>],
    seat: u8,
    now: std::time::Instant,
    every: std::time::Duration,
) -> Result<(), std::time::Duration> {
    let Some(slot) = buckets.get_mut(seat as usize) else { return Ok(()) };
    slot.get_or_insert_with(|| crate::game::react::Bucket::new(now, every)).take(now)
}
