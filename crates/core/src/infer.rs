//! Inference from what players did: the facts of the public event log (see
//! the [`crate::observe`] module docs for what they are and why they hold)
//! and the constrained deal that respects them.
//!
//! # The model
//!
//! A seat `p` gets its tiles through *slots*: slot 0 is the deal (as many
//! places as the hand size), slot `j >= 1` its `j`-th draw of the round (a
//! tile taken at a timeout, option `timer`, is a hidden draw too). Every
//! tile `p` has held this round (its hand now, plus what it placed) came
//! through exactly one slot. A fact about `p` says: "the tiles `p` held after
//! its first `s` draws (minus what it had placed) included none of `F`". So a
//! tile of `F` that `p` holds now, or placed after the fact, came through a
//! slot after `s`: its *level* (the first slot it may have come through) is
//! at least `s + 1`. A start-rule fact is a fact with `s = 0` (the tile was
//! not dealt to `p`). A tile placed right after a draw under `after_draw`
//! `drawn_tile` is the drawn tile: it came through that draw's slot.
//!
//! Each placed tile may come through a slot between its level and the
//! number of draws `p` had made when placing it; each tile in hand, through
//! any slot from its level on. This is a bipartite graph whose every tile
//! sees an interval of slots, so (Hall's theorem restricted to intervals, as
//! for any convex bipartite graph) a hand `H` is consistent exactly when
//! every window of slots holds at least as many tiles as are confined to it.
//! Windows that end before the last slot hold placed tiles only: they are
//! public and hold in the true deal, so they hold. What is left, **the exact
//! condition** checked here, is, for every level `a >= 1`:
//!
//! ```text
//! |{t in H : level(t) >= a}|  <=  cap(a) = (m - a + 1) - |{placed t : level(t) >= a}|
//! ```
//!
//! with `m` the number of draws `p` made this round (slots `a..=m` are the
//! draws after the fact, those the late tiles could have come through).
//! With `cap'(a) = min(cap(1), .., cap(a))`, the same condition is "the hand
//! fits `n` hand places of which `cap'(a)` (at most `n`) have level `a` or
//! more, each place taking a tile of level at most its own". The deal fills
//! those places, the most constrained seat first and, within a seat, the
//! lowest place first, each with a uniformly random remaining tile it
//! accepts. The accepted sets of one seat's places are nested, so the
//! fill is uniform over the assignments of the hand to its places (the
//! choice at the most demanding place leaves the same number of ways to
//! fill the rest, whatever tile it takes). For one constrained seat that
//! placed nothing, or whose placed tiles came through known slots, that
//! weighs each hand as the number of deal-and-draw histories that lead to
//! it, up to a constant factor, which is the posterior of a
//! uniformly shuffled deal: a tile a fact ruled out is held about as often
//! as a late draw would have brought it, not as often as it is allowed.
//! When placed tiles could have come through several slots, or several
//! seats compete for the same tiles, it is an approximation.

use crate::board::{Board, Placement};
use crate::event::Event;
use crate::game::Game;
use crate::observe::Observation;
use crate::public::Public;
use crate::rng::{below, shuffle};
use crate::rules::{AfterDraw, FirstTile, StartRule, MAX_PLAYERS};
use crate::scoring::score_placement;
use crate::tile::{Tile, TileSet, TILE_COUNT};
use rand_core::Rng;

/// What kind of event a [`Fact`] comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FactKind {
    /// A pass.
    Pass,
    /// One or more draws that proved the hand could not play, the turn
    /// going on (or ending with the last drawn tile placed).
    Draw,
    /// A draw that ended the turn unplaced (the last allowed draw).
    FailedDraw,
    /// The start rule: tiles the seat cannot have been dealt.
    Start,
    /// Not a fact of the rules but an assumption about the player, made only
    /// by [`Observation::inference_assuming`]: a placement scoring `P` shows
    /// that the hand held no tile that could have scored `P + margin` or more.
    Choice,
}

/// One fact: the hand `seat` held at some moment of this round held none of
/// `tiles`.
///
/// That hand is the seat's dealt tiles plus its first `draws` draws of the
/// round, minus the tiles it had placed by then. `draws` is 0 for a
/// [`FactKind::Start`] fact (the dealt hand).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Fact {
    /// The seat.
    pub seat: u8,
    /// Where the fact comes from.
    pub kind: FactKind,
    /// How many of the seat's draws of this round that hand includes.
    pub draws: u8,
    /// None of these tiles was in that hand. For a pass or a draw, the tiles
    /// that had a legal placement on the board as it was then; for the start
    /// rule, the tiles higher than what decided the start; for a choice, the
    /// tiles that could have scored the margin more than the tile placed.
    pub tiles: TileSet,
}

