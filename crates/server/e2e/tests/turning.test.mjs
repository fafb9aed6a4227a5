// Turning a tile (issue 32): the ⟳ button turns it clockwise, as its symbol says, and so do
// the key R and a second click on the rack tile; Shift+R turns it back. The same controls in
// a game, a lesson and a puzzle (game/controls.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, BASE, api } from '../lib.mjs';

// The picked rack tile's digits by where they are on the screen: top, bottom right, bottom left.
const corners = (page) => page.$eval('#rack .racktile[aria-pressed=true] svg', (svg) => {
  const ds = [...svg.querySelectorAll('text.num')].map((t) => ({ d: t.textContent, x: Number(t.getAttribute('x')), y: Number(t.getAttribute('y')) }));
  const top = ds.reduce((a, b) => (b.y < a.y ? b : a));
  const rest = ds.filter((q) => q !== top).sort((a, b) => a.x - b.x);
  return { top: top.d, right: rest[1].d, left: rest[0].d };
});
// One step clockwise: the top digit goes to the bottom right, that one to the bottom left.
const clockwise = (c) => ({ top: c.left, right: c.top, left: c.right });

async function checkTurning(page, where) {
  // A tile of three different numbers, picked.
  const tile = await page.$$eval('#rack .racktile', (bs) => bs.map((b) => b.dataset.tile).find((x) => new Set(x.split('-')).size === 3));
  assert.ok(tile, where + ': a tile of three numbers in the rack');
  await page.click(`#rack .racktile[data-tile="${tile}"]`);
  await page.mouse.move(1, 1);
  const start = await corners(page);
  await page.click('#rotate');
  const one = await corners(page);
  assert.deepEqual(one, clockwise(start), `${where}: ⟳ turns the tile clockwise (${JSON.stringify(start)} → ${JSON.stringify(one)})`);
  await page.keyboard.press('r');
  assert.deepEqual(await corners(page), clockwise(one), `${where}: R turns it clockwise too`);
  await page.keyboard.press('Shift+R');
  assert.deepEqual(await corners(page), one, `${where}: Shift+R turns it back`);
  await page.click(`#rack .racktile[data-tile="${tile}"]`);
  assert.deepEqual(await corners(page), clockwise(one), `${where}: a second click on the tile turns it clockwise`);
}

test('the rotate button, R and a second click turn the tile clockwise; Shift+R back', async () => {
  const browser = await launch();
  try {
    const { page } = await newPage(browser);
    await page.goto(BASE + '/learn/goliath/corners');
    await page.waitForSelector('#rack .racktile');
    await checkTurning(page, 'lesson');

    const g = await api('/api/games', { preset: 'goliath', seed: 21, seats: [{ kind: 'human', name: 'Ann' }, { kind: 'bot', level: 'greedy' }] });
    await page.goto(BASE + g.json.seats[0].link);
    await page.waitForSelector('#turn .mine', { timeout: 30000 });
    await checkTurning(page, 'game');

    const { puzzles } = (await api('/api/puzzles')).json;
    await page.goto(BASE + '/puzzles/' + puzzles[0].id);
    await page.waitForSelector('#rack .racktile');
    await checkTurning(page, 'puzzle');
    assert.equal(page.__errors || 0, 0, 'no script errors');
  } finally {
    await browser.close();
  }
});
