//! Helpers shared by the fuzz targets: rule sets chosen by the fuzzer.

use arbitrary::Arbitrary;
use std::sync::OnceLock;
use triominos_core::rules::{OptionKind, OPTIONS as RULE_OPTIONS};
use triominos_core::{Preset, RuleSet};

/// Hand-picked values worth exploring for some options (valid ones, edge
/// values, and a few the parser must refuse). Every other option of the rules
/// table is explored with values derived from its kind (see [`options`]), so a
/// new option is fuzzed without an entry here.
pub const PICKED: &[(&str, &[&str])] = &[
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
    ("out_bonus", &["0", "25"]),
    ("out_takes_hands", &["true", "false"]),
    ("blocked", &["each_subtracts", "lowest_takes_all", "lowest_bonus"]),
    ("target", &["none", "1", "50", "400", "100000"]),
    ("game_end", &["highest_after_round", "round_winner_after_round", "immediate"]),
];

/// The presets, by name.
pub const PRESETS: &[&str] = &["goliath", "pressman", "dominos-triangles"];

/// A preset plus a few options, as the fuzzer picks them (indices into
/// [`PRESETS`] and [`options`], taken modulo their lengths).
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
        let options = options();
        for &(o, v) in self.options.iter().take(4) {
            let (name, values) = &options[o as usize % options.len()];
            let _ = rules.set_option(name, &values[v as usize % values.len()]);
        }
        rules
    }
}

/// Every option of the rules table with the values the fuzzer tries: the
/// hand-picked ones of [`PICKED`], else each preset's value and the edges of
/// the option's kind (one past each edge included, for the parser to refuse).
pub fn options() -> &'static [(&'static str, Vec<String>)] {
    static ALL: OnceLock<Vec<(&'static str, Vec<String>)>> = OnceLock::new();
    ALL.get_or_init(|| {
        RULE_OPTIONS
            .iter()
            .map(|def| {
                if let Some((_, picked)) = PICKED.iter().find(|(n, _)| *n == def.name) {
                    return (def.name, picked.iter().map(|v| v.to_string()).collect());
                }
                let mut values: Vec<String> =
                    Preset::ALL.iter().filter_map(|p| RuleSet::of(*p).option_value(def.name)).collect();
                let edges = |min: i32, max: i32| [min, min + 1, max, min - 1, max + 1].map(|n| n.to_string());
                match def.kind {
                    OptionKind::Bool => values.extend(["true", "false", "yes"].map(String::from)),
                    OptionKind::Int { min, max } => values.extend(edges(min, max)),
                    OptionKind::IntOrNone { min, max } => {
                        values.extend(edges(min, max));
                        values.push("none".into());
                    }
                    OptionKind::Choice { values: names } => {
                        values.extend(names.iter().map(|v| v.to_string()));
                        values.push("no_such_value".into());
                    }
                    OptionKind::Range { min, max } => {
                        values.extend([format!("{min}-{max}"), format!("{max}-{min}"), format!("{min}-{}", max + 1)])
                    }
                    OptionKind::List { len, min, max } => {
                        for n in [min, max, max + 1] {
                            values.push(vec![n.to_string(); len].join(" "));
                        }
                        values.push(vec![min.to_string(); len + 1].join(" "));
                    }
                }
                values.dedup();
                (def.name, values)
            })
            .collect()
    })
}

/// A player count from 2 to 6 (the rules may still refuse it).
pub fn players(n: u8) -> usize {
    2 + n as usize % 5
}