/// How many fast constrained deals are tried before the careful one.
const FAST_ATTEMPTS: usize = 4;

/// The facts an observer can infer from the public event log of the current
/// round (and, for the start rule, from their own hand), precomputed for
/// [`Observation::determinize_inferred`].
///
/// Built by [`Observation::inference`] once per decision; it holds only what
/// the observation holds, so two games that look the same to the observer
/// give equal inferences.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Inference {
    facts: Vec<Fact>,
    /// The tiles to deal (the observation's unknown tiles).
    unknown: TileSet,
    /// Per seat, the unknown tiles no consistent hand holds.
    excluded: [TileSet; MAX_PLAYERS],
    /// The hand places still to fill, seat after seat: the tiles each accepts.
    places: Vec<TileSet>,
    /// Per seat, its places in `places` (`start..end`).
    ranges: [(u8, u8); MAX_PLAYERS],
    /// Seats to fill, most constrained first.
    order: Vec<u8>,
    /// Whether any place refuses an unknown tile (else the plain deal is exact).
    constrained: bool,
    /// The moment it describes: events so far, and each seat's hand size.
    events: usize,
    sizes: [u8; MAX_PLAYERS],
}

/// One seat's tiles this round as the log tells them.
#[derive(Clone, Default)]
struct SeatLog {
    /// Draws so far this round.
    draws: u8,
    /// Placed tiles: the tile, the draws made before placing it, and whether
    /// it is known to be the tile of that last draw.
    placed: Vec<(Tile, u8, bool)>,
}

impl Inference {
    /// Every fact, in the order of the events (start-rule facts last).
    pub fn facts(&self) -> &[Fact] {
        &self.facts
    }

    /// The tiles the facts rule out of `seat`'s hand now: unknown tiles
    /// (not on the board, not the observer's, not publicly placed in a hand)
    /// that `seat` could only hold by having drawn them after a fact ruled
    /// them out, with no such draw left to account for them. Empty for the
    /// observer's own seat and a seat not at the table.
    pub fn excluded(&self, seat: u8) -> TileSet {
        self.excluded.get(seat as usize).copied().unwrap_or_default()
    }

    /// Whether the facts say anything about the hidden hands (when not,
    /// [`Observation::determinize_inferred`] deals as
    /// [`Observation::determinize_for_search`] does).
    pub fn is_constrained(&self) -> bool {
        self.constrained
    }

    /// Whether this inference was made from an observation of the same
    /// moment as `obs` (same events so far, unknown tiles and hand sizes).
    pub(crate) fn describes(&self, obs: &Observation) -> bool {
        let public = obs.public();
        self.events == public.events().len()
            && self.sizes[..public.players()] == *public.hand_sizes()
            && self.unknown == obs.unknown_tiles()
    }

