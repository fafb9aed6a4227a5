//! The terminal game driven through a pseudo-terminal: the program runs as
//! in a real terminal, a thread feeds what it writes to a vt100 parser, and
//! the test reads the screen as a person would and types keys. No timing
//! asserts: every wait is for something on the screen, with a generous
//! deadline after which the screen is shown.

#![allow(dead_code)]

use portable_pty::{native_pty_system, Child, CommandBuilder, PtySize};
use std::io::{Read, Write};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The rows and columns of the test terminal.
pub const ROWS: u16 = 40;
/// Columns.
pub const COLS: u16 = 140;

/// A program on a pseudo-terminal and its screen.
pub struct Term {
    parser: Arc<Mutex<vt100::Parser>>,
    writer: Box<dyn Write + Send>,
    child: Box<dyn Child + Send + Sync>,
}

impl Term {
    /// Starts `program args` on a new pseudo-terminal with these environment variables.
    pub fn spawn(program: &str, args: &[&str], env: &[(&str, &str)]) -> Term {
        let pty = native_pty_system()
            .openpty(PtySize { rows: ROWS, cols: COLS, pixel_width: 0, pixel_height: 0 })
            .expect("a pseudo-terminal");
        let mut cmd = CommandBuilder::new(program);
        cmd.args(args);
        cmd.env_remove("NO_COLOR");
        for (k, v) in env {
            cmd.env(k, v);
        }
        let child = pty.slave.spawn_command(cmd).expect("the program starts");
        drop(pty.slave);
        let mut reader = pty.master.try_clone_reader().expect("the terminal's output");
        let writer = pty.master.take_writer().expect("the terminal's input");
        let parser = Arc::new(Mutex::new(vt100::Parser::new(
            std::num::NonZero::new(ROWS).unwrap(),
            std::num::NonZero::new(COLS).unwrap(),
            0,
        )));
        let feed = parser.clone();
        std::thread::spawn(move || {
            // The master end stays open with the child's exit: keep it alive here.
            let _master = pty.master;
            let mut buf = [0u8; 8192];
            loop {
                match reader.read(&mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => feed.lock().unwrap().process(&buf[..n]),
                }
            }
        });
        Term { parser, writer, child }
    }

    /// The screen's text now.
    pub fn screen(&self) -> String {
        self.parser.lock().unwrap().screen().contents()
    }

    /// Whether any cell of the screen has a colour (foreground or background).
    pub fn has_colour(&self) -> bool {
        let p = self.parser.lock().unwrap();
        let s = p.screen();
        (0..ROWS).any(|r| {
            (0..COLS).any(|c| {
                s.cell(r, c).is_some_and(|cell| {
                    cell.fgcolor() != vt100::Color::Default || cell.bgcolor() != vt100::Color::Default
                })
            })
        })
    }

    /// Waits until `test` holds on the screen (up to `secs` seconds), and returns that screen.
    pub fn wait(&mut self, what: &str, secs: u64, test: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + Duration::from_secs(secs);
        let trace = std::env::var_os("PTY_TRACE").is_some();
        let mut shown = String::new();
        loop {
            let screen = self.screen();
            if trace && screen != shown {
                eprintln!("--- waiting for {what}:\n{screen}");
                shown = screen.clone();
            }
            if test(&screen) {
                return screen;
            }
            if let Ok(Some(status)) = self.child.try_wait() {
                // Read what is left to read once more.
                std::thread::sleep(Duration::from_millis(200));
                let screen = self.screen();
                if test(&screen) {
                    return screen;
                }
                panic!("the program ended ({status:?}) before {what}; the screen:\n{screen}");
            }
            assert!(Instant::now() < deadline, "no {what} in {secs} s; the screen:\n{screen}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Types text (keys as bytes: `\r` is Enter, `\x1b[C` Right...).
    pub fn send(&mut self, keys: &str) {
        self.writer.write_all(keys.as_bytes()).expect("typing");
        self.writer.flush().expect("typing");
    }

    /// Waits for the program to end (up to `secs`), its success.
    pub fn exit(&mut self, secs: u64) -> bool {
        let deadline = Instant::now() + Duration::from_secs(secs);
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                return status.success();
            }
            assert!(Instant::now() < deadline, "the program did not end; the screen:\n{}", self.screen());
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Term {
    fn drop(&mut self) {
        let _ = self.child.kill();
    }
}

/// The line of the screen that starts with `prefix`, if one does.
pub fn line<'a>(screen: &'a str, prefix: &str) -> Option<&'a str> {
    screen.lines().find(|l| l.trim_start().starts_with(prefix)).map(str::trim)
}

/// The move under the arrows, as the screen names it (`Chosen: 255L555 ...`).
pub fn chosen(screen: &str) -> Option<String> {
    let l = line(screen, "Chosen: ")?;
    let name = l.trim_start_matches("Chosen: ").split_whitespace().next()?;
    Some(name.to_string())
}

/// Plays this seat's moves until the game is over: when it is this seat's
/// turn, the first tile of the hand that fits (Right until the screen names
/// a placement), played by typing its notation on odd moves and by Enter on
/// even ones; draw or pass when no tile fits; Enter between rounds. Returns
/// the moves played and the final screen.
pub fn play_to_the_end(term: &mut Term, secs: u64) -> (u32, String) {
    let mut moves = 0;
    loop {
        let screen = term.wait("my turn, a round's end or the game's", secs, |s| {
            s.contains("Your turn") || s.contains("Round over: press Enter") || s.contains("Game over:")
        });
        if line(&screen, "Game over:").is_some() && !screen.contains("Your turn") {
            return (moves, screen);
        }
        if screen.contains("Round over: press Enter") {
            term.send("\r");
            term.wait("the next round", secs, |s| !s.contains("Round over: press Enter"));
            continue;
        }
        // Look for a tile that fits: at most one Right a choice of the row.
        let mut pick = None;
        for _ in 0..40 {
            let s = term.screen();
            match chosen(&s) {
                Some(name) if name != "draw" && name != "pass" && !s.contains("fits nowhere") => {
                    pick = Some(name);
                    break;
                }
                _ => {}
            }
            let before = line(&s, "Hand:").map(str::to_string);
            term.send("\x1b[C");
            term.wait("the next choice", secs, |s| line(s, "Hand:").map(str::to_string) != before);
            // Draw, then pass, close the row: after them the hand's first tile again.
            let s = term.screen();
            if line(&s, "Hand:").is_some_and(|h| h.contains("[draw]")) && !s.contains("not allowed now") {
                pick = Some("draw".into());
                break;
            }
            if line(&s, "Hand:").is_some_and(|h| h.contains("[pass]")) && !s.contains("not allowed now") {
                pick = Some("pass".into());
                break;
            }
        }
        let pick = pick.unwrap_or_else(|| panic!("no move found on the screen:\n{}", term.screen()));
        let log_before = log_lines(&term.screen());
        if moves % 2 == 1 {
            term.send(&format!("{pick}\r"));
        } else {
            term.send("\r");
        }
        moves += 1;
        // The move is in the log (or the game moved on).
        term.wait("the move in the log", secs, |s| log_lines(s) != log_before || !s.contains("Your turn"));
    }
}

/// The lines of the screen that tell events (`You: ...`, `casual: ...`).
pub fn log_lines(screen: &str) -> Vec<String> {
    screen.lines().filter(|l| l.contains(": ") && !l.starts_with("Hand")).map(str::to_string).collect()
}
