//! Random positions (a rule set, a seed, then random legal choices): every
//! action `legal_actions` lists is accepted by `check` and by `play`; every
//! candidate action (each tile on each cell next to the board, or touching it
//! at a corner, in each rotation; draw; pass) that `check` refuses is refused
//! by `play` too, changes nothing, and is not listed; every candidate `check`
//! accepts is listed (a triple once, with rotation 0). A timeout
//! (`Game::time_out`) is refused, changing nothing, exactly when the rules
//! have no turn timer or no round is being played; under a timer the walk
//! times players out now and then.
#![no_main]

use libfuzzer_sys::arbitrary::{self, Arbitrary};
use libfuzzer_sys::fuzz_target;
use std::collections::{BTreeSet, HashSet};
use triominos_core::{Action, Cell, Game, Placement, Tile};
use triominos_fuzz::{players, RulesChoice};

/// Cells worth trying: the origin, every cell sharing an edge or a corner
/// with a placed tile (found from the placed cells, not from the board's own
/// frontier), placed cells themselves, and one far-away cell.
fn candidate_cells(game: &Game) -> BTreeSet<Cell> {
    let mut cells = BTreeSet::new();
    cells.insert(Cell::ORIGIN);
    cells.extend(Cell::new(40, 20));
    for p in game.board().placements() {
        for corner in p.cell.corners() {
            cells.extend(corner.hexagon().into_iter().filter_map(|c| Cell::new(c.c(), c.r())));
        }
        for n in p.cell.neighbours() {
            cells.extend(Cell::new(n.c(), n.r()));
        }
    }
    cells
}

fn normalized(a: Action) -> Action {
    match a {
        // The announce flag changes what a play scores, never whether it is legal.
        Action::Play { placement, .. } => Action::play(placement.normalized()),
        a => a,
    }
}

/// A cheap fingerprint of the whole game, to see that a refused action changed nothing.
fn fingerprint(game: &Game) -> String {
    format!(
        "{:?} {:?} {:?} {} {:?} {:?} {}",
        game.public().phase(),
        game.totals(),
        game.board().placements(),
        game.to_move(),
        game.drawn_tile(),
        game.history().last().map(|r| r.actions.len()),
        game.public().events().len(),
    )
}

fn check_position(game: &mut Game) {
    let legal = game.legal_actions();
    let listed: HashSet<Action> = legal.iter().map(|a| normalized(*a)).collect();
    assert_eq!(listed.len(), legal.len(), "an action is listed twice: {legal:?}");
    for &a in &legal {
        if let Err(e) = game.check(a) {
            panic!("listed {a:?} is refused by check: {e}");
        }
        let mut g = game.clone();
        if let Err(e) = g.play(a) {
            panic!("listed {a:?} is refused by play: {e}");
        }
    }
    let before = fingerprint(game);
    let mut candidates = vec![Action::Draw, Action::Pass];
    for cell in candidate_cells(game) {
        for tile in Tile::all() {
            for rotation in 0..3 {
                candidates.push(Action::play(Placement::new(tile, cell, rotation)));
            }
        }
    }
    for a in candidates {
        let key = normalized(a);
        match game.check(a) {
            Ok(()) => assert!(listed.contains(&key), "{a:?} is accepted by check but not listed in {legal:?}"),
            Err(e) => {
                assert!(!listed.contains(&key), "{a:?} is listed but refused by check: {e}");
                match game.play(a) {
                    Ok(_) => panic!("{a:?} refused by check ({e}) is accepted by play"),
                    Err(e2) => assert_eq!(e2, e, "check and play refuse {a:?} for different reasons"),
                }
            }
        }
    }
    assert_eq!(fingerprint(game), before, "a refused action changed the game");
    let timer = game.rules().timer().is_some();
    let playing = !game.is_over() && !game.is_round_over();
    match game.clone().time_out() {
        Ok(out) => {
            assert!(timer && playing, "a timeout accepted without a timer or a round");
            assert_eq!(out.points, -game.rules().timer_penalty());
        }
        Err(e) => {
            assert!(!timer || !playing, "a timeout refused during a timer round: {e}");
            assert_eq!(game.check_time_out(), Err(e));
        }
    }
}

/// One fuzz case: the table and seed, then each turn's choice.
#[derive(Arbitrary, Debug)]
struct Input {
    rules: RulesChoice,
    players: u8,
    seed: u64,
    /// Per turn: the action (an index into the legal actions) and whether to
    /// check the whole position first (when `check` >= 192, and always at
    /// the first turn of a round); under a turn timer, `check` % 16 == 1
    /// times the player out instead. The game stops where the choices do.
    turns: Vec<(u16, u8)>,
}

fn run(input: &Input) {
    let Ok(mut game) = Game::new(input.rules.rules(), players(input.players), input.seed) else { return };
    let mut turns = input.turns.iter();
    loop {
        if game.is_over() {
            check_position(&mut game);
            return;
        }
        if game.is_round_over() {
            check_position(&mut game);
            game.next_round().expect("a seeded game deals its next round");
            continue;
        }
        let Some(&(pick, check)) = turns.next() else {
            check_position(&mut game);
            return;
        };
        if check >= 192 || game.board().placements().is_empty() {
            check_position(&mut game);
        }
        if check % 16 == 1 && game.rules().timer().is_some() {
            game.time_out().expect("a timer round times the player out");
            continue;
        }
        let legal = game.legal_actions();
        assert!(!legal.is_empty(), "no legal action in a round being played");
        let a = legal[pick as usize % legal.len()];
        game.play(a).expect("a listed action is played");
    }
}

fuzz_target!(|input: Input| run(&input));
