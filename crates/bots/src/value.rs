//! A learned evaluation (issue 36, shipped in the search by issue 49): the
//! features of a 2-player position from one seat's view ([`Features`], list
//! [`FEATURES`], version [`FEATURES_VERSION`]) and a linear model of them
//! ([`Model`]) that predicts the rest of the round's margin for that seat
//! (the points the seat gains from here to the round's end, end-of-round
//! scoring included, less the other seat's) when both play on greedily (each
//! move the placement scoring the most now). In a round of 3 to 6 players
//! the same model reads each pair of seats as if they were alone
//! ([`Features::pair`]), and a seat's share is the sum of its margins
//! against the others over the number of players ([`Model::seat_values`]).
//!
//! The features read a whole game, every hand included: they are for the
//! determinized games of a search, never for what a player may see. The
//! model's file (`crates/bots/models/eval-v1.json`) is trained by the lab's
//! example `train_eval` (its command is in the file) and built into the
//! crate ([`Model::builtin`]). The model is linear, its weights fitted by
//! least squares in the example itself: a forward pass of 40 multiply-adds
//! needs no crate, and the shipped bot keeps no training stack
//! (docs/research/learned-evaluation.md).

use serde::{Deserialize, Serialize};
use std::sync::OnceLock;
use triominos_core::{Bonuses, Game, Phase, TileSet, MAX_PLAYERS};

/// The version of the feature list: a model file records the version and the
/// names it was trained on, and is refused by another.
pub const FEATURES_VERSION: u32 = 1;

/// The number of features.
pub const N_FEATURES: usize = 35;

/// The features' names, in the order of [`Features::of`]'s vector; `me` is
/// the seat whose view it is, `opp` the other, `sign` +1 when `me` is to
/// move and -1 otherwise.
pub const FEATURES: [&str; N_FEATURES] = [
    "bias",
    "me_to_move",
    "me_tiles",
    "opp_tiles",
    "me_hand_value/10",
    "opp_hand_value/10",
    "me_triples",
    "opp_triples",
    "me_placements/10",
    "opp_placements/10",
    "me_can_play",
    "opp_can_play",
    "me_best_points/10",
    "opp_best_points/10",
    "me_bonus_placements",
    "opp_bonus_placements",
    "me_one_tile",
    "opp_one_tile",
    "me_two_tiles",
    "opp_two_tiles",
    "pool_empty*me_hand_value/10",
    "pool_empty*opp_hand_value/10",
    "pool_empty*me_tiles",
    "pool_empty*opp_tiles",
    "me_to_move*me_best_points/10",
    "opp_to_move*opp_best_points/10",
    "me_to_move*me_bonus_placements",
    "opp_to_move*opp_bonus_placements",
    "me_to_target/100",
    "opp_to_target/100",
    "sign*pool/10",
    "sign*pool_empty",
    "sign*open_cells/10",
    "sign*hexagon_spots",
    "sign*draws_this_turn",
];

/// What the features are made of, for every seat of a round at once (one
/// scan of each hand's placements), so that every seat's view, and every
/// pair of seats' in a game of 3 to 6, costs one computation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Features {
    players: usize,
    to_move: usize,
    tiles: [f64; MAX_PLAYERS],
    value: [f64; MAX_PLAYERS],
    triples: [f64; MAX_PLAYERS],
    placements: [f64; MAX_PLAYERS],
    best: [f64; MAX_PLAYERS],
    bonus: [f64; MAX_PLAYERS],
    to_target: [f64; MAX_PLAYERS],
    pool: f64,
    open: f64,
    hex_spots: f64,
    draws: f64,
}

