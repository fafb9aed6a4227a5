//! Rule sets as data: every option of the rules document (docs/rules.md),
//! the three presets, overrides by option name, and the schema a form or a
//! rules page is built from.
//!
//! Each option is defined once, in the table below (name, value type, kind
//! and range, each preset's value; its translation key is `opt.NAME`). The
//! parser ([`RuleSet::set_option`]), the printer ([`RuleSet::option_value`]),
//! the option list and schema ([`OPTIONS`]), [`RuleSet::overrides`] and the
//! getters all come from that table. Adding an option is one table row,
//! its use in the engine, and its translations.
//!
//! A [`RuleSet`] is always valid: every way to build one checks the whole
//! set in one place ([`RuleSet::set_options`]) and refuses an invalid one
//! with a [`RulesError`] that names the option.
//!
//! ```
//! use triominos_core::rules::{RuleSet, RulesError};
//! let mut rules = RuleSet::preset("goliath").unwrap();
//! rules.set_option("target", "none").unwrap();
//! rules.set_option("hexagon_bonus", "50 100 150").unwrap();
//! assert_eq!(rules.target(), None);
//! assert!(matches!(rules.set_option("max_draws", "0"), Err(RulesError::BadValue { option: "max_draws", .. })));
//! assert!(rules.set_option("no_such_option", "1").is_err());
//! // Options are checked together: order does not matter.
//! let pressman_like = RuleSet::with_overrides("goliath", [("first_tile", "start_tile"), ("start", "highest_triple")]);
//! assert!(pressman_like.is_ok());
//! ```

mod error;
mod options;
mod text;

pub use error::{Constraint, RulesError, RulesErrorCode};
#[cfg(feature = "ts")]
pub use options::OptionDefWire;
use options::{choice_enum, option_table};
pub use options::{OptionDef, OptionKind, Players};

use crate::tile::{Tile, TILE_COUNT};
use core::fmt;

/// Most players a rule set may allow.
pub const MAX_PLAYERS: usize = 6;
/// Fewest players a rule set may allow.
pub const MIN_PLAYERS: usize = 2;
/// Largest value of a points option.
pub const MAX_POINTS: i32 = 100_000;
/// Longest turn timer, in seconds (a week: correspondence tables).
pub const MAX_TIMER: i32 = 604_800;

choice_enum! {
    /// Who opens a round.
    pub enum StartRule {
        /// Each player reveals a tile from the pool; highest sum starts, ties reveal again.
        Reveal = "reveal",
        /// Holder of the highest triple; with no triple dealt, holder of the highest tile.
        HighestTriple = "highest_triple",
    }
}

choice_enum! {
    /// Which tile the opener may play.
    pub enum FirstTile {
        /// Any tile from the opener's hand.
        Any = "any",
        /// The tile that decided the start (the highest triple, or `0-0-0` when the
        /// opener also holds it; the highest tile when no triple was dealt).
        StartTile = "start_tile",
    }
}

choice_enum! {
    /// After a draw that can be placed, which tiles may be played.
    pub enum AfterDraw {
        /// Only the tile just drawn.
        DrawnTile = "drawn_tile",
        /// Any tile of the hand.
        AnyTile = "any_tile",
    }
}

choice_enum! {
    /// End-of-round scoring of a blocked round.
    pub enum Blocked {
        /// Every player subtracts their own hand's sum.
        EachSubtracts = "each_subtracts",
        /// Lowest hand wins: plus the others' hands, minus their own.
        LowestTakesAll = "lowest_takes_all",
        /// Lowest hand wins the out bonus.
        LowestBonus = "lowest_bonus",
    }
}

choice_enum! {
    /// How a game with a target ends and who wins.
    pub enum GameEnd {
        /// The round is finished; the highest total wins.
        HighestAfterRound = "highest_after_round",
        /// The round is finished; among those who reached the target, the round's winner, else the highest total.
        RoundWinnerAfterRound = "round_winner_after_round",
        /// The first to reach the target wins at once, mid-round.
        Immediate = "immediate",
    }
}

