//! The table's clock: a turn's time, the seats' reserves, when the server
//! acts next by the clock and the clock as sent; all from the stored times
//! of the actions and the `now` given, never read here.

use super::Table;
use crate::protocol::{Clock, Pace};
use triominos_core::Phase;

impl Table {
    /// A turn's time in milliseconds: the rule option `timer`'s if the rules
    /// have one, else the pace's; `None` for an untimed table.
    pub fn move_ms(&self) -> Option<u64> {
        let base = match self.game.rules().timer() {
            Some(s) => Some(s.max(1) as u64 * 1000),
            None => self.setup.pace.move_seconds().map(|s| s as u64 * 1000),
        }?;
        Some(self.timing.move_override.unwrap_or(base))
    }

    /// Whether the seats have a time reserve: a live table (its pace's
    /// clock, not the rule option `timer`'s, which the rules time), with a
    /// reserve set on the server.
    pub fn has_reserve(&self) -> bool {
        matches!(self.setup.pace, Pace::Live { .. })
            && self.game.rules().timer().is_none()
            && self.timing.reserve_ms > 0
    }

    /// The reserve the seat has left at the start of its turn, in
    /// milliseconds (`None` without reserves).
    pub fn reserve_left(&self, seat: u8) -> Option<u64> {
        let spent = self.reserve_spent.get(seat as usize).copied().unwrap_or(0);
        self.has_reserve().then(|| self.timing.reserve_ms.saturating_sub(spent))
    }

    /// When the turn's own time (without the reserve) runs out, in
    /// milliseconds since 1970; `None` when no person's time runs (untimed,
    /// a bot to act, the game over, the table waiting).
    fn move_deadline(&self) -> Option<i64> {
        let m = self.move_ms()?;
        let runs = match self.phase() {
            _ if self.is_waiting() => false,
            Phase::Playing => !self.played_by_bot(self.game.to_move()),
            Phase::RoundOver => self.has_people_playing(),
            Phase::GameOver => false,
        };
        runs.then(|| self.turn_began.saturating_add(m as i64))
    }

    /// When the server acts next by the clock, in milliseconds since 1970:
    /// when the time of the person to act runs out (the start of the turn,
    /// or of the wait between rounds, plus a turn's time, plus in a turn the
    /// seat's reserve left), or when a waiting table is cancelled for want
    /// of people; `None` when no person's time runs (untimed, a bot to act,
    /// the game over).
    pub fn deadline(&self) -> Option<i64> {
        if self.is_waiting() {
            return Some(self.expires());
        }
        let d = self.move_deadline()?;
        let reserve = match self.phase() {
            Phase::Playing => self.reserve_left(self.game.to_move()).unwrap_or(0),
            _ => 0,
        };
        Some(d.saturating_add(reserve.min(i64::MAX as u64) as i64))
    }

    /// The clock as sent at `now` (milliseconds since 1970): the turn's time
    /// left, then the reserve left; `None` while the table waits.
    pub fn clock(&self, now: i64) -> Option<Clock> {
        let d = self.move_deadline()?;
        let playing = self.phase() == Phase::Playing;
        let over = now.saturating_sub(d).max(0) as u64;
        Some(Clock {
            seat: playing.then(|| self.game.to_move()),
            remaining_ms: d.saturating_sub(now).max(0) as u64,
            move_ms: self.move_ms().unwrap_or(0),
            reserve_ms: match playing {
                true => self.reserve_left(self.game.to_move()).map(|r| r.saturating_sub(over)),
                false => None,
            },
        })
    }

    /// The turn's clock stops for `ms` milliseconds (the time a takeback
    /// waited for its answers): the turn began that much later.
    pub fn pause_clock(&mut self, ms: i64) {
        self.turn_began = self.turn_began.saturating_add(ms.max(0));
    }
}
