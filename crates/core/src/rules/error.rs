//! Why a rule set is refused: [`RulesError`], and the constraints between
//! options ([`Constraint`]).

use core::fmt;

/// A constraint between options that a rule set breaks, with a stable
/// snake_case key (its serde form and [`Constraint::key`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Constraint {
    /// `players`: the fewest is above the most.
    MinAboveMax,
    /// `hand_size`: the hands of some player count do not fit in the 56 tiles.
    HandTooBig,
    /// `first_tile` `start_tile` needs `start` `highest_triple` (a reveal
    /// draw decides no start tile).
    StartTileNeedsHighestTriple,
}

impl Constraint {
    /// The stable key: `min_above_max`, `hand_too_big`, `start_tile_needs_highest_triple`.
    pub const fn key(self) -> &'static str {
        match self {
            Constraint::MinAboveMax => "min_above_max",
            Constraint::HandTooBig => "hand_too_big",
            Constraint::StartTileNeedsHighestTriple => "start_tile_needs_highest_triple",
        }
    }
}

impl fmt::Display for Constraint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Constraint::MinAboveMax => "the fewest players must not be more than the most",
            Constraint::HandTooBig => "every player count's hands must fit in the 56 tiles",
            Constraint::StartTileNeedsHighestTriple => {
                "start_tile needs start highest_triple (a reveal draw decides no start tile)"
            }
        })
    }
}

/// Why a rule set cannot be built. Every error names the option (or the
/// preset). With the `serde` feature it serializes as `{"code", "params"}`:
/// `{"code": "bad_value", "params": {"option": "max_draws", "value": "0"}}`.
///
/// Its code ([`RulesError::code`], the serde tag) is the variant's name in
/// snake case, derived; [`RulesErrorCode`] lists them.
#[derive(Clone, Debug, PartialEq, Eq, strum::IntoStaticStr, strum::EnumDiscriminants)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(tag = "code", content = "params", rename_all = "snake_case"))]
#[strum(serialize_all = "snake_case")]
#[strum_discriminants(
    name(RulesErrorCode),
    derive(strum::EnumIter, strum::IntoStaticStr),
    strum(serialize_all = "snake_case"),
    doc = "The kind of a [`RulesError`], without its parameters: its code."
)]
pub enum RulesError {
    /// No preset has this name.
    UnknownPreset {
        /// The name given.
        preset: String,
    },
    /// No option has this name.
    UnknownOption {
        /// The name given.
        option: String,
    },
    /// The value is malformed or out of the option's range.
    BadValue {
        /// The option.
        option: &'static str,
        /// The value given.
        value: String,
    },
    /// The option's value breaks a constraint with other options.
    Inconsistent {
        /// The option.
        option: &'static str,
        /// The constraint.
        rule: Constraint,
    },
}

impl RulesError {
    /// The option the error is about (`None` for an unknown preset).
    pub fn option(&self) -> Option<&str> {
        match self {
            RulesError::UnknownPreset { .. } => None,
            RulesError::UnknownOption { option } => Some(option),
            RulesError::BadValue { option, .. } | RulesError::Inconsistent { option, .. } => Some(option),
        }
    }

    /// The stable code: `unknown_preset`, `unknown_option`, `bad_value` or `inconsistent`.
    pub fn code(&self) -> &'static str {
        self.into()
    }

    /// Every code, one per variant, in the enum's order.
    pub fn codes() -> impl Iterator<Item = &'static str> {
        <RulesErrorCode as strum::IntoEnumIterator>::iter().map(<&'static str>::from)
    }
}

impl std::error::Error for RulesError {}
