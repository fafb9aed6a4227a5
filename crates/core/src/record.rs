//! The `.tri` game record: reading (with a full replay that checks every
//! line), writing, and the report that `triominos check` prints.
//!
//! ```
//! use triominos_core::record::{replay, write};
//! use triominos_core::{Game, RuleSet};
//! let mut game = Game::new(RuleSet::preset("goliath").unwrap(), 2, 5).unwrap();
//! for _ in 0..10 {
//!     let a = game.legal_actions()[0];
//!     game.play(a).unwrap();
//! }
//! let names = ["Ann".to_string(), "Bob".to_string()];
//! let text = write(&game, &names, &[]).unwrap();
//! let replayed = replay(&text).unwrap();
//! assert_eq!(replayed.game.totals(), game.totals());
//! assert_eq!(replayed.report.rounds[0].end, "unfinished");
//! ```

use crate::action::{Action, IllegalAction};
use crate::board::Placement;
use crate::deal::{Deal, DealError};
use crate::event::RoundEnd;
use crate::game::{Game, HistoryEntry, Phase};
use crate::geom::Cell;
use crate::rules::{RuleSet, StartRule};
use crate::tile::{Tile, TileSet};
use core::fmt;

/// A refused record: the 1-based line of the first bad line and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub reason: String,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.line, self.reason)
    }
}

impl std::error::Error for RecordError {}

/// One action as `triominos check --json` reports it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ActionReport {
    /// 1-based line of the action.
    pub line: usize,
    /// Player name.
    pub player: String,
    /// `play`, `draw` or `pass`.
    pub kind: &'static str,
    /// Distinct legal placements the player had as this action, counted before it.
    pub legal_placements: usize,
    /// The tile (plays only).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub tile: Option<Tile>,
    /// The cell as `[c, r]` (plays only).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub cell: Option<[i32; 2]>,
    /// The rotation (plays only).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub rotation: Option<u8>,
    /// Change to the player's score made by the action alone.
    pub points: i32,
    /// Bonus names (`start`, `bridge`, `bridge_extension`, `hexagon`, `double_hexagon`, `triple_hexagon`, `fail`).
    pub bonuses: Vec<&'static str>,
}

/// Scores by player name, in seat order (a JSON object).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Scores(pub Vec<(String, i32)>);

#[cfg(feature = "serde")]
impl serde::Serialize for Scores {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            m.serialize_entry(k, v)?;
        }
        m.end()
    }
}

/// One round of the report.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct RoundReport {
    /// Round number.
    pub number: u32,
    /// Every action.
    pub actions: Vec<ActionReport>,
    /// `out`, `blocked` or `unfinished`.
    pub end: &'static str,
    /// The round's change to each total, end-of-round scoring included.
    pub round_scores: Scores,
}

/// What `triominos check --json` prints.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Report {
    /// Player names in seat order.
    pub players: Vec<String>,
    /// Every round.
    pub rounds: Vec<RoundReport>,
    /// Totals.
    pub totals: Scores,
    /// Winners in seat order once the game is over.
    pub winner: Option<Vec<String>>,
}

/// A replayed record.
#[derive(Clone, Debug)]
pub struct Replayed {
    /// The game after the last line.
    pub game: Game,
    /// Player names in seat order.
    pub players: Vec<String>,
    /// Header tags other than `Format`, `Ruleset`, `Players` and `Option`, in order.
    pub tags: Vec<(String, Vec<String>)>,
    /// The rules (preset plus `Option` headers).
    pub rules: RuleSet,
    /// The check report.
    pub report: Report,
}

fn err(line: usize, reason: impl Into<String>) -> RecordError {
    RecordError { line, reason: reason.into() }
}

/// Strips a `#` comment, ignoring `#` inside double quotes.
fn strip_comment(line: &str) -> &str {
    let mut in_quotes = false;
    for (i, ch) in line.char_indices() {
        match ch {
            '"' => in_quotes = !in_quotes,
            '#' if !in_quotes => return &line[..i],
            _ => {}
        }
    }
    line
}

