//! Dealing: a round's [`Deal`], its checks ([`DealError`]), the start
//! procedures (the reveal draw, the holder of the highest triple) and the
//! tiles the opener may open with.

use crate::rng::{below, shuffle, ChaCha8Rng};
use crate::rules::{FirstTile, RuleSet, StartRule};
use crate::tile::{Tile, TileSet, TILE_COUNT};
use core::fmt;

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
    /// A hand leaves out what an observation shows in it: the observer's
    /// own hand, or a tile publicly known to be in that seat's hand.
    NotTheObservation(u8),
}

impl fmt::Display for DealError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DealError::PlayerCount(n) => write!(f, "these rules do not allow {n} players"),
            DealError::HandSize { got, expected, .. } => write!(f, "hand has {got} tiles, expected {expected}"),
            DealError::NotAllTiles => write!(f, "deals and pool must be exactly the 56 tiles"),
            DealError::Duplicate(t) => write!(f, "tile {t} appears twice"),
            DealError::WrongStarter { tile, .. } => write!(f, "wrong starter: the holder of {tile} starts"),
            DealError::BadSeat(s) => write!(f, "no seat {s}"),
            DealError::NoDealer => write!(f, "no seed to deal from"),
            DealError::RoundInProgress => write!(f, "the round is not over"),
            DealError::NotTheObservation(s) => write!(f, "seat {s}'s hand is not the one the observation shows"),
        }
    }
}

impl std::error::Error for DealError {}

pub(crate) fn opening_tiles(rules: &RuleSet, hand: TileSet) -> TileSet {
    match rules.first_tile() {
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

/// The seat the hands name as opener (`highest_triple` start) and the deciding tile.
pub fn hands_starter(hands: &[TileSet]) -> Option<(u8, Tile)> {
    let best = |f: fn(TileSet) -> Option<Tile>| {
        hands.iter().enumerate().filter_map(|(i, h)| f(*h).map(|t| (i as u8, t))).max_by_key(|(_, t)| t.rank())
    };
    best(TileSet::highest_triple).or_else(|| best(TileSet::highest))
}

/// A round dealt from `rng`: the 56 tiles shuffled, each hand taken in seat
/// order, the rest the pool; the opener by the rules' start procedure.
pub(crate) fn deal_from(rng: &mut ChaCha8Rng, rules: &RuleSet, players: usize) -> Deal {
    let mut tiles: Vec<Tile> = Tile::all().collect();
    shuffle(rng, &mut tiles);
    let h = rules.hand_size_for(players);
    let hands: Vec<TileSet> = (0..players).map(|p| tiles[p * h..(p + 1) * h].iter().copied().collect()).collect();
    let mut pool = tiles[players * h..].to_vec();
    let starter = match rules.start() {
        StartRule::HighestTriple => hands_starter(&hands).map_or(0, |(s, _)| s),
        StartRule::Reveal => reveal_draw(rng, players, &mut pool),
    };
    Deal { hands, pool, starter }
}

/// Goliath's start: each player reveals a tile from the pool, highest sum
/// starts, tied players reveal again; the revealed tiles go back and the pool is
/// shuffled. Returns the starter. When no reveal can ever break the tie (the
/// pool, under a house rule of big hands, is too small, or all its tiles have
/// one sum), the starter is settled by lot.
fn reveal_draw(rng: &mut ChaCha8Rng, players: usize, pool: &mut Vec<Tile>) -> u8 {
    let mut candidates: Vec<u8> = (0..players as u8).collect();
    let mut aside = Vec::new();
    let sums = |p: &[Tile]| (p.iter().map(|t| t.value()).min(), p.iter().map(|t| t.value()).max());
    let (lo, hi) = sums(pool);
    if candidates.len() > 1 && lo == hi {
        // Every reveal would tie again, for ever.
        return candidates[below(rng, candidates.len() as u32) as usize];
    }
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

pub(crate) fn validate_deal(rules: &RuleSet, n: usize, deal: &Deal) -> Result<(), DealError> {
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
    if rules.start() == StartRule::HighestTriple {
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
    use crate::rng::seeded;

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
    fn a_tie_no_reveal_can_break_is_settled_by_lot() {
        // Two tiles of one sum (5) for two players: every reveal would tie
        // again. This used to loop for ever (a house rule of hands of 27).
        let mut seen = [false; 2];
        for seed in 0..40 {
            let mut pool = vec![t("0-0-5"), t("0-1-4")];
            let s = reveal_draw(&mut seeded(seed), 2, &mut pool);
            seen[s as usize] = true;
            assert_eq!(pool.len(), 2, "the pool is left whole");
        }
        assert_eq!(seen, [true, true], "either player may win the lot");
        // One tile, two players; an empty pool.
        assert!(reveal_draw(&mut seeded(1), 2, &mut vec![t("1-2-3")]) < 2);
        assert!(reveal_draw(&mut seeded(1), 3, &mut Vec::new()) < 3);
    }

    #[test]
    fn goliath_with_hands_that_leave_two_equal_tiles_deals() {
        // 2 players of 27 tiles: a pool of 2. Every seed deals (some pools
        // hold two tiles of one sum).
        let rules = RuleSet::with_overrides("goliath", [("hand_size", "27 7 7 6 6")]).unwrap();
        for seed in 0..300 {
            let d = deal_from(&mut seeded(seed), &rules, 2);
            assert_eq!(d.pool.len(), 2);
            assert!(d.starter < 2);
        }
    }
}
