//! A table's setup (what is stored with the game and rebuilds it with its
//! rows) and the server's figures for its clocks.

use crate::game::error::Denied;
use crate::protocol::{HintUse, Pace, PublicGame, PublicSeat, SeatKind, Seats};
use serde::{Deserialize, Serialize};
use triominos_core::RuleSet;

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
    /// no clock runs and no bot plays until it starts ([`crate::game::waiting`]).
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
