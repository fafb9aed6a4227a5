//! One entry applied to the state before it ([`step`]): the turn order, the
//! draws and passes, the declared figures checked against the rules and the
//! table, the points from the engine's scoring functions, and the round end with
//! the hands.

use super::entry::{Entry, Hand, Placed};
use super::error::PadError;
use super::status::{Line, PadPhase, RoundResult, Status};
use crate::board::Figures;
use crate::event::RoundEnd;
use crate::rules::RuleSet;
use crate::scoring::{
    game_winners_after_round, immediate_winners, reached_target, score_placement, score_round_end, Reason, ScoreEntry,
};
use crate::tile::TileSet;

/// Hexagons need this many tiles on the table before the tile that closes 1, 2 or 3 of them.
const TILES_BEFORE_HEXAGONS: [u8; 3] = [5, 9, 12];

/// Computes one entry from the state before it. Pure: on error nothing is changed.
pub(super) fn step(rules: &RuleSet, before: &Status, entry: &Entry) -> Result<(Line, Status), PadError> {
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