/// Parses `[Name "v1" "v2" ...]`.
fn parse_tag(line: &str) -> Result<(String, Vec<String>), String> {
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or("malformed header: expected [Name \"value\" ...]")?;
    let inner = inner.trim();
    let name_end = inner.find(|c: char| c.is_whitespace()).unwrap_or(inner.len());
    let name = &inner[..name_end];
    if !name.starts_with(|c: char| c.is_ascii_alphabetic())
        || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        return Err("malformed header: bad tag name".into());
    }
    let mut rest = inner[name_end..].trim_start();
    let mut values = Vec::new();
    while !rest.is_empty() {
        let r = rest.strip_prefix('"').ok_or("malformed header: values must be in double quotes")?;
        let end = r.find('"').ok_or("malformed header: unterminated quote")?;
        values.push(r[..end].to_string());
        rest = r[end + 1..].trim_start();
    }
    Ok((name.to_string(), values))
}

fn parse_tiles(tokens: &[&str], line: usize) -> Result<Vec<Tile>, RecordError> {
    tokens.iter().map(|t| t.parse::<Tile>().map_err(|e| err(line, e.to_string()))).collect()
}

fn parse_cell(tok: &str, line: usize) -> Result<Option<Cell>, RecordError> {
    let bad = || err(line, format!("bad cell {tok:?}: expected c,r like -1,0"));
    let (c, r) = tok.split_once(',').ok_or_else(bad)?;
    let c: i64 = c.parse().map_err(|_| bad())?;
    let r: i64 = r.parse().map_err(|_| bad())?;
    Ok(i32::try_from(c).ok().zip(i32::try_from(r).ok()).and_then(|(c, r)| Cell::new(c, r)))
}

/// The parts of a round's setup, in the order they must come.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Stage {
    Pool,
    Start,
    Play,
}

/// The setup lines of a round, gathered until the first action.
struct Setup {
    number: u32,
    line: usize,
    deals: Vec<Option<TileSet>>,
    pool: Option<Vec<Tile>>,
    start: Option<u8>,
    seen: TileSet,
}

struct Replayer {
    players: Vec<String>,
    rules: RuleSet,
    game: Option<Game>,
    setup: Option<Setup>,
    rounds: Vec<RoundReport>,
    last_round: u32,
    /// The `Format` header's version: 2 allows `timeout` lines.
    format: u8,
}

impl Replayer {
    fn seat(&self, name: &str, line: usize) -> Result<u8, RecordError> {
        self.players
            .iter()
            .position(|p| p == name)
            .map(|i| i as u8)
            .ok_or_else(|| err(line, format!("unknown player {name:?}")))
    }

    fn deal_error(&self, e: DealError, line: usize) -> RecordError {
        match e {
            DealError::WrongStarter { expected, tile, .. } => {
                err(line, format!("wrong starter: {} starts, holding {tile}", self.players[expected as usize]))
            }
            DealError::HandSize { player, got, expected } => {
                err(line, format!("{} is dealt {got} tiles, expected {expected}", self.players[player as usize]))
            }
            e => err(line, e.to_string()),
        }
    }

    /// The first missing part of the round's setup, in the order deals, pool, start.
    fn missing(&self, upto: Stage) -> Option<String> {
        let s = self.setup.as_ref()?;
        if let Some(p) = s.deals.iter().position(Option::is_none) {
            return Some(format!("round {}: no deal for {}", s.number, self.players[p]));
        }
        if upto >= Stage::Start && s.pool.is_none() {
            return Some(format!("round {}: no pool line", s.number));
        }
        if upto >= Stage::Play && s.start.is_none() {
            return Some(format!("round {}: no start line", s.number));
        }
        None
    }

