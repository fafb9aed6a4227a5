//! The decision of the player to move: which actions are legal now, from
//! what they know (the public state, their hand, the tile they drew).

use crate::action::{Action, IllegalAction, PassRefusal};
use crate::board::Placement;
use crate::public::{Phase, Public};
use crate::rules::AfterDraw;
use crate::tile::{Tile, TileSet};

/// What the player to move privately knows about their turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TurnSecret {
    /// The tile drawn last this turn.
    pub drawn: Option<Tile>,
    /// Tiles the opener may open with (board empty).
    pub opening: TileSet,
}

/// The decision of the player to move, from what they know.
pub(crate) struct TurnView<'a> {
    pub public: &'a Public,
    pub hand: TileSet,
    pub secret: TurnSecret,
}

/// Which tiles may be placed now, if any.
enum Placeable {
    Tiles(TileSet),
    None(IllegalAction),
}

impl TurnView<'_> {
    fn ready(&self) -> Result<(), IllegalAction> {
        match self.public.phase {
            Phase::Playing => Ok(()),
            Phase::RoundOver => Err(IllegalAction::RoundOver),
            Phase::GameOver => Err(IllegalAction::GameOver),
        }
    }

    fn placeable(&self) -> Placeable {
        let board = &self.public.board;
        if board.is_empty() {
            return Placeable::Tiles(self.secret.opening);
        }
        match self.secret.drawn {
            None => Placeable::Tiles(self.hand),
            Some(t) => {
                let allowed = match self.public.rules.after_draw() {
                    AfterDraw::DrawnTile => TileSet::EMPTY.union([t].into_iter().collect()),
                    AfterDraw::AnyTile => self.hand,
                };
                if board.has_placement(allowed) {
                    Placeable::Tiles(allowed)
                } else {
                    Placeable::None(IllegalAction::NoPlacementAfterFailedDraw)
                }
            }
        }
    }

    pub(crate) fn can_play(&self) -> bool {
        match self.placeable() {
            Placeable::Tiles(s) => self.public.board.has_placement(s),
            Placeable::None(_) => false,
        }
    }

    pub fn check(&self, action: Action) -> Result<(), IllegalAction> {
        self.ready()?;
        let p = self.public;
        match action {
            Action::Play { placement: pl, .. } => {
                if !self.hand.contains(pl.tile) {
                    return Err(IllegalAction::TileNotInHand(pl.tile));
                }
                match self.placeable() {
                    Placeable::None(e) => return Err(e),
                    Placeable::Tiles(allowed) => {
                        if !allowed.contains(pl.tile) {
                            return Err(match self.secret.drawn {
                                _ if p.board.is_empty() => IllegalAction::FirstTileMustBe(allowed),
                                Some(d) => IllegalAction::MustPlayDrawnTile(d),
                                None => IllegalAction::TileNotInHand(pl.tile),
                            });
                        }
                    }
                }
                p.board.check(pl).map_err(IllegalAction::Placement)
            }
            Action::Draw => {
                if p.board.is_empty() {
                    return Err(IllegalAction::OpenerMayNotDraw);
                }
                if self.secret.drawn.is_some() {
                    if self.can_play() {
                        return Err(IllegalAction::MustPlaceNow);
                    }
                } else if !p.rules.draw_when_able() && self.can_play() {
                    return Err(IllegalAction::MayNotDrawWhenAble);
                }
                if p.pool_size == 0 {
                    return Err(IllegalAction::PoolEmpty);
                }
                Ok(())
            }
            Action::Pass => {
                if p.board.is_empty() {
                    return Err(IllegalAction::MayNotPass(PassRefusal::Opening));
                }
                if self.can_play() {
                    return Err(IllegalAction::MayNotPass(PassRefusal::CanPlay));
                }
                if p.pool_size > 0 {
                    return Err(IllegalAction::MayNotPass(PassRefusal::PoolNotEmpty));
                }
                Ok(())
            }
        }
    }

    pub fn legal_placements(&self, mut f: impl FnMut(Placement)) {
        if self.ready().is_err() {
            return;
        }
        if let Placeable::Tiles(s) = self.placeable() {
            self.public.board.for_each_placement(s, &mut f);
        }
    }

    pub fn count_placements(&self) -> usize {
        if self.ready().is_err() {
            return 0;
        }
        match self.placeable() {
            Placeable::Tiles(s) => self.public.board.count_placements(s),
            Placeable::None(_) => 0,
        }
    }

    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.ready().is_err() {
            return;
        }
        // Under `announce_bonuses` the engine's plays claim their bonuses.
        let announce = self.public.rules.announce_bonuses();
        self.legal_placements(|placement| out.push(Action::Play { placement, announce }));
        if self.check(Action::Draw).is_ok() {
            out.push(Action::Draw);
        }
        if self.check(Action::Pass).is_ok() {
            out.push(Action::Pass);
        }
    }
}
