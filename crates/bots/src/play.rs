//! Playing whole games between bots: self-play and the arena.

use crate::{make_bot, Bot, Budget};
use rayon::prelude::*;
use std::time::{Duration, Instant};
use triominos_core::record;
use triominos_core::{Action, Game, RuleSet, TileSet};

/// How one game ended.
#[derive(Clone, Debug, PartialEq)]
pub struct GameResult {
    /// The deal seed.
    pub seed: u64,
    /// Final totals per seat.
    pub totals: Vec<i32>,
    /// Winning seats.
    pub winners: Vec<u8>,
    /// Rounds played.
    pub rounds: u32,
    /// Tiles placed.
    pub placements: u64,
    /// Actions taken.
    pub actions: u64,
    /// A seat that lost by forfeit (an external bot that crashed, hung or
    /// answered an illegal or malformed action), with the reason.
    pub forfeit: Option<(u8, String)>,
    /// The game as a `.tri` record, when asked for (an error when the
    /// names cannot be a record's, see [`record::check_names`]); a forfeit
    /// is in it as a `Forfeit` header ([`record::write_forfeit`]).
    pub record: Option<Result<String, record::WriteError>>,
    /// The first round's hands, by seat (to verify paired deals).
    pub deal: Vec<TileSet>,
    /// Wall-clock time each seat's bot spent choosing over the game, measured
    /// only when asked for ([`Clocks::WallAndCpu`]); zero otherwise.
    pub think: Vec<Duration>,
    /// CPU time the choosing thread of each seat's bot used over the game,
    /// measured only when asked for ([`Clocks::WallAndCpu`]: reading a
    /// thread's CPU clock is a system call, which cost random self-play most
    /// of its speed when read at every decision); zero when not asked for or
    /// where the system does not tell a thread's CPU time. Unlike
    /// [`GameResult::think`] it does not grow when other work shares the
    /// processor; a bot thinking on several threads uses more than this.
    pub cpu: Vec<Duration>,
    /// Decisions each seat's bot took (its share of [`GameResult::actions`],
    /// with a forfeited decision counted).
    pub decisions: Vec<u32>,
}

/// Which clocks a game reads around each decision.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Clocks {
    /// None: [`GameResult::think`] and [`GameResult::cpu`] stay zero. Even
    /// the wall clock's read, without a system call, was a seventh of random
    /// self-play's time.
    #[default]
    Off,
    /// The wall clock and the choosing thread's CPU clock (a system call each
    /// time): what the strength ladder reports as time a move.
    WallAndCpu,
}

/// Plays one game from `seed` with one bot per seat, reading no clock
/// ([`play_game_with`] to time the decisions).
pub fn play_game(rules: RuleSet, seed: u64, bots: &mut [Box<dyn Bot>], names: Option<&[String]>) -> GameResult {
    play_game_with(rules, seed, bots, names, Clocks::Off)
}

