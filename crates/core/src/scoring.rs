//! Scoring: why a score changes ([`Reason`], [`ScoreEntry`]), the bonus
//! flags of an action ([`Bonuses`]), what a placement scores
//! ([`score_placement`]), the end of a round ([`score_round_end`]) and who
//! wins ([`reached_target`], [`immediate_winners`],
//! [`game_winners_after_round`]). The engine and the score pad both score
//! with these functions.

use crate::board::Figures;
use crate::rules::{Blocked, GameEnd, RuleSet, MAX_PLAYERS};
use crate::seats::Seats;
use crate::tile::Tile;

/// How a round ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum RoundEnd {
    /// This seat placed their last tile.
    Out(u8),
    /// Everyone passed in turn with the pool empty.
    Blocked,
}

/// Why a score changed. Every change carries one, so a score sheet can show it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum Reason {
    /// The placed tile's value.
    Tile,
    /// Start bonus on the round's first tile.
    Start,
    /// Bridge bonus.
    Bridge,
    /// Bridge extension bonus.
    BridgeExtension,
    /// Hexagon bonus for 1, 2 or 3 hexagons.
    Hexagon(u8),
    /// A draw.
    Draw,
    /// `max_draws` failed draws.
    Fail,
    /// A pass (empty pool).
    Pass,
    /// The turn timer ran out (option `timer`).
    Timeout,
    /// Going out.
    OutBonus,
    /// The opponents' hands, taken by the player who went out or won a blocked round.
    OpponentsHands,
    /// Own hand subtracted at the end of a round.
    OwnHand,
    /// Lowest hand of a blocked round (the out bonus).
    BlockedWin,
}

impl Reason {
    /// A short stable name (`tile`, `start`, `bridge`, `hexagon`, `double_hexagon`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Reason::Tile => "tile",
            Reason::Start => "start",
            Reason::Bridge => "bridge",
            Reason::BridgeExtension => "bridge_extension",
            Reason::Hexagon(1) => "hexagon",
            Reason::Hexagon(2) => "double_hexagon",
            Reason::Hexagon(_) => "triple_hexagon",
            Reason::Draw => "draw",
            Reason::Fail => "fail",
            Reason::Pass => "pass",
            Reason::Timeout => "timeout",
            Reason::OutBonus => "out",
            Reason::OpponentsHands => "opponents_hands",
            Reason::OwnHand => "own_hand",
            Reason::BlockedWin => "blocked_win",
        }
    }
}

/// One score change.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ScoreEntry {
    /// Round number (1-based).
    pub round: u32,
    /// Seat.
    pub player: u8,
    /// Why.
    pub reason: Reason,
    /// Change to the total.
    pub points: i32,
}

/// Bonus flags of one action, in the order record.md lists them.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Hash)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(
        type = r#"Array<"start" | "bridge" | "bridge_extension" | "hexagon" | "double_hexagon" | "triple_hexagon" | "fail">"#
    )
)]
pub struct Bonuses(u8);

impl Bonuses {
    /// Start bonus.
    pub const START: Bonuses = Bonuses(1);
    /// Bridge.
    pub const BRIDGE: Bonuses = Bonuses(2);
    /// Bridge extension.
    pub const BRIDGE_EXTENSION: Bonuses = Bonuses(4);
    /// One hexagon.
    pub const HEXAGON: Bonuses = Bonuses(8);
    /// Two hexagons at once.
    pub const DOUBLE_HEXAGON: Bonuses = Bonuses(16);
    /// Three hexagons at once.
    pub const TRIPLE_HEXAGON: Bonuses = Bonuses(32);
    /// Failed draws penalty.
    pub const FAIL: Bonuses = Bonuses(64);
    const NAMES: [&'static str; 7] =
        ["start", "bridge", "bridge_extension", "hexagon", "double_hexagon", "triple_hexagon", "fail"];

    /// Whether all flags of `other` are set.
    pub const fn contains(self, other: Bonuses) -> bool {
        self.0 & other.0 == other.0
    }

    /// Whether no flag is set.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub(crate) fn set(&mut self, other: Bonuses) {
        self.0 |= other.0;
    }

    /// The names of the flags set, as in record.md.
    pub fn names(self) -> impl Iterator<Item = &'static str> {
        (0..7).filter(move |i| self.0 & (1 << i) != 0).map(|i| Self::NAMES[i])
    }

    /// The flag of a name [`Bonuses::names`] gives (`"bridge"`), `None` for any other text.
    pub fn from_name(name: &str) -> Option<Bonuses> {
        Self::NAMES.iter().position(|&n| n == name).map(|i| Bonuses(1 << i))
    }
}

