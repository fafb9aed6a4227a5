//! The named levels a person picks (Beginner, Casual, Clever, Expert): which
//! bot each one is, how long it thinks, and how strong it measured.
//!
//! This file is the one place these facts live. The server offers [`NAMED`]
//! to the lobby (`GET /api/meta`), builds a seat's bot with [`Level::make`],
//! and lets a level that wants more than one thread use them only when the
//! server is idle ([`choose_on_threads`]). [`crate::make_bot`] accepts the
//! ids too, so the arena can measure a level exactly as it is served.
//!
//! # The strength figures
//!
//! Each level's [`Strength`] is its win rate against `greedy` in the arena:
//! paired deals (each deal played once per seating), 2-player Goliath to 400,
//! release build, on the shared 2-core machine. The exact command of each is
//! in its [`Strength::command`]; run from the workspace root with
//! `cargo build --release -p triominos` first, for example:
//!
//! ```text
//! nice -n 10 target/release/triominos arena --bots beginner,greedy --deals 100 --seed 1
//! nice -n 10 target/release/triominos arena --bots casual,greedy --deals 100 --seed 1
//! nice -n 10 target/release/triominos arena --bots clever,greedy --deals 100 --seed 1
//! nice -n 10 target/release/triominos arena --bots mcts,greedy --deals 50 --seed 1 --iterations 10000
//! ```
//!
//! Expert thinks for a second a move, which does not fit an arena run on a
//! shared machine, so its figure is measured at 10,000 iterations a move (one
//! thread): a lower bound, since a second on one core is several times that
//! many iterations. When the search changes, run these again and update the
//! figures here (and the table in the crate's README).

use crate::{make_bot, Bot, Budget};
use std::time::Duration;
use triominos_core::{Action, Observation};

/// How strong a level measured: its win rate against a reference bot.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Strength {
    /// The reference bot (`greedy`).
    pub against: &'static str,
    /// Share of the games won, 0 to 1 (a shared win counts as a fraction).
    pub win_rate: f64,
    /// Games played (deals x 2 seatings).
    pub games: u32,
    /// Whether the figure was measured at a smaller budget than the level's
    /// own (so the level is at least this strong).
    pub lower_bound: bool,
    /// The command that measured it, from the workspace root.
    pub command: &'static str,
}

/// A level a person picks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Level {
    /// Its id, as stored in a game's seats and sent by the lobby (`expert`).
    pub id: &'static str,
    /// The bot that plays it (one of [`crate::LEVELS`]).
    pub bot: &'static str,
    /// How long it thinks a move. `threads` is the most it uses, and only
    /// when nothing else waits for the processor (see [`choose_on_threads`]).
    pub budget: Budget,
    /// Its budget in a game without people: the cheapest that is still this
    /// bot, so that games of bots alone cost little.
    pub bot_only_budget: Budget,
    /// How strong it measured.
    pub strength: Strength,
}

const fn plain() -> Budget {
    Budget { iterations: None, time: None, threads: 1 }
}

const fn iterations(n: u32) -> Budget {
    Budget { iterations: Some(n), time: None, threads: 1 }
}

/// Iterations a move of Clever.
pub const CLEVER_ITERATIONS: u32 = 300;

/// The named levels, weakest first.
pub const NAMED: [Level; 4] = [
    Level {
        id: "beginner",
        bot: "random",
        budget: plain(),
        bot_only_budget: plain(),
        strength: Strength {
            against: "greedy",
            win_rate: 0.17,
            games: 200,
            lower_bound: false,
            command: "triominos arena --bots beginner,greedy --deals 100 --seed 1",
        },
    },
    Level {
        id: "casual",
        bot: "greedy",
        budget: plain(),
        bot_only_budget: plain(),
        strength: Strength {
            against: "greedy",
            // Greedy against itself: even but for the seats' tie-breaking seeds.
            win_rate: 0.48,
            games: 200,
            lower_bound: false,
            command: "triominos arena --bots casual,greedy --deals 100 --seed 1",
        },
    },
    Level {
        id: "clever",
        bot: "mcts",
        budget: iterations(CLEVER_ITERATIONS),
        bot_only_budget: iterations(CLEVER_ITERATIONS),
        strength: Strength {
            against: "greedy",
            // Measured 2026-12-07 with issue 49's search (83.5%, 77.7-88.0%;
            // 86.0% before it, on the same deals).
            win_rate: 0.835,
            games: 200,
            lower_bound: false,
            command: "triominos arena --bots clever,greedy --deals 100 --seed 1",
        },
    },
    Level {
        id: "expert",
        bot: "mcts",
        budget: Budget { iterations: None, time: Some(Duration::from_secs(1)), threads: 2 },
        bot_only_budget: iterations(crate::mcts::DEFAULT_ITERATIONS),
        strength: Strength {
            against: "greedy",
            // Measured at 10,000 iterations a move (239 s on 2 threads on the
            // shared machine): a lower bound of a second a move.
            win_rate: 0.92,
            games: 100,
            lower_bound: true,
            command: "triominos arena --bots mcts@10000,greedy --deals 50 --seed 1",
        },
    },
];

