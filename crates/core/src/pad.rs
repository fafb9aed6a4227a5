//! The score pad: scoring a game played with a real box.
//!
//! A [`Sheet`] is a table's score sheet: the players, the rule set, and one
//! [`Entry`] per turn (a tile placed and the figures it formed, draws, a
//! pass) and per round end (who went out, or a blocked round, with what each
//! hand holds). The pad computes every entry's points with their reasons,
//! running totals, who plays next, who reached the target and the winners,
//! with the engine's own scoring functions ([`score_placement`],
//! [`score_round_end`], [`immediate_winners`], [`game_winners_after_round`]):
//! a sheet scores exactly as [`crate::Game`] would.
//!
//! The pad cannot see the table, so it trusts the figures declared (as
//! [`Figures`], the type the board reports), but it keeps track of
//! everything a table knows: the tiles placed this round, how many tiles
//! each hand holds, how many are left in the pool, whose turn it is. It
//! refuses, with a [`PadError`], what cannot happen: a tile placed twice in
//! a round, a bonus the rule set does not have, a fourth draw, a pass while
//! the pool has tiles, a hand bigger than possible, an entry after the game.
//! Any entry may be undone, edited, inserted or deleted: the whole sheet is
//! computed again, and a change that would make a later entry impossible is
//! refused with that entry's index ([`EntryError`]).
//!
//! **Announced bonuses.** A placement entry records the figures the tile
//! formed and, separately, whether the player announced them (`announced`,
//! false when absent). Under the `announce_bonuses` option an unannounced
//! figure scores nothing (the tile's value and the start bonus still do),
//! exactly as an unannounced play in the engine; the figure stays on the
//! table all the same, so a bridge formed unannounced can still be
//! extended. Without the option `announced` changes nothing. Recording the
//! figures rather than leaving them out keeps the sheet true to the table
//! and lets an edit of the flag alone rescore the entry.
//!
//! ```
//! use triominos_core::pad::{Entry, Hand, Placed, Sheet};
//! use triominos_core::{Figures, RuleSet};
//!
//! let t = |s: &str| s.parse().unwrap();
//! let mut sheet = Sheet::new(vec!["Ann".into(), "Bob".into()], RuleSet::preset("pressman").unwrap()).unwrap();
//! // Ann opens with 5-5-5: 15 + 10 for a triple.
//! sheet.add(Entry::Play { player: 0, tile: t("5-5-5"), bonus: Figures::NONE, announced: false }).unwrap();
//! // Bob draws twice, then places 1-2-5.
//! let placed = Some(Placed { tile: t("1-2-5"), bonus: Figures::NONE, announced: false });
//! sheet.add(Entry::Draw { player: 1, draws: 2, placed }).unwrap();
//! assert_eq!(sheet.status().totals, vec![25, -2]);
//! // A tile already placed this round is refused.
//! assert!(sheet.add(Entry::Play { player: 0, tile: t("5-5-5"), bonus: Figures::NONE, announced: false }).is_err());
//! assert_eq!(sheet.status().to_play, Some(0));
//! ```

use crate::board::Figures;
use crate::event::RoundEnd;
use crate::rules::RuleSet;
use crate::scoring::{
    game_winners_after_round, immediate_winners, reached_target, score_placement, score_round_end, Reason, ScoreEntry,
};
use crate::seats::Seats;
use crate::tile::{Tile, TileSet, TILE_COUNT};
use core::fmt;

/// A tile placed after drawing, with the figures it formed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Placed {
    /// The tile.
    pub tile: Tile,
    /// What it formed, as the table declares it.
    #[cfg_attr(feature = "serde", serde(default))]
    pub bonus: Figures,
    /// Whether the player announced the figures (see the module documentation).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "core::ops::Not::not"))]
    pub announced: bool,
}

/// What a hand holds at the end of a round: its tiles, or only their sum.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Hand {
    /// Every tile left in the hand.
    Tiles(Vec<Tile>),
    /// The sum of the numbers of the tiles left.
    Sum(i32),
}