const POINTS: OptionKind = OptionKind::Int { min: 0, max: MAX_POINTS };
const BOOL: OptionKind = OptionKind::Bool;

// The option table: one row per option, in the order of the rules document.
//     name: value type = kind => [goliath, pressman, dominos-triangles];
// The row's doc comment documents the getter of the same name.
option_table! {
    /// Fewest and most players.
    players: Players = OptionKind::Range { min: MIN_PLAYERS as u8, max: MAX_PLAYERS as u8 }
        => [Players::new(2, 4), Players::new(2, 4), Players::new(2, 6)];
    /// Tiles per player for 2, 3, 4, 5 and 6 players.
    hand_size: [u8; 5] = OptionKind::List { len: 5, min: 1, max: (TILE_COUNT / MIN_PLAYERS) as i32 }
        => [[9, 7, 7, 7, 7], [9, 7, 7, 7, 7], [9, 7, 7, 6, 6]];
    /// Who opens.
    start: StartRule = OptionKind::Choice { values: StartRule::NAMES }
        => [StartRule::Reveal, StartRule::HighestTriple, StartRule::HighestTriple];
    /// What the opener may play.
    first_tile: FirstTile = OptionKind::Choice { values: FirstTile::NAMES }
        => [FirstTile::Any, FirstTile::StartTile, FirstTile::Any];
    /// Points for any opener.
    start_bonus: i32 = POINTS => [0, 0, 10];
    /// Extra points when the opening tile is a triple.
    triple_start_bonus: i32 = POINTS => [0, 10, 0];
    /// Extra points when the opening tile is `0-0-0`.
    zero_triple_bonus: i32 = POINTS => [0, 30, 0];
    /// May a player draw when they could play?
    draw_when_able: bool = BOOL => [true, false, false];
    /// Draws allowed in one turn.
    max_draws: u8 = OptionKind::Int { min: 1, max: 50 } => [3, 3, 1];
    /// Points lost per draw.
    draw_penalty: i32 = POINTS => [5, 5, 5];
    /// Points lost after `max_draws` failed draws.
    fail_penalty: i32 = POINTS => [10, 10, 10];
    /// After a draw, which tiles may be placed.
    after_draw: AfterDraw = OptionKind::Choice { values: AfterDraw::NAMES }
        => [AfterDraw::DrawnTile, AfterDraw::DrawnTile, AfterDraw::DrawnTile];
    /// Points lost for a pass.
    empty_pool_penalty: i32 = POINTS => [0, 0, 0];
    /// The turn timer of the Triominos Challenge (an hourglass turned over
    /// each turn): seconds a turn, or `None` for no timer. A player whose
    /// time runs out is timed out by the referee ([`crate::Game::time_out`]).
    timer: Option<i32> = OptionKind::IntOrNone { min: 1, max: MAX_TIMER } => [None, None, None];
    /// Points lost by a player whose turn timer runs out.
    timer_penalty: i32 = POINTS => [15, 15, 15];
    /// Must corners that touch only at a point match?
    vertex_contacts_must_match: bool = BOOL => [true, true, true];
    /// Bridge bonus (0 = no bridges).
    bridge_bonus: i32 = POINTS => [40, 40, 0];
    /// Bridge extension bonus (0 = none).
    bridge_extension_bonus: i32 = POINTS => [0, 40, 0];
    /// Bonus for completing 1, 2 or 3 hexagons with one tile.
    hexagon_bonus: [i32; 3] = OptionKind::List { len: 3, min: 0, max: MAX_POINTS }
        => [[50, 60, 70], [50, 100, 150], [0, 0, 0]];
    /// Must a figure bonus (bridge, bridge extension, hexagons) be announced
    /// to score? When on, an unannounced figure scores nothing; the start
    /// bonus needs no announce.
    announce_bonuses: bool = BOOL => [false, false, false];
    /// Bonus for going out.
    out_bonus: i32 = POINTS => [25, 25, 25];
    /// Does going out also score the opponents' hands?
    out_takes_hands: bool = BOOL => [true, true, false];
    /// Scoring of a blocked round.
    blocked: Blocked = OptionKind::Choice { values: Blocked::NAMES }
        => [Blocked::EachSubtracts, Blocked::LowestTakesAll, Blocked::LowestBonus];
    /// Points to reach, or `None` for a single round.
    target: Option<i32> = OptionKind::IntOrNone { min: 1, max: MAX_POINTS } => [Some(400), Some(400), Some(400)];
    /// How the game ends.
    game_end: GameEnd = OptionKind::Choice { values: GameEnd::NAMES }
        => [GameEnd::HighestAfterRound, GameEnd::RoundWinnerAfterRound, GameEnd::Immediate];
}