    /// `choice_margin`: with `Some(m)`, also the [`FactKind::Choice`]
    /// assumptions of margin `m`.
    pub(crate) fn new(obs: &Observation, choice_margin: Option<i32>) -> Inference {
        let public = obs.public();
        let n = public.players();
        let rules = public.rules();
        let me = obs.seat();
        let unknown = obs.unknown_tiles();
        let events = public.events();
        let start = events.iter().rposition(|e| matches!(e, Event::RoundStarted { .. }));
        let mut inf = Inference {
            facts: Vec::new(),
            unknown,
            excluded: [TileSet::EMPTY; MAX_PLAYERS],
            places: Vec::new(),
            ranges: [(0, 0); MAX_PLAYERS],
            order: Vec::new(),
            constrained: false,
            events: events.len(),
            sizes: [0; MAX_PLAYERS],
        };
        inf.sizes[..n].copy_from_slice(public.hand_sizes());
        let Some(start) = start else { return inf };
        let starter = match events[start] {
            Event::RoundStarted { starter, .. } => starter,
            _ => 0,
        };
        let dwa = rules.draw_when_able();
        let any_tile = rules.after_draw() == AfterDraw::AnyTile;
        let mut logs: Vec<SeatLog> = vec![SeatLog::default(); n];
        let mut board = Board::new(rules.vertex_contacts_must_match());
        let mut opening: Option<Tile> = None;
        let mut revealed: Option<Tile> = None;
        // The turn going on: its seat, its draws so far, the seat's draws before it.
        let mut turn: Option<(u8, u8, u8)> = None;
        // A turn of `k` draws whose hand is proven after `k2` of them (`k2 = k`
        // when the turn ended unplaced, `k - 1` otherwise). With no draw only a
        // pass proves anything; after draws, every draw proves the hand before
        // it when a player may draw only when unable to play, and with
        // `any_tile` every unplaced draw proves the whole hand after it.
        let proven = |k: u8, k2: u8, pass: bool| if k == 0 { pass } else { !dwa || (any_tile && k2 >= 1) };
        for e in &events[start + 1..] {
            match *e {
                Event::Drew { player, failed, .. } if (player as usize) < n => {
                    let log = &mut logs[player as usize];
                    let (_, k, s0) = turn.get_or_insert((player, 0, log.draws));
                    *k += 1;
                    log.draws += 1;
                    let (k, s0) = (*k, *s0);
                    if failed {
                        if proven(k, k, false) {
                            inf.fact(player, FactKind::FailedDraw, s0 + k, board.fitting_tiles());
                        }
                        turn = None;
                    }
                }
                Event::Passed { player, .. } if (player as usize) < n => {
                    let (k, s0) = match turn {
                        Some((_, k, s0)) => (k, s0),
                        None => (0, logs[player as usize].draws),
                    };
                    if proven(k, k, true) {
                        inf.fact(player, FactKind::Pass, s0 + k, board.fitting_tiles());
                    }
                    turn = None;
                }
                Event::Played { player, placement, .. } if (player as usize) < n => {
                    let mut forced = false;
                    if let Some((_, k, s0)) = turn {
                        if k > 0 && proven(k, k - 1, false) {
                            inf.fact(player, FactKind::Draw, s0 + k - 1, board.fitting_tiles());
                        }
                        forced = k > 0 && !any_tile;
                    }
                    if let (Some(m), false, false) = (choice_margin, forced, board.is_empty()) {
                        // Scored alike, bonuses announced, so that the event's own
                        // announcement does not count against the others.
                        let score = |q: Placement| score_placement(rules, q.tile, false, board.preview(q), true).points;
                        let played = score(placement);
                        let mut better = TileSet::EMPTY;
                        board.for_each_placement(TileSet::ALL.difference(board.tiles()), |q| {
                            if !better.contains(q.tile) && score(q) >= played + m {
                                better.insert(q.tile);
                            }
                        });
                        better.remove(placement.tile);
                        inf.fact(player, FactKind::Choice, logs[player as usize].draws, better);
                    }
                    let log = &mut logs[player as usize];
                    log.placed.push((placement.tile, log.draws, forced));
                    if board.is_empty() {
                        opening = Some(placement.tile);
                    }
                    board.place(placement);
                    turn = None;
                }
                Event::TimedOut { player, took, .. } if (player as usize) < n => {
                    // The turn ends unplaced, but not because nothing fitted:
                    // the timeout proves nothing, and the turn's last draw
                    // proves only what a draw followed by a placement does
                    // (its tile may have fitted). The tile taken is a hidden
                    // draw: one more slot.
                    if let Some((_, k, s0)) = turn {
                        if k > 0 && proven(k, k - 1, false) {
                            inf.fact(player, FactKind::Draw, s0 + k - 1, board.fitting_tiles());
                        }
                    }
                    if took {
                        logs[player as usize].draws += 1;
                    }
                    turn = None;
                }
                Event::Revealed { tile, .. } if board.is_empty() => revealed = Some(tile),
                Event::RoundEnded { .. } | Event::GameEnded { .. } => break,
                _ => {}
            }
        }
        if let Some((player, k, s0)) = turn {
            if k > 0 && proven(k, k - 1, false) {
                inf.fact(player, FactKind::Draw, s0 + k - 1, board.fitting_tiles());
            }
        }
        // The log rebuilds the board, or, in a game set up from a `Position` (a
        // scripted board: a lesson, a puzzle), the part of it played since.
        debug_assert!(board.tiles().difference(public.board().tiles()).is_empty(), "the log rebuilds the board");
        inf.start_facts(obs, starter, opening, revealed, &logs);
        inf.places(public, me, &logs);
        inf
    }

