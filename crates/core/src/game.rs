//! The game state machine: dealing, the start procedures, turns (play, draw,
//! pass), going out, blocked rounds, multi-round games and their end.
//!
//! ```
//! use triominos_core::{Action, Game, RuleSet};
//! let mut game = Game::new(RuleSet::preset("goliath").unwrap(), 2, 42).unwrap();
//! let mut moves = Vec::new();
//! while !game.is_over() {
//!     if game.is_round_over() {
//!         game.next_round().unwrap();
//!         continue;
//!     }
//!     game.legal_actions_into(&mut moves);
//!     // Play the first legal action; `play` refuses anything illegal.
//!     game.play(moves[0]).unwrap();
//! }
//! assert!(!game.winners().is_empty());
//! ```

use crate::board::{Board, PlaceInfo, Placement, PlacementError};
use crate::rng::{below, seeded, shuffle, ChaCha8Rng};
use crate::rules::{AfterDraw, Blocked, FirstTile, GameEnd, RuleSet, StartRule, MAX_PLAYERS};
use crate::seats::Seats;
use crate::tile::{Tile, TileSet, TILE_COUNT};
use core::fmt;
use std::sync::Arc;

/// What a player does on their turn. Small and `Copy`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "kind", rename_all = "snake_case"))]
pub enum Action {
    /// Place a tile.
    Play(Placement),
    /// Draw a tile from the pool.
    Draw,
    /// Pass (only when unable to play and the pool is empty).
    Pass,
}

/// Why a pass is refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum PassRefusal {
    /// The player can place a tile.
    CanPlay,
    /// The pool still has tiles: draw instead.
    PoolNotEmpty,
    /// The opener must place the first tile.
    Opening,
}

/// Why an action was refused. The game is unchanged.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(tag = "code", content = "params", rename_all = "snake_case"))]
pub enum IllegalAction {
    /// The game is over.
    GameOver,
    /// The round is over; the next round has not been dealt.
    RoundOver,
    /// Another player is to act.
    NotYourTurn {
        /// Seat to act.
        expected: u8,
        /// Seat that tried.
        got: u8,
    },
    /// The tile is not in the player's hand.
    TileNotInHand(Tile),
    /// The placement breaks a board rule.
    Placement(PlacementError),
    /// The opening tile must be one of these.
    FirstTileMustBe(TileSet),
    /// The opener may not draw.
    OpenerMayNotDraw,
    /// The tile just drawn can be placed, so it must be the one played.
    MustPlayDrawnTile(Tile),
    /// A tile drawn this turn can be placed: place one, do not draw again.
    MustPlaceNow,
    /// After a draw that could not be placed, no placement is offered this turn.
    NoPlacementAfterFailedDraw,
    /// These rules do not allow drawing while able to play.
    MayNotDrawWhenAble,
    /// The pool is empty.
    PoolEmpty,
    /// Passing is not allowed now.
    MayNotPass(PassRefusal),
}

impl fmt::Display for IllegalAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            IllegalAction::GameOver => write!(f, "the game is over"),
            IllegalAction::RoundOver => write!(f, "the round is over"),
            IllegalAction::NotYourTurn { .. } => write!(f, "not your turn"),
            IllegalAction::TileNotInHand(t) => write!(f, "tile not in hand: {t}"),
            IllegalAction::Placement(e) => write!(f, "{e}"),
            IllegalAction::FirstTileMustBe(s) => {
                let names: Vec<String> = s.iter().map(|t| t.to_string()).collect();
                write!(f, "the first tile must be {}", names.join(" or "))
            }
            IllegalAction::OpenerMayNotDraw => write!(f, "the opener must place the first tile and may not draw"),
            IllegalAction::MustPlayDrawnTile(t) => write!(f, "the drawn tile {t} can be placed and must be played"),
            IllegalAction::MustPlaceNow => write!(f, "a drawn tile can be placed: place it now, no more draws"),
            IllegalAction::NoPlacementAfterFailedDraw => {
                write!(f, "the drawn tile cannot be placed: draw again (or pass if the pool is empty)")
            }
            IllegalAction::MayNotDrawWhenAble => write!(f, "may not draw when able to play"),
            IllegalAction::PoolEmpty => write!(f, "pool empty"),
            IllegalAction::MayNotPass(PassRefusal::CanPlay) => write!(f, "may not pass: a tile can be placed"),
            IllegalAction::MayNotPass(PassRefusal::PoolNotEmpty) => write!(f, "may not pass: the pool is not empty"),
            IllegalAction::MayNotPass(PassRefusal::Opening) => write!(f, "may not pass: place the first tile"),
        }
    }
}

impl std::error::Error for IllegalAction {}

/// Why a score changed. Every change carries one, so a score sheet can show it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum Reason {
    /// The placed tile's value.
    Tile,
    /// Start bonus on the round's first tile.
    Start,
    /// Bridge bonus.
    Bridge,
    /// Bridge extension bonus.
    BridgeExtension,
    /// Hexagon bonus for 1, 2 or 3 hexagons.
    Hexagon(u8),
    /// A draw.
    Draw,
    /// `max_draws` failed draws.
    Fail,
    /// A pass (empty pool).
    Pass,
    /// Going out.
    OutBonus,
    /// The opponents' hands, taken by the player who went out or won a blocked round.
    OpponentsHands,
    /// Own hand subtracted at the end of a round.
    OwnHand,
    /// Lowest hand of a blocked round (the out bonus).
    BlockedWin,
}

