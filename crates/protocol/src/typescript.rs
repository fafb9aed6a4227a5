//! The TypeScript declarations of the wire types, for the page's JavaScript
//! (`// @ts-check` with JSDoc types, checked by `tsc` in the browser tests).
//!
//! Every wire type derives [`ts_rs::TS`] beside `Serialize`/`Deserialize`
//! (core's types too, under its `ts` feature), so ts-rs reads the same serde
//! attributes (tags, renames, flattening) the JSON is written with. The
//! declarations are one file, [`WIRE_DTS`] (`assets/types/wire.d.ts`), made
//! from the [`declarations`] of the [`roots`] and of every type they name;
//! `tests/it/wire_types.rs` fails when the checked-in file differs, so a renamed
//! field breaks the build until the file is made again, and then `tsc`
//! fails on every script that still reads the old name:
//!
//! ```sh
//! UPDATE_WIRE_TYPES=1 cargo test -p triominos-server --test it wire_types::
//! ```
//!
//! A new type inside an existing message needs only `ts_rs::TS` in its
//! derive; a new top-level body (a new route's answer) is also added to
//! [`roots`].

use std::any::TypeId;
use std::collections::{BTreeMap, HashSet};
use ts_rs::{Config, TypeVisitor, TS};

/// Where the declarations are checked in, under `crates/server`.
pub const WIRE_DTS: &str = "assets/types/wire.d.ts";

/// The command that writes [`WIRE_DTS`] again.
pub const REGENERATE: &str = "UPDATE_WIRE_TYPES=1 cargo test -p triominos-server --test it wire_types::";

/// The declarations the page reads: from these types and every type they name.
pub fn roots(v: &mut Declarations) {
    use super::*;
    // A game's WebSocket.
    v.visit::<ClientMsg>();
    v.visit::<ServerMsg<'static>>();
    v.visit::<Delta>();
    // Every refusal's code.
    v.visit::<Refused>();
    v.visit::<NotationRefused>();
    // The games' JSON API.
    v.visit::<Meta>();
    v.visit::<CreateGame>();
    v.visit::<Created>();
    v.visit::<GameInfo>();
    v.visit::<GameList>();
    v.visit::<Replay>();
    v.visit::<GameReview>();
    // Meeting players: open tables and "Play now".
    v.visit::<OpenTables>();
    v.visit::<Joined>();
    v.visit::<EnterPool>();
    v.visit::<PoolEntry>();
    // The score pad, the tutorial and the puzzles.
    use super::{learn, pad as sheet, puzzles};
    v.visit::<sheet::CreateSheet>();
    v.visit::<sheet::EntryRequest>();
    v.visit::<sheet::SheetView>();
    v.visit::<sheet::KeyedSheet>();
    v.visit::<sheet::ListRequest>();
    v.visit::<sheet::SheetList>();
    v.visit::<sheet::Deleted>();
    v.visit::<learn::LessonSets>();
    v.visit::<learn::LessonView>();
    v.visit::<learn::Verdict>();
    v.visit::<puzzles::PuzzleList>();
    v.visit::<puzzles::Daily>();
    v.visit::<puzzles::PublicPuzzle>();
    v.visit::<puzzles::TryAnswer>();
    // Accounts.
    use super::account;
    v.visit::<account::Credentials>();
    v.visit::<account::Recover>();
    v.visit::<account::ChangePassword>();
    v.visit::<account::DeleteAccount>();
    v.visit::<account::AccountView>();
    v.visit::<account::SignedUp>();
    v.visit::<account::SignedOut>();
    v.visit::<account::ClaimSeats>();
    v.visit::<account::Claimed>();
    v.visit::<account::MyGames>();
}

/// The declarations found so far, by name.
pub struct Declarations {
    cfg: Config,
    seen: HashSet<TypeId>,
    decls: BTreeMap<String, String>,
}

impl TypeVisitor for Declarations {
    fn visit<T: TS + 'static + ?Sized>(&mut self) {
        if !self.seen.insert(TypeId::of::<T>()) {
            return;
        }
        // Only named types have a declaration (not numbers, strings, lists...).
        if T::output_path().is_some() {
            let docs = T::docs().map(|d| format!("{}\n", d.trim_end())).unwrap_or_default();
            let decl = format!("{docs}export {}", T::decl(&self.cfg));
            let name = T::ident(&self.cfg);
            // One file, one namespace: two types of one name must be told apart
            // (`#[ts(rename = "...")]` on one of them).
            if let Some(other) = self.decls.get(&name) {
                assert_eq!(
                    other, &decl,
                    "two wire types are named {name} in TypeScript: rename one with #[ts(rename)]"
                );
            }
            self.decls.insert(name, decl);
        }
        T::visit_dependencies(self);
        T::visit_generics(self);
    }
}

/// The text of [`WIRE_DTS`]: a header, then each declaration, by name.
pub fn declarations() -> String {
    // Numbers are JSON numbers: no `bigint` for 64-bit integers.
    let mut d =
        Declarations { cfg: Config::new().with_large_int("number"), seen: HashSet::new(), decls: BTreeMap::new() };
    roots(&mut d);
    let mut out = format!(
        "// The wire types of crates/protocol/src, made by ts-rs from the Rust types: do not edit.\n\
         // Regenerate: {REGENERATE}\n"
    );
    for decl in d.decls.values() {
        out.push('\n');
        out.push_str(decl);
        out.push('\n');
    }
    out
}
