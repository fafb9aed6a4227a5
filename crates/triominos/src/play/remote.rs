//! A seat of a server game, joined by its invite link over the game's
//! WebSocket: the protocol crate's typed client (`triominos_protocol::client`),
//! the same types the server writes. The socket runs on a thread of its own
//! (a small tokio runtime); the screen reads what it received from a channel
//! and sends intents through another.

use super::table::Table;
use std::sync::mpsc;
use tokio::sync::mpsc as tmpsc;
use triominos_core::{Action, Placement, RuleSet};
pub use triominos_protocol::client::Link;
use triominos_protocol::client::{Client, Incoming};
use triominos_protocol::{ClientMsg, Delta, EventWire, Intent, Me, RoundEndWire, ServerMsg, Step};

/// Reads a seat's invite link `http://HOST[:PORT]/g/ID/TOKEN` (as the lobby
/// shows it); a spectator's link is refused.
pub fn seat_link(url: &str) -> Result<Link, String> {
    let link = Link::parse(url)?;
    if link.is_spectator() {
        return Err("this is a spectator's link: join with a seat's link (/g/GAME/TOKEN)".into());
    }
    Ok(link)
}

/// What the socket thread tells the screen.
enum News {
    /// A server message, as read.
    Msg(Box<ServerMsg<'static>>),
    /// The connection ended (why).
    Closed(String),
}

/// A seat of a server game.
pub struct Remote {
    news: mpsc::Receiver<News>,
    out: tmpsc::UnboundedSender<ClientMsg>,
    table: Option<Table>,
    /// The last delta applied.
    version: Option<u64>,
    /// The id of the intent sent and not yet answered.
    pending: Option<u64>,
    next_id: u64,
    /// Why the connection ended, once it has.
    closed: Option<String>,
    /// A refusal to show.
    refusal: Option<String>,
}

impl Remote {
    /// Connects in the background; the table comes with the first snapshot.
    pub fn connect(link: Link) -> Result<Remote, String> {
        let (news_tx, news) = mpsc::channel();
        let (out, mut out_rx) = tmpsc::unbounded_channel::<ClientMsg>();
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| format!("cannot start the socket's runtime: {e}"))?;
        std::thread::Builder::new()
            .name("triominos-socket".into())
            .spawn(move || {
                runtime.block_on(async move {
                    let mut ws = match Client::connect(&link).await {
                        Ok(c) => c,
                        Err(e) => {
                            let _ = news_tx.send(News::Closed(e.to_string()));
                            return;
                        }
                    };
                    loop {
                        tokio::select! {
                            got = ws.recv() => match got {
                                // A message this client does not read (a newer server's) is skipped.
                                Ok(Incoming::Msg { msg: Some(m), .. }) => {
                                    if news_tx.send(News::Msg(m)).is_err() {
                                        return;
                                    }
                                }
                                Ok(Incoming::Msg { msg: None, .. }) => {}
                                Ok(Incoming::Closed(Some((code, reason)))) => {
                                    let _ = news_tx.send(News::Closed(format!("the server closed the connection {code} {reason}")));
                                    return;
                                }
                                Ok(Incoming::Closed(None)) => {
                                    let _ = news_tx.send(News::Closed("connection lost".into()));
                                    return;
                                }
                                Err(e) => {
                                    let _ = news_tx.send(News::Closed(e.to_string()));
                                    return;
                                }
                            },
                            out = out_rx.recv() => match out {
                                Some(m) => {
                                    if ws.send(&m).await.is_err() {
                                        let _ = news_tx.send(News::Closed("connection lost".into()));
                                        return;
                                    }
                                }
                                None => {
                                    ws.close().await;
                                    return;
                                }
                            },
                        }
                    }
                })
            })
            .map_err(|e| format!("cannot start the socket's thread: {e}"))?;
        Ok(Remote { news, out, table: None, version: None, pending: None, next_id: 1, closed: None, refusal: None })
    }

    /// The table, once the server sent it.
    pub fn table(&self) -> Option<&Table> {
        self.table.as_ref()
    }

    /// Why the connection ended, once it has.
    pub fn closed(&self) -> Option<&str> {
        self.closed.as_deref()
    }

    /// Whether an intent waits for the server's answer.
    pub fn waiting(&self) -> bool {
        self.pending.is_some()
    }

    /// The refusal the server answered last, once (taken).
    pub fn take_refusal(&mut self) -> Option<String> {
        self.refusal.take()
    }

    /// Reads what the server sent since the last call; whether anything changed.
    pub fn poll(&mut self) -> bool {
        let mut changed = false;
        while let Ok(news) = self.news.try_recv() {
            changed = true;
            match news {
                News::Closed(why) => {
                    self.closed = Some(why);
                    self.pending = None;
                }
                News::Msg(m) => self.read(*m),
            }
        }
        changed
    }

