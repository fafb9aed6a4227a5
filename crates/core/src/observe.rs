//! What one player may know, and determinization for bots.
//!
//! An [`Observation`] holds the player's own hand, the public state (board,
//! scores, hand and pool sizes, public events) and, on their own turn, the tile
//! they just drew. It has no field for another player's hand or the pool order,
//! so a bot given an observation cannot see them.
//!
//! ```
//! use triominos_core::{rng::seeded, Game, RuleSet};
//! let game = Game::new(RuleSet::preset("pressman").unwrap(), 3, 7).unwrap();
//! let me = game.to_move();
//! let obs = game.observe(me);
//! assert_eq!(obs.hand(), game.hand(me).unwrap());
//! // A full game consistent with what `me` knows, the unknown tiles dealt at random.
//! let guess = obs.determinize(&mut seeded(1));
//! assert_eq!(guess.hand(me), game.hand(me));
//! assert_eq!(guess.legal_actions(), game.legal_actions());
//! ```
//!
//! # Inference from what players did
//!
//! [`Observation::inference`] reads the current round's public events (and
//! replays them on a fresh board, to know which tiles had a legal placement
//! at each moment: the engine's own legality, [`crate::Board::fitting_tiles`])
//! and keeps these facts, each true of the real deal:
//!
//! - **A pass** at the start of a turn (pool empty) proves that the hand then
//!   held no tile that fitted.
//! - **A draw when drawing is allowed only to a player who cannot play**
//!   (option `draw_when_able` false: Pressman, dominos-triangles) proves the
//!   hand before it held no fitting tile. Each later draw of the turn, and
//!   the turn's end without a placement (the failed last draw, or a pass once
//!   the pool is empty), proves the tile drawn before it did not fit either:
//!   the turn's board never changes, so the whole hand up to that draw held
//!   no fitting tile.
//! - **With `after_draw` `any_tile`**, every draw not followed by a placement
//!   proves the whole hand after it (drawn tile included) held no fitting
//!   tile, whatever `draw_when_able` says.
//! - **Goliath's draws prove nothing about the hand**: a player may draw
//!   while able to play (`draw_when_able`), and with `after_draw`
//!   `drawn_tile` only the drawn tile counts after a draw. So a Goliath
//!   failed draw, or a pass after draws, proves only that each drawn tile
//!   did not fit; that fact about one hidden tile among the hand is not kept.
//! - **A placement right after a draw under `drawn_tile`** is the drawn tile:
//!   that tile was not in the hand before the draw.
//! - **A timeout** (option `timer`) proves nothing about the hand: time ran
//!   out, whatever the player held. It ends the turn; the turn's draws before
//!   it prove what they would before a placement (the last drawn tile may
//!   have fitted), and the tile taken, if any, is one more hidden draw.
//! - **The start rule** `highest_triple`: the opener held the highest triple
//!   dealt; with no triple dealt, the highest tile. Once the deciding tile is
//!   known, nobody was dealt a higher triple (with no triple dealt: no triple
//!   and no higher tile). It is known when the opener had to open with it
//!   (`first_tile` `start_tile`, Pressman: the opening tile, or the triple
//!   shown when `0-0-0` opened, or `0-0-0` itself when nothing was shown:
//!   the only triple dealt), or when the observer opened (their own hand and
//!   placements bound it). An observer who did not open a dominos-triangles
//!   round learns only that the opener held some triple above theirs: a fact
//!   about the opener's hand that rules no tile out, not kept.
//!   The `reveal` start (Goliath) proves nothing about the hands.
//!
//! A fact is about the hand *at its moment*. Tiles drawn later are hidden but
//! counted in public: a tile the fact rules out may still be in the hand now,
//! or have been placed since, if a later draw can account for it. The exact
//! condition a determinized hand must meet (a matching of the seat's tiles to
//! its deal and its draws) is worked out in the docs of the `infer` module
//! (private; see `crates/core/src/infer.rs`):
//! for every `a >= 1`, the hand's tiles that could only have come through the
//! seat's `a`-th draw or later number at most the draws from the `a`-th on
//! that the seat's later placements do not already account for.
//! [`crate::Inference::excluded`] gives, per seat, the tiles surely not in the hand.
//!
//! [`Observation::determinize_inferred`] deals the unknown tiles so that
//! every hidden hand meets every fact. Facts that players' choices might
//! suggest (a low-scoring play, a voluntary draw) are not used.
//!
//! ```
//! use triominos_core::{rng::seeded, Action, Game, RuleSet};
//! let mut game = Game::new(RuleSet::preset("pressman").unwrap(), 2, 3).unwrap();
//! // Play until someone draws.
//! let drawer = loop {
//!     let moves = game.legal_actions();
//!     let a = moves[0];
//!     let seat = game.to_move();
//!     game.play(a).unwrap();
//!     if a == Action::Draw {
//!         break seat;
//!     }
//! };
//! let watcher = game.observe(1 - drawer);
//! let inf = watcher.inference();
//! // The drawer could not play: every tile that fitted the board is ruled out,
//! // but one drawn tile may be any of them.
//! let guess = watcher.determinize_inferred(&mut seeded(1), &inf);
//! let fitting = game.board().fitting_tiles();
//! assert!(guess.hand(drawer).unwrap().intersection(fitting).len() <= 1);
//! ```

