//! One game on the server: its setup, the referee's [`Game`], the public log of
//! numbered deltas, the bots and the open connections.

use super::error::Denied;
use super::view::{self, Mark};
use crate::protocol::{GameSummary, HintUse, Intent, Presence, PublicGame, PublicSeat, Refused, Seats, ServerMsg};
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

    /// Names for a `.tri` record: single words, unique, never empty.
    pub fn record_names(&self) -> Vec<String> {
        let mut names: Vec<String> = Vec::new();
        for (i, s) in self.seats.iter().enumerate() {
            let mut n: String =
                s.name.chars().map(|c| if c.is_alphanumeric() || c == '-' || c == '_' { c } else { '_' }).collect();
            if n.is_empty() || ["round", "deal", "pool", "start"].contains(&n.as_str()) {
                n = match (&s.kind, &s.level) {
                    (SeatKind::Bot, Some(l)) => format!("{l}{}", i + 1),
                    _ => format!("P{}", i + 1),
                };
            }
            while names.contains(&n) {
                n.push_str(&(i + 1).to_string());
            }
            names.push(n);
        }
        names
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
            takebacks: self.takebacks,
        }
    }

    /// The setup with one more hint counted for `seat` in `round`.
    pub fn with_hint(&self, round: u32, seat: u8) -> Setup {
        let mut s = self.clone();
        match s.hints_used.iter_mut().find(|u| u.round == round && u.seat == seat) {
            Some(u) => u.count += 1,
            None => s.hints_used.push(HintUse { round, seat, count: 1 }),
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
    /// The seats that agreed to play again (in memory only).
    pub rematch_agreed: Seats,
    /// Each seat's reaction bucket, made at its first reaction.
    reactions: Vec<Option<super::react::Bucket>>,
    /// The last intent applied and its seat (`None` before any).
    pub last: Option<(Option<u8>, Intent)>,
    /// A takeback asked for and not answered yet: no intent is applied meanwhile.
    pub takeback: Option<TakebackPending>,
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
        Ok(Room {
            id,
            setup,
            game,
            log: vec![first],
            bots,
            threads,
            conns: Vec::new(),
            next_conn: 0,
            scheduled: None,
            hinting: Seats::EMPTY,
            recent: vec![VecDeque::new(); n],
            rematch_agreed: Seats::EMPTY,
            reactions: vec![None; n],
            last: None,
            takeback: None,
        })
    }

    /// The current version: the number of accepted intents.
    pub fn version(&self) -> u64 {
        self.log.len() as u64 - 1
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.game.is_over()
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

    /// Whether a bot (or, without people, the server) is to act: what
    /// [`super::play::schedule`] starts a task for. A game for which this
    /// holds must stay in memory.
    pub fn bot_due(&self) -> bool {
        match self.game.public().phase() {
            Phase::Playing => {
                self.setup.seats.get(self.game.to_move() as usize).is_some_and(|s| s.kind == SeatKind::Bot)
            }
            Phase::RoundOver => !self.has_humans(),
            Phase::GameOver => false,
        }
    }

    /// Refuses an intent that may not be applied now; changes nothing.
    pub fn check(&self, seat: Option<u8>, intent: Intent) -> Result<(), Denied> {
        if self.takeback.is_some() {
            // The table waits for the answers to a takeback.
            return Err(Refused::TakebackPending.into());
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
        }
    }

    /// Applies an intent that [`Room::check`] accepted and that is stored.
    pub fn commit(&mut self, seat: Option<u8>, intent: Intent) -> Result<Applied, Denied> {
        let before = Mark::before(&self.game, intent);
        match intent {
            Intent::NextRound => self.game.next_round().map_err(|_| Refused::RoundNotOver)?,
            Intent::Act(a) => {
                let s = seat.ok_or(Refused::Spectator)?;
                self.game.play_as(s, a)?;
            }
        }
        let v = self.version() + 1;
        self.log.push(view::delta_raw(&self.game, before, v, seat, Some(intent)));
        self.last = Some((seat, intent));
        Ok(Applied { v, game_over: self.game.is_over() })
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
            game: self.setup.public(&self.id),
            log: &self.log,
            me: self.me(seat),
            presence: self.presence(),
            hints_used: &self.setup.hints_used,
        }
        .text()
    }

    /// Tells everyone the hints given so far.
    pub fn send_hints_used(&self) {
        let msg: Arc<str> = ServerMsg::HintsUsed { used: &self.setup.hints_used }.text().into();
        for c in &self.conns {
            let _ = c.tx.try_send(msg.clone());
        }
    }

    /// The deltas after `v` and the seat's private view now.
    pub fn update_since(&self, seat: Option<u8>, v: u64) -> String {
        ServerMsg::Update { deltas: self.deltas_after(v), me: self.me(seat) }.text()
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

    /// Puts a bot back.
    pub fn put_bot(&mut self, seat: u8, bot: Box<dyn Bot>) {
        if let Some(slot) = self.bots.get_mut(seat as usize) {
            *slot = Some(bot);
        }
    }

    /// The finished game's summary for the list.
    pub fn summary(&self) -> GameSummary {
        let p = self.game.public();
        GameSummary {
            preset: self.setup.preset.clone(),
            seats: self.setup.public_seats(),
            totals: p.totals().to_vec(),
            winners: p.winners(),
            rounds: p.round(),
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
        let Some(slot) = self.reactions.get_mut(seat as usize) else { return Err(Refused::Spectator) };
        let bucket = slot.get_or_insert_with(|| super::react::Bucket::new(now, every));
        bucket.take(now).map_err(|wait| Refused::ReactionBusy { retry_after: super::react::seconds(wait) })?;
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
        self.scheduled = None;
    }

    /// Sends every connection a fresh snapshot.
    pub fn send_snapshots(&self) {
        for c in &self.conns {
            let _ = c.tx.try_send(self.snapshot(c.seat).into());
        }
    }

    /// The game as a `.tri` record; the hints used are comments (`# hints NAME
    /// COUNT` after the `start` line of the round), which `triominos check` skips.
    pub fn record(&self) -> Result<String, triominos_core::record::WriteError> {
        let tags = [("Seed", self.setup.seed.to_string()), ("Event", format!("triominos {}", self.id))];
        let names = self.setup.record_names();
        let text = triominos_core::record::write(&self.game, &names, &tags)?;
        Ok(with_hint_comments(&text, &self.setup.hints_used, &names))
    }
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
            let mut here: Vec<&HintUse> = used.iter().filter(|u| u.round == round && u.count > 0).collect();
            here.sort_by_key(|u| u.seat);
            for u in here {
                if let Some(name) = names.get(u.seat as usize) {
                    out.push_str(&format!("# hints {name} {}\n", u.count));
                }
            }
        }
    }
    out
}
