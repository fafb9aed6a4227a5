// Takebacks (issue 32): a table created in the lobby with takebacks; the player who placed a
// tile asks to take it back; the other refuses once (nothing changes), then accepts: the tile
// leaves the board, returns to the rack, and it is that player's turn again.
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

    // Asked again, and accepted: the tile is back in the rack and it is the same turn again.
    await m.click('#takeback');
    await o.waitForSelector('#takeback-accept');
    await o.click('#takeback-accept');
    for (const p of [m, o]) await p.waitForFunction(() => document.querySelectorAll('#board .tiles .tile').length === 0);
    await m.waitForFunction(() => [...document.querySelectorAll('#toasts .toast')].some((e) => /taken back/.test(e.textContent)));
    await m.waitForSelector('#turn .mine');
    assert.equal(await m.$$eval('#rack .racktile', (t) => t.length), rack);
    assert.equal(await m.isVisible('#takeback'), false);
    // And the game goes on.
    await playOneMove(m);
    await o.waitForFunction(() => document.querySelectorAll('#board .tiles .tile').length === 1);
    for (const p of pages) assert.equal(p.__errors || 0, 0, 'no script error');
  } finally {
    await browser.close();
  }
});
