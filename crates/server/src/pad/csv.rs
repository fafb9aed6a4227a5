//! The sheet as a CSV file for a spreadsheet, in the page's language: one row
//! per entry with each player's running total, then the totals and winners.

use crate::http::assets;
use std::collections::HashMap;
use triominos_core::pad::{Entry, Sheet};

/// Words for the CSV file, from the page's translations.
struct Words(HashMap<String, String>, HashMap<String, String>);

impl Words {
    fn new(lang: &str) -> Words {
        let load = |l: &str| {
            assets::get(&format!("i18n/{l}.json"))
                .and_then(|b| serde_json::from_slice::<HashMap<String, String>>(b).ok())
                .unwrap_or_default()
        };
        let lang = if assets::LANGUAGES.contains(&lang) { lang } else { "en" };
        Words(load(lang), load("en"))
    }

    fn t(&self, key: &str, params: &[(&str, String)]) -> String {
        let mut s = self.0.get(key).or_else(|| self.1.get(key)).map_or(key, String::as_str).to_string();
        for (k, v) in params {
            s = s.replace(&format!("{{{k}}}"), v);
        }
        s
    }
}

/// One cell. A cell a spreadsheet would take for a formula (starting with
/// `=`, `+`, `-`, `@`, a tab or a carriage return: a player's name, say) gets
/// a leading `'`, as OWASP's CSV-injection advice says, so it shows as text;
/// a number (`-15`, a running total) stays a number.
fn csv_field(s: &str) -> String {
    let formula = s.starts_with(['=', '+', '-', '@', '\t', '\r']) && s.parse::<i64>().is_err();
    let s = if formula { format!("'{s}") } else { s.to_string() };
    if s.contains([',', '"', '\n', '\r', ';']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s
    }
}

fn entry_words(w: &Words, e: &Entry) -> String {
    let bonus = |b: &triominos_core::Figures| {
        let mut v = Vec::new();
        if b.bridge {
            v.push(w.t("reason.bridge", &[]));
        }
        if b.bridge_extension {
            v.push(w.t("reason.bridge_extension", &[]));
        }
        if b.hexagons > 0 {
            v.push(w.t(&format!("reason.{}", triominos_core::Reason::Hexagon(b.hexagons).name()), &[]));
        }
        v
    };
    match e {
        Entry::Play { tile, bonus: b, .. } => std::iter::once(w.t("pad.csv.play", &[("tile", tile.to_string())]))
            .chain(bonus(b))
            .collect::<Vec<_>>()
            .join(" + "),
        Entry::Draw { draws, placed: Some(p), .. } => {
            std::iter::once(w.t("pad.csv.draw_play", &[("n", draws.to_string()), ("tile", p.tile.to_string())]))
                .chain(bonus(&p.bonus))
                .collect::<Vec<_>>()
                .join(" + ")
        }
        Entry::Draw { draws, placed: None, .. } => w.t("pad.csv.draw_none", &[("n", draws.to_string())]),
        Entry::Pass { .. } => w.t("pad.csv.pass", &[]),
        Entry::Out { .. } => w.t("pad.csv.out", &[]),
        Entry::Blocked { .. } => w.t("pad.csv.blocked", &[]),
    }
}

/// The sheet as CSV: one row per entry with each player's running total, then the totals and winners.
pub fn sheet_csv(sheet: &Sheet, lang: &str) -> String {
    let w = Words::new(lang);
    let names: Vec<String> = sheet
        .names()
        .iter()
        .enumerate()
        .map(|(i, n)| if n.is_empty() { w.t("seat.player", &[("n", (i + 1).to_string())]) } else { n.clone() })
        .collect();
    let mut out = String::from("\u{feff}");
    let mut head = vec![
        w.t("pad.csv.entry", &[]),
        w.t("pad.csv.round", &[]),
        w.t("pad.csv.player", &[]),
        w.t("pad.csv.what", &[]),
        w.t("pad.csv.points", &[]),
        w.t("pad.csv.why", &[]),
    ];
    head.extend(names.iter().cloned());
    out.push_str(&head.iter().map(|s| csv_field(s)).collect::<Vec<_>>().join(","));
    out.push_str("\r\n");
    for (i, (e, l)) in sheet.entries().iter().zip(sheet.lines()).enumerate() {
        let who = e.player().map(|p| names[p as usize].clone()).unwrap_or_default();
        let points = match e {
            Entry::Out { .. } | Entry::Blocked { .. } => String::new(),
            _ => e.player().map(|p| l.points(p).to_string()).unwrap_or_default(),
        };
        let why: Vec<String> = l
            .items
            .iter()
            .map(|it| {
                let reason = w.t(&format!("reason.{}", it.reason.name()), &[]);
                match e {
                    Entry::Out { .. } | Entry::Blocked { .. } => {
                        format!("{} {reason} {:+}", names[it.player as usize], it.points)
                    }
                    _ => format!("{reason} {:+}", it.points),
                }
            })
            .collect();
        let mut row = vec![(i + 1).to_string(), l.round.to_string(), who, entry_words(&w, e), points, why.join("; ")];
        row.extend(l.totals.iter().map(|t| t.to_string()));
        out.push_str(&row.iter().map(|s| csv_field(s)).collect::<Vec<_>>().join(","));
        out.push_str("\r\n");
    }
    let s = sheet.status();
    let mut row =
        vec![String::new(), String::new(), String::new(), w.t("pad.csv.total", &[]), String::new(), String::new()];
    row.extend(s.totals.iter().map(|t| t.to_string()));
    out.push_str(&row.iter().map(|s| csv_field(s)).collect::<Vec<_>>().join(","));
    out.push_str("\r\n");
    if s.is_over() {
        let winners: Vec<String> = s.winners.iter().map(|p| names[p as usize].clone()).collect();
        let row = [
            String::new(),
            String::new(),
            String::new(),
            w.t("pad.csv.winner", &[]),
            String::new(),
            winners.join(" & "),
        ];
        out.push_str(&row.iter().map(|s| csv_field(s)).collect::<Vec<_>>().join(","));
        out.push_str("\r\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::csv_field;

    #[test]
    fn a_cell_that_would_be_a_formula_is_text_and_a_number_stays_a_number() {
        assert_eq!(csv_field("=HYPERLINK(\"http://x\")"), "\"'=HYPERLINK(\"\"http://x\"\")\"");
        assert_eq!(csv_field("+1+2"), "'+1+2");
        assert_eq!(csv_field("-2+3"), "'-2+3");
        assert_eq!(csv_field("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(csv_field("\tx"), "'\tx");
        assert_eq!(csv_field("\r=1"), "\"'\r=1\"");
        assert_eq!(csv_field("-15"), "-15");
        assert_eq!(csv_field("+25"), "+25");
        assert_eq!(csv_field("Ann"), "Ann");
        assert_eq!(csv_field("a;b"), "\"a;b\"");
    }
}
