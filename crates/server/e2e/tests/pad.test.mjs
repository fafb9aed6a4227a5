// The score pad on a phone: a whole Goliath round entered by tapping (tiles from
// the grid or typed, draws, a failed turn, a bridge, a hexagon, going out and the
// other hand), with undo, a refused edit, a reload, and the totals checked; a sheet
// opened without its owner key is read only until the editing link gives it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, BASE, viaMenu } from '../lib.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, context: { deviceScaleFactor: 2, isMobile: true, hasTouch: true } };

async function rows(page) {
  return page.$$eval('#padtable tbody tr[data-index]', (r) => r.length);
}

async function save(page, selector) {
  const before = await rows(page);
  await page.click(selector || '#padsave');
  await page.waitForFunction((n) => document.querySelectorAll('#padtable tbody tr[data-index]').length === n + 1, before, { timeout: 10000 });
}

async function totals(page) {
  return page.$$eval('#padboard .padplayer .ptotal', (t) => t.map((x) => Number(x.textContent)));
}

// A tile placed: typed when `typed`, else tapped in the grid; then the bonus buttons.
async function play(page, tile, { typed = false, draws = 0, bonus = [] } = {}) {
  if (draws) await page.click(`#paddraws [data-draws="${draws}"]`);
  if (typed) await page.fill('#padtiletext', tile.replace(/-/g, ''));
  else await page.click(`#padtiles [data-tile="${tile}"]`);
  await page.waitForSelector(`#padchosen[data-tile="${tile}"]`);
  for (const b of bonus) await page.click(`#padbonus [data-bonus="${b}"]`);
  await save(page);
}