/// One line of the sheet, as the table enters it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "kind", rename_all = "snake_case"))]
pub enum Entry {
    /// A tile placed from the hand (the round's first tile opens the round).
    Play {
        /// Seat.
        player: u8,
        /// The tile.
        tile: Tile,
        /// The figures it formed, as the table declares them.
        #[cfg_attr(feature = "serde", serde(default))]
        bonus: Figures,
        /// Whether the player announced the figures (see the module documentation).
        #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "core::ops::Not::not"))]
        announced: bool,
    },
    /// Tiles drawn in one turn, then the drawn tile placed, or not: after
    /// `max_draws` draws that is the fail penalty; after draws that emptied
    /// the pool it is a pass.
    Draw {
        /// Seat.
        player: u8,
        /// Tiles drawn (1 to `max_draws`).
        draws: u8,
        /// The tile placed after the draws, if any.
        #[cfg_attr(feature = "serde", serde(default))]
        placed: Option<Placed>,
    },
    /// A pass (the pool is empty and nothing fits).
    Pass {
        /// Seat.
        player: u8,
    },
    /// The end of a round in which `player` placed their last tile, with what
    /// the other hands hold (needed when going out takes the other hands).
    Out {
        /// Seat that went out.
        player: u8,
        /// Each seat's hand (by seat; missing or `None` when not needed).
        #[cfg_attr(feature = "serde", serde(default))]
        hands: Vec<Option<Hand>>,
    },
    /// The end of a blocked round (the pool is empty and nobody can play), with
    /// what every hand holds.
    Blocked {
        /// Each seat's hand, by seat.
        #[cfg_attr(feature = "serde", serde(default))]
        hands: Vec<Option<Hand>>,
    },
}

impl Entry {
    /// The seat of a turn (or of the player who went out).
    pub fn player(&self) -> Option<u8> {
        match *self {
            Entry::Play { player, .. } | Entry::Draw { player, .. } | Entry::Pass { player } => Some(player),
            Entry::Out { player, .. } => Some(player),
            Entry::Blocked { .. } => None,
        }
    }

    /// The tile placed by this entry, if any.
    pub fn tile(&self) -> Option<Tile> {
        match *self {
            Entry::Play { tile, .. } => Some(tile),
            Entry::Draw { placed: Some(p), .. } => Some(p.tile),
            _ => None,
        }
    }

    /// Whether the entry ends a round.
    pub fn is_round_end(&self) -> bool {
        matches!(self, Entry::Out { .. } | Entry::Blocked { .. })
    }
}

/// Why an entry cannot be on the sheet. Nothing changes.
#[derive(Clone, Debug, PartialEq, Eq)]
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
        match self {
            PadError::PlayerCount { .. } => "player_count",
            PadError::GameOver => "game_over",
            PadError::NoSuchPlayer { .. } => "no_such_player",
            PadError::NotTheirTurn { .. } => "not_their_turn",
            PadError::OpenerMustPlay => "opener_must_play",
            PadError::RoundNotStarted => "round_not_started",
            PadError::EnterRoundEnd { .. } => "enter_round_end",
            PadError::TileAlreadyPlaced { .. } => "tile_already_placed",
            PadError::NoSuchBonus { .. } => "no_such_bonus",
            PadError::BadHexagons { .. } => "bad_hexagons",
            PadError::BonusOnOpening => "bonus_on_opening",
            PadError::BridgeWithHexagon => "bridge_with_hexagon",
            PadError::BridgeWithExtension => "bridge_with_extension",
            PadError::NoBridgeToExtend => "no_bridge_to_extend",
            PadError::BonusTooEarly { .. } => "bonus_too_early",
            PadError::NoDraws => "no_draws",
            PadError::TooManyDraws { .. } => "too_many_draws",
            PadError::PoolTooSmall { .. } => "pool_too_small",
            PadError::MustDrawAgain { .. } => "must_draw_again",
            PadError::PoolNotEmpty { .. } => "pool_not_empty",
            PadError::NotOut { .. } => "not_out",
            PadError::TooManyHands { .. } => "too_many_hands",
            PadError::HandMissing { .. } => "hand_missing",
            PadError::HandTileCount { .. } => "hand_tile_count",
            PadError::HandTilePlaced { .. } => "hand_tile_placed",
            PadError::HandTileTwice { .. } => "hand_tile_twice",
            PadError::HandSumImpossible { .. } => "hand_sum_impossible",
            PadError::OutHandNotEmpty { .. } => "out_hand_not_empty",
            PadError::NoSuchEntry { .. } => "no_such_entry",
            PadError::NothingToUndo => "nothing_to_undo",
        }
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