/// The schema of every option (the same as [`OPTIONS`]), for building forms
/// and rules pages: serialize it with the `serde` feature.
pub fn options_schema() -> &'static [OptionDef] {
    OPTIONS
}

/// The option with this name.
pub fn option(name: &str) -> Option<&'static OptionDef> {
    OPTIONS.iter().find(|o| o.name == name)
}

/// The three published rule sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Preset {
    /// Goliath's official French rules (seed 000).
    Goliath,
    /// Pressman's Spanish rules (seed 002).
    Pressman,
    /// The French "dominos triangles" rules (seed 004).
    DominosTriangles,
}

impl Preset {
    /// All presets.
    pub const ALL: [Preset; 3] = [Preset::Goliath, Preset::Pressman, Preset::DominosTriangles];

    /// The preset's name in records and on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Preset::Goliath => "goliath",
            Preset::Pressman => "pressman",
            Preset::DominosTriangles => "dominos-triangles",
        }
    }

    /// The preset with this name.
    pub fn from_name(name: &str) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.name() == name)
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl RuleSet {
    /// The preset with this name: `goliath`, `pressman` or `dominos-triangles`.
    pub fn preset(name: &str) -> Result<RuleSet, RulesError> {
        Preset::from_name(name).map(RuleSet::of).ok_or_else(|| RulesError::UnknownPreset { preset: name.into() })
    }

    /// A preset plus overrides given as `(name, value)` pairs (from a rules
    /// file, a record's `[Option]` headers or a form), checked together.
    pub fn with_overrides<K: AsRef<str>, V: AsRef<str>>(
        preset: &str,
        overrides: impl IntoIterator<Item = (K, V)>,
    ) -> Result<RuleSet, RulesError> {
        let mut r = RuleSet::preset(preset)?;
        r.set_options(overrides)?;
        Ok(r)
    }

    /// The preset this rule set starts from.
    pub const fn base_preset(&self) -> Preset {
        self.preset
    }

    /// Fewest players.
    pub const fn min_players(&self) -> u8 {
        self.players.min
    }

    /// Most players.
    pub const fn max_players(&self) -> u8 {
        self.players.max
    }

    /// Sets one option by its name (see [`OPTIONS`]). The whole set is
    /// checked; on error nothing changes.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), RulesError> {
        self.set_options([(name, value)])
    }

    /// Sets several options, then checks the whole set once (so the order
    /// of the pairs does not matter; a later pair for the same option wins).
    /// On error nothing changes.
    pub fn set_options<K: AsRef<str>, V: AsRef<str>>(
        &mut self,
        pairs: impl IntoIterator<Item = (K, V)>,
    ) -> Result<(), RulesError> {
        let mut next = *self;
        for (k, v) in pairs {
            next.apply(k.as_ref(), v.as_ref())?;
        }
        next.check()?;
        *self = next;
        Ok(())
    }

    /// A draft for reading options one at a time (a record's headers): each
    /// option is read and reported alone, the set is checked at the end by
    /// [`Draft::finish`].
    pub(crate) fn draft(self) -> Draft {
        Draft(self)
    }

    /// The one validation of a rule set: every value within its option's
    /// kind, and the constraints between options that the engine needs to
    /// deal and play every allowed player count.
    fn check(&self) -> Result<(), RulesError> {
        self.check_kinds()?;
        let inconsistent = |option, rule| Err(RulesError::Inconsistent { option, rule });
        if self.players.min > self.players.max {
            return inconsistent("players", Constraint::MinAboveMax);
        }
        // Every player count's hands fit in the 56 tiles (checked for all
        // five sizes, not only the allowed counts, so that `players` can be
        // widened without touching `hand_size`).
        for (i, &h) in self.hand_size.iter().enumerate() {
            if (i + MIN_PLAYERS) * h as usize > TILE_COUNT {
                return inconsistent("hand_size", Constraint::HandTooBig);
            }
        }
        if self.first_tile == FirstTile::StartTile && self.start == StartRule::Reveal {
            // Name the option that departs from the preset (`start` when both do).
            let option = if self.start != RuleSet::of(self.preset).start { "start" } else { "first_tile" };
            return inconsistent(option, Constraint::StartTileNeedsHighestTriple);
        }
        Ok(())
    }

    /// Tiles dealt to each of `players` players (clamped to 2..=6).
    pub fn hand_size_for(&self, players: usize) -> usize {
        self.hand_size[players.clamp(MIN_PLAYERS, MAX_PLAYERS) - MIN_PLAYERS] as usize
    }

    /// Whether `players` players may play these rules.
    pub fn allows_players(&self, players: usize) -> bool {
        self.players.contains(players)
    }

    /// Every option as `(name, value)`, in table order.
    pub fn options(&self) -> Vec<(&'static str, String)> {
        OPTIONS.iter().map(|o| (o.name, self.option_value(o.name).unwrap_or_default())).collect()
    }

    /// The options whose value differs from the preset's, as `(name, value)`, in table order.
    pub fn overrides(&self) -> Vec<(&'static str, String)> {
        let base = RuleSet::of(self.preset);
        OPTIONS
            .iter()
            .filter(|o| base.option_value(o.name) != self.option_value(o.name))
            .map(|o| (o.name, self.option_value(o.name).unwrap_or_default()))
            .collect()
    }

    /// The start bonus for an opening tile.
    pub fn start_points(&self, tile: Tile) -> i32 {
        let mut p = self.start_bonus;
        if tile.is_triple() {
            p += self.triple_start_bonus;
            if tile.index() == 0 {
                p += self.zero_triple_bonus;
            }
        }
        p
    }

    /// The hexagon bonus for completing `n` hexagons at once (0 for none).
    pub fn hexagon_points(&self, n: u8) -> i32 {
        match n {
            0 => 0,
            n => self.hexagon_bonus[(n.min(3) - 1) as usize],
        }
    }
}

