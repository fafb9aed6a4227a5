//! Perft-like counts: the number of distinct legal placements at fixed points
//! of seeded games, kept in `data/perft.txt` and checked against the engine
//! and against a brute-force count that tries every tile, cell and rotation.
//!
//! Regenerate the file (after a deliberate change) with
//! `PERFT_BLESS=1 cargo test -p triominos-core --test it perft::`.

use triominos_core::{Action, Cell, Game, Placement, RuleSet};

/// Drives a seeded game with a fixed, simple policy to ply `ply`.
fn position(preset: &str, players: usize, seed: u64, ply: usize) -> Game {
    let mut g = Game::new(RuleSet::preset(preset).unwrap(), players, seed).unwrap();
    for i in 0..ply {
        if g.is_over() {
            break;
        }
        if g.is_round_over() {
            g.next_round().unwrap();
        }
        let moves = g.legal_actions();
        let a = moves[(i * 31 + seed as usize) % moves.len()];
        g.play(a).unwrap();
    }
    g
}

/// Counts legal placements by trying every hand tile on every cell in a box
/// around the board with every rotation, through `Game::check`.
fn brute_force(g: &Game) -> usize {
    let hand = g.hand(g.to_move()).unwrap();
    let mut n = 0;
    for r in -30..30 {
        for c in -60..60 {
            let cell = Cell::new(c, r).unwrap();
            for t in hand {
                let rots = if t.is_triple() { 1 } else { 3 };
                for rot in 0..rots {
                    n += g.is_legal(Action::play(Placement::new(t, cell, rot))) as usize;
                }
            }
        }
    }
    n
}

const CASES: &[(&str, usize)] = &[("goliath", 2), ("goliath", 4), ("pressman", 3), ("dominos-triangles", 6)];
const PLIES: &[usize] = &[0, 1, 8, 20, 40, 70];

#[test]
fn perft_counts_match_the_data_file() {
    let mut lines = Vec::new();
    for &(preset, players) in CASES {
        for seed in 0..4u64 {
            for &ply in PLIES {
                let g = position(preset, players, seed, ply);
                let count = g.count_legal_placements();
                assert_eq!(count, brute_force(&g), "{preset} {players} {seed} {ply}");
                lines.push(format!("{preset} {players} {seed} {ply} {count}"));
            }
        }
    }
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft.txt");
    if std::env::var_os("PERFT_BLESS").is_some() {
        let header = "# preset players seed ply legal_placements (see tests/it/perft.rs)\n";
        std::fs::write(path, header.to_string() + &lines.join("\n") + "\n").unwrap();
    }
    let data = std::fs::read_to_string(path).unwrap();
    let expected: Vec<&str> = data.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).collect();
    assert_eq!(expected.len(), lines.len());
    for (want, got) in expected.iter().zip(&lines) {
        assert_eq!(want, got);
    }
}