/// Where the sheet stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PadPhase {
    /// A round is about to start: whoever opens enters the first tile.
    Opening,
    /// A round is being played.
    Playing,
    /// The round ended (someone went out, or everyone passed in turn): enter
    /// the round end with the hands.
    RoundOver(RoundEnd),
    /// The game is over.
    GameOver,
}

/// The result of a finished round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundResult {
    /// Round number (1-based).
    pub round: u32,
    /// How it ended.
    pub end: RoundEnd,
    /// Each seat's hand sum as entered (`None` when not given).
    pub hand_sums: Vec<Option<i32>>,
    /// The round's winners.
    pub winners: Seats,
    /// Each seat's points in the round, end-of-round scoring included.
    pub points: Vec<i32>,
}

/// The computed part of one entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The round the entry belongs to.
    pub round: u32,
    /// Every score change it makes, with its reason, in order.
    pub items: Vec<ScoreEntry>,
    /// Each seat's total after the entry.
    pub totals: Vec<i32>,
    /// Seats that reached the target at this entry.
    pub reached: Seats,
    /// For a round end: the round's result.
    pub round_result: Option<RoundResult>,
    /// Whether the game ended at this entry.
    pub game_over: bool,
}

impl Line {
    /// The change to one seat's total.
    pub fn points(&self, seat: u8) -> i32 {
        self.items.iter().filter(|i| i.player == seat).map(|i| i.points).sum()
    }
}

/// Everything the pad knows after the last entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Status {
    /// The current round (1-based): the next round once one has ended.
    pub round: u32,
    /// Where the sheet stands.
    pub phase: PadPhase,
    /// Who plays next (`None` while a round is to be opened, or over).
    pub to_play: Option<u8>,
    /// Each seat's total.
    pub totals: Vec<i32>,
    /// Each seat's points this round.
    pub round_points: Vec<i32>,
    /// Tiles in each hand.
    pub hands: Vec<u8>,
    /// Tiles left in the pool.
    pub pool: u8,
    /// Tiles on the table this round.
    pub placed: TileSet,
    /// Consecutive passes.
    pub passes: u8,
    /// Bridges formed this round.
    pub bridges: u8,
    /// Seats that reached the target this round.
    pub reached: Seats,
    /// The winners once the game is over.
    pub winners: Seats,
    /// Every finished round.
    pub rounds: Vec<RoundResult>,
}

impl Status {
    fn start(rules: &RuleSet, players: usize) -> Status {
        let h = rules.hand_size_for(players);
        Status {
            round: 1,
            phase: PadPhase::Opening,
            to_play: None,
            totals: vec![0; players],
            round_points: vec![0; players],
            hands: vec![h as u8; players],
            pool: TILE_COUNT.saturating_sub(players * h) as u8,
            placed: TileSet::EMPTY,
            passes: 0,
            bridges: 0,
            reached: Seats::EMPTY,
            winners: Seats::EMPTY,
            rounds: Vec::new(),
        }
    }

    fn players(&self) -> u8 {
        self.totals.len() as u8
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.phase == PadPhase::GameOver
    }

    /// Whether a blocked round may be entered now (a round is being played and the pool is empty).
    pub fn can_block(&self) -> bool {
        matches!(self.phase, PadPhase::Playing | PadPhase::RoundOver(RoundEnd::Blocked)) && self.pool == 0
    }
}

/// Hexagons need this many tiles on the table before the tile that closes 1, 2 or 3 of them.
const TILES_BEFORE_HEXAGONS: [u8; 3] = [5, 9, 12];

