//! The players' names a record can hold ([`check_names`]), for the reader
//! and the writer alike.

use core::fmt;

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