    /// Starts the round whose setup is complete.
    fn begin(&mut self, line: usize) -> Result<(), RecordError> {
        if let Some(m) = self.missing(Stage::Play) {
            return Err(err(line, m));
        }
        let s = match self.setup.take() {
            Some(s) => s,
            None => return Ok(()),
        };
        let pool = s.pool.unwrap_or_default();
        let starter = s.start.unwrap_or_default();
        let deal = Deal { hands: s.deals.iter().map(|d| d.unwrap_or_default()).collect(), pool, starter };
        let result = match &mut self.game {
            None => Game::with_deal(self.rules, self.players.len(), deal).map(|g| self.game = Some(g)),
            Some(g) => g.begin_round(deal),
        };
        result.map_err(|e| self.deal_error(e, line))?;
        self.rounds.push(RoundReport {
            number: s.number,
            actions: Vec::new(),
            end: "unfinished",
            round_scores: Scores::default(),
        });
        Ok(())
    }

    fn snapshot_round(&mut self) {
        if let (Some(g), Some(r)) = (&self.game, self.rounds.last_mut()) {
            r.round_scores =
                Scores(self.players.iter().cloned().zip(g.public().round_points().iter().copied()).collect());
        }
    }

    fn body_line(&mut self, line: usize, tokens: &[&str]) -> Result<(), RecordError> {
        match tokens[0] {
            "round" => {
                let n: u32 = match tokens {
                    [_, n] => n.parse().map_err(|_| err(line, format!("bad round number {n:?}")))?,
                    _ => return Err(err(line, "expected: round N")),
                };
                if self.setup.is_some() {
                    self.begin(line)?;
                }
                if let Some(g) = &self.game {
                    match g.public().phase() {
                        Phase::GameOver => return Err(err(line, "the game is over")),
                        Phase::Playing => {
                            return Err(err(line, format!("round {} is not finished", g.public().round())))
                        }
                        Phase::RoundOver => {}
                    }
                }
                if n != self.last_round + 1 {
                    return Err(err(line, format!("expected round {}", self.last_round + 1)));
                }
                self.snapshot_round();
                self.last_round = n;
                self.setup = Some(Setup {
                    number: n,
                    line,
                    deals: vec![None; self.players.len()],
                    pool: None,
                    start: None,
                    seen: TileSet::EMPTY,
                });
                Ok(())
            }
            "deal" | "pool" | "start" => {
                let setup_open = self.setup.is_some();
                if !setup_open {
                    return Err(err(line, format!("{} line outside a round's setup", tokens[0])));
                }
                match tokens[0] {
                    "deal" => {
                        let name = tokens.get(1).ok_or_else(|| err(line, "expected: deal NAME TILE..."))?;
                        let seat = self.seat(name, line)?;
                        let tiles = parse_tiles(&tokens[2..], line)?;
                        let expected = self.rules.hand_size_for(self.players.len());
                        let s = self.setup.as_mut().unwrap_or_else(|| unreachable!());
                        if s.pool.is_some() || s.start.is_some() {
                            return Err(err(line, "deal lines come before the pool line"));
                        }
                        if s.deals[seat as usize].is_some() {
                            return Err(err(line, format!("{name} is dealt twice")));
                        }
                        let mut hand = TileSet::EMPTY;
                        for t in tiles.iter() {
                            if !s.seen.insert(*t) {
                                return Err(err(line, format!("tile {t} appears twice")));
                            }
                            hand.insert(*t);
                        }
                        if tiles.len() != expected {
                            return Err(err(
                                line,
                                format!("{name} is dealt {} tiles, expected {expected}", tiles.len()),
                            ));
                        }
                        s.deals[seat as usize] = Some(hand);
                    }
                    "pool" => {
                        if let Some(m) = self.missing(Stage::Pool) {
                            return Err(err(line, m));
                        }
                        let tiles = parse_tiles(&tokens[1..], line)?;
                        let s = self.setup.as_mut().unwrap_or_else(|| unreachable!());
                        if s.pool.is_some() || s.start.is_some() {
                            return Err(err(line, "pool given twice"));
                        }
                        for t in tiles.iter() {
                            if !s.seen.insert(*t) {
                                return Err(err(line, format!("tile {t} appears twice")));
                            }
                        }
                        if s.seen != TileSet::ALL {
                            return Err(err(line, "deals and pool must be exactly the 56 tiles"));
                        }
                        s.pool = Some(tiles);
                    }
                    _ => {
                        if let Some(m) = self.missing(Stage::Start) {
                            return Err(err(line, m));
                        }
                        let name = match tokens {
                            [_, name] => name,
                            _ => return Err(err(line, "expected: start NAME")),
                        };
                        let seat = self.seat(name, line)?;
                        let s = self.setup.as_mut().unwrap_or_else(|| unreachable!());
                        if s.start.is_some() {
                            return Err(err(line, "start given twice"));
                        }
                        s.start = Some(seat);
                        if self.rules.start() == StartRule::HighestTriple {
                            let hands: Vec<TileSet> = s.deals.iter().map(|d| d.unwrap_or_default()).collect();
                            if let Some((expected, tile)) = crate::deal::hands_starter(&hands) {
                                if expected != seat {
                                    let e = DealError::WrongStarter { got: seat, expected, tile };
                                    return Err(self.deal_error(e, line));
                                }
                            }
                        }
                    }
                }
                Ok(())
            }
            name => {
                if self.players.iter().all(|p| p != name) {
                    return Err(err(line, format!("unknown line: {:?}", tokens.join(" "))));
                }
                if self.setup.is_some() {
                    self.begin(line)?;
                }
                self.action_line(line, tokens)
            }
        }
    }