use crate::action::{Action, IllegalAction};
use crate::deal::DealError;
use crate::game::Game;
use crate::public::Public;
use crate::rng::shuffle;
use crate::rules::MAX_PLAYERS;
use crate::tile::{Tile, TileSet};
use crate::turn::{TurnSecret, TurnView};
use rand_core::Rng;
use std::sync::Arc;

/// One seat's view of the game.
#[derive(Clone, Debug)]
pub struct Observation {
    seat: u8,
    hand: TileSet,
    public: Arc<Public>,
    /// The turn's private facts, present only when `seat` is to move.
    secret: Option<TurnSecret>,
}

impl Game {
    /// What `seat` may know: their hand, the public state and, on their
    /// turn, the tile they drew. A seat not at the table gets a spectator's
    /// view: the public state, no hand, never to move.
    pub fn observe(&self, seat: u8) -> Observation {
        let hand = self.hand(seat).unwrap_or_default();
        Observation::new(self, seat, hand)
    }
}

impl Observation {
    pub(crate) fn new(game: &Game, seat: u8, hand: TileSet) -> Observation {
        let public = game.public_shared();
        let seated = (seat as usize) < public.players();
        let secret = (seated && public.to_move() == seat).then(|| game.secret());
        Observation { seat, hand, public, secret }
    }

    /// The observing seat.
    pub fn seat(&self) -> u8 {
        self.seat
    }

    /// The observer's own tiles.
    pub fn hand(&self) -> TileSet {
        self.hand
    }

    /// Everything public: board, scores, hand and pool sizes, events.
    pub fn public(&self) -> &Public {
        &self.public
    }

    /// Whether the observer is to act.
    pub fn is_my_turn(&self) -> bool {
        self.secret.is_some() && self.public.phase() == crate::Phase::Playing
    }

    /// The tile the observer drew last this turn, if any.
    pub fn drawn_tile(&self) -> Option<Tile> {
        self.secret.and_then(|s| s.drawn)
    }