impl Reason {
    /// A short stable name (`tile`, `start`, `bridge`, `hexagon`, `double_hexagon`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Reason::Tile => "tile",
            Reason::Start => "start",
            Reason::Bridge => "bridge",
            Reason::BridgeExtension => "bridge_extension",
            Reason::Hexagon(1) => "hexagon",
            Reason::Hexagon(2) => "double_hexagon",
            Reason::Hexagon(_) => "triple_hexagon",
            Reason::Draw => "draw",
            Reason::Fail => "fail",
            Reason::Pass => "pass",
            Reason::OutBonus => "out",
            Reason::OpponentsHands => "opponents_hands",
            Reason::OwnHand => "own_hand",
            Reason::BlockedWin => "blocked_win",
        }
    }
}

/// One score change.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ScoreEntry {
    /// Round number (1-based).
    pub round: u32,
    /// Seat.
    pub player: u8,
    /// Why.
    pub reason: Reason,
    /// Change to the total.
    pub points: i32,
}

/// Bonus flags of one action, in the order record.md lists them.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Hash)]
pub struct Bonuses(u8);

impl Bonuses {
    /// Start bonus.
    pub const START: Bonuses = Bonuses(1);
    /// Bridge.
    pub const BRIDGE: Bonuses = Bonuses(2);
    /// Bridge extension.
    pub const BRIDGE_EXTENSION: Bonuses = Bonuses(4);
    /// One hexagon.
    pub const HEXAGON: Bonuses = Bonuses(8);
    /// Two hexagons at once.
    pub const DOUBLE_HEXAGON: Bonuses = Bonuses(16);
    /// Three hexagons at once.
    pub const TRIPLE_HEXAGON: Bonuses = Bonuses(32);
    /// Failed draws penalty.
    pub const FAIL: Bonuses = Bonuses(64);
    const NAMES: [&'static str; 7] =
        ["start", "bridge", "bridge_extension", "hexagon", "double_hexagon", "triple_hexagon", "fail"];

    /// Whether all flags of `other` are set.
    pub const fn contains(self, other: Bonuses) -> bool {
        self.0 & other.0 == other.0
    }

    /// Whether no flag is set.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    fn set(&mut self, other: Bonuses) {
        self.0 |= other.0;
    }

    /// The names of the flags set, as in record.md.
    pub fn names(self) -> impl Iterator<Item = &'static str> {
        (0..7).filter(move |i| self.0 & (1 << i) != 0).map(|i| Self::NAMES[i])
    }
}

/// How a round ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum RoundEnd {
    /// This seat placed their last tile.
    Out(u8),
    /// Everyone passed in turn with the pool empty.
    Blocked,
}

/// The result of a legal action.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Outcome {
    /// Who acted.
    pub player: u8,
    /// The change to their score made by the action alone.
    pub points: i32,
    /// Bonuses (and the fail penalty) in that change.
    pub bonuses: Bonuses,
    /// Whether the player's turn ended.
    pub turn_over: bool,
    /// Set when the action ended the round.
    pub round_end: Option<RoundEnd>,
    /// Whether the game is over now.
    pub game_over: bool,
}

/// Something everyone at the table sees happen.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(tag = "type", rename_all = "snake_case"))]
pub enum Event {
    /// A round was dealt.
    RoundStarted {
        /// Round number.
        round: u32,
        /// Who opens.
        starter: u8,
    },
    /// A tile was placed.
    Played {
        /// Seat.
        player: u8,
        /// The placement.
        placement: Placement,
        /// Points the action scored.
        points: i32,
        /// Bonuses formed.
        bonuses: Bonuses,
    },
    /// A tile was drawn (which one is known to the drawer only).
    Drew {
        /// Seat.
        player: u8,
        /// Points (the draw penalty, plus the fail penalty on a failed last draw).
        points: i32,
        /// Whether this was the last allowed draw and nothing could be placed.
        failed: bool,
    },
    /// A pass.
    Passed {
        /// Seat.
        player: u8,
        /// Points.
        points: i32,
    },
    /// A tile shown to everyone: the highest triple when a Pressman opener plays `0-0-0` instead.
    Revealed {
        /// Seat.
        player: u8,
        /// The tile.
        tile: Tile,
    },
    /// The round ended; hands are shown for scoring.
    RoundEnded {
        /// Round number.
        round: u32,
        /// How.
        end: RoundEnd,
        /// Each seat's hand at the end.
        hands: [TileSet; MAX_PLAYERS],
        /// The end-of-round score change per seat.
        scores: [i32; MAX_PLAYERS],
    },
    /// The game is over.
    GameEnded {
        /// The winners.
        winners: Seats,
    },
}

/// The phase of the game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Phase {
    /// A round is being played.
    Playing,
    /// The round ended; call [`Game::next_round`] or [`Game::begin_round`].
    RoundOver,
    /// The game is over.
    GameOver,
}

/// One round's deal: every hand, the pool in draw order, and the opener.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Deal {
    /// Each seat's hand.
    pub hands: Vec<TileSet>,
    /// The pool; its first tile is drawn first.
    pub pool: Vec<Tile>,
    /// The opener's seat.
    pub starter: u8,
}

/// Why a deal was refused.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum DealError {
    /// The rule set does not allow this many players.
    PlayerCount(usize),
    /// The rule set's options contradict each other.
    Rules(crate::rules::RulesError),
    /// A hand has the wrong number of tiles.
    HandSize {
        /// Seat.
        player: u8,
        /// Tiles given.
        got: usize,
        /// Tiles expected.
        expected: usize,
    },
    /// Hands plus pool are not the 56 tiles, each once.
    NotAllTiles,
    /// A tile appears twice.
    Duplicate(Tile),
    /// The opener is not the one the rules name.
    WrongStarter {
        /// Seat given.
        got: u8,
        /// Seat the rules name.
        expected: u8,
        /// The tile that decides.
        tile: Tile,
    },
    /// A seat number out of range.
    BadSeat(u8),
    /// `next_round` on a game with no seed (replayed from a record).
    NoDealer,
    /// The previous round is not over.
    RoundInProgress,
}

