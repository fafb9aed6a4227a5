//! Reading a record: the lines without their comments, the header tags (format,
//! rule set and options, players, other tags), then every body line through
//! the round replayer; the first bad line is the [`RecordError`].

use super::error::{err, RecordError};
use super::names::check_names;
use super::report::{Report, Scores};
use super::rounds::Replayer;
use crate::game::Game;
use crate::rules::RuleSet;

/// A replayed record.
#[derive(Clone, Debug)]
pub struct Replayed {
    /// The game after the last line.
    pub game: Game,
    /// Player names in seat order.
    pub players: Vec<String>,
    /// Header tags other than `Format`, `Ruleset`, `Players` and `Option`, in order.
    pub tags: Vec<(String, Vec<String>)>,
    /// The rules (preset plus `Option` headers).
    pub rules: RuleSet,
    /// The check report.
    pub report: Report,
}

/// Strips a `#` comment, ignoring `#` inside double quotes.
fn strip_comment(line: &str) -> &str {
    let mut in_quotes = false;
    for (i, ch) in line.char_indices() {
        match ch {
            '"' => in_quotes = !in_quotes,
            '#' if !in_quotes => return &line[..i],
            _ => {}
        }
    }
    line
}

/// Parses `[Name "v1" "v2" ...]`.
fn parse_tag(line: &str) -> Result<(String, Vec<String>), String> {
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or("malformed header: expected [Name \"value\" ...]")?;
    let inner = inner.trim();
    let name_end = inner.find(|c: char| c.is_whitespace()).unwrap_or(inner.len());
    let name = &inner[..name_end];
    if !name.starts_with(|c: char| c.is_ascii_alphabetic())
        || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        return Err("malformed header: bad tag name".into());
    }
    let mut rest = inner[name_end..].trim_start();
    let mut values = Vec::new();
    while !rest.is_empty() {
        let r = rest.strip_prefix('"').ok_or("malformed header: values must be in double quotes")?;
        let end = r.find('"').ok_or("malformed header: unterminated quote")?;
        values.push(r[..end].to_string());
        rest = r[end + 1..].trim_start();
    }
    Ok((name.to_string(), values))
}

/// Replays a whole record, checking every line; the first bad line is the error.
pub fn replay(text: &str) -> Result<Replayed, RecordError> {
    let mut lines =
        text.lines().enumerate().map(|(i, l)| (i + 1, strip_comment(l).trim())).filter(|(_, l)| !l.is_empty());

    // Header tags.
    let mut headers: Vec<(usize, String, Vec<String>)> = Vec::new();
    let mut first_body: Option<(usize, &str)> = None;
    for (n, l) in lines.by_ref() {
        if l.starts_with('[') {
            let (name, values) = parse_tag(l).map_err(|e| err(n, e))?;
            headers.push((n, name, values));
        } else {
            first_body = Some((n, l));
            break;
        }
    }
    // Missing headers are reported on the first body line, or on the last line of a file without one.
    let body_start = first_body.map_or(text.lines().count().max(1), |(n, _)| n);
    let mut rules: Option<crate::rules::Draft> = None;
    let mut players: Option<(usize, Vec<String>)> = None;
    let mut format_seen = false;
    let mut format = 1;
    let mut options_seen: Vec<(String, usize)> = Vec::new();
    let mut tags = Vec::new();
    // The rule set is needed before options, wherever its line is.
    for (n, name, values) in &headers {
        if name == "Ruleset" {
            if rules.is_some() {
                return Err(err(*n, "Ruleset given twice"));
            }
            let v = match values.as_slice() {
                [v] => v,
                _ => return Err(err(*n, "expected [Ruleset \"name\"]")),
            };
            rules = Some(RuleSet::preset(v).map_err(|e| err(*n, e.to_string()))?.draft());
        }
    }
    for (n, name, values) in &headers {
        match name.as_str() {
            "Format" => {
                if format_seen {
                    return Err(err(*n, "Format given twice"));
                }
                format = match values.as_slice() {
                    [v] if v == "1" => 1,
                    [v] if v == "2" => 2,
                    _ => return Err(err(*n, "unsupported format: expected [Format \"1\"] or [Format \"2\"]")),
                };
                format_seen = true;
            }
            "Ruleset" => {}
            "Players" => {
                if players.is_some() {
                    return Err(err(*n, "Players given twice"));
                }
                check_names(values).map_err(|e| err(*n, e.to_string()))?;
                players = Some((*n, values.clone()));
            }
            "Option" => {
                // Without a Ruleset header, options are still read (against a
                // preset) and the missing header is reported below. Each value
                // is checked on its line; the whole set once all are read.
                let mut scratch = RuleSet::of(crate::rules::Preset::Goliath).draft();
                let r = match rules.as_mut() {
                    Some(r) => r,
                    None => &mut scratch,
                };
                match values.as_slice() {
                    [k, _] if options_seen.iter().any(|(o, _)| o == k) => {
                        return Err(err(*n, format!("option {k} given twice")))
                    }
                    [k, v] => {
                        r.set(k, v).map_err(|e| err(*n, e.to_string()))?;
                        options_seen.push((k.clone(), *n));
                    }
                    _ => return Err(err(*n, "expected [Option \"name\" \"value\"]")),
                }
            }
            _ => tags.push((name.clone(), values.clone())),
        }
    }
    if !format_seen {
        return Err(err(body_start, "missing [Format \"1\"] header"));
    }
    let rules = rules.ok_or_else(|| err(body_start, "missing [Ruleset] header"))?;
    let (players_line, players) = players.ok_or_else(|| err(body_start, "missing [Players] header"))?;
    // A broken constraint is reported on the line of the option it names.
    let rules = rules.finish().map_err(|e| {
        let line = options_seen.iter().find(|(o, _)| Some(o.as_str()) == e.option()).map_or(body_start, |x| x.1);
        err(line, e.to_string())
    })?;
    if !rules.allows_players(players.len()) {
        return Err(err(
            players_line,
            format!("{} players: these rules allow {} to {}", players.len(), rules.min_players(), rules.max_players()),
        ));
    }

    let mut r = Replayer::new(players, rules, format);
    if let Some((n, l)) = first_body {
        let tokens: Vec<&str> = l.split_whitespace().collect();
        r.body_line(n, &tokens)?;
    }
    for (n, l) in lines {
        if l.starts_with('[') {
            return Err(err(n, "header tag after the first round"));
        }
        let tokens: Vec<&str> = l.split_whitespace().collect();
        r.body_line(n, &tokens)?;
    }
    let (game, players, rules, rounds) = r.finish(body_start)?;
    let totals = Scores(players.iter().cloned().zip(game.totals().iter().copied()).collect());
    let winner = game.is_over().then(|| game.winners().iter().map(|s| players[s as usize].clone()).collect());
    let report = Report { players: players.clone(), rounds, totals, winner };
    Ok(Replayed { game, players, tags, rules, report })
}
