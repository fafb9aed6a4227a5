//! What needs the option table itself, kept out of the files the table is
//! made from ([`super::options`], [`super::error`]) so that none of them
//! imports `rules/mod.rs` back: an option's value in each preset
//! ([`OptionDef::default_for`], the schema's serde form) and the words of a
//! refused value, which name what the option expects.

use super::error::RulesError;
use super::options::OptionDef;
use super::{Preset, RuleSet};
use core::fmt;

impl OptionDef {
    /// The option's value in a preset, as text.
    pub fn default_for(&self, preset: Preset) -> String {
        RuleSet::of(preset).option_value(self.name).unwrap_or_default()
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for OptionDef {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        struct Defaults<'a>(&'a OptionDef);
        impl serde::Serialize for Defaults<'_> {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let mut m = s.serialize_map(Some(Preset::ALL.len()))?;
                for p in Preset::ALL {
                    m.serialize_entry(p.name(), &self.0.default_for(p))?;
                }
                m.end()
            }
        }
        let mut m = s.serialize_map(Some(4))?;
        m.serialize_entry("name", self.name)?;
        m.serialize_entry("kind", &self.kind)?;
        m.serialize_entry("help", self.help)?;
        m.serialize_entry("defaults", &Defaults(self))?;
        m.end()
    }
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::UnknownPreset { preset } => {
                write!(f, "unknown rule set {preset:?} (expected goliath, pressman or dominos-triangles)")
            }
            RulesError::UnknownOption { option } => write!(f, "unknown option {option:?}"),
            RulesError::BadValue { option, value } => {
                let expected = super::option(option).map_or_else(String::new, |o| o.kind.expected());
                write!(f, "bad value {value:?} for option {option}: expected {expected}")
            }
            RulesError::Inconsistent { option, rule } => write!(f, "option {option}: {rule}"),
        }
    }
}