    fn action_line(&mut self, line: usize, tokens: &[&str]) -> Result<(), RecordError> {
        let seat = self.seat(tokens[0], line)?;
        let game = self.game.as_mut().ok_or_else(|| err(line, "action before any round"))?;
        let kind = tokens.get(1).copied().unwrap_or("");
        if kind == "timeout" {
            return self.timeout_line(line, tokens, seat);
        }
        let (action, checksum) = match (kind, tokens.len()) {
            ("draw", 2) => (Action::Draw, None),
            ("pass", 2) => (Action::Pass, None),
            ("play", 5..=7) => {
                let tile: Tile =
                    tokens[2].parse().map_err(|e: crate::tile::TileParseError| err(line, e.to_string()))?;
                let cell = parse_cell(tokens[3], line)?;
                let rotation: u8 = match tokens[4] {
                    "0" => 0,
                    "1" => 1,
                    "2" => 2,
                    r => return Err(err(line, format!("bad rotation {r:?}: expected 0, 1 or 2"))),
                };
                // `!` after the rotation: the play announces its bonuses.
                let announce = tokens.get(5) == Some(&"!");
                let rest = &tokens[5 + usize::from(announce)..];
                if rest.len() > 1 {
                    return Err(err(line, "expected: NAME play TILE C,R ROT [!] [+N]"));
                }
                let checksum = match rest.first() {
                    None => None,
                    Some(c) => {
                        let valid = c.starts_with('+') || c.starts_with('-');
                        Some(
                            c.parse::<i32>()
                                .ok()
                                .filter(|_| valid)
                                .ok_or_else(|| err(line, format!("bad score checksum {c:?}: expected +N or -N")))?,
                        )
                    }
                };
                match cell {
                    Some(cell) => {
                        (Action::Play { placement: Placement::new(tile, cell, rotation), announce }, checksum)
                    }
                    None => {
                        // Far outside any board: refused as not touching, after the turn checks.
                        match game.public().phase() {
                            Phase::GameOver => return Err(err(line, "the game is over")),
                            Phase::RoundOver => return Err(err(line, "the round is over")),
                            Phase::Playing => {}
                        }
                        if game.to_move() != seat {
                            let e = IllegalAction::NotYourTurn { expected: game.to_move(), got: seat };
                            return Err(illegal(&self.players, line, e));
                        }
                        if !game.hand(seat).is_ok_and(|h| h.contains(tile)) {
                            return Err(err(line, format!("tile not in hand: {tile}")));
                        }
                        return Err(err(line, "not touching: the cell shares no edge with a placed tile"));
                    }
                }
            }
            ("play", _) => return Err(err(line, "expected: NAME play TILE C,R ROT [!] [+N]")),
            ("draw", _) | ("pass", _) => return Err(err(line, format!("unexpected words after {kind}"))),
            _ => return Err(err(line, format!("unknown action {kind:?}: expected play, draw or pass"))),
        };
        let legal_placements = match game.public().phase() {
            Phase::Playing if game.to_move() == seat => game.count_legal_placements(),
            _ => 0,
        };
        let total_before = game.totals()[seat as usize];
        let outcome = game.play_as(seat, action).map_err(|e| illegal(&self.players, line, e))?;
        if let Some(c) = checksum {
            // The checksum is the play's points or the player's total right after
            // it (before any end-of-round scoring).
            let total = total_before + outcome.points;
            if c != outcome.points && c != total {
                return Err(err(
                    line,
                    format!("score checksum {c:+} does not match: the play scores {:+}, total {total}", outcome.points),
                ));
            }
        }
        let (tile, cell, rotation) = match action {
            Action::Play { placement: p, .. } => (Some(p.tile), Some([p.cell.c(), p.cell.r()]), Some(p.rotation)),
            _ => (None, None, None),
        };
        let round = self.rounds.last_mut().ok_or_else(|| err(line, "action before any round"))?;
        round.actions.push(ActionReport {
            line,
            player: self.players[seat as usize].clone(),
            kind: match action {
                Action::Play { .. } => "play",
                Action::Draw => "draw",
                Action::Pass => "pass",
            },
            legal_placements,
            tile,
            cell,
            rotation,
            points: outcome.points,
            bonuses: outcome.bonuses.names().collect(),
        });
        if let Some(end) = outcome.round_end {
            round.end = match end {
                RoundEnd::Out(_) => "out",
                RoundEnd::Blocked => "blocked",
            };
        }
        Ok(())
    }
}

