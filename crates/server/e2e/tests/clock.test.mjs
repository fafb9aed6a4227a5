// No table waits for ever (issue 32): a person who closes the tab is stood in for by the
// table's bot at the end of the clock and the game goes on; they come back and play their
// seat again; a slow table's turn (a day, shortened for the test) runs out the same way;
// resigning ends a game of two. In English, French and Spanish, on a desktop and a phone.
// A server of this file's own, with short clocks (`--test-move-ms`, `--reserve-ms`).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { launch, newPage, playOneMove, strayWords, startServer } from '../lib.mjs';

/** Every timed table's turn, in milliseconds: long enough for a page to play, short to wait for. */
const MOVE_MS = 8000;
/** Each seat's reserve at a live table (issue 45), spent once a turn's time is up. */
const RESERVE_MS = 4000;

let server;
before(async () => {
  server = await startServer({ args: ['--test-move-ms', String(MOVE_MS), '--reserve-ms', String(RESERVE_MS), '--bot-delay-ms', '400'] });
});
after(() => server && server.stop());

/** The page's words in a language, as the server embeds them. */
const words = (lang) => JSON.parse(readFileSync(new URL(`../../assets/i18n/${lang}.json`, import.meta.url), 'utf8'));
const fill = (text, params) => text.replace(/\{(\w+)\}/g, (_, k) => String(params[k]));

test('a person who closes the tab is stood in for at the end of the clock, the game goes on, and they take their seat back', async () => {
  const g = await server.post('/api/games', { preset: 'pressman', pace: { kind: 'live', move_seconds: 60 }, stand_in: 'casual',
    seats: [{ kind: 'human', name: 'Ann' }, { kind: 'bot', level: 'beginner' }, { kind: 'bot', level: 'beginner' }] });
  assert.equal(g.status, 201, JSON.stringify(g.json));
  const ann = server.base + g.json.seats[0].link;
  const browser = await launch();
  try {
    // A spectator on a phone, in French, follows the whole table.
    const { page: watch } = await newPage(browser, { locale: 'fr-FR', viewport: { width: 390, height: 844 } });
    await watch.goto(server.base + g.json.spectator);
    await watch.waitForSelector('#players .player');
    const fr = words('fr');
    assert.equal(await watch.textContent('#pace'), fill(fr['pace.live'], { time: fill(fr['pace.minutes'], { n: 1 }) }));
    // Ann opens her seat, sees her clock on her turn, then closes the tab.
    const { page: a, context } = await newPage(browser);
    await a.goto(ann);
    // Her first turn may already have run out while the pages opened (a solo table starts
    // when it is made): then she takes her seat back first.
    await a.waitForSelector('#turn .mine, #back-seat:not([hidden])', { timeout: 30000 });
    if (await a.isVisible('#back-seat')) await a.click('#back-seat');
    await a.waitForSelector('#turn .mine', { timeout: 30000 });
    await a.waitForSelector('#countdown:not([hidden])');
    assert.match(await a.textContent('#countdown'), /\d:\d\d left · reserve \d:\d\d/);
    await context.close();
    // The clock runs out: the casual bot plays for Ann, every screen says so.
    const line = fill(fr['stand_in.playing_for'], { level: fr['level.casual'], name: 'Ann' });
    await watch.waitForSelector('#standins .standin[data-seat="0"]', { timeout: 30000 });
    assert.equal(await watch.textContent('#standins .standin[data-seat="0"]'), line);
    assert.ok(await watch.$('#players .player[data-seat="0"] .standin-badge'));
    // ...and the game goes on: the stand-in moves for her seat (its row on the sheet).
    const movesBefore = await watch.$$eval('#sheet tbody tr', (r) => r.length);
    await watch.waitForFunction((n) => document.querySelectorAll('#sheet tbody tr').length > n + 2, movesBefore, { timeout: 30000 });
    assert.equal(await watch.isVisible('#back-seat'), false, 'a spectator cannot take the seat');
    assert.deepEqual(await strayWords(watch, '#clockbar'), []);
    // No page scrolls sideways on the phone.
    assert.ok(await watch.evaluate(() => document.documentElement.scrollWidth <= innerWidth + 1));
    // Ann comes back: her page offers her seat back; she takes it and plays her turn herself.
    const { page: a2 } = await newPage(browser);
    await a2.goto(ann);
    await a2.waitForSelector('#back-seat:not([hidden])', { timeout: 30000 });
    assert.equal(await a2.textContent('#back-seat'), 'Play my seat again');
    await a2.click('#back-seat');
    await a2.waitForSelector('#back-seat', { state: 'hidden', timeout: 30000 });
    await watch.waitForFunction(() => !document.querySelector('#standins .standin'), null, { timeout: 30000 });
    const did = await playOneMove(a2);
    assert.ok(did);
    assert.equal(a2.__errors || 0, 0, 'no script errors');
    assert.equal(watch.__errors || 0, 0, 'no script errors');
  } finally {
    await browser.close();
  }
});