/// Computes one entry from the state before it. Pure: on error nothing is changed.
fn step(rules: &RuleSet, before: &Status, entry: &Entry) -> Result<(Line, Status), PadError> {
    let mut s = before.clone();
    let n = s.players();
    let mut items = Vec::new();
    if s.phase == PadPhase::GameOver {
        return Err(PadError::GameOver);
    }
    if let Some(p) = entry.player() {
        if p >= n {
            return Err(PadError::NoSuchPlayer { player: p });
        }
    }
    let mut round_result = None;
    match *entry {
        Entry::Play { player, tile, bonus, announced } => {
            let opening = turn(&s, player, true)?;
            place(rules, &mut s, &mut items, player, Placed { tile, bonus, announced }, opening)?;
            after_placement(rules, &mut s, player);
        }
        Entry::Draw { player, draws, placed } => {
            turn(&s, player, false)?;
            if draws == 0 {
                return Err(PadError::NoDraws);
            }
            if draws > rules.max_draws() {
                return Err(PadError::TooManyDraws { max: rules.max_draws() });
            }
            if draws > s.pool {
                return Err(PadError::PoolTooSmall { pool: s.pool });
            }
            if placed.is_none() && draws < rules.max_draws() && s.pool > draws {
                return Err(PadError::MustDrawAgain { draws, max: rules.max_draws() });
            }
            for _ in 0..draws {
                add(&mut s, &mut items, player, Reason::Draw, -rules.draw_penalty());
            }
            s.pool -= draws;
            s.hands[player as usize] += draws;
            match placed {
                Some(placed) => {
                    place(rules, &mut s, &mut items, player, placed, false)?;
                    after_placement(rules, &mut s, player);
                }
                None if draws >= rules.max_draws() => {
                    add(&mut s, &mut items, player, Reason::Fail, -rules.fail_penalty());
                    s.to_play = Some((player + 1) % n);
                }
                // The draws emptied the pool: the player passes.
                None => pass(rules, &mut s, &mut items, player),
            }
        }
        Entry::Pass { player } => {
            turn(&s, player, false)?;
            if s.pool > 0 {
                return Err(PadError::PoolNotEmpty { pool: s.pool });
            }
            pass(rules, &mut s, &mut items, player);
        }
        Entry::Out { player, ref hands } => {
            match s.phase {
                PadPhase::Opening => return Err(PadError::RoundNotStarted),
                PadPhase::RoundOver(RoundEnd::Out(p)) if p == player => {}
                PadPhase::RoundOver(RoundEnd::Blocked) => return Err(PadError::EnterRoundEnd { out: None }),
                _ => return Err(PadError::NotOut { player, tiles: s.hands[player as usize] }),
            }
            round_result = Some(end_round(rules, &mut s, &mut items, RoundEnd::Out(player), hands)?);
        }
        Entry::Blocked { ref hands } => {
            match s.phase {
                PadPhase::Opening => return Err(PadError::RoundNotStarted),
                PadPhase::RoundOver(RoundEnd::Out(p)) => return Err(PadError::EnterRoundEnd { out: Some(p) }),
                _ if s.pool > 0 => return Err(PadError::PoolNotEmpty { pool: s.pool }),
                _ => {}
            }
            round_result = Some(end_round(rules, &mut s, &mut items, RoundEnd::Blocked, hands)?);
        }
    }
    // A round end that starts a new round resets `reached`: compare totals instead.
    let reached = match &round_result {
        Some(_) => reached_target(rules, &s.totals).difference(before.reached),
        None => s.reached.difference(before.reached),
    };
    let game_over = s.phase == PadPhase::GameOver;
    let line = Line { round: before.round, items, totals: s.totals.clone(), reached, round_result, game_over };
    Ok((line, s))
}

/// Checks whose turn it is. Returns whether this placement opens the round.
fn turn(s: &Status, player: u8, may_open: bool) -> Result<bool, PadError> {
    match s.phase {
        PadPhase::GameOver => Err(PadError::GameOver),
        PadPhase::RoundOver(RoundEnd::Out(p)) => Err(PadError::EnterRoundEnd { out: Some(p) }),
        PadPhase::RoundOver(RoundEnd::Blocked) => Err(PadError::EnterRoundEnd { out: None }),
        PadPhase::Opening if may_open => Ok(true),
        PadPhase::Opening => Err(PadError::OpenerMustPlay),
        PadPhase::Playing => match s.to_play {
            Some(p) if p != player => Err(PadError::NotTheirTurn { expected: p, got: player }),
            _ => Ok(false),
        },
    }
}

