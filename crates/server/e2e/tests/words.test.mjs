// Words for people, never the engine's (issue 45): every review entry (the moves played and
// the better ones, their reasons), every practice puzzle's goal, reasons and hint, and every
// hint of a game played with hints, produced over whole games and worded by the page's own
// modules in English, French and Spanish, holds no coordinate pair ("at 3,-1", "en 2,2"), no
// turn number ("turned 0", "tournée 2", "girada 1"), no internal bot name ("clever2"), no
// placeholder or key left, and French elides ("d'hexagone", "qu'Expert").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, BASE, api } from '../lib.mjs';

const BUDGET = 'iterations=300&samples=100';
const LOCALES = ['en-US', 'fr-FR', 'es-ES'];

// What a text must not hold, each with its name.
const FAULTS = [
  ['a coordinate pair', /\b(at|en|in|à)\s+-?\d+\s*,\s*-?\d+\b/],
  ['a turn number', /\b(turned|tournée|tourné|girada|girado)\s+\d/i],
  ['an internal bot name', /\b(clever|casual|expert|beginner|random|greedy|heuristic|mcts)\d*\b/],
  ['a placeholder', /\{\w+(\|[^}]*)?\}/],
  ['a translation key', /\b(hint|review|puzzles|move|sr)\.[a-z_]+/],
  ['no elision', /\b(de|que|le|la) (hexagone|Expert|[aeiou]\w*)\b/],
];

function faultsOf(texts, where) {
  const out = [];
  for (const text of texts) {
    for (const [name, re] of FAULTS) {
      // Elision is French only.
      if (name === 'no elision' && !where.startsWith('fr')) continue;
      if (re.test(text)) out.push(`${where}: ${name} in "${text}"`);
    }
  }
  return out;
}

