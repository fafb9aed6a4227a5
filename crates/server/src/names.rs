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
