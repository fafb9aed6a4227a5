//! The shapes every audience shares: a round end, a seat's kind, a game's
//! public description.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use triominos_core::{RoundEnd, Seats};

/// How a round ended: `{"kind": "out", "player": p}` or `{"kind": "blocked"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum RoundEndWire {
    /// This seat placed their last tile.
    Out {
        /// The seat.
        player: u8,
    },
    /// Everyone passed in turn with the pool empty.
    Blocked,
}

impl From<RoundEnd> for RoundEndWire {
    fn from(e: RoundEnd) -> RoundEndWire {
        match e {
            RoundEnd::Out(player) => RoundEndWire::Out { player },
            RoundEnd::Blocked => RoundEndWire::Blocked,
        }
    }
}

/// Human or bot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "snake_case")]
pub enum SeatKind {
    /// A person with a secret link.
    Human,
    /// A server-side bot.
    Bot,
}

/// A seat as everyone may see it (no token).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct PublicSeat {
    /// Human or bot.
    pub kind: SeatKind,
    /// Display name (may be empty: the page then names the seat).
    #[serde(default)]
    pub name: String,
    /// Bot level.
    #[serde(default)]
    pub level: Option<String>,
}

/// The public description of a game: preset, every option, seats.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct PublicGame {
    /// Game id (`null` for a record sent to be replayed).
    pub id: Option<String>,
    /// Preset name.
    pub preset: String,
    /// Every option, by name.
    pub options: BTreeMap<String, String>,
    /// The seats in order.
    pub seats: Vec<PublicSeat>,
    /// Unix seconds when it was created (`null` for a record).
    pub created: Option<i64>,
    /// Whether the people at the table may ask for a suggested move.
    #[serde(default)]
    pub hints: bool,
    /// The table's pace: how long a person has for a turn (untimed in
    /// games stored before paces, and in records).
    #[serde(default)]
    pub pace: Pace,
    /// The level of the bot that plays for a person whose time ran out or
    /// who resigned (`null` for a record).
    #[serde(default)]
    pub stand_in: Option<String>,
    /// Whether a person may ask to take back their last placement.
    #[serde(default)]
    pub takebacks: bool,
    /// A table of people waiting for them: who has sat down so far (the game
    /// starts when every person has; no clock runs, no bot plays until
    /// then). Missing once the game started, and in records.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub waiting: Option<Waiting>,
    /// The table was cancelled before it started (by its creator, or for
    /// want of people).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub cancelled: bool,
}

/// A table of people before its game starts (issue 45): the seats fill as
/// people open their links; the creator may start anyway once another
/// person sat down, give an empty seat to a bot, or cancel the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct Waiting {
    /// The seats of people who opened their link.
    pub arrived: Seats,
    /// The creator's seat (the first person's), who alone may start anyway,
    /// give a seat or cancel.
    pub host: u8,
    /// Seconds left before a table nobody filled is cancelled.
    pub expires_in_s: u64,
}

/// A table's pace, chosen at creation: `{"kind": "untimed"}`, `{"kind":
/// "live", "move_seconds": 60}` (30, 60 or 120) or `{"kind": "slow",
/// "move_seconds": 86400}` (a day or three days: correspondence). When a
/// person's turn takes longer, the table's stand-in bot plays for them (or,
/// under the rule option `timer`, the referee times them out).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Pace {
    /// No clock: the table waits.
    #[default]
    Untimed,
    /// A turn clock of seconds: people at the table together.
    Live {
        /// Seconds a turn: 30, 60 or 120.
        move_seconds: u32,
    },
    /// Correspondence: days a turn.
    Slow {
        /// Seconds a turn: 86400 (a day) or 259200 (three days).
        move_seconds: u32,
    },
}

impl Pace {
    /// The seconds a live table may give a turn.
    pub const LIVE: [u32; 3] = [30, 60, 120];
    /// The seconds a slow table may give a turn.
    pub const SLOW: [u32; 2] = [86_400, 259_200];

    /// The seconds a turn, `None` for an untimed table.
    pub fn move_seconds(self) -> Option<u32> {
        match self {
            Pace::Untimed => None,
            Pace::Live { move_seconds } | Pace::Slow { move_seconds } => Some(move_seconds),
        }
    }

    /// Whether this pace is one a table may have ([`Pace::LIVE`], [`Pace::SLOW`]).
    pub fn is_offered(self) -> bool {
        match self {
            Pace::Untimed => true,
            Pace::Live { move_seconds } => Pace::LIVE.contains(&move_seconds),
            Pace::Slow { move_seconds } => Pace::SLOW.contains(&move_seconds),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn round_ends_have_one_shape() {
        assert_eq!(
            serde_json::to_value(RoundEndWire::from(RoundEnd::Out(2))).unwrap(),
            json!({"kind": "out", "player": 2})
        );
        assert_eq!(serde_json::to_value(RoundEndWire::from(RoundEnd::Blocked)).unwrap(), json!({"kind": "blocked"}));
    }
}