    fn fact(&mut self, seat: u8, kind: FactKind, draws: u8, tiles: TileSet) {
        if !tiles.is_empty() {
            self.facts.push(Fact { seat, kind, draws, tiles });
        }
    }

    /// The start rule's facts: with `start` `highest_triple`, once the tile
    /// that decided the start is known (the `start_tile` opening, or the
    /// observer's own hand when they opened), nobody was dealt a higher triple;
    /// with no triple dealt, nobody was dealt a triple or a higher tile.
    fn start_facts(
        &mut self,
        obs: &Observation,
        starter: u8,
        opening: Option<Tile>,
        revealed: Option<Tile>,
        logs: &[SeatLog],
    ) {
        let rules = obs.public().rules();
        if rules.start() != StartRule::HighestTriple {
            return;
        }
        let decided = match opening {
            // `0-0-0` opens either as the only triple (nothing shown) or in
            // place of the highest triple, which is then shown.
            Some(o) if rules.first_tile() == FirstTile::StartTile => {
                Some(if o.index() == 0 { revealed.unwrap_or(o) } else { o })
            }
            _ if obs.seat() == starter && (starter as usize) < logs.len() => {
                // The observer's dealt hand is within their hand plus what they
                // placed (they may have drawn some of it): its best is at most
                // the best of that, so the fact drawn from it is true (weaker
                // at worst).
                let mut mine = obs.hand();
                for &(t, _, _) in &logs[starter as usize].placed {
                    mine.insert(t);
                }
                mine.highest_triple().or_else(|| mine.highest())
            }
            _ => None,
        };
        let Some(d) = decided else { return };
        let higher = Tile::all().filter(|t| t.rank() > d.rank());
        let tiles: TileSet = if d.is_triple() {
            higher.filter(|t| t.is_triple()).collect()
        } else {
            higher.chain(Tile::all().filter(|t| t.is_triple())).collect()
        };
        for seat in 0..logs.len() as u8 {
            self.fact(seat, FactKind::Start, 0, tiles);
        }
    }

    /// Turns the facts into each hidden hand's places (see the module docs).
    fn places(&mut self, public: &Public, me: u8, logs: &[SeatLog]) {
        let mut firsts: Vec<(usize, u8)> = Vec::new();
        for (p, log) in logs.iter().enumerate() {
            let seat = p as u8;
            if seat == me {
                continue;
            }
            // Each tile's level: the first slot it may have come through.
            let mut level = [0u8; TILE_COUNT];
            for f in self.facts.iter().filter(|f| f.seat == seat) {
                for t in f.tiles {
                    level[t.index() as usize] = level[t.index() as usize].max(f.draws + 1);
                }
            }
            let m = log.draws as usize;
            let placed_level =
                |&(t, before, forced): &(Tile, u8, bool)| if forced { before } else { level[t.index() as usize] };
            let placed: Vec<u8> = log.placed.iter().map(placed_level).collect();
            let size = public.hand_sizes()[p] as usize;
            // count[a]: hand places of level `a` or more (`cap'` clamped to the hand size).
            let mut count = vec![size; m + 2];
            let mut cap = size as i64;
            for (a, c) in count.iter_mut().enumerate().skip(1) {
                let slots = (m + 1 - a) as i64;
                let late = placed.iter().filter(|&&l| l as usize >= a).count() as i64;
                cap = cap.min(slots - late).max(0);
                *c = cap as usize;
            }
            // The places from the lowest level up.
            let mut levels: Vec<u8> =
                (0..size).map(|i| (0..=m + 1).rev().find(|&a| count[a] >= size - i).unwrap_or(0) as u8).collect();
            let accepts = |l: u8| -> TileSet { Tile::all().filter(|t| level[t.index() as usize] <= l).collect() };
            let top = levels.last().copied();
            self.excluded[p] = match top {
                Some(l) => self.unknown.difference(accepts(l)),
                None => self.unknown,
            };
            // Tiles known to be in the hand take the lowest place that accepts them.
            let mut known: Vec<Tile> = public.known_tiles(seat).iter().collect();
            known.sort_by_key(|t| std::cmp::Reverse(level[t.index() as usize]));
            for t in known {
                let l = level[t.index() as usize];
                let i = levels.iter().position(|&x| x >= l).unwrap_or(levels.len().saturating_sub(1));
                if i < levels.len() {
                    levels.remove(i);
                }
            }
            let begin = self.places.len();
            for &l in &levels {
                let a = accepts(l);
                self.constrained |= !self.unknown.difference(a).is_empty();
                self.places.push(a);
            }
            self.ranges[p] = (begin as u8, self.places.len() as u8);
            if let Some(&first) = self.places.get(begin) {
                firsts.push((first.intersection(self.unknown).len(), seat));
            }
        }
        firsts.sort();
        self.order = firsts.into_iter().map(|(_, s)| s).collect();
    }

