//! The table's rules: which intent may be applied now, and what applying a
//! stored one changes (the stand-in, resignations, the turn's clock).

use super::{Applied, Table};
use crate::game::error::Denied;
use crate::game::view::{self, Mark};
use crate::protocol::{GameStatus, Intent, Refused, SeatKind, Seats};
use triominos_bots::levels;
use triominos_core::Phase;

impl Table {
    /// The seat as a person's seat, else `not_yours`.
    fn person(&self, seat: u8) -> Result<u8, Denied> {
        match self.setup.seats.get(seat as usize) {
            Some(s) if s.kind == SeatKind::Human => Ok(seat),
            _ => Err(Refused::NotYours.into()),
        }
    }

    /// Refuses an intent that may not be applied now; changes nothing.
    /// `seat` is who asks: a seat, or `None` for the server.
    pub fn check(&self, seat: Option<u8>, intent: Intent) -> Result<(), Denied> {
        if self.ended.is_some() {
            return Err(Refused::GameOver.into());
        }
        let over = || -> Result<(), Denied> {
            match self.game.is_over() {
                true => Err(Refused::GameOver.into()),
                false => Ok(()),
            }
        };
        if self.takeback.is_some() {
            // The table waits for the answers to a takeback.
            return Err(Refused::TakebackPending.into());
        }
        if self.is_waiting() {
            // Nothing is played before the people sit down.
            return Err(Refused::TableWaiting.into());
        }
        match intent {
            Intent::NextRound => match self.game.public().phase() {
                Phase::RoundOver => Ok(()),
                Phase::GameOver => Err(Refused::GameOver.into()),
                Phase::Playing => Err(Refused::RoundNotOver.into()),
            },
            Intent::Act(a) => {
                let Some(seat) = seat else { return Err(Refused::Spectator.into()) };
                let g = &self.game;
                if g.public().phase() == Phase::Playing && seat != g.to_move() {
                    return Err(Refused::NotYourTurn { expected: g.to_move(), got: seat }.into());
                }
                Ok(g.check(a)?)
            }
            Intent::StandIn { seat: s } => {
                if seat.is_some() {
                    return Err(Refused::NotYours.into());
                }
                self.person(s)?;
                over()?;
                match self.stand_ins.contains(s) {
                    true => Err(Refused::StandInPlaying.into()),
                    false => Ok(()),
                }
            }
            Intent::Back { seat: s } | Intent::Resign { seat: s } => {
                if seat != Some(s) {
                    return Err(Refused::NotYours.into());
                }
                self.person(s)?;
                over()?;
                if self.resigned.contains(s) {
                    return Err(Refused::Resigned.into());
                }
                match (intent, self.stand_ins.contains(s)) {
                    (Intent::Back { .. }, false) => Err(Refused::NotStoodIn.into()),
                    _ => Ok(()),
                }
            }
            Intent::TimeOut { seat: s } => {
                if seat.is_some() {
                    return Err(Refused::NotYours.into());
                }
                self.game.check_time_out()?;
                let expected = self.game.to_move();
                match s == expected {
                    true => Ok(()),
                    false => Err(Refused::NotYourTurn { expected, got: s }.into()),
                }
            }
        }
    }

    /// What a client (a seat's page) may not ask for, besides what
    /// [`Table::check`] refuses: the server's intents, and a move of a seat
    /// the stand-in plays (the person takes it back first).
    pub fn check_client(&self, seat: u8, intent: Intent) -> Result<(), Denied> {
        if intent.is_server_only() {
            return Err(Refused::NotYours.into());
        }
        if matches!(intent, Intent::Act(_)) && self.stand_ins.contains(seat) {
            return Err(match self.resigned.contains(seat) {
                true => Refused::Resigned,
                false => Refused::StandInPlaying,
            }
            .into());
        }
        Ok(())
    }

    /// Applies an intent that [`Table::check`] accepted and that is stored, now.
    pub fn commit(&mut self, seat: Option<u8>, intent: Intent) -> Result<Applied, Denied> {
        self.commit_at(seat, intent, crate::store::now_ms())
    }

