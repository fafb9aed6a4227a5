//! Why an entry cannot be on the sheet: [`PadError`], with its stable code and
//! its sentence, and [`EntryError`], the same tied to an entry's index.

use crate::tile::Tile;
use core::fmt;

/// Why an entry cannot be on the sheet. Nothing changes. Its code (the serde
/// tag, [`PadError::code`]) is the variant's name in snake case, derived.
#[derive(Clone, Debug, PartialEq, Eq, strum::IntoStaticStr)]
#[strum(serialize_all = "snake_case")]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(tag = "code", content = "params", rename_all = "snake_case"))]
pub enum PadError {
    /// The rule set is not for this many players.
    PlayerCount {
        /// Fewest players allowed.
        min: u8,
        /// Most players allowed.
        max: u8,
        /// Players given.
        got: usize,
    },
    /// The game is over: nothing more can be entered.
    GameOver,
    /// No seat with this number.
    NoSuchPlayer {
        /// Seat given.
        player: u8,
    },
    /// Another player is to play.
    NotTheirTurn {
        /// Seat to play.
        expected: u8,
        /// Seat given.
        got: u8,
    },
    /// The round opens with a tile: the opener may not draw or pass.
    OpenerMustPlay,
    /// The round has not started: no round end yet.
    RoundNotStarted,
    /// The round is over: enter how it ended (who went out, or blocked) and the hands.
    EnterRoundEnd {
        /// The player who went out, or `None` for a blocked round.
        out: Option<u8>,
    },
    /// This tile is already on the table this round.
    TileAlreadyPlaced {
        /// The tile.
        tile: Tile,
    },
    /// The rule set has no such bonus.
    NoSuchBonus {
        /// `bridge`, `bridge_extension`, `hexagon`, `double_hexagon` or `triple_hexagon`.
        bonus: &'static str,
    },
    /// A tile completes 0 to 3 hexagons.
    BadHexagons {
        /// Hexagons declared.
        hexagons: u8,
    },
    /// The round's first tile forms no bonus.
    BonusOnOpening,
    /// A bridge and a hexagon cannot come from one tile.
    BridgeWithHexagon,
    /// A bridge and a bridge extension cannot come from one tile.
    BridgeWithExtension,
    /// No bridge has been formed this round, so none can be extended.
    NoBridgeToExtend,
    /// Too few tiles are on the table for this bonus.
    BonusTooEarly {
        /// The bonus.
        bonus: &'static str,
        /// Tiles on the table before this one.
        placed: u8,
        /// Tiles it needs on the table before this one.
        needed: u8,
    },
    /// A draw entry needs at least one draw.
    NoDraws,
    /// More draws than a turn allows.
    TooManyDraws {
        /// Draws allowed in a turn.
        max: u8,
    },
    /// More draws than tiles left in the pool.
    PoolTooSmall {
        /// Tiles in the pool.
        pool: u8,
    },
    /// After fewer than `max` draws the player draws again (the pool still has tiles).
    MustDrawAgain {
        /// Draws entered.
        draws: u8,
        /// Draws allowed in a turn.
        max: u8,
    },
    /// Passing (or a blocked round) needs an empty pool.
    PoolNotEmpty {
        /// Tiles in the pool.
        pool: u8,
    },
    /// This player still holds tiles, so has not gone out.
    NotOut {
        /// Seat.
        player: u8,
        /// Tiles they hold.
        tiles: u8,
    },
    /// More hands than players.
    TooManyHands {
        /// Players.
        players: u8,
        /// Hands given.
        got: usize,
    },
    /// The scoring needs this player's hand.
    HandMissing {
        /// Seat.
        player: u8,
    },
    /// The hand's tiles are not as many as the player holds.
    HandTileCount {
        /// Seat.
        player: u8,
        /// Tiles they hold.
        expected: u8,
        /// Tiles given.
        got: usize,
    },
    /// A tile in a hand was placed this round.
    HandTilePlaced {
        /// Seat.
        player: u8,
        /// The tile.
        tile: Tile,
    },
    /// A tile appears twice among the hands.
    HandTileTwice {
        /// The tile.
        tile: Tile,
    },
    /// No hand of that many tiles (among those not placed) has this sum.
    HandSumImpossible {
        /// Seat.
        player: u8,
        /// Sum given.
        sum: i32,
        /// Smallest possible sum.
        min: i32,
        /// Largest possible sum.
        max: i32,
    },
    /// The player who went out holds no tile.
    OutHandNotEmpty {
        /// Seat.
        player: u8,
    },
    /// No entry with this index.
    NoSuchEntry {
        /// Index given (0-based).
        index: usize,
    },
    /// The sheet has no entry to undo.
    NothingToUndo,
}