fn add(s: &mut Status, items: &mut Vec<ScoreEntry>, player: u8, reason: Reason, points: i32) {
    s.totals[player as usize] += points;
    s.round_points[player as usize] += points;
    items.push(ScoreEntry { round: s.round, player, reason, points });
}

/// Checks the declared bonuses against the rules and the table.
fn check_bonus(rules: &RuleSet, s: &Status, bonus: Figures, opening: bool) -> Result<(), PadError> {
    let placed = s.placed.len() as u8;
    if bonus.hexagons > 3 {
        return Err(PadError::BadHexagons { hexagons: bonus.hexagons });
    }
    if opening && !bonus.is_empty() {
        return Err(PadError::BonusOnOpening);
    }
    if bonus.bridge && rules.bridge_bonus() == 0 {
        return Err(PadError::NoSuchBonus { bonus: Reason::Bridge.name() });
    }
    if bonus.bridge_extension && (rules.bridge_bonus() == 0 || rules.bridge_extension_bonus() == 0) {
        return Err(PadError::NoSuchBonus { bonus: Reason::BridgeExtension.name() });
    }
    if bonus.hexagons > 0 && rules.hexagon_points(bonus.hexagons) == 0 {
        return Err(PadError::NoSuchBonus { bonus: Reason::Hexagon(bonus.hexagons).name() });
    }
    if bonus.bridge && bonus.hexagons > 0 {
        return Err(PadError::BridgeWithHexagon);
    }
    if bonus.bridge && bonus.bridge_extension {
        return Err(PadError::BridgeWithExtension);
    }
    if bonus.bridge_extension && s.bridges == 0 {
        return Err(PadError::NoBridgeToExtend);
    }
    // A bridge touches one tile along an edge and another at its opposite point.
    if bonus.bridge && placed < 2 {
        return Err(PadError::BonusTooEarly { bonus: Reason::Bridge.name(), placed, needed: 2 });
    }
    if bonus.hexagons > 0 {
        let needed = TILES_BEFORE_HEXAGONS[bonus.hexagons as usize - 1];
        if placed < needed {
            return Err(PadError::BonusTooEarly { bonus: Reason::Hexagon(bonus.hexagons).name(), placed, needed });
        }
    }
    Ok(())
}

/// Scores a placed tile with the engine's [`score_placement`].
fn place(
    rules: &RuleSet,
    s: &mut Status,
    items: &mut Vec<ScoreEntry>,
    player: u8,
    placed: Placed,
    opening: bool,
) -> Result<(), PadError> {
    let Placed { tile, bonus, announced } = placed;
    if s.placed.contains(tile) {
        return Err(PadError::TileAlreadyPlaced { tile });
    }
    check_bonus(rules, s, bonus, opening)?;
    let score = score_placement(rules, tile, opening, bonus, announced);
    for &(reason, points) in score.items() {
        add(s, items, player, reason, points);
    }
    s.placed.insert(tile);
    s.hands[player as usize] -= 1;
    // A bridge is on the table, announced or not: it can be extended.
    if bonus.bridge {
        s.bridges += 1;
    }
    s.passes = 0;
    Ok(())
}

/// After a placement, as the engine: the turn passes, then an immediate win
/// ends the game, else an empty hand ends the round.
fn after_placement(rules: &RuleSet, s: &mut Status, player: u8) {
    let n = s.players();
    s.phase = PadPhase::Playing;
    s.to_play = Some((player + 1) % n);
    s.reached |= reached_target(rules, &s.totals);
    if let Some(w) = immediate_winners(rules, &s.totals, s.reached) {
        s.winners = w;
        s.phase = PadPhase::GameOver;
        s.to_play = None;
    } else if s.hands[player as usize] == 0 {
        s.phase = PadPhase::RoundOver(RoundEnd::Out(player));
        s.to_play = None;
    }
}

