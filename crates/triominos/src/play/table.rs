//! What the terminal shows of a game, whoever runs it (a local game against
//! bots, or a seat of a server game): the board, the seat's hand and legal
//! moves, the scores, whose turn, the last events in words.

use triominos_core::notation::{self, write, Spot};
use triominos_core::{Action, Board, Cell, Phase, Seats, Tile, TileSet};

/// The table as one seat sees it.
#[derive(Clone)]
pub struct Table {
    /// Each seat's name.
    pub names: Vec<String>,
    /// The seat of the person at this terminal.
    pub me: u8,
    /// The round's board.
    pub board: Board,
    /// The cell of the last tile placed.
    pub last: Option<Cell>,
    /// The seat's hand.
    pub hand: TileSet,
    /// The tile the seat drew this turn.
    pub drawn: Option<Tile>,
    /// The seat's legal placements (empty when it is not to act).
    pub legal: Vec<Action>,
    /// What each of `legal` scores now, announced (end of round not included).
    pub points: Vec<i32>,
    /// Whether the seat may draw now.
    pub can_draw: bool,
    /// Whether the seat may pass now.
    pub can_pass: bool,
    /// Seat to act.
    pub to_move: u8,
    /// Totals.
    pub totals: Vec<i32>,
    /// Tiles in each hand.
    pub hand_sizes: Vec<u8>,
    /// Tiles in the pool.
    pub pool: usize,
    /// Round number.
    pub round: u32,
    /// Playing, between rounds, over.
    pub phase: Phase,
    /// The winners once the game is over.
    pub winners: Seats,
    /// What happened, oldest first (the screen shows the last few).
    pub log: Vec<String>,
}

impl Table {
    /// An empty table for `names`, this terminal at seat `me`.
    pub fn new(names: Vec<String>, me: u8, vertex_contacts_must_match: bool) -> Table {
        let n = names.len();
        Table {
            names,
            me,
            board: Board::new(vertex_contacts_must_match),
            last: None,
            hand: TileSet::EMPTY,
            drawn: None,
            legal: Vec::new(),
            points: Vec::new(),
            can_draw: false,
            can_pass: false,
            to_move: 0,
            totals: vec![0; n],
            hand_sizes: vec![0; n],
            pool: 0,
            round: 0,
            phase: Phase::Playing,
            winners: Seats::EMPTY,
            log: Vec::new(),
        }
    }

    /// Whether this seat is to act in a round being played.
    pub fn my_turn(&self) -> bool {
        self.phase == Phase::Playing && self.to_move == self.me
    }

    /// A seat's name as shown: "you" for this terminal's seat.
    pub fn who(&self, seat: u8) -> String {
        if seat == self.me {
            "You".to_string()
        } else {
            self.names.get(seat as usize).cloned().unwrap_or_else(|| format!("Seat {}", seat + 1))
        }
    }

    /// A new round: an empty board.
    pub fn new_round(&mut self, round: u32) {
        self.board = Board::new(self.board.vertex_contacts_must_match());
        self.last = None;
        self.round = round;
        self.log.push(format!("Round {round}"));
    }

    /// A play, a draw or a pass of `seat`, told in the log with its points
    /// (written in the notation on the board before it), then applied to the board.
    pub fn record(&mut self, seat: u8, action: Action, points: i32, bonuses: &str) {
        let name = write(action, &self.board).unwrap_or_else(|_| "?".into());
        let mut line = format!("{}: {name}", self.who(seat));
        if points != 0 {
            line += &format!(" {points:+}");
        }
        if !bonuses.is_empty() {
            line += &format!(" ({bonuses})");
        }
        self.log.push(line);
        if let Some(p) = action.placement() {
            self.board.place(p);
            self.last = Some(p.cell);
        }
    }

    /// The open spots of the board, each with its name and the hand's
    /// placements there, in the order of the frontier.
    pub fn spots(&self) -> Vec<(Cell, Spot)> {
        self.board
            .frontier()
            .iter()
            .filter(|f| f.constraint().is_some())
            .filter_map(|f| Some((f.cell, notation::spot_name(&self.board, f.cell)?)))
            .collect()
    }
}
