//! The reasons in English words, for the command line (the web front end
//! words the same codes in its own languages).

use super::explain::{Contrast, Difference, Figure, MoveName, Reason, Side};
use triominos_core::Action;

/// An action in words a person reads, from its name in the move notation
/// (`name`, written on the board the player faced): `245L124, 2-4-5 left of
/// 1-2-4` (` announced` when it is), `draw`, `pass`. Without a name, the
/// tile alone: never a cell nor a rotation number.
pub fn action_words(a: Action, name: Option<&MoveName>) -> String {
    match (a, name) {
        (Action::Play { announce, .. }, Some(n)) => {
            format!("{}{}", n.words(a.placement().map(|p| p.tile)), if announce { ", announced" } else { "" })
        }
        (Action::Play { placement: p, announce }, None) => {
            format!("{}{}", p.tile, if announce { " announced" } else { "" })
        }
        (Action::Draw, _) => "draw".into(),
        (Action::Pass, _) => "pass".into(),
    }
}

/// `played instead of better` (each with its name, see [`action_words`]),
/// saying what differs when it is one tile.
pub fn instead_words(
    played: Action,
    played_name: Option<&MoveName>,
    better: Action,
    better_name: Option<&MoveName>,
) -> String {
    let what = match Difference::between(played, better) {
        Some(Difference::Spot) => " (the same tile, another spot)",
        Some(Difference::Turn) => " (the same tile and spot, another turn)",
        Some(Difference::Announce) => " (the same placement, announced)",
        _ => "",
    };
    format!("{} instead of {}{what}", action_words(played, played_name), action_words(better, better_name))
}

fn figure(f: Figure) -> &'static str {
    match f {
        Figure::Hexagon => "hexagon",
        Figure::DoubleHexagon => "double hexagon",
        Figure::TripleHexagon => "triple hexagon",
        Figure::Bridge => "bridge",
        Figure::BridgeExtension => "bridge extension",
    }
}

/// One reason in English; `name(seat)` names a seat.
pub fn reason_words(r: &Reason, name: &dyn Fn(u8) -> String) -> String {
    match r {
        Reason::Hexagon { points } => format!("closes a hexagon: {points} points"),
        Reason::DoubleHexagon { points } => format!("closes two hexagons: {points} points"),
        Reason::TripleHexagon { points } => format!("closes three hexagons: {points} points"),
        Reason::Bridge { points } => format!("builds a bridge: {points} points"),
        Reason::BridgeExtension { points } => format!("extends a bridge: {points} points"),
        Reason::Start { points } => format!("opens the round: {points} points"),
        Reason::Tile { points } => format!("scores the tile's {points} points"),
        Reason::Out { points } => format!("goes out: {points} points"),
        Reason::OutHands { points } => format!("goes out: {points} points and the others' hands"),
        Reason::Most { plays } => format!("scores the most of your {plays} plays now"),
        Reason::Instead { tile, points, notation, spot } => {
            let name = MoveName { notation: notation.clone(), spot: spot.clone() };
            format!("{} would score {points} now", name.words(Some(*tile)))
        }
        Reason::Keeps { tile } => format!("keeps the triple {tile} for later"),
        Reason::NoBridgeFor { seat } => format!("leaves {} no bridge", name(*seat)),
        Reason::NoHexagonFor { seat } => format!("leaves {} no hexagon to close", name(*seat)),
        Reason::NoFit => "no tile of your hand fits".into(),
        Reason::DrawInstead { points } => format!("draws although a play scores {points} now"),
        Reason::Pass => "nothing fits and the pool is empty".into(),
        Reason::LeavesSpot { seat, figure: f, points, percent, expected } => format!(
            "leaves a {} spot ({points}) open; {} holds a fitting tile about {percent}% of the time: -{expected:.1} expected",
            figure(*f),
            name(*seat)
        ),
        Reason::SetsUp { figure: f, points, tile } => {
            format!("opens a {} spot ({points}) that your {tile} fits", figure(*f))
        }
        Reason::Sheds { tile, points, seat, tiles } => {
            format!("sheds {tile} ({points} in hand) while {} holds {tiles} tiles", name(*seat))
        }
        Reason::GoOutNext { tile, points } => format!("keeps {tile}, which fits: out next turn for {points}"),
        Reason::NextOut { seat, percent, expected } => {
            format!("{} holds one tile; it fits about {percent}% of the time: -{expected:.1} expected", name(*seat))
        }
        Reason::DrawCosts { points } => format!("the draw costs {} points", -points),
        Reason::DrawPromises { fit_percent, figure_percent } => {
            format!("the tile drawn fits about {fit_percent}% of the time, makes a figure {figure_percent}%")
        }
        Reason::ScoresMore { points } => format!("scores {points} more now"),
        Reason::Expects { points } => format!("the search expects {points:.1} points more from it over the next moves"),
    }
}

/// One line of a review entry in English.
pub fn contrast_words(c: &Contrast, name: &dyn Fn(u8) -> String) -> String {
    let who = match c.side {
        Side::Better => "better",
        Side::Played => "yours",
    };
    format!("{who}: {}", reason_words(&c.reason, name))
}