/// The named level with this id.
pub fn named(id: &str) -> Option<&'static Level> {
    NAMED.iter().find(|l| l.id == id)
}

impl Level {
    /// The level's budget: [`Level::bot_only_budget`] in a game without people.
    pub fn budget_for(&self, bot_only: bool) -> Budget {
        if bot_only {
            self.bot_only_budget
        } else {
            self.budget
        }
    }

    /// The level's bot, seeded, with [`Level::budget_for`] the kind of game.
    pub fn make(&self, seed: u64, bot_only: bool) -> Result<Box<dyn Bot>, String> {
        make_bot(self.bot, seed, self.budget_for(bot_only))
    }
}

/// Lets `bot` choose using at most `threads` threads.
///
/// A searching bot spreads its search over the threads of the rayon pool it
/// runs in. With `threads` > 1 the decision runs in a pool of that many
/// threads; with 1 it runs in a pool of one, where the bot's parallel trees
/// are searched one after the other: under a time budget the first uses the
/// whole time and the others stop at once, so the decision costs one core for
/// its time. A bot that searches on one thread anyway is called directly.
pub fn choose_on_threads(bot: &mut dyn Bot, obs: &Observation, threads: usize, wants: usize) -> Action {
    if wants <= 1 {
        return bot.choose(obs);
    }
    match rayon::ThreadPoolBuilder::new()
        .num_threads(threads.clamp(1, wants))
        .thread_name(|i| format!("triominos-think-{i}"))
        .build()
    {
        Ok(pool) => pool.install(|| bot.choose(obs)),
        // No thread to be had: think on this one.
        Err(_) => bot.choose(obs),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use triominos_core::{Game, RuleSet};

    #[test]
    fn each_level_is_a_bot_with_its_budget_and_stronger_than_the_one_before() {
        let mut last = 0.0;
        for l in NAMED {
            assert!(crate::LEVELS.contains(&l.bot), "{}: {} is a bot", l.id, l.bot);
            assert_eq!(named(l.id), Some(&l));
            assert!(l.strength.win_rate > last, "{} is stronger than the level before", l.id);
            last = l.strength.win_rate;
            assert_eq!(l.strength.against, "greedy");
            assert!(l.strength.command.contains("arena"), "{}", l.strength.command);
            assert!(make_bot(l.id, 1, Budget::default()).is_ok());
            assert!(l.bot_only_budget.threads <= 1, "games of bots alone think on one thread");
            if let (Some(a), Some(b)) = (l.bot_only_budget.iterations, l.budget.iterations) {
                assert!(a <= b, "{}: bots alone are never dearer", l.id);
            }
        }
        let expert = named("expert").unwrap();
        assert_eq!(expert.budget.time, Some(Duration::from_secs(1)));
        assert_eq!(expert.budget.threads, 2);
        assert!(expert.strength.lower_bound);
        assert!(named("grandmaster").is_none());
        assert!(make_bot("grandmaster", 1, Budget::default()).err().is_some_and(|e| e.contains("expert")));
    }

    /// Records the threads of the rayon pool it is asked in.
    struct Probe(usize);

    impl Bot for Probe {
        fn name(&self) -> &str {
            "probe"
        }
        fn choose(&mut self, obs: &Observation) -> Action {
            self.0 = rayon::current_num_threads();
            obs.legal_actions()[0]
        }
    }

    #[test]
    fn a_decision_runs_on_the_threads_it_was_given() {
        let game = Game::new(RuleSet::preset("goliath").unwrap(), 2, 3).unwrap();
        let obs = game.observe(game.to_move());
        let mut probe = Probe(0);
        choose_on_threads(&mut probe, &obs, 1, 2);
        assert_eq!(probe.0, 1, "one thread although the level wants two");
        choose_on_threads(&mut probe, &obs, 2, 2);
        assert_eq!(probe.0, 2);
        choose_on_threads(&mut probe, &obs, 4, 2);
        assert_eq!(probe.0, 2, "never more than the level wants");
        // A searching bot decides legally on one thread as on two.
        for threads in [1, 2] {
            let mut bot = make_bot("mcts", 5, Budget { iterations: Some(200), time: None, threads: 2 }).unwrap();
            let a = choose_on_threads(&mut *bot, &obs, threads, 2);
            assert!(obs.legal_actions().contains(&a));
        }
    }
}