impl fmt::Display for DealError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DealError::PlayerCount(n) => write!(f, "these rules do not allow {n} players"),
            DealError::Rules(e) => write!(f, "{e}"),
            DealError::HandSize { got, expected, .. } => write!(f, "hand has {got} tiles, expected {expected}"),
            DealError::NotAllTiles => write!(f, "deals and pool must be exactly the 56 tiles"),
            DealError::Duplicate(t) => write!(f, "tile {t} appears twice"),
            DealError::WrongStarter { tile, .. } => write!(f, "wrong starter: the holder of {tile} starts"),
            DealError::BadSeat(s) => write!(f, "no seat {s}"),
            DealError::NoDealer => write!(f, "no seed to deal from"),
            DealError::RoundInProgress => write!(f, "the round is not over"),
        }
    }
}

impl std::error::Error for DealError {}

/// Everything every player (and a spectator) may know.
#[derive(Clone, Debug)]
pub struct Public {
    rules: RuleSet,
    players: u8,
    round: u32,
    phase: Phase,
    board: Board,
    to_move: u8,
    starter: u8,
    draws: u8,
    passes: u8,
    totals: [i32; MAX_PLAYERS],
    round_points: [i32; MAX_PLAYERS],
    reached: Seats,
    winners: Seats,
    round_winners: Seats,
    round_end: Option<RoundEnd>,
    hand_sizes: [u8; MAX_PLAYERS],
    pool_size: u8,
    known: [TileSet; MAX_PLAYERS],
    events: Vec<Event>,
    scores: Vec<ScoreEntry>,
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
    /// Tiles known to everyone to be in a seat's hand.
    pub fn known_tiles(&self, seat: u8) -> TileSet {
        self.known[seat as usize]
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
    fn add_score(&mut self, player: u8, reason: Reason, points: i32) {
        let p = player as usize;
        self.totals[p] += points;
        self.round_points[p] += points;
        self.scores.push(ScoreEntry { round: self.round, player, reason, points });
    }

    /// Hands the turn to the next seat.
    fn next_turn(&mut self) {
        self.draws = 0;
        self.to_move = (self.to_move + 1) % self.players;
    }

    /// A copy without the event log and score sheet (totals are kept), for search.
    pub(crate) fn clone_lean(&self) -> Public {
        Public { board: self.board.clone(), events: Vec::new(), scores: Vec::new(), ..*self }
    }

    /// The points and bonuses a legal placement would score now, without
    /// playing it (end-of-round scoring not included).
    pub fn placement_points(&self, p: Placement) -> (i32, Bonuses) {
        let info = self.board.preview(p);
        let (items, n, bonuses) = score_placement(&self.rules, p.tile, self.board.is_empty(), info);
        (items[..n].iter().map(|i| i.1).sum(), bonuses)
    }
}

/// What the player to move privately knows about their turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TurnSecret {
    /// The tile drawn last this turn.
    pub drawn: Option<Tile>,
    /// Tiles the opener may open with (board empty).
    pub opening: TileSet,
}

/// The decision of the player to move, from what they know.
pub(crate) struct TurnView<'a> {
    pub public: &'a Public,
    pub hand: TileSet,
    pub secret: TurnSecret,
}

/// Which tiles may be placed now, if any.
enum Placeable {
    Tiles(TileSet),
    None(IllegalAction),
}

impl TurnView<'_> {
    fn ready(&self) -> Result<(), IllegalAction> {
        match self.public.phase {
            Phase::Playing => Ok(()),
            Phase::RoundOver => Err(IllegalAction::RoundOver),
            Phase::GameOver => Err(IllegalAction::GameOver),
        }
    }

    fn placeable(&self) -> Placeable {
        let board = &self.public.board;
        if board.is_empty() {
            return Placeable::Tiles(self.secret.opening);
        }
        match self.secret.drawn {
            None => Placeable::Tiles(self.hand),
            Some(t) => {
                let allowed = match self.public.rules.after_draw {
                    AfterDraw::DrawnTile => TileSet::EMPTY.union([t].into_iter().collect()),
                    AfterDraw::AnyTile => self.hand,
                };
                if board.has_placement(allowed) {
                    Placeable::Tiles(allowed)
                } else {
                    Placeable::None(IllegalAction::NoPlacementAfterFailedDraw)
                }
            }
        }
    }

    fn can_play(&self) -> bool {
        match self.placeable() {
            Placeable::Tiles(s) => self.public.board.has_placement(s),
            Placeable::None(_) => false,
        }
    }

    pub fn check(&self, action: Action) -> Result<(), IllegalAction> {
        self.ready()?;
        let p = self.public;
        match action {
            Action::Play(pl) => {
                if !self.hand.contains(pl.tile) {
                    return Err(IllegalAction::TileNotInHand(pl.tile));
                }
                match self.placeable() {
                    Placeable::None(e) => return Err(e),
                    Placeable::Tiles(allowed) => {
                        if !allowed.contains(pl.tile) {
                            return Err(match self.secret.drawn {
                                _ if p.board.is_empty() => IllegalAction::FirstTileMustBe(allowed),
                                Some(d) => IllegalAction::MustPlayDrawnTile(d),
                                None => IllegalAction::TileNotInHand(pl.tile),
                            });
                        }
                    }
                }
                p.board.check(pl).map_err(IllegalAction::Placement)
            }
            Action::Draw => {
                if p.board.is_empty() {
                    return Err(IllegalAction::OpenerMayNotDraw);
                }
                if self.secret.drawn.is_some() {
                    if self.can_play() {
                        return Err(IllegalAction::MustPlaceNow);
                    }
                } else if !p.rules.draw_when_able && self.can_play() {
                    return Err(IllegalAction::MayNotDrawWhenAble);
                }
                if p.pool_size == 0 {
                    return Err(IllegalAction::PoolEmpty);
                }
                Ok(())
            }
            Action::Pass => {
                if p.board.is_empty() {
                    return Err(IllegalAction::MayNotPass(PassRefusal::Opening));
                }
                if self.can_play() {
                    return Err(IllegalAction::MayNotPass(PassRefusal::CanPlay));
                }
                if p.pool_size > 0 {
                    return Err(IllegalAction::MayNotPass(PassRefusal::PoolNotEmpty));
                }
                Ok(())
            }
        }
    }

    pub fn legal_placements(&self, mut f: impl FnMut(Placement)) {
        if self.ready().is_err() {
            return;
        }
        if let Placeable::Tiles(s) = self.placeable() {
            self.public.board.for_each_placement(s, &mut f);
        }
    }

    pub fn count_placements(&self) -> usize {
        if self.ready().is_err() {
            return 0;
        }
        match self.placeable() {
            Placeable::Tiles(s) => self.public.board.count_placements(s),
            Placeable::None(_) => 0,
        }
    }

    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.ready().is_err() {
            return;
        }
        self.legal_placements(|p| out.push(Action::Play(p)));
        if self.check(Action::Draw).is_ok() {
            out.push(Action::Draw);
        }
        if self.check(Action::Pass).is_ok() {
            out.push(Action::Pass);
        }
    }
}

