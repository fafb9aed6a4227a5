//! Rule sets from the command line: a preset name, or a TOML or JSON file
//! holding `ruleset = "NAME"` plus any options (docs/rules.md). Each value
//! is a string, a boolean, a number or a list of numbers, read as the
//! option's text; the whole set is checked by the core's one validation.
//!
//! ```toml
//! ruleset = "goliath"
//! target = 300
//! hexagon_bonus = [50, 100, 150]
//! draw_when_able = false
//! ```

use std::fmt::Write as _;
use triominos_core::{Preset, RuleSet};

/// A scalar or list option value written as the text `RuleSet::set_option` takes.
fn option_text(key: &str, v: &serde_json::Value) -> Result<String, String> {
    use serde_json::Value;
    Ok(match v {
        Value::String(s) => s.clone(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_string(),
        Value::Array(items) => {
            let mut s = String::new();
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    s.push(' ');
                }
                match item {
                    Value::Number(n) => write!(s, "{n}").map_err(|e| e.to_string())?,
                    _ => return Err(format!("option {key}: list items must be numbers")),
                }
            }
            s
        }
        _ => return Err(format!("option {key}: expected a string, number, boolean or list of numbers")),
    })
}

/// Why a rule set could not be loaded.
#[derive(Debug)]
pub enum LoadError {
    /// Not a preset and not a readable file.
    Unreadable(String),
    /// The file is read but is not a valid rule set (the message names the option).
    Invalid(String),
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::Unreadable(e) | LoadError::Invalid(e) => f.write_str(e),
        }
    }
}

impl From<LoadError> for String {
    fn from(e: LoadError) -> String {
        e.to_string()
    }
}

/// Rules from a JSON object: `ruleset` plus options.
pub fn from_json(v: &serde_json::Value) -> Result<RuleSet, String> {
    let obj = v.as_object().ok_or("a rules file is a table of options")?;
    let preset = obj
        .get("ruleset")
        .and_then(|p| p.as_str())
        .ok_or("a rules file needs ruleset = \"goliath\" | \"pressman\" | \"dominos-triangles\"")?;
    let mut pairs = Vec::new();
    for (k, v) in obj {
        if k != "ruleset" {
            pairs.push((k.clone(), option_text(k, v)?));
        }
    }
    RuleSet::with_overrides(preset, pairs.iter().map(|(k, v)| (k.as_str(), v.as_str()))).map_err(|e| e.to_string())
}

/// A preset name, or a path to a `.toml` or `.json` rules file.
pub fn load(spec: &str) -> Result<RuleSet, LoadError> {
    if let Some(p) = Preset::from_name(spec) {
        return Ok(RuleSet::of(p));
    }
    let text = std::fs::read_to_string(spec).map_err(|e| {
        LoadError::Unreadable(format!(
            "not a preset (goliath, pressman, dominos-triangles) and not a readable rules file: {e}"
        ))
    })?;
    let value: serde_json::Value = if spec.ends_with(".json") {
        serde_json::from_str(&text).map_err(|e| LoadError::Invalid(format!("bad JSON: {e}")))?
    } else {
        let t: toml::Value = toml::from_str(&text).map_err(|e| LoadError::Invalid(format!("bad TOML: {e}")))?;
        serde_json::to_value(t).map_err(|e| LoadError::Invalid(e.to_string()))?
    };
    from_json(&value).map_err(LoadError::Invalid)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn toml_and_json_give_the_same_rules() {
        let t: toml::Value = toml::from_str(
            "ruleset = \"goliath\"\ntarget = 300\nhexagon_bonus = [50, 100, 150]\ndraw_when_able = false\n",
        )
        .unwrap();
        let a = from_json(&serde_json::to_value(t).unwrap()).unwrap();
        let b = from_json(
            &serde_json::from_str(
                r#"{"ruleset":"goliath","target":"300","hexagon_bonus":"50 100 150","draw_when_able":false}"#,
            )
            .unwrap(),
        )
        .unwrap();
        assert_eq!(a, b);
        assert_eq!(a.target(), Some(300));
        assert_eq!(a.hexagon_bonus(), [50, 100, 150]);
        assert!(!a.draw_when_able());
    }

    #[test]
    fn unknown_options_and_bad_values_are_errors() {
        let bad = [
            r#"{"ruleset":"goliath","colour":"red"}"#,
            r#"{"ruleset":"goliath","max_draws":0}"#,
            r#"{"ruleset":"chess"}"#,
            r#"{"target":400}"#,
            r#"{"ruleset":"goliath","hexagon_bonus":["a"]}"#,
        ];
        for b in bad {
            assert!(from_json(&serde_json::from_str(b).unwrap()).is_err(), "{b}");
        }
    }
}