test('a slow table\'s turn runs out after its (shortened) day, and the table goes on', async () => {
  const g = await server.post('/api/games', { preset: 'goliath', pace: { kind: 'slow', move_seconds: 86400 }, stand_in: 'beginner',
    seats: [{ kind: 'human', name: 'Eva' }, { kind: 'bot', level: 'beginner' }] });
  assert.equal(g.status, 201, JSON.stringify(g.json));
  const browser = await launch();
  try {
    const { page } = await newPage(browser, { locale: 'es-ES' });
    await page.goto(server.base + g.json.seats[0].link);
    await page.waitForSelector('#players .player');
    const es = words('es');
    assert.equal(await page.textContent('#pace'), fill(es['pace.slow'], { time: es['pace.day'] }));
    // Eva stays, but does not play: her day (8 s here) runs out.
    await page.waitForSelector('#standins .standin[data-seat="0"]', { timeout: 30000 });
    assert.equal(await page.textContent('#standins .standin[data-seat="0"]'), fill(es['stand_in.playing_for'], { level: es['level.beginner'], name: 'Eva' }));
    assert.equal(await page.textContent('#back-seat'), es['stand_in.back']);
    // The sheet says why her seat moves without her.
    await page.waitForFunction((text) => document.querySelector('#sheet').textContent.includes(text), fill(es['log.stand_in'], { name: 'Eva', level: es['level.beginner'] }), { timeout: 10000 });
    // Her rack is not hers to play while the bot plays it.
    assert.equal(await page.$('#turn .mine'), null);
    assert.equal(page.__errors || 0, 0, 'no script errors');
  } finally {
    await browser.close();
  }
});

test('resigning a game of two ends it at once, the other player winning; the record says so', async () => {
  const browser = await launch();
  try {
    const { page } = await newPage(browser);
    // A table from the lobby: live by default, its pace shown.
    await page.goto(server.base + '/new');
    await page.waitForSelector('#create');
    assert.equal(await page.$eval('#pace', (s) => s.value), 'live:60');
    await page.selectOption('#pace', 'untimed');
    await page.click('#create');
    await page.waitForSelector('#players .player');
    assert.equal(await page.textContent('#pace'), 'No clock');
    assert.equal(await page.isVisible('#countdown'), false, 'an untimed table has no countdown');
    page.once('dialog', (d) => d.accept());
    await page.click('#resign');
    await page.waitForSelector('#overlay:not(.hidden) .gameover', { timeout: 30000 });
    assert.ok(await page.$('#players .player[data-seat="1"].winner'), 'the other player wins');
    assert.ok(await page.$('#players .player[data-seat="0"] .standin-badge'));
    assert.equal(await page.isVisible('#resign'), false);
    const id = new URL(page.url()).pathname.split('/')[2];
    const record = await (await fetch(`${server.base}/api/games/${id}/record.tri`)).text();
    assert.match(record, /\[Forfeit "[^"]+" "resigned"\]/);
    assert.equal(page.__errors || 0, 0, 'no script errors');
  } finally {
    await browser.close();
  }
});
