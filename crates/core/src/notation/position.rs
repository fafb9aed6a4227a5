//! A move in a position: what a written move means on a board for a hand
//! ([`Move::resolve`], [`parse`]), and how an action is written there
//! ([`Move::of`], [`write`]), shortest first: the spot from the tile placed
//! last beside it, a turn only when the spot takes the tile more than one way.

use super::error::NotationError;
use super::moves::{Move, Place, Side, Spot, Turn};
use crate::action::Action;
use crate::board::{Board, Placement, PlacementError};
use crate::game::{HistoryEntry, RoundHistory};
use crate::geom::Cell;
use crate::tile::{Tile, TileSet};

/// Reads `text` as a move on `board` by a player holding `hand` (the tiles
/// they may place): the action it means, or why it means none. The action
/// is legal on the board; whether the turn allows it (a drawn tile that must
/// be played, the opening tiles) is the game's check.
///
/// ```
/// use triominos_core::notation::parse;
/// use triominos_core::{Game, RuleSet};
/// let game = Game::new(RuleSet::preset("goliath").unwrap(), 2, 7).unwrap();
/// let hand = game.hand(game.to_move()).unwrap();
/// let tile = hand.iter().find(|t| !t.is_triple()).unwrap();
/// // An opening other than a triple needs its turn: the number on top.
/// let [a, b, c] = tile.numbers();
/// let err = parse(&format!("{a}{b}{c}"), game.board(), hand).unwrap_err();
/// assert!(err.to_string().contains("is ambiguous"), "{err}");
/// let action = parse(&format!("{a}{b}{c}^{c}"), game.board(), hand).unwrap();
/// assert_eq!(action.placement().unwrap().values()[0], c);
/// ```
pub fn parse(text: &str, board: &Board, hand: TileSet) -> Result<Action, NotationError> {
    text.parse::<Move>()?.resolve(board, hand)
}

/// Writes a legal action on `board` in the notation (`255L555`, `draw`).
/// A placement the board refuses has no name: [`NotationError::NotLegal`].
pub fn write(action: Action, board: &Board) -> Result<String, NotationError> {
    Move::of(action, board).map(|m| m.to_string())
}

/// Every entry of a finished or unfinished round in the notation, in play
/// order (its actions and timeouts, as [`RoundHistory::entries`] gives
/// them), the board rebuilt from the round's placements. An error when a
/// placement is not legal on that board (a round that began from a scripted
/// position, whose tiles the history does not hold).
pub fn round_moves(round: &RoundHistory, vertex_contacts_must_match: bool) -> Result<Vec<Move>, NotationError> {
    let mut board = Board::new(vertex_contacts_must_match);
    let mut out = Vec::new();
    for entry in round.entries() {
        match entry {
            HistoryEntry::Timeout(_) => out.push(Move::Timeout),
            HistoryEntry::Action(step) => {
                out.push(Move::of(step.action, &board)?);
                if let Some(p) = step.action.placement() {
                    board.place(p);
                }
            }
        }
    }
    Ok(out)
}

/// The name of the cell `cell` as a spot: from the tile placed last among
/// those that share a side with it (`None` when no tile on `board` does).
/// Every open cell of a board has one; this is how a move there, or the
/// spot itself in a description of the board, is written.
///
/// ```
/// use triominos_core::notation::spot_name;
/// use triominos_core::{Board, Cell, Placement, Tile};
/// let mut board = Board::new(true);
/// board.place(Placement::new("5-5-5".parse::<Tile>().unwrap(), Cell::ORIGIN, 0));
/// let right = Cell::new(1, 0).unwrap();
/// assert_eq!(spot_name(&board, right).unwrap().to_string(), "R555");
/// assert_eq!(spot_name(&board, Cell::new(4, 4).unwrap()), None);
/// ```
pub fn spot_name(board: &Board, cell: Cell) -> Option<Spot> {
    board.placements().iter().rev().find_map(|q| Some(Spot { side: Side::between(q.cell, cell)?, next_to: q.tile }))
}

/// The numbers a placement puts down, clockwise from its cell's point (the
/// top of an up cell, the bottom of a down cell).
fn from_point(p: Placement) -> [u8; 3] {
    let [a, b, c] = p.values();
    if p.cell.is_up() {
        [a, b, c]
    } else {
        [c, a, b]
    }
}