async function finished(id) {
  for (let i = 0; i < 900; i++) {
    const info = await api('/api/games/' + id);
    if (info.json.status.phase === 'game_over') return info.json;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the game of bots did not end');
}

test('every hint, review entry and practice puzzle is in words, in three languages', { timeout: 600000 }, async () => {
  // Whole games of bots alone, seats unnamed (named by their level, as the table names them),
  // reviewed in turn until the reviews hold a mistake made a practice puzzle: how many games
  // that takes depends on how the bots play (fixed seeds, so the same for a given build).
  const CANDIDATES = [[31, ['expert', 'casual']], [32, ['clever', 'beginner']], [33, ['casual', 'beginner']], [34, ['clever', 'beginner']], [35, ['clever', 'beginner']], [36, ['casual', 'beginner']]];
  const reviews = [];
  for (const [seed, levels] of CANDIDATES) {
    if (reviews.length >= 4 && reviews.some((r) => r.puzzles.length > 0)) break;
    const g = await api('/api/games', { preset: 'goliath', seed, options: { target: 'none' }, seats: levels.map((level) => ({ kind: 'bot', level })) });
    assert.equal(g.status, 201, JSON.stringify(g.json));
    const id = g.json.id;
    // Every seat's review, and every mistake's practice puzzle.
    const game = await finished(id);
    for (const seat of [0, 1]) {
      const r = await api(`/api/games/${id}/review?seat=${seat}&${BUDGET}`);
      assert.equal(r.status, 200, JSON.stringify(r.json));
      const puzzles = [];
      for (const [k, d] of r.json.review.decisions.entries()) {
        if (!d.severity || d.forced) continue;
        const p = await api(`/api/games/${id}/puzzle?seat=${seat}&k=${k}&${BUDGET}`);
        if (p.status === 200) puzzles.push(p.json);
      }
      reviews.push({ game, decisions: r.json.review.decisions, puzzles });
    }
  }
  const decisions = reviews.reduce((n, r) => n + r.decisions.length, 0);
  const puzzles = reviews.reduce((n, r) => n + r.puzzles.length, 0);
  assert.ok(decisions > 30 && puzzles > 0, `${decisions} decisions, ${puzzles} puzzles`);
  assert.ok(reviews.some((r) => r.decisions.some((d) => d.reasons.some((x) => x.code === 'instead') || d.played_reasons.some((x) => x.code === 'instead'))), 'a move named in a reason');

  const browser = await launch();
  const found = [];
  try {
    for (const locale of LOCALES) {
      const { page } = await newPage(browser, { locale });
      await page.goto(BASE + '/');
      await page.waitForSelector('#solo');
      // The page's own modules word them (the same instances the page uses).
      const texts = await page.evaluate(async (all) => {
        const { seatName, moveWords } = await import('/assets/i18n.js');
        const { reasonText } = await import('/assets/reasons.js');
        const { actionWords } = await import('/assets/review.js');
        const { goalText } = await import('/assets/puzzles/play.js');
        const out = [];
        for (const { game, decisions, puzzles } of all) {
          const nameOf = (s) => seatName(game, s);
          for (const d of decisions) {
            out.push(actionWords(d.played, true, d.played_name), actionWords(d.best, true, d.best_name));
            out.push(actionWords(d.played, false, d.played_name), actionWords(d.best, false, d.best_name));
            for (const r of [...d.reasons, ...d.played_reasons]) out.push(reasonText(r, nameOf));
          }
          for (const p of puzzles) {
            const pname = (s) => (p.seats && p.seats.length ? seatName({ seats: p.seats }, s) : p.players[s]);
            out.push(goalText(p), moveWords(p.played_name, p.played.tile));
            for (const r of p.reasons) out.push(reasonText(r, pname));
            if (p.grades && p.grades.idea) out.push(reasonText(p.grades.idea, pname));
          }
        }
        return out;
      }, reviews);
      assert.ok(texts.length > 100, `${locale}: ${texts.length} texts`);
      found.push(...faultsOf(texts, locale));
      // French elides where the rule says so: a figure's spot and a name after "que".
      if (locale === 'fr-FR') {
        const worded = await page.evaluate(async () => {
          const { reasonText } = await import('/assets/reasons.js');
          return [
            reasonText({ code: 'leaves_spot', params: { seat: 1, figure: 'hexagon', points: 50, percent: 40, expected: 20 } }, () => 'Expert'),
            reasonText({ code: 'sheds', params: { tile: '4-5-5', points: 14, seat: 1, tiles: 1 } }, () => 'Expert'),
            reasonText({ code: 'sheds', params: { tile: '4-5-5', points: 14, seat: 1, tiles: 3 } }, () => 'Bob'),
          ];
        });
        assert.match(worded[0], /une place d'hexagone/);
        assert.match(worded[1], /alors qu'Expert n'a plus qu'une tuile/);
        assert.match(worded[2], /alors que Bob n'a plus que 3 tuiles/);
      }
      assert.equal(page.__errors || 0, 0, 'no script error');
    }

    // A game with hints, played from the hints to its end in French: every hint in words.
    const g = await api('/api/games', { preset: 'goliath', seed: 33, hints: true, options: { hand_size: '3 3 3 3 3', target: 'none' }, seats: [{ kind: 'human', name: 'Ann' }, { kind: 'bot', level: 'expert' }] });
    const { page } = await newPage(browser, { locale: 'fr-FR' });
    await page.goto(BASE + g.json.seats[0].link);
    const hints = [];
    for (let turn = 0; turn < 40; turn++) {
      await page.waitForSelector('#turn .mine, #overlay:not(.hidden)', { timeout: 60000 });
      if (await page.$('#overlay:not(.hidden)')) break;
      await page.click('#hint');
      await page.waitForSelector('#hintbox:not([hidden])', { timeout: 60000 });
      while (!(await page.$('#hint-head'))) {
        hints.push(await page.textContent('#hintbox'));
        await page.click('#hint');
        await page.waitForTimeout(50);
      }
      hints.push(await page.textContent('#hintbox'));
      const v = await page.$$eval('#sheet tr', (r) => r.length);
      if (await page.$('#play-hint')) await page.click('#play-hint');
      else await page.click('#draw.hinted, #pass.hinted');
      await page.waitForFunction((n) => !document.querySelector('#turn .mine') || document.querySelectorAll('#sheet tr').length !== n, v, { timeout: 30000 });
      await page.waitForTimeout(100);
    }
    assert.ok(hints.length >= 2, `${hints.length} hints read`);
    found.push(...faultsOf(hints, 'fr-FR hints'));
  } finally {
    await browser.close();
  }
  assert.deepEqual(found, []);
});