fn pass(rules: &RuleSet, s: &mut Status, items: &mut Vec<ScoreEntry>, player: u8) {
    if rules.empty_pool_penalty() != 0 {
        add(s, items, player, Reason::Pass, -rules.empty_pool_penalty());
    }
    s.passes += 1;
    s.to_play = Some((player + 1) % s.players());
    if s.passes >= s.players() {
        s.phase = PadPhase::RoundOver(RoundEnd::Blocked);
        s.to_play = None;
    }
}

/// The smallest and largest sums of `k` tiles among `tiles`.
fn sum_range(tiles: TileSet, k: usize) -> (i32, i32) {
    let mut values: Vec<i32> = tiles.iter().map(|t| t.value() as i32).collect();
    values.sort_unstable();
    let k = k.min(values.len());
    (values[..k].iter().sum(), values[values.len() - k..].iter().sum())
}

/// Checks the hands, scores the round end with the engine's [`score_round_end`],
/// then ends the game or starts the next round.
fn end_round(
    rules: &RuleSet,
    s: &mut Status,
    items: &mut Vec<ScoreEntry>,
    end: RoundEnd,
    hands: &[Option<Hand>],
) -> Result<RoundResult, PadError> {
    let n = s.players();
    if hands.len() > n as usize {
        return Err(PadError::TooManyHands { players: n, got: hands.len() });
    }
    let out = match end {
        RoundEnd::Out(p) => Some(p),
        RoundEnd::Blocked => None,
    };
    let hand = |p: u8| hands.get(p as usize).and_then(Option::as_ref);
    // Tiles first: counts, tiles placed this round, tiles in two hands.
    let mut listed = TileSet::EMPTY;
    for p in 0..n {
        if let Some(Hand::Tiles(tiles)) = hand(p) {
            if out == Some(p) && !tiles.is_empty() {
                return Err(PadError::OutHandNotEmpty { player: p });
            }
            let expected = s.hands[p as usize];
            if tiles.len() != expected as usize {
                return Err(PadError::HandTileCount { player: p, expected, got: tiles.len() });
            }
            for &t in tiles {
                if s.placed.contains(t) {
                    return Err(PadError::HandTilePlaced { player: p, tile: t });
                }
                if !listed.insert(t) {
                    return Err(PadError::HandTileTwice { tile: t });
                }
            }
        }
    }
    let unknown = TileSet::ALL.difference(s.placed).difference(listed);
    let mut sums = Vec::with_capacity(n as usize);
    for p in 0..n {
        let needed = match end {
            RoundEnd::Out(q) => p != q && rules.out_takes_hands(),
            RoundEnd::Blocked => true,
        };
        sums.push(match hand(p) {
            None if needed => return Err(PadError::HandMissing { player: p }),
            None if out == Some(p) => Some(0),
            None => None,
            Some(Hand::Tiles(tiles)) => Some(tiles.iter().map(|t| t.value() as i32).sum()),
            Some(&Hand::Sum(sum)) => {
                if out == Some(p) && sum != 0 {
                    return Err(PadError::OutHandNotEmpty { player: p });
                }
                let (min, max) = sum_range(unknown, s.hands[p as usize] as usize);
                if sum < min || sum > max {
                    return Err(PadError::HandSumImpossible { player: p, sum, min, max });
                }
                Some(sum)
            }
        });
    }
    let values: Vec<i32> = sums.iter().map(|v| v.unwrap_or(0)).collect();
    let scoring = score_round_end(rules, end, &values);
    for &(p, reason, points) in scoring.items() {
        add(s, items, p, reason, points);
    }
    s.reached |= reached_target(rules, &s.totals);
    let result =
        RoundResult { round: s.round, end, hand_sums: sums, winners: scoring.winners, points: s.round_points.clone() };
    s.rounds.push(result.clone());
    match game_winners_after_round(rules, &s.totals, s.reached, scoring.winners) {
        Some(w) => {
            s.winners = w;
            s.phase = PadPhase::GameOver;
            s.to_play = None;
        }
        None => {
            let next = Status::start(rules, n as usize);
            *s =
                Status { round: s.round + 1, totals: s.totals.clone(), rounds: core::mem::take(&mut s.rounds), ..next };
        }
    }
    Ok(result)
}

