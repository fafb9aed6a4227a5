//! The screen (ratatui) and the keys: what is drawn where, and what each
//! key does. Moves are typed in the notation (core's one parser) or chosen
//! with the arrows: Left/Right a tile of the hand (then draw, pass), Up/Down
//! a spot where it fits, Tab a turn where the spot takes it several ways,
//! Enter plays.

use super::picture::{Ink, Picture};
use super::table::Table;
use super::Source;
use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;
use triominos_core::notation::{parse, write};
use triominos_core::{Action, Cell, Phase, Tile};

/// One choice of the Left/Right row: a tile of the hand, draw or pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Choice {
    Tile(Tile),
    Draw,
    Pass,
}

/// The screen's own state: the line typed, what the arrows chose, the message shown.
pub struct Screen {
    /// Colours, or plain text.
    pub colour: bool,
    input: String,
    choice: usize,
    spot: usize,
    turn: usize,
    message: Option<(String, bool)>,
    /// What the table looked like when the choice was last settled.
    seen: Option<Seen>,
    /// Set when the person asked to leave.
    pub quit: bool,
}

/// What of the table decides whether the arrows' choice still makes sense:
/// the hand, the tile drawn, the legal moves, whose turn.
type Seen = (triominos_core::TileSet, Option<Tile>, usize, bool, bool, u8);

/// What a key asks of the game.
pub enum Ask {
    /// Nothing for the game.
    Nothing,
    /// This action.
    Act(Action),
    /// The next round.
    NextRound,
}

impl Screen {
    /// A screen, with colours or not.
    pub fn new(colour: bool) -> Screen {
        Screen { colour, input: String::new(), choice: 0, spot: 0, turn: 0, message: None, seen: None, quit: false }
    }

    /// Keeps the arrows' choice useful when the table changes (a draw, the
    /// others' moves): left on a tile that fits nowhere, or on a draw or a
    /// pass the seat may not make, it moves to the tile just drawn if it
    /// fits, else the first tile that fits, else Draw, else Pass; so Enter
    /// never answers "fits nowhere" right after a draw. A choice the person
    /// makes with the arrows stays until the table changes again.
    pub fn settle(&mut self, t: Option<&Table>) {
        let Some(t) = t else { return };
        let seen = (t.hand, t.drawn, t.legal.len(), t.can_draw, t.can_pass, t.to_move);
        if self.seen == Some(seen) {
            return;
        }
        self.seen = Some(seen);
        let choices = Self::choices(t);
        let useful = |c: Choice| match c {
            Choice::Tile(tile) => !Self::ways(t, tile).is_empty(),
            Choice::Draw => t.can_draw,
            Choice::Pass => t.can_pass,
        };
        if !choices.iter().any(|&c| useful(c)) || choices.get(self.choice).is_some_and(|&c| useful(c)) {
            return;
        }
        let drawn = t.drawn.map(Choice::Tile).filter(|&c| useful(c));
        let first = || choices.iter().copied().find(|&c| matches!(c, Choice::Tile(_)) && useful(c));
        let pick = drawn.or_else(first).or_else(|| choices.iter().copied().find(|&c| useful(c)));
        if let Some(i) = pick.and_then(|p| choices.iter().position(|&c| c == p)) {
            self.choice = i;
            self.spot = 0;
            self.turn = 0;
        }
    }

    /// Shows a message (an error in red where there are colours).
    pub fn say(&mut self, text: impl Into<String>, error: bool) {
        self.message = Some((text.into(), error));
    }

    fn choices(t: &Table) -> Vec<Choice> {
        let mut v: Vec<Choice> = t.hand.iter().map(Choice::Tile).collect();
        v.push(Choice::Draw);
        v.push(Choice::Pass);
        v
    }

    /// The spots (cells, in the frontier's order) where `tile` fits, and
    /// each one's ways.
    fn ways(t: &Table, tile: Tile) -> Vec<(Cell, Vec<Action>)> {
        let mut out: Vec<(Cell, Vec<Action>)> = Vec::new();
        for &a in &t.legal {
            let Some(p) = a.placement() else { continue };
            if p.tile != tile {
                continue;
            }
            match out.iter_mut().find(|(c, _)| *c == p.cell) {
                Some((_, ways)) => ways.push(a),
                None => out.push((p.cell, vec![a])),
            }
        }
        out
    }

    /// The choice under the arrows, and the action it is (if it is one).
    fn chosen(&self, t: &Table) -> (Option<Choice>, Option<Action>, Option<Cell>) {
        let choices = Self::choices(t);
        let Some(&c) = choices.get(self.choice.min(choices.len().saturating_sub(1))) else { return (None, None, None) };
        match c {
            Choice::Tile(tile) => {
                let ways = Self::ways(t, tile);
                if ways.is_empty() {
                    return (Some(c), None, None);
                }
                let (cell, turns) = &ways[self.spot % ways.len()];
                (Some(c), Some(turns[self.turn % turns.len()]), Some(*cell))
            }
            Choice::Draw => (Some(c), Some(Action::Draw), None),
            Choice::Pass => (Some(c), Some(Action::Pass), None),
        }
    }