/// A whole game with full information: the referee's view. Players and bots get
/// an [`crate::Observation`] instead.
#[derive(Clone, Debug)]
pub struct Game {
    /// Shared with observations: an observation is a cheap `Arc` clone, and the
    /// game copies its public part only when it changes while one is alive.
    public: Arc<Public>,
    hands: [TileSet; MAX_PLAYERS],
    /// The pool, next tile to draw last.
    pool: Vec<Tile>,
    secret: TurnSecret,
    dealer: Option<ChaCha8Rng>,
    history: Vec<RoundHistory>,
}

/// The full record of one round: its deal and every action in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundHistory {
    /// The deal.
    pub deal: Deal,
    /// Every action in order.
    pub actions: Vec<Step>,
}

/// One action of a round's history.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// Who acted.
    pub seat: u8,
    /// The action.
    pub action: Action,
    /// Points the action scored.
    pub points: i32,
    /// Bonuses in those points.
    pub bonuses: Bonuses,
}

fn opening_tiles(rules: &RuleSet, hand: TileSet) -> TileSet {
    match rules.first_tile {
        FirstTile::Any => hand,
        FirstTile::StartTile => {
            let mut s = TileSet::EMPTY;
            match hand.highest_triple() {
                Some(t) => {
                    s.insert(t);
                    let zero = Tile::from_numbers(0, 0, 0).unwrap_or(t);
                    if hand.contains(zero) {
                        s.insert(zero);
                    }
                }
                None => {
                    if let Some(t) = hand.highest() {
                        s.insert(t);
                    }
                }
            }
            s
        }
    }
}

/// The score items of a placement: its tile value and every bonus the rules
/// award for what it formed. Returns the items, how many are used, and the flags.
pub fn score_placement(
    rules: &RuleSet,
    tile: Tile,
    opening: bool,
    info: PlaceInfo,
) -> ([(Reason, i32); 4], usize, Bonuses) {
    let mut items: [(Reason, i32); 4] = [(Reason::Tile, tile.value() as i32); 4];
    let mut n = 1;
    let mut bonuses = Bonuses::default();
    if opening {
        let s = rules.start_points(tile);
        if s != 0 {
            items[n] = (Reason::Start, s);
            n += 1;
            bonuses.set(Bonuses::START);
        }
    }
    if info.bridge && rules.bridge_bonus != 0 {
        items[n] = (Reason::Bridge, rules.bridge_bonus);
        n += 1;
        bonuses.set(Bonuses::BRIDGE);
    }
    if info.bridge_extension && rules.bridge_bonus != 0 && rules.bridge_extension_bonus != 0 {
        items[n] = (Reason::BridgeExtension, rules.bridge_extension_bonus);
        n += 1;
        bonuses.set(Bonuses::BRIDGE_EXTENSION);
    }
    if info.hexagons > 0 {
        let h = rules.hexagon_points(info.hexagons);
        if h != 0 {
            items[n] = (Reason::Hexagon(info.hexagons), h);
            n += 1;
            bonuses.set(match info.hexagons {
                1 => Bonuses::HEXAGON,
                2 => Bonuses::DOUBLE_HEXAGON,
                _ => Bonuses::TRIPLE_HEXAGON,
            });
        }
    }
    (items, n, bonuses)
}

/// The end-of-round scoring of one round: every score item in the order the
/// engine adds them, and the round's winners. At most two items per seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundScoring {
    items: [(u8, Reason, i32); 2 * MAX_PLAYERS],
    len: usize,
    /// The round's winners (the player who went out, or every player tied
    /// for the lowest hand of a blocked round).
    pub winners: Seats,
}

impl RoundScoring {
    /// The score items `(seat, reason, points)`, in order.
    pub fn items(&self) -> &[(u8, Reason, i32)] {
        &self.items[..self.len]
    }

    fn push(&mut self, seat: u8, reason: Reason, points: i32) {
        self.items[self.len] = (seat, reason, points);
        self.len += 1;
    }
}

