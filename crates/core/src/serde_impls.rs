//! Serde support (feature `serde`): tiles as `"1-2-4"`, cells as `[c, r]`,
//! tile sets as lists of tiles, bonuses as lists of names, placements as
//! `{"tile": "1-2-4", "cell": [0, 0], "rotation": 1}`. Deserializing
//! validates: an off-board cell or a rotation above 2 is an error.

use crate::board::Placement;
use crate::geom::Cell;
use crate::scoring::Bonuses;
use crate::tile::{Tile, TileSet};
use serde::{de, Deserialize, Deserializer, Serialize, Serializer};

impl Serialize for Cell {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        [self.c(), self.r()].serialize(s)
    }
}

impl<'de> Deserialize<'de> for Cell {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Cell, D::Error> {
        let [c, r] = <[i32; 2]>::deserialize(d)?;
        Cell::new(c, r).ok_or_else(|| de::Error::custom(format!("cell {c},{r} is off the board")))
    }
}

impl Serialize for TileSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for TileSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<TileSet, D::Error> {
        Ok(Vec::<Tile>::deserialize(d)?.into_iter().collect())
    }
}

impl Serialize for Bonuses {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.names())
    }
}

impl<'de> Deserialize<'de> for Bonuses {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Bonuses, D::Error> {
        let mut b = Bonuses::default();
        for name in Vec::<String>::deserialize(d)? {
            let flag = Bonuses::from_name(&name).ok_or_else(|| de::Error::custom(format!("unknown bonus {name:?}")))?;
            b.set(flag);
        }
        Ok(b)
    }
}

#[derive(Serialize, Deserialize)]
struct PlacementRepr {
    tile: Tile,
    cell: Cell,
    rotation: u8,
}

impl Serialize for Placement {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        PlacementRepr { tile: self.tile, cell: self.cell, rotation: self.rotation }.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Placement {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Placement, D::Error> {
        let r = PlacementRepr::deserialize(d)?;
        if r.rotation > 2 {
            return Err(de::Error::custom("rotation must be 0, 1 or 2"));
        }
        Ok(Placement::new(r.tile, r.cell, r.rotation))
    }
}

#[cfg(test)]
mod tests {
    use crate::{Action, Placement};

    #[test]
    fn actions_round_trip_and_bad_input_is_refused() {
        let a: Action = serde_json::from_str(r#"{"kind":"play","tile":"1-2-4","cell":[-1,0],"rotation":2}"#).unwrap();
        match a {
            Action::Play { placement, announce: false } => assert_eq!(format!("{placement:?}"), "1-2-4 -1,0 2"),
            _ => panic!("{a:?}"),
        }
        let s = serde_json::to_string(&a).unwrap();
        assert_eq!(s, r#"{"kind":"play","tile":"1-2-4","cell":[-1,0],"rotation":2}"#, "no announce when false");
        assert_eq!(serde_json::from_str::<Action>(&s).unwrap(), a);
        let announced: Action =
            serde_json::from_str(r#"{"kind":"play","tile":"1-2-4","cell":[-1,0],"rotation":2,"announce":true}"#)
                .unwrap();
        assert_eq!(announced, Action::announced(a.placement().unwrap()));
        let s = serde_json::to_string(&announced).unwrap();
        assert_eq!(s, r#"{"kind":"play","tile":"1-2-4","cell":[-1,0],"rotation":2,"announce":true}"#);
        assert_eq!(serde_json::from_str::<Action>(&s).unwrap(), announced);
        assert_eq!(serde_json::from_str::<Action>(r#"{"kind":"draw"}"#).unwrap(), Action::Draw);
        for bad in [
            r#"{"kind":"play","tile":"1-4-2","cell":[0,0],"rotation":0}"#,
            r#"{"kind":"play","tile":"1-2-4","cell":[900,0],"rotation":0}"#,
            r#"{"kind":"play","tile":"1-2-4","cell":[0,0],"rotation":3}"#,
            r#"{"kind":"jump"}"#,
            r#"{"kind":"play","tile":"1-2-4","cell":[0,0],"rotation":0,"announce":"yes"}"#,
        ] {
            assert!(serde_json::from_str::<Action>(bad).is_err(), "{bad}");
        }
        assert!(serde_json::from_str::<Placement>(r#"{"tile":"0-0-0","cell":[0,0],"rotation":1}"#).is_ok());
    }

    #[test]
    fn bonuses_read_back_what_they_write_and_refuse_other_names() {
        use crate::Bonuses;
        let mut all = Bonuses::default();
        for name in ["start", "bridge", "bridge_extension", "hexagon", "double_hexagon", "triple_hexagon", "fail"] {
            let one: Bonuses = serde_json::from_str(&format!("[\"{name}\"]")).unwrap();
            assert_eq!(one.names().collect::<Vec<_>>(), [name]);
            all.set(one);
        }
        let text = serde_json::to_string(&all).unwrap();
        assert_eq!(serde_json::from_str::<Bonuses>(&text).unwrap(), all);
        assert_eq!(serde_json::from_str::<Bonuses>("[]").unwrap(), Bonuses::default());
        assert!(serde_json::from_str::<Bonuses>(r#"["rainbow"]"#).is_err());
    }
}
