//! One game on the server: its setup, the referee's [`Game`], the public log of
//! numbered deltas, the bots and the open connections.

use super::error::Denied;
use super::view::{self, Mark};
use crate::protocol::{
    Clock, GameStatus, GameSummary, HintUse, Intent, Pace, Presence, PublicGame, PublicSeat, Refused, Seats, ServerMsg,
    Waiting,
};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use std::collections::VecDeque;
use std::sync::Arc;
use tokio::sync::mpsc;
use triominos_bots::{levels, make_bot, Bot, Budget};
use triominos_core::{Game, Phase, RuleSet};

pub use crate::protocol::SeatKind;

/// One seat as set up.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SeatSetup {
    /// Human or bot.
    pub kind: SeatKind,
    /// Display name (may be empty: the page then names the seat).
    #[serde(default)]
    pub name: String,
    /// Bot level.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<String>,
    /// The seat's secret token (humans).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
}

/// Everything needed to rebuild a game: with the stored intents, the whole game.
/// Stored as JSON in the `games` table.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Setup {
    /// Preset name.
    pub preset: String,
    /// Every option, by name (rules.md section 7).
    pub options: Vec<(String, String)>,
    /// The dealing seed.
    pub seed: u64,
    /// The seats in order.
    pub seats: Vec<SeatSetup>,
    /// Unix seconds.
    pub created: i64,
    /// Whether the people at the table may ask for a suggested move (off in
    /// games stored before hints existed).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hints: bool,
    /// The hints given so far, per round and seat: the one part of the setup
    /// that changes during the game (rewritten in storage with each hint).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hints_used: Vec<HintUse>,
    /// The table's pace (untimed in games stored before paces).
    #[serde(default)]
    pub pace: Pace,
    /// The level of the bot that stands in for a person (`casual` in games
    /// stored before stand-ins).
    #[serde(default = "default_stand_in")]
    pub stand_in: String,
    /// The id of the game everyone agreed to play next ("play again"), once
    /// made: a seat coming back to this game is offered its seat there.
    /// Rewritten in storage when the rematch is made (games stored before it
    /// existed read as none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rematch: Option<String>,
    /// Whether a person may ask to take back their last placement (off in
    /// games stored before takebacks existed).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub takebacks: bool,
    /// A table of several people waiting for them to sit down (issue 45):
    /// no clock runs and no bot plays until it starts ([`super::waiting`]).
    /// Rewritten in storage when it starts (games stored before waiting
    /// rooms read as started).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub waiting: bool,
    /// The seats of people who opened their link at least once (rewritten
    /// in storage at each first arrival): a later first visit to a seat the
    /// stand-in plays takes the seat at once.
    #[serde(default, skip_serializing_if = "no_seats")]
    pub arrived: Seats,
    /// When the game started, in milliseconds since 1970: its first turn's
    /// clock starts then (games stored before waiting rooms: at `created`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub started_ms: Option<i64>,
    /// The table was cancelled before it started (by its creator, or
    /// because nobody filled it in time): over, and left out of the lists.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub cancelled: bool,
    /// Whether the finished game is listed on the front page (private in
    /// games stored before it; see `CreateGame::listed`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub listed: bool,
}

fn no_seats(s: &Seats) -> bool {
    s.is_empty()
}

/// The stand-in's level unless the table chose one.
pub fn default_stand_in() -> String {
    "casual".to_string()
}

impl Setup {
    /// The rule set, for this many seats.
    pub fn rules(&self) -> Result<RuleSet, Denied> {
        crate::rules::rule_set(
            &self.preset,
            self.options.iter().map(|(k, v)| (k.as_str(), v.as_str())),
            self.seats.len(),
        )
    }

    /// Names for a `.tri` record: single words, unique, never empty, by the
    /// one rule of a seat's name ([`crate::names::display_names`]).
    pub fn record_names(&self) -> Vec<String> {
        let who: Vec<crate::names::SeatWho<'_>> = self
            .seats
            .iter()
            .map(|s| crate::names::SeatWho {
                name: &s.name,
                level: if s.kind == SeatKind::Bot { s.level.as_deref() } else { None },
            })
            .collect();
        crate::names::record_names(&who)
    }

