// Takebacks (issue 32): a table created in the lobby with takebacks; the player who placed a
// tile asks to take it back; the other refuses once (nothing changes, and that placement's
// takeback is not offered again: issue 44); a later placement's takeback is accepted: the
// tile leaves the board, returns to the rack, and it is that player's turn again.
// Against bots (issue 45): a solo game's "Take back" undoes the person's placement and the
// bots' replies at once, unasked, and the score sheet counts it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, BASE, playOneMove } from '../lib.mjs';

test('a takeback refused, then one accepted', async () => {
  const browser = await launch();
  try {
    const { page: host } = await newPage(browser);
    await host.goto(BASE + '/new');
    await host.selectOption('#preset', 'goliath');
    await host.fill('ol.seats li:nth-child(1) input[type=text]', 'Ann');
    await host.selectOption('ol.seats li:nth-child(2) select.kind', 'human');
    await host.fill('ol.seats li:nth-child(2) input[type=text]', 'Bob');
    await host.check('#game-takebacks');
    await host.click('#create');
    await host.waitForSelector('input.link[data-seat="1"]');
    const links = [await host.inputValue('input.link[data-seat="0"]'), await host.inputValue('input.link[data-seat="1"]')];
    const pages = [(await newPage(browser)).page, (await newPage(browser)).page];
    for (let i = 0; i < 2; i++) await pages[i].goto(links[i]);
    for (const p of pages) await p.waitForSelector('#players .player[data-seat="1"]');
    const mover = await Promise.race(pages.map((p, i) => p.waitForSelector('#turn .mine', { timeout: 20000 }).then(() => i)));
    const [m, o] = [pages[mover], pages[1 - mover]];
    const rack = await m.$$eval('#rack .racktile', (t) => t.length);
    // No takeback before a placement.
    assert.equal(await m.isVisible('#takeback'), false);
    const did = await playOneMove(m);
    assert.equal(did.kind, 'play');
    await o.waitForFunction(() => document.querySelectorAll('#board .tiles .tile').length === 1);
    // Only the player who placed it may ask.
    await m.waitForSelector('#takeback', { state: 'visible' });
    assert.equal(await o.isVisible('#takeback'), false);

    // Asked, and refused: the tile stays.
    await m.click('#takeback');
    await m.waitForSelector('#takeback-status');
    assert.match(await m.textContent('#takeback-status'), /Waiting for the others/);
    await o.waitForSelector('#takeback-refuse');
    assert.match(await o.textContent('#takeback-status'), /asks to take back/);
    await o.click('#takeback-refuse');
    await m.waitForFunction(() => [...document.querySelectorAll('#toasts .toast')].some((e) => /refused the takeback/.test(e.textContent)));
    await m.waitForSelector('#takeback-box', { state: 'hidden' });
    assert.equal(await m.$$eval('#board .tiles .tile', (t) => t.length), 1);

    // Refused once: not offered again for that placement (issue 44).
    assert.equal(await m.isVisible('#takeback'), false);

    // The other plays, the first places again: asked, and accepted: the tile is back in the
    // rack and it is the same turn again.
    await o.waitForSelector('#turn .mine');
    const other = await playOneMove(o);
    const onBoard = other.kind === 'play' ? 2 : 1;
    await m.waitForSelector('#turn .mine');
    const rack2 = await m.$$eval('#rack .racktile', (t) => t.length);
    const again = await playOneMove(m);
    if (again.kind === 'play') {
      await o.waitForFunction((n) => document.querySelectorAll('#board .tiles .tile').length === n, onBoard + 1);
      await m.waitForSelector('#takeback', { state: 'visible' });
      await m.click('#takeback');
      await o.waitForSelector('#takeback-accept');
      await o.click('#takeback-accept');
      for (const p of [m, o]) await p.waitForFunction((n) => document.querySelectorAll('#board .tiles .tile').length === n, onBoard);
      await m.waitForFunction(() => [...document.querySelectorAll('#toasts .toast')].some((e) => /taken back/.test(e.textContent)));
      await m.waitForSelector('#turn .mine');
      assert.equal(await m.$$eval('#rack .racktile', (t) => t.length), rack2);
      assert.equal(await m.isVisible('#takeback'), false);
      // Counted on the score sheet, as hints are.
      await m.waitForSelector('.takebackcount', { state: 'attached' });
      // And the game goes on.
      await playOneMove(m);
      await o.waitForFunction((n) => document.querySelectorAll('#board .tiles .tile').length >= n, onBoard);
    }
    assert.ok(rack > 0);
    for (const p of pages) assert.equal(p.__errors || 0, 0, 'no script error');
  } finally {
    await browser.close();
  }
});

test('a solo game: take back undoes the placement and the bots\' replies', async () => {
  const browser = await launch();
  try {
    const { page } = await newPage(browser);
    await page.goto(BASE + '/');
    await page.click('#solo');
    await page.waitForURL(/\/g\/[0-9a-f]+\/[0-9a-f]{32}$/);
    await page.waitForSelector('#rack .racktile');
    // Our turn, with a tile that fits (a draw first if need be).
    for (;;) {
      await page.waitForSelector('#turn .mine', { timeout: 30000 });
      const tiles = await page.$$eval('#board .tiles .tile', (t) => t.length);
      const rack = await page.$$eval('#rack .racktile', (b) => b.map((x) => x.dataset.tile).sort());
      const did = await playOneMove(page);
      if (did.kind !== 'play') continue;
      // The bot replies (its move shown), and it is our turn again: the button stays. (On a
      // busy machine the move may be told after the turn left us: wait for the turn, then
      // count our placement on the board; the reply may be a draw.)
      await page.waitForSelector('#turn .mine', { timeout: 60000 });
      await page.waitForFunction((n) => document.querySelectorAll('#board .tiles .tile').length >= n + 1, tiles, { timeout: 60000 });
      const replied = await page.$$eval('#board .tiles .tile', (t) => t.length);
      await page.waitForSelector('#takeback', { state: 'visible' });
      await page.click('#takeback');
      // Nobody to ask: the placement and the bot's reply leave the board at once.
      await page.waitForFunction((n) => document.querySelectorAll('#board .tiles .tile').length === n, tiles);
      await page.waitForSelector('#turn .mine');
      assert.deepEqual(await page.$$eval('#rack .racktile', (b) => b.map((x) => x.dataset.tile).sort()), rack);
      assert.ok(replied >= tiles + 1);
      assert.equal(await page.isVisible('#takeback'), false);
      assert.equal(await page.isVisible('#takeback-accept'), false, 'nobody is asked');
      await page.waitForSelector('.takebackcount', { state: 'attached' });
      assert.match(await page.$eval('.takebackcount[data-seat="0"]', (e) => e.textContent), /1/);
      break;
    }
    assert.equal(page.__errors || 0, 0, 'no script error');
  } finally {
    await browser.close();
  }
});
