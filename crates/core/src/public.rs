//! [`Public`]: everything every player (and a spectator) may know.

use crate::board::{Board, Placement};
use crate::event::{Event, RoundEnd};
use crate::rules::{RuleSet, MAX_PLAYERS};
use crate::scoring::{score_placement, PlacementScore, Reason, ScoreEntry};
use crate::seats::Seats;
use crate::tile::TileSet;

/// The phase of the game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Phase {
    /// A round is being played.
    Playing,
    /// The round ended; call [`crate::Game::next_round`] or [`crate::Game::begin_round`].
    RoundOver,
    /// The game is over.
    GameOver,
}

/// Everything every player (and a spectator) may know.
#[derive(Clone, Debug)]
pub struct Public {
    pub(crate) rules: RuleSet,
    pub(crate) players: u8,
    pub(crate) round: u32,
    pub(crate) phase: Phase,
    pub(crate) board: Board,
    pub(crate) to_move: u8,
    pub(crate) starter: u8,
    pub(crate) draws: u8,
    pub(crate) passes: u8,
    pub(crate) totals: [i32; MAX_PLAYERS],
    pub(crate) round_points: [i32; MAX_PLAYERS],
    pub(crate) reached: Seats,
    pub(crate) winners: Seats,
    pub(crate) round_winners: Seats,
    pub(crate) round_end: Option<RoundEnd>,
    pub(crate) hand_sizes: [u8; MAX_PLAYERS],
    pub(crate) pool_size: u8,
    pub(crate) known: [TileSet; MAX_PLAYERS],
    pub(crate) events: Vec<Event>,
    pub(crate) scores: Vec<ScoreEntry>,
}

impl Public {
    /// The rules.
    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }
    /// Number of seats.
    pub fn players(&self) -> usize {
        self.players as usize
    }
    /// Current round number (1-based).
    pub fn round(&self) -> u32 {
        self.round
    }
    /// The phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }
    /// Seat to act.
    pub fn to_move(&self) -> u8 {
        self.to_move
    }
    /// This round's opener.
    pub fn starter(&self) -> u8 {
        self.starter
    }
    /// Tiles drawn so far in the current turn.
    pub fn draws_this_turn(&self) -> u8 {
        self.draws
    }
    /// Consecutive passes.
    pub fn consecutive_passes(&self) -> u8 {
        self.passes
    }
    /// Each seat's total.
    pub fn totals(&self) -> &[i32] {
        &self.totals[..self.players as usize]
    }
    /// Each seat's change this round so far.
    pub fn round_points(&self) -> &[i32] {
        &self.round_points[..self.players as usize]
    }
    /// Each seat's number of tiles in hand.
    pub fn hand_sizes(&self) -> &[u8] {
        &self.hand_sizes[..self.players as usize]
    }
    /// Tiles left in the pool.
    pub fn pool_size(&self) -> usize {
        self.pool_size as usize
    }
    /// Tiles known to everyone to be in a seat's hand (none for a seat not
    /// at the table).
    pub fn known_tiles(&self, seat: u8) -> TileSet {
        self.known.get(seat as usize).copied().unwrap_or_default()
    }
    /// How the last round ended, once it has.
    pub fn round_end(&self) -> Option<RoundEnd> {
        self.round_end
    }
    /// Seats that reached the target this round.
    pub fn reached_target(&self) -> Seats {
        self.reached
    }
    /// The winners once the game is over.
    pub fn winners(&self) -> Seats {
        self.winners
    }
    /// The winners of the last finished round.
    pub fn round_winners(&self) -> Seats {
        self.round_winners
    }
    /// Every public event so far.
    pub fn events(&self) -> &[Event] {
        &self.events
    }
    /// Every score change so far.
    pub fn score_sheet(&self) -> &[ScoreEntry] {
        &self.scores
    }

    /// Adds a score change with its reason.
    pub(crate) fn add_score(&mut self, player: u8, reason: Reason, points: i32) {
        let p = player as usize;
        self.totals[p] += points;
        self.round_points[p] += points;
        self.scores.push(ScoreEntry { round: self.round, player, reason, points });
    }

    /// Hands the turn to the next seat.
    pub(crate) fn next_turn(&mut self) {
        self.draws = 0;
        self.to_move = (self.to_move + 1) % self.players;
    }

    /// A copy without the event log and score sheet (totals are kept), for search.
    pub(crate) fn clone_lean(&self) -> Public {
        Public { board: self.board.clone(), events: Vec::new(), scores: Vec::new(), ..*self }
    }

    /// What a legal placement would score now, announced (as the engine's
    /// legal actions are), without playing it (end-of-round scoring not
    /// included). `figures` tells what it forms, so a player can be asked
    /// to claim them under `announce_bonuses`.
    pub fn placement_score(&self, p: Placement) -> PlacementScore {
        score_placement(&self.rules, p.tile, self.board.is_empty(), self.board.preview(p), true)
    }
}