/// What a placement scores: the points with their reasons, the bonuses
/// scored, and the figures the tile formed (a figure formed but not
/// announced under `announce_bonuses` is in `figures` and `unclaimed`, not
/// in `bonuses`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlacementScore {
    /// The change to the player's score: the sum of [`PlacementScore::items`].
    pub points: i32,
    /// The bonuses scored (start, bridge, bridge extension, hexagons).
    pub bonuses: Bonuses,
    /// What the tile formed on the board.
    pub figures: Figures,
    /// Figure bonuses the rules award for `figures` that were lost because
    /// the play was not announced (always empty without `announce_bonuses`).
    pub unclaimed: Bonuses,
    items: [(Reason, i32); 4],
    len: u8,
}

impl PlacementScore {
    /// The score items `(reason, points)` in order: the tile's value first.
    pub fn items(&self) -> &[(Reason, i32)] {
        &self.items[..self.len as usize]
    }

    fn push(&mut self, reason: Reason, points: i32, flag: Bonuses) {
        self.items[self.len as usize] = (reason, points);
        self.len += 1;
        self.points += points;
        self.bonuses.set(flag);
    }
}

/// The figure bonuses the rules award for `figures`, each with its reason,
/// points and flag, in the order they are scored. A bridge extension scores
/// only in rules with bridges.
fn figure_items(rules: &RuleSet, figures: Figures) -> impl Iterator<Item = (Reason, i32, Bonuses)> {
    let bridge =
        (figures.bridge && rules.bridge_bonus() != 0).then(|| (Reason::Bridge, rules.bridge_bonus(), Bonuses::BRIDGE));
    let extension = (figures.bridge_extension && rules.bridge_bonus() != 0 && rules.bridge_extension_bonus() != 0)
        .then(|| (Reason::BridgeExtension, rules.bridge_extension_bonus(), Bonuses::BRIDGE_EXTENSION));
    let h = rules.hexagon_points(figures.hexagons);
    let hexagons = (figures.hexagons > 0 && h != 0).then(|| {
        let flag = match figures.hexagons {
            1 => Bonuses::HEXAGON,
            2 => Bonuses::DOUBLE_HEXAGON,
            _ => Bonuses::TRIPLE_HEXAGON,
        };
        (Reason::Hexagon(figures.hexagons), h, flag)
    });
    bridge.into_iter().chain(extension).chain(hexagons)
}

/// The bonus points `figures` earn when claimed (tile value and start bonus
/// not included): what an open cell offers whoever fills it.
pub fn figure_points(rules: &RuleSet, figures: Figures) -> i32 {
    figure_items(rules, figures).map(|(_, points, _)| points).sum()
}

/// Scores a placement: the tile's value, the start bonus on the round's
/// first tile, and every bonus the rules award for the figures it formed.
/// With `announce_bonuses`, the figure bonuses score only when `announced`
/// (the start bonus always does); without it, `announced` changes nothing.
pub fn score_placement(
    rules: &RuleSet,
    tile: Tile,
    opening: bool,
    figures: Figures,
    announced: bool,
) -> PlacementScore {
    let mut s = PlacementScore {
        points: 0,
        bonuses: Bonuses::default(),
        figures,
        unclaimed: Bonuses::default(),
        items: [(Reason::Tile, 0); 4],
        len: 0,
    };
    s.push(Reason::Tile, tile.value() as i32, Bonuses::default());
    if opening {
        let p = rules.start_points(tile);
        if p != 0 {
            s.push(Reason::Start, p, Bonuses::START);
        }
    }
    let claimed = announced || !rules.announce_bonuses();
    for (reason, points, flag) in figure_items(rules, figures) {
        if claimed {
            s.push(reason, points, flag);
        } else {
            s.unclaimed.set(flag);
        }
    }
    s
}

/// The end-of-round scoring of one round: every score item in the order the
/// engine adds them, and the round's winners. At most two items per seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundScoring {
    items: [(u8, Reason, i32); 2 * MAX_PLAYERS],
    len: usize,
    /// The round's winners (the player who went out, or every player tied
    /// for the lowest hand of a blocked round).
    pub winners: Seats,
}

