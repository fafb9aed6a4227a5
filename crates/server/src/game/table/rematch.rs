//! The table's "play again" decisions ([`crate::game::rematch`] makes the
//! new game): who agreed, a decline.

use super::Table;
use crate::protocol::{SeatKind, Seats};

/// What an answer to "play again" decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RematchAnswer {
    /// Declined: nobody has agreed any more.
    Declined,
    /// Agreed, with these seats; others still to answer.
    Waiting(Seats),
    /// Every seat agreed: the new game is to be made.
    Everyone(Seats),
}

impl Table {
    /// A seat says yes (`agree`) or no to playing again (the game over, no
    /// rematch made yet): the bots agree at once, a no drops every agreement.
    pub fn answer_rematch(&mut self, seat: u8, agree: bool) -> RematchAnswer {
        if !agree {
            self.rematch_agreed = Seats::EMPTY;
            return RematchAnswer::Declined;
        }
        let mut agreed = self.rematch_agreed;
        for (i, s) in self.setup.seats.iter().enumerate() {
            if s.kind == SeatKind::Bot {
                agreed.insert(i as u8);
            }
        }
        agreed.insert(seat);
        self.rematch_agreed = agreed;
        match (0..self.setup.seats.len() as u8).all(|i| agreed.contains(i)) {
            true => RematchAnswer::Everyone(agreed),
            false => RematchAnswer::Waiting(agreed),
        }
    }
}