    fn view(&self) -> Option<TurnView<'_>> {
        self.secret.map(|secret| TurnView { public: &self.public, hand: self.hand, secret })
    }

    /// The observer's legal actions (empty when it is not their turn).
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut v = Vec::new();
        self.legal_actions_into(&mut v);
        v
    }

    /// [`Observation::legal_actions`] into a reused buffer.
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        out.clear();
        if let Some(v) = self.view() {
            v.legal_actions_into(out);
        }
    }

    /// Whether the observer may take this action now.
    pub fn check(&self, action: Action) -> Result<(), IllegalAction> {
        match self.view() {
            Some(v) => v.check(action),
            None => Err(IllegalAction::NotYourTurn { expected: self.public.to_move(), got: self.seat }),
        }
    }

    /// The tiles the observer cannot place: everything not on the board, not in
    /// their hand and not publicly known to be in another hand.
    pub fn unknown_tiles(&self) -> TileSet {
        let mut known = self.public.board().tiles().union(self.hand);
        for p in 0..self.public.players() as u8 {
            if p != self.seat {
                known = known.union(self.public.known_tiles(p));
            }
        }
        TileSet::ALL.difference(known)
    }

    /// A full game consistent with this observation: the observer's hand and
    /// every public fact kept, the unknown tiles dealt at random among the other
    /// hands (tiles publicly known to be in a hand stay there) and the pool, in a
    /// random order.
    pub fn determinize<R: Rng + ?Sized>(&self, rng: &mut R) -> Game {
        self.determinize_with(rng, (*self.public).clone())
    }

    /// [`Observation::determinize`] without the public event log and score
    /// sheet (totals kept): cheaper to copy, for search.
    pub fn determinize_for_search<R: Rng + ?Sized>(&self, rng: &mut R) -> Game {
        self.determinize_with(rng, self.public.clone_lean())
    }

    /// [`Observation::determinize_for_search`] with the hidden hands and the
    /// pool given (the pool in draw order, as [`Game::pool`] lists it): a
    /// search that weighs the deals it made once a decision can keep their
    /// hands and pools and make each game again from them, without dealing
    /// anew. `rng` guesses the tile drawn this turn when the observer is not
    /// the one to move (as the other determinizations do). Refused, and
    /// nothing made, unless the hands and pool are a deal this observation
    /// allows: the observer's own hand, each seat's publicly known tiles and
    /// hand size, and every tile not on the board once.
    ///
    /// ```
    /// use triominos_core::{Game, RuleSet, Tile};
    /// use triominos_core::rng::seeded;
    ///
    /// let game = Game::new(RuleSet::preset("goliath").unwrap(), 2, 7).unwrap();
    /// let obs = game.observe(game.to_move());
    /// let deal = obs.determinize(&mut seeded(1));
    /// let pool: Vec<Tile> = deal.pool().collect();
    /// let again = obs.determinize_from(&mut seeded(2), deal.hands(), &pool).unwrap();
    /// assert_eq!(again.hands(), deal.hands());
    /// assert!(again.pool().eq(deal.pool()));
    /// // The other seat's hand given to the observer: refused.
    /// let swapped = [deal.hands()[1], deal.hands()[0]];
    /// assert!(obs.determinize_from(&mut seeded(2), &swapped, &pool).is_err());
    /// ```
    pub fn determinize_from<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        hands: &[TileSet],
        pool: &[Tile],
    ) -> Result<Game, DealError> {
        let n = self.public.players();
        if hands.len() != n {
            return Err(DealError::PlayerCount(hands.len()));
        }
        let mut all = self.public.board().tiles();
        for (p, &hand) in hands.iter().enumerate() {
            let seat = p as u8;
            let expected = self.public.hand_sizes()[p] as usize;
            if hand.len() != expected {
                return Err(DealError::HandSize { player: seat, got: hand.len(), expected });
            }
            let shown = if seat == self.seat { self.hand } else { self.public.known_tiles(seat) };
            if (seat == self.seat && hand != shown) || !shown.difference(hand).is_empty() {
                return Err(DealError::NotTheObservation(seat));
            }
            if let Some(t) = all.intersection(hand).iter().next() {
                return Err(DealError::Duplicate(t));
            }
            all = all.union(hand);
        }
        for &t in pool {
            if all.contains(t) {
                return Err(DealError::Duplicate(t));
            }
            all.insert(t);
        }
        if all != TileSet::ALL || pool.len() != self.public.pool_size() {
            return Err(DealError::NotAllTiles);
        }
        let mut h = [TileSet::EMPTY; MAX_PLAYERS];
        h[..n].copy_from_slice(hands);
        // `Game` keeps the next tile to draw last.
        let pool: Vec<Tile> = pool.iter().rev().copied().collect();
        Ok(self.assemble(rng, self.public.clone_lean(), h, pool))
    }

    fn determinize_with<R: Rng + ?Sized>(&self, rng: &mut R, public: Public) -> Game {
        let n = self.public.players();
        let mut unknown: Vec<Tile> = self.unknown_tiles().iter().collect();
        shuffle(rng, &mut unknown);
        let mut hands = [TileSet::EMPTY; MAX_PLAYERS];
        let mut next = 0;
        for (p, hand) in hands.iter_mut().enumerate().take(n) {
            if p as u8 == self.seat {
                *hand = self.hand;
                continue;
            }
            let known = self.public.known_tiles(p as u8);
            let missing = (self.public.hand_sizes()[p] as usize).saturating_sub(known.len());
            *hand = known.union(unknown[next..next + missing].iter().copied().collect());
            next += missing;
        }
        // The rest is the pool; `Game` keeps the next tile to draw last.
        let pool: Vec<Tile> = unknown[next..].to_vec();
        self.assemble(rng, public, hands, pool)
    }

    /// The game of these hands and pool, with the turn's secret (the
    /// observer's own, or one guessed for another mover).
    pub(crate) fn assemble<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        public: Public,
        hands: [TileSet; MAX_PLAYERS],
        pool: Vec<Tile>,
    ) -> Game {
        let mover = self.public.to_move();
        let secret = match self.secret {
            Some(s) => s,
            None => {
                let hand = hands[mover as usize];
                let drawn = if self.public.draws_this_turn() > 0 {
                    let h: Vec<Tile> = hand.difference(self.public.known_tiles(mover)).iter().collect();
                    (!h.is_empty()).then(|| h[crate::rng::below(rng, h.len() as u32) as usize])
                } else {
                    None
                };
                TurnSecret { drawn, opening: Game::opening_for(self.public.rules(), hand) }
            }
        };
        Game::from_parts(public, hands, pool, secret)
    }
}
