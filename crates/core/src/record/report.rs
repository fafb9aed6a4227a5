//! The check report: what `triominos check --json` prints ([`Report`]), a round
//! and an action of it, and the players' [`Scores`].

use crate::tile::Tile;

/// One action as `triominos check --json` reports it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ActionReport {
    /// 1-based line of the action.
    pub line: usize,
    /// Player name.
    pub player: String,
    /// `play`, `draw` or `pass`.
    pub kind: &'static str,
    /// Distinct legal placements the player had as this action, counted before it.
    pub legal_placements: usize,
    /// The tile (plays only).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub tile: Option<Tile>,
    /// The cell as `[c, r]` (plays only).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub cell: Option<[i32; 2]>,
    /// The rotation (plays only).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub rotation: Option<u8>,
    /// Change to the player's score made by the action alone.
    pub points: i32,
    /// Bonus names (`start`, `bridge`, `bridge_extension`, `hexagon`, `double_hexagon`, `triple_hexagon`, `fail`).
    pub bonuses: Vec<&'static str>,
}

/// Scores by player name, in seat order (a JSON object).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Scores(pub Vec<(String, i32)>);

#[cfg(feature = "serde")]
impl serde::Serialize for Scores {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            m.serialize_entry(k, v)?;
        }
        m.end()
    }
}

/// One round of the report.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct RoundReport {
    /// Round number.
    pub number: u32,
    /// Every action.
    pub actions: Vec<ActionReport>,
    /// `out`, `blocked` or `unfinished`.
    pub end: &'static str,
    /// The round's change to each total, end-of-round scoring included.
    pub round_scores: Scores,
}

/// What `triominos check --json` prints.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Report {
    /// Player names in seat order.
    pub players: Vec<String>,
    /// Every round.
    pub rounds: Vec<RoundReport>,
    /// Totals.
    pub totals: Scores,
    /// Winners in seat order once the game is over.
    pub winner: Option<Vec<String>>,
}
