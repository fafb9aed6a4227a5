//! `triominos puzzles`: generate, export and verify the puzzle collection
//! (the solver and the data format are in `triominos_core::puzzles`).

use crate::out;
use clap::{Args, Subcommand};
use rayon::prelude::*;
use std::process::ExitCode;
use std::time::Instant;
use triominos_bots::{make_bot, Bot, Budget};
use triominos_core::puzzles::{self, accepts, build_position, content_id, solve, Kind, Puzzle};
use triominos_core::rng::{below, seeded, ChaCha8Rng};
use triominos_core::{Board, Cell, Game, Placement, Preset, RuleSet, Tile, TileSet};

/// `triominos puzzles ...`.
#[derive(Args, Debug)]
pub struct PuzzlesArgs {
    #[command(subcommand)]
    command: PuzzlesCommand,
}

#[derive(Subcommand, Debug)]
enum PuzzlesCommand {
    /// Make new puzzles (deterministic from the seed) and print them as one JSON array, one
    /// puzzle a line, ordered by kind and difficulty.
    Generate {
        /// max_points, go_out, connect, best_turn, or all (COUNT of each).
        #[arg(long)]
        kind: String,
        /// Puzzles to keep (of each kind with `all`).
        #[arg(long, default_value_t = 20)]
        count: usize,
        /// Seed of the self-play games and random deals.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Worker threads (default: all cores); the output does not depend on it.
        #[arg(long)]
        threads: Option<usize>,
    },
    /// Print the shipped collection.
    Export {
        /// As one JSON array (the only format).
        #[arg(long)]
        json: bool,
    },
    /// Re-solve every shipped puzzle (or those of FILE); exit 1 naming any that does not hold.
    Verify {
        /// A collection file instead of the shipped one.
        #[arg(long)]
        file: Option<std::path::PathBuf>,
    },
}

/// Runs `triominos puzzles`.
pub fn run(args: PuzzlesArgs) -> ExitCode {
    match args.command {
        PuzzlesCommand::Generate { kind, count, seed, threads } => {
            let kinds: Vec<Kind> = match kind.as_str() {
                "all" => Kind::ALL.to_vec(),
                k => match Kind::from_name(k) {
                    Some(k) => vec![k],
                    None => {
                        eprintln!("unknown kind {k:?}: expected max_points, go_out, connect, best_turn or all");
                        return ExitCode::from(2);
                    }
                },
            };
            if let Some(n) = threads {
                let _ = rayon::ThreadPoolBuilder::new().num_threads(n.max(1)).build_global();
            }
            let started = Instant::now();
            let mut all = Vec::new();
            for k in kinds {
                let got = generate(k, count, seed);
                eprintln!("{}: {} puzzles", k.name(), got.len());
                all.extend(got);
            }
            eprintln!("generated in {:.1} s", started.elapsed().as_secs_f64());
            out::emit(&puzzles::collection_json(&all), ExitCode::SUCCESS)
        }
        PuzzlesCommand::Export { json: _ } => match puzzles::shipped() {
            Ok(all) => out::emit(&puzzles::collection_json(&all), ExitCode::SUCCESS),
            Err(e) => {
                eprintln!("shipped puzzles: {e}");
                ExitCode::from(1)
            }
        },
        PuzzlesCommand::Verify { file } => verify(file.as_deref()),
    }
}

fn verify(file: Option<&std::path::Path>) -> ExitCode {
    let parsed = match file {
        None => puzzles::shipped(),
        Some(f) => match std::fs::read_to_string(f) {
            Ok(text) => puzzles::parse_collection(&text),
            Err(e) => {
                eprintln!("{}: cannot read: {e}", f.display());
                return ExitCode::from(2);
            }
        },
    };
    let all = match parsed {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(1);
        }
    };
    let failures: Vec<String> = all
        .par_iter()
        .map(|p| puzzles::verify(p).err().map(|e| format!("{}: {e}", p.id)))
        .collect::<Vec<_>>()
        .into_iter()
        .flatten()
        .collect();
    let mut order_bad = Vec::new();
    for w in all.windows(2) {
        let key = |p: &Puzzle| (p.kind, p.difficulty.score);
        if key(&w[0]) > key(&w[1]) {
            order_bad.push(format!("{}: comes after {} but is easier or of an earlier kind", w[1].id, w[0].id));
        }
    }
    for f in failures.iter().chain(&order_bad) {
        eprintln!("{f}");
    }
    let count = |k: Kind| all.iter().filter(|p| p.kind == k).count();
    if failures.is_empty() && order_bad.is_empty() {
        let per: Vec<String> = Kind::ALL.iter().map(|&k| format!("{} {}", k.name(), count(k))).collect();
        out::emit(&format!("{} puzzles verified ({})\n", all.len(), per.join(", ")), ExitCode::SUCCESS)
    } else {
        eprintln!("{} of {} puzzles do not hold", failures.len() + order_bad.len(), all.len());
        ExitCode::from(1)
    }
}

