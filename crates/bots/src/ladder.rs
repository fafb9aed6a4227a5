//! The strength ladder: each named level and several search budgets played
//! against one reference bot (`greedy`) on paired deals, each rung's win rate
//! with its 95% confidence interval and its mean think time a move (CPU
//! time and wall-clock time); kept as data ([`Ladder`], JSON) and drawn from
//! it as a markdown table ([`markdown`]) and an SVG chart of win rate against
//! CPU time a move ([`svg`]). The chart uses CPU time because the wall-clock
//! time of a decision grows with whatever else shares the processor, and
//! this machine is shared.
//!
//! The command that measures it is the example `ladder` (see
//! `crates/bots/examples/README.md`); the figures and the chart are in
//! `docs/bots-and-figures.md` and the README.
//!
//! ```
//! use triominos_bots::ladder::{markdown, svg, Ladder, Rung};
//! let mut ladder = Ladder::new("greedy", "goliath", 1);
//! ladder.rungs.push(Rung {
//!     spec: "mcts@1000".into(),
//!     label: "mcts@1000".into(),
//!     games: 400,
//!     wins: 352.0,
//!     win_rate: 0.88,
//!     ci95: (0.846, 0.909),
//!     avg_points: 456.0,
//!     against_points: 320.0,
//!     think_ms: 11.5,
//!     cpu_ms: 9.6,
//!     decisions: 40_000,
//!     against_think_ms: 0.01,
//!     seconds: 600.0,
//! });
//! assert!(markdown(&ladder).contains("| mcts@1000 | 88.0% | 84.6-90.9% | 400 | 9.6 ms | 11.5 ms |"));
//! assert!(svg(&ladder).contains(">mcts@1000 88%<"));
//! ```

use crate::play::{arena_with, standings, ArenaGame, Clocks};
use crate::{levels, Budget};
use serde::{Deserialize, Serialize};
use std::fmt::Write;
use std::time::{Duration, Instant};
use triominos_core::RuleSet;

/// The rungs measured by default, weakest first: the named levels, the
/// `heuristic` bot, and `mcts` at budgets around Clever's (300 iterations)
/// and Expert's (a second a move; 10,000 iterations in games of bots alone).
pub const DEFAULT_RUNGS: [&str; 9] =
    ["beginner", "casual", "heuristic", "mcts@100", "clever", "mcts@1000", "mcts@3000", "mcts@10000", "expert"];

/// One rung: a bot's figures against the reference bot.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rung {
    /// The bot as the arena names it (`clever`, `mcts@1000`).
    pub spec: String,
    /// How the table and chart name it ([`label`]).
    pub label: String,
    /// Games played (paired deals x 2 seatings).
    pub games: u64,
    /// Games won (a shared win counts as a fraction).
    pub wins: f64,
    /// Share of the games won, 0 to 1.
    pub win_rate: f64,
    /// 95% confidence interval of the win rate (Wilson).
    pub ci95: (f64, f64),
    /// The bot's average final total.
    pub avg_points: f64,
    /// The reference bot's average final total.
    pub against_points: f64,
    /// The bot's mean wall-clock time a decision, in milliseconds.
    pub think_ms: f64,
    /// The bot's mean CPU time a decision on the thread that chose, in
    /// milliseconds: what a decision costs whatever else shares the
    /// processor (a bot thinking on several threads, as Expert, uses more).
    #[serde(default)]
    pub cpu_ms: f64,
    /// The bot's decisions over all games.
    pub decisions: u64,
    /// The reference bot's mean time a decision, in milliseconds.
    pub against_think_ms: f64,
    /// Wall-clock seconds the rung took.
    pub seconds: f64,
}

