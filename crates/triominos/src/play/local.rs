//! A game against bots on this machine: the referee's `Game` here, the
//! person at seat 0, a bot at every other seat, each choosing from its own
//! `Observation` as everywhere else.

use super::table::Table;
use triominos_bots::Bot;
use triominos_core::{Action, Event, Game, Phase, RoundEnd};

/// A local game.
pub struct Local {
    game: Game,
    /// One bot a seat, none at the person's.
    bots: Vec<Option<Box<dyn Bot>>>,
    table: Table,
    /// Events of the game already told in the log.
    told: usize,
}

impl Local {
    /// A game of `bots.len() + 1` seats, the person at seat 0.
    pub fn new(game: Game, bots: Vec<Box<dyn Bot>>, names: Vec<String>) -> Local {
        let vertex = game.rules().vertex_contacts_must_match();
        let mut seats: Vec<Option<Box<dyn Bot>>> = vec![None];
        seats.extend(bots.into_iter().map(Some));
        let mut local = Local { game, bots: seats, table: Table::new(names, 0, vertex), told: 0 };
        local.tell();
        local.sync();
        local
    }

    /// The table as the person sees it.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// The bot to act now, if one is (its name).
    pub fn bot_to_act(&self) -> Option<String> {
        if self.game.public().phase() != Phase::Playing {
            return None;
        }
        let seat = self.game.to_move();
        self.bots.get(seat as usize).and_then(|b| b.as_ref()).map(|_| self.table.who(seat))
    }

    /// Lets the bot to act choose and plays its choice.
    pub fn play_bot(&mut self) -> Result<(), String> {
        let seat = self.game.to_move();
        let obs = self.game.observe(seat);
        let Some(Some(bot)) = self.bots.get_mut(seat as usize) else { return Ok(()) };
        let action = bot.try_choose(&obs)?;
        drop(obs);
        self.apply(seat, action)
    }

    /// The person's action: refused with the rules' reason, nothing changed.
    pub fn submit(&mut self, action: Action) -> Result<(), String> {
        if self.game.public().phase() != Phase::Playing {
            return Err("the round is over: press Enter for the next one".into());
        }
        if self.game.to_move() != 0 {
            return Err(format!("it is {}'s turn", self.table.who(self.game.to_move())));
        }
        self.game.check(action).map_err(|e| e.to_string())?;
        self.apply(0, action)
    }

    /// Deals the next round once one is over.
    pub fn next_round(&mut self) -> Result<(), String> {
        match self.game.public().phase() {
            Phase::RoundOver => {
                self.game.next_round().map_err(|e| e.to_string())?;
                self.tell();
                self.sync();
                Ok(())
            }
            Phase::GameOver => Err("the game is over".into()),
            Phase::Playing => Err("the round is still being played".into()),
        }
    }

    fn apply(&mut self, seat: u8, action: Action) -> Result<(), String> {
        let outcome = self.game.play(action).map_err(|e| e.to_string())?;
        let bonuses: Vec<&str> = outcome.bonuses.names().collect();
        self.table.record(seat, action, outcome.points, &bonuses.join(", "));
        self.tell();
        self.sync();
        Ok(())
    }

    /// Tells the events the log has not told yet (round starts and ends, the game's end).
    fn tell(&mut self) {
        let events = self.game.public().events();
        let new: Vec<Event> = events.get(self.told..).unwrap_or_default().to_vec();
        self.told = events.len();
        for e in new {
            match e {
                Event::RoundStarted { round, starter } => {
                    self.table.new_round(round);
                    let who = self.table.who(starter);
                    self.table.log.push(format!("{who} opens"));
                }
                Event::Revealed { player, tile } => {
                    let who = self.table.who(player);
                    self.table.log.push(format!("{who} shows {tile}"));
                }
                Event::RoundEnded { round, end, scores, .. } => {
                    let how = match end {
                        RoundEnd::Out(p) => format!("{} went out", self.table.who(p)),
                        RoundEnd::Blocked => "blocked".to_string(),
                    };
                    let points: Vec<String> = (0..self.table.names.len() as u8)
                        .map(|s| format!("{} {:+}", self.table.who(s), scores[s as usize]))
                        .collect();
                    self.table.log.push(format!("Round {round} over ({how}): {}", points.join(", ")));
                }
                Event::GameEnded { winners } => {
                    let names: Vec<String> = winners.iter().map(|s| self.table.who(s)).collect();
                    self.table.log.push(format!("Game over: {} won", names.join(" and ")));
                }
                // Plays, draws and passes are told with their notation by `apply`;
                // a timeout never happens here (no clock).
                _ => {}
            }
        }
    }

    /// The table from the person's observation and the public state.
    fn sync(&mut self) {
        let obs = self.game.observe(0);
        let p = self.game.public();
        let t = &mut self.table;
        t.hand = obs.hand();
        t.drawn = obs.drawn_tile();
        let legal = if obs.is_my_turn() && p.phase() == Phase::Playing { obs.legal_actions() } else { Vec::new() };
        t.can_draw = legal.contains(&Action::Draw);
        t.can_pass = legal.contains(&Action::Pass);
        t.legal = legal.into_iter().filter(|a| a.placement().is_some()).collect();
        t.points = t.legal.iter().filter_map(|a| a.placement()).map(|pl| p.placement_score(pl).points).collect();
        t.to_move = p.to_move();
        t.totals = p.totals().to_vec();
        t.hand_sizes = p.hand_sizes().to_vec();
        t.pool = p.pool_size();
        t.round = p.round();
        t.phase = p.phase();
        t.winners = p.winners();
    }
}