impl PadError {
    /// The stable code of the error (`tile_already_placed`, ...).
    pub fn code(&self) -> &'static str {
        self.into()
    }
}

impl fmt::Display for PadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PadError::PlayerCount { min, max, got } => {
                write!(f, "these rules are for {min} to {max} players, not {got}")
            }
            PadError::GameOver => write!(f, "the game is over"),
            PadError::NoSuchPlayer { player } => write!(f, "no player {player}"),
            PadError::NotTheirTurn { expected, got } => {
                write!(f, "it is player {expected}'s turn, not player {got}'s")
            }
            PadError::OpenerMustPlay => write!(f, "the round opens with a tile: no draw or pass"),
            PadError::RoundNotStarted => write!(f, "the round has not started"),
            PadError::EnterRoundEnd { out: Some(p) } => {
                write!(f, "player {p} went out: enter the end of the round")
            }
            PadError::EnterRoundEnd { out: None } => write!(f, "everyone passed: enter the blocked round"),
            PadError::TileAlreadyPlaced { tile } => write!(f, "{tile} is already on the table this round"),
            PadError::NoSuchBonus { bonus } => write!(f, "these rules have no {bonus} bonus"),
            PadError::BadHexagons { hexagons } => write!(f, "a tile completes 0 to 3 hexagons, not {hexagons}"),
            PadError::BonusOnOpening => write!(f, "the first tile of a round forms no bonus"),
            PadError::BridgeWithHexagon => write!(f, "one tile cannot make a bridge and a hexagon"),
            PadError::BridgeWithExtension => write!(f, "one tile cannot make a bridge and extend one"),
            PadError::NoBridgeToExtend => write!(f, "no bridge was formed this round"),
            PadError::BonusTooEarly { bonus, placed, needed } => {
                write!(f, "a {bonus} needs {needed} tiles on the table before it, there are {placed}")
            }
            PadError::NoDraws => write!(f, "a draw entry needs at least one draw"),
            PadError::TooManyDraws { max } => write!(f, "at most {max} draw(s) a turn"),
            PadError::PoolTooSmall { pool } => write!(f, "the pool holds only {pool} tile(s)"),
            PadError::MustDrawAgain { draws, max } => {
                write!(f, "after {draws} of {max} draws that did not fit, the player draws again")
            }
            PadError::PoolNotEmpty { pool } => write!(f, "the pool still holds {pool} tile(s)"),
            PadError::NotOut { player, tiles } => write!(f, "player {player} still holds {tiles} tile(s)"),
            PadError::TooManyHands { players, got } => write!(f, "{got} hands for {players} players"),
            PadError::HandMissing { player } => write!(f, "player {player}'s hand is needed"),
            PadError::HandTileCount { player, expected, got } => {
                write!(f, "player {player} holds {expected} tile(s), {got} given")
            }
            PadError::HandTilePlaced { player, tile } => {
                write!(f, "{tile} (player {player}'s hand) was placed this round")
            }
            PadError::HandTileTwice { tile } => write!(f, "{tile} is in two hands"),
            PadError::HandSumImpossible { player, sum, min, max } => {
                write!(f, "player {player}'s hand cannot sum to {sum} (from {min} to {max})")
            }
            PadError::OutHandNotEmpty { player } => write!(f, "player {player} went out and holds no tile"),
            PadError::NoSuchEntry { index } => write!(f, "no entry {index}"),
            PadError::NothingToUndo => write!(f, "nothing to undo"),
        }
    }
}

impl std::error::Error for PadError {}

/// A change refused because of the entry at `index` (the edited one or a later one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntryError {
    /// Index (0-based) of the entry that cannot be.
    pub index: usize,
    /// Why.
    pub error: PadError,
}

impl fmt::Display for EntryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "entry {}: {}", self.index + 1, self.error)
    }
}

impl std::error::Error for EntryError {}

#[cfg(all(test, feature = "serde"))]
mod tests {
    use super::PadError;
    use crate::tile::Tile;

    #[test]
    fn the_derived_code_is_the_serde_tag() {
        let t = Tile::from_index(0).unwrap();
        for e in [
            PadError::GameOver,
            PadError::EnterRoundEnd { out: Some(1) },
            PadError::TileAlreadyPlaced { tile: t },
            PadError::BonusTooEarly { bonus: "hexagon", placed: 1, needed: 5 },
            PadError::HandSumImpossible { player: 0, sum: 90, min: 1, max: 15 },
            PadError::NothingToUndo,
        ] {
            assert_eq!(serde_json::to_value(&e).unwrap()["code"], e.code(), "{e:?}");
        }
        assert_eq!(PadError::TileAlreadyPlaced { tile: t }.code(), "tile_already_placed");
    }
}
