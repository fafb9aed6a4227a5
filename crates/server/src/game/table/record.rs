//! A table written and read: the finished game's summary, its `.tri`
//! record, the stored form of an intent, and a stored game rebuilt as a fold
//! over its rows.

use super::{Setup, Table, Timing};
use crate::game::error::Denied;
use crate::protocol::{GameSummary, HintUse, Intent, Refused};
use crate::store::StoredGame;

impl Table {
    /// The finished game's summary for the list.
    pub fn summary(&self) -> GameSummary {
        let p = self.game.public();
        GameSummary {
            listed: self.setup.listed,
            preset: self.setup.preset.clone(),
            seats: self.setup.public_seats(),
            totals: p.totals().to_vec(),
            winners: self.winners(),
            rounds: p.round(),
            cancelled: self.setup.cancelled,
        }
    }

    /// The game as a `.tri` record; the hints used and takebacks made are
    /// comments (`# hints NAME COUNT`, `# takebacks NAME COUNT` after the
    /// `start` line of the round), which `triominos check` skips.
    pub fn record(&self) -> Result<String, triominos_core::record::WriteError> {
        let tags = [("Seed", self.setup.seed.to_string()), ("Event", format!("triominos {}", self.id))];
        let names = self.setup.record_names();
        // Every resignation is written as a forfeit, in seat order.
        let forfeits: Vec<(u8, &str)> = self.resigned.iter().map(|seat| (seat, "resigned")).collect();
        let text = triominos_core::record::write_forfeits(&self.game, &names, &tags, &forfeits)?;
        Ok(with_hint_comments(&text, &self.setup.hints_used, &names))
    }

    /// Rebuilds a stored game: its setup, then every stored intent in order
    /// (remembering the seats' last intent ids), each at the time it was
    /// stored (so the turn clock runs from the right moment, and each seat's
    /// reserve spent is worked out again with the server's `timing`; a row
    /// stored without a time, before schema version 2, counts as stored at
    /// `now`): a fold of [`Table::new`] over the rows with [`Table::check`] and
    /// [`Table::commit_at`].
    pub fn rebuild_at(stored: &StoredGame, timing: Timing, now: i64) -> Result<Table, Denied> {
        let setup: Setup = serde_json::from_str(&stored.setup).map_err(|_| Refused::BadSetup)?;
        let mut table = Table::new(stored.id.clone(), setup)?;
        table.timing = timing;
        for (i, (seat, text)) in stored.actions.iter().enumerate() {
            let (intent, id) = read_stored_intent(text)?;
            table.check(*seat, intent)?;
            let at = stored.times.get(i).copied().flatten().unwrap_or(now);
            let applied = table.commit_at(*seat, intent, at)?;
            if let (Some(s), Some(id)) = (*seat, id) {
                table.remember_id(s, id, applied.v);
            }
        }
        Ok(table)
    }
}

/// A record with a comment line `# hints NAME COUNT` after the `start` line of each
/// round for each seat given hints in it.
fn with_hint_comments(text: &str, used: &[HintUse], names: &[String]) -> String {
    if used.is_empty() {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + 32 * used.len());
    let mut round = 0u32;
    for line in text.lines() {
        out.push_str(line);
        out.push('\n');
        let word = line.split_whitespace().next().unwrap_or("");
        if word == "round" {
            round = line.split_whitespace().nth(1).and_then(|n| n.parse().ok()).unwrap_or(round);
        } else if word == "start" {
            let mut here: Vec<&HintUse> =
                used.iter().filter(|u| u.round == round && (u.count > 0 || u.takebacks > 0)).collect();
            here.sort_by_key(|u| u.seat);
            for u in here {
                if let Some(name) = names.get(u.seat as usize) {
                    if u.count > 0 {
                        out.push_str(&format!("# hints {name} {}\n", u.count));
                    }
                    if u.takebacks > 0 {
                        out.push_str(&format!("# takebacks {name} {}\n", u.takebacks));
                    }
                }
            }
        }
    }
    out
}

/// The stored form of a seat's intent: the [`Intent`]'s JSON, with the
/// client's message id as `client_id` when it had one (so that a duplicate is
/// still known after a restart; rows without it read the same).
pub fn stored_intent(intent: Intent, client_id: Option<u64>) -> Result<String, Refused> {
    let mut v = serde_json::to_value(intent).map_err(|_| Refused::BadAction)?;
    if let (Some(id), Some(obj)) = (client_id, v.as_object_mut()) {
        obj.insert("client_id".into(), id.into());
    }
    Ok(v.to_string())
}

/// Reads a stored intent and its client message id (see [`stored_intent`]).
pub fn read_stored_intent(text: &str) -> Result<(Intent, Option<u64>), Refused> {
    let bad = || Refused::BadLog;
    let mut v: serde_json::Value = serde_json::from_str(text).map_err(|_| bad())?;
    let id = v.as_object_mut().and_then(|o| o.remove("client_id"));
    let id = match id {
        None => None,
        Some(id) => Some(id.as_u64().ok_or_else(bad)?),
    };
    Ok((serde_json::from_value(v).map_err(|_| bad())?, id))
}