impl Features {
    /// The features of `g`, a round in play (`None` otherwise): every hand
    /// read, each hand's legal placements scored as if it were that seat's
    /// turn.
    pub fn of(g: &Game) -> Option<Features> {
        if g.public().phase() != Phase::Playing {
            return None;
        }
        let board = g.board();
        let n = g.players();
        let mut f = Features {
            players: n,
            to_move: g.to_move() as usize,
            tiles: [0.0; MAX_PLAYERS],
            value: [0.0; MAX_PLAYERS],
            triples: [0.0; MAX_PLAYERS],
            placements: [0.0; MAX_PLAYERS],
            best: [0.0; MAX_PLAYERS],
            bonus: [0.0; MAX_PLAYERS],
            to_target: [0.0; MAX_PLAYERS],
            pool: g.public().pool_size() as f64,
            open: board.frontier().len() as f64,
            hex_spots: 0.0,
            draws: g.public().draws_this_turn() as f64,
        };
        let figure = |b: Bonuses| {
            [
                Bonuses::HEXAGON,
                Bonuses::DOUBLE_HEXAGON,
                Bonuses::TRIPLE_HEXAGON,
                Bonuses::BRIDGE,
                Bonuses::BRIDGE_EXTENSION,
            ]
            .iter()
            .any(|&f| b.contains(f))
        };
        let target = g.rules().target();
        for s in 0..n {
            let hand: TileSet = g.hands()[s];
            f.tiles[s] = hand.len() as f64;
            f.value[s] = hand.value() as f64;
            f.triples[s] = hand.iter().filter(|t| t.is_triple()).count() as f64;
            let (mut count, mut best, mut bonus) = (0u32, 0i32, 0u32);
            board.for_each_placement(hand, |p| {
                let sc = g.placement_score(p);
                count += 1;
                best = best.max(sc.points);
                bonus += figure(sc.bonuses) as u32;
            });
            f.placements[s] = count as f64;
            f.best[s] = best as f64;
            f.bonus[s] = (bonus > 0) as u32 as f64;
            f.to_target[s] = target.map_or(4.0, |t| ((t - g.totals()[s]).max(0) as f64 / 100.0).min(4.0));
        }
        f.hex_spots =
            board.frontier().iter().filter(|fc| fc.cell.corners().iter().any(|&q| board.filled_around(q) == 5)).count()
                as f64;
        Some(f)
    }

    /// The number of players of the round read.
    pub fn players(&self) -> usize {
        self.players
    }

    /// The feature vector from `me`'s view (0 or 1) of a 2-player round, in
    /// the order of [`FEATURES`]: [`Features::pair`] with the other seat.
    pub fn vector(&self, me: usize) -> [f64; N_FEATURES] {
        self.pair(me, 1 - me)
    }

    /// The feature vector from `me`'s view against seat `o`, in the order
    /// of [`FEATURES`]: in a 2-player round, [`Features::vector`]; in a
    /// round of more, the two seats read as if they were alone, with
    /// neither to move when a third seat is (`me_to_move` 0 for both, and
    /// what both share signed 0).
    pub fn pair(&self, me: usize, o: usize) -> [f64; N_FEATURES] {
        let mover = (self.to_move == me) as u8 as f64;
        let other_moves = (self.to_move == o) as u8 as f64;
        let empty = (self.pool == 0.0) as u8 as f64;
        // +1 when `me` moves, -1 when `o` does (0 when another seat does):
        // what is common to both seats (the pool, the board) counts for the
        // one who moves next.
        let sign = mover - other_moves;
        let one = |s: usize| (self.tiles[s] == 1.0) as u8 as f64;
        let two = |s: usize| (self.tiles[s] == 2.0) as u8 as f64;
        [
            1.0,
            mover,
            self.tiles[me],
            self.tiles[o],
            self.value[me] / 10.0,
            self.value[o] / 10.0,
            self.triples[me],
            self.triples[o],
            self.placements[me] / 10.0,
            self.placements[o] / 10.0,
            (self.placements[me] > 0.0) as u8 as f64,
            (self.placements[o] > 0.0) as u8 as f64,
            self.best[me] / 10.0,
            self.best[o] / 10.0,
            self.bonus[me],
            self.bonus[o],
            one(me),
            one(o),
            two(me),
            two(o),
            empty * self.value[me] / 10.0,
            empty * self.value[o] / 10.0,
            empty * self.tiles[me],
            empty * self.tiles[o],
            mover * self.best[me] / 10.0,
            other_moves * self.best[o] / 10.0,
            mover * self.bonus[me],
            other_moves * self.bonus[o],
            self.to_target[me],
            self.to_target[o],
            sign * self.pool / 10.0,
            sign * empty,
            sign * self.open / 10.0,
            sign * self.hex_spots,
            sign * self.draws,
        ]
    }
}