/// Scores the end of a round (rules.md section 6): going out, or a blocked
/// round by the rule set's `blocked` option, ties for the lowest hand included.
/// `hand_sums` holds each seat's hand value at the end of the round.
pub fn score_round_end(rules: &RuleSet, end: RoundEnd, hand_sums: &[i32]) -> RoundScoring {
    let n = hand_sums.len().min(MAX_PLAYERS) as u8;
    let sums = &hand_sums[..n as usize];
    let mut s = RoundScoring { items: [(0, Reason::OwnHand, 0); 2 * MAX_PLAYERS], len: 0, winners: Seats::EMPTY };
    match end {
        RoundEnd::Out(p) => {
            s.push(p, Reason::OutBonus, rules.out_bonus);
            if rules.out_takes_hands {
                let others: i32 = (0..n).filter(|&q| q != p).map(|q| sums[q as usize]).sum();
                s.push(p, Reason::OpponentsHands, others);
            }
            s.winners = Seats::one(p);
        }
        RoundEnd::Blocked => {
            let low = sums.iter().copied().min().unwrap_or(0);
            let w: Seats = (0..n).filter(|&p| sums[p as usize] == low).collect();
            match rules.blocked {
                Blocked::EachSubtracts => {
                    for p in 0..n {
                        s.push(p, Reason::OwnHand, -sums[p as usize]);
                    }
                }
                Blocked::LowestTakesAll => {
                    let others: i32 = (0..n).filter(|&p| !w.contains(p)).map(|p| sums[p as usize]).sum();
                    for p in w {
                        s.push(p, Reason::OpponentsHands, others);
                        s.push(p, Reason::OwnHand, -sums[p as usize]);
                    }
                }
                Blocked::LowestBonus => {
                    for p in w {
                        s.push(p, Reason::BlockedWin, rules.out_bonus);
                    }
                }
            }
            s.winners = w;
        }
    }
    s
}

/// The seats among `among` with the highest total (all of them on a tie).
pub fn highest_among(totals: &[i32], among: Seats) -> Seats {
    let among = among & Seats::all(totals.len().min(MAX_PLAYERS));
    match among.iter().map(|p| totals[p as usize]).max() {
        None => Seats::EMPTY,
        Some(b) => among.iter().filter(|&p| totals[p as usize] == b).collect(),
    }
}

/// The seats whose total is at the target or above (none without a target).
pub fn reached_target(rules: &RuleSet, totals: &[i32]) -> Seats {
    match rules.target {
        None => Seats::EMPTY,
        Some(t) => (0..totals.len().min(MAX_PLAYERS)).filter(|&p| totals[p] >= t).map(|p| p as u8).collect(),
    }
}

/// With `game_end` `immediate`, the winners once a placement has brought
/// someone to the target (`reached`: every seat that reached it this round).
/// `None` when the game goes on.
pub fn immediate_winners(rules: &RuleSet, totals: &[i32], reached: Seats) -> Option<Seats> {
    (rules.game_end == GameEnd::Immediate && rules.target.is_some() && !reached.is_empty())
        .then(|| highest_among(totals, reached))
}

/// The game's winners after a round's end-of-round scoring, or `None` when
/// another round follows. `reached`: the seats that reached the target this
/// round (end-of-round scoring included); `round_winners`: the round's winners.
pub fn game_winners_after_round(
    rules: &RuleSet,
    totals: &[i32],
    reached: Seats,
    round_winners: Seats,
) -> Option<Seats> {
    let all = Seats::all(totals.len().min(MAX_PLAYERS));
    match rules.target {
        None => Some(round_winners),
        Some(_) if reached.is_empty() => None,
        Some(_) => Some(match rules.game_end {
            GameEnd::HighestAfterRound => highest_among(totals, all),
            // Reached at the same moment (end-of-round scoring): a shared win.
            GameEnd::Immediate => reached,
            GameEnd::RoundWinnerAfterRound => {
                if reached.len() == 1 {
                    reached
                } else if !(reached & round_winners).is_empty() {
                    reached & round_winners
                } else {
                    highest_among(totals, reached)
                }
            }
        }),
    }
}

/// The seat the hands name as opener (`highest_triple` start) and the deciding tile.
pub fn hands_starter(hands: &[TileSet]) -> Option<(u8, Tile)> {
    let best = |f: fn(TileSet) -> Option<Tile>| {
        hands.iter().enumerate().filter_map(|(i, h)| f(*h).map(|t| (i as u8, t))).max_by_key(|(_, t)| t.rank())
    };
    best(TileSet::highest_triple).or_else(|| best(TileSet::highest))
}

impl Game {
    /// A new game dealt from `seed` (ChaCha8 and our own shuffle): the same seed
    /// deals the same game on every machine.
    pub fn new(rules: RuleSet, players: usize, seed: u64) -> Result<Game, DealError> {
        let mut g = Game::empty(rules, players)?;
        g.dealer = Some(seeded(seed));
        g.next_round()?;
        Ok(g)
    }

    /// A new game whose first round is `deal` (for replaying records). Later
    /// rounds are given with [`Game::begin_round`].
    pub fn with_deal(rules: RuleSet, players: usize, deal: Deal) -> Result<Game, DealError> {
        let mut g = Game::empty(rules, players)?;
        g.begin_round(deal)?;
        Ok(g)
    }

    /// A game whose first round has not been dealt yet: call
    /// [`Game::begin_round`] (or [`Game::set_dealer_seed`] then [`Game::next_round`]).
    pub fn unstarted(rules: RuleSet, players: usize) -> Result<Game, DealError> {
        Game::empty(rules, players)
    }

    fn empty(rules: RuleSet, players: usize) -> Result<Game, DealError> {
        rules.validate().map_err(DealError::Rules)?;
        if !rules.allows_players(players) {
            return Err(DealError::PlayerCount(players));
        }
        Ok(Game {
            public: Arc::new(Public {
                rules,
                players: players as u8,
                round: 0,
                phase: Phase::RoundOver,
                board: Board::new(rules.vertex_contacts_must_match),
                to_move: 0,
                starter: 0,
                draws: 0,
                passes: 0,
                totals: [0; MAX_PLAYERS],
                round_points: [0; MAX_PLAYERS],
                reached: Seats::EMPTY,
                winners: Seats::EMPTY,
                round_winners: Seats::EMPTY,
                round_end: None,
                hand_sizes: [0; MAX_PLAYERS],
                pool_size: 0,
                known: [TileSet::EMPTY; MAX_PLAYERS],
                events: Vec::new(),
                scores: Vec::new(),
            }),
            hands: [TileSet::EMPTY; MAX_PLAYERS],
            pool: Vec::new(),
            secret: TurnSecret { drawn: None, opening: TileSet::EMPTY },
            dealer: None,
            history: Vec::new(),
        })
    }

