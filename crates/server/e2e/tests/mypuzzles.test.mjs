// Personal puzzles (issue 33): a review's blunder saved as a "find the better move" puzzle,
// kept in the browser, found on the puzzles page and solved with two graded hints (the idea,
// then the tile); a wrong try names the corner that does not match; solving it says "Solved"
// once and leaves the daily streak alone (issue 45: it is not the daily puzzle).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { launch, newPage, BASE, api, cellPoint, turnsTo, finishedBotGame } from '../lib.mjs';

const en = JSON.parse(readFileSync(new URL('../../assets/i18n/en.json', import.meta.url), 'utf8'));
const BUDGET = 'iterations=300&samples=100';


test('review a game, save a blunder, solve it with two graded hints', async () => {
  // A game whose random player blundered with a better placement to find.
  let found = null;
  for (const seed of [25, 23, 24, 26, 21]) {
    const id = await finishedBotGame(seed);
    const ds = (await api(`/api/games/${id}/review?seat=0&${BUDGET}`)).json.review.decisions;
    const k = ds.findIndex((d) => d.severity === 'blunder' && d.best.kind === 'play');
    if (k >= 0) { found = { id, k, d: ds[k] }; break; }
  }
  assert.ok(found, 'a blunder to practise');
  const { id, k, d } = found;
  const browser = await launch();
  try {
    const { page } = await newPage(browser);
    await page.goto(`${BASE}/review/${id}?seat=0&${BUDGET}`);
    await page.waitForSelector('#decision', { timeout: 60000 });
    await page.click(`.reviewlist tbody tr[data-k="${k}"] button`);
    await page.waitForFunction((n) => document.querySelector('#steplabel').textContent.startsWith(`Move ${n} `), k + 1);
    assert.match(await page.textContent('#reviewloss'), /Blunder/);
    await page.click('#savepuzzle');
    await page.waitForSelector('#openpuzzle:not([hidden])', { timeout: 30000 });
    assert.equal(await page.textContent('#savepuzzle'), '✓ ' + en['review.saved_puzzle']);
    // Kept in the browser, as the server built it from what the player saw.
    const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('triominos.puzzles.mine')));
    assert.equal(kept.length, 1);
    const p = kept[0];
    assert.deepEqual(p.played, d.played);
    assert.deepEqual(p.answers[0], d.best);
    // Listed on the puzzles page.
    await page.goto(BASE + '/puzzles');
    await page.waitForSelector('#mypuzzles a.level');
    await page.click(`#mypuzzles a[data-id="${p.id}"]`);
    await page.waitForSelector('#rack .racktile');
    assert.equal(new URL(page.url()).pathname, '/puzzles/' + p.id);
    assert.match(await page.textContent('#puzzlegoal'), /Find a better move than/);
    assert.equal(await page.$$eval('#board .tiles .tile', (t) => t.length), p.board.length);
    // The move played is not the answer.
    if (d.played.kind === 'play') {
      const m = d.played;
      await page.click(`#rack .racktile[data-tile="${m.tile}"]`);
      for (let i = 0; i < turnsTo(m.rotation); i++) await page.click('#rotate');
      const [x, y] = await cellPoint(page, m.cell);
      await page.mouse.click(x, y);
      await page.waitForSelector('#puzzlemsg.wrong');
      assert.equal(await page.textContent('#puzzlemsg'), en['puzzles.wrong.played']);
    }
    // The better move's tile on its spot turned wrong: the corner that does not match is
    // named and ringed, as the shipped puzzles do.
    const right = p.answers[0];
    const [a, b2, c] = right.tile.split('-');
    if (!(a === b2 && b2 === c)) {
      await page.click(`#rack .racktile[data-tile="${right.tile}"]`);
      for (let i = 0; i < turnsTo((right.rotation + 1) % 3); i++) await page.click('#rotate');
      const [wx, wy] = await cellPoint(page, right.cell);
      await page.mouse.click(wx, wy);
      await page.waitForFunction(() => /do not match/.test(document.querySelector('#puzzlemsg').textContent));
      assert.match(await page.textContent('#puzzlemsg'), /^That does not fit: The numbers do not match: the corner ringed in red must be \d, this tile puts \d there\.$/);
      assert.equal(await page.$$eval('#board .badcorner', (m) => m.length), 1, 'the corner ringed');
    }
    // First hint: the idea, no tile named, nothing marked.
    await page.click('#hint');
    await page.waitForSelector('#puzzlemsg.hint');
    const idea = await page.textContent('#puzzlemsg');
    assert.ok(idea.startsWith('Hint: ') && !idea.includes('hint.reason'), idea);
    for (const tile of p.hand) assert.ok(!idea.includes(tile), `the idea names no tile: ${idea}`);
    assert.equal(await page.$$eval('#board .mark.hint', (m) => m.length), 0);
    // Second hint: the tile, picked in the rack; still no spot.
    await page.click('#hint');
    const best = p.answers[0];
    assert.equal(await page.textContent('#puzzlemsg'), en['puzzles.hint_tile'].replace('{tile}', best.tile));
    assert.equal(await page.getAttribute(`#rack .racktile[data-tile="${best.tile}"]`, 'aria-pressed'), 'true');
    assert.equal(await page.$$eval('#board .mark.hint', (m) => m.length), 0);
    // The spot and turn found by the player.
    for (let i = 0; i < turnsTo(best.rotation); i++) await page.click('#rotate');
    const [x, y] = await cellPoint(page, best.cell);
    await page.mouse.click(x, y);
    await page.waitForSelector('#puzzlemsg.right');
    assert.match(await page.textContent('#puzzlecount'), /hints: 2/);
    // "Solved" once, and no streak: this is not the daily puzzle.
    const said = (await page.textContent('#puzzlemsg')) + (await page.textContent('#puzzledone'));
    assert.equal(said.split(en['puzzles.solved']).length - 1, 1, said);
    assert.ok(!(await page.textContent('#puzzledone')).includes(en['puzzles.streak'].replace('{n}', '1')));
    assert.ok(await page.evaluate((id) => !!JSON.parse(localStorage.getItem('triominos.puzzles')).solved[id], p.id));
    // The daily streak does not count it.
    await page.goto(BASE + '/puzzles');
    await page.waitForSelector('#levels');
    assert.notEqual(await page.textContent('#streak').catch(() => ''), en['puzzles.streak'].replace('{n}', '1'));
    assert.equal(page.__errors || 0, 0, 'no script error');
  } finally {
    await browser.close();
  }
});