/// A seed for the `i`th task of a generation.
fn task_seed(seed: u64, kind: Kind, i: u64) -> u64 {
    let k = kind as u64 + 1;
    (seed ^ k.wrapping_mul(0xA076_1D64_78BD_642F)).wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(i)
}

/// Builds a puzzle from a position its kind accepts.
fn make(kind: Kind, rules: RuleSet, board: &[Placement], hand: &[Tile]) -> Option<Puzzle> {
    let mut hand = hand.to_vec();
    hand.sort();
    let position = build_position(kind, &rules, board, &hand).ok()?;
    let set: TileSet = hand.iter().copied().collect();
    let solved = solve(kind, &rules, &position, set).ok()?;
    accepts(kind, &rules, &position, set, &solved).ok()?;
    let solution = solved.answers.first()?.clone();
    let p = Puzzle {
        id: content_id(kind, &rules, board, &hand),
        kind,
        rules,
        board: board.to_vec(),
        hand,
        goal: solved.goal,
        solution,
        difficulty: solved.difficulty,
    };
    // Keep only what the verifier will accept.
    puzzles::verify(&p).ok()?;
    Some(p)
}

/// Candidates from one task (a self-play game or a random deal).
fn candidates(kind: Kind, seed: u64) -> Vec<Puzzle> {
    let mut rng = seeded(seed);
    match kind {
        Kind::MaxPoints | Kind::GoOut | Kind::BestTurn => from_selfplay(kind, seed, &mut rng),
        Kind::Connect => from_random_deal(&mut rng).into_iter().collect(),
    }
}

/// Plays one game between bots and takes positions from it: for
/// `max_points` and `best_turn` the hand of the player to move; for `go_out` a table from
/// some point of a round and, as the hand, the next 3 to 6 tiles placed in
/// that round (so it can be solved).
fn from_selfplay(kind: Kind, seed: u64, rng: &mut ChaCha8Rng) -> Vec<Puzzle> {
    let preset = if below(rng, 3) == 0 { Preset::Goliath } else { Preset::Pressman };
    let rules = RuleSet::of(preset);
    let players = 2 + below(rng, 3) as usize;
    let levels = ["heuristic", "greedy", "heuristic", "random"];
    let mut bots: Vec<Box<dyn Bot>> = (0..players)
        .map(|s| {
            let level = levels[below(rng, levels.len() as u32) as usize];
            make_bot(level, seed.wrapping_add(s as u64 * 7919), Budget::default())
        })
        .collect::<Result<_, _>>()
        .unwrap_or_default();
    if bots.len() != players {
        return Vec::new();
    }
    let Ok(mut game) = Game::new(rules, players, seed) else { return Vec::new() };
    let mut found: Vec<Puzzle> = Vec::new();
    let mut rounds: Vec<Vec<Placement>> = Vec::new();
    let mut steps = 0;
    while !game.is_over() && steps < 2000 {
        steps += 1;
        if game.is_round_over() {
            rounds.push(game.board().placements().to_vec());
            if game.next_round().is_err() {
                break;
            }
            continue;
        }
        let seat = game.to_move();
        let takes = matches!(kind, Kind::MaxPoints | Kind::BestTurn);
        if takes && game.drawn_tile().is_none() && !game.board().is_empty() && below(rng, 3) == 0 {
            let hand: Vec<Tile> = game.hand(seat).map(|h| h.iter().collect()).unwrap_or_default();
            let fits = if kind == Kind::MaxPoints { hand.len() >= 2 } else { (3..=6).contains(&hand.len()) };
            if fits {
                if let Some(p) = make(kind, rules, game.board().placements(), &hand) {
                    found.push(p);
                }
            }
        }
        let action = bots[seat as usize].choose(&game.observe(seat));
        if game.play(action).is_err() {
            break;
        }
    }
    if kind == Kind::GoOut {
        if game.is_round_over() {
            rounds.push(game.board().placements().to_vec());
        }
        for placed in &rounds {
            for _ in 0..6 {
                let k = 3 + below(rng, 4) as usize;
                if placed.len() < k + 4 {
                    continue;
                }
                let m = 3 + below(rng, (placed.len() - k - 3) as u32) as usize;
                let hand: Vec<Tile> = placed[m..m + k].iter().map(|p| p.tile).collect();
                if let Some(p) = make(kind, rules, &placed[..m], &hand) {
                    found.push(p);
                }
            }
        }
    }
    // At most two puzzles from one game, so the collection is varied.
    found.sort_by(|a, b| a.id.cmp(&b.id));
    found.dedup_by(|a, b| a.id == b.id);
    while found.len() > 2 {
        let i = below(rng, found.len() as u32) as usize;
        found.remove(i);
    }
    found
}

