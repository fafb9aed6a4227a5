//! The browser test's terminal player (`crates/server/e2e/tests/terminal.test.mjs`):
//! runs `triominos play --join LINK` on a pseudo-terminal, reads its screen
//! (vt100) and plays that seat to the end of the game with the arrows and
//! typed moves, the harness of `tests/it/play_cli.rs`. Prints the last screen;
//! exits 0 once the screen says the game is over, 1 otherwise.
//!
//! ```text
//! cargo run -p triominos --example pty_join -- TRIOMINOS_BIN LINK
//! ```

#[path = "../tests/pty/mod.rs"]
mod pty;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, bin, link] = &args[..] else {
        eprintln!("usage: pty_join TRIOMINOS_BIN LINK");
        std::process::exit(2);
    };
    let outcome = std::panic::catch_unwind(|| {
        let mut t = pty::Term::spawn(bin, &["play", "--join", link], &[("TERM", "xterm-256color")]);
        t.wait("the table", 60, |s| s.contains("Triominos  round"));
        let (moves, screen) = pty::play_to_the_end(&mut t, 120);
        t.send("quit\r");
        let clean = t.exit(30);
        (moves, screen, clean)
    });
    match outcome {
        Ok((moves, screen, clean)) => {
            println!("{screen}");
            println!("moves {moves}");
            std::process::exit(if clean && screen.contains("Game over:") { 0 } else { 1 });
        }
        Err(_) => std::process::exit(1),
    }
}