impl Rung {
    /// The rung in a line: its label, win rate with its 95% interval, games
    /// and time a move (`mcts@1000: 48.5% (45.1-51.9%) in 800 games, 11.5 ms
    /// CPU a move (11.6 ms wall)`), as the chart's description and the
    /// ladder example's progress say it.
    pub fn summary(&self) -> String {
        format!(
            "{}: {:.1}% ({:.1}-{:.1}%) in {} games, {} CPU a move ({} wall)",
            self.label,
            100.0 * self.win_rate,
            100.0 * self.ci95.0,
            100.0 * self.ci95.1,
            self.games,
            human_time(self.cpu_ms),
            human_time(self.think_ms)
        )
    }
}

/// A measured ladder: how it was measured and its rungs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ladder {
    /// The reference bot.
    pub against: String,
    /// The rule set (a preset name).
    pub ruleset: String,
    /// The first deal seed (every rung plays the same deals).
    pub seed: u64,
    /// The command that measured it.
    pub command: String,
    /// Threads playing games in parallel.
    pub threads: usize,
    /// The machine's load average (1, 5, 15 minutes) when the run started
    /// and when it ended, where the system tells it (`/proc/loadavg`).
    pub load: Vec<[f64; 3]>,
    /// The rungs, in the order measured.
    pub rungs: Vec<Rung>,
}

impl Ladder {
    /// An empty ladder against `against` on `ruleset`'s deals from `seed`.
    pub fn new(against: &str, ruleset: &str, seed: u64) -> Ladder {
        Ladder {
            against: against.into(),
            ruleset: ruleset.into(),
            seed,
            command: String::new(),
            threads: 1,
            load: Vec::new(),
            rungs: Vec::new(),
        }
    }

    /// The ladder as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default() + "\n"
    }

    /// A ladder from its JSON, or what is wrong with it.
    pub fn from_json(text: &str) -> Result<Ladder, String> {
        serde_json::from_str(text).map_err(|e| format!("not a ladder: {e}"))
    }
}

/// The machine's load average now, where the system tells it.
pub fn load_average() -> Option<[f64; 3]> {
    let text = std::fs::read_to_string("/proc/loadavg").ok()?;
    let mut it = text.split_whitespace().map(|w| w.parse::<f64>().ok());
    Some([it.next()??, it.next()??, it.next()??])
}

/// How the table and chart name a bot: a named level with the bot and
/// budget it stands for (`clever (mcts@300)`), anything else as given.
pub fn label(spec: &str) -> String {
    let Some(l) = levels::named(spec) else {
        return spec.to_string();
    };
    let budget = match (l.budget.iterations, l.budget.time) {
        (Some(n), _) => format!("{}@{n}", l.bot),
        (None, Some(t)) => {
            let threads = if l.budget.threads > 1 { format!(", {} threads", l.budget.threads) } else { String::new() };
            let ms = t.as_millis();
            let time = if ms % 1000 == 0 { format!("{}s", ms / 1000) } else { format!("{ms}ms") };
            format!("{}@{time}{threads}", l.bot)
        }
        (None, None) => l.bot.to_string(),
    };
    format!("{} ({budget})", l.id)
}

/// Plays `deals` paired deals (2 x `deals` games) of `spec` against
/// `against` from `seed` on the current rayon pool and sums them up as a
/// rung; `done` is called after each game.
pub fn measure(
    rules: RuleSet,
    spec: &str,
    against: &str,
    deals: u64,
    seed: u64,
    done: &(dyn Fn(&ArenaGame) + Sync),
) -> Result<Rung, String> {
    let specs = [spec.to_string(), against.to_string()];
    let started = Instant::now();
    let games = arena_with(rules, &specs, deals, seed, Budget::default(), Clocks::WallAndCpu, done)?;
    let seconds = started.elapsed().as_secs_f64();
    let table = standings(&specs, &games);
    // (wall time, CPU time, decisions) of one bot over all games.
    let think = |bot: usize| -> (Duration, Duration, u64) {
        let mut total = (Duration::ZERO, Duration::ZERO, 0u64);
        for g in &games {
            for (seat, &b) in g.seating.iter().enumerate() {
                if b == bot {
                    total.0 += g.result.think.get(seat).copied().unwrap_or_default();
                    total.1 += g.result.cpu.get(seat).copied().unwrap_or_default();
                    total.2 += g.result.decisions.get(seat).copied().unwrap_or(0) as u64;
                }
            }
        }
        total
    };
    let per_ms = |t: Duration, n: u64| if n > 0 { t.as_secs_f64() * 1000.0 / n as f64 } else { 0.0 };
    let (mine, theirs) = (think(0), think(1));
    Ok(Rung {
        spec: spec.to_string(),
        label: label(spec),
        games: table[0].games,
        wins: table[0].wins,
        win_rate: table[0].win_rate,
        ci95: table[0].ci95,
        avg_points: table[0].avg_points,
        against_points: table[1].avg_points,
        think_ms: per_ms(mine.0, mine.2),
        cpu_ms: per_ms(mine.1, mine.2),
        decisions: mine.2,
        against_think_ms: per_ms(theirs.0, theirs.2),
        seconds,
    })
}