/// Plays one game from `seed` with one bot per seat, reading `clocks` around
/// each decision.
pub fn play_game_with(
    rules: RuleSet,
    seed: u64,
    bots: &mut [Box<dyn Bot>],
    names: Option<&[String]>,
    clocks: Clocks,
) -> GameResult {
    let timed = clocks == Clocks::WallAndCpu;
    let players = bots.len();
    let mut game = match Game::new(rules, players, seed) {
        Ok(g) => g,
        Err(e) => {
            return GameResult {
                seed,
                totals: vec![0; players],
                winners: Vec::new(),
                rounds: 0,
                placements: 0,
                actions: 0,
                forfeit: Some((0, format!("cannot deal: {e}"))),
                record: None,
                deal: Vec::new(),
                think: vec![Duration::ZERO; players],
                cpu: vec![Duration::ZERO; players],
                decisions: vec![0; players],
            }
        }
    };
    let mut placements = 0;
    let mut actions = 0;
    let mut forfeit = None;
    let mut think = vec![Duration::ZERO; players];
    let mut cpu = vec![Duration::ZERO; players];
    let mut decisions = vec![0u32; players];
    while !game.is_over() {
        if game.is_round_over() {
            if game.next_round().is_err() {
                break;
            }
            continue;
        }
        let seat = game.to_move();
        // The observation shares the game's public part: drop it before playing
        // so the game need not copy that part.
        let started = timed.then(|| (Instant::now(), thread_cpu()));
        let choice = bots[seat as usize].try_choose(&game.observe(seat));
        if let Some((wall, cpu_started)) = started {
            think[seat as usize] += wall.elapsed();
            if let (Some(a), Some(b)) = (cpu_started, thread_cpu()) {
                cpu[seat as usize] += b.saturating_sub(a);
            }
        }
        decisions[seat as usize] += 1;
        let action = match choice {
            Ok(a) => a,
            Err(why) => {
                forfeit = Some((seat, why));
                break;
            }
        };
        match game.play(action) {
            Ok(_) => {
                actions += 1;
                placements += matches!(action, Action::Play { .. }) as u64;
            }
            Err(e) => {
                forfeit =
                    Some((seat, format!("{} answered an illegal action {action:?}: {e}", bots[seat as usize].name())));
                break;
            }
        }
    }
    for (seat, bot) in bots.iter_mut().enumerate() {
        bot.game_over(&game.observe(seat as u8));
    }
    let winners: Vec<u8> = match &forfeit {
        Some((loser, _)) => (0..players as u8).filter(|s| s != loser).collect(),
        None => game.winners().iter().collect(),
    };
    // A forfeit is written into the record (a `Forfeit` header and a last
    // comment): the rules did not end the game, the record says what did.
    let record = names.map(|n| {
        let tags = [("Seed", seed.to_string())];
        match &forfeit {
            Some((seat, why)) => record::write_forfeit(&game, n, &tags, *seat, why),
            None => record::write(&game, n, &tags),
        }
    });
    GameResult {
        seed,
        totals: game.totals().to_vec(),
        winners,
        rounds: game.public().round(),
        placements,
        actions,
        forfeit,
        record,
        deal: game.history().first().map(|h| h.deal.hands.clone()).unwrap_or_default(),
        think,
        cpu,
        decisions,
    }
}

/// The CPU time the calling thread has used, where the system tells it.
fn thread_cpu() -> Option<Duration> {
    #[cfg(any(target_os = "linux", target_os = "android", target_os = "macos", target_os = "freebsd"))]
    {
        let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
        Some(Duration::new(u64::try_from(t.tv_sec).ok()?, u32::try_from(t.tv_nsec).ok()?))
    }
    #[cfg(not(any(target_os = "linux", target_os = "android", target_os = "macos", target_os = "freebsd")))]
    None
}

/// A bot specification: a level name (`random`, `greedy`, `heuristic`, `mcts`,
/// or, built with the feature `lab`, one of the lab's such as `mcts-v1`) or `cmd:PROGRAM ARGS` for an
/// external bot. A searching level may name its own budget after an `@`,
/// overriding the one given ([`parse_spec`]): `mcts@10000`, `mcts@1s`.
pub fn build_bot(spec: &str, seed: u64, budget: Budget) -> Result<Box<dyn Bot>, String> {
    match spec.strip_prefix("cmd:") {
        Some(cmd) => Ok(Box::new(crate::external::External::spawn(cmd, budget)?)),
        None => {
            let (level, budget) = parse_spec(spec, budget)?;
            make_bot(level, seed, budget)
        }
    }
}