/// A score sheet: players, rules, entries, and everything computed from them.
#[derive(Clone, Debug)]
pub struct Sheet {
    names: Vec<String>,
    rules: RuleSet,
    entries: Vec<Entry>,
    lines: Vec<Line>,
    status: Status,
}

impl Sheet {
    /// An empty sheet. The rules must allow this many players.
    pub fn new(names: Vec<String>, rules: RuleSet) -> Result<Sheet, PadError> {
        if !rules.allows_players(names.len()) {
            return Err(PadError::PlayerCount { min: rules.min_players(), max: rules.max_players(), got: names.len() });
        }
        let status = Status::start(&rules, names.len());
        Ok(Sheet { names, rules, entries: Vec::new(), lines: Vec::new(), status })
    }

    /// A sheet with these entries, each checked in turn.
    pub fn with_entries(names: Vec<String>, rules: RuleSet, entries: Vec<Entry>) -> Result<Sheet, EntryError> {
        let mut sheet = Sheet::new(names, rules).map_err(|error| EntryError { index: 0, error })?;
        sheet.recompute(entries)?;
        Ok(sheet)
    }

    /// The players' names, by seat.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// Number of players.
    pub fn players(&self) -> usize {
        self.names.len()
    }

    /// The rules.
    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }

    /// Every entry, in order.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// What each entry scored, in order.
    pub fn lines(&self) -> &[Line] {
        &self.lines
    }

    /// Where the sheet stands.
    pub fn status(&self) -> &Status {
        &self.status
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.status.is_over()
    }

    /// What an entry would score now, without adding it.
    pub fn preview(&self, entry: &Entry) -> Result<Line, PadError> {
        step(&self.rules, &self.status, entry).map(|(line, _)| line)
    }

    /// Adds an entry at the end.
    pub fn add(&mut self, entry: Entry) -> Result<&Line, PadError> {
        let (line, status) = step(&self.rules, &self.status, &entry)?;
        self.entries.push(entry);
        self.lines.push(line);
        self.status = status;
        Ok(&self.lines[self.lines.len() - 1])
    }

    /// Removes the last entry.
    pub fn undo(&mut self) -> Result<Entry, PadError> {
        let mut entries = self.entries.clone();
        let last = entries.pop().ok_or(PadError::NothingToUndo)?;
        self.recompute(entries).map_err(|e| e.error)?;
        Ok(last)
    }

    /// Replaces the entry at `index`; every later entry is checked again.
    pub fn edit(&mut self, index: usize, entry: Entry) -> Result<(), EntryError> {
        let mut entries = self.entries.clone();
        let slot = entries.get_mut(index).ok_or(EntryError { index, error: PadError::NoSuchEntry { index } })?;
        *slot = entry;
        self.recompute(entries)
    }

    /// Inserts an entry before the entry at `index` (at the end when `index` is the number of entries).
    pub fn insert(&mut self, index: usize, entry: Entry) -> Result<(), EntryError> {
        if index > self.entries.len() {
            return Err(EntryError { index, error: PadError::NoSuchEntry { index } });
        }
        let mut entries = self.entries.clone();
        entries.insert(index, entry);
        self.recompute(entries)
    }

    /// Deletes the entry at `index`; every later entry is checked again.
    pub fn delete(&mut self, index: usize) -> Result<Entry, EntryError> {
        if index >= self.entries.len() {
            return Err(EntryError { index, error: PadError::NoSuchEntry { index } });
        }
        let mut entries = self.entries.clone();
        let gone = entries.remove(index);
        self.recompute(entries)?;
        Ok(gone)
    }

    /// Computes the sheet again from these entries; on error nothing changes.
    fn recompute(&mut self, entries: Vec<Entry>) -> Result<(), EntryError> {
        let mut status = Status::start(&self.rules, self.names.len());
        let mut lines = Vec::with_capacity(entries.len());
        for (index, e) in entries.iter().enumerate() {
            let (line, next) = step(&self.rules, &status, e).map_err(|error| EntryError { index, error })?;
            lines.push(line);
            status = next;
        }
        self.entries = entries;
        self.lines = lines;
        self.status = status;
        Ok(())
    }
}
