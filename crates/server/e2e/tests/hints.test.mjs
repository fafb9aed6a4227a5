// Hints: a game created in the lobby with hints on against a bot; "Suggest a move" shows
// the judge's move one grade at a time (the idea, the tile, then the spot and turn on the
// board) and in words; it is played from
// the hint, and the score sheet shows the hint used.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { launch, newPage, BASE } from '../lib.mjs';

const en = JSON.parse(readFileSync(new URL('../../assets/i18n/en.json', import.meta.url), 'utf8'));

test('hints on against a bot: suggest a move, see it on the board and in words, play it, the sheet counts it', async () => {
  const browser = await launch();
  try {
    const { page } = await newPage(browser);
    await page.goto(BASE + '/new');
    await page.waitForSelector('#lobby #game-hints');
    assert.equal(await page.isChecked('#game-hints'), false, 'off by default');
    await page.check('#game-hints');
    await page.selectOption('#lobby select.level', 'casual');
    await page.click('#create');
    await page.waitForURL(/\/g\/[0-9a-f]+\/[0-9a-f]{32}$/);
    await page.waitForSelector('#rack .racktile');
    await page.waitForSelector('#turn .mine', { timeout: 30000 });
    assert.equal(await page.isVisible('#hint'), true, 'the button shows in a game with hints');
    assert.match(await page.textContent('#hint'), new RegExp(en['hint.button']));
    const tiles = await page.$$eval('#board .tiles .tile', (t) => t.length);
    const hand = await page.$$eval('#rack .racktile', (b) => b.map((x) => x.dataset.tile));
    await page.click('#hint');
    // Graded: the idea first, in a sentence that names no tile; nothing marked yet.
    await page.waitForSelector('#hintbox:not([hidden]) #hint-idea', { timeout: 30000 });
    const idea = await page.textContent('#hint-idea');
    assert.ok(idea.length > en['hint.idea'].length - 6 && !idea.includes('hint.'), `an idea in words: ${idea}`);
    for (const tile of hand) assert.ok(!idea.includes(tile), `the idea names no tile: ${idea}`);
    assert.equal(await page.$$eval('#board .mark.hint', (m) => m.length), 0, 'no spot marked with the idea');
    assert.equal(await page.$$eval('#rack .racktile.hinted', (m) => m.length), 0, 'no tile shown with the idea');
    assert.equal(await page.textContent('#hint'), en['hint.more']);
    await page.click('#hint');
    // Then the tile (for a play), still no spot; then the spot and turn.
    if (await page.$('#hint-tile')) {
      assert.equal(await page.$$eval('#rack .racktile.hinted', (m) => m.length), 1, 'the tile is shown');
      assert.equal(await page.$$eval('#board .mark.hint', (m) => m.length), 0, 'not yet its spot');
      await page.click('#hint');
    }
    await page.waitForSelector('#hintbox:not([hidden]) #hint-head');
    const head = await page.textContent('#hint-head');
    const why = await page.textContent('#hint-why');
    assert.ok(why.trim().length > 3, `a sentence why: ${why}`);
    assert.ok(!why.includes('hint.reason.'), `every reason is worded: ${why}`);
    // A play: its tile is picked in the rack and its spot marked; a draw or pass: the button.
    const play = head.includes(en['hint.play'].split(' {')[0]);
    if (play) {
      const hinted = await page.$$eval('#rack .racktile.hinted', (b) => b.map((x) => x.dataset.tile));
      assert.equal(hinted.length, 1, 'one tile of the rack is highlighted');
      assert.ok(head.includes(hinted[0]), `the sentence names it: ${head}`);
      assert.equal(await page.$$eval('#board .mark.hint', (m) => m.length), 1, 'its spot is marked');
      assert.equal(await page.getAttribute(`#rack .racktile[data-tile="${hinted[0]}"]`, 'aria-pressed'), 'true', 'and picked');
    } else {
      assert.equal(await page.$$eval('#draw.hinted, #pass.hinted', (b) => b.length), 1);
    }
    // Nothing was played by asking.
    assert.equal(await page.$$eval('#board .tiles .tile', (t) => t.length), tiles);
    // The sheet shows the hint used, for this seat, in this round.
    await page.waitForSelector('#sheet .hintsrow .hintcount[data-seat="0"]');
    assert.match(await page.textContent('#sheet .hintsrow .hintcount[data-seat="0"]'), /×1/);
    // Play it.
    await page.click('#play-hint');
    if (play) {
      await page.waitForFunction((n) => document.querySelectorAll('#board .tiles .tile').length > n, tiles, { timeout: 10000 });
    } else {
      await page.waitForFunction(() => !document.querySelector('#hintbox:not([hidden])'), null, { timeout: 10000 });
    }
    await page.waitForSelector('#hintbox[hidden]', { state: 'attached' });
    assert.equal(await page.$$eval('#board .mark.hint', (m) => m.length), 0, 'the hint is gone once played');
    // Still counted after a reload (the server keeps it).
    await page.reload();
    await page.waitForSelector('#sheet .hintsrow .hintcount[data-seat="0"]');
    assert.match(await page.textContent('#sheet .hintsrow .hintcount[data-seat="0"]'), /×1/);
    assert.equal(page.__errors || 0, 0, 'no script errors');
  } finally {
    await browser.close();
  }
});

test('a game without hints shows no Suggest a move', async () => {
  const r = await fetch(BASE + '/api/games', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ preset: 'goliath', seats: [{ kind: 'human', name: 'Ann' }, { kind: 'bot', level: 'casual' }] }),
  });
  const g = await r.json();
  const browser = await launch();
  try {
    const { page } = await newPage(browser);
    await page.goto(BASE + g.seats[0].link);
    await page.waitForSelector('#turn .mine', { timeout: 30000 });
    assert.equal(await page.isVisible('#hint'), false);
    assert.equal(page.__errors || 0, 0, 'no script errors');
  } finally {
    await browser.close();
  }
});
