//! The levels on one rating scale (issue 49): each named level (Beginner,
//! Casual, Clever, Expert) and the rungs between them rated on one Weng-Lin
//! scale (`skillratings`, the scale issue 47 rates people on: a newcomer
//! starts at 25 with an uncertainty of 25/3) from paired-deal games between
//! the levels, 2 and 4 players.
//!
//! The ratings are data: `crates/bots/data/level-ratings.json`, versioned
//! ([`RATINGS_VERSION`]), built into the crate and read with
//! [`LevelRatings::builtin`]; the example `level_ratings` plays the games and
//! writes it (its command is in the file and in docs/bots-and-figures.md).
//! [`rate`] is the rating itself: the games in the order given, each updating
//! the ratings of the bots in it (Weng-Lin's two-player update for 2 seats,
//! its multi-team update for more, one bot a team, ranked by the game's
//! result).

use crate::play::GameResult;
use serde::{Deserialize, Serialize};
use skillratings::weng_lin::{weng_lin, weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::{MultiTeamOutcome, Outcomes};
use std::sync::OnceLock;

/// The version of the ratings file's form; a file of another is refused.
pub const RATINGS_VERSION: u32 = 1;

/// The ratings file built into the crate.
pub const BUILTIN: &str = include_str!("../data/level-ratings.json");

/// One rung's rating.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LevelRating {
    /// The rung's id: a named level's (`expert`) or a bot spec (`mcts@1000`).
    pub id: String,
    /// The bot spec that played its games (a named level may have been
    /// played by a stand-in, e.g. Expert by `mcts@10000`: then said in
    /// [`LevelRatings::notes`]).
    pub spec: String,
    /// Weng-Lin rating (mu).
    pub rating: f64,
    /// Weng-Lin uncertainty (sigma): the rating is `rating +- 2 uncertainty`
    /// at about 95%.
    pub uncertainty: f64,
    /// Games it played in the rating's games.
    pub games: u32,
}

/// The ratings file: every rung's rating, what was played and how.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LevelRatings {
    /// The file's form ([`RATINGS_VERSION`]).
    pub version: u32,
    /// The command that wrote it, from the workspace root.
    pub command: String,
    /// What was played and on what machine, for people.
    pub notes: String,
    /// The rungs, weakest first as listed to the command.
    pub ratings: Vec<LevelRating>,
}

impl LevelRatings {
    /// The ratings of a file's text, refused (with why) when its version is
    /// not [`RATINGS_VERSION`], a number is not finite, an uncertainty is not
    /// positive or an id comes twice.
    pub fn from_json(text: &str) -> Result<LevelRatings, String> {
        let file: LevelRatings = serde_json::from_str(text).map_err(|e| format!("ratings file: {e}"))?;
        if file.version != RATINGS_VERSION {
            return Err(format!(
                "ratings file: version {} where this build reads version {RATINGS_VERSION}",
                file.version
            ));
        }
        for (i, r) in file.ratings.iter().enumerate() {
            if !r.rating.is_finite() || !r.uncertainty.is_finite() || r.uncertainty <= 0.0 {
                return Err(format!("ratings file: {:?} has no finite rating and positive uncertainty", r.id));
            }
            if file.ratings[..i].iter().any(|o| o.id == r.id) {
                return Err(format!("ratings file: {:?} is rated twice", r.id));
            }
        }
        Ok(file)
    }

    /// The ratings built into the crate (`data/level-ratings.json`), parsed
    /// once.
    pub fn builtin() -> &'static LevelRatings {
        static RATINGS: OnceLock<LevelRatings> = OnceLock::new();
        RATINGS.get_or_init(|| LevelRatings::from_json(BUILTIN).expect("the built-in ratings file is valid"))
    }

    /// The rating of the rung `id` (a named level's id or a bot spec).
    pub fn get(&self, id: &str) -> Option<&LevelRating> {
        self.ratings.iter().find(|r| r.id == id)
    }
}

/// One rated game: the rung of each seat, and each seat's rank (1 the best,
/// equal ranks for a tie).
#[derive(Clone, Debug, PartialEq)]
pub struct RatedGame {
    /// The rung (an index into the rungs rated) in each seat.
    pub rungs: Vec<usize>,
    /// Each seat's rank.
    pub ranks: Vec<usize>,
}

/// Each seat's rank in a finished game: the winners first (equal), then the
/// others by their totals (equal totals, equal ranks).
pub fn ranks(result: &GameResult) -> Vec<usize> {
    let key = |s: usize| (result.winners.contains(&(s as u8)), result.totals.get(s).copied().unwrap_or(0));
    let n = result.totals.len();
    (0..n).map(|s| 1 + (0..n).filter(|&o| key(o) > key(s)).count()).collect()
}

