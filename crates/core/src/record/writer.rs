//! Writing a game as a record ([`write`], [`write_forfeit`], [`write_forfeits`]), every round's
//! deal and every action, the points of a play and its name in the move
//! notation in a comment.

use super::names::{check_names, NameError};
use crate::action::Action;
use crate::game::{Game, HistoryEntry};
use crate::notation::round_moves;
use crate::tile::Tile;
use core::fmt;

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
    write_record(game, names, tags, &[])
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
    write_record(game, names, tags, &[(seat, reason)])
}

/// [`write_forfeit`] for a game that several players forfeited (two people
/// resigning at one table, each in their turn): one `[Forfeit "NAME"
/// "REASON"]` header for each, in the order given, and one closing comment
/// for each. With none, the same as [`write`](fn@write).
pub fn write_forfeits(
    game: &Game,
    names: &[String],
    tags: &[(&str, String)],
    forfeits: &[(u8, &str)],
) -> Result<String, WriteError> {
    write_record(game, names, tags, forfeits)
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
    forfeits: &[(u8, &str)],
) -> Result<String, WriteError> {
    if names.len() != game.players() {
        return Err(WriteError::NameCount { players: game.players(), names: names.len() });
    }
    check_names(names).map_err(WriteError::Name)?;
    if let Some((k, _)) = tags.iter().find(|(k, _)| !tag_name_ok(k)) {
        return Err(WriteError::Tag(k.to_string()));
    }
    let mut forfeit = Vec::with_capacity(forfeits.len());
    for &(seat, reason) in forfeits {
        match names.get(seat as usize) {
            Some(name) => forfeit.push((name, header_value(reason))),
            None => return Err(WriteError::NoSuchSeat(seat)),
        }
    }
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
    for (name, reason) in &forfeit {
        out.push_str(&format!("[Forfeit \"{name}\" \"{reason}\"]\n"));
    }
    for (i, round) in game.history().iter().enumerate() {
        out.push_str(&format!("round {}\n", i + 1));
        for (p, hand) in round.deal.hands.iter().enumerate() {
            out.push_str(&format!("deal {} {}\n", names[p], tiles_text(hand.iter())));
        }
        out.push_str(&format!("pool {}\n", tiles_text(round.deal.pool.iter().copied())));
        out.push_str(&format!("start {}\n", names[round.deal.starter as usize]));
        // The plays' names in the move notation (docs/notation.md), for the
        // comments; a round that began from a scripted position has none.
        let moves = round_moves(round, rules.vertex_contacts_must_match()).ok();
        for (i, entry) in round.entries().enumerate() {
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
                // The play's name in the notation follows them.
                Action::Play { placement: p, announce } => {
                    let claim = if announce { " !" } else { "" };
                    let name = match moves.as_ref().and_then(|m| m.get(i)) {
                        Some(m) => format!(" {m}"),
                        None => String::new(),
                    };
                    out.push_str(&format!(
                        "{who} play {} {} {}{claim}  # {:+}{name}\n",
                        p.tile, p.cell, p.rotation, step.points
                    ))
                }
                Action::Draw => out.push_str(&format!("{who} draw\n")),
                Action::Pass => out.push_str(&format!("{who} pass\n")),
            }
        }
    }
    for (name, reason) in &forfeit {
        out.push_str(&format!("# {name} forfeits: {reason}\n"));
    }
    Ok(out)
}

fn tiles_text(tiles: impl Iterator<Item = Tile>) -> String {
    tiles.map(|t| t.to_string()).collect::<Vec<_>>().join(" ")
}