impl Replayer {
    /// `NAME timeout` (format 2): the referee timed the player out.
    fn timeout_line(&mut self, line: usize, tokens: &[&str], seat: u8) -> Result<(), RecordError> {
        if tokens.len() != 2 {
            return Err(err(line, "unexpected words after timeout"));
        }
        if self.format < 2 {
            return Err(err(line, "a timeout line needs [Format \"2\"]"));
        }
        let game = self.game.as_mut().ok_or_else(|| err(line, "action before any round"))?;
        let legal_placements = match game.public().phase() {
            Phase::Playing if game.to_move() == seat => game.count_legal_placements(),
            _ => 0,
        };
        let outcome = game.time_out_as(seat).map_err(|e| illegal(&self.players, line, e))?;
        let round = self.rounds.last_mut().ok_or_else(|| err(line, "action before any round"))?;
        round.actions.push(ActionReport {
            line,
            player: self.players[seat as usize].clone(),
            kind: "timeout",
            legal_placements,
            tile: None,
            cell: None,
            rotation: None,
            points: outcome.points,
            bonuses: Vec::new(),
        });
        Ok(())
    }
}

fn illegal(players: &[String], line: usize, e: IllegalAction) -> RecordError {
    match e {
        IllegalAction::NotYourTurn { expected, .. } => {
            err(line, format!("not your turn: {} is to play", players[expected as usize]))
        }
        e => err(line, e.to_string()),
    }
}

