//! The game state machine: rounds dealt ([`crate::deal`]), turns (play,
//! draw, pass) checked against what the player to move knows and applied,
//! scored ([`crate::scoring`]), going out, blocked rounds, multi-round games
//! and their end. What happens is told as [`crate::Event`]s; what everyone
//! may know is the [`crate::Public`] part.
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

use crate::action::{Action, IllegalAction};
use crate::board::{Board, Placement};
use crate::deal::{deal_from, opening_tiles, validate_deal, Deal, DealError};
use crate::event::{Event, Outcome, RoundEnd};
pub use crate::public::Phase;
use crate::public::Public;
use crate::rng::{seeded, ChaCha8Rng};
use crate::rules::{FirstTile, RuleSet, MAX_PLAYERS};
use crate::scoring::{
    game_winners_after_round, immediate_winners, reached_target, score_placement, score_round_end, Bonuses,
    PlacementScore, Reason,
};
use crate::seats::{NoSuchSeat, Seats};
use crate::tile::{Tile, TileSet};
use crate::turn::{TurnSecret, TurnView};
use rand_core::Rng;
use std::sync::Arc;

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

/// The full record of one round: its deal, every action in order and the
/// referee's timeouts between them.
///
/// A replay must apply both, in the order [`RoundHistory::entries`] gives:
/// a timeout takes a tile from the pool and ends a turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundHistory {
    /// The deal.
    pub deal: Deal,
    /// Every action in order.
    pub actions: Vec<Step>,
    /// The timeouts (rule option `timer`), in order; each knows how many of
    /// `actions` came before it. Empty without a timer.
    pub timeouts: Vec<TimeoutStep>,
}

/// A timeout in a round's history ([`Game::time_out`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeoutStep {
    /// How many of the round's actions came before it.
    pub after: usize,
    /// The seat timed out.
    pub seat: u8,
    /// Points (minus the timer penalty).
    pub points: i32,
    /// Whether the seat took a tile from the pool.
    pub took: bool,
}

