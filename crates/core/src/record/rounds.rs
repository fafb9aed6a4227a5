//! The body of a record, line by line: each round's setup (deals, pool,
//! start), checked and dealt, then every action played on the engine, each
//! reported with its line, legal placements and points.

use super::error::{err, RecordError};
use super::report::{ActionReport, RoundReport, Scores};
use crate::action::{Action, IllegalAction};
use crate::board::Placement;
use crate::deal::{Deal, DealError};
use crate::event::RoundEnd;
use crate::game::{Game, Phase};
use crate::geom::Cell;
use crate::rules::{RuleSet, StartRule};
use crate::tile::{Tile, TileSet};

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

/// Replays a record's body, one line at a time.
pub(super) struct Replayer {
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
    /// Before the first body line, with the players and rules of the headers.
    pub(super) fn new(players: Vec<String>, rules: RuleSet, format: u8) -> Replayer {
        Replayer { players, rules, game: None, setup: None, rounds: Vec::new(), last_round: 0, format }
    }

    /// After the last line: the round set up last begins, and the game, the
    /// players, the rules and the rounds reported. A record may stop before its
    /// first round: every total is 0 (an error on `body_start` if these rules
    /// cannot even start).
    pub(super) fn finish(
        mut self,
        body_start: usize,
    ) -> Result<(Game, Vec<String>, RuleSet, Vec<RoundReport>), RecordError> {
        if let Some(s) = &self.setup {
            let line = s.line;
            self.begin(line)?;
        }
        self.snapshot_round();
        let game = match self.game {
            Some(g) => g,
            None => Game::unstarted(self.rules, self.players.len()).map_err(|e| err(body_start, e.to_string()))?,
        };
        Ok((game, self.players, self.rules, self.rounds))
    }

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

    /// One body line (a round, deal, pool or start line, or an action).
    pub(super) fn body_line(&mut self, line: usize, tokens: &[&str]) -> Result<(), RecordError> {
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
