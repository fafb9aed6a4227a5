// Meeting players (issue 47, section 2): two people press "Play now" in two browser
// contexts (French and Spanish) and land at one table; a person waiting cancels; a
// public table is listed in "Open tables" (English) and joined in one click, without
// any of its links in the list. A server of this file's own (its pools empty), every
// context being one client (127.0.0.1): no cap on a client's entries.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, startServer } from '../lib.mjs';

let server;
before(async () => {
  server = await startServer({ args: ['--pool-entries-per-client', '0', '--bot-delay-ms', '30'] });
});
after(() => server && server.stop());

/** The lobby's Play now for a table of 2 at `pace`, pressed in `page`. */
async function playNow(page, pace) {
  await page.goto(server.base + '/new');
  await page.waitForSelector('#play-now-go');
  await page.selectOption('#pn-preset', 'pressman');
  await page.selectOption('#pn-pace', pace);
  await page.selectOption('#pn-size', '2');
  await page.click('#play-now-go');
}

test('two people pressing Play now in French and in Spanish land at one table, which starts', async () => {
  const browser = await launch();
  try {
    const { page: fr } = await newPage(browser, { locale: 'fr-FR' });
    const { page: es } = await newPage(browser, { locale: 'es-ES' });
    await playNow(fr, 'live:60');
    await fr.waitForSelector('#play-now-waited');
    assert.match(await fr.textContent('#play-now'), /Recherche de joueurs : .*2 joueurs/);
    assert.match(await fr.textContent('#play-now-cancel'), /Annuler/);
    await playNow(es, 'live:60');
    await es.waitForURL(/\/g\/[0-9a-f]+\/[0-9a-f]+$/, { timeout: 15000 });
    await fr.waitForURL(/\/g\/[0-9a-f]+\/[0-9a-f]+$/, { timeout: 15000 });
    const game = (/** @type {string} */ u) => u.split('/')[4];
    assert.equal(game(fr.url()), game(es.url()), 'one table');
    assert.notEqual(fr.url(), es.url(), 'two seats');
    // Both opened their seat: the waiting room gives way to the game.
    for (const p of [fr, es]) await p.waitForSelector('#waitroom', { state: 'hidden', timeout: 30000 });
    assert.equal(fr.__errors || 0, 0);
    assert.equal(es.__errors || 0, 0);
  } finally {
    await browser.close();
  }
});

test('a person waiting sees the time waited and cancels; nobody is seated with them afterwards', async () => {
  const browser = await launch();
  try {
    const { page: a } = await newPage(browser);
    await playNow(a, 'untimed');
    await a.waitForSelector('#play-now-waited');
    assert.match(await a.textContent('#play-now-waited'), /Waiting for 0:0\d/);
    await a.click('#play-now-cancel');
    await a.waitForSelector('#play-now-go');
    assert.match(await a.textContent('#play-now'), /no longer waiting/);
    // Another person of the same pool waits alone: the first is out.
    const entered = await server.post('/api/pools', { preset: 'pressman', size: 2, pace: { kind: 'untimed' } });
    assert.equal(entered.status, 201);
    assert.equal(entered.json.state, 'waiting');
    await server.post(`/api/pools/${entered.json.entry}/leave`, {});
  } finally {
    await browser.close();
  }
});

test('a public table is listed in Open tables without its links and joined in one click', async () => {
  const g = await server.post('/api/games', { preset: 'pressman', listed: true, seats: [{ kind: 'human', name: 'Ann' }, { kind: 'human', name: 'Bob' }] });
  assert.equal(g.status, 201, JSON.stringify(g.json));
  const priv = await server.post('/api/games', { preset: 'pressman', seats: [{ kind: 'human', name: 'Cy' }, { kind: 'human', name: 'Di' }] });
  const browser = await launch();
  try {
    const { page: ann } = await newPage(browser);
    await ann.goto(server.base + g.json.seats[0].link);
    await ann.waitForSelector('#waitroom:not([hidden])');
    const { page: me } = await newPage(browser);
    await me.goto(server.base + '/new');
    await me.waitForSelector(`#open-tables [data-join="${g.json.id}"]`);
    const row = await me.textContent('#open-tables .open-table');
    assert.match(row, /1 free seat/);
    assert.match(row, /seated: Ann/);
    assert.equal(await me.$(`#open-tables [data-join="${priv.json.id}"]`), null, 'a private table is not listed');
    const html = await me.content();
    for (const s of [...g.json.seats, ...priv.json.seats]) assert.ok(!html.includes(s.link.split('/')[3]), 'no seat token on the page');
    await me.click(`#open-tables [data-join="${g.json.id}"]`);
    await me.waitForURL(server.base + g.json.seats[1].link);
    for (const p of [ann, me]) await p.waitForSelector('#waitroom', { state: 'hidden', timeout: 30000 });
    // Started: no longer open.
    const list = await server.get('/api/tables');
    assert.deepEqual(list.tables, []);
    assert.equal(me.__errors || 0, 0);
  } finally {
    await browser.close();
  }
});