    /// Deals the unknown tiles: each hidden hand's places filled (the known
    /// tiles already in `hands`), the rest shuffled into the pool.
    ///
    /// A few fast tries fill each place with a random tile it accepts; a
    /// dead end (hands competing for few tiles, mostly with an empty pool)
    /// then goes to a careful fill that keeps, at every choice, a matching of
    /// the places left to the tiles left, so it meets every fact whenever the
    /// facts can all be met (they can: the real deal meets them), and breaks
    /// as few as it can when they cannot.
    pub(crate) fn deal<R: Rng + ?Sized>(&self, rng: &mut R, hands: &mut [TileSet; MAX_PLAYERS]) -> Vec<Tile> {
        let base = *hands;
        let remaining = (0..FAST_ATTEMPTS)
            .find_map(|_| {
                *hands = base;
                self.fill_fast(rng, hands)
            })
            .unwrap_or_else(|| {
                *hands = base;
                self.fill_careful(rng, hands)
            });
        let mut pool: Vec<Tile> = remaining.iter().collect();
        shuffle(rng, &mut pool);
        pool
    }

    /// The places of `seat`.
    fn places_of(&self, seat: u8) -> &[TileSet] {
        let (b, e) = self.ranges[seat as usize];
        &self.places[b as usize..e as usize]
    }

    /// Each place a random tile it accepts; `None` at a dead end. Returns the tiles left.
    fn fill_fast<R: Rng + ?Sized>(&self, rng: &mut R, hands: &mut [TileSet; MAX_PLAYERS]) -> Option<TileSet> {
        let mut remaining = self.unknown;
        for &seat in &self.order {
            for &accepts in self.places_of(seat) {
                let t = pick(rng, remaining.intersection(accepts))?;
                hands[seat as usize].insert(t);
                remaining.remove(t);
            }
        }
        Some(remaining)
    }

    /// Each place a random tile it accepts among those that leave the later
    /// places a matching (when the whole deal has one). Returns the tiles left.
    fn fill_careful<R: Rng + ?Sized>(&self, rng: &mut R, hands: &mut [TileSet; MAX_PLAYERS]) -> TileSet {
        let list: Vec<(u8, TileSet)> =
            self.order.iter().flat_map(|&s| self.places_of(s).iter().map(move |&a| (s, a))).collect();
        let mut remaining = self.unknown;
        let feasible = matchable(&list, remaining);
        for (i, &(seat, accepts)) in list.iter().enumerate() {
            let mut candidates = remaining.intersection(accepts);
            let mut chosen = None;
            while let Some(t) = pick(rng, candidates) {
                let mut rest = remaining;
                rest.remove(t);
                if !feasible || matchable(&list[i + 1..], rest) {
                    chosen = Some(t);
                    break;
                }
                candidates.remove(t);
            }
            // Best effort (the facts cannot all be met): a tile at least not
            // ruled out of the hand, else any.
            let widest = self.places_of(seat).last().copied().unwrap_or(TileSet::ALL);
            let chosen = chosen.or_else(|| pick(rng, remaining.intersection(widest))).or_else(|| pick(rng, remaining));
            if let Some(t) = chosen {
                hands[seat as usize].insert(t);
                remaining.remove(t);
            }
        }
        remaining
    }
}

/// Whether every place can take its own tile of `avail` (Kuhn's augmenting paths on bitsets).
fn matchable(places: &[(u8, TileSet)], avail: TileSet) -> bool {
    const FREE: u8 = u8::MAX;
    fn augment(i: usize, places: &[(u8, TileSet)], avail: u64, owner: &mut [u8; 64], seen: &mut u64) -> bool {
        let mut m = places[i].1.bits() & avail & !*seen;
        while m != 0 {
            let t = m.trailing_zeros() as usize;
            m &= m - 1;
            if *seen & (1 << t) != 0 {
                continue;
            }
            *seen |= 1 << t;
            if owner[t] == FREE || augment(owner[t] as usize, places, avail, owner, seen) {
                owner[t] = i as u8;
                return true;
            }
        }
        false
    }
    if places.len() > avail.len() {
        return false;
    }
    let mut owner = [FREE; 64];
    (0..places.len()).all(|i| augment(i, places, avail.bits(), &mut owner, &mut 0))
}