/// Splits a level spec into the level and its budget: `LEVEL@N` searches `N`
/// iterations a decision, `LEVEL@Ns` / `LEVEL@Nms` thinks `N` seconds /
/// milliseconds a decision; either replaces both the iterations and the time
/// of `budget` (its threads are kept). Without an `@` the spec is the level
/// and `budget` is returned as it is. Only searching levels (`mcts`,
/// `mcts-v1`, ...) take a budget; `cmd:` specs are not split (the command
/// may hold an `@`).
///
/// ```
/// use std::time::Duration;
/// use triominos_bots::{play::parse_spec, Budget};
/// let (level, b) = parse_spec("mcts@250ms", Budget::iterations(1000)).unwrap();
/// assert_eq!((level, b.iterations, b.time), ("mcts", None, Some(Duration::from_millis(250))));
/// assert_eq!(parse_spec("mcts@10000", Budget::default()).unwrap().1.iterations, Some(10_000));
/// assert!(parse_spec("greedy@1s", Budget::default()).is_err());
/// ```
pub fn parse_spec(spec: &str, budget: Budget) -> Result<(&str, Budget), String> {
    if spec.starts_with("cmd:") {
        return Ok((spec, budget));
    }
    let Some((level, b)) = spec.split_once('@') else {
        return Ok((spec, budget));
    };
    if !level.starts_with("mcts") {
        return Err(format!("bot {spec:?}: {level} does not search, only mcts levels take a budget after @"));
    }
    let bad =
        || format!("bot {spec:?}: bad budget {b:?} (expected iterations such as 10000, or a time such as 1s or 250ms)");
    let number = |digits: &str| -> Result<u64, String> {
        match digits.parse::<u64>() {
            Ok(n) if n > 0 && digits.bytes().all(|c| c.is_ascii_digit()) => Ok(n),
            _ => Err(bad()),
        }
    };
    let mut out = Budget { iterations: None, time: None, threads: budget.threads };
    if let Some(ms) = b.strip_suffix("ms") {
        out.time = Some(std::time::Duration::from_millis(number(ms)?));
    } else if let Some(s) = b.strip_suffix('s') {
        let secs = number(s)?;
        out.time = Some(std::time::Duration::from_secs(secs.min(86_400)));
    } else {
        out.iterations = Some(u32::try_from(number(b)?).map_err(|_| bad())?);
    }
    Ok((level, out))
}

/// Mixes a deal seed and a seat into a bot's own seed.
fn bot_seed(seed: u64, seat: usize) -> u64 {
    seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (seat as u64 + 1).wrapping_mul(0xD1B5_4A32_D192_ED03)
}

/// Plays `games` games from consecutive seeds, in parallel on the current rayon
/// pool, with the bots of `specs` in seat order. `done` is called after each game.
pub fn selfplay(
    rules: RuleSet,
    specs: &[String],
    games: u64,
    seed: u64,
    budget: Budget,
    records: bool,
    done: &(dyn Fn(&GameResult) + Sync),
) -> Result<Vec<GameResult>, String> {
    for s in specs {
        build_bot(s, 0, budget)?; // fail early on a bad spec
    }
    let names: Vec<String> = (0..specs.len()).map(|i| format!("P{}", i + 1)).collect();
    (0..games)
        .into_par_iter()
        .map(|i| {
            let s = seed.wrapping_add(i);
            let mut bots: Vec<Box<dyn Bot>> = specs
                .iter()
                .enumerate()
                .map(|(k, b)| build_bot(b, bot_seed(s, k), budget))
                .collect::<Result<_, _>>()?;
            let r = play_game(rules, s, &mut bots, records.then_some(&names[..]));
            done(&r);
            Ok(r)
        })
        .collect()
}

/// One arena game: which bot sat where.
#[derive(Clone, Debug, PartialEq)]
pub struct ArenaGame {
    /// Index (into the arena's bot list) of the bot in each seat.
    pub seating: Vec<usize>,
    /// The game.
    pub result: GameResult,
}

/// Plays paired deals: for each of `deals` seeds, one game per rotation of the
/// seats, so every bot plays every seat of the same deal and the luck of the
/// deal cancels. `bots[i]` sits in seat `(i + rotation) % n`. No clock is
/// read ([`arena_with`] to time the decisions).
pub fn arena(
    rules: RuleSet,
    specs: &[String],
    deals: u64,
    seed: u64,
    budget: Budget,
    done: &(dyn Fn(&ArenaGame) + Sync),
) -> Result<Vec<ArenaGame>, String> {
    arena_with(rules, specs, deals, seed, budget, Clocks::Off, done)
}