/// The distinct legal ways to put `tile` on `cell` (a triple's once).
fn ways(board: &Board, tile: Tile, cell: Cell) -> Vec<Placement> {
    let turns = if tile.is_triple() { 1 } else { 3 };
    (0..turns).map(|r| Placement::new(tile, cell, r)).filter(|p| board.check(*p).is_ok()).collect()
}

/// The cell of a tile on the board.
fn cell_of(board: &Board, tile: Tile) -> Option<Cell> {
    board.placements().iter().find(|p| p.tile == tile).map(|p| p.cell)
}

/// The cell a spot names, if it is open.
fn spot_cell(board: &Board, spot: Spot) -> Result<Cell, NotationError> {
    let from = cell_of(board, spot.next_to).ok_or(NotationError::NotOnBoard(spot.next_to))?;
    let has_side = match spot.side {
        Side::Above => !from.is_up(),
        Side::Below => from.is_up(),
        Side::Left | Side::Right => true,
    };
    if !has_side {
        return Err(NotationError::NoSuchSide { next_to: spot.next_to, side: spot.side, up: from.is_up() });
    }
    let cell = spot.side.of(from).ok_or(NotationError::OffTheBoard(spot))?;
    match board.at(cell) {
        Some((by, _)) => Err(NotationError::SpotTaken { spot, by }),
        None => Ok(cell),
    }
}

/// The shortest reading from the point that tells `p` from the other ways.
fn shortest_turn(p: Placement, others: &[Placement]) -> Turn {
    let mine = from_point(p);
    let len =
        (1..=3).find(|&n| others.iter().filter(|o| **o != p).all(|o| from_point(*o)[..n] != mine[..n])).unwrap_or(3);
    Turn::new(&mine[..len]).unwrap_or_else(|| unreachable!("tile numbers are 0..5"))
}

impl Move {
    /// What this move means on `board` for a player holding `hand`: the
    /// action, with the tile turned the only way it fits, or why it means
    /// none (the tile is not in the hand, the spot does not exist or is
    /// taken, the tile does not fit, the text fits several placements).
    pub fn resolve(&self, board: &Board, hand: TileSet) -> Result<Action, NotationError> {
        let place = match *self {
            Move::Draw => return Ok(Action::Draw),
            Move::Pass => return Ok(Action::Pass),
            Move::Timeout => return Err(NotationError::Timeout),
            Move::Place(place) => place,
        };
        let Place { tile, spot, turn, announce } = place;
        if !hand.contains(tile) || board.tiles().contains(tile) {
            return Err(NotationError::NotInHand(tile));
        }
        let fits: Vec<Placement> = match spot {
            Some(_) if board.is_empty() => return Err(NotationError::SpotAtOpening),
            Some(spot) => {
                let cell = spot_cell(board, spot)?;
                let fits = ways(board, tile, cell);
                if fits.is_empty() {
                    let needs = board.frontier().iter().find(|f| f.cell == cell).and_then(|f| f.constraint());
                    return Err(NotationError::DoesNotFit { tile, spot, needs, up: cell.is_up() });
                }
                fits
            }
            None => {
                let fits = board.placements_for([tile].into_iter().collect());
                if fits.is_empty() {
                    return Err(NotationError::FitsNowhere(tile));
                }
                fits
            }
        };
        let play = |placement: Placement| Action::Play { placement, announce };
        let named = |ps: &[Placement]| -> Vec<Move> {
            let mut v: Vec<Move> = ps.iter().filter_map(|p| Move::of(play(*p), board).ok()).collect();
            v.sort_by_key(|m| m.to_string());
            v
        };
        let chosen: Vec<Placement> = match turn {
            Some(turn) => {
                let chosen: Vec<Placement> =
                    fits.iter().copied().filter(|p| from_point(*p).starts_with(turn.numbers())).collect();
                if chosen.is_empty() {
                    return Err(NotationError::WrongTurn { tile, turn, fits: named(&fits) });
                }
                chosen
            }
            None => fits,
        };
        match chosen.as_slice() {
            [one] => Ok(play(*one)),
            several => Err(NotationError::Ambiguous { written: self.to_string(), candidates: named(several) }),
        }
    }