/// A time in milliseconds as people read it: `3.2 µs`, `11.5 ms`, `1.00 s`.
pub fn human_time(ms: f64) -> String {
    if ms >= 1000.0 {
        format!("{:.2} s", ms / 1000.0)
    } else if ms >= 1.0 {
        format!("{ms:.1} ms")
    } else {
        format!("{:.1} µs", ms * 1000.0)
    }
}

/// The ladder as a markdown table, one row a rung in the data's order.
pub fn markdown(ladder: &Ladder) -> String {
    let mut t = format!(
        "| bot | win rate against `{}` | 95% CI | games | CPU a move | wall a move | points a game (against `{}`) |\n\
         |---|---|---|---|---|---|---|\n",
        ladder.against, ladder.against
    );
    for r in &ladder.rungs {
        let _ = writeln!(
            t,
            "| {} | {:.1}% | {:.1}-{:.1}% | {} | {} | {} | {:.0} ({:.0}) |",
            r.label.replace('|', "\\|"),
            100.0 * r.win_rate,
            100.0 * r.ci95.0,
            100.0 * r.ci95.1,
            r.games,
            human_time(r.cpu_ms),
            human_time(r.think_ms),
            r.avg_points,
            r.against_points
        );
    }
    t
}

/// The chart's frame: the plot area in SVG units and the axes' ranges.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Frame {
    /// Left edge of the plot area.
    pub left: f64,
    /// Right edge of the plot area.
    pub right: f64,
    /// Top of the plot area (100% win rate).
    pub top: f64,
    /// Bottom of the plot area (0% win rate).
    pub bottom: f64,
    /// The decade at the left edge: 10^lo ms.
    pub lo: i32,
    /// The decade at the right edge: 10^hi ms.
    pub hi: i32,
}

/// The shortest think time the chart shows (0.1 µs), so that a bot that
/// takes no measurable time still has a place on a log axis.
const FLOOR_MS: f64 = 1e-4;

impl Frame {
    /// The frame of `ladder`'s chart: whole decades around its CPU times.
    pub fn of(ladder: &Ladder) -> Frame {
        let logs = ladder.rungs.iter().map(|r| r.cpu_ms.max(FLOOR_MS).log10());
        let (mut lo, mut hi) = logs.fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), x| (a.min(x), b.max(x)));
        if !lo.is_finite() {
            (lo, hi) = (-3.0, 3.0);
        }
        let (lo, mut hi) = (lo.floor() as i32, hi.ceil() as i32);
        if hi <= lo {
            hi = lo + 1;
        }
        Frame { left: 70.0, right: 700.0, top: 50.0, bottom: 390.0, lo, hi }
    }

    /// The x of a think time.
    pub fn x(&self, ms: f64) -> f64 {
        let t = (ms.max(FLOOR_MS).log10() - self.lo as f64) / (self.hi - self.lo) as f64;
        self.left + t * (self.right - self.left)
    }

    /// The y of a win rate (0 to 1).
    pub fn y(&self, rate: f64) -> f64 {
        self.bottom - rate.clamp(0.0, 1.0) * (self.bottom - self.top)
    }
}