/// One entry of a round's history, in play order ([`RoundHistory::entries`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HistoryEntry<'a> {
    /// A player's action.
    Action(&'a Step),
    /// The referee's timeout.
    Timeout(&'a TimeoutStep),
}

impl RoundHistory {
    /// The actions and timeouts in the order they happened (a timeout
    /// before the action that followed it).
    pub fn entries(&self) -> impl Iterator<Item = HistoryEntry<'_>> + '_ {
        let mut timeouts = self.timeouts.iter().peekable();
        let mut actions = self.actions.iter().enumerate().peekable();
        std::iter::from_fn(move || match (timeouts.peek(), actions.peek()) {
            (Some(t), Some(&(i, _))) if t.after <= i => timeouts.next().map(HistoryEntry::Timeout),
            (_, Some(_)) => actions.next().map(|(_, a)| HistoryEntry::Action(a)),
            (Some(_), None) => timeouts.next().map(HistoryEntry::Timeout),
            (None, None) => None,
        })
    }
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
        if !rules.allows_players(players) {
            return Err(DealError::PlayerCount(players));
        }
        Ok(Game {
            public: Arc::new(Public {
                rules,
                players: players as u8,
                round: 0,
                phase: Phase::RoundOver,
                board: Board::new(rules.vertex_contacts_must_match()),
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
        let deal = deal_from(rng, &rules, n);
        self.begin_round(deal)
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
        pb.board = Board::new(rules.vertex_contacts_must_match());
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
        self.history.push(RoundHistory { deal, actions: Vec::new(), timeouts: Vec::new() });
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

    /// A seat's hand (the referee's view); an error for a seat not at the table.
    pub fn hand(&self, seat: u8) -> Result<TileSet, NoSuchSeat> {
        self.seat_index(seat).map(|s| self.hands[s])
    }

    /// Every seat's hand, by seat (the referee's view).
    pub fn hands(&self) -> &[TileSet] {
        &self.hands[..self.players()]
    }

    fn seat_index(&self, seat: u8) -> Result<usize, NoSuchSeat> {
        if (seat as usize) < self.players() {
            Ok(seat as usize)
        } else {
            Err(NoSuchSeat { seat, players: self.public.players })
        }
    }

    /// The pool in draw order (the referee's view).
    pub fn pool(&self) -> impl Iterator<Item = Tile> + '_ {
        self.pool.iter().rev().copied()
    }

    /// Puts the pool in a new random order (the hands, the board and the
    /// turn stay): a game like this one for a player who knew every hand
    /// but not the draws to come.
    pub fn shuffle_pool<R: Rng + ?Sized>(&mut self, rng: &mut R) {
        crate::rng::shuffle(rng, &mut self.pool);
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

    /// What a legal placement would score now, announced, without playing
    /// it (end-of-round scoring not included).
    pub fn placement_score(&self, p: Placement) -> PlacementScore {
        self.public.placement_score(p)
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

    /// Whether the referee may time out the player to move now: the rules
    /// have a turn timer (option `timer`) and a round is being played.
    pub fn check_time_out(&self) -> Result<(), IllegalAction> {
        match self.public.phase {
            Phase::Playing => {}
            Phase::RoundOver => return Err(IllegalAction::RoundOver),
            Phase::GameOver => return Err(IllegalAction::GameOver),
        }
        if self.public.rules.timer().is_none() {
            return Err(IllegalAction::NoTimer);
        }
        Ok(())
    }

    /// The turn timer ran out (option `timer`, the Triominos Challenge
    /// hourglass; rules.md section 5): the referee's event, never a
    /// player's choice, so no legal action lists it.
    ///
    /// The player to move takes the pool's next tile if there is one
    /// (hidden from the others, like a draw), loses `timer_penalty` points,
    /// and their turn ends: the next player moves. Draws already made this
    /// turn stay paid. At the round's opening (the board empty) no tile is
    /// taken, since the opener may not draw: the opener loses the points and
    /// still has to open, with a new turn. A timeout never ends a round
    /// and is not a pass: it breaks a run of passes.
    ///
    /// Refused, and nothing changes, without a timer in the rules or when
    /// no round is being played.
    ///
    /// ```
    /// use triominos_core::{Event, Game, RuleSet};
    /// let rules = RuleSet::with_overrides("goliath", [("timer", "60")]).unwrap();
    /// let mut game = Game::new(rules, 2, 7).unwrap();
    /// let opener = game.to_move();
    /// game.time_out().unwrap(); // the opener still opens, 15 points down
    /// assert_eq!((game.to_move(), game.totals()[opener as usize]), (opener, -15));
    /// let a = game.legal_actions()[0];
    /// game.play(a).unwrap();
    /// let seat = game.to_move();
    /// let out = game.time_out().unwrap();
    /// assert_eq!(out.points, -15);
    /// assert_ne!(game.to_move(), seat);
    /// assert!(matches!(game.public().events().last(), Some(Event::TimedOut { took: true, .. })));
    /// ```
    pub fn time_out(&mut self) -> Result<Outcome, IllegalAction> {
        self.check_time_out()?;
        let player = self.public.to_move;
        let rules = self.public.rules;
        let opening = self.public.board.is_empty();
        let taken = if opening { None } else { self.pool.pop() };
        let took = match taken {
            Some(t) => {
                self.hands[player as usize].insert(t);
                let pb = self.pb();
                pb.pool_size -= 1;
                pb.hand_sizes[player as usize] += 1;
                true
            }
            None => false,
        };
        let points = -rules.timer_penalty();
        let pb = self.pb();
        pb.add_score(player, Reason::Timeout, points);
        pb.passes = 0;
        pb.events.push(Event::TimedOut { player, points, took });
        if opening {
            // A new turn for the opener: the board, the opening tiles stay.
            self.pb().draws = 0;
            self.secret.drawn = None;
        } else {
            self.end_turn();
        }
        if let Some(h) = self.history.last_mut() {
            h.timeouts.push(TimeoutStep { after: h.actions.len(), seat: player, points, took });
        }
        Ok(Outcome { player, points, bonuses: Bonuses::default(), turn_over: true, round_end: None, game_over: false })
    }

    /// [`Game::time_out`] for `seat`, refused when another seat is to move
    /// (a clock that ran out for a turn already over).
    pub fn time_out_as(&mut self, seat: u8) -> Result<Outcome, IllegalAction> {
        if self.public.phase == Phase::Playing && seat != self.public.to_move {
            return Err(IllegalAction::NotYourTurn { expected: self.public.to_move, got: seat });
        }
        self.time_out()
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
        // Without `announce_bonuses` the flag means nothing: record the play unannounced.
        let action = match action {
            Action::Play { placement, .. } if !rules.announce_bonuses() => Action::play(placement),
            a => a,
        };
        let mut out = Outcome {
            player,
            points: 0,
            bonuses: Bonuses::default(),
            turn_over: true,
            round_end: None,
            game_over: false,
        };
        match action {
            Action::Play { placement: p, announce } => {
                let opening = self.public.board.is_empty();
                let hand = &mut self.hands[player as usize];
                hand.remove(p.tile);
                let hand_after = *hand;
                // One `make_mut` for the whole placement (observations share `public`).
                let pb = Arc::make_mut(&mut self.public);
                let figures = pb.board.place(p);
                pb.hand_sizes[player as usize] -= 1;
                pb.known[player as usize].remove(p.tile);
                let score = score_placement(&rules, p.tile, opening, figures, announce);
                out.bonuses = score.bonuses;
                // Pressman: opening with 0-0-0 shows the highest triple.
                if opening && rules.first_tile() == FirstTile::StartTile && p.tile.index() == 0 {
                    if let Some(t) = hand_after.highest_triple() {
                        pb.known[player as usize].insert(t);
                        pb.events.push(Event::Revealed { player, tile: t });
                    }
                }
                for &(reason, pts) in score.items() {
                    pb.add_score(player, reason, pts);
                }
                out.points = score.points;
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
                pb.add_score(player, Reason::Draw, -rules.draw_penalty());
                out.points -= rules.draw_penalty();
                let placeable = self.view().can_play();
                let failed = !placeable && self.public.draws >= rules.max_draws();
                if failed {
                    self.add_score(player, Reason::Fail, -rules.fail_penalty());
                    out.points -= rules.fail_penalty();
                    // Like every bonus, `fail` is listed only when it is worth points.
                    if rules.fail_penalty() != 0 {
                        out.bonuses.set(Bonuses::FAIL);
                    }
                    self.end_turn();
                } else {
                    out.turn_over = false;
                }
                self.pb().events.push(Event::Drew { player, points: out.points, failed });
            }
            Action::Pass => {
                if rules.empty_pool_penalty() != 0 {
                    self.add_score(player, Reason::Pass, -rules.empty_pool_penalty());
                }
                out.points = -rules.empty_pool_penalty();
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::hands_starter;

    #[test]
    fn shuffling_the_pool_keeps_everything_but_its_order() {
        let game = Game::new(RuleSet::of(crate::Preset::Goliath), 2, 4).unwrap();
        let mut shuffled = game.clone();
        shuffled.shuffle_pool(&mut seeded(9));
        assert_eq!(shuffled.hands(), game.hands());
        assert_eq!(shuffled.to_move(), game.to_move());
        assert_eq!(shuffled.legal_actions(), game.legal_actions());
        let (before, after): (Vec<Tile>, Vec<Tile>) = (game.pool().collect(), shuffled.pool().collect());
        assert_ne!(before, after, "a new order");
        let (b, a): (TileSet, TileSet) = (before.iter().copied().collect(), after.iter().copied().collect());
        assert_eq!((b, before.len()), (a, after.len()), "the same tiles");
    }

    #[test]
    fn goliath_openers_vary_and_highest_triple_openers_hold_it() {
        let mut seen = [0; 3];
        for seed in 0..60 {
            let g = Game::new(RuleSet::of(crate::Preset::Goliath), 3, seed).unwrap();
            seen[g.to_move() as usize] += 1;
            let p = Game::new(RuleSet::of(crate::Preset::Pressman), 3, seed).unwrap();
            let hands: Vec<TileSet> = (0..3).map(|s| p.hand(s).unwrap()).collect();
            assert_eq!(Some(p.to_move()), hands_starter(&hands).map(|x| x.0));
            let allowed = p.legal_actions();
            let (_, tile) = hands_starter(&hands).unwrap();
            assert!(allowed.iter().any(|a| matches!(a, Action::Play { placement, .. } if placement.tile == tile)));
        }
        assert!(seen.iter().all(|&n| n > 5), "every seat opens sometimes: {seen:?}");
    }
}
