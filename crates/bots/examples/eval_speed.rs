//! The CPU cost of a search spec at 1,000 iterations a decision, from the
//! bench's mid-round position (2-player Goliath, 16 greedy moves in), one
//! thread: `eval_speed SPEC [REPEATS]` runs REPEATS decisions and prints
//! the iterations a second of the process's CPU time (user + system, read
//! from /proc/self/stat), which a busy machine disturbs less than wall time.
//!
//! `cargo run --release -p triominos-bots --features lab --example eval_speed -- "mcts~g=100~i=1~t=4~l=10~a=1~n=3~ve=1" 200`

use triominos_bots::{make_bot, Bot, Budget};
use triominos_core::{Game, RuleSet};

/// CPU seconds of this process so far (Linux), or `None` elsewhere.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let rest = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split(' ').collect();
    // utime and stime: fields 14 and 15 of the line, 12 and 13 after the name.
    let ticks: f64 = f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let spec = args.first().ok_or("usage: eval_speed SPEC [REPEATS]")?;
    let repeats: u32 = args.get(1).map_or(Ok(100), |r| r.parse()).map_err(|e| format!("repeats: {e}"))?;
    let mut g = Game::new(RuleSet::preset("goliath").map_err(|e| e.to_string())?, 2, 3).map_err(|e| e.to_string())?;
    let mut greedy: Vec<Box<dyn Bot>> =
        (0..2).map(|s| make_bot("greedy", s, Budget::default())).collect::<Result<_, _>>()?;
    for _ in 0..16 {
        let seat = g.to_move();
        let a = greedy[seat as usize].choose(&g.observe(seat));
        g.play(a).map_err(|e| e.to_string())?;
    }
    let obs = g.observe(g.to_move());
    let (t0, w0) = (cpu_seconds().ok_or("no /proc/self/stat")?, std::time::Instant::now());
    for r in 0..repeats {
        let mut bot = make_bot(spec, r as u64, Budget::iterations(1000))?;
        std::hint::black_box(bot.choose(&obs));
    }
    let cpu = cpu_seconds().ok_or("no /proc/self/stat")? - t0;
    let n = repeats as f64 * 1000.0;
    println!("{spec}: {:.0} iterations/s of CPU ({cpu:.2} s), {:.0} of wall", n / cpu, n / w0.elapsed().as_secs_f64());
    Ok(())
}
