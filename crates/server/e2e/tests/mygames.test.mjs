// "Your games" (issue 32): the browser keeps every game it joined with a seat link; the front
// page lists the unfinished ones, whose turn it is, and continues one in one click, after the
// browser was closed and opened again (playwright's storageState: the same localStorage).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, api, BASE, playOneMove, axeViolations } from '../lib.mjs';

test('a solo game is continued from the front page after the browser is reopened', async () => {
  const browser = await launch();
  try {
    const { context, page } = await newPage(browser);
    await page.goto(BASE + '/');
    await page.selectOption('#solo-preset', 'goliath');
    await page.click('#solo');
    await page.waitForURL(/\/g\/[0-9a-f]+\/[0-9a-f]+$/);
    const [, id, token] = new URL(page.url()).pathname.split('/').filter(Boolean);
    // A placement (not a draw or a pass): the board then shows it.
    let placed = 0;
    for (let i = 0; i < 30 && !placed; i++) if ((await playOneMove(page)).kind === 'play') placed = 1;
    assert.equal(placed, 1, 'a tile was placed');
    // The bot answers; then it is this seat's turn again.
    await page.waitForSelector('#turn .mine', { timeout: 20000 });
    // Our placement is on the board (the bot's answer may be a draw).
    const tiles = await page.$$eval('#board .tiles .tile', (t) => t.length);
    assert.ok(tiles >= 1);
    const state = await context.storageState();
    await context.close();

    // The browser again, with what it had stored, on the front page.
    const { page: back } = await newPage(browser, { context: { storageState: state, bypassCSP: true } });
    await back.goto(BASE + '/');
    await back.waitForSelector(`#your-games li[data-game="${id}"]:not([hidden])`);
    const row = await back.textContent(`#your-games li[data-game="${id}"]`);
    assert.match(row, /Goliath/);
    assert.match(row, /Your turn/);
    // The opponent is named (a bot: its level's name).
    const info = await api('/api/games/' + id);
    assert.equal(info.json.status.to_move, 0);
    assert.match(row, /with /);
    assert.deepEqual(await axeViolations(back), []);
    // One click.
    await back.click(`#your-games li[data-game="${id}"] a.button`);
    await back.waitForURL(BASE + `/g/${id}/${token}`);
    await back.waitForSelector('#turn .mine');
    assert.equal(await back.$$eval('#board .tiles .tile', (t) => t.length), tiles);
    assert.match(await back.textContent('#players .player[data-seat="0"]'), /\(you\)/);

    // A game the server does not have (an id never made) is not listed, and forgotten.
    await back.evaluate(() => {
      const list = JSON.parse(localStorage.getItem('triominos.games'));
      list.unshift({ id: '00000000deadbeef', token: 'ffffffffffffffffffffffffffffffff', seat: 0, at: Date.now() });
      localStorage.setItem('triominos.games', JSON.stringify(list));
    });
    await back.goto(BASE + '/');
    await back.waitForSelector(`#your-games li[data-game="${id}"]:not([hidden])`);
    await back.waitForFunction(() => !JSON.parse(localStorage.getItem('triominos.games')).some((g) => g.id === '00000000deadbeef'));
    assert.equal(await back.$('#your-games li[data-game="00000000deadbeef"]'), null);
    assert.equal(back.__errors || 0, 0);
  } finally {
    await browser.close();
  }
});
