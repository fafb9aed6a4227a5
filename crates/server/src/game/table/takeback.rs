//! The table's takeback decisions ([`crate::game::takeback`] applies them):
//! who may ask, who agreed, a refusal and a lapse.

use super::{Table, TakebackPending};
use crate::protocol::{Refused, Seats};
use triominos_core::Phase;

/// What an answer to a takeback decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TakebackAnswer {
    /// Refused: nothing is taken back, and that placement's takeback may not
    /// be asked again.
    Refused(TakebackPending),
    /// Everyone agreed: the placement is to be taken back (still pending).
    Agreed(TakebackPending),
    /// Accepted, others still to answer.
    Waiting(TakebackPending),
}

impl Table {
    /// The seat and the version of the placement it may ask to take back
    /// now, else why not: a spectator, a table without takebacks, one asked
    /// already, no placement of its own since which only bots acted, one
    /// refused or lapsed before. Changes nothing.
    pub fn takeback_askable(&self, seat: Option<u8>) -> Result<(u8, u64), Refused> {
        let Some(seat) = seat else { return Err(Refused::Spectator) };
        if !self.setup.takebacks {
            return Err(Refused::TakebacksOff);
        }
        if self.takeback.is_some() {
            return Err(Refused::TakebackPending);
        }
        let from = match self.takeback_from {
            Some((s, v)) if s == seat && self.phase() == Phase::Playing && !self.played_by_bot(seat) => v,
            _ => return Err(Refused::NoTakeback),
        };
        if self.takeback_refused == Some(from) {
            return Err(Refused::TakebackRefused);
        }
        Ok((seat, from))
    }

    /// The takeback of the placement that made version `v` is asked by
    /// `asker` at `since` (milliseconds since 1970): the bots accept at once.
    /// No intent is applied until it is answered.
    pub fn open_takeback(&mut self, asker: u8, v: u64, serial: u64, since: i64) -> TakebackPending {
        let mut agreed = Seats::EMPTY;
        agreed.insert(asker);
        for s in 0..self.setup.seats.len() as u8 {
            if self.played_by_bot(s) {
                agreed.insert(s);
            }
        }
        let p = TakebackPending { asker, v, agreed, serial, since };
        self.takeback = Some(p);
        p
    }

    /// Whether every seat is among `agreed`.
    pub fn everyone(&self, agreed: Seats) -> bool {
        (0..self.setup.seats.len() as u8).all(|s| agreed.contains(s))
    }

    /// A seat answers the takeback asked for (`no_takeback_asked` when none is).
    pub fn answer_takeback(&mut self, seat: u8, accept: bool) -> Result<TakebackAnswer, Refused> {
        let Some(mut p) = self.takeback else { return Err(Refused::NoTakebackAsked) };
        if !accept {
            self.takeback = None;
            self.takeback_refused = Some(p.v);
            return Ok(TakebackAnswer::Refused(p));
        }
        p.agreed.insert(seat);
        self.takeback = Some(p);
        Ok(match self.everyone(p.agreed) {
            true => TakebackAnswer::Agreed(p),
            false => TakebackAnswer::Waiting(p),
        })
    }

    /// The takeback asked as `serial` lapses, if it still waits: as refused.
    pub fn lapse_takeback(&mut self, serial: u64) -> Option<TakebackPending> {
        let q = self.takeback.filter(|q| q.serial == serial)?;
        self.takeback = None;
        self.takeback_refused = Some(q.v);
        Some(q)
    }
}