/// A uniformly random tile of `set`.
#[inline]
fn pick<R: Rng + ?Sized>(rng: &mut R, set: TileSet) -> Option<Tile> {
    let n = set.len();
    if n == 0 {
        return None;
    }
    Tile::from_index(select(set.bits(), below(rng, n as u32)))
}

/// The index of the `k`-th set bit of `bits` (`k` below its popcount): a
/// byte at a time, then bit by bit.
#[inline]
fn select(bits: u64, mut k: u32) -> u8 {
    let mut base = 0;
    let mut b = bits;
    loop {
        let c = (b & 0xFF).count_ones();
        if k < c || b >> 8 == 0 {
            break;
        }
        k -= c;
        b >>= 8;
        base += 8;
    }
    for _ in 0..k {
        b &= b - 1;
    }
    base + b.trailing_zeros() as u8
}

/// What an observation lets its observer infer, and deals consistent with it.
impl Observation {
    /// What the observer can infer from what the players did this round
    /// (the facts of the [module docs](crate::observe)), precomputed for
    /// [`Observation::determinize_inferred`]. It walks the round's events
    /// and rebuilds the boards they were played on: compute it once per
    /// decision, not once per determinization.
    pub fn inference(&self) -> Inference {
        Inference::new(self, None)
    }

    /// [`Observation::inference`] plus an assumption about the players that
    /// the rules do not make true: a player who placed a tile scoring `P`
    /// held no tile that could have scored `P + margin` or more on that board
    /// ([`FactKind::Choice`] facts; not after a draw that forced the tile,
    /// nor for the opening). A search may deal by it; a player who passes up
    /// points on purpose breaks it, and then
    /// [`Observation::determinize_inferred`] breaks as few facts as it can.
    ///
    /// ```
    /// use triominos_core::{FactKind, Game, RuleSet};
    ///
    /// let game = Game::new(RuleSet::preset("goliath").unwrap(), 2, 1).unwrap();
    /// let obs = game.observe(game.to_move());
    /// // Nobody has placed a tile yet: nothing to assume.
    /// assert!(obs.inference_assuming(30).facts().iter().all(|f| f.kind != FactKind::Choice));
    /// ```
    pub fn inference_assuming(&self, margin: i32) -> Inference {
        Inference::new(self, Some(margin))
    }

