//! One game on the server: its setup, the referee's [`Game`], the public log of
//! numbered deltas, the bots and the open connections.

use crate::view::{self, Intent, Mark, Refusal};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::sync::Arc;
use tokio::sync::mpsc;
use triominos_bots::{make_bot, Bot, Budget};
use triominos_core::{Game, Phase, RuleSet};

/// Human or bot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatKind {
    /// A person with a secret link.
    Human,
    /// A server-side bot.
    Bot,
}

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
}

impl Setup {
    /// The rule set.
    pub fn rules(&self) -> Result<RuleSet, Refusal> {
        RuleSet::with_overrides(&self.preset, self.options.iter().map(|(k, v)| (k, v))).map_err(Refusal::from)
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

    /// The public description of the game: preset, options, seats (no tokens).
    pub fn public_json(&self, id: &str) -> Value {
        let seats: Vec<Value> =
            self.seats.iter().map(|s| json!({"kind": s.kind, "name": s.name, "level": s.level})).collect();
        let options: serde_json::Map<String, Value> =
            self.options.iter().map(|(k, v)| (k.clone(), Value::String(v.clone()))).collect();
        json!({"id": id, "preset": self.preset, "options": options, "seats": seats, "created": self.created})
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
    log: Vec<String>,
    bots: Vec<Option<Box<dyn Bot>>>,
    conns: Vec<Conn>,
    next_conn: u64,
    /// The version a bot task is already scheduled for.
    pub scheduled: Option<u64>,
}

/// What an accepted intent produced.
pub struct Applied {
    /// The new version.
    pub v: u64,
    /// Whether the game ended with it.
    pub game_over: bool,
}

impl Room {
    /// Builds the game from its setup (the deal of round 1).
    pub fn new(id: String, setup: Setup) -> Result<Room, Refusal> {
        let rules = setup.rules()?;
        let n = setup.seats.len();
        if !rules.allows_players(n) {
            return Err(Refusal::new(
                "bad_player_count",
                json!({"min": rules.min_players(), "max": rules.max_players(), "got": n}),
            ));
        }
        let game = Game::new(rules, n, setup.seed).map_err(|_| Refusal::code("bad_setup"))?;
        let mut bots = Vec::with_capacity(n);
        for (i, s) in setup.seats.iter().enumerate() {
            bots.push(match (s.kind, &s.level) {
                (SeatKind::Bot, Some(level)) => {
                    let seed = setup.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(i as u64 + 1);
                    Some(
                        make_bot(level, seed, Budget::default())
                            .map_err(|_| Refusal::new("unknown_level", json!({"level": level})))?,
                    )
                }
                (SeatKind::Bot, None) => return Err(Refusal::new("unknown_level", json!({"level": null}))),
                (SeatKind::Human, _) => None,
            });
        }
        let first = view::delta_text(&game, Mark::default(), 0, None, None);
        Ok(Room { id, setup, game, log: vec![first], bots, conns: Vec::new(), next_conn: 0, scheduled: None })
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
        self.setup.seats.iter().position(|s| s.token.as_deref().is_some_and(|t| ct_eq(t, token))).map(|i| i as u8)
    }

    /// Whether the seat is a bot.
    pub fn is_bot(&self, seat: u8) -> bool {
        self.bots.get(seat as usize).is_some_and(Option::is_some)
    }

    /// Whether some seat is human.
    pub fn has_humans(&self) -> bool {
        self.setup.seats.iter().any(|s| s.kind == SeatKind::Human)
    }

    /// Refuses an intent that may not be applied now; changes nothing.
    pub fn check(&self, seat: Option<u8>, intent: Intent) -> Result<(), Refusal> {
        match intent {
            Intent::NextRound => match self.game.public().phase() {
                Phase::RoundOver => Ok(()),
                Phase::GameOver => Err(Refusal::code("game_over")),
                Phase::Playing => Err(Refusal::code("round_not_over")),
            },
            Intent::Act(a) => {
                let Some(seat) = seat else { return Err(Refusal::code("spectator")) };
                let g = &self.game;
                if g.public().phase() == Phase::Playing && seat != g.to_move() {
                    return Err(Refusal::new("not_your_turn", json!({"expected": g.to_move(), "got": seat})));
                }
                g.check(a).map_err(Refusal::from)
            }
        }
    }

    /// Applies an intent that [`Room::check`] accepted and that is stored.
    pub fn commit(&mut self, seat: Option<u8>, intent: Intent) -> Result<Applied, Refusal> {
        let before = Mark::of(&self.game);
        match intent {
            Intent::NextRound => self.game.next_round().map_err(|_| Refusal::code("round_not_over"))?,
            Intent::Act(a) => {
                let s = seat.ok_or_else(|| Refusal::code("spectator"))?;
                self.game.play_as(s, a).map_err(Refusal::from)?;
            }
        }
        let v = self.version() + 1;
        self.log.push(view::delta_text(&self.game, before, v, seat, Some(intent)));
        Ok(Applied { v, game_over: self.game.is_over() })
    }

    /// The deltas numbered after `v`, as a JSON array text.
    pub fn deltas_after(&self, v: u64) -> String {
        let from = (v.saturating_add(1) as usize).min(self.log.len());
        format!("[{}]", self.log[from..].join(","))
    }

    fn deltas_after_start(&self) -> String {
        let mut s = String::with_capacity(self.log.iter().map(|d| d.len() + 1).sum::<usize>() + 2);
        s.push('[');
        s.push_str(&self.log.join(","));
        s.push(']');
        s
    }

    fn me_json(&self, seat: Option<u8>) -> String {
        match seat {
            Some(s) => view::me_text(&self.game.observe(s)),
            None => "null".into(),
        }
    }

    /// Which seats have a connection, and how many spectators watch.
    pub fn presence_json(&self) -> String {
        let n = self.setup.seats.len();
        let mut seats = vec![false; n];
        let mut spectators = 0;
        for c in &self.conns {
            match c.seat {
                Some(s) => seats[s as usize] = true,
                None => spectators += 1,
            }
        }
        json!({"type": "presence", "seats": seats, "spectators": spectators}).to_string()
    }

    /// The full state for a seat (or a spectator): the game, every delta, its private view.
    pub fn snapshot(&self, seat: Option<u8>) -> String {
        format!(
            r#"{{"type":"snapshot","v":{},"you":{},"game":{},"log":{},"me":{},"presence":{}}}"#,
            self.version(),
            seat.map_or("null".to_string(), |s| s.to_string()),
            self.setup.public_json(&self.id),
            self.deltas_after_start(),
            self.me_json(seat),
            self.presence_json(),
        )
    }

    /// The deltas after `v` and the seat's private view now.
    pub fn update_since(&self, seat: Option<u8>, v: u64) -> String {
        format!(r#"{{"type":"update","deltas":{},"me":{}}}"#, self.deltas_after(v), self.me_json(seat))
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
        let msg: Arc<str> = self.presence_json().into();
        for c in &self.conns {
            let _ = c.tx.try_send(msg.clone());
        }
    }

    /// Takes a bot out to let it think without holding the room.
    pub fn take_bot(&mut self, seat: u8) -> Option<Box<dyn Bot>> {
        self.bots.get_mut(seat as usize).and_then(Option::take)
    }

    /// Puts a bot back.
    pub fn put_bot(&mut self, seat: u8, bot: Box<dyn Bot>) {
        if let Some(slot) = self.bots.get_mut(seat as usize) {
            *slot = Some(bot);
        }
    }

    /// The finished game's summary for the list.
    pub fn summary(&self) -> Value {
        let p = self.game.public();
        json!({
            "preset": self.setup.preset,
            "seats": self.setup.public_json(&self.id)["seats"],
            "totals": p.totals(),
            "winners": p.winners().iter().collect::<Vec<_>>(),
            "rounds": p.round(),
        })
    }

    /// The game as a `.tri` record.
    pub fn record(&self) -> Result<String, triominos_core::record::WriteError> {
        let tags = [("Seed", self.setup.seed.to_string()), ("Event", format!("triominos {}", self.id))];
        triominos_core::record::write(&self.game, &self.setup.record_names(), &tags)
    }
}

/// Compares two tokens in time that does not depend on where they differ.
fn ct_eq(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}