/// Replays a whole record, checking every line; the first bad line is the error.
pub fn replay(text: &str) -> Result<Replayed, RecordError> {
    let mut lines =
        text.lines().enumerate().map(|(i, l)| (i + 1, strip_comment(l).trim())).filter(|(_, l)| !l.is_empty());

    // Header tags.
    let mut headers: Vec<(usize, String, Vec<String>)> = Vec::new();
    let mut first_body: Option<(usize, &str)> = None;
    for (n, l) in lines.by_ref() {
        if l.starts_with('[') {
            let (name, values) = parse_tag(l).map_err(|e| err(n, e))?;
            headers.push((n, name, values));
        } else {
            first_body = Some((n, l));
            break;
        }
    }
    // Missing headers are reported on the first body line, or on the last line of a file without one.
    let body_start = first_body.map_or(text.lines().count().max(1), |(n, _)| n);
    let mut rules: Option<crate::rules::Draft> = None;
    let mut players: Option<(usize, Vec<String>)> = None;
    let mut format_seen = false;
    let mut format = 1;
    let mut options_seen: Vec<(String, usize)> = Vec::new();
    let mut tags = Vec::new();
    // The rule set is needed before options, wherever its line is.
    for (n, name, values) in &headers {
        if name == "Ruleset" {
            if rules.is_some() {
                return Err(err(*n, "Ruleset given twice"));
            }
            let v = match values.as_slice() {
                [v] => v,
                _ => return Err(err(*n, "expected [Ruleset \"name\"]")),
            };
            rules = Some(RuleSet::preset(v).map_err(|e| err(*n, e.to_string()))?.draft());
        }
    }
    for (n, name, values) in &headers {
        match name.as_str() {
            "Format" => {
                if format_seen {
                    return Err(err(*n, "Format given twice"));
                }
                format = match values.as_slice() {
                    [v] if v == "1" => 1,
                    [v] if v == "2" => 2,
                    _ => return Err(err(*n, "unsupported format: expected [Format \"1\"] or [Format \"2\"]")),
                };
                format_seen = true;
            }
            "Ruleset" => {}
            "Players" => {
                if players.is_some() {
                    return Err(err(*n, "Players given twice"));
                }
                check_names(values).map_err(|e| err(*n, e.to_string()))?;
                players = Some((*n, values.clone()));
            }
            "Option" => {
                // Without a Ruleset header, options are still read (against a
                // preset) and the missing header is reported below. Each value
                // is checked on its line; the whole set once all are read.
                let mut scratch = RuleSet::of(crate::rules::Preset::Goliath).draft();
                let r = match rules.as_mut() {
                    Some(r) => r,
                    None => &mut scratch,
                };
                match values.as_slice() {
                    [k, _] if options_seen.iter().any(|(o, _)| o == k) => {
                        return Err(err(*n, format!("option {k} given twice")))
                    }
                    [k, v] => {
                        r.set(k, v).map_err(|e| err(*n, e.to_string()))?;
                        options_seen.push((k.clone(), *n));
                    }
                    _ => return Err(err(*n, "expected [Option \"name\" \"value\"]")),
                }
            }
            _ => tags.push((name.clone(), values.clone())),
        }
    }
    if !format_seen {
        return Err(err(body_start, "missing [Format \"1\"] header"));
    }
    let rules = rules.ok_or_else(|| err(body_start, "missing [Ruleset] header"))?;
    let (players_line, players) = players.ok_or_else(|| err(body_start, "missing [Players] header"))?;
    // A broken constraint is reported on the line of the option it names.
    let rules = rules.finish().map_err(|e| {
        let line = options_seen.iter().find(|(o, _)| Some(o.as_str()) == e.option()).map_or(body_start, |x| x.1);
        err(line, e.to_string())
    })?;
    if !rules.allows_players(players.len()) {
        return Err(err(
            players_line,
            format!("{} players: these rules allow {} to {}", players.len(), rules.min_players(), rules.max_players()),
        ));
    }

    let mut r = Replayer { players, rules, game: None, setup: None, rounds: Vec::new(), last_round: 0, format };
    if let Some((n, l)) = first_body {
        let tokens: Vec<&str> = l.split_whitespace().collect();
        r.body_line(n, &tokens)?;
    }
    for (n, l) in lines {
        if l.starts_with('[') {
            return Err(err(n, "header tag after the first round"));
        }
        let tokens: Vec<&str> = l.split_whitespace().collect();
        r.body_line(n, &tokens)?;
    }
    if let Some(s) = &r.setup {
        let line = s.line;
        r.begin(line)?;
    }
    r.snapshot_round();
    // A record may stop before its first round: every total is 0.
    let game = match r.game {
        Some(g) => g,
        None => Game::unstarted(r.rules, r.players.len()).map_err(|e| err(body_start, e.to_string()))?,
    };
    let totals = Scores(r.players.iter().cloned().zip(game.totals().iter().copied()).collect());
    let winner = game.is_over().then(|| game.winners().iter().map(|s| r.players[s as usize].clone()).collect());
    let report = Report { players: r.players.clone(), rounds: r.rounds, totals, winner };
    Ok(Replayed { game, players: r.players, tags, rules: r.rules, report })
}