/// A random deal laid out as a branching shape of 8 to 14 tiles, then 2 to 4
/// tiles joined by edges taken out so that the rest falls into 2 or 3
/// groups of at least 2 tiles: those tiles are the hand.
fn from_random_deal(rng: &mut ChaCha8Rng) -> Option<Puzzle> {
    let rules = RuleSet::of(Preset::Pressman);
    let mut tiles: Vec<Tile> = Tile::all().collect();
    triominos_core::rng::shuffle(rng, &mut tiles);
    let mut board = Board::new(true);
    let size = 8 + below(rng, 7) as usize;
    let mut rest: TileSet = tiles.iter().copied().collect();
    board.place(Placement::new(tiles[0], Cell::ORIGIN, below(rng, 3) as u8));
    rest.remove(tiles[0]);
    while board.placements().len() < size {
        let moves = board.placements_for(rest);
        if moves.is_empty() {
            return None;
        }
        // Prefer cells touching one tile: long arms, narrow joints.
        let thin: Vec<Placement> = moves
            .iter()
            .copied()
            .filter(|p| p.cell.neighbours().iter().filter(|n| board.at(**n).is_some()).count() == 1)
            .collect();
        let pool = if !thin.is_empty() && below(rng, 5) != 0 { &thin } else { &moves };
        let p = pool[below(rng, pool.len() as u32) as usize];
        board.place(p);
        rest.remove(p.tile);
    }
    let placed = board.placements().to_vec();
    for _ in 0..20 {
        let k = 2 + below(rng, 3) as usize;
        // Grow a set of k cells joined by edges from a random tile.
        let start = placed[below(rng, placed.len() as u32) as usize].cell;
        let mut taken = vec![start];
        while taken.len() < k {
            let around: Vec<Cell> = taken
                .iter()
                .flat_map(|c| c.neighbours())
                .filter(|n| board.at(*n).is_some() && !taken.contains(n))
                .collect();
            if around.is_empty() {
                break;
            }
            taken.push(around[below(rng, around.len() as u32) as usize]);
        }
        if taken.len() < k {
            continue;
        }
        let kept: Vec<Placement> = placed.iter().copied().filter(|p| !taken.contains(&p.cell)).collect();
        let hand: Vec<Tile> = placed.iter().filter(|p| taken.contains(&p.cell)).map(|p| p.tile).collect();
        let Ok(position) = build_position(Kind::Connect, &rules, &kept, &hand) else { continue };
        let groups = puzzles::groups(&position);
        if !(2..=3).contains(&groups.len()) || groups.iter().any(|g| g.len() < 2) {
            continue;
        }
        if let Some(p) = make(Kind::Connect, rules, &kept, &hand) {
            return Some(p);
        }
    }
    None
}

/// Generates `count` puzzles of a kind from `seed`: candidates from tasks
/// run in parallel (results taken in task order, so the output depends on
/// the seed only), sorted by difficulty, then `count` picked evenly across
/// the range of difficulty.
pub fn generate(kind: Kind, count: usize, seed: u64) -> Vec<Puzzle> {
    let want = count * 3;
    let mut pool: Vec<Puzzle> = Vec::new();
    let mut next = 0u64;
    let batch = 64u64;
    let mut tasks = 0u64;
    while pool.len() < want && tasks < 40_000 {
        let got: Vec<Vec<Puzzle>> =
            (next..next + batch).into_par_iter().map(|i| candidates(kind, task_seed(seed, kind, i))).collect();
        next += batch;
        tasks += batch;
        for p in got.into_iter().flatten() {
            if !pool.iter().any(|q| q.id == p.id) {
                pool.push(p);
            }
        }
    }
    pool.sort_by(|a, b| (a.difficulty.score, &a.id).cmp(&(b.difficulty.score, &b.id)));
    if pool.len() <= count || count == 0 {
        pool.truncate(count);
        return pool;
    }
    let n = pool.len();
    let picks: Vec<usize> =
        if count == 1 { vec![n / 2] } else { (0..count).map(|i| i * (n - 1) / (count - 1)).collect() };
    picks.into_iter().map(|i| pool[i].clone()).collect()
}
