// Opening the hint box never shrinks the board (issue 45), on a desktop and on a phone: the
// box lies over the table's top edge, the board keeps its size.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, BASE, api } from '../lib.mjs';

const SCREENS = [
  ['desktop', {}],
  ['phone', { viewport: { width: 390, height: 844 }, context: { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } }],
];

for (const [name, screen] of SCREENS) {
  test(`the hint box leaves the board its size (${name})`, async () => {
    const browser = await launch();
    try {
      const g = await api('/api/games', { preset: 'goliath', seed: 9, hints: true, seats: [{ kind: 'human', name: 'Ann' }, { kind: 'bot', level: 'casual' }] });
      assert.equal(g.status, 201);
      const { page } = await newPage(browser, screen);
      await page.goto(BASE + g.json.seats[0].link);
      await page.waitForSelector('#turn .mine', { timeout: 30000 });
      const size = () => page.$eval('#board', (b) => { const r = b.getBoundingClientRect(); return [Math.round(r.width), Math.round(r.height)]; });
      const before = await size();
      await page.click('#hint');
      await page.waitForSelector('#hintbox:not([hidden]) #hint-idea', { timeout: 60000 });
      assert.deepEqual(await size(), before, 'the board with the hint box open');
      // Every grade, to the move in words.
      while (await page.$('#hint:not([disabled])') && !(await page.$('#hint-head'))) await page.click('#hint');
      await page.waitForSelector('#hint-head');
      assert.deepEqual(await size(), before, 'the board with the whole hint shown');
      assert.equal(page.__errors || 0, 0, 'no script error');
    } finally {
      await browser.close();
    }
  });
}