/// A model file: the linear model's weights with what made them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ModelFile {
    /// The feature list's version the weights are for ([`FEATURES_VERSION`]).
    pub features_version: u32,
    /// The feature names, in order ([`FEATURES`]).
    pub features: Vec<String>,
    /// The command that trained it.
    pub command: String,
    /// What the training measured (samples, held-out error), for people.
    pub training: serde_json::Value,
    /// One weight a feature.
    pub weights: Vec<f64>,
}

/// A linear value model: the rest of the round's margin for a seat,
/// predicted from [`Features::vector`].
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    weights: [f64; N_FEATURES],
}

/// The model file built into the crate.
pub const BUILTIN: &str = include_str!("../models/eval-v1.json");

impl Model {
    /// A model from its file's text, refused (with why) when its features
    /// are not today's ([`FEATURES_VERSION`], [`FEATURES`] in order).
    pub fn from_json(text: &str) -> Result<Model, String> {
        let file: ModelFile = serde_json::from_str(text).map_err(|e| format!("model file: {e}"))?;
        Model::from_file(&file)
    }

    /// A model from a parsed file, refused as [`Model::from_json`] says.
    pub fn from_file(file: &ModelFile) -> Result<Model, String> {
        if file.features_version != FEATURES_VERSION {
            return Err(format!(
                "model file: features version {} where this build computes version {FEATURES_VERSION}",
                file.features_version
            ));
        }
        if file.features.len() != N_FEATURES || file.features.iter().zip(FEATURES).any(|(a, b)| a != b) {
            return Err("model file: its feature names are not this build's, in order".into());
        }
        let weights: [f64; N_FEATURES] =
            file.weights.as_slice().try_into().map_err(|_| "model file: one weight a feature needed".to_string())?;
        if weights.iter().any(|w| !w.is_finite()) {
            return Err("model file: a weight is not a finite number".into());
        }
        Ok(Model { weights })
    }

    /// The model built into the crate (`models/eval-v1.json`), parsed once.
    pub fn builtin() -> &'static Model {
        static MODEL: OnceLock<Model> = OnceLock::new();
        MODEL.get_or_init(|| Model::from_json(BUILTIN).expect("the built-in model file matches the features"))
    }

    /// The predicted rest-of-round margin of one feature vector.
    pub fn predict(&self, x: &[f64; N_FEATURES]) -> f64 {
        self.weights.iter().zip(x).map(|(w, x)| w * x).sum()
    }

    /// The predicted rest-of-round margin of seat 0 against seat 1 of a
    /// 2-player round (seat 1's is its negative): the mean of seat 0's
    /// prediction and the negated seat 1's, so the two views always agree.
    pub fn margin(&self, f: &Features) -> f64 {
        self.pair_margin(f, 0, 1)
    }

    /// The predicted rest-of-round margin of seat `a` against seat `b`, the
    /// two read as if they were alone ([`Features::pair`]); `b`'s against
    /// `a` is its negative.
    pub fn pair_margin(&self, f: &Features, a: usize, b: usize) -> f64 {
        0.5 * (self.predict(&f.pair(a, b)) - self.predict(&f.pair(b, a)))
    }

    /// Each seat's predicted share of the rest of the round, in points (0
    /// beyond the players), summing to 0, so that two seats' shares differ
    /// by about the margin predicted between them: seat `a`'s is the sum of
    /// its margins against every seat ([`Model::pair_margin`], the 2-player
    /// model read once a pair of seats), divided by the number of players.
    /// In a 2-player round that is half the margin each way
    /// ([`Model::margin`] and its negative, halved): seat 0's share less seat
    /// 1's is the margin. The search adds the shares, weighted, where a
    /// playout stops with the round still on.
    pub fn seat_values(&self, f: &Features) -> [f64; MAX_PLAYERS] {
        let n = f.players.min(MAX_PLAYERS);
        let mut out = [0.0; MAX_PLAYERS];
        for a in 0..n {
            for b in a + 1..n {
                let m = self.pair_margin(f, a, b);
                out[a] += m;
                out[b] -= m;
            }
        }
        for v in out.iter_mut().take(n) {
            *v /= n as f64;
        }
        out
    }
}

