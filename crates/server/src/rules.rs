//! The one place where a preset and options (and the size of the table)
//! become a rule set, for the lobby, a stored game, the score pad and a stored
//! sheet alike. A refusal names the option (see [`crate::protocol::rules_codes`]).

use crate::game::error::Denied;
use crate::protocol::Refused;
use triominos_core::RuleSet;

/// The rule set of `preset` with `options` (name, value) set on it, checked
/// as a whole, for a table of `players` seats.
pub fn rule_set<'a>(
    preset: &str,
    options: impl IntoIterator<Item = (&'a str, &'a str)>,
    players: usize,
) -> Result<RuleSet, Denied> {
    let rules = RuleSet::with_overrides(preset, options)?;
    if !rules.allows_players(players) {
        return Err(Refused::BadPlayerCount { min: rules.min_players(), max: rules.max_players(), got: players }.into());
    }
    Ok(rules)
}

/// Every option of a rule set, by name.
pub fn options_of(rules: &RuleSet) -> std::collections::BTreeMap<String, String> {
    rules.options().into_iter().map(|(k, v)| (k.to_string(), v)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn refusal(preset: &str, options: &[(&str, &str)], players: usize) -> serde_json::Value {
        let e = rule_set(preset, options.iter().copied(), players).expect_err("refused");
        serde_json::to_value(crate::protocol::Refusal::from(e)).unwrap()
    }

    #[test]
    fn every_refusal_names_what_is_wrong() {
        assert_eq!(refusal("chess", &[], 2), json!({"code": "unknown_preset", "params": {"preset": "chess"}}));
        assert_eq!(
            refusal("goliath", &[("colour", "red")], 2),
            json!({"code": "unknown_option", "params": {"option": "colour"}})
        );
        for (option, value) in
            [("players", "2-7"), ("max_draws", "0"), ("hand_size", "9 7 7 7"), ("hand_size", "30 9 9 9 9")]
        {
            assert_eq!(
                refusal("goliath", &[(option, value)], 2),
                json!({"code": "bad_value", "params": {"option": option, "value": value}}),
                "{option} {value}"
            );
        }
        for (option, value, rule) in [
            ("players", "4-2", "min_above_max"),
            ("hand_size", "9 7 7 7 10", "hand_too_big"),
            ("first_tile", "start_tile", "start_tile_needs_highest_triple"),
        ] {
            assert_eq!(
                refusal("goliath", &[(option, value)], 2),
                json!({"code": "inconsistent", "params": {"option": option, "rule": rule}}),
                "{option} {value}"
            );
        }
        assert_eq!(
            refusal("goliath", &[], 5),
            json!({"code": "bad_player_count", "params": {"min": 2, "max": 4, "got": 5}})
        );
    }

    #[test]
    fn options_are_set_on_the_preset() {
        let r = rule_set("goliath", [("players", "2-6"), ("target", "none")], 6).unwrap();
        assert_eq!(r.option_value("target").as_deref(), Some("none"));
        assert!(r.allows_players(6));
    }
}