impl RoundScoring {
    /// The score items `(seat, reason, points)`, in order.
    pub fn items(&self) -> &[(u8, Reason, i32)] {
        &self.items[..self.len]
    }

    fn push(&mut self, seat: u8, reason: Reason, points: i32) {
        self.items[self.len] = (seat, reason, points);
        self.len += 1;
    }
}

/// Scores the end of a round (rules.md section 6): going out, or a blocked
/// round by the rule set's `blocked` option, ties for the lowest hand included.
/// `hand_sums` holds each seat's hand value at the end of the round.
pub fn score_round_end(rules: &RuleSet, end: RoundEnd, hand_sums: &[i32]) -> RoundScoring {
    let n = hand_sums.len().min(MAX_PLAYERS) as u8;
    let sums = &hand_sums[..n as usize];
    let mut s = RoundScoring { items: [(0, Reason::OwnHand, 0); 2 * MAX_PLAYERS], len: 0, winners: Seats::EMPTY };
    match end {
        RoundEnd::Out(p) => {
            s.push(p, Reason::OutBonus, rules.out_bonus());
            if rules.out_takes_hands() {
                let others: i32 = (0..n).filter(|&q| q != p).map(|q| sums[q as usize]).sum();
                s.push(p, Reason::OpponentsHands, others);
            }
            s.winners = Seats::one(p);
        }
        RoundEnd::Blocked => {
            let low = sums.iter().copied().min().unwrap_or(0);
            let w: Seats = (0..n).filter(|&p| sums[p as usize] == low).collect();
            match rules.blocked() {
                Blocked::EachSubtracts => {
                    for p in 0..n {
                        s.push(p, Reason::OwnHand, -sums[p as usize]);
                    }
                }
                Blocked::LowestTakesAll => {
                    let others: i32 = (0..n).filter(|&p| !w.contains(p)).map(|p| sums[p as usize]).sum();
                    for p in w {
                        s.push(p, Reason::OpponentsHands, others);
                        s.push(p, Reason::OwnHand, -sums[p as usize]);
                    }
                }
                Blocked::LowestBonus => {
                    for p in w {
                        s.push(p, Reason::BlockedWin, rules.out_bonus());
                    }
                }
            }
            s.winners = w;
        }
    }
    s
}

/// The seats among `among` with the highest total (all of them on a tie).
pub fn highest_among(totals: &[i32], among: Seats) -> Seats {
    let among = among & Seats::all(totals.len().min(MAX_PLAYERS));
    match among.iter().map(|p| totals[p as usize]).max() {
        None => Seats::EMPTY,
        Some(b) => among.iter().filter(|&p| totals[p as usize] == b).collect(),
    }
}

/// The seats whose total is at the target or above (none without a target).
pub fn reached_target(rules: &RuleSet, totals: &[i32]) -> Seats {
    match rules.target() {
        None => Seats::EMPTY,
        Some(t) => (0..totals.len().min(MAX_PLAYERS)).filter(|&p| totals[p] >= t).map(|p| p as u8).collect(),
    }
}

/// With `game_end` `immediate`, the winners once a placement has brought
/// someone to the target (`reached`: every seat that reached it this round).
/// `None` when the game goes on.
pub fn immediate_winners(rules: &RuleSet, totals: &[i32], reached: Seats) -> Option<Seats> {
    (rules.game_end() == GameEnd::Immediate && rules.target().is_some() && !reached.is_empty())
        .then(|| highest_among(totals, reached))
}

/// The game's winners after a round's end-of-round scoring, or `None` when
/// another round follows. `reached`: the seats that reached the target this
/// round (end-of-round scoring included); `round_winners`: the round's winners.
pub fn game_winners_after_round(
    rules: &RuleSet,
    totals: &[i32],
    reached: Seats,
    round_winners: Seats,
) -> Option<Seats> {
    let all = Seats::all(totals.len().min(MAX_PLAYERS));
    match rules.target() {
        None => Some(round_winners),
        Some(_) if reached.is_empty() => None,
        Some(_) => Some(match rules.game_end() {
            GameEnd::HighestAfterRound => highest_among(totals, all),
            // Reached at the same moment (end-of-round scoring): a shared win.
            GameEnd::Immediate => reached,
            GameEnd::RoundWinnerAfterRound => {
                if reached.len() == 1 {
                    reached
                } else if !(reached & round_winners).is_empty() {
                    reached & round_winners
                } else {
                    highest_among(totals, reached)
                }
            }
        }),
    }
}