/// The TD(lambda) targets of a round's positions (the lab's training
/// command, `examples/train_eval.rs`, issue 49): `margins[t]` is seat 0's
/// margin of round points at position `t`, `values[t]` a model's predicted
/// rest-of-round margin there, `end` the margin at the round's end. The
/// target of the last position is the margin it gained to the end; before,
/// `G_t = (margins[t + 1] - margins[t]) + (1 - lambda) values[t + 1] + lambda
/// G_(t+1)`. With lambda 1 each target is the margin gained to the round's
/// end (the outcome); with 0, one step and the model's value after it.
pub fn td_targets(margins: &[i32], values: &[f64], end: i32, lambda: f64) -> Vec<f64> {
    let mut out = vec![0.0; margins.len()];
    for t in (0..margins.len()).rev() {
        out[t] = match margins.get(t + 1) {
            None => (end - margins[t]) as f64,
            Some(&next) => {
                let v = values.get(t + 1).copied().unwrap_or(0.0);
                (next - margins[t]) as f64 + (1.0 - lambda) * v + lambda * out[t + 1]
            }
        };
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use triominos_core::{Action, Preset, RuleSet};

    #[test]
    fn the_built_in_model_file_holds_todays_features_in_order() {
        let file: ModelFile = serde_json::from_str(BUILTIN).unwrap();
        assert_eq!(file.features_version, FEATURES_VERSION);
        assert_eq!(file.features, FEATURES.map(String::from).to_vec());
        assert_eq!(file.weights.len(), N_FEATURES);
        assert!(file.command.contains("train_eval"), "the file names the command that made it");
        Model::builtin();
        // A file of other features is refused, with why.
        let mut other = file.clone();
        other.features.swap(2, 3);
        assert!(Model::from_file(&other).unwrap_err().contains("feature names"));
        let mut older = file;
        older.features_version += 1;
        assert!(Model::from_file(&older).unwrap_err().contains("version"));
    }

    #[test]
    fn the_features_read_both_hands_and_the_two_views_mirror_each_other() {
        let mut g = Game::new(RuleSet::of(Preset::Goliath), 2, 7).unwrap();
        for _ in 0..12 {
            let legal = g.legal_actions();
            let a = legal.iter().copied().find(|a| matches!(a, Action::Play { .. })).unwrap_or(legal[0]);
            g.play_unchecked(a);
        }
        let f = Features::of(&g).unwrap();
        let (v0, v1) = (f.vector(0), f.vector(1));
        let idx = |name: &str| FEATURES.iter().position(|n| *n == name).unwrap();
        assert_eq!(v0[idx("me_tiles")], g.hands()[0].len() as f64);
        assert_eq!(v0[idx("opp_tiles")], g.hands()[1].len() as f64);
        assert_eq!(v0[idx("me_tiles")], v1[idx("opp_tiles")]);
        assert_eq!(v0[idx("me_hand_value/10")], g.hands()[0].value() as f64 / 10.0);
        assert_eq!(v0[idx("me_to_move")] + v1[idx("me_to_move")], 1.0);
        // The mover's placements are its legal placements.
        let mover = g.to_move() as usize;
        let fv = f.vector(mover);
        assert_eq!(fv[idx("me_placements/10")] * 10.0, g.count_legal_placements() as f64);
        // Seat 0's share is half its margin, seat 1's the negative: they differ by the margin.
        let model = Model::builtin();
        let v = model.seat_values(&f);
        assert!((v[0] - v[1] - model.margin(&f)).abs() < 1e-12 && (v[0] + v[1]).abs() < 1e-12);
        assert_eq!(&v[2..], &[0.0; 4]);
    }

    #[test]
    fn td_targets_run_from_one_step_to_the_rounds_outcome() {
        let (m, v, end) = ([0, 10, 4, 30], [5.0, -2.0, 8.0, 1.0], 25);
        // lambda 1: the margin gained to the end, whatever the model says.
        assert_eq!(td_targets(&m, &v, end, 1.0), vec![25.0, 15.0, 21.0, -5.0]);
        // lambda 0: one step, then the model's value.
        assert_eq!(td_targets(&m, &v, end, 0.0), vec![10.0 - 2.0, -6.0 + 8.0, 26.0 + 1.0, -5.0]);
        // Between: the recursion.
        let g = td_targets(&m, &v, end, 0.5);
        assert_eq!(g[3], -5.0);
        assert_eq!(g[2], 26.0 + 0.5 * 1.0 + 0.5 * g[3]);
        assert_eq!(g[0], 10.0 + 0.5 * -2.0 + 0.5 * g[1]);
        assert!(td_targets(&[], &[], 3, 0.5).is_empty());
    }

    #[test]
    fn three_and_four_seats_each_get_their_margins_against_the_others_over_the_players() {
        for players in [3usize, 4] {
            let mut g = Game::new(RuleSet::of(Preset::Pressman), players, 11).unwrap();
            for _ in 0..9 {
                let legal = g.legal_actions();
                let a = legal.iter().copied().find(|a| matches!(a, Action::Play { .. })).unwrap_or(legal[0]);
                g.play_unchecked(a);
            }
            let f = Features::of(&g).unwrap();
            assert_eq!(f.players(), players);
            let idx = |name: &str| FEATURES.iter().position(|n| *n == name).unwrap();
            let n = players;
            for a in 0..n {
                for b in (0..n).filter(|&b| b != a) {
                    let v = f.pair(a, b);
                    assert_eq!(v[idx("me_tiles")], g.hands()[a].len() as f64);
                    assert_eq!(v[idx("opp_tiles")], g.hands()[b].len() as f64);
                    // Who moves: one of the two, or neither (the shared features unsigned).
                    let mover = g.to_move() as usize;
                    assert_eq!(v[idx("me_to_move")], (mover == a) as u8 as f64);
                    if mover != a && mover != b {
                        assert_eq!(v[idx("sign*pool/10")], 0.0);
                    }
                }
            }
            let model = Model::builtin();
            let values = model.seat_values(&f);
            assert!(values.iter().sum::<f64>().abs() < 1e-9, "{values:?}");
            for (a, &value) in values.iter().enumerate().take(n) {
                let by_hand: f64 =
                    (0..n).filter(|&b| b != a).map(|b| model.pair_margin(&f, a, b)).sum::<f64>() / n as f64;
                assert!((value - by_hand).abs() < 1e-9);
            }
            assert!(values[n..].iter().all(|&v| v == 0.0));
        }
        // No features outside a round in play.
        let mut over = Game::new(RuleSet::of(Preset::Goliath), 2, 7).unwrap();
        while over.public().phase() == Phase::Playing {
            let a = over.legal_actions()[0];
            over.play_unchecked(a);
        }
        assert!(Features::of(&over).is_none());
    }
}
