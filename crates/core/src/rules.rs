//! Rule sets as data: every option of rules.md section 7, the three presets,
//! and overrides by option name.
//!
//! ```
//! use triominos_core::RuleSet;
//! let mut rules = RuleSet::preset("goliath").unwrap();
//! rules.set_option("target", "none").unwrap();
//! rules.set_option("hexagon_bonus", "50 100 150").unwrap();
//! assert_eq!(rules.target, None);
//! assert!(rules.set_option("max_draws", "0").is_err());
//! assert!(rules.set_option("no_such_option", "1").is_err());
//! ```

use core::fmt;

/// Most players a rule set may allow.
pub const MAX_PLAYERS: usize = 6;
/// Fewest players a rule set may allow.
pub const MIN_PLAYERS: usize = 2;

/// Who opens a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum StartRule {
    /// Each player reveals a tile from the pool; highest sum starts, ties reveal again.
    Reveal,
    /// Holder of the highest triple; with no triple dealt, holder of the highest tile.
    HighestTriple,
}

/// Which tile the opener may play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum FirstTile {
    /// Any tile from the opener's hand.
    Any,
    /// The tile that decided the start (the highest triple, or `0-0-0` when the
    /// opener also holds it; the highest tile when no triple was dealt).
    StartTile,
}

/// After a draw that can be placed, which tiles may be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum AfterDraw {
    /// Only the tile just drawn.
    DrawnTile,
    /// Any tile of the hand.
    AnyTile,
}

/// End-of-round scoring of a blocked round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Blocked {
    /// Every player subtracts their own hand's sum.
    EachSubtracts,
    /// Lowest hand wins: plus the others' hands, minus their own.
    LowestTakesAll,
    /// Lowest hand wins the out bonus.
    LowestBonus,
}

/// How a game with a target ends and who wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum GameEnd {
    /// The round is finished; the highest total wins.
    HighestAfterRound,
    /// The round is finished; among those who reached the target, the round's winner, else the highest total.
    RoundWinnerAfterRound,
    /// The first to reach the target wins at once, mid-round.
    Immediate,
}

/// A complete rule set. Every field is an option of rules.md section 7.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RuleSet {
    /// The preset this rule set starts from (`goliath`, `pressman`, `dominos-triangles`).
    pub preset: Preset,
    /// Fewest players.
    pub min_players: u8,
    /// Most players.
    pub max_players: u8,
    /// Tiles per player for 2, 3, 4, 5 and 6 players.
    pub hand_size: [u8; 5],
    /// Who opens.
    pub start: StartRule,
    /// What the opener may play.
    pub first_tile: FirstTile,
    /// Points for any opener.
    pub start_bonus: i32,
    /// Extra points when the opening tile is a triple.
    pub triple_start_bonus: i32,
    /// Extra points when the opening tile is `0-0-0`.
    pub zero_triple_bonus: i32,
    /// May a player draw when they could play?
    pub draw_when_able: bool,
    /// Draws allowed in one turn.
    pub max_draws: u8,
    /// Points lost per draw.
    pub draw_penalty: i32,
    /// Points lost after `max_draws` failed draws.
    pub fail_penalty: i32,
    /// After a draw, which tiles may be placed.
    pub after_draw: AfterDraw,
    /// Points lost for a pass.
    pub empty_pool_penalty: i32,
    /// Must corners that touch only at a point match?
    pub vertex_contacts_must_match: bool,
    /// Bridge bonus (0 = no bridges).
    pub bridge_bonus: i32,
    /// Bridge extension bonus (0 = none).
    pub bridge_extension_bonus: i32,
    /// Bonus for completing 1, 2 or 3 hexagons with one tile.
    pub hexagon_bonus: [i32; 3],
    /// Bonus for going out.
    pub out_bonus: i32,
    /// Does going out also score the opponents' hands?
    pub out_takes_hands: bool,
    /// Scoring of a blocked round.
    pub blocked: Blocked,
    /// Points to reach, or `None` for a single round.
    pub target: Option<i32>,
    /// How the game ends.
    pub game_end: GameEnd,
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