test('score pad: a whole round entered by tapping on a phone, totals, undo, edit refused, reload', async () => {
  const browser = await launch();
  try {
    const { page } = await newPage(browser, PHONE);
    await page.goto(BASE + '/pad');
    await page.waitForSelector('#padstart');
    await page.selectOption('#padpreset', 'goliath');
    const names = await page.$$('input.padname');
    await names[0].fill('Ann');
    await names[1].fill('Bob');
    await page.click('#padstart');
    await page.waitForURL(/\/pad\/[0-9a-f]{16}$/);
    await page.waitForSelector('#padopener');

    // Ann opens with 5-5-5, typed.
    await page.click('#padopener [data-seat="0"]');
    await play(page, '5-5-5', { typed: true });
    assert.deepEqual(await totals(page), [15, 0]);
    assert.match(await page.textContent('#padbanner'), /Bob's turn/);
    // A tile already placed is no longer offered.
    assert.equal(await page.$('#padtiles [data-tile="5-5-5"]'), null);

    await play(page, '4-5-5');
    await play(page, '3-5-5');
    // Bob draws one and places it: the preview says why before saving.
    await page.click('#paddraws [data-draws="1"]');
    await page.click('#padtiles [data-tile="4-4-4"]');
    await page.waitForFunction(() => /Bob −?\+?7/.test(document.querySelector('#padpreview').textContent));
    assert.match(await page.textContent('#padpreview'), /draw −5, tile \+12/);
    await save(page);
    assert.deepEqual(await totals(page), [28, 21]);
    await play(page, '2-5-5');
    await play(page, '3-4-4');
    await play(page, '1-5-5');
    // Three draws, nothing fits: 5 + 5 + 5 + 10.
    await page.click('#paddraws [data-draws="3"]');
    await page.click('#padnothing');
    await save(page);
    assert.deepEqual(await totals(page), [51, 7]);
    await play(page, '0-5-5');
    await play(page, '2-4-4', { bonus: ['bridge'] });
    assert.deepEqual(await totals(page), [61, 57]);

    // Undo the bridge, enter it again.
    await page.click('#padundo');
    await page.waitForFunction(() => document.querySelectorAll('#padtable tbody tr[data-index]').length === 9);
    assert.deepEqual(await totals(page), [61, 7]);
    await play(page, '2-4-4', { bonus: ['bridge'] });

    // A reload keeps everything.
    await page.reload();
    await page.waitForSelector('#padtable tbody tr[data-index]');
    assert.equal(await rows(page), 10);
    assert.deepEqual(await totals(page), [61, 57]);

    await play(page, '4-4-5', { typed: true });
    await play(page, '1-4-4');
    await play(page, '3-4-5');
    await play(page, '0-4-4', { bonus: ['hexagon'] });
    assert.deepEqual(await totals(page), [86, 124]);
    await play(page, '2-4-5');
    await play(page, '3-3-5');

    // Changing Bob's failed turn into a single draw is refused: the pool still had tiles.
    await page.click('#padtable tbody tr[data-index="7"]');
    await page.waitForSelector('.padediting');
    await page.click('#paddraws [data-draws="1"]');
    await page.click('#padsave');
    await page.waitForFunction(() => /Entry 8/.test(document.querySelector('#paderror').textContent));
    assert.match(await page.textContent('#paderror'), /pool still has tiles/);
    // Deleting Bob's first tile is refused too: the turns after it would be out of order.
    await page.click('#padtable tbody tr[data-index="1"]');
    await page.waitForSelector('#paddelete');
    await page.click('#paddelete');
    await page.waitForFunction(() => /Entry 2/.test(document.querySelector('#paderror').textContent));
    assert.match(await page.textContent('#paderror'), /It is Bob's turn, not Ann's/);
    await page.click('#padcancel');
    await page.waitForSelector('#padtiles');
    assert.equal(await rows(page), 16);
    assert.deepEqual(await totals(page), [97, 135]);

    // Ann lays her ninth and last tile.
    await play(page, '1-4-5');
    await page.waitForSelector('#padhands');
    assert.match(await page.textContent('#padbanner'), /Ann laid their last tile/);
    assert.deepEqual(await totals(page), [107, 135]);
    // Bob holds six tiles: a sum of 40 (25 + 40 for Ann).
    assert.match(await page.textContent('#padhands'), /6 on the rack/);
    await page.fill('input.padhand[data-seat="1"]', '40');
    await page.waitForFunction(() => /Ann \+65/.test(document.querySelector('#padpreview').textContent));
    await save(page, '#padsaveend');
    assert.deepEqual(await totals(page), [172, 135]);
    assert.match(await page.textContent('#padbanner'), /Round 2/);
    assert.deepEqual(await page.$$eval('#padtable tfoot th', (t) => t.slice(2).map((x) => x.textContent)), ['172', '135']);
    await page.waitForSelector('#padopener');

    // The list shows the sheet; the CSV has a row per entry.
    const id = page.url().split('/').pop();
    const csv = await (await fetch(`${BASE}/api/pad/${id}/sheet.csv`)).text();
    assert.equal(csv.trim().split('\n').length, 1 + 18 + 1);
    await viaMenu(page, '/pad');
    await page.waitForSelector('.padlisttable');
    assert.match(await page.textContent('.padlisttable'), /Ann 172/);
    assert.equal(page.__errors || 0, 0, 'no script errors');
  } finally {
    await browser.close();
  }
});

test('score pad in French: words from the rule texts, refusals worded', async () => {
  const browser = await launch();
  try {
    const { page } = await newPage(browser, { ...PHONE, locale: 'fr-FR' });
    await page.addInitScript(() => localStorage.setItem('triominos.lang', 'fr'));
    await page.goto(BASE + '/pad');
    await page.waitForSelector('#padstart');
    await page.selectOption('#padpreset', 'dominos-triangles');
    await page.click('#padstart');
    await page.waitForSelector('#padopener');
    await page.click('#padopener [data-seat="1"]');
    await play(page, '2-3-4');
    // Opening bonus: 9 + 10.
    assert.deepEqual(await totals(page), [0, 19]);
    const text = await page.textContent('main');
    assert.match(text, /pioche/);
    assert.match(text, /chevalet/);
    assert.match(text, /Manche 1/);
    // Only one draw a turn in these rules, and no figures.
    assert.equal(await page.$('#paddraws [data-draws="2"]'), null);
    assert.equal(await page.$('#padbonus'), null);
    await page.click('#paddraws [data-draws="1"]');
    await page.click('#padnothing');
    await save(page);
    assert.deepEqual(await totals(page), [-15, 19]);
    assert.equal(page.__errors || 0, 0, 'no script errors');
  } finally {
    await browser.close();
  }
});

test('score pad: another phone reads a sheet only, until it opens the editing link; lists show one\'s own sheets', async () => {
  const browser = await launch();
  try {
    const a = await newPage(browser, PHONE);
    await a.page.goto(BASE + '/pad');
    await a.page.waitForSelector('#padstart');
    await a.page.selectOption('#padpreset', 'goliath');
    const names = await a.page.$$('input.padname');
    await names[0].fill('Ann');
    await names[1].fill('Bob');
    await a.page.click('#padstart');
    await a.page.waitForURL(/\/pad\/[0-9a-f]{16}$/);
    await a.page.waitForSelector('#padshare');
    assert.equal(await a.page.$('#padreadonly'), null);
    const id = a.page.url().split('/').pop();
    const key = await a.page.evaluate((i) => JSON.parse(localStorage.getItem('triominos.pad.keys'))[i], id);
    assert.match(key, /^[0-9a-f]{32}$/);

    // Another phone, with the sheet's address only: shown, read only, a change refused.
    const b = await newPage(browser, PHONE);
    await b.page.goto(`${BASE}/pad/${id}`);
    await b.page.waitForSelector('#padreadonly');
    assert.equal(await b.page.$('#padshare'), null);
    await b.page.click('#padopener [data-seat="0"]');
    await b.page.fill('#padtiletext', '555');
    await b.page.waitForSelector('#padchosen[data-tile="5-5-5"]');
    await b.page.click('#padsave');
    await b.page.waitForFunction(() => /may not change this sheet/.test(document.querySelector('#paderror').textContent));
    assert.equal(await rows(b.page), 0);
    // Its list does not show the sheet of the first phone.
    await b.page.goto(BASE + '/pad');
    await b.page.waitForSelector('#padstart');
    await b.page.waitForLoadState('networkidle');
    assert.equal(await b.page.$('.padlisttable'), null);

    // With the editing link: the key is kept, out of the address bar, and the phone enters scores.
    await b.page.goto(`${BASE}/pad/${id}#key=${key}`);
    await b.page.waitForSelector('#padshare');
    assert.ok(!b.page.url().includes('#'), b.page.url());
    assert.equal(await b.page.$('#padreadonly'), null);
    await b.page.click('#padopener [data-seat="0"]');
    await play(b.page, '5-5-5', { typed: true });
    assert.deepEqual(await totals(b.page), [15, 0]);
    await viaMenu(b.page, '/pad');
    await b.page.waitForSelector('.padlisttable');
    assert.match(await b.page.textContent('.padlisttable'), /Ann 15/);
    assert.equal((a.page.__errors || 0) + (b.page.__errors || 0), 0, 'no script errors');
  } finally {
    await browser.close();
  }
});