/// A rule set being read option by option; [`Draft::finish`] checks it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Draft(RuleSet);

impl Draft {
    /// Reads one option (its value alone is checked).
    pub(crate) fn set(&mut self, name: &str, value: &str) -> Result<(), RulesError> {
        self.0.apply(name, value)
    }

    /// The checked rule set.
    pub(crate) fn finish(self) -> Result<RuleSet, RulesError> {
        self.0.check()?;
        Ok(self.0)
    }
}

#[cfg(feature = "serde")]
mod serde_impl {
    //! A rule set serializes as a map: `preset` (the preset's name) then
    //! every option's text, in table order. It deserializes from `preset`
    //! (or `ruleset`, as in rules files) plus any options, each a string,
    //! a boolean, a number or a list of numbers, checked like any override.
    use super::{RuleSet, OPTIONS};
    use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
    use serde::ser::{Serialize, SerializeMap, Serializer};
    use std::fmt;

    impl Serialize for RuleSet {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut m = s.serialize_map(Some(OPTIONS.len() + 1))?;
            m.serialize_entry("preset", self.preset.name())?;
            for o in OPTIONS {
                m.serialize_entry(o.name, &self.option_value(o.name).unwrap_or_default())?;
            }
            m.end()
        }
    }

    /// An option value as text, from a string, boolean, number or list of numbers.
    struct Text(String);

    impl<'de> Deserialize<'de> for Text {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Text, D::Error> {
            struct V;
            impl<'de> Visitor<'de> for V {
                type Value = Text;
                fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                    f.write_str("a string, boolean, whole number or list of whole numbers")
                }
                fn visit_str<E: de::Error>(self, v: &str) -> Result<Text, E> {
                    Ok(Text(v.to_string()))
                }
                fn visit_bool<E: de::Error>(self, v: bool) -> Result<Text, E> {
                    Ok(Text(v.to_string()))
                }
                fn visit_i64<E: de::Error>(self, v: i64) -> Result<Text, E> {
                    Ok(Text(v.to_string()))
                }
                fn visit_u64<E: de::Error>(self, v: u64) -> Result<Text, E> {
                    Ok(Text(v.to_string()))
                }
                fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Text, A::Error> {
                    let mut items = Vec::new();
                    while let Some(n) = seq.next_element::<i64>()? {
                        items.push(n.to_string());
                    }
                    Ok(Text(items.join(" ")))
                }
            }
            d.deserialize_any(V)
        }
    }

    impl<'de> Deserialize<'de> for RuleSet {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<RuleSet, D::Error> {
            struct V;
            impl<'de> Visitor<'de> for V {
                type Value = RuleSet;
                fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                    f.write_str("a map of preset and options")
                }
                fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RuleSet, A::Error> {
                    let mut preset: Option<String> = None;
                    let mut options: Vec<(String, String)> = Vec::new();
                    while let Some(key) = map.next_key::<String>()? {
                        if key == "preset" || key == "ruleset" {
                            if preset.is_some() {
                                return Err(de::Error::duplicate_field("preset"));
                            }
                            preset = Some(map.next_value()?);
                        } else {
                            let Text(v) = map.next_value()?;
                            options.push((key, v));
                        }
                    }
                    let preset = preset.ok_or_else(|| de::Error::missing_field("preset"))?;
                    RuleSet::with_overrides(&preset, options).map_err(de::Error::custom)
                }
            }
            d.deserialize_map(V)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_match_the_spec_table() {
        let g = RuleSet::of(Preset::Goliath);
        let p = RuleSet::of(Preset::Pressman);
        let d = RuleSet::of(Preset::DominosTriangles);
        assert_eq!(g.option_value("hexagon_bonus").unwrap(), "50 60 70");
        assert_eq!(p.option_value("hexagon_bonus").unwrap(), "50 100 150");
        assert_eq!(d.option_value("hand_size").unwrap(), "9 7 7 6 6");
        assert_eq!(d.option_value("players").unwrap(), "2-6");
        assert_eq!(
            [g, p, d].map(|r| r.option_value("blocked").unwrap()),
            ["each_subtracts", "lowest_takes_all", "lowest_bonus"]
        );
        assert_eq!(
            [g, p, d].map(|r| r.option_value("game_end").unwrap()),
            ["highest_after_round", "round_winner_after_round", "immediate"]
        );
        let zero = Tile::from_numbers(0, 0, 0).unwrap();
        let five = Tile::from_numbers(5, 5, 5).unwrap();
        assert_eq!(p.start_points(zero), 40);
        assert_eq!(p.start_points(five) + 15, 25);
        assert_eq!(d.start_points(five), 10);
        assert_eq!(g.start_points(five), 0);
        for r in [g, p, d] {
            // The Triominos Challenge timer is a table's choice: no preset has one.
            assert_eq!((r.timer(), r.timer_penalty()), (None, 15));
            assert!(r.overrides().is_empty());
            assert_eq!(r.check(), Ok(()), "{:?} is valid", r.base_preset());
            assert!(!r.announce_bonuses());
        }
    }

    #[test]
    fn every_option_round_trips_through_its_text_and_the_table_is_consistent() {
        for preset in Preset::ALL {
            let mut r = RuleSet::of(preset);
            for o in OPTIONS {
                let v = r.option_value(o.name).unwrap();
                r.set_option(o.name, &v).unwrap();
                assert_eq!(o.help, format!("opt.{}", o.name));
                assert_eq!(option(o.name), Some(o));
            }
            assert_eq!(r, RuleSet::of(preset));
        }
        let mut names: Vec<&str> = OPTIONS.iter().map(|o| o.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), OPTIONS.len(), "each option once");
    }

    #[test]
    fn bad_values_are_refused_by_name_and_change_nothing() {
        let mut r = RuleSet::of(Preset::Goliath);
        for (k, v) in [
            ("players", "1-4"),
            ("players", "2-7"),
            ("players", "24"),
            ("hand_size", "9 7 7"),
            ("hand_size", "30 9 9 9 9"),
            ("hand_size", "0 7 7 7 7"),
            ("max_draws", "0"),
            ("max_draws", "51"),
            ("target", "-5"),
            ("target", "0"),
            ("draw_penalty", "-1"),
            ("draw_penalty", "+5"),
            ("draw_penalty", "100001"),
            ("target", "4e2"),
            ("hexagon_bonus", "50 60"),
            ("start", "coin"),
            ("draw_when_able", "yes"),
            ("announce_bonuses", "1"),
            ("timer", "0"),
            ("timer", "604801"),
            ("timer", "-30"),
            ("timer", "60s"),
            ("timer_penalty", "-15"),
            // Written exactly: no space around a value (section 7; the Python
            // reference refuses them too).
            ("target", " none "),
            ("target", "400 "),
            ("players", "2 - 4"),
            ("start", " reveal"),
            ("draw_when_able", "true "),
        ] {
            match r.set_option(k, v) {
                Err(RulesError::BadValue { option, value }) => assert_eq!((option, value.as_str()), (k, v)),
                other => panic!("{k}={v}: {other:?}"),
            }
        }
        assert_eq!(r.set_option("colour", "red"), Err(RulesError::UnknownOption { option: "colour".into() }));
        assert_eq!(r, RuleSet::of(Preset::Goliath));
        for (k, v, rule) in [
            ("players", "3-2", Constraint::MinAboveMax),
            ("hand_size", "9 7 7 7 20", Constraint::HandTooBig),
            ("hand_size", "28 19 7 7 7", Constraint::HandTooBig),
            ("first_tile", "start_tile", Constraint::StartTileNeedsHighestTriple),
        ] {
            let option = if k == "first_tile" { "first_tile" } else { k };
            assert_eq!(r.set_option(k, v), Err(RulesError::Inconsistent { option, rule }), "{k}={v}");
        }
        assert_eq!(r, RuleSet::of(Preset::Goliath));
        // The option named is the one that departs from the preset.
        assert_eq!(
            RuleSet::preset("pressman").unwrap().set_option("start", "reveal"),
            Err(RulesError::Inconsistent { option: "start", rule: Constraint::StartTileNeedsHighestTriple })
        );
        // Limits that fit are taken.
        r.set_options([("hand_size", "28 18 14 11 9"), ("players", "2-6")]).unwrap();
        assert_eq!(r.hand_size_for(6), 9);
        assert_eq!(RuleSet::preset("chess"), Err(RulesError::UnknownPreset { preset: "chess".into() }));
    }

    #[test]
    fn kinds_describe_what_they_take() {
        assert_eq!(option("max_draws").unwrap().kind, OptionKind::Int { min: 1, max: 50 });
        assert_eq!(option("target").unwrap().kind.expected(), "a whole number from 1 to 100000, or none");
        assert_eq!(option("timer").unwrap().kind, OptionKind::IntOrNone { min: 1, max: 604_800 });
        assert_eq!(option("timer").unwrap().default_for(Preset::Goliath), "none");
        assert_eq!(option("timer_penalty").unwrap().default_for(Preset::DominosTriangles), "15");
        assert_eq!(option("blocked").unwrap().kind.expected(), "each_subtracts, lowest_takes_all or lowest_bonus");
        assert_eq!(option("players").unwrap().kind.expected(), "MIN-MAX within 2-6, like 2-4");
        assert_eq!(option("hand_size").unwrap().kind, OptionKind::List { len: 5, min: 1, max: 28 });
        assert_eq!(option("announce_bonuses").unwrap().default_for(Preset::Pressman), "false");
        assert!(option("colour").is_none());
    }

    #[cfg(feature = "serde")]
    #[test]
    fn the_schema_and_errors_serialize_as_the_contract_says() {
        assert_eq!(
            serde_json::to_string(option("max_draws").unwrap()).unwrap(),
            r#"{"name":"max_draws","kind":{"type":"int","min":1,"max":50},"help":"opt.max_draws","defaults":{"goliath":"3","pressman":"3","dominos-triangles":"1"}}"#
        );
        let all = serde_json::to_value(options_schema()).unwrap();
        let kind = |name: &str| all.as_array().unwrap().iter().find(|o| o["name"] == name).unwrap()["kind"].clone();
        assert_eq!(kind("draw_when_able"), serde_json::json!({"type": "bool"}));
        assert_eq!(kind("target"), serde_json::json!({"type": "int_or_none", "min": 1, "max": 100000}));
        assert_eq!(kind("start"), serde_json::json!({"type": "choice", "values": ["reveal", "highest_triple"]}));
        assert_eq!(kind("players"), serde_json::json!({"type": "range", "min": 2, "max": 6}));
        assert_eq!(kind("hexagon_bonus"), serde_json::json!({"type": "list", "len": 3, "min": 0, "max": 100000}));
        let e = RuleSet::with_overrides("goliath", [("first_tile", "start_tile")]).unwrap_err();
        assert_eq!(
            serde_json::to_value(&e).unwrap(),
            serde_json::json!({"code": "inconsistent", "params": {"option": "first_tile", "rule": "start_tile_needs_highest_triple"}})
        );
        let e = RuleSet::with_overrides("goliath", [("max_draws", "0")]).unwrap_err();
        assert_eq!(
            serde_json::to_value(&e).unwrap(),
            serde_json::json!({"code": "bad_value", "params": {"option": "max_draws", "value": "0"}})
        );
        assert_eq!(
            serde_json::to_value(RulesError::UnknownOption { option: "x".into() }).unwrap(),
            serde_json::json!({"code": "unknown_option", "params": {"option": "x"}})
        );
        assert_eq!(
            serde_json::to_value(RulesError::UnknownPreset { preset: "x".into() }).unwrap(),
            serde_json::json!({"code": "unknown_preset", "params": {"preset": "x"}})
        );
    }

    #[cfg(feature = "serde")]
    #[test]
    fn rule_sets_serialize_as_their_option_texts_and_deserialize_checked() {
        let r = RuleSet::with_overrides("pressman", [("target", "none"), ("hexagon_bonus", "1 2 3")]).unwrap();
        let v = serde_json::to_value(r).unwrap();
        assert_eq!(v["preset"], "pressman");
        assert_eq!(v["target"], "none");
        assert_eq!(v["hexagon_bonus"], "1 2 3");
        assert_eq!(serde_json::from_value::<RuleSet>(v).unwrap(), r);
        let typed: RuleSet = serde_json::from_str(
            r#"{"ruleset":"goliath","max_draws":2,"hexagon_bonus":[1,2,3],"draw_when_able":false}"#,
        )
        .unwrap();
        assert_eq!((typed.max_draws(), typed.hexagon_bonus(), typed.draw_when_able()), (2, [1, 2, 3], false));
        for bad in [
            r#"{"preset":"goliath","players":"2-7"}"#,
            r#"{"preset":"goliath","hand_size":[30,9,9,9,9]}"#,
            r#"{"preset":"goliath","max_draws":0}"#,
            r#"{"preset":"goliath","players":"4-3"}"#,
            r#"{"preset":"goliath","first_tile":"start_tile"}"#,
            r#"{"preset":"chess"}"#,
            r#"{"max_draws":2}"#,
        ] {
            assert!(serde_json::from_str::<RuleSet>(bad).is_err(), "{bad}");
        }
    }
}