    /// [`Observation::determinize_for_search`] (no event log or score
    /// sheet) with the hidden hands dealt consistently with every fact of
    /// `inf`, which must be this observation's [`Observation::inference`]:
    /// each hidden hand is filled tile by tile from the tiles the facts leave
    /// it, the most constrained hand first; a dead end (rare: it needs
    /// several hands competing for few tiles) deals again, a few times, then
    /// falls back to a best-effort deal that breaks as few facts as it can
    /// (only when the facts cannot all be met). Never loops without bound,
    /// never panics. With no fact about the hidden hands it deals exactly as
    /// `determinize_for_search`; so it does, ignoring `inf`, when `inf` was
    /// computed at another moment (other events, unknown tiles or hand sizes).
    pub fn determinize_inferred<R: Rng + ?Sized>(&self, rng: &mut R, inf: &Inference) -> Game {
        if !inf.is_constrained() || !inf.describes(self) {
            return self.determinize_for_search(rng);
        }
        let mut hands = [TileSet::EMPTY; MAX_PLAYERS];
        for (p, hand) in hands.iter_mut().enumerate().take(self.public().players()) {
            *hand = if p as u8 == self.seat() { self.hand() } else { self.public().known_tiles(p as u8) };
        }
        let pool = inf.deal(rng, &mut hands);
        self.assemble(rng, self.public().clone_lean(), hands, pool)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(tiles: &[&str]) -> TileSet {
        tiles.iter().map(|t| t.parse::<Tile>().unwrap()).collect()
    }

    #[test]
    fn the_careful_fill_gets_out_of_the_dead_ends_of_the_fast_one() {
        // An empty pool, four tiles for two hands of two (seen in a 3-player
        // Pressman endgame): seat 1 may not hold 1-3-5, seat 2 not 1-1-1, and
        // one of seat 1's places takes only 3-3-3. Filling seat 1 first, the
        // fast fill gives it 2-4-5 half the time, leaving seat 2 stuck.
        let unknown = set(&["1-1-1", "1-3-5", "2-4-5", "3-3-3"]);
        let inf = Inference {
            facts: Vec::new(),
            unknown,
            excluded: [TileSet::EMPTY; MAX_PLAYERS],
            places: vec![
                set(&["3-3-3"]),
                set(&["1-1-1", "2-4-5", "3-3-3"]),
                set(&["1-3-5", "2-4-5", "3-3-3"]),
                set(&["1-3-5", "2-4-5", "3-3-3"]),
            ],
            ranges: [(0, 0), (0, 2), (2, 4), (0, 0), (0, 0), (0, 0)],
            order: vec![1, 2],
            constrained: true,
            events: 0,
            sizes: [0; MAX_PLAYERS],
        };
        let mut rng = crate::rng::seeded(3);
        let mut dead = 0;
        for _ in 0..200 {
            let mut hands = [TileSet::EMPTY; MAX_PLAYERS];
            dead += inf.fill_fast(&mut rng, &mut hands).is_none() as usize;
            let mut hands = [TileSet::EMPTY; MAX_PLAYERS];
            assert!(inf.fill_careful(&mut rng, &mut hands).is_empty());
            assert_eq!(hands[1], set(&["1-1-1", "3-3-3"]));
            assert_eq!(hands[2], set(&["1-3-5", "2-4-5"]));
            let mut hands = [TileSet::EMPTY; MAX_PLAYERS];
            inf.deal(&mut rng, &mut hands);
            assert_eq!(hands[1], set(&["1-1-1", "3-3-3"]));
        }
        assert!(dead > 50, "{dead} dead ends of 200");
        assert!(!matchable(&[(1, set(&["1-1-1"])), (2, set(&["1-1-1"]))], unknown));
    }

    #[test]
    fn one_seat_late_draws_weigh_as_the_histories_do() {
        // Seat 1 holds 5 tiles of 10 unknown; it drew twice since a fact ruled
        // out F (4 of them), and placed nothing. A hand with j tiles of F came
        // about in P(2, j) * P(5 - j, 2 - j) ways (the F tiles through the two
        // late draws, the other draws from the rest, the deal the remainder).
        let all: Vec<Tile> = Tile::all().take(10).collect();
        let unknown: TileSet = all.iter().copied().collect();
        let f: TileSet = all[..4].iter().copied().collect();
        let low = unknown.difference(f);
        let inf = Inference {
            facts: Vec::new(),
            unknown,
            excluded: [TileSet::EMPTY; MAX_PLAYERS],
            places: vec![low, low, low, TileSet::ALL, TileSet::ALL],
            ranges: [(0, 0), (0, 5), (0, 0), (0, 0), (0, 0), (0, 0)],
            order: vec![1],
            constrained: true,
            events: 0,
            sizes: [0; MAX_PLAYERS],
        };
        let perm = |n: u64, k: u64| (n - k + 1..=n).product::<u64>();
        let choose = |n: u64, k: u64| perm(n, k) / perm(k, k);
        let weight: Vec<f64> =
            (0..=2).map(|j| (choose(4, j) * choose(6, 5 - j) * perm(2, j) * perm(5 - j, 2 - j)) as f64).collect();
        let total: f64 = weight.iter().sum();
        let mut rng = crate::rng::seeded(11);
        let mut seen = [0u32; 3];
        let runs = 30_000;
        for _ in 0..runs {
            let mut hands = [TileSet::EMPTY; MAX_PLAYERS];
            inf.deal(&mut rng, &mut hands);
            seen[hands[1].intersection(f).len()] += 1;
        }
        for j in 0..3 {
            let want = weight[j] / total;
            let got = seen[j] as f64 / runs as f64;
            assert!((got - want).abs() < 0.015, "j={j}: {got:.3} dealt, {want:.3} expected ({seen:?})");
        }
    }

    #[test]
    fn select_finds_the_kth_set_bit() {
        for bits in [1u64, 0b1011, 0xF0F0_0000_0000_0001, (1 << 55) | (1 << 3), (1 << 56) - 1] {
            let ones: Vec<u8> = (0..64).filter(|i| bits & (1 << i) != 0).collect();
            for (k, &i) in ones.iter().enumerate() {
                assert_eq!(select(bits, k as u32), i, "{bits:#x} k={k}");
            }
        }
    }
}