    /// The seats as everyone may see them (no tokens).
    pub fn public_seats(&self) -> Vec<PublicSeat> {
        self.seats.iter().map(|s| PublicSeat { kind: s.kind, name: s.name.clone(), level: s.level.clone() }).collect()
    }

    /// The public description of the game: preset, options, seats (no tokens).
    pub fn public(&self, id: &str) -> PublicGame {
        PublicGame {
            id: Some(id.to_string()),
            preset: self.preset.clone(),
            options: self.options.iter().cloned().collect(),
            seats: self.public_seats(),
            created: Some(self.created),
            hints: self.hints,
            pace: self.pace,
            stand_in: Some(self.stand_in.clone()),
            takebacks: self.takebacks,
            waiting: None,
            cancelled: self.cancelled,
        }
    }

    /// The seats of people.
    pub fn people(&self) -> Seats {
        self.seats.iter().enumerate().filter(|(_, s)| s.kind == SeatKind::Human).map(|(i, _)| i as u8).collect()
    }

    /// The creator's seat: the first person's (the lobby seats its creator
    /// first), who alone may start a waiting table anyway, give one of its
    /// seats to a bot or cancel it.
    pub fn host(&self) -> Option<u8> {
        self.people().first()
    }

    /// The setup with one more hint counted for `seat` in `round`.
    pub fn with_hint(&self, round: u32, seat: u8) -> Setup {
        let mut s = self.clone();
        match s.hints_used.iter_mut().find(|u| u.round == round && u.seat == seat) {
            Some(u) => u.count += 1,
            None => s.hints_used.push(HintUse { round, seat, count: 1, takebacks: 0 }),
        }
        s
    }

    /// The setup with one more takeback counted for `seat` in `round`
    /// (beside its hints: the score sheet shows both).
    pub fn with_takeback(&self, round: u32, seat: u8) -> Setup {
        let mut s = self.clone();
        match s.hints_used.iter_mut().find(|u| u.round == round && u.seat == seat) {
            Some(u) => u.takebacks += 1,
            None => s.hints_used.push(HintUse { round, seat, count: 0, takebacks: 1 }),
        }
        s
    }
}

/// One open WebSocket.
pub struct Conn {
    /// Connection number within the room.
    pub id: u64,
    /// The seat, or `None` for a spectator.
    pub seat: Option<u8>,
    /// Outgoing messages.
    pub tx: mpsc::Sender<Arc<str>>,
}

/// A game being served.
pub struct Room {
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
    conns: Vec<Conn>,
    next_conn: u64,
    /// The version a bot task is already scheduled for.
    pub scheduled: Option<u64>,
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
    /// The turn clock set now: the version and deadline it was set for, and
    /// its task (aborted when another is set: one clock task per game).
    pub clocked: Option<ClockSet>,
    /// The lapse task of the takeback asked now (aborted once it is answered).
    pub lapse: Option<tokio::task::AbortHandle>,
    /// The version of a placement whose takeback was refused or lapsed: it
    /// may not be asked again for that placement (issue 44).
    pub takeback_refused: Option<u64>,
    /// The placement a seat may take back, with the bots' replies after it:
    /// `(seat, version it made)`, while only bots acted since.
    pub takeback_from: Option<(u8, u64)>,
    /// Each seat's takeback bucket ([`super::react::Bucket`]), made at its first ask.
    takeback_buckets: Vec<Option<super::react::Bucket>>,
    /// Each seat's "play again" bucket, made at its first answer.
    rematch_buckets: Vec<Option<super::react::Bucket>>,
    /// Whose bots' decisions these are, for the thinking's turns and shares
    /// ([`super::think::owner_of`] the creating client; the game's id when
    /// not known, as after a restart).
    pub owner: u64,
    /// The server's times: the tests' turn time, the reserve, how long a
    /// table waits for its people.
    pub timing: Timing,
    /// The reserve each seat spent so far, in milliseconds (worked out from
    /// the stored times of the actions, so a rebuilt game has the same).
    reserve_spent: Vec<u64>,
    /// The creator's bucket for the waiting room's changes, made at the first.
    pub host_bucket: Option<super::react::Bucket>,
    /// The seats that agreed to play again (in memory only).
    pub rematch_agreed: Seats,
    /// Each seat's reaction bucket, made at its first reaction.
    reactions: Vec<Option<super::react::Bucket>>,
    /// The last intent applied and its seat (`None` before any).
    pub last: Option<(Option<u8>, Intent)>,
    /// A takeback asked for and not answered yet: no intent is applied meanwhile.
    pub takeback: Option<TakebackPending>,
    /// The epoch of the lease this copy of the game was made (1) or loaded
    /// under: every write of it is fenced by it ([`crate::store::Owned`]).
    pub epoch: i64,
}

