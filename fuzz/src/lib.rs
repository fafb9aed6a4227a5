//! Helpers shared by the fuzz targets: rule sets chosen by the fuzzer.

use arbitrary::Arbitrary;
use triominos_core::RuleSet;

/// Option values worth exploring, per option (valid ones, edge values, and a
/// few the parser must refuse).
pub const OPTIONS: &[(&str, &[&str])] = &[
    ("players", &["2-6", "2-2", "6-6", "3-5", "2-7", "5-2"]),
    ("hand_size", &["28 18 14 11 9", "1 1 1 1 1", "12 10 8 6 5", "20 15 12 9 8", "30 9 9 9 9"]),
    ("start", &["reveal", "highest_triple"]),
    ("first_tile", &["any", "start_tile"]),
    ("start_bonus", &["0", "10", "-5"]),
    ("triple_start_bonus", &["0", "10"]),
    ("zero_triple_bonus", &["0", "30"]),
    ("draw_when_able", &["true", "false"]),
    ("max_draws", &["1", "2", "3", "50", "0"]),
    ("draw_penalty", &["0", "5"]),
    ("fail_penalty", &["0", "10"]),
    ("after_draw", &["drawn_tile", "any_tile"]),
    ("empty_pool_penalty", &["0", "3"]),
    ("vertex_contacts_must_match", &["true", "false"]),
    ("bridge_bonus", &["0", "40"]),
    ("bridge_extension_bonus", &["0", "40"]),
    ("hexagon_bonus", &["50 60 70", "0 0 0", "50 100 150"]),
    ("announce_bonuses", &["false", "true"]),
    ("out_bonus", &["0", "25"]),
    ("out_takes_hands", &["true", "false"]),
    ("blocked", &["each_subtracts", "lowest_takes_all", "lowest_bonus"]),
    ("target", &["none", "1", "50", "400", "100000"]),
    ("game_end", &["highest_after_round", "round_winner_after_round", "immediate"]),
];

/// The presets, by name.
pub const PRESETS: &[&str] = &["goliath", "pressman", "dominos-triangles"];

/// A preset plus a few options, as the fuzzer picks them (indices into
/// [`PRESETS`] and [`OPTIONS`], taken modulo their lengths).
#[derive(Arbitrary, Debug, Clone)]
pub struct RulesChoice {
    /// The preset.
    pub preset: u8,
    /// (option, value) pairs; only the first four count.
    pub options: Vec<(u8, u8)>,
}

impl RulesChoice {
    /// The rule set. Refused options are skipped (refusing them is the
    /// parser's job, fuzzed by `replay`).
    pub fn rules(&self) -> RuleSet {
        let mut rules = RuleSet::preset(PRESETS[self.preset as usize % PRESETS.len()]).expect("presets exist");
        for &(o, v) in self.options.iter().take(4) {
            let (name, values) = OPTIONS[o as usize % OPTIONS.len()];
            let _ = rules.set_option(name, values[v as usize % values.len()]);
        }
        rules
    }
}

/// A player count from 2 to 6 (the rules may still refuse it).
pub fn players(n: u8) -> usize {
    2 + n as usize % 5
}