/// Why an option could not be set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesError {
    /// No preset has this name.
    UnknownPreset(String),
    /// No option has this name.
    UnknownOption(String),
    /// The value is malformed or out of range.
    BadValue {
        /// The option.
        option: String,
        /// The value given.
        value: String,
        /// What is expected.
        expected: &'static str,
    },
    /// Options that cannot go together.
    Inconsistent(&'static str),
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::UnknownPreset(p) => {
                write!(f, "unknown rule set {p:?} (expected goliath, pressman or dominos-triangles)")
            }
            RulesError::UnknownOption(o) => write!(f, "unknown option {o:?}"),
            RulesError::BadValue { option, value, expected } => {
                write!(f, "bad value {value:?} for option {option}: expected {expected}")
            }
            RulesError::Inconsistent(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for RulesError {}

/// The names of all options, in the order of rules.md section 7.
pub const OPTION_NAMES: [&str; 22] = [
    "players",
    "hand_size",
    "start",
    "first_tile",
    "start_bonus",
    "triple_start_bonus",
    "zero_triple_bonus",
    "draw_when_able",
    "max_draws",
    "draw_penalty",
    "fail_penalty",
    "after_draw",
    "empty_pool_penalty",
    "vertex_contacts_must_match",
    "bridge_bonus",
    "bridge_extension_bonus",
    "hexagon_bonus",
    "out_bonus",
    "out_takes_hands",
    "blocked",
    "target",
    "game_end",
];

/// Largest value accepted for a points option.
const MAX_POINTS: i32 = 100_000;

/// A plain decimal number (digits only, no sign).
fn number(value: &str) -> Option<i32> {
    let v = value.trim();
    if v.is_empty() || v.len() > 9 || !v.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    v.parse().ok()
}

fn points(option: &str, value: &str) -> Result<i32, RulesError> {
    number(value).filter(|v| (0..=MAX_POINTS).contains(v)).ok_or_else(|| RulesError::BadValue {
        option: option.into(),
        value: value.into(),
        expected: "a whole number of points from 0 to 100000",
    })
}

fn boolean(option: &str, value: &str) -> Result<bool, RulesError> {
    match value.trim() {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(RulesError::BadValue { option: option.into(), value: value.into(), expected: "true or false" }),
    }
}

impl RuleSet {
    /// The preset with this name: `goliath`, `pressman` or `dominos-triangles`.
    pub fn preset(name: &str) -> Result<RuleSet, RulesError> {
        Preset::from_name(name).map(RuleSet::of).ok_or_else(|| RulesError::UnknownPreset(name.into()))
    }

    /// The rules of a preset, exactly as rules.md section 6 gives them.
    pub const fn of(preset: Preset) -> RuleSet {
        let goliath = RuleSet {
            preset: Preset::Goliath,
            min_players: 2,
            max_players: 4,
            hand_size: [9, 7, 7, 7, 7],
            start: StartRule::Reveal,
            first_tile: FirstTile::Any,
            start_bonus: 0,
            triple_start_bonus: 0,
            zero_triple_bonus: 0,
            draw_when_able: true,
            max_draws: 3,
            draw_penalty: 5,
            fail_penalty: 10,
            after_draw: AfterDraw::DrawnTile,
            empty_pool_penalty: 0,
            vertex_contacts_must_match: true,
            bridge_bonus: 40,
            bridge_extension_bonus: 0,
            hexagon_bonus: [50, 60, 70],
            out_bonus: 25,
            out_takes_hands: true,
            blocked: Blocked::EachSubtracts,
            target: Some(400),
            game_end: GameEnd::HighestAfterRound,
        };
        match preset {
            Preset::Goliath => goliath,
            Preset::Pressman => RuleSet {
                preset: Preset::Pressman,
                start: StartRule::HighestTriple,
                first_tile: FirstTile::StartTile,
                triple_start_bonus: 10,
                zero_triple_bonus: 30,
                draw_when_able: false,
                bridge_extension_bonus: 40,
                hexagon_bonus: [50, 100, 150],
                blocked: Blocked::LowestTakesAll,
                game_end: GameEnd::RoundWinnerAfterRound,
                ..goliath
            },
            Preset::DominosTriangles => RuleSet {
                preset: Preset::DominosTriangles,
                max_players: 6,
                hand_size: [9, 7, 7, 6, 6],
                start: StartRule::HighestTriple,
                start_bonus: 10,
                draw_when_able: false,
                max_draws: 1,
                bridge_bonus: 0,
                hexagon_bonus: [0, 0, 0],
                out_takes_hands: false,
                blocked: Blocked::LowestBonus,
                game_end: GameEnd::Immediate,
                ..goliath
            },
        }
    }

    /// Tiles dealt to each of `players` players.
    pub fn hand_size_for(&self, players: usize) -> usize {
        self.hand_size[players.clamp(MIN_PLAYERS, MAX_PLAYERS) - MIN_PLAYERS] as usize
    }

    /// Whether `players` players may play these rules.
    pub fn allows_players(&self, players: usize) -> bool {
        (self.min_players as usize..=self.max_players as usize).contains(&players)
    }

    /// Sets one option by its rules.md name. On error nothing changes.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), RulesError> {
        let mut next = *self;
        let v = value.trim();
        let bad = |expected: &'static str| RulesError::BadValue { option: name.into(), value: value.into(), expected };
        match name {
            "players" => {
                let (lo, hi) = v.split_once('-').ok_or_else(|| bad("MIN-MAX within 2-6, like 2-4"))?;
                let lo = number(lo).ok_or_else(|| bad("MIN-MAX within 2-6, like 2-4"))?.min(99) as u8;
                let hi = number(hi).ok_or_else(|| bad("MIN-MAX within 2-6, like 2-4"))?.min(99) as u8;
                if lo < MIN_PLAYERS as u8 || hi > MAX_PLAYERS as u8 || lo > hi {
                    return Err(bad("MIN-MAX within 2-6, like 2-4"));
                }
                next.min_players = lo;
                next.max_players = hi;
            }
            "hand_size" => {
                let nums: Vec<&str> = v.split_whitespace().collect();
                if nums.len() != 5 {
                    return Err(bad("five numbers, the hand size for 2, 3, 4, 5 and 6 players"));
                }
                for (i, n) in nums.iter().enumerate() {
                    let k = number(n).ok_or_else(|| bad("five hand sizes, each at least 1"))?.min(99) as u8;
                    if !(1..=56).contains(&k) {
                        return Err(bad("five hand sizes, each at least 1"));
                    }
                    // Hands must leave the deal within the 56 tiles.
                    if (i + 2) * k as usize > 56 {
                        return Err(bad("hand sizes that fit in 56 tiles for every player count"));
                    }
                    next.hand_size[i] = k;
                }
            }
            "start" => {
                next.start = match v {
                    "reveal" => StartRule::Reveal,
                    "highest_triple" => StartRule::HighestTriple,
                    _ => return Err(bad("reveal or highest_triple")),
                }
            }
            "first_tile" => {
                next.first_tile = match v {
                    "any" => FirstTile::Any,
                    "start_tile" => FirstTile::StartTile,
                    _ => return Err(bad("any or start_tile")),
                }
            }
            "start_bonus" => next.start_bonus = points(name, value)?,
            "triple_start_bonus" => next.triple_start_bonus = points(name, value)?,
            "zero_triple_bonus" => next.zero_triple_bonus = points(name, value)?,
            "draw_when_able" => next.draw_when_able = boolean(name, value)?,
            "max_draws" => {
                next.max_draws = number(v)
                    .filter(|n| (1..=50).contains(n))
                    .map(|n| n as u8)
                    .ok_or_else(|| bad("a number of draws from 1 to 50"))?
            }
            "draw_penalty" => next.draw_penalty = points(name, value)?,
            "fail_penalty" => next.fail_penalty = points(name, value)?,
            "after_draw" => {
                next.after_draw = match v {
                    "drawn_tile" => AfterDraw::DrawnTile,
                    "any_tile" => AfterDraw::AnyTile,
                    _ => return Err(bad("drawn_tile or any_tile")),
                }
            }
            "empty_pool_penalty" => next.empty_pool_penalty = points(name, value)?,
            "vertex_contacts_must_match" => next.vertex_contacts_must_match = boolean(name, value)?,
            "bridge_bonus" => next.bridge_bonus = points(name, value)?,
            "bridge_extension_bonus" => next.bridge_extension_bonus = points(name, value)?,
            "hexagon_bonus" => {
                let nums: Vec<&str> = v.split_whitespace().collect();
                if nums.len() != 3 {
                    return Err(bad("three numbers: the bonus for 1, 2 and 3 hexagons"));
                }
                for (i, n) in nums.iter().enumerate() {
                    next.hexagon_bonus[i] = points(name, n)?;
                }
            }
            "out_bonus" => next.out_bonus = points(name, value)?,
            "out_takes_hands" => next.out_takes_hands = boolean(name, value)?,
            "blocked" => {
                next.blocked = match v {
                    "each_subtracts" => Blocked::EachSubtracts,
                    "lowest_takes_all" => Blocked::LowestTakesAll,
                    "lowest_bonus" => Blocked::LowestBonus,
                    _ => return Err(bad("each_subtracts, lowest_takes_all or lowest_bonus")),
                }
            }
            "target" => {
                next.target = if v == "none" {
                    None
                } else {
                    Some(
                        number(v)
                            .filter(|n| (1..=MAX_POINTS).contains(n))
                            .ok_or_else(|| bad("a number of points from 1 to 100000, or none for a single round"))?,
                    )
                }
            }
            "game_end" => {
                next.game_end = match v {
                    "highest_after_round" => GameEnd::HighestAfterRound,
                    "round_winner_after_round" => GameEnd::RoundWinnerAfterRound,
                    "immediate" => GameEnd::Immediate,
                    _ => return Err(bad("highest_after_round, round_winner_after_round or immediate")),
                }
            }
            _ => return Err(RulesError::UnknownOption(name.into())),
        }
        *self = next;
        Ok(())
    }

    /// Checks options that only make sense together.
    pub fn validate(&self) -> Result<(), RulesError> {
        if self.first_tile == FirstTile::StartTile && self.start == StartRule::Reveal {
            return Err(RulesError::Inconsistent(
                "first_tile start_tile needs start highest_triple (a reveal draw decides no start tile)",
            ));
        }
        Ok(())
    }

    /// The value of one option, written as in rules files and records.
    pub fn option_value(&self, name: &str) -> Option<String> {
        let b = |x: bool| if x { "true" } else { "false" }.to_string();
        Some(match name {
            "players" => format!("{}-{}", self.min_players, self.max_players),
            "hand_size" => self.hand_size.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(" "),
            "start" => match self.start {
                StartRule::Reveal => "reveal",
                StartRule::HighestTriple => "highest_triple",
            }
            .into(),
            "first_tile" => match self.first_tile {
                FirstTile::Any => "any",
                FirstTile::StartTile => "start_tile",
            }
            .into(),
            "start_bonus" => self.start_bonus.to_string(),
            "triple_start_bonus" => self.triple_start_bonus.to_string(),
            "zero_triple_bonus" => self.zero_triple_bonus.to_string(),
            "draw_when_able" => b(self.draw_when_able),
            "max_draws" => self.max_draws.to_string(),
            "draw_penalty" => self.draw_penalty.to_string(),
            "fail_penalty" => self.fail_penalty.to_string(),
            "after_draw" => match self.after_draw {
                AfterDraw::DrawnTile => "drawn_tile",
                AfterDraw::AnyTile => "any_tile",
            }
            .into(),
            "empty_pool_penalty" => self.empty_pool_penalty.to_string(),
            "vertex_contacts_must_match" => b(self.vertex_contacts_must_match),
            "bridge_bonus" => self.bridge_bonus.to_string(),
            "bridge_extension_bonus" => self.bridge_extension_bonus.to_string(),
            "hexagon_bonus" => self.hexagon_bonus.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(" "),
            "out_bonus" => self.out_bonus.to_string(),
            "out_takes_hands" => b(self.out_takes_hands),
            "blocked" => match self.blocked {
                Blocked::EachSubtracts => "each_subtracts",
                Blocked::LowestTakesAll => "lowest_takes_all",
                Blocked::LowestBonus => "lowest_bonus",
            }
            .into(),
            "target" => self.target.map_or_else(|| "none".to_string(), |t| t.to_string()),
            "game_end" => match self.game_end {
                GameEnd::HighestAfterRound => "highest_after_round",
                GameEnd::RoundWinnerAfterRound => "round_winner_after_round",
                GameEnd::Immediate => "immediate",
            }
            .into(),
            _ => return None,
        })
    }

    /// Every option as `(name, value)`.
    pub fn options(&self) -> Vec<(&'static str, String)> {
        OPTION_NAMES.iter().map(|&n| (n, self.option_value(n).unwrap_or_default())).collect()
    }

    /// The options whose value differs from the preset's, as `(name, value)`.
    pub fn overrides(&self) -> Vec<(&'static str, String)> {
        let base = RuleSet::of(self.preset);
        OPTION_NAMES
            .iter()
            .filter(|n| base.option_value(n) != self.option_value(n))
            .map(|&n| (n, self.option_value(n).unwrap_or_default()))
            .collect()
    }

    /// A preset plus overrides given as `(name, value)` pairs (from a rules file).
    pub fn with_overrides<'a>(
        preset: &str,
        overrides: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<RuleSet, RulesError> {
        let mut r = RuleSet::preset(preset)?;
        for (k, v) in overrides {
            r.set_option(k, v)?;
        }
        r.validate()?;
        Ok(r)
    }

    /// The start bonus for an opening tile.
    pub fn start_points(&self, tile: crate::Tile) -> i32 {
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
        let zero = crate::Tile::from_numbers(0, 0, 0).unwrap();
        let five = crate::Tile::from_numbers(5, 5, 5).unwrap();
        assert_eq!(p.start_points(zero), 40);
        assert_eq!(p.start_points(five) + 15, 25);
        assert_eq!(d.start_points(five), 10);
        assert_eq!(g.start_points(five), 0);
        for r in [g, p, d] {
            assert!(r.overrides().is_empty());
            r.validate().unwrap();
        }
    }

    #[test]
    fn every_option_round_trips_through_its_text() {
        let mut r = RuleSet::of(Preset::Pressman);
        for name in OPTION_NAMES {
            let v = r.option_value(name).unwrap();
            r.set_option(name, &v).unwrap();
        }
        assert_eq!(r, RuleSet::of(Preset::Pressman));
    }

    #[test]
    fn bad_values_are_refused_and_change_nothing() {
        let mut r = RuleSet::of(Preset::Goliath);
        for (k, v) in [
            ("players", "1-4"),
            ("players", "3-2"),
            ("players", "2-7"),
            ("hand_size", "9 7 7"),
            ("hand_size", "9 7 7 7 20"),
            ("max_draws", "0"),
            ("target", "-5"),
            ("draw_penalty", "-1"),
            ("draw_penalty", "+5"),
            ("target", "4e2"),
            ("hexagon_bonus", "50 60"),
            ("start", "coin"),
            ("draw_when_able", "yes"),
        ] {
            assert!(matches!(r.set_option(k, v), Err(RulesError::BadValue { .. })), "{k}={v}");
        }
        assert!(matches!(r.set_option("colour", "red"), Err(RulesError::UnknownOption(_))));
        assert_eq!(r, RuleSet::of(Preset::Goliath));
        r.set_option("first_tile", "start_tile").unwrap();
        assert!(r.validate().is_err());
    }
}