/// The Weng-Lin rating and uncertainty of each of `rungs` rungs after
/// `games`, in their order, every rung starting as a newcomer (25, 25/3),
/// with `skillratings`' default configuration (beta 25/6); and the games
/// each played.
pub fn rate(rungs: usize, games: &[RatedGame]) -> Vec<(WengLinRating, u32)> {
    let config = WengLinConfig::new();
    let mut out = vec![(WengLinRating::new(), 0u32); rungs];
    for g in games {
        if g.rungs.len() != g.ranks.len() || g.rungs.iter().any(|&r| r >= rungs) {
            continue;
        }
        for &r in &g.rungs {
            out[r].1 += 1;
        }
        if let [a, b] = g.rungs[..] {
            let outcome = match g.ranks[0].cmp(&g.ranks[1]) {
                std::cmp::Ordering::Less => Outcomes::WIN,
                std::cmp::Ordering::Greater => Outcomes::LOSS,
                std::cmp::Ordering::Equal => Outcomes::DRAW,
            };
            let (ra, rb) = weng_lin(&out[a].0, &out[b].0, &outcome, &config);
            out[a].0 = ra;
            out[b].0 = rb;
        } else {
            let teams: Vec<[WengLinRating; 1]> = g.rungs.iter().map(|&r| [out[r].0]).collect();
            let with_ranks: Vec<(&[WengLinRating], MultiTeamOutcome)> =
                teams.iter().zip(&g.ranks).map(|(t, &rank)| (&t[..], MultiTeamOutcome::new(rank))).collect();
            let new = weng_lin_multi_team(&with_ranks, &config);
            for (&r, t) in g.rungs.iter().zip(new) {
                out[r].0 = t[0];
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_ratings_rate_every_named_level_and_a_bad_file_is_refused() {
        let r = LevelRatings::builtin();
        assert_eq!(r.version, RATINGS_VERSION);
        assert!(r.command.contains("level_ratings"), "the file names the command that wrote it");
        for level in crate::levels::NAMED {
            let x = r.get(level.id).unwrap_or_else(|| panic!("{} is rated", level.id));
            assert!(x.rating.is_finite() && x.uncertainty > 0.0 && x.games > 0, "{x:?}");
        }
        // The named levels come out in their order.
        let mus: Vec<f64> = crate::levels::NAMED.iter().map(|l| r.get(l.id).unwrap().rating).collect();
        assert!(mus.windows(2).all(|w| w[0] < w[1]), "{mus:?}");
        // Another version, a twice-rated id, a bad number: refused, with why.
        let mut other: serde_json::Value = serde_json::from_str(BUILTIN).unwrap();
        other["version"] = (RATINGS_VERSION + 1).into();
        assert!(LevelRatings::from_json(&other.to_string()).unwrap_err().contains("version"));
        let mut twice: LevelRatings = serde_json::from_str(BUILTIN).unwrap();
        twice.ratings.push(twice.ratings[0].clone());
        assert!(LevelRatings::from_json(&serde_json::to_string(&twice).unwrap()).unwrap_err().contains("twice"));
        let mut bad: LevelRatings = serde_json::from_str(BUILTIN).unwrap();
        bad.ratings[0].uncertainty = 0.0;
        assert!(LevelRatings::from_json(&serde_json::to_string(&bad).unwrap()).unwrap_err().contains("positive"));
        assert!(LevelRatings::from_json("{").unwrap_err().starts_with("ratings file"));
    }

    #[test]
    fn a_bot_that_always_wins_rates_above_one_that_always_loses() {
        // Rung 0 beats 1 in two-player games; 2 beats 0 and 1 in three-seat ones.
        let mut games = Vec::new();
        for _ in 0..20 {
            games.push(RatedGame { rungs: vec![1, 0], ranks: vec![2, 1] });
            games.push(RatedGame { rungs: vec![0, 1, 2], ranks: vec![2, 3, 1] });
        }
        let r = rate(3, &games);
        assert!(r[2].0.rating > r[0].0.rating && r[0].0.rating > r[1].0.rating, "{r:?}");
        assert_eq!((r[0].1, r[1].1, r[2].1), (40, 40, 20));
        // More games, less uncertainty than a newcomer's.
        assert!(r.iter().all(|(x, _)| x.uncertainty < 25.0 / 3.0));
        // A game naming an unknown rung changes nothing.
        assert_eq!(rate(2, &[RatedGame { rungs: vec![0, 5], ranks: vec![1, 2] }]), vec![(WengLinRating::new(), 0); 2]);
    }

    #[test]
    fn ranks_put_the_winners_first_then_the_totals() {
        let result = GameResult {
            seed: 1,
            totals: vec![300, 410, 350, 350],
            winners: vec![1],
            rounds: 3,
            placements: 0,
            actions: 0,
            forfeit: None,
            record: None,
            deal: Vec::new(),
            think: Vec::new(),
            cpu: Vec::new(),
            decisions: Vec::new(),
        };
        assert_eq!(ranks(&result), vec![4, 1, 2, 2]);
    }
}
