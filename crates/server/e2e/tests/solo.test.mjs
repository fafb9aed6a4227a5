// A solo game against a bot, played by clicking until a round ends; a reload mid-game resumes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, BASE, playOneMove, playByKeys } from '../lib.mjs';

test('solo game against a bot: two clicks from the front page, play until the round ends, reload resumes', async () => {
  const browser = await launch();
  try {
    const { page } = await newPage(browser);
    await page.goto(BASE + '/');
    await page.click('#solo');
    await page.waitForURL(/\/g\/[0-9a-f]+\/[0-9a-f]{32}$/);
    await page.waitForSelector('#rack .racktile');
    const url = page.url();
    let moves = 0;
    let reloaded = false;
    let keyboard = false;
    while (!(await page.$('#overlay:not(.hidden) .summary'))) {
      const over = await page.$('#turn .mine');
      if (!over) {
        // Wait for our turn or the end of the round.
        await page.waitForSelector('#turn .mine, #overlay:not(.hidden) .summary', { timeout: 30000 });
        continue;
      }
      // One move with the keyboard only (from the third move on, at the first turn
      // where a tile of the rack fits), the others with the mouse.
      if (!keyboard && moves >= 2 && (await playByKeys(page))) keyboard = true;
      else await playOneMove(page);
      moves += 1;
      if (moves === 4 && !reloaded) {
        await page.waitForSelector('#turn .mine, #overlay:not(.hidden)', { timeout: 30000 });
        const before = {
          hand: await page.$$eval('#rack .racktile', (b) => b.map((x) => x.dataset.tile).sort()),
          board: await page.$$eval('#board .tiles .tile', (t) => t.map((x) => x.dataset.cell).sort()),
          totals: await page.$$eval('#players .player .total', (t) => t.map((x) => x.textContent)),
        };
        await page.reload();
        await page.waitForSelector('#rack .racktile');
        await page.waitForFunction((n) => document.querySelectorAll('#board .tiles .tile').length >= n, before.board.length);
        const after = {
          hand: await page.$$eval('#rack .racktile', (b) => b.map((x) => x.dataset.tile).sort()),
          board: await page.$$eval('#board .tiles .tile', (t) => t.map((x) => x.dataset.cell).sort()),
          totals: await page.$$eval('#players .player .total', (t) => t.map((x) => x.textContent)),
        };
        assert.equal(page.url(), url);
        assert.deepEqual(after, before, 'the reload shows the same hand, board and scores');
        reloaded = true;
      }
      assert.ok(moves < 300, 'the round ends');
    }
    assert.ok(reloaded, 'the game was reloaded mid-round');
    assert.ok(keyboard || moves < 3, 'a move was played with the keyboard');
    const summary = await page.textContent('#overlay .summary');
    assert.match(summary, /End of round 1/);
    // The summary shows each hand and the score sheet has every move.
    const rows = await page.$$('#sheet tbody tr');
    assert.ok(rows.length > 4);
    assert.equal(page.__errors || 0, 0, 'no script errors');
  } finally {
    await browser.close();
  }
});