    /// A key pressed: what it asks of the game.
    pub fn key(&mut self, key: KeyEvent, t: Option<&Table>) -> Ask {
        if key.kind == KeyEventKind::Release {
            return Ask::Nothing;
        }
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        match key.code {
            KeyCode::Char('c' | 'q' | 'd') if ctrl => self.quit = true,
            // A line longer than any move is not taken further.
            KeyCode::Char(ch) if !ctrl && self.input.chars().count() < 60 => self.input.push(ch),
            KeyCode::Backspace => {
                self.input.pop();
            }
            KeyCode::Esc => {
                self.input.clear();
                self.message = None;
            }
            KeyCode::Left | KeyCode::Right => {
                if let Some(t) = t {
                    let n = Self::choices(t).len();
                    self.choice =
                        if key.code == KeyCode::Left { (self.choice + n - 1) % n } else { (self.choice + 1) % n };
                    self.spot = 0;
                    self.turn = 0;
                }
            }
            KeyCode::Up | KeyCode::Down => {
                if let (Some(t), (Some(Choice::Tile(tile)), _, _)) =
                    (t, t.map(|t| self.chosen(t)).unwrap_or((None, None, None)))
                {
                    let n = Self::ways(t, tile).len().max(1);
                    self.spot = if key.code == KeyCode::Up { (self.spot + n - 1) % n } else { (self.spot + 1) % n };
                    self.turn = 0;
                }
            }
            KeyCode::Tab => self.turn += 1,
            KeyCode::Enter => return self.enter(t),
            _ => {}
        }
        Ask::Nothing
    }

    fn enter(&mut self, t: Option<&Table>) -> Ask {
        let text = self.input.trim().to_string();
        self.input.clear();
        self.message = None;
        match text.to_ascii_lowercase().as_str() {
            "quit" | "exit" => {
                self.quit = true;
                return Ask::Nothing;
            }
            "next" => return Ask::NextRound,
            _ => {}
        }
        let Some(t) = t else {
            self.say("the table is not here yet", true);
            return Ask::Nothing;
        };
        match t.phase {
            Phase::GameOver => {
                self.say("the game is over: Ctrl-C or quit to leave", false);
                return Ask::Nothing;
            }
            Phase::RoundOver if text.is_empty() => return Ask::NextRound,
            _ => {}
        }
        if text.is_empty() || text == "!" {
            return match self.chosen(t) {
                (_, Some(Action::Play { placement, .. }), _) if text == "!" => Ask::Act(Action::announced(placement)),
                (_, Some(a), _) => Ask::Act(a),
                (Some(Choice::Tile(tile)), None, _) => {
                    self.say(format!("{tile} fits nowhere on the board: choose another tile, draw or pass"), true);
                    Ask::Nothing
                }
                _ => Ask::Nothing,
            };
        }
        match parse(&text, &t.board, t.hand) {
            Ok(a) => Ask::Act(a),
            Err(e) => {
                self.say(format!("{text}: {e}"), true);
                Ask::Nothing
            }
        }
    }

    fn style(&self, s: Style) -> Style {
        if self.colour {
            s
        } else {
            Style::default()
        }
    }

