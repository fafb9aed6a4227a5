//! What clients see, built from the referee's game: numbered public deltas
//! (one per accepted intent) and a seat's private view built from its
//! [`Observation`] only. Nothing here reads another seat's hand or the pool.

use crate::protocol::{Delta, EventWire, GameStatus, Intent, LegalPlacement, Me, OpenSpot, ScoreLine, Step};
use serde_json::value::RawValue;
use triominos_core::notation::{self, Move};
use triominos_core::scoring::score_placement;
use triominos_core::{Action, Board, Bonuses, Game, Observation, Placement, PlacementScore, Public, Tile, TileSet};

/// Taken before an intent: the lengths of the public event list and score
/// sheet, what a play of the intent leaves unclaimed (the core's
/// `Played` event tells the bonuses scored, not those lost), and how the
/// play is written in the notation (on the board before it).
#[derive(Clone, Copy, Debug, Default)]
pub struct Mark {
    events: usize,
    scores: usize,
    unclaimed: Bonuses,
    notation: Option<Move>,
}

impl Mark {
    /// The mark of a game now.
    pub fn of(game: &Game) -> Mark {
        Mark {
            events: game.public().events().len(),
            scores: game.public().score_sheet().len(),
            unclaimed: Bonuses::default(),
            notation: None,
        }
    }

    /// The mark of a game before a legal `intent`: for an unannounced play
    /// under `announce_bonuses`, also the figure bonuses it will lose, and
    /// the play in the notation.
    pub fn before(game: &Game, intent: Intent) -> Mark {
        let mut m = Mark::of(game);
        if let Intent::Act(a @ Action::Play { placement, announce }) = intent {
            m.unclaimed = scored(game.public(), placement, announce).unclaimed;
            m.notation = Move::of(a, game.public().board()).ok();
        }
        m
    }
}

/// What a placement scores on the board of `p`, announced or not: the
/// engine's own scoring, before the tile is placed.
fn scored(p: &Public, pl: Placement, announce: bool) -> PlacementScore {
    score_placement(p.rules(), pl.tile, p.board().is_empty(), p.board().preview(pl), announce)
}

/// The public delta numbered `v`: who did what (a draw shows no tile), the
/// public events and score changes it caused since `before`, and the status after it.
pub fn delta(game: &Game, before: Mark, v: u64, seat: Option<u8>, intent: Option<Intent>) -> Delta {
    let p = game.public();
    let n = game.players();
    Delta {
        v,
        seat,
        action: Step::from(intent),
        events: p.events()[before.events..]
            .iter()
            .map(|e| EventWire::of(e, n, before.unclaimed, &before.notation.map(|m| m.to_string()).unwrap_or_default()))
            .collect(),
        scores: p.score_sheet()[before.scores..].iter().map(ScoreLine::from).collect(),
        status: GameStatus::of(p),
    }
}

/// [`delta`] serialized once, to be sent to every connection as it is.
pub fn delta_raw(game: &Game, before: Mark, v: u64, seat: Option<u8>, intent: Option<Intent>) -> Box<RawValue> {
    // A delta is numbers, names and lists of them: it always serializes.
    serde_json::value::to_raw_value(&delta(game, before, v, seat, intent)).unwrap_or_default()
}

/// A seat's private view, from its observation only: its hand, the tile it just
/// drew, its legal placements with the points each would score (announced
/// and not), and whether it may draw or pass.
pub fn me(obs: &Observation) -> Me {
    let mut legal = Vec::new();
    let mut can_draw = false;
    let mut can_pass = false;
    for a in obs.legal_actions() {
        match a {
            Action::Play { placement: pl, .. } => {
                let s = obs.public().placement_score(pl);
                let (points, bonuses) = (s.points, s.bonuses);
                let lossless = s.figures.is_empty() || !obs.public().rules().announce_bonuses();
                let unannounced = if lossless { points } else { scored(obs.public(), pl, false).points };
                legal.push(LegalPlacement {
                    tile: pl.tile,
                    cell: pl.cell,
                    rotation: pl.rotation,
                    points,
                    bonuses,
                    unannounced,
                    notation: notation::write(Action::play(pl), obs.public().board()).unwrap_or_default(),
                });
            }
            Action::Draw => can_draw = true,
            Action::Pass => can_pass = true,
        }
    }
    Me {
        seat: obs.seat(),
        hand: obs.hand(),
        drawn: obs.drawn_tile(),
        my_turn: obs.is_my_turn(),
        legal,
        can_draw,
        can_pass,
        spots: open_spots(obs.public().board(), obs.hand()),
    }
}

/// The open spots of `board` for a seat holding `hand`: each named in the
/// notation, what its corners must hold, and the tiles of `hand` that fit
/// there some way (the board's own check). Those where a tile fits come
/// first, then by name. Only the public board and this hand are read.
pub fn open_spots(board: &Board, hand: TileSet) -> Vec<OpenSpot> {
    let mut out: Vec<OpenSpot> = board
        .frontier()
        .iter()
        .filter_map(|f| {
            let spot = notation::spot_name(board, f.cell)?;
            let fits: Vec<Tile> = f
                .fitting_tiles()
                .intersection(hand)
                .iter()
                .filter(|&t| (0..3).any(|r| board.check(Placement::new(t, f.cell, r)).is_ok()))
                .collect();
            Some(OpenSpot { spot: spot.into(), cell: f.cell, up: f.cell.is_up(), needs: f.constraint(), fits })
        })
        .collect();
    out.sort_by(|a, b| a.fits.is_empty().cmp(&b.fits.is_empty()).then_with(|| a.spot.name.cmp(&b.spot.name)));
    out
}