    /// Deals the next round from the game's seed.
    pub fn next_round(&mut self) -> Result<(), DealError> {
        if self.public.phase != Phase::RoundOver {
            return Err(DealError::RoundInProgress);
        }
        let rules = self.public.rules;
        let n = self.public.players as usize;
        let rng = self.dealer.as_mut().ok_or(DealError::NoDealer)?;
        let mut tiles: Vec<Tile> = Tile::all().collect();
        shuffle(rng, &mut tiles);
        let h = rules.hand_size_for(n);
        let hands: Vec<TileSet> = (0..n).map(|p| tiles[p * h..(p + 1) * h].iter().copied().collect()).collect();
        let mut pool = tiles[n * h..].to_vec();
        let starter = match rules.start {
            StartRule::HighestTriple => hands_starter(&hands).map_or(0, |(s, _)| s),
            StartRule::Reveal => reveal_draw(rng, n, &mut pool),
        };
        self.begin_round(Deal { hands, pool, starter })
    }

    /// Starts the next round with an explicit deal (as in a record).
    pub fn begin_round(&mut self, deal: Deal) -> Result<(), DealError> {
        if self.public.phase != Phase::RoundOver {
            return Err(DealError::RoundInProgress);
        }
        let rules = self.public.rules;
        let n = self.public.players as usize;
        validate_deal(&rules, n, &deal)?;
        let pb = Arc::make_mut(&mut self.public);
        pb.round += 1;
        pb.phase = Phase::Playing;
        pb.board = Board::new(rules.vertex_contacts_must_match);
        pb.to_move = deal.starter;
        pb.starter = deal.starter;
        pb.draws = 0;
        pb.passes = 0;
        pb.round_points = [0; MAX_PLAYERS];
        pb.reached = Seats::EMPTY;
        pb.round_winners = Seats::EMPTY;
        pb.round_end = None;
        pb.known = [TileSet::EMPTY; MAX_PLAYERS];
        for (p, h) in deal.hands.iter().enumerate() {
            self.hands[p] = *h;
            pb.hand_sizes[p] = h.len() as u8;
        }
        self.pool = deal.pool.iter().rev().copied().collect();
        pb.pool_size = self.pool.len() as u8;
        pb.events.push(Event::RoundStarted { round: pb.round, starter: deal.starter });
        self.secret = TurnSecret { drawn: None, opening: opening_tiles(&rules, deal.hands[deal.starter as usize]) };
        self.history.push(RoundHistory { deal, actions: Vec::new() });
        Ok(())
    }

    #[inline]
    fn pb(&mut self) -> &mut Public {
        Arc::make_mut(&mut self.public)
    }

    /// The public part, shared (an observation holds one of these).
    pub(crate) fn public_shared(&self) -> Arc<Public> {
        Arc::clone(&self.public)
    }

    /// Everything public.
    pub fn public(&self) -> &Public {
        &self.public
    }

    /// The rules.
    pub fn rules(&self) -> &RuleSet {
        &self.public.rules
    }

    /// Number of seats.
    pub fn players(&self) -> usize {
        self.public.players as usize
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.public.board
    }

    /// Seat to act.
    pub fn to_move(&self) -> u8 {
        self.public.to_move
    }

    /// A seat's hand (the referee's view).
    pub fn hand(&self, seat: u8) -> TileSet {
        self.hands[seat as usize]
    }