/// [`arena`], reading `clocks` around each decision.
pub fn arena_with(
    rules: RuleSet,
    specs: &[String],
    deals: u64,
    seed: u64,
    budget: Budget,
    clocks: Clocks,
    done: &(dyn Fn(&ArenaGame) + Sync),
) -> Result<Vec<ArenaGame>, String> {
    let n = specs.len();
    for s in specs {
        build_bot(s, 0, budget)?;
    }
    let jobs: Vec<(u64, usize)> = (0..deals).flat_map(|d| (0..n).map(move |rot| (seed.wrapping_add(d), rot))).collect();
    jobs.into_par_iter()
        .map(|(s, rot)| {
            // seating[seat] = bot index
            let seating: Vec<usize> = (0..n).map(|seat| (seat + n - rot) % n).collect();
            let mut bots: Vec<Box<dyn Bot>> = seating
                .iter()
                .enumerate()
                .map(|(seat, &b)| build_bot(&specs[b], bot_seed(s, seat * 31 + rot), budget))
                .collect::<Result<_, _>>()?;
            let result = play_game_with(rules, s, &mut bots, None, clocks);
            let g = ArenaGame { seating, result };
            done(&g);
            Ok(g)
        })
        .collect()
}

/// Per-bot arena figures.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// The bot's spec.
    pub bot: String,
    /// Games played.
    pub games: u64,
    /// Wins (a shared win counts as a fraction).
    pub wins: f64,
    /// Win rate.
    pub win_rate: f64,
    /// 95% confidence interval of the win rate (Wilson score interval).
    pub ci95: (f64, f64),
    /// Average final total.
    pub avg_points: f64,
    /// Elo rating after all games (start 1000, K = 16, pairwise by final rank).
    pub elo: f64,
    /// Games lost by forfeit.
    pub forfeits: u64,
}

fn wilson(wins: f64, n: f64) -> (f64, f64) {
    if n == 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.96;
    let p = wins / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * ((p * (1.0 - p) + z * z / (4.0 * n)) / n).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Win rates with confidence intervals, average points and Elo ratings.
pub fn standings(specs: &[String], games: &[ArenaGame]) -> Vec<Standing> {
    use skillratings::elo::{elo, EloConfig, EloRating};
    use skillratings::Outcomes;
    let n = specs.len();
    let mut wins = vec![0.0; n];
    let mut points = vec![0i64; n];
    let mut played = vec![0u64; n];
    let mut forfeits = vec![0u64; n];
    let mut ratings = vec![EloRating { rating: 1000.0 }; n];
    let config = EloConfig { k: 16.0 };
    let mut ordered: Vec<&ArenaGame> = games.iter().collect();
    ordered.sort_by_key(|g| (g.result.seed, g.seating.clone()));
    for g in ordered {
        let w = g.result.winners.len().max(1) as f64;
        for (seat, &b) in g.seating.iter().enumerate() {
            played[b] += 1;
            points[b] += g.result.totals.get(seat).copied().unwrap_or(0) as i64;
            if g.result.winners.contains(&(seat as u8)) {
                wins[b] += 1.0 / w;
            }
            if g.result.forfeit.as_ref().is_some_and(|f| f.0 as usize == seat) {
                forfeits[b] += 1;
            }
        }
        // Pairwise Elo: winners beat non-winners; otherwise compare totals.
        let score = |seat: usize| -> (bool, i32) {
            (g.result.winners.contains(&(seat as u8)), g.result.totals.get(seat).copied().unwrap_or(0))
        };
        for a in 0..n {
            for b in a + 1..n {
                let (ba, bb) = (g.seating[a], g.seating[b]);
                if ba == bb {
                    continue;
                }
                let outcome = match score(a).cmp(&score(b)) {
                    std::cmp::Ordering::Greater => Outcomes::WIN,
                    std::cmp::Ordering::Less => Outcomes::LOSS,
                    std::cmp::Ordering::Equal => Outcomes::DRAW,
                };
                let (ra, rb) = elo(&ratings[ba], &ratings[bb], &outcome, &config);
                ratings[ba] = ra;
                ratings[bb] = rb;
            }
        }
    }
    (0..n)
        .map(|b| {
            let games = played[b];
            Standing {
                bot: specs[b].clone(),
                games,
                wins: wins[b],
                win_rate: if games > 0 { wins[b] / games as f64 } else { 0.0 },
                ci95: wilson(wins[b], games as f64),
                avg_points: if games > 0 { points[b] as f64 / games as f64 } else { 0.0 },
                elo: ratings[b].rating,
                forfeits: forfeits[b],
            }
        })
        .collect()
}