fn tiles_text(tiles: impl Iterator<Item = Tile>) -> String {
    tiles.map(|t| t.to_string()).collect::<Vec<_>>().join(" ")
}

/// Why player names cannot be a record's `[Players]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NameError {
    /// Not 2 to 6 names.
    Count(usize),
    /// Empty, or holds a space, `#` or `"`.
    NotAWord(String),
    /// A word the format reserves (`round`, `deal`, `pool`, `start`).
    Reserved(String),
    /// The same name twice.
    Twice(String),
}

impl fmt::Display for NameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NameError::Count(n) => write!(f, "{n} players: a game has 2 to 6 players"),
            NameError::NotAWord(p) => write!(f, "bad player name {p:?}: names are single words"),
            NameError::Reserved(p) => write!(f, "bad player name {p:?}: reserved word"),
            NameError::Twice(p) => write!(f, "player {p} named twice"),
        }
    }
}

impl std::error::Error for NameError {}

/// Checks names for a record's `[Players]` header: 2 to 6 single words, none
/// reserved, none twice.
pub fn check_names(names: &[String]) -> Result<(), NameError> {
    if !(2..=crate::rules::MAX_PLAYERS).contains(&names.len()) {
        return Err(NameError::Count(names.len()));
    }
    for (i, p) in names.iter().enumerate() {
        if p.is_empty() || p.chars().any(|c| c.is_whitespace() || c == '#' || c == '"') {
            return Err(NameError::NotAWord(p.clone()));
        }
        if RESERVED.contains(&p.as_str()) {
            return Err(NameError::Reserved(p.clone()));
        }
        if names[..i].contains(p) {
            return Err(NameError::Twice(p.clone()));
        }
    }
    Ok(())
}

/// Words that start a body line and so cannot be player names.
const RESERVED: [&str; 4] = ["round", "deal", "pool", "start"];

/// Why a game cannot be written as a record. Nothing is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WriteError {
    /// Not one name per seat.
    NameCount {
        /// Seats.
        players: usize,
        /// Names given.
        names: usize,
    },
    /// A name the format cannot hold.
    Name(NameError),
    /// A tag name that is not a word of letters, digits, `_` and `-`
    /// starting with a letter, or one of the format's own headers.
    Tag(String),
    /// A forfeit by a seat the game does not have.
    NoSuchSeat(u8),
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteError::NameCount { players, names } => write!(f, "{names} names for {players} players"),
            WriteError::Name(e) => write!(f, "{e}"),
            WriteError::Tag(t) => write!(f, "bad tag name {t:?}"),
            WriteError::NoSuchSeat(s) => write!(f, "no seat {s} to forfeit"),
        }
    }
}

impl std::error::Error for WriteError {}

fn tag_name_ok(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_alphabetic())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        && !["Format", "Ruleset", "Players", "Option"].contains(&name)
}

/// Writes a game as a `.tri` record. `names` are the seats' names (single
/// words, see [`check_names`]); `tags` are extra headers such as
/// `("Seed", "42")` (a `"` in a value becomes `'`, a control character a
/// space). A play is written with `!` when it was announced under
/// `announce_bonuses`.
pub fn write(game: &Game, names: &[String], tags: &[(&str, String)]) -> Result<String, WriteError> {
    write_record(game, names, tags, None)
}

