// The waiting room of a table of people (issue 45): a live table of two people and a bot
// waits until both are seated (no stand-in, no bot move, no clock before), the first
// clock starts then, and a person whose turn's time runs out spends the reserve before
// the stand-in takes the seat. The creator starts without an absent person (the stand-in
// takes that seat, and opening the link later takes it back), and cancels a table.
// A server of this file's own, with short clocks (`--test-move-ms`, `--reserve-ms`).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, startServer } from '../lib.mjs';

/** Every timed table's turn and each seat's reserve, in milliseconds. */
const MOVE_MS = 4000;
const RESERVE_MS = 6000;
/** When the second person sits down after the first: the minute and a half. */
const LATER_MS = 90000;

let server;
before(async () => {
  server = await startServer({ args: ['--test-move-ms', String(MOVE_MS), '--reserve-ms', String(RESERVE_MS), '--bot-delay-ms', '400'] });
});
after(() => server && server.stop());

test('a live table of two people and a bot waits for both; the first clock starts then; the reserve goes before the stand-in', async () => {
  const g = await server.post('/api/games', { preset: 'pressman', pace: { kind: 'live', move_seconds: 30 }, stand_in: 'casual',
    seats: [{ kind: 'human', name: 'Ann' }, { kind: 'human', name: 'Bob' }, { kind: 'bot', level: 'beginner', name: 'Clever' }] });
  assert.equal(g.status, 201, JSON.stringify(g.json));
  const id = g.json.id;
  const browser = await launch();
  try {
    const { page: watch } = await newPage(browser);
    await watch.goto(server.base + g.json.spectator);
    const { page: ann } = await newPage(browser);
    await ann.goto(server.base + g.json.seats[0].link);
    await ann.waitForSelector('#waitroom:not([hidden]) #waiting-seats');
    assert.ok(await ann.$('#waiting-seats li[data-seat="0"] .here'), 'Ann is here');
    assert.ok(await ann.$('#waiting-seats li[data-seat="1"] .awaited'), 'Bob is awaited');
    // The spectator sees the room live.
    await watch.waitForSelector('#waiting-seats li[data-seat="0"] .here');
    assert.equal(await ann.isVisible('#countdown'), false, 'no clock while waiting');
    // Ann made the table: start anyway waits for someone else.
    assert.equal(await ann.$eval('#start-anyway', (b) => b.disabled), true);
    // Bob sits down a minute and a half later: by then a clock started at the creation
    // would have run out many times over (the stand-in and the bot would have played).
    await new Promise((r) => setTimeout(r, LATER_MS));
    const info = await server.get(`/api/games/${id}`);
    assert.equal(info.version, 0, 'nothing was played before both were seated');
    assert.deepEqual(info.status.stand_in || [], [], 'no stand-in took a seat');
    assert.equal(await watch.$$eval('#standins .standin', (l) => l.length), 0);
    const { page: bob } = await newPage(browser);
    await bob.goto(server.base + g.json.seats[1].link);
    // Both seated: the game starts for everyone, no "play my seat again" on a first visit.
    for (const p of [ann, bob, watch]) await p.waitForSelector('#waitroom', { state: 'hidden', timeout: 30000 });
    assert.equal(await bob.isVisible('#back-seat'), false);
    // The first person's clock: started with the game, its whole reserve ahead.
    await watch.waitForFunction(() => /left · reserve/.test(document.querySelector('#countdown')?.textContent || ''), null, { timeout: 30000 });
    const first = await watch.textContent('#countdown');
    assert.match(first, /reserve 0:0[56]/, `the whole reserve at the first turn: ${first}`);
    // Nobody plays: the turn's time runs out, the reserve is spent, and only then the stand-in.
    await watch.waitForSelector('#countdown.inreserve', { timeout: 30000 });
    assert.equal(await watch.$$eval('#standins .standin', (l) => l.length), 0, 'no stand-in while the reserve lasts');
    assert.match(await watch.textContent('#countdown'), /0:00 left · reserve 0:0\d/);
    await watch.waitForSelector('#standins .standin', { timeout: 30000 });
    for (const p of [ann, bob, watch]) assert.equal(p.__errors || 0, 0, 'no script errors');
  } finally {
    await browser.close();
  }
});

test('the creator starts without an absent person (the stand-in takes the seat until she comes) and cancels an empty table', async () => {
  const browser = await launch();
  try {
    const { page: host } = await newPage(browser);
    const lobby = async (names) => {
      await host.goto(server.base + '/new');
      await host.waitForSelector('#create');
      await host.fill('ol.seats li:nth-child(1) input[type=text]', names[0]);
      await host.selectOption('ol.seats li:nth-child(2) select.kind', 'human');
      await host.fill('ol.seats li:nth-child(2) input[type=text]', names[1]);
      if (names[2]) {
        await host.click('form#lobby > button:not(#create):not(.icon)');
        await host.waitForSelector('ol.seats li:nth-child(3)');
        await host.selectOption('ol.seats li:nth-child(3) select.kind', 'human');
        await host.fill('ol.seats li:nth-child(3) input[type=text]', names[2]);
      }
      await host.selectOption('#pace', 'untimed');
      await host.click('#create');
      await host.waitForSelector('a[data-play-seat="0"]');
      await host.click('a[data-play-seat="0"]');
      await host.waitForSelector('#waitroom:not([hidden]) #waiting-seats');
    };
    await lobby(['Ann', 'Bob', 'Cleo']);
    // The creator's room shows the others' links (kept in this browser).
    const bobLink = await host.inputValue('#waitroom input.link[data-seat="1"]');
    const cleoLink = await host.inputValue('#waitroom input.link[data-seat="2"]');
    assert.equal(await host.$eval('#start-anyway', (b) => b.disabled), true);
    const { page: bob } = await newPage(browser);
    await bob.goto(bobLink);
    await bob.waitForSelector('#waitroom:not([hidden]) #waiting-seats li[data-seat="1"] .here');
    // Bob is not the creator: no start, give or cancel there.
    assert.equal(await bob.$('#start-anyway'), null);
    assert.equal(await bob.$('#cancel-table'), null);
    await host.waitForSelector('#waiting-seats li[data-seat="1"] .here');
    await host.waitForFunction(() => !document.querySelector('#start-anyway').disabled);
    await host.click('#start-anyway');
    for (const p of [host, bob]) await p.waitForSelector('#waitroom', { state: 'hidden', timeout: 30000 });
    // The stand-in plays Cleo's seat, and every screen says so.
    await host.waitForSelector('#standins .standin[data-seat="2"]', { timeout: 30000 });
    // Cleo comes later: opening her link gives her the seat at once.
    const { page: cleo } = await newPage(browser);
    await cleo.goto(cleoLink);
    await host.waitForFunction(() => !document.querySelector('#standins .standin[data-seat="2"]'), null, { timeout: 30000 });
    await cleo.waitForSelector('#players .player');
    assert.equal(await cleo.isVisible('#back-seat'), false, 'no "play my seat again" on a first visit');

    // Another table, which Ann cancels before anyone came.
    await lobby(['Ann', 'Dan']);
    const danLink = await host.inputValue('#waitroom input.link[data-seat="1"]');
    host.once('dialog', (d) => d.accept());
    await host.click('#cancel-table');
    await host.waitForSelector('#cancelled');
    const { page: dan } = await newPage(browser);
    await dan.goto(danLink);
    await dan.waitForSelector('#cancelled');
    for (const p of [host, bob, cleo, dan]) assert.equal(p.__errors || 0, 0, 'no script errors');
  } finally {
    await browser.close();
  }
});
