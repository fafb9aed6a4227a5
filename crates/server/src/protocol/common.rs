//! The shapes every audience shares: a round end, a seat's kind, a game's
//! public description.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use triominos_core::RoundEnd;

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