/// Escapes text for SVG content and attributes.
fn esc(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// Whether a rung is the search at a number of iterations (those are joined
/// by a line, weakest budget first).
fn iterations_of(spec: &str) -> Option<u32> {
    let spec = levels::named(spec).map_or(spec.to_string(), |l| match l.budget.iterations {
        Some(n) if l.bot == "mcts" => format!("mcts@{n}"),
        _ => l.id.to_string(),
    });
    spec.strip_prefix("mcts@")?.parse().ok()
}

/// The chart: each rung's win rate (a dot, its 95% interval a bar, its
/// label beside) against its CPU time a move on a log axis; a dashed line
/// at 50% (even with the reference bot); the search's iteration budgets
/// joined by a line. Plain SVG, no script, with a title and a description.
pub fn svg(ladder: &Ladder) -> String {
    let f = Frame::of(ladder);
    let (w, h) = (f.right + 230.0, f.bottom + 60.0);
    let title = format!("Strength ladder: win rate against {} by think time a move", ladder.against);
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" role="img" aria-labelledby="ladder-title ladder-desc" font-family="sans-serif" font-size="12">"#
    );
    let desc: Vec<String> = ladder.rungs.iter().map(Rung::summary).collect();
    let _ = writeln!(s, r#"<title id="ladder-title">{}</title>"#, esc(&title));
    let _ = writeln!(s, r#"<desc id="ladder-desc">{}</desc>"#, esc(&desc.join("; ")));
    let _ = writeln!(s, r#"<rect width="{w}" height="{h}" fill="white"/>"#);
    let _ = writeln!(
        s,
        r#"<text x="{}" y="24" font-size="14" font-weight="bold">{}</text>"#,
        f.left,
        esc(&format!("Win rate against {}, 2-player {}, paired deals, 95% CI", ladder.against, ladder.ruleset))
    );
    // Grid and y axis: every 10%, labelled every 20%.
    for p in (0..=100).step_by(10) {
        let y = f.y(p as f64 / 100.0);
        let _ = writeln!(
            s,
            r##"<line class="grid" x1="{}" y1="{y:.1}" x2="{}" y2="{y:.1}" stroke="#ddd"/>"##,
            f.left, f.right
        );
        if p % 20 == 0 {
            let _ = writeln!(s, r#"<text x="{}" y="{:.1}" text-anchor="end">{p}%</text>"#, f.left - 6.0, y + 4.0);
        }
    }
    let y50 = f.y(0.5);
    let _ = writeln!(
        s,
        r##"<line class="even" x1="{}" y1="{y50:.1}" x2="{}" y2="{y50:.1}" stroke="#888" stroke-dasharray="6 4"/>"##,
        f.left, f.right
    );
    let _ = writeln!(
        s,
        r##"<text x="{}" y="{:.1}" fill="#666" text-anchor="end" font-size="11">even with {}</text>"##,
        f.right - 4.0,
        y50 - 4.0,
        esc(&ladder.against)
    );
    // x axis: one tick a decade.
    for d in f.lo..=f.hi {
        let x = f.x(10f64.powi(d));
        let _ = writeln!(
            s,
            r##"<line class="tick" x1="{x:.1}" y1="{}" x2="{x:.1}" y2="{}" stroke="#ddd"/>"##,
            f.top, f.bottom
        );
        let _ =
            writeln!(s, r#"<text x="{x:.1}" y="{}" text-anchor="middle">{}</text>"#, f.bottom + 18.0, decade_label(d));
    }
    let _ = writeln!(
        s,
        r#"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="black"/>"#,
        f.left,
        f.top,
        f.right - f.left,
        f.bottom - f.top
    );
    let _ = writeln!(
        s,
        r#"<text x="{}" y="{}" text-anchor="middle">CPU time a move, on the thread that chose (log scale)</text>"#,
        (f.left + f.right) / 2.0,
        f.bottom + 40.0
    );
    let _ = writeln!(
        s,
        r#"<text transform="translate(18 {}) rotate(-90)" text-anchor="middle">win rate</text>"#,
        (f.top + f.bottom) / 2.0
    );
    // The search's budgets, joined.
    let mut search: Vec<(u32, &Rung)> =
        ladder.rungs.iter().filter_map(|r| iterations_of(&r.spec).map(|n| (n, r))).collect();
    search.sort_by_key(|(n, _)| *n);
    if search.len() > 1 {
        let points: Vec<String> =
            search.iter().map(|(_, r)| format!("{:.1},{:.1}", f.x(r.cpu_ms), f.y(r.win_rate))).collect();
        let _ = writeln!(
            s,
            r##"<polyline class="search" points="{}" fill="none" stroke="#7aa6d6" stroke-width="1.5"/>"##,
            points.join(" ")
        );
    }
    for r in &ladder.rungs {
        let (x, y) = (f.x(r.cpu_ms), f.y(r.win_rate));
        let (y1, y2) = (f.y(r.ci95.0), f.y(r.ci95.1));
        let _ = writeln!(
            s,
            r##"<line class="ci" x1="{x:.1}" y1="{y1:.1}" x2="{x:.1}" y2="{y2:.1}" stroke="#1f4e8c" stroke-width="1.5"/>"##
        );
        for yy in [y1, y2] {
            let _ = writeln!(
                s,
                r##"<line class="cap" x1="{:.1}" y1="{yy:.1}" x2="{:.1}" y2="{yy:.1}" stroke="#1f4e8c"/>"##,
                x - 4.0,
                x + 4.0
            );
        }
        let _ = writeln!(s, r##"<circle cx="{x:.1}" cy="{y:.1}" r="4" fill="#1f4e8c"/>"##);
    }
    let labels: Vec<String> = ladder.rungs.iter().map(|r| format!("{} {:.0}%", r.label, 100.0 * r.win_rate)).collect();
    for (label, place) in labels.iter().zip(place_labels(ladder, &f, &labels, w)) {
        let anchor = if place.anchor_end { r#" text-anchor="end""# } else { "" };
        let _ =
            writeln!(s, r#"<text class="label" x="{:.1}" y="{:.1}"{anchor}>{}</text>"#, place.x, place.y, esc(label));
    }
    s.push_str("</svg>\n");
    s
}

/// Where a label goes: its text's anchor point and side.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Place {
    x: f64,
    y: f64,
    anchor_end: bool,
}

/// A box: left, top, right, bottom.
type Box4 = (f64, f64, f64, f64);

/// The box a label's text covers (12 px sans-serif: about 6.6 px a character).
fn label_box(text: &str, p: Place) -> Box4 {
    let w = 6.6 * text.chars().count() as f64;
    let left = if p.anchor_end { p.x - w } else { p.x };
    (left, p.y - 10.0, left + w, p.y + 2.0)
}

fn overlaps(a: Box4, b: Box4) -> bool {
    a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3
}

/// Puts each label beside its dot where it covers the least: right of the
/// dot first, then left, below and above on either side, then a line
/// further below or above; a label over
/// another dot or label costs most, one crossing an interval's bar little,
/// one left of the plot (over the axis) or out of the picture more than all.
fn place_labels(ladder: &Ladder, f: &Frame, labels: &[String], width: f64) -> Vec<Place> {
    let dots: Vec<(f64, f64, Box4)> = ladder
        .rungs
        .iter()
        .map(|r| {
            let (x, y) = (f.x(r.cpu_ms), f.y(r.win_rate));
            (x, y, (x - 5.0, y - 5.0, x + 5.0, y + 5.0))
        })
        .collect();
    let bars: Vec<Box4> = ladder
        .rungs
        .iter()
        .map(|r| {
            let x = f.x(r.cpu_ms);
            (x - 4.0, f.y(r.ci95.1), x + 4.0, f.y(r.ci95.0))
        })
        .collect();
    let mut placed: Vec<Box4> = Vec::new();
    let mut out = Vec::new();
    for (i, text) in labels.iter().enumerate() {
        let (x, y, _) = dots[i];
        let candidates = [
            Place { x: x + 8.0, y: y + 4.0, anchor_end: false },
            Place { x: x - 8.0, y: y + 4.0, anchor_end: true },
            Place { x: x + 6.0, y: y + 18.0, anchor_end: false },
            Place { x: x + 6.0, y: y - 10.0, anchor_end: false },
            Place { x: x - 6.0, y: y + 18.0, anchor_end: true },
            Place { x: x - 6.0, y: y - 10.0, anchor_end: true },
            Place { x: x + 6.0, y: y + 32.0, anchor_end: false },
            Place { x: x + 6.0, y: y - 24.0, anchor_end: false },
        ];
        let cost = |p: Place| -> u32 {
            let b = label_box(text, p);
            let out_of_picture = b.0 < f.left + 2.0 || b.2 > width - 2.0 || b.1 < f.top - 8.0 || b.3 > f.bottom;
            let hits = dots.iter().enumerate().filter(|(j, d)| *j != i && overlaps(b, d.2)).count()
                + placed.iter().filter(|o| overlaps(b, **o)).count();
            let crossed = bars.iter().enumerate().filter(|(j, o)| *j != i && overlaps(b, **o)).count();
            100 * out_of_picture as u32 + 10 * hits as u32 + crossed as u32
        };
        let best = candidates.into_iter().min_by_key(|p| cost(*p)).unwrap_or(candidates[0]);
        placed.push(label_box(text, best));
        out.push(best);
    }
    out
}

/// A decade of milliseconds as an axis label: `1 µs`, `100 ms`, `10 s`.
fn decade_label(d: i32) -> String {
    match d {
        ..=-5 => format!("1e{d} ms"),
        -4 => "0.1 µs".into(),
        -3 => "1 µs".into(),
        -2 => "10 µs".into(),
        -1 => "100 µs".into(),
        0 => "1 ms".into(),
        1 => "10 ms".into(),
        2 => "100 ms".into(),
        3 => "1 s".into(),
        4 => "10 s".into(),
        5 => "100 s".into(),
        _ => format!("1e{} s", d - 3),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rung(spec: &str, win_rate: f64, ci95: (f64, f64), cpu_ms: f64) -> Rung {
        Rung {
            spec: spec.into(),
            label: label(spec),
            games: 200,
            wins: 200.0 * win_rate,
            win_rate,
            ci95,
            avg_points: 400.0,
            against_points: 300.0,
            // The wall-clock time of a busy machine: not what the chart shows.
            think_ms: 3.0 * cpu_ms,
            cpu_ms,
            decisions: 20_000,
            against_think_ms: 0.01,
            seconds: 10.0,
        }
    }

    fn small() -> Ladder {
        let mut l = Ladder::new("greedy", "goliath", 1);
        l.rungs = vec![
            rung("beginner", 0.2, (0.15, 0.26), 0.01),
            rung("mcts@100", 0.5, (0.43, 0.57), 1.0),
            rung("cmd:python3 bot.py <a&b>", 0.9, (0.85, 0.93), 100.0),
            rung("clever", 0.7, (0.63, 0.76), 3.0),
        ];
        l
    }

    fn num(n: roxmltree::Node, attr: &str) -> f64 {
        n.attribute(attr).and_then(|v| v.parse().ok()).unwrap_or(f64::NAN)
    }

    #[test]
    fn the_chart_is_svg_with_a_dot_an_interval_and_a_label_a_rung_where_the_data_puts_them() {
        let ladder = small();
        let text = svg(&ladder);
        let doc = roxmltree::Document::parse(&text).expect("the chart is well-formed XML");
        let root = doc.root_element();
        assert_eq!(root.tag_name().name(), "svg");
        assert_eq!(root.tag_name().namespace(), Some("http://www.w3.org/2000/svg"));
        let f = Frame::of(&ladder);
        // CPU times 0.01 to 100 ms: decades 10 µs to 100 ms.
        assert_eq!((f.lo, f.hi), (-2, 2));
        let dots: Vec<(f64, f64)> =
            root.descendants().filter(|n| n.has_tag_name("circle")).map(|n| (num(n, "cx"), num(n, "cy"))).collect();
        assert_eq!(dots.len(), 4);
        // A log axis: four decades across the plot, 0.01 ms at its left edge,
        // 1 ms in the middle, 100 ms at the right.
        assert!((dots[0].0 - f.left).abs() < 0.1);
        assert!((dots[1].0 - (f.left + f.right) / 2.0).abs() < 0.1);
        assert!((dots[2].0 - f.right).abs() < 0.1);
        // Win rates upwards: 50% on the dashed line, 90% higher than 70%.
        let even = root.descendants().find(|n| n.attribute("class") == Some("even")).unwrap();
        assert!((dots[1].1 - num(even, "y1")).abs() < 0.1);
        assert!((dots[1].1 - (f.top + f.bottom) / 2.0).abs() < 0.1);
        assert!(dots[2].1 < dots[3].1 && dots[3].1 < dots[1].1 && dots[1].1 < dots[0].1);
        // Each interval a vertical bar from its low end to its high end.
        let bars: Vec<_> = root.descendants().filter(|n| n.attribute("class") == Some("ci")).collect();
        assert_eq!(bars.len(), 4);
        for (bar, r) in bars.iter().zip(&ladder.rungs) {
            assert_eq!(num(*bar, "x1"), num(*bar, "x2"));
            assert!((num(*bar, "y1") - f.y(r.ci95.0)).abs() < 0.1);
            assert!((num(*bar, "y2") - f.y(r.ci95.1)).abs() < 0.1);
        }
        // Labels, with the text escaped and read back as written.
        let labels: Vec<String> = root
            .descendants()
            .filter(|n| n.attribute("class") == Some("label"))
            .map(|n| n.text().unwrap_or_default().to_string())
            .collect();
        assert_eq!(
            labels,
            ["beginner (random) 20%", "mcts@100 50%", "cmd:python3 bot.py <a&b> 90%", "clever (mcts@300) 70%"]
        );
        // The search's budgets joined in budget order: mcts@100, then Clever's 300.
        let line = root.descendants().find(|n| n.attribute("class") == Some("search")).unwrap();
        let expected = format!("{:.1},{:.1} {:.1},{:.1}", dots[1].0, dots[1].1, dots[3].0, dots[3].1);
        assert_eq!(line.attribute("points"), Some(expected.as_str()));
        // The x axis names its decades.
        let ticks: Vec<_> = root.descendants().filter(|n| n.attribute("class") == Some("tick")).collect();
        assert_eq!(ticks.len(), 5);
        for want in ["10 µs", "1 ms", "100 ms"] {
            assert!(root.descendants().any(|n| n.text() == Some(want)), "{want}");
        }
    }

    #[test]
    fn labels_of_close_dots_keep_clear_of_each_other_and_of_the_dots() {
        let mut ladder = Ladder::new("greedy", "goliath", 1);
        ladder.rungs = vec![
            rung("casual", 0.56, (0.46, 0.65), 0.0007),
            rung("heuristic", 0.57, (0.47, 0.66), 0.0026),
            rung("random", 0.55, (0.45, 0.64), 0.0009),
            rung("mcts@100", 0.67, (0.57, 0.75), 0.43),
        ];
        let text = svg(&ladder);
        let doc = roxmltree::Document::parse(&text).unwrap();
        let f = Frame::of(&ladder);
        let boxes: Vec<Box4> = doc
            .descendants()
            .filter(|n| n.attribute("class") == Some("label"))
            .map(|n| {
                let p = Place { x: num(n, "x"), y: num(n, "y"), anchor_end: n.attribute("text-anchor") == Some("end") };
                label_box(n.text().unwrap(), p)
            })
            .collect();
        assert_eq!(boxes.len(), 4);
        for (i, a) in boxes.iter().enumerate() {
            for b in &boxes[i + 1..] {
                assert!(!overlaps(*a, *b), "{a:?} and {b:?}");
            }
            for r in &ladder.rungs {
                let (x, y) = (f.x(r.cpu_ms), f.y(r.win_rate));
                assert!(!overlaps(*a, (x - 4.0, y - 4.0, x + 4.0, y + 4.0)), "{a:?} covers the dot at {x}, {y}");
            }
        }
        // The first label beside its dot, right of it, where nothing is in the way.
        let mcts = ladder.rungs[3].clone();
        assert!((boxes[3].0 - (f.x(mcts.cpu_ms) + 8.0)).abs() < 0.1);
    }

    #[test]
    fn an_empty_ladder_or_one_think_time_still_draws() {
        let mut ladder = Ladder::new("greedy", "goliath", 1);
        assert!(roxmltree::Document::parse(&svg(&ladder)).is_ok());
        ladder.rungs.push(rung("casual", 0.48, (0.41, 0.55), 0.0));
        let f = Frame::of(&ladder);
        assert_eq!((f.lo, f.hi), (-4, -3), "no time at all sits on the floor of the axis");
        let doc = svg(&ladder);
        assert!(roxmltree::Document::parse(&doc).is_ok());
        assert!(doc.contains(&format!(r#"cx="{:.1}""#, f.left)));
    }

    #[test]
    fn the_table_has_a_row_a_rung_in_order() {
        let table = markdown(&small());
        let rows: Vec<&str> = table.lines().collect();
        assert_eq!(rows.len(), 6);
        assert!(rows[0].starts_with("| bot | win rate against `greedy` | 95% CI |"));
        assert_eq!(rows[2], "| beginner (random) | 20.0% | 15.0-26.0% | 200 | 10.0 µs | 30.0 µs | 400 (300) |");
        assert_eq!(rows[3], "| mcts@100 | 50.0% | 43.0-57.0% | 200 | 1.0 ms | 3.0 ms | 400 (300) |");
        assert!(rows[4].contains("| 90.0% | 85.0-93.0% | 200 | 100.0 ms | 300.0 ms |"));
        assert!(rows[5].starts_with("| clever (mcts@300) | 70.0% |"));
    }

    #[test]
    fn the_data_reads_back_as_written() {
        let mut ladder = small();
        ladder.load = vec![[4.5, 6.25, 5.75]];
        assert_eq!(Ladder::from_json(&ladder.to_json()), Ok(ladder));
        assert!(Ladder::from_json("{\"against\": 3}").unwrap_err().starts_with("not a ladder"));
    }

    #[test]
    fn labels_name_the_bot_behind_a_level() {
        assert_eq!(label("beginner"), "beginner (random)");
        assert_eq!(label("casual"), "casual (greedy)");
        assert_eq!(label("clever"), "clever (mcts@300)");
        assert_eq!(label("expert"), "expert (mcts@1s, 2 threads)");
        assert_eq!(label("mcts@3000"), "mcts@3000");
        assert_eq!(iterations_of("clever"), Some(levels::CLEVER_ITERATIONS));
        assert_eq!(iterations_of("expert"), None);
        assert_eq!(iterations_of("mcts@1s"), None);
    }

    #[test]
    fn a_measured_rung_counts_every_game_and_decision_of_its_bot() {
        let rules = RuleSet::preset("goliath").unwrap();
        let r = measure(rules, "random", "greedy", 3, 7, &|_| {}).unwrap();
        assert_eq!(r.games, 6);
        assert_eq!(r.label, "random");
        assert!(r.decisions >= 6 * 10, "a bot takes many decisions a game: {}", r.decisions);
        assert!(r.ci95.0 <= r.win_rate && r.win_rate <= r.ci95.1);
        // Reproducible: the same deals and seeds give the same games.
        let again = measure(rules, "random", "greedy", 3, 7, &|_| {}).unwrap();
        assert_eq!((again.wins, again.decisions, again.avg_points), (r.wins, r.decisions, r.avg_points));
        assert!(measure(rules, "grandmaster", "greedy", 1, 1, &|_| {}).is_err());
    }
}
