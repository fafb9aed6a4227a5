//! The checked-in TypeScript declarations of the wire types
//! (`assets/types/wire.d.ts`) are what the Rust types generate: a field
//! renamed in a protocol type fails here until the file is made again, and
//! then `tsc` (the browser tests' setup) fails on every script still using the
//! old name. `UPDATE_WIRE_TYPES=1` writes the file instead of comparing.

use triominos_server::protocol::typescript::{declarations, REGENERATE, WIRE_DTS};

#[test]
fn the_checked_in_declarations_are_what_the_rust_types_generate() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(WIRE_DTS);
    let made = declarations();
    if std::env::var_os("UPDATE_WIRE_TYPES").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &made).unwrap();
        return;
    }
    let checked_in = std::fs::read_to_string(&path).unwrap_or_default();
    if checked_in != made {
        let line = checked_in.lines().zip(made.lines()).position(|(a, b)| a != b).map_or(0, |i| i + 1);
        panic!("crates/server/{WIRE_DTS} differs from the Rust wire types (first at line {line}); run: {REGENERATE}");
    }
}

#[test]
fn the_declarations_cover_the_socket_and_name_what_they_use() {
    let d = declarations();
    for name in
        ["ClientMsg", "ServerMsg", "Delta", "EventWire", "Me", "GameStatus", "Action", "Tile", "Refused", "Meta"]
    {
        assert!(d.contains(&format!("export type {name} ")), "{name} is not declared");
    }
    // The serde forms: tagged by `type`, the deltas typed (not raw JSON), a
    // placement flattened into a play, what the client may leave out optional.
    let one_line: String = d.lines().filter(|l| !l.trim_start().starts_with(['/', '*'])).collect();
    assert!(one_line.contains(r#"export type ServerMsg = { "type": "snapshot", v: number, you: number | null, game: PublicGame, log: Array<Delta>,"#), "{one_line}");
    assert!(
        one_line.contains(
            r#"export type Action = { "kind": "play", announce?: boolean, tile: Tile, cell: Cell, rotation: number, }"#
        ),
        "{one_line}"
    );
    assert!(one_line.contains(r#"{ "type": "hello", token?: string, }"#), "{one_line}");
}