    /// Applies an intent that [`Table::check`] accepted and that was stored at
    /// `at` (milliseconds since 1970): when it begins a turn, the turn's
    /// clock starts then.
    pub fn commit_at(&mut self, seat: Option<u8>, intent: Intent, at: i64) -> Result<Applied, Denied> {
        let before = Mark::before(&self.game, intent);
        // A bot's action keeps what a person may take back; anything else
        // starts again from it.
        let by_bot = matches!(intent, Intent::Act(_)) && seat.is_some_and(|s| self.played_by_bot(s));
        match intent {
            Intent::NextRound => self.game.next_round().map_err(|_| Refused::RoundNotOver)?,
            Intent::Act(a) => {
                let s = seat.ok_or(Refused::Spectator)?;
                self.game.play_as(s, a)?;
            }
            Intent::StandIn { seat: s } => self.stand_in(s)?,
            Intent::Back { seat: s } => {
                self.stand_ins.remove(s);
                if let Some(slot) = self.bots.get_mut(s as usize) {
                    *slot = None;
                }
            }
            Intent::Resign { seat: s } => {
                self.resigned.insert(s);
                if !self.stand_ins.contains(s) {
                    self.stand_in(s)?;
                }
                let n = self.setup.seats.len();
                let person_left = (0..n as u8).any(|i| self.person(i).is_ok() && !self.resigned.contains(i));
                if n - self.resigned.len() <= 1 || !person_left {
                    self.ended = Some(self.best_of_the_others());
                }
            }
            Intent::TimeOut { seat: s } => {
                self.game.time_out_as(s)?;
            }
        }
        let v = self.version() + 1;
        let mut d = view::delta(&self.game, before, v, seat, Some(intent));
        d.status = self.status();
        if let Intent::Resign { .. } = intent {
            if let Some(winners) = self.ended {
                d.events.push(crate::protocol::EventWire::GameEnded { winners });
            }
        } else if !self.resigned.is_empty() {
            for e in &mut d.events {
                if let crate::protocol::EventWire::GameEnded { winners } = e {
                    *winners = d.status.winners;
                }
            }
        }
        // A delta is numbers, names and lists of them: it always serializes.
        self.log.push(serde_json::value::to_raw_value(&d).unwrap_or_default());
        let key = self.turn_key();
        if key != self.turn_key || matches!(intent, Intent::TimeOut { .. } | Intent::Back { .. }) {
            // A person's turn ends: the time past the turn's comes out of the reserve.
            let (phase, _, seat, bot) = self.turn_key;
            if phase == Phase::Playing && !bot && self.has_reserve() {
                let over = at.saturating_sub(self.turn_began).saturating_sub(self.move_ms().unwrap_or(0) as i64);
                if over > 0 {
                    if let Some(spent) = self.reserve_spent.get_mut(seat as usize) {
                        *spent = spent.saturating_add(over as u64).min(self.timing.reserve_ms);
                    }
                }
            }
            self.turn_key = key;
            self.turn_began = at;
        }
        self.last = Some((seat, intent));
        if !by_bot {
            self.takeback_from = match (seat, intent) {
                (Some(s), Intent::Act(triominos_core::Action::Play { .. })) => Some((s, v)),
                _ => None,
            };
        }
        Ok(Applied { v, game_over: self.is_over() })
    }

    /// The table's stand-in bot takes the seat.
    fn stand_in(&mut self, seat: u8) -> Result<(), Denied> {
        let level = levels::named(&self.setup.stand_in)
            .ok_or_else(|| Refused::UnknownLevel { level: Some(self.setup.stand_in.clone()) })?;
        let seed = self.setup.seed.wrapping_mul(0xD1B5_4A32_D192_ED03).wrapping_add(seat as u64 + 1);
        let bot = level.make(seed, false).map_err(|_| Refused::UnknownLevel { level: Some(level.id.to_string()) })?;
        if let Some(slot) = self.bots.get_mut(seat as usize) {
            *slot = Some(bot);
        }
        self.stand_ins.insert(seat);
        Ok(())
    }

    /// The seats with the highest total among those that did not resign.
    fn best_of_the_others(&self) -> Seats {
        let totals = self.game.totals();
        let others = (0..totals.len() as u8).filter(|s| !self.resigned.contains(*s));
        let best = others.clone().map(|s| totals[s as usize]).max();
        others.filter(|s| Some(totals[*s as usize]) == best).collect()
    }

    /// The game's winners: a seat that resigned never wins.
    pub fn winners(&self) -> Seats {
        match self.ended {
            Some(w) => w,
            None if self.game.is_over() && !self.resigned.is_empty() => self.best_of_the_others(),
            None => self.game.winners(),
        }
    }

    /// Where the game stands, for everyone: the engine's status with the
    /// seats the stand-in plays, those that resigned, and a resignation's end.
    pub fn status(&self) -> GameStatus {
        let mut st = GameStatus::of(self.game.public());
        st.stand_in = self.stand_ins;
        st.resigned = self.resigned;
        st.phase = self.phase();
        if self.is_over() {
            st.winners = self.winners();
        }
        st
    }

    /// What the turn now is, for its clock.
    fn turn_key(&self) -> (Phase, u32, u8, bool) {
        let to_move = self.game.to_move();
        (self.phase(), self.game.public().round(), to_move, self.played_by_bot(to_move))
    }
}