    /// The pool in draw order (the referee's view).
    pub fn pool(&self) -> impl Iterator<Item = Tile> + '_ {
        self.pool.iter().rev().copied()
    }

    /// Each seat's total.
    pub fn totals(&self) -> &[i32] {
        self.public.totals()
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.public.phase == Phase::GameOver
    }

    /// Whether a round just ended and the next is not dealt yet.
    pub fn is_round_over(&self) -> bool {
        self.public.phase == Phase::RoundOver
    }

    /// Winners (seats) once the game is over.
    pub fn winners(&self) -> Seats {
        self.public.winners()
    }

    /// Every round played so far, with deals and actions (for records).
    pub fn history(&self) -> &[RoundHistory] {
        &self.history
    }

    /// The tile drawn last in the current turn, if any.
    pub fn drawn_tile(&self) -> Option<Tile> {
        self.secret.drawn
    }

    pub(crate) fn secret(&self) -> TurnSecret {
        self.secret
    }

    pub(crate) fn view(&self) -> TurnView<'_> {
        TurnView { public: &self.public, hand: self.hands[self.public.to_move as usize], secret: self.secret }
    }

    /// Checks an action for the player to move.
    pub fn is_legal(&self, action: Action) -> bool {
        self.check(action).is_ok()
    }

    /// Why an action of the player to move is illegal, or `Ok`.
    pub fn check(&self, action: Action) -> Result<(), IllegalAction> {
        self.view().check(action)
    }

    /// Every legal action of the player to move (each distinct placement once).
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut v = Vec::new();
        self.legal_actions_into(&mut v);
        v
    }

    /// [`Game::legal_actions`] into a reused buffer.
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        self.view().legal_actions_into(out)
    }

    /// How many distinct legal placements the player to move has now.
    pub fn count_legal_placements(&self) -> usize {
        self.view().count_placements()
    }

    /// The points and bonuses a placement would score now, without playing it
    /// (end-of-round scoring not included).
    pub fn placement_points(&self, p: Placement) -> (i32, Bonuses) {
        self.public.placement_points(p)
    }

    /// Plays an action for the player to move. On error the game is unchanged.
    pub fn play(&mut self, action: Action) -> Result<Outcome, IllegalAction> {
        self.check(action)?;
        Ok(self.play_unchecked(action))
    }

    /// Plays an action for `seat`, refusing it when another seat is to act.
    pub fn play_as(&mut self, seat: u8, action: Action) -> Result<Outcome, IllegalAction> {
        if self.public.phase == Phase::Playing && seat != self.public.to_move {
            return Err(IllegalAction::NotYourTurn { expected: self.public.to_move, got: seat });
        }
        self.play(action)
    }

    fn add_score(&mut self, player: u8, reason: Reason, points: i32) {
        self.pb().add_score(player, reason, points);
    }

    /// Marks who has reached the target. Called after each whole step (an
    /// action, or the end-of-round scoring), so a total passing the target only
    /// between two items of one step does not count.
    fn mark_reached(&mut self) {
        let pb = Arc::make_mut(&mut self.public);
        pb.reached |= reached_target(&pb.rules, pb.totals());
    }

    fn end_turn(&mut self) {
        self.pb().next_turn();
        self.secret.drawn = None;
    }

    /// Plays an action known to be legal (fast path for search). An illegal
    /// action here breaks the game's invariants.
    pub fn play_unchecked(&mut self, action: Action) -> Outcome {
        debug_assert_eq!(self.check(action), Ok(()));
        let player = self.public.to_move;
        let rules = self.public.rules;
        let mut out = Outcome {
            player,
            points: 0,
            bonuses: Bonuses::default(),
            turn_over: true,
            round_end: None,
            game_over: false,
        };
        match action {
            Action::Play(p) => {
                let opening = self.public.board.is_empty();
                let hand = &mut self.hands[player as usize];
                hand.remove(p.tile);
                let hand_after = *hand;
                // One `make_mut` for the whole placement (observations share `public`).
                let pb = Arc::make_mut(&mut self.public);
                let info = pb.board.place(p);
                pb.hand_sizes[player as usize] -= 1;
                pb.known[player as usize].remove(p.tile);
                let (items, n, bonuses) = score_placement(&rules, p.tile, opening, info);
                out.bonuses = bonuses;
                // Pressman: opening with 0-0-0 shows the highest triple.
                if opening && rules.first_tile == FirstTile::StartTile && p.tile.index() == 0 {
                    if let Some(t) = hand_after.highest_triple() {
                        pb.known[player as usize].insert(t);
                        pb.events.push(Event::Revealed { player, tile: t });
                    }
                }
                for &(reason, pts) in &items[..n] {
                    pb.add_score(player, reason, pts);
                    out.points += pts;
                }
                pb.passes = 0;
                pb.events.push(Event::Played { player, placement: p, points: out.points, bonuses: out.bonuses });
                pb.next_turn();
                self.secret.drawn = None;
                if self.immediate_win() {
                    self.finish_game_immediately();
                } else if hand_after.is_empty() {
                    self.end_round(RoundEnd::Out(player));
                }
            }
            Action::Draw => {
                let t = self.pool.pop().unwrap_or_else(|| unreachable!("draw from an empty pool"));
                self.hands[player as usize].insert(t);
                self.secret.drawn = Some(t);
                let pb = Arc::make_mut(&mut self.public);
                pb.pool_size -= 1;
                pb.hand_sizes[player as usize] += 1;
                pb.draws += 1;
                pb.add_score(player, Reason::Draw, -rules.draw_penalty);
                out.points -= rules.draw_penalty;
                let placeable = self.view().can_play();
                let failed = !placeable && self.public.draws >= rules.max_draws;
                if failed {
                    self.add_score(player, Reason::Fail, -rules.fail_penalty);
                    out.points -= rules.fail_penalty;
                    out.bonuses.set(Bonuses::FAIL);
                    self.end_turn();
                } else {
                    out.turn_over = false;
                }
                self.pb().events.push(Event::Drew { player, points: out.points, failed });
            }
            Action::Pass => {
                if rules.empty_pool_penalty != 0 {
                    self.add_score(player, Reason::Pass, -rules.empty_pool_penalty);
                }
                out.points = -rules.empty_pool_penalty;
                self.pb().passes += 1;
                self.pb().events.push(Event::Passed { player, points: out.points });
                self.end_turn();
                if self.public.passes >= self.public.players {
                    self.end_round(RoundEnd::Blocked);
                }
            }
        }
        out.round_end = match self.public.phase {
            Phase::Playing => None,
            _ => self.public.round_end,
        };
        out.game_over = self.public.phase == Phase::GameOver;
        if let Some(h) = self.history.last_mut() {
            h.actions.push(Step { seat: player, action, points: out.points, bonuses: out.bonuses });
        }
        out
    }

    fn immediate_win(&mut self) -> bool {
        self.mark_reached();
        immediate_winners(&self.public.rules, self.public.totals(), self.public.reached).is_some()
    }

    fn finish_game_immediately(&mut self) {
        let w = immediate_winners(&self.public.rules, self.public.totals(), self.public.reached).unwrap_or_default();
        self.pb().winners = w;
        self.pb().phase = Phase::GameOver;
        self.pb().events.push(Event::GameEnded { winners: w });
    }

    fn end_round(&mut self, end: RoundEnd) {
        let rules = self.public.rules;
        let n = self.public.players;
        let sums: Vec<i32> = (0..n as usize).map(|p| self.hands[p].value() as i32).collect();
        let before: Vec<i32> = self.public.totals().to_vec();
        let scoring = score_round_end(&rules, end, &sums);
        for &(p, reason, points) in scoring.items() {
            self.add_score(p, reason, points);
        }
        let winners = scoring.winners;
        self.mark_reached();
        let pb = Arc::make_mut(&mut self.public);
        pb.round_end = Some(end);
        pb.round_winners = winners;
        let mut scores = [0; MAX_PLAYERS];
        for p in 0..n as usize {
            scores[p] = pb.totals[p] - before[p];
        }
        pb.events.push(Event::RoundEnded { round: pb.round, end, hands: self.hands, scores });
        pb.phase = Phase::RoundOver;

        if let Some(w) = game_winners_after_round(&rules, self.public.totals(), self.public.reached, winners) {
            self.pb().winners = w;
            self.pb().phase = Phase::GameOver;
            self.pb().events.push(Event::GameEnded { winners: w });
        }
    }

    /// A full game state for bots to search: this game with every tile hidden
    /// from `observer` dealt at random (see [`crate::Observation::determinize`]).
    pub fn observe(&self, seat: u8) -> crate::Observation {
        crate::Observation::new(self, seat)
    }

    pub(crate) fn from_parts(
        public: Public,
        hands: [TileSet; MAX_PLAYERS],
        pool: Vec<Tile>,
        secret: TurnSecret,
    ) -> Game {
        Game { public: Arc::new(public), hands, pool, secret, dealer: None, history: Vec::new() }
    }

    pub(crate) fn opening_for(rules: &RuleSet, hand: TileSet) -> TileSet {
        opening_tiles(rules, hand)
    }

    /// Sets the seed for dealing later rounds (e.g. after a determinization).
    pub fn set_dealer_seed(&mut self, seed: u64) {
        self.dealer = Some(seeded(seed));
    }
}