/// A takeback waiting for answers ([`super::takeback`]).
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

/// A turn clock set ([`Room::clocked`]).
#[derive(Clone, Debug)]
pub struct ClockSet {
    /// The version it was set at.
    pub v: u64,
    /// When it runs out (milliseconds since 1970).
    pub deadline: i64,
    /// Its task.
    pub task: tokio::task::AbortHandle,
}

/// The server's figures for a table's clocks (from
/// [`crate::config::ServeConfig`]; a rebuilt game needs them to work out the
/// reserve each seat spent).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timing {
    /// Every table's turn time, in milliseconds, whatever its pace (the
    /// tests' short clocks: [`crate::config::ServeConfig::test_move_ms`]).
    pub move_override: Option<u64>,
    /// Each seat's reserve at a live table, in milliseconds
    /// ([`crate::config::ServeConfig::reserve`]).
    pub reserve_ms: u64,
    /// How long a table waits for its people, in milliseconds
    /// ([`crate::config::ServeConfig::table_wait`]).
    pub wait_ms: u64,
}

impl Default for Timing {
    fn default() -> Timing {
        Timing { move_override: None, reserve_ms: 120_000, wait_ms: 3_600_000 }
    }
}

impl Timing {
    /// The figures the server runs with.
    pub fn of(config: &crate::config::ServeConfig) -> Timing {
        Timing {
            move_override: config.test_move_ms,
            reserve_ms: config.reserve.as_millis().min(u64::MAX as u128) as u64,
            wait_ms: config.table_wait.as_millis().min(u64::MAX as u128) as u64,
        }
    }
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

impl Room {
    /// Builds the game from its setup (the deal of round 1).
    pub fn new(id: String, setup: Setup) -> Result<Room, Denied> {
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
        Ok(Room {
            owner: super::think::owner_of(&id),
            id,
            game,
            log: vec![first],
            bots,
            threads,
            conns: Vec::new(),
            next_conn: 0,
            scheduled: None,
            hinting: Seats::EMPTY,
            recent: vec![VecDeque::new(); n],
            stand_ins: Seats::EMPTY,
            resigned: Seats::EMPTY,
            ended: None,
            turn_began: setup.started_ms.unwrap_or(setup.created.saturating_mul(1000)),
            turn_key,
            clocked: None,
            lapse: None,
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
    /// clock starts then. The caller stores the setup.
    pub fn begin(&mut self, now: i64) {
        self.setup.waiting = false;
        self.setup.started_ms = Some(now);
        self.turn_began = now;
        self.clocked = None;
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
    /// [`super::play::schedule`] starts a task for. A game for which this
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

    /// The seat as a person's seat, else `not_yours`.
    fn person(&self, seat: u8) -> Result<u8, Denied> {
        match self.setup.seats.get(seat as usize) {
            Some(s) if s.kind == SeatKind::Human => Ok(seat),
            _ => Err(Refused::NotYours.into()),
        }
    }

    /// Refuses an intent that may not be applied now; changes nothing.
    /// `seat` is who asks: a seat, or `None` for the server.
    pub fn check(&self, seat: Option<u8>, intent: Intent) -> Result<(), Denied> {
        if self.ended.is_some() {
            return Err(Refused::GameOver.into());
        }
        let over = || -> Result<(), Denied> {
            match self.game.is_over() {
                true => Err(Refused::GameOver.into()),
                false => Ok(()),
            }
        };
        if self.takeback.is_some() {
            // The table waits for the answers to a takeback.
            return Err(Refused::TakebackPending.into());
        }
        if self.is_waiting() {
            // Nothing is played before the people sit down.
            return Err(Refused::TableWaiting.into());
        }
        match intent {
            Intent::NextRound => match self.game.public().phase() {
                Phase::RoundOver => Ok(()),
                Phase::GameOver => Err(Refused::GameOver.into()),
                Phase::Playing => Err(Refused::RoundNotOver.into()),
            },
            Intent::Act(a) => {
                let Some(seat) = seat else { return Err(Refused::Spectator.into()) };
                let g = &self.game;
                if g.public().phase() == Phase::Playing && seat != g.to_move() {
                    return Err(Refused::NotYourTurn { expected: g.to_move(), got: seat }.into());
                }
                Ok(g.check(a)?)
            }
            Intent::StandIn { seat: s } => {
                if seat.is_some() {
                    return Err(Refused::NotYours.into());
                }
                self.person(s)?;
                over()?;
                match self.stand_ins.contains(s) {
                    true => Err(Refused::StandInPlaying.into()),
                    false => Ok(()),
                }
            }
            Intent::Back { seat: s } | Intent::Resign { seat: s } => {
                if seat != Some(s) {
                    return Err(Refused::NotYours.into());
                }
                self.person(s)?;
                over()?;
                if self.resigned.contains(s) {
                    return Err(Refused::Resigned.into());
                }
                match (intent, self.stand_ins.contains(s)) {
                    (Intent::Back { .. }, false) => Err(Refused::NotStoodIn.into()),
                    _ => Ok(()),
                }
            }
            Intent::TimeOut { seat: s } => {
                if seat.is_some() {
                    return Err(Refused::NotYours.into());
                }
                self.game.check_time_out()?;
                let expected = self.game.to_move();
                match s == expected {
                    true => Ok(()),
                    false => Err(Refused::NotYourTurn { expected, got: s }.into()),
                }
            }
        }
    }

    /// What a client (a seat's page) may not ask for, besides what
    /// [`Room::check`] refuses: the server's intents, and a move of a seat
    /// the stand-in plays (the person takes it back first).
    pub fn check_client(&self, seat: u8, intent: Intent) -> Result<(), Denied> {
        if intent.is_server_only() {
            return Err(Refused::NotYours.into());
        }
        if matches!(intent, Intent::Act(_)) && self.stand_ins.contains(seat) {
            return Err(match self.resigned.contains(seat) {
                true => Refused::Resigned,
                false => Refused::StandInPlaying,
            }
            .into());
        }
        Ok(())
    }

    /// Applies an intent that [`Room::check`] accepted and that is stored, now.
    pub fn commit(&mut self, seat: Option<u8>, intent: Intent) -> Result<Applied, Denied> {
        self.commit_at(seat, intent, crate::store::now_ms())
    }

    /// Applies an intent that [`Room::check`] accepted and that was stored at
    /// `at` (milliseconds since 1970): when it begins a turn, the turn's
    /// clock starts then.
    pub fn commit_at(&mut self, seat: Option<u8>, intent: Intent, at: i64) -> Result<Applied, Denied> {
        let before = Mark::before(&self.game, intent);
        // A bot's action keeps what a person may take back; anything else
        // starts again from it.
        let by_bot = matches!(intent, Intent::Act(_)) && seat.is_some_and(|s| self.played_by_bot(s));
        match intent {
            Intent::NextRound => self.game.next_round().map_err(|_| Refused::RoundNotOver)?,
            Intent::Act(a) => {
                let s = seat.ok_or(Refused::Spectator)?;
                self.game.play_as(s, a)?;
            }
            Intent::StandIn { seat: s } => self.stand_in(s)?,
            Intent::Back { seat: s } => {
                self.stand_ins.remove(s);
                if let Some(slot) = self.bots.get_mut(s as usize) {
                    *slot = None;
                }
            }
            Intent::Resign { seat: s } => {
                self.resigned.insert(s);
                if !self.stand_ins.contains(s) {
                    self.stand_in(s)?;
                }
                let n = self.setup.seats.len();
                let person_left = (0..n as u8).any(|i| self.person(i).is_ok() && !self.resigned.contains(i));
                if n - self.resigned.len() <= 1 || !person_left {
                    self.ended = Some(self.best_of_the_others());
                }
            }
            Intent::TimeOut { seat: s } => {
                self.game.time_out_as(s)?;
            }
        }
        let v = self.version() + 1;
        let mut d = view::delta(&self.game, before, v, seat, Some(intent));
        d.status = self.status();
        if let Intent::Resign { .. } = intent {
            if let Some(winners) = self.ended {
                d.events.push(crate::protocol::EventWire::GameEnded { winners });
            }
        } else if !self.resigned.is_empty() {
            for e in &mut d.events {
                if let crate::protocol::EventWire::GameEnded { winners } = e {
                    *winners = d.status.winners;
                }
            }
        }
        // A delta is numbers, names and lists of them: it always serializes.
        self.log.push(serde_json::value::to_raw_value(&d).unwrap_or_default());
        let key = self.turn_key();
        if key != self.turn_key || matches!(intent, Intent::TimeOut { .. } | Intent::Back { .. }) {
            // A person's turn ends: the time past the turn's comes out of the reserve.
            let (phase, _, seat, bot) = self.turn_key;
            if phase == Phase::Playing && !bot && self.has_reserve() {
                let over = at.saturating_sub(self.turn_began).saturating_sub(self.move_ms().unwrap_or(0) as i64);
                if over > 0 {
                    if let Some(spent) = self.reserve_spent.get_mut(seat as usize) {
                        *spent = spent.saturating_add(over as u64).min(self.timing.reserve_ms);
                    }
                }
            }
            self.turn_key = key;
            self.turn_began = at;
        }
        self.last = Some((seat, intent));
        if !by_bot {
            self.takeback_from = match (seat, intent) {
                (Some(s), Intent::Act(triominos_core::Action::Play { .. })) => Some((s, v)),
                _ => None,
            };
        }
        Ok(Applied { v, game_over: self.is_over() })
    }

    /// The table's stand-in bot takes the seat.
    fn stand_in(&mut self, seat: u8) -> Result<(), Denied> {
        let level = levels::named(&self.setup.stand_in)
            .ok_or_else(|| Refused::UnknownLevel { level: Some(self.setup.stand_in.clone()) })?;
        let seed = self.setup.seed.wrapping_mul(0xD1B5_4A32_D192_ED03).wrapping_add(seat as u64 + 1);
        let bot = level.make(seed, false).map_err(|_| Refused::UnknownLevel { level: Some(level.id.to_string()) })?;
        if let Some(slot) = self.bots.get_mut(seat as usize) {
            *slot = Some(bot);
        }
        self.stand_ins.insert(seat);
        Ok(())
    }

    /// The seats with the highest total among those that did not resign.
    fn best_of_the_others(&self) -> Seats {
        let totals = self.game.totals();
        let others = (0..totals.len() as u8).filter(|s| !self.resigned.contains(*s));
        let best = others.clone().map(|s| totals[s as usize]).max();
        others.filter(|s| Some(totals[*s as usize]) == best).collect()
    }

    /// The game's winners: a seat that resigned never wins.
    pub fn winners(&self) -> Seats {
        match self.ended {
            Some(w) => w,
            None if self.game.is_over() && !self.resigned.is_empty() => self.best_of_the_others(),
            None => self.game.winners(),
        }
    }

    /// Where the game stands, for everyone: the engine's status with the
    /// seats the stand-in plays, those that resigned, and a resignation's end.
    pub fn status(&self) -> GameStatus {
        let mut st = GameStatus::of(self.game.public());
        st.stand_in = self.stand_ins;
        st.resigned = self.resigned;
        st.phase = self.phase();
        if self.is_over() {
            st.winners = self.winners();
        }
        st
    }

    /// What the turn now is, for its clock.
    fn turn_key(&self) -> (Phase, u32, u8, bool) {
        let to_move = self.game.to_move();
        (self.phase(), self.game.public().round(), to_move, self.played_by_bot(to_move))
    }

    /// A turn's time in milliseconds: the rule option `timer`'s if the rules
    /// have one, else the pace's; `None` for an untimed table.
    pub fn move_ms(&self) -> Option<u64> {
        let base = match self.game.rules().timer() {
            Some(s) => Some(s.max(1) as u64 * 1000),
            None => self.setup.pace.move_seconds().map(|s| s as u64 * 1000),
        }?;
        Some(self.timing.move_override.unwrap_or(base))
    }

    /// Whether the seats have a time reserve: a live table (its pace's
    /// clock, not the rule option `timer`'s, which the rules time), with a
    /// reserve set on the server.
    pub fn has_reserve(&self) -> bool {
        matches!(self.setup.pace, Pace::Live { .. })
            && self.game.rules().timer().is_none()
            && self.timing.reserve_ms > 0
    }

    /// The reserve the seat has left at the start of its turn, in
    /// milliseconds (`None` without reserves).
    pub fn reserve_left(&self, seat: u8) -> Option<u64> {
        let spent = self.reserve_spent.get(seat as usize).copied().unwrap_or(0);
        self.has_reserve().then(|| self.timing.reserve_ms.saturating_sub(spent))
    }

    /// When the turn's own time (without the reserve) runs out, in
    /// milliseconds since 1970; `None` when no person's time runs (untimed,
    /// a bot to act, the game over, the table waiting).
    fn move_deadline(&self) -> Option<i64> {
        let m = self.move_ms()?;
        let runs = match self.phase() {
            _ if self.is_waiting() => false,
            Phase::Playing => !self.played_by_bot(self.game.to_move()),
            Phase::RoundOver => self.has_people_playing(),
            Phase::GameOver => false,
        };
        runs.then(|| self.turn_began.saturating_add(m as i64))
    }

    /// When the server acts next by the clock, in milliseconds since 1970:
    /// when the time of the person to act runs out (the start of the turn,
    /// or of the wait between rounds, plus a turn's time, plus in a turn the
    /// seat's reserve left), or when a waiting table is cancelled for want
    /// of people; `None` when no person's time runs (untimed, a bot to act,
    /// the game over).
    pub fn deadline(&self) -> Option<i64> {
        if self.is_waiting() {
            return Some(self.expires());
        }
        let d = self.move_deadline()?;
        let reserve = match self.phase() {
            Phase::Playing => self.reserve_left(self.game.to_move()).unwrap_or(0),
            _ => 0,
        };
        Some(d.saturating_add(reserve.min(i64::MAX as u64) as i64))
    }

    /// The clock as sent at `now` (milliseconds since 1970): the turn's time
    /// left, then the reserve left; `None` while the table waits.
    pub fn clock(&self, now: i64) -> Option<Clock> {
        let d = self.move_deadline()?;
        let playing = self.phase() == Phase::Playing;
        let over = now.saturating_sub(d).max(0) as u64;
        Some(Clock {
            seat: playing.then(|| self.game.to_move()),
            remaining_ms: d.saturating_sub(now).max(0) as u64,
            move_ms: self.move_ms().unwrap_or(0),
            reserve_ms: match playing {
                true => self.reserve_left(self.game.to_move()).map(|r| r.saturating_sub(over)),
                false => None,
            },
        })
    }

    /// Drops every connection: their sockets close and the pages connect
    /// again (another instance owns the game now).
    pub fn drop_connections(&mut self) {
        self.conns.clear();
    }

    /// Whether the seat has a connection.
    pub fn is_connected(&self, seat: u8) -> bool {
        self.conns.iter().any(|c| c.seat == Some(seat))
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

    /// The deltas numbered after `v`.
    fn deltas_after(&self, v: u64) -> &[Box<RawValue>] {
        let from = (v.saturating_add(1) as usize).min(self.log.len());
        &self.log[from..]
    }

    fn me(&self, seat: Option<u8>) -> Option<crate::protocol::Me> {
        seat.map(|s| view::me(&self.game.observe(s)))
    }

    /// Which seats have a connection, and how many spectators watch.
    pub fn presence(&self) -> Presence {
        let mut seats = Seats::EMPTY;
        let mut spectators = 0;
        for c in &self.conns {
            match c.seat {
                Some(s) => {
                    seats.insert(s);
                }
                None => spectators += 1,
            }
        }
        Presence { seats, spectators }
    }

    /// The full state for a seat (or a spectator): the game, every delta, its private view.
    pub fn snapshot(&self, seat: Option<u8>) -> String {
        ServerMsg::Snapshot {
            v: self.version(),
            you: seat,
            game: self.public(crate::store::now_ms()),
            log: (&self.log[..]).into(),
            me: self.me(seat),
            presence: self.presence(),
            hints_used: (&self.setup.hints_used[..]).into(),
            clock: self.clock(crate::store::now_ms()),
        }
        .text()
    }

    /// Tells everyone the hints given so far.
    pub fn send_hints_used(&self) {
        let msg: Arc<str> = ServerMsg::HintsUsed { used: (&self.setup.hints_used[..]).into() }.text().into();
        for c in &self.conns {
            let _ = c.tx.try_send(msg.clone());
        }
    }

    /// The deltas after `v` and the seat's private view now.
    pub fn update_since(&self, seat: Option<u8>, v: u64) -> String {
        ServerMsg::Update {
            deltas: self.deltas_after(v).into(),
            me: self.me(seat),
            clock: self.clock(crate::store::now_ms()),
        }
        .text()
    }

    /// Sends the delta numbered `v` to every connection, each seat with its private view.
    pub fn broadcast_from(&mut self, v: u64) {
        let n = self.setup.seats.len();
        let mut per_seat: Vec<Option<Arc<str>>> = vec![None; n + 1];
        let mut dead = Vec::new();
        for i in 0..self.conns.len() {
            let seat = self.conns[i].seat;
            let slot = seat.map_or(n, |s| s as usize);
            if per_seat[slot].is_none() {
                per_seat[slot] = Some(self.update_since(seat, v - 1).into());
            }
            let msg = per_seat[slot].clone().unwrap_or_else(|| Arc::from(""));
            if self.conns[i].tx.try_send(msg).is_err() {
                dead.push(self.conns[i].id);
            }
        }
        if !dead.is_empty() {
            self.conns.retain(|c| !dead.contains(&c.id));
            self.send_presence();
        }
    }

    /// Sends a message to one connection.
    pub fn send_to(&self, conn: u64, msg: String) {
        if let Some(c) = self.conns.iter().find(|c| c.id == conn) {
            let _ = c.tx.try_send(msg.into());
        }
    }

    /// Adds a connection; returns its number.
    pub fn connect(&mut self, seat: Option<u8>, tx: mpsc::Sender<Arc<str>>) -> u64 {
        self.next_conn += 1;
        let id = self.next_conn;
        self.conns.push(Conn { id, seat, tx });
        id
    }

    /// Removes a connection.
    pub fn disconnect(&mut self, conn: u64) {
        self.conns.retain(|c| c.id != conn);
    }

    /// Whether nobody is connected.
    pub fn is_idle(&self) -> bool {
        self.conns.is_empty()
    }

    /// Tells everyone who is connected.
    pub fn send_presence(&self) {
        let msg: Arc<str> = ServerMsg::Presence(self.presence()).text().into();
        for c in &self.conns {
            let _ = c.tx.try_send(msg.clone());
        }
    }

    /// Takes a bot out to let it think without holding the room.
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

    /// The finished game's summary for the list.
    pub fn summary(&self) -> GameSummary {
        let p = self.game.public();
        GameSummary {
            listed: self.setup.listed,
            preset: self.setup.preset.clone(),
            seats: self.setup.public_seats(),
            totals: p.totals().to_vec(),
            winners: self.winners(),
            rounds: p.round(),
            cancelled: self.setup.cancelled,
        }
    }

    /// Sends every connection a message of its own, made from its seat
    /// (`None`: a spectator).
    pub fn send_each(&self, msg: impl Fn(Option<u8>) -> String) {
        for c in &self.conns {
            let _ = c.tx.try_send(msg(c.seat).into());
        }
    }

    /// A quick reaction of `seat` at `now`, told to everyone; refused with
    /// `reaction_busy` beyond the seat's rate (a bucket refilled one
    /// reaction per `every`).
    pub fn react(
        &mut self,
        seat: u8,
        code: crate::protocol::Reaction,
        now: std::time::Instant,
        every: std::time::Duration,
    ) -> Result<(), Refused> {
        if seat as usize >= self.reactions.len() {
            return Err(Refused::Spectator);
        }
        take(&mut self.reactions, seat, now, every)
            .map_err(|wait| Refused::ReactionBusy { retry_after: super::react::seconds(wait) })?;
        let msg = ServerMsg::Reaction { seat, code }.text();
        self.send_each(|_| msg.clone());
        Ok(())
    }

    /// Takes the game of `fresh` (the same game rebuilt from storage, after a
    /// takeback): its referee, log, bots and last intents; the connections,
    /// the setup and what is asked stay. No bot task is taken as scheduled.
    pub fn replace_game(&mut self, fresh: Room) {
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
        // The clock set stays: `play::schedule` sets another (aborting it)
        // when the version or the deadline differ.
        self.scheduled = None;
    }

    /// The turn's clock stops for `ms` milliseconds (the time a takeback
    /// waited for its answers): the turn began that much later.
    pub fn pause_clock(&mut self, ms: i64) {
        self.turn_began = self.turn_began.saturating_add(ms.max(0));
    }

    /// Takes one of the seat's takebacks at `now` (a bucket of
    /// [`super::react::BURST`], one back every `every`): refused with
    /// `takeback_busy` beyond it.
    pub fn take_takeback(
        &mut self,
        seat: u8,
        now: std::time::Instant,
        every: std::time::Duration,
    ) -> Result<(), Refused> {
        take(&mut self.takeback_buckets, seat, now, every)
            .map_err(|wait| Refused::TakebackBusy { retry_after: super::react::seconds(wait) })
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
            .map_err(|wait| Refused::RematchBusy { retry_after: super::react::seconds(wait) })
    }

    /// Sends every connection a fresh snapshot.
    pub fn send_snapshots(&self) {
        for c in &self.conns {
            let _ = c.tx.try_send(self.snapshot(c.seat).into());
        }
    }

    /// The game as a `.tri` record; the hints used and takebacks made are
    /// comments (`# hints NAME COUNT`, `# takebacks NAME COUNT` after the
    /// `start` line of the round), which `triominos check` skips.
    pub fn record(&self) -> Result<String, triominos_core::record::WriteError> {
        let tags = [("Seed", self.setup.seed.to_string()), ("Event", format!("triominos {}", self.id))];
        let names = self.setup.record_names();
        // Every resignation is written as a forfeit, in seat order.
        let forfeits: Vec<(u8, &str)> = self.resigned.iter().map(|seat| (seat, "resigned")).collect();
        let text = triominos_core::record::write_forfeits(&self.game, &names, &tags, &forfeits)?;
        Ok(with_hint_comments(&text, &self.setup.hints_used, &names))
    }
}

/// Takes a token of the seat's bucket in `buckets` (made full at its first use).
fn take(
    buckets: &mut [Option<super::react::Bucket>],
    seat: u8,
    now: std::time::Instant,
    every: std::time::Duration,
) -> Result<(), std::time::Duration> {
    let Some(slot) = buckets.get_mut(seat as usize) else { return Ok(()) };
    slot.get_or_insert_with(|| super::react::Bucket::new(now, every)).take(now)
}

/// A record with a comment line `# hints NAME COUNT` after the `start` line of each
/// round for each seat given hints in it.
fn with_hint_comments(text: &str, used: &[HintUse], names: &[String]) -> String {
    if used.is_empty() {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + 32 * used.len());
    let mut round = 0u32;
    for line in text.lines() {
        out.push_str(line);
        out.push('\n');
        let word = line.split_whitespace().next().unwrap_or("");
        if word == "round" {
            round = line.split_whitespace().nth(1).and_then(|n| n.parse().ok()).unwrap_or(round);
        } else if word == "start" {
            let mut here: Vec<&HintUse> =
                used.iter().filter(|u| u.round == round && (u.count > 0 || u.takebacks > 0)).collect();
            here.sort_by_key(|u| u.seat);
            for u in here {
                if let Some(name) = names.get(u.seat as usize) {
                    if u.count > 0 {
                        out.push_str(&format!("# hints {name} {}\n", u.count));
                    }
                    if u.takebacks > 0 {
                        out.push_str(&format!("# takebacks {name} {}\n", u.takebacks));
                    }
                }
            }
        }
    }
    out
}