    /// How a legal action on `board` is written: a placement by its tile,
    /// its spot (from the tile placed last among those beside it; none for
    /// the opening) and, when the spot takes the tile more than one way, the
    /// shortest turn that tells them apart. A placement the board refuses
    /// has no name ([`NotationError::NotLegal`]).
    pub fn of(action: Action, board: &Board) -> Result<Move, NotationError> {
        let (placement, announce) = match action {
            Action::Draw => return Ok(Move::Draw),
            Action::Pass => return Ok(Move::Pass),
            Action::Play { placement, announce } => (placement.normalized(), announce),
        };
        board.check(placement).map_err(|reason| NotationError::NotLegal { placement, reason })?;
        let cell = placement.cell;
        let spot = if board.is_empty() {
            None
        } else {
            match spot_name(board, cell) {
                Some(spot) => Some(spot),
                None => return Err(NotationError::NotLegal { placement, reason: PlacementError::NotTouching }),
            }
        };
        let others = ways(board, placement.tile, cell);
        let turn = (others.len() > 1).then(|| shortest_turn(placement, &others));
        Ok(Move::Place(Place { tile: placement.tile, spot, turn, announce }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> Tile {
        s.parse().unwrap()
    }
    fn c(c: i32, r: i32) -> Cell {
        Cell::new(c, r).unwrap()
    }
    fn hand(tiles: &[&str]) -> TileSet {
        tiles.iter().map(|s| t(s)).collect()
    }

    /// The worked record's start (docs/record-format.md): 5-5-5 on 0,0, 2-5-5
    /// left of it, 3-5-5 below it.
    fn example_board() -> Board {
        let mut b = Board::new(true);
        b.place(Placement::new(t("5-5-5"), Cell::ORIGIN, 2));
        b.place(Placement::new(t("2-5-5"), c(-1, 0), 0));
        b.place(Placement::new(t("3-5-5"), c(0, -1), 1));
        b
    }

    #[test]
    fn the_worked_record_reads_as_the_notation_says() {
        let mut b = Board::new(true);
        let all = TileSet::ALL;
        let open = Action::play(Placement::new(t("5-5-5"), Cell::ORIGIN, 0));
        assert_eq!(write(open, &b).unwrap(), "555");
        b.place(open.placement().unwrap());
        let left = Action::play(Placement::new(t("2-5-5"), c(-1, 0), 0));
        assert_eq!(write(left, &b).unwrap(), "255L555");
        assert_eq!(parse("255L555", &b, all), Ok(left));
        b.place(left.placement().unwrap());
        let below = Action::play(Placement::new(t("3-5-5"), c(0, -1), 1));
        assert_eq!(write(below, &b).unwrap(), "355B555");
        assert_eq!(parse("355 below 555", &b, all), Ok(below));
        b.place(below.placement().unwrap());
        // 3-3-5 on up cell 1,-1, whose only placed neighbour is 3-5-5 on its left.
        let next = Action::play(Placement::new(t("3-3-5"), c(1, -1), 2));
        assert_eq!(write(next, &b).unwrap(), "335R355");
        assert_eq!(parse("335R355", &b, all), Ok(next));
        assert_eq!(write(Action::Draw, &b).unwrap(), "draw");
        assert_eq!(parse("Pass", &b, all), Ok(Action::Pass));
    }

    #[test]
    fn the_opening_names_its_turn_by_the_number_on_top() {
        let b = Board::new(true);
        let h = hand(&["1-2-4", "2-2-4", "3-3-3"]);
        // 1-2-4: one number on top tells the three ways apart.
        for (r, top) in [(0, "1"), (1, "2"), (2, "4")] {
            let a = Action::play(Placement::new(t("1-2-4"), Cell::ORIGIN, r));
            assert_eq!(write(a, &b).unwrap(), format!("124^{top}"));
            assert_eq!(parse(&format!("124^{top}"), &b, h), Ok(a));
        }
        // 2-2-4 with 2 on top is two ways: the next number clockwise tells them apart.
        let ways: Vec<String> =
            (0..3).map(|r| write(Action::play(Placement::new(t("2-2-4"), Cell::ORIGIN, r)), &b).unwrap()).collect();
        assert_eq!(ways, ["224^22", "224^24", "224^4"]);
        assert_eq!(parse("224^2", &b, h).unwrap_err().to_string(), "224^2 is ambiguous: it could be 224^22 or 224^24");
        assert_eq!(parse("224^242", &b, h), Ok(Action::play(Placement::new(t("2-2-4"), Cell::ORIGIN, 1))));
        // A triple has one way, written without a turn, and any turn it is given must be its own.
        assert_eq!(write(Action::play(Placement::new(t("3-3-3"), Cell::ORIGIN, 2)), &b).unwrap(), "333");
        assert_eq!(parse("333^3", &b, h), Ok(Action::play(Placement::new(t("3-3-3"), Cell::ORIGIN, 0))));
        assert_eq!(parse("333^4", &b, h).unwrap_err().to_string(), "3-3-3 does not fit with ^4: it fits as 333");
        assert_eq!(
            parse("124L333", &b, h),
            Err(NotationError::SpotAtOpening),
            "the middle has no tile to name it from"
        );
    }

    #[test]
    fn every_refusal_says_why() {
        let b = example_board();
        let h = hand(&["0-1-2", "2-2-5", "0-3-5"]);
        let err = |s: &str| parse(s, &b, h).unwrap_err().to_string();
        assert_eq!(err("444L555"), "4-4-4 is not in your hand");
        assert_eq!(err("555L255"), "5-5-5 is not in your hand", "a tile on the board is in no hand");
        assert_eq!(err("225L444"), "4-4-4 is not on the board");
        assert_eq!(err("225A555"), "5-5-5 points up: it has no side above it (its sides are left, right and below)");
        assert_eq!(err("225B255"), "2-5-5 points down: it has no side below it (its sides are left, right and above)");
        assert_eq!(err("225L555"), "left of 5-5-5 is taken: 2-5-5 is there");
        // Left of 2-5-5 is up cell -2,0: its top is 2-5-5's 2, its bottom-right the 5 at P(0,0).
        assert_eq!(
            err("012L255"),
            "0-1-2 does not fit left of 2-5-5: that spot needs 2 at the top and 5 at the bottom-right"
        );
        assert_eq!(err("012"), "0-1-2 fits nowhere on the board");
        assert_eq!(
            err("timeout"),
            "a timeout is written by the referee when a turn timer runs out; it is not a move to play"
        );
        // 0-3-5 fits one spot (right of 3-5-5: 5 on top, 3 at the bottom-left): the spot may be left out.
        let right = Action::play(Placement::new(t("0-3-5"), c(1, -1), 2));
        assert_eq!(parse("035", &b, h), Ok(right));
        assert_eq!(parse("035R355", &b, h), Ok(right));
        assert_eq!(parse("035R355^5", &b, h), Ok(right));
        assert_eq!(err("035R355^3"), "0-3-5 does not fit with ^3: it fits as 035R355");
        // 2-2-5 fits two spots, left of 2-5-5 and above it (2 and 5 round P(-1,1) and P(0,1) or P(0,0)).
        assert_eq!(err("225"), "225 is ambiguous: it could be 225A255 or 225L255");
        assert!(parse("225A255", &b, h).is_ok() && parse("225L255", &b, h).is_ok());
        // An action the board refuses has no name.
        let bad = Action::play(Placement::new(t("0-1-2"), c(5, 5), 0));
        assert!(matches!(write(bad, &b), Err(NotationError::NotLegal { reason: PlacementError::NotTouching, .. })));
    }

    #[test]
    fn the_spot_is_named_from_the_tile_placed_last_beside_it() {
        // A cell between two placed tiles is named from the later one; both names read.
        let mut b = Board::new(true);
        b.place(Placement::new(t("1-2-4"), Cell::ORIGIN, 1)); // top 2, bottom-right 4, bottom-left 1
                                                              // Up cell 2,0 touches the first tile at P(1,0) only: placed as a puzzle's separate group.
        b.place_without_contact(Placement::new(t("3-3-4"), c(2, 0), 0)).unwrap(); // 3 at P(1,1), 4 at P(1,0)
        let gap = Placement::new(t("2-3-4"), c(1, 0), 0);
        assert_eq!(b.check(gap), Ok(()));
        let a = Action::play(gap);
        assert_eq!(write(a, &b).unwrap(), "234L334");
        assert_eq!(parse("234R124", &b, TileSet::ALL), Ok(a));
        assert_eq!(parse("234L334!", &b, TileSet::ALL), Ok(Action::announced(gap)));
        assert_eq!(write(Action::announced(gap), &b).unwrap(), "234L334!");
    }
}
