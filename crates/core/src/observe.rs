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

use crate::action::{Action, IllegalAction};
use crate::game::Game;
use crate::public::Public;
use crate::rng::shuffle;
use crate::rules::MAX_PLAYERS;
use crate::tile::{Tile, TileSet};
use crate::turn::{TurnSecret, TurnView};
use rand_core::RngCore;
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
    pub fn determinize<R: RngCore + ?Sized>(&self, rng: &mut R) -> Game {
        self.determinize_with(rng, (*self.public).clone())
    }

    /// [`Observation::determinize`] without the public event log and score
    /// sheet (totals kept): cheaper to copy, for search.
    pub fn determinize_for_search<R: RngCore + ?Sized>(&self, rng: &mut R) -> Game {
        self.determinize_with(rng, self.public.clone_lean())
    }

    fn determinize_with<R: RngCore + ?Sized>(&self, rng: &mut R, public: Public) -> Game {
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