/// Goliath's start: each player reveals a tile from the pool, highest sum
/// starts, tied players reveal again; the revealed tiles go back and the pool is
/// shuffled. Returns the starter.
fn reveal_draw(rng: &mut ChaCha8Rng, players: usize, pool: &mut Vec<Tile>) -> u8 {
    let mut candidates: Vec<u8> = (0..players as u8).collect();
    let mut aside = Vec::new();
    while candidates.len() > 1 {
        if pool.len() < candidates.len() {
            pool.append(&mut aside);
            shuffle(rng, pool);
            if pool.len() < candidates.len() {
                // Hands hold (nearly) every tile: settle it by lot.
                return candidates[below(rng, candidates.len() as u32) as usize];
            }
        }
        let shown: Vec<(u8, u8)> = candidates
            .iter()
            .map(|&p| {
                let t = pool.remove(0);
                aside.push(t);
                (p, t.value())
            })
            .collect();
        let best = shown.iter().map(|s| s.1).max().unwrap_or(0);
        candidates = shown.into_iter().filter(|s| s.1 == best).map(|s| s.0).collect();
    }
    pool.append(&mut aside);
    shuffle(rng, pool);
    candidates[0]
}

fn validate_deal(rules: &RuleSet, n: usize, deal: &Deal) -> Result<(), DealError> {
    if deal.hands.len() != n {
        return Err(DealError::PlayerCount(deal.hands.len()));
    }
    if deal.starter as usize >= n {
        return Err(DealError::BadSeat(deal.starter));
    }
    let h = rules.hand_size_for(n);
    let mut seen = TileSet::EMPTY;
    for (p, hand) in deal.hands.iter().enumerate() {
        if hand.len() != h {
            return Err(DealError::HandSize { player: p as u8, got: hand.len(), expected: h });
        }
        if let Some(t) = hand.intersection(seen).iter().next() {
            return Err(DealError::Duplicate(t));
        }
        seen = seen.union(*hand);
    }
    for &t in &deal.pool {
        if !seen.insert(t) {
            return Err(DealError::Duplicate(t));
        }
    }
    if seen != TileSet::ALL || deal.pool.len() + n * h != TILE_COUNT {
        return Err(DealError::NotAllTiles);
    }
    if rules.start == StartRule::HighestTriple {
        if let Some((s, tile)) = hands_starter(&deal.hands) {
            if s != deal.starter {
                return Err(DealError::WrongStarter { got: deal.starter, expected: s, tile });
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> Tile {
        s.parse().unwrap()
    }

    #[test]
    fn reveal_draw_picks_the_highest_sum_and_redraws_ties() {
        let mut rng = seeded(1);
        // Seat 0 reveals 5-5-5 (15), seat 1 reveals 0-0-0 (0): seat 0 starts.
        let mut pool = vec![t("5-5-5"), t("0-0-0"), t("1-2-3"), t("2-2-2")];
        assert_eq!(reveal_draw(&mut rng, 2, &mut pool), 0);
        let mut sorted = pool.clone();
        sorted.sort();
        assert_eq!(sorted, vec![t("0-0-0"), t("1-2-3"), t("2-2-2"), t("5-5-5")], "revealed tiles go back");
        // 1-2-3 and 0-1-5 tie at 6; seats 1 and 2 reveal again: 0-0-0 then 4-4-4.
        let mut pool = vec![t("0-0-1"), t("1-2-3"), t("0-1-5"), t("0-0-0"), t("4-4-4"), t("3-3-3")];
        assert_eq!(reveal_draw(&mut rng, 3, &mut pool), 2);
        assert_eq!(pool.len(), 6);
    }

    #[test]
    fn goliath_openers_vary_and_highest_triple_openers_hold_it() {
        let mut seen = [0; 3];
        for seed in 0..60 {
            let g = Game::new(RuleSet::of(crate::Preset::Goliath), 3, seed).unwrap();
            seen[g.to_move() as usize] += 1;
            let p = Game::new(RuleSet::of(crate::Preset::Pressman), 3, seed).unwrap();
            let hands: Vec<TileSet> = (0..3).map(|s| p.hand(s)).collect();
            assert_eq!(Some(p.to_move()), hands_starter(&hands).map(|x| x.0));
            let allowed = p.legal_actions();
            let (_, tile) = hands_starter(&hands).unwrap();
            assert!(allowed.iter().any(|a| matches!(a, Action::Play(pl) if pl.tile == tile)));
        }
        assert!(seen.iter().all(|&n| n > 5), "every seat opens sometimes: {seen:?}");
    }
}
