//! The strength ladder (module `triominos_bots::ladder`): every named level,
//! `heuristic` and `mcts` at several budgets against `greedy` on paired deals
//! (2-player Goliath to 400, seeded), each rung's win rate with its 95%
//! interval and mean think time a move (CPU and wall-clock). Writes `OUT.json` (the data), then
//! from it `OUT.md` (a markdown table) and `OUT.svg` (win rate against think
//! time), after each rung, so a run cut short keeps the rungs it finished.
//!
//! ```text
//! nice -n 10 cargo run --release -p triominos-bots --example ladder -- \
//!     --games 200 --games-for expert=20 --out docs/figures/ladder
//! cargo run --release -p triominos-bots --example ladder -- --from-data docs/figures/ladder.json
//! ```
//!
//! Flags: `--games N` games a rung (paired deals: N/2 deals, each played in
//! both seatings; default 100), `--games-for SPEC=N` another number for one
//! rung (repeatable), `--rungs A,B,...` the bots (default
//! `ladder::DEFAULT_RUNGS`; any arena spec, e.g. `mcts@250ms`), `--against
//! BOT` (default greedy), `--seed S` (default 1), `--threads T` games in
//! parallel (default: every core), `--out STEM` (default
//! `docs/figures/ladder`), `--from-data FILE` redraw `FILE`'s table and chart
//! (beside it, or at `--out`) without playing.

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use triominos_bots::ladder::{self, Ladder};
use triominos_core::RuleSet;

struct Args {
    games: u64,
    games_for: BTreeMap<String, u64>,
    rungs: Vec<String>,
    against: String,
    seed: u64,
    threads: Option<usize>,
    out: Option<String>,
    from_data: Option<String>,
}

fn parse(args: &[String]) -> Result<Args, String> {
    let mut a = Args {
        games: 100,
        games_for: BTreeMap::new(),
        rungs: ladder::DEFAULT_RUNGS.iter().map(|s| s.to_string()).collect(),
        against: "greedy".into(),
        seed: 1,
        threads: None,
        out: None,
        from_data: None,
    };
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let mut value = || it.next().cloned().ok_or_else(|| format!("{flag} needs a value"));
        let number = |v: String| v.parse::<u64>().map_err(|e| format!("{flag} {v}: {e}"));
        match flag.as_str() {
            "--games" => a.games = number(value()?)?,
            "--games-for" => {
                let v = value()?;
                let (spec, n) = v.rsplit_once('=').ok_or_else(|| format!("--games-for {v}: expected SPEC=GAMES"))?;
                a.games_for.insert(spec.to_string(), number(n.to_string())?);
            }
            "--rungs" => {
                a.rungs = value()?.split(',').map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).collect()
            }
            "--against" => a.against = value()?,
            "--seed" => a.seed = number(value()?)?,
            "--threads" => a.threads = Some(number(value()?)? as usize),
            "--out" => a.out = Some(value()?),
            "--from-data" => a.from_data = Some(value()?),
            _ => return Err(format!("unknown flag {flag} (see the top of examples/ladder.rs)")),
        }
    }
    if let Some(spec) = a.games_for.keys().find(|s| !a.rungs.contains(s)) {
        return Err(format!("--games-for {spec}: not one of the rungs ({})", a.rungs.join(",")));
    }
    if a.games == 0 || a.games_for.values().any(|&n| n == 0) {
        return Err("a rung needs at least one game (--games, --games-for)".into());
    }
    if a.rungs.is_empty() {
        return Err("--rungs needs at least one bot".into());
    }
    Ok(a)
}

/// Writes the data (unless redrawing), the table and the chart at `stem`.
fn write(stem: &str, ladder: &Ladder, data: bool) -> Result<(), String> {
    if let Some(dir) = std::path::Path::new(stem).parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    let mut files =
        vec![(format!("{stem}.md"), ladder::markdown(ladder)), (format!("{stem}.svg"), ladder::svg(ladder))];
    if data {
        files.insert(0, (format!("{stem}.json"), ladder.to_json()));
    }
    for (path, text) in files {
        std::fs::write(&path, text).map_err(|e| format!("cannot write {path}: {e}"))?;
    }
    Ok(())
}

fn run(a: Args) -> Result<(), String> {
    if let Some(file) = &a.from_data {
        let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read {file}: {e}"))?;
        let ladder = Ladder::from_json(&text).map_err(|e| format!("{file}: {e}"))?;
        let stem = a.out.clone().unwrap_or_else(|| file.strip_suffix(".json").unwrap_or(file).to_string());
        write(&stem, &ladder, false)?;
        print!("{}", ladder::markdown(&ladder));
        eprintln!("wrote {stem}.md and {stem}.svg from {file}");
        return Ok(());
    }
    let stem = a.out.clone().unwrap_or_else(|| "docs/figures/ladder".into());
    // Every bot is checked before any plays: a misspelt last rung fails now, not in an hour.
    for spec in a.rungs.iter().chain([&a.against]) {
        triominos_bots::play::build_bot(spec, 0, triominos_bots::Budget::default())?;
    }
    let rules = RuleSet::preset("goliath").map_err(|e| e.to_string())?;
    let mut builder = rayon::ThreadPoolBuilder::new();
    if let Some(t) = a.threads {
        builder = builder.num_threads(t.max(1));
    }
    let pool = builder.build().map_err(|e| e.to_string())?;
    let mut ladder = Ladder::new(&a.against, "goliath", a.seed);
    ladder.command =
        std::iter::once("ladder".to_string()).chain(std::env::args().skip(1)).collect::<Vec<_>>().join(" ");
    ladder.threads = pool.current_num_threads();
    ladder.load.extend(ladder::load_average());
    let started = std::time::Instant::now();
    for spec in &a.rungs {
        let games = a.games_for.get(spec).copied().unwrap_or(a.games);
        let deals = games.div_ceil(2);
        let played = AtomicU64::new(0);
        let done = |_: &_| {
            let n = played.fetch_add(1, Ordering::Relaxed) + 1;
            if n.is_multiple_of(20) {
                eprint!("\r{spec}: {n}/{} games", 2 * deals);
            }
        };
        let rung = pool.install(|| ladder::measure(rules, spec, &a.against, deals, a.seed, &done))?;
        eprintln!("\r{}, {:.0} s", rung.summary(), rung.seconds);
        ladder.rungs.push(rung);
        write(&stem, &ladder, true)?;
    }
    ladder.load.extend(ladder::load_average());
    write(&stem, &ladder, true)?;
    print!("{}", ladder::markdown(&ladder));
    eprintln!(
        "wrote {stem}.json, {stem}.md and {stem}.svg in {:.0} s; load average {:?}",
        started.elapsed().as_secs_f64(),
        ladder.load
    );
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match parse(&args).and_then(run) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("ladder: {e}");
            ExitCode::from(2)
        }
    }
}