/// [`write`](fn@write) for a game that ended by a forfeit rather than by the rules:
/// `seat` lost it for `reason` (a bot that crashed, hung or answered an
/// illegal action). The record gets a header `[Forfeit "NAME" "REASON"]`
/// after the other tags and ends with a comment `# NAME forfeits: REASON`;
/// readers keep the header as any other tag and the game replays as
/// unfinished (the rules did not end it).
pub fn write_forfeit(
    game: &Game,
    names: &[String],
    tags: &[(&str, String)],
    seat: u8,
    reason: &str,
) -> Result<String, WriteError> {
    write_record(game, names, tags, Some((seat, reason)))
}

/// A header value as the format can hold it: no `"`, no control character.
fn header_value(v: &str) -> String {
    v.chars()
        .map(|c| {
            if c == '"' {
                '\''
            } else if c.is_control() {
                ' '
            } else {
                c
            }
        })
        .collect()
}

fn write_record(
    game: &Game,
    names: &[String],
    tags: &[(&str, String)],
    forfeit: Option<(u8, &str)>,
) -> Result<String, WriteError> {
    if names.len() != game.players() {
        return Err(WriteError::NameCount { players: game.players(), names: names.len() });
    }
    check_names(names).map_err(WriteError::Name)?;
    if let Some((k, _)) = tags.iter().find(|(k, _)| !tag_name_ok(k)) {
        return Err(WriteError::Tag(k.to_string()));
    }
    let forfeit = match forfeit {
        Some((seat, reason)) => match names.get(seat as usize) {
            Some(name) => Some((name, header_value(reason))),
            None => return Err(WriteError::NoSuchSeat(seat)),
        },
        None => None,
    };
    let rules = game.rules();
    let mut out = String::new();
    // Format 2 is format 1 plus `timeout` lines: written only when there is one.
    let format = if game.history().iter().any(|r| !r.timeouts.is_empty()) { 2 } else { 1 };
    out.push_str(&format!("[Format \"{format}\"]\n"));
    out.push_str(&format!("[Ruleset \"{}\"]\n", rules.base_preset().name()));
    let quoted: Vec<String> = names.iter().map(|n| format!("\"{n}\"")).collect();
    out.push_str(&format!("[Players {}]\n", quoted.join(" ")));
    for (k, v) in rules.overrides() {
        out.push_str(&format!("[Option \"{k}\" \"{v}\"]\n"));
    }
    for (k, v) in tags {
        out.push_str(&format!("[{k} \"{}\"]\n", header_value(v)));
    }
    if let Some((name, reason)) = &forfeit {
        out.push_str(&format!("[Forfeit \"{name}\" \"{reason}\"]\n"));
    }
    for (i, round) in game.history().iter().enumerate() {
        out.push_str(&format!("round {}\n", i + 1));
        for (p, hand) in round.deal.hands.iter().enumerate() {
            out.push_str(&format!("deal {} {}\n", names[p], tiles_text(hand.iter())));
        }
        out.push_str(&format!("pool {}\n", tiles_text(round.deal.pool.iter().copied())));
        out.push_str(&format!("start {}\n", names[round.deal.starter as usize]));
        for entry in round.entries() {
            let step = match entry {
                HistoryEntry::Action(step) => step,
                HistoryEntry::Timeout(t) => {
                    out.push_str(&format!("{} timeout  # {:+}\n", names[t.seat as usize], t.points));
                    continue;
                }
            };
            let who = &names[step.seat as usize];
            match step.action {
                // The points go in a comment: readers disagree on what a `+N`
                // checksum means (the play's points or the player's total).
                Action::Play { placement: p, announce } => {
                    let claim = if announce { " !" } else { "" };
                    out.push_str(&format!(
                        "{who} play {} {} {}{claim}  # {:+}\n",
                        p.tile, p.cell, p.rotation, step.points
                    ))
                }
                Action::Draw => out.push_str(&format!("{who} draw\n")),
                Action::Pass => out.push_str(&format!("{who} pass\n")),
            }
        }
    }
    if let Some((name, reason)) = &forfeit {
        out.push_str(&format!("# {name} forfeits: {reason}\n"));
    }
    Ok(out)
}