    fn read(&mut self, m: ServerMsg<'static>) {
        match m {
            ServerMsg::Snapshot { you, game, log, me, .. } => {
                let Some(seat) = you else {
                    self.closed = Some("this link is a spectator's: join with a seat's link".into());
                    return;
                };
                let rules =
                    RuleSet::with_overrides(&game.preset, game.options.iter().map(|(k, v)| (k.as_str(), v.as_str())));
                let vertex = rules.map(|r| r.vertex_contacts_must_match()).unwrap_or(true);
                let names = game
                    .seats
                    .iter()
                    .enumerate()
                    .map(|(i, s)| match (s.name.trim(), &s.level) {
                        ("", Some(level)) => level.clone(),
                        ("", None) => format!("Seat {}", i + 1),
                        (name, _) => name.to_string(),
                    })
                    .collect();
                self.table = Some(Table::new(names, seat, vertex));
                self.version = None;
                self.apply_deltas(log.iter().map(|d| d.get()));
                self.apply_me(me);
            }
            ServerMsg::Update { deltas, me, .. } => {
                self.apply_deltas(deltas.iter().map(|d| d.get()));
                self.apply_me(me);
            }
            ServerMsg::Ack { id, .. } if id == self.pending => self.pending = None,
            ServerMsg::Error { refusal, id } => {
                if id.is_some() && id == self.pending {
                    self.pending = None;
                }
                let params = match &refusal.params {
                    serde_json::Value::Null => String::new(),
                    p => format!(" {p}"),
                };
                self.refusal = Some(format!("the server refused: {}{params}", refusal.code));
            }
            _ => {}
        }
    }

    fn apply_deltas<'a>(&mut self, deltas: impl Iterator<Item = &'a str>) {
        for text in deltas {
            let Ok(d) = serde_json::from_str::<Delta>(text) else { continue };
            // A delta already applied.
            if self.version.is_some_and(|v| d.v <= v) {
                continue;
            }
            self.version = Some(d.v);
            self.apply_delta(d);
        }
    }

    fn apply_delta(&mut self, d: Delta) {
        let Some(t) = self.table.as_mut() else { return };
        match d.action {
            Step::StandIn { seat } => t.log.push(format!("A stand-in bot plays for {}", t.who(seat))),
            Step::Back { seat } => t.log.push(format!("{} is back", t.who(seat))),
            Step::Resign { seat } => t.log.push(format!("{} resigned", t.who(seat))),
            _ => {}
        }
        for e in d.events {
            match e {
                EventWire::RoundStarted { round, starter } => {
                    t.new_round(round);
                    let who = t.who(starter);
                    t.log.push(format!("{who} opens"));
                }
                EventWire::Played { player, placement, points, bonuses, .. } => {
                    let names: Vec<&str> = bonuses.names().collect();
                    t.record(player, Action::play(placement), points, &names.join(", "));
                }
                EventWire::Drew { player, points, failed } => {
                    t.record(player, Action::Draw, points, if failed { "fail" } else { "" })
                }
                EventWire::Passed { player, points } => t.record(player, Action::Pass, points, ""),
                EventWire::Revealed { player, tile } => {
                    let who = t.who(player);
                    t.log.push(format!("{who} shows {tile}"));
                }
                EventWire::RoundEnded { round, end, scores, .. } => {
                    let how = match end {
                        RoundEndWire::Out { player } => format!("{} went out", t.who(player)),
                        RoundEndWire::Blocked => "blocked".to_string(),
                    };
                    let points: Vec<String> =
                        scores.iter().enumerate().map(|(s, p)| format!("{} {p:+}", t.who(s as u8))).collect();
                    t.log.push(format!("Round {round} over ({how}): {}", points.join(", ")));
                }
                EventWire::GameEnded { winners } => {
                    let names: Vec<String> = winners.iter().map(|s| t.who(s)).collect();
                    t.log.push(format!("Game over: {} won", names.join(" and ")));
                }
                EventWire::TimedOut { player, points, .. } => {
                    let who = t.who(player);
                    t.log.push(format!("{who}: out of time {points:+}"));
                }
            }
        }
        let s = d.status;
        t.to_move = s.to_move;
        t.totals = s.totals;
        t.hand_sizes = s.hand_sizes;
        t.pool = s.pool;
        t.round = s.round;
        t.phase = s.phase;
        t.winners = s.winners;
    }

    fn apply_me(&mut self, me: Option<Me>) {
        let (Some(t), Some(me)) = (self.table.as_mut(), me) else { return };
        t.hand = me.hand;
        t.drawn = me.drawn;
        t.can_draw = me.my_turn && me.can_draw;
        t.can_pass = me.my_turn && me.can_pass;
        let legal = if me.my_turn { &me.legal[..] } else { &[] };
        t.legal = legal.iter().map(|l| Action::play(Placement::new(l.tile, l.cell, l.rotation))).collect();
        t.points = legal.iter().map(|l| l.points).collect();
    }

    /// Sends an intent; its answer comes later (`waiting`, `take_refusal`).
    pub fn submit(&mut self, intent: Intent) -> Result<(), String> {
        if let Some(why) = &self.closed {
            return Err(why.clone());
        }
        if self.pending.is_some() {
            return Err("wait: the server has not answered the last move yet".into());
        }
        let id = self.next_id;
        self.next_id += 1;
        self.out.send(ClientMsg::Action { action: intent, id: Some(id) }).map_err(|_| "connection lost".to_string())?;
        self.pending = Some(id);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_seats_link_joins() {
        let l = seat_link("http://127.0.0.1:8080/g/abc123/tok-en_9").unwrap();
        assert_eq!((l.socket.as_str(), l.token.as_deref()), ("ws://127.0.0.1:8080/ws/abc123", Some("tok-en_9")));
        assert!(seat_link("http://h/g/a").unwrap_err().contains("spectator"));
        assert!(seat_link("ftp://h/g/a/b").is_err());
    }
}