    /// Draws the whole screen.
    pub fn draw(&self, f: &mut Frame, source: &Source) {
        let area = f.area();
        let Some(t) = source.table() else {
            let text = match source.closed() {
                Some(why) => format!("{why}\nCtrl-C to leave."),
                None => "Connecting to the game...".to_string(),
            };
            f.render_widget(Paragraph::new(text), area);
            return;
        };
        let [head, main, hand, chosen, log, prompt, input, message] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Min(5),
            Constraint::Length(1),
            Constraint::Length(1),
            Constraint::Length(6),
            Constraint::Length(1),
            Constraint::Length(1),
            Constraint::Length(1),
        ])
        .areas(area);
        let (choice, action, cell) = self.chosen(t);

        // The head: the round, the scores, the pool.
        let mut spans = vec![Span::styled(format!("Triominos  round {}  ", t.round), self.style(Style::new().bold()))];
        for s in 0..t.names.len() as u8 {
            let mark = if t.to_move == s && t.phase == Phase::Playing { ">" } else { " " };
            let text = format!(
                "{mark}{} {} ({} tiles)  ",
                t.who(s),
                t.totals.get(s as usize).copied().unwrap_or(0),
                t.hand_sizes.get(s as usize).copied().unwrap_or(0)
            );
            let style = if t.to_move == s { Style::new().fg(Color::Green).bold() } else { Style::new() };
            spans.push(Span::styled(text, self.style(style)));
        }
        spans.push(Span::raw(format!("pool {}", t.pool)));
        f.render_widget(Paragraph::new(Line::from(spans)), head);

        // The board and the spot list.
        let [board_area, spots_area] = Layout::horizontal([Constraint::Min(20), Constraint::Length(34)]).areas(main);
        let spots = t.spots();
        let fits: Vec<Cell> = match choice {
            Some(Choice::Tile(tile)) => Self::ways(t, tile).into_iter().map(|(c, _)| c).collect(),
            _ => Vec::new(),
        };
        let spot_cells: Vec<Cell> = spots.iter().map(|s| s.0).collect();
        let pic = Picture::of(&t.board, &spot_cells, cell, t.last);
        self.draw_picture(f, board_area, &pic, cell.or(t.last));
        let mut lines = vec![Line::from(Span::styled("Open spots (+ fits)", self.style(Style::new().bold())))];
        for (c, spot) in spots.iter().take(spots_area.height.saturating_sub(1) as usize) {
            let here = Some(*c) == cell;
            let mark = if here {
                "?"
            } else if fits.contains(c) {
                "+"
            } else {
                " "
            };
            let style = if here { Style::new().fg(Color::Black).bg(Color::Green) } else { Style::new() };
            lines.push(Line::from(Span::styled(format!("{mark} {spot}"), self.style(style))));
        }
        if t.board.is_empty() {
            lines.push(Line::from("  the middle: the first tile"));
        }
        f.render_widget(Paragraph::new(lines), spots_area);

        // The hand, the choice under the arrows.
        let mut spans = vec![Span::raw("Hand: ")];
        for (i, c) in Self::choices(t).into_iter().enumerate() {
            let sel = Some(c) == choice && i == self.choice.min(Self::choices(t).len() - 1);
            let word = match c {
                Choice::Tile(tile) if Some(tile) == t.drawn => format!("{tile} (drawn)"),
                Choice::Tile(tile) => tile.to_string(),
                Choice::Draw => "draw".into(),
                Choice::Pass => "pass".into(),
            };
            let text = if sel { format!("[{word}]") } else { format!(" {word} ") };
            let style = if sel { Style::new().fg(Color::Black).bg(Color::Yellow) } else { Style::new() };
            spans.push(Span::styled(text, self.style(style)));
            spans.push(Span::raw(" "));
        }
        f.render_widget(Paragraph::new(Line::from(spans)), hand);
        let chosen_text = match (choice, action) {
            (_, Some(a @ Action::Play { .. })) if t.my_turn() => {
                let n = match choice {
                    Some(Choice::Tile(tile)) => Self::ways(t, tile).len(),
                    _ => 0,
                };
                let name = write(a, &t.board).unwrap_or_default();
                let points = t.legal.iter().position(|&l| l == a).and_then(|i| t.points.get(i)).copied().unwrap_or(0);
                format!(
                    "Chosen: {name} {points:+}  (spot {} of {n}; Up/Down: another spot, Tab: turn it)",
                    self.spot % n.max(1) + 1
                )
            }
            (Some(Choice::Tile(tile)), None) if t.my_turn() => format!("Chosen: {tile} fits nowhere: draw or pass"),
            (_, Some(a)) if t.my_turn() => {
                let ok = (a == Action::Draw && t.can_draw) || (a == Action::Pass && t.can_pass);
                format!(
                    "Chosen: {}{}",
                    write(a, &t.board).unwrap_or_default(),
                    if ok { "" } else { " (not allowed now)" }
                )
            }
            _ => String::new(),
        };
        f.render_widget(Paragraph::new(chosen_text), chosen);

        // The last events.
        let n = log.height as usize;
        let lines: Vec<Line> =
            t.log.iter().skip(t.log.len().saturating_sub(n)).map(|l| Line::from(l.as_str())).collect();
        f.render_widget(Paragraph::new(lines), log);

        // Whose turn, what to do.
        let busy = source.busy();
        let (text, style) = match t.phase {
            Phase::GameOver => {
                let names: Vec<String> = t.winners.iter().map(|s| t.who(s)).collect();
                (format!("Game over: {} won. Ctrl-C or quit to leave.", names.join(" and ")), Style::new().bold())
            }
            Phase::RoundOver => {
                ("Round over: press Enter (or type next) for the next round.".to_string(), Style::new().bold())
            }
            Phase::Playing if t.my_turn() && busy.is_none() => (
                "Your turn: type a move (255L555, 124^2, draw, pass) or choose with the arrows; Enter plays."
                    .to_string(),
                Style::new().fg(Color::Green).bold(),
            ),
            Phase::Playing => (busy.unwrap_or_else(|| format!("{} to play...", t.who(t.to_move))), Style::new()),
        };
        f.render_widget(Paragraph::new(Span::styled(text, self.style(style))), prompt);
        f.render_widget(Paragraph::new(format!("> {}_", self.input)), input);
        if let Some((m, error)) = &self.message {
            let style = if *error { Style::new().fg(Color::Red) } else { Style::new() };
            f.render_widget(Paragraph::new(Span::styled(m.as_str(), self.style(style))), message);
        }
    }

    /// The picture in its area, scrolled so that `focus` (the chosen spot,
    /// else the last tile) is in view when it does not fit.
    fn draw_picture(&self, f: &mut Frame, area: Rect, pic: &Picture, focus: Option<Cell>) {
        let width = pic.lines.iter().map(|l| l.len()).max().unwrap_or(0);
        let height = pic.lines.len();
        // Where the focus is in the picture: found as its marked centre.
        let mark = pic.lines.iter().enumerate().find_map(|(y, l)| {
            l.iter().position(|c| c.1 == Ink::Chosen || (focus.is_some() && c.1 == Ink::Last)).map(|x| (x, y))
        });
        let (fx, fy) = mark.unwrap_or((width / 2, height / 2));
        let skip_x = if width > area.width as usize {
            fx.saturating_sub(area.width as usize / 2).min(width - area.width as usize)
        } else {
            0
        };
        let skip_y = if height > area.height as usize {
            fy.saturating_sub(area.height as usize / 2).min(height - area.height as usize)
        } else {
            0
        };
        let pad = (area.width as usize).saturating_sub(width) / 2;
        let lines: Vec<Line> = pic
            .lines
            .iter()
            .skip(skip_y)
            .take(area.height as usize)
            .map(|l| {
                let mut spans = vec![Span::raw(" ".repeat(pad))];
                for &(ch, ink) in l.iter().skip(skip_x).take(area.width as usize) {
                    let style = match ink {
                        Ink::Blank | Ink::Side => Style::new(),
                        Ink::Number => Style::new().fg(Color::Yellow).bold(),
                        Ink::Spot => Style::new().fg(Color::DarkGray),
                        Ink::Chosen => Style::new().fg(Color::Black).bg(Color::Green).bold(),
                        Ink::Last => Style::new().fg(Color::Magenta).bold(),
                    };
                    spans.push(Span::styled(ch.to_string(), self.style(style)));
                }
                Line::from(spans)
            })
            .collect();
        f.render_widget(Paragraph::new(lines), area);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossterm::event::KeyEventState;
    use triominos_core::{Placement, TileSet};

    fn tile(s: &str) -> Tile {
        s.parse().unwrap()
    }

    fn enter() -> KeyEvent {
        KeyEvent {
            code: KeyCode::Enter,
            modifiers: KeyModifiers::NONE,
            kind: KeyEventKind::Press,
            state: KeyEventState::NONE,
        }
    }

    /// Issue 45: after a draw that does not fit, the cursor stayed on an
    /// unrelated tile and Enter answered "3-3-4 fits nowhere".
    #[test]
    fn after_a_draw_the_cursor_is_on_a_tile_that_fits_or_on_draw() {
        let mut t = Table::new(vec!["You".into(), "Bot".into()], 0, true);
        let (a, b) = (tile("0-0-1"), tile("3-3-4"));
        t.hand = [a, b].into_iter().collect::<TileSet>();
        // Nothing fits: the first draw is the move to make.
        t.can_draw = true;
        let mut s = Screen::new(false);
        s.settle(Some(&t));
        assert_eq!(s.chosen(&t).1, Some(Action::Draw), "nothing fits: the cursor goes to Draw");
        // A draw: 5-5-5 comes, and it fits; the others still do not.
        let c = tile("5-5-5");
        t.hand.insert(c);
        t.drawn = Some(c);
        let fits = Action::play(Placement::new(c, Cell::new(1, 0).unwrap(), 0));
        t.legal = vec![fits];
        t.can_draw = false;
        s.choice = 0; // left on 0-0-1 by the earlier table
        s.settle(Some(&t));
        assert!(matches!(s.key(enter(), Some(&t)), Ask::Act(x) if x == fits), "Enter plays the tile drawn");
        // The person's own choice stays until the table changes.
        s.choice = 1;
        s.settle(Some(&t));
        assert_eq!(s.choice, 1);
        // A draw that fits nowhere either: the cursor goes to Draw again.
        t.legal.clear();
        t.can_draw = true;
        t.drawn = Some(tile("1-1-1"));
        t.hand.insert(tile("1-1-1"));
        s.settle(Some(&t));
        assert_eq!(s.chosen(&t).1, Some(Action::Draw));
        assert!(matches!(s.key(enter(), Some(&t)), Ask::Act(Action::Draw)));
    }
}
