//! What the pad computes from the entries: each entry's [`Line`] (its score
//! changes and the totals after it), a finished round's [`RoundResult`], and the
//! [`Status`] after the last entry, with its [`PadPhase`].

use crate::event::RoundEnd;
use crate::rules::RuleSet;
use crate::scoring::ScoreEntry;
use crate::seats::Seats;
use crate::tile::{TileSet, TILE_COUNT};

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
    /// The state before a game's first entry.
    pub(super) fn start(rules: &RuleSet, players: usize) -> Status {
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

    pub(super) fn players(&self) -> u8 {
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
