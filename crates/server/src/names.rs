//! Player names as shown: what may not be in one, and the check of a name sent.

use crate::protocol::Refused;

/// Whether a character may not be in a player name: a control character, a
/// line or paragraph separator, or a bidi control (embeddings and overrides
/// U+202A-U+202E, isolates U+2066-U+2069, the marks U+200E, U+200F, U+061C),
/// which would turn the text around it (a score, the next name) on the page.
pub fn forbidden_in_name(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{061C}')
        || matches!(c, '\u{2028}' | '\u{2029}')
}

/// A player name as shown: trimmed, at most `max` characters; refused with
/// `bad_name` (`n`: its position, from 1) when it holds a character
/// [`forbidden_in_name`].
pub fn checked_name(name: &str, max: usize, n: usize) -> Result<String, Refused> {
    let name = name.trim();
    if name.chars().any(forbidden_in_name) {
        return Err(Refused::BadName { n });
    }
    Ok(name.chars().take(max).collect())
}

/// A seat as [`display_names`] names it.
#[derive(Clone, Copy, Debug)]
pub struct SeatWho<'a> {
    /// The name given at the lobby (may be empty).
    pub name: &'a str,
    /// A bot's level id (`clever`), `None` for a person.
    pub level: Option<&'a str>,
}

/// The one rule for a seat's name as people read it (the page's `seatName`
/// in `i18n.js` follows it in each language; this is its English, for the
/// records): the name given; else a bot's level as the lobby words it
/// (`Clever`, never an internal name such as `clever3`); else `Player N`.
/// Two seats with the same name are told apart by their seat number
/// (`Clever 2`, `Clever 3`).
pub fn display_names(seats: &[SeatWho<'_>]) -> Vec<String> {
    let base: Vec<String> = seats
        .iter()
        .enumerate()
        .map(|(i, s)| match (s.name.trim(), s.level) {
            ("", Some(level)) => level_word(level),
            ("", None) => format!("Player {}", i + 1),
            (n, _) => n.to_string(),
        })
        .collect();
    base.iter()
        .enumerate()
        .map(|(i, n)| if base.iter().filter(|m| *m == n).count() > 1 { format!("{n} {}", i + 1) } else { n.clone() })
        .collect()
}

/// A level id in the lobby's English: `clever` is `Clever`.
fn level_word(level: &str) -> String {
    let mut c = level.chars();
    match c.next() {
        Some(first) => first.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// The names of a `.tri` record (docs/record-format.md): each seat's
/// [`display_names`] made a single word (any character but a letter, a
/// digit, `-` or `_` becomes `_`: `Clever 2` is `Clever_2`), never one of
/// the format's line words, unique.
pub fn record_names(seats: &[SeatWho<'_>]) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for (i, shown) in display_names(seats).into_iter().enumerate() {
        let mut n: String =
            shown.chars().map(|c| if c.is_alphanumeric() || c == '-' || c == '_' { c } else { '_' }).collect();
        if ["round", "deal", "pool", "start"].contains(&n.as_str()) {
            n = format!("{n}_{}", i + 1);
        }
        while names.contains(&n) {
            n.push_str(&format!("_{}", i + 1));
        }
        names.push(n);
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bot(level: &str) -> SeatWho<'_> {
        SeatWho { name: "", level: Some(level) }
    }
    fn person(name: &str) -> SeatWho<'_> {
        SeatWho { name, level: None }
    }

    #[test]
    fn a_bot_is_named_by_its_level_as_people_read_it_never_an_internal_name() {
        let seats = [person("Ann"), person("Bob"), bot("clever")];
        assert_eq!(display_names(&seats), ["Ann", "Bob", "Clever"]);
        assert_eq!(record_names(&seats), ["Ann", "Bob", "Clever"]);
    }

    #[test]
    fn two_seats_of_one_name_are_numbered_as_the_page_numbers_them() {
        let seats = [person(""), bot("clever"), bot("clever"), person("Ann Lee")];
        assert_eq!(display_names(&seats), ["Player 1", "Clever 2", "Clever 3", "Ann Lee"]);
        assert_eq!(record_names(&seats), ["Player_1", "Clever_2", "Clever_3", "Ann_Lee"]);
        let words = [person("round"), person("x y"), person("x_y")];
        assert_eq!(record_names(&words), ["round_1", "x_y", "x_y_3"]);
    }
}
