// Two people in two browser contexts, invited from the lobby; a spectator sees no tiles.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, BASE, playOneMove } from '../lib.mjs';

test('human vs human from the lobby, with a spectator who sees no tiles', async () => {
  const browser = await launch();
  try {
    const { page: host } = await newPage(browser);
    await host.goto(BASE + '/new');
    await host.selectOption('#preset', 'dominos-triangles');
    // Second seat: a person.
    await host.selectOption('ol.seats li:nth-child(2) select.kind', 'human');
    await host.fill('ol.seats li:nth-child(1) input[type=text]', 'Ann');
    await host.fill('ol.seats li:nth-child(2) input[type=text]', 'Bob');
    // House rule: a single round.
    await host.click('details.house summary');
    await host.check('#opt-target-none');
    // Listed among the finished games (a table of people is private unless listed).
    await host.check('#game-listed');
    await host.click('#create');
    await host.waitForSelector('input.link[data-seat="1"]');
    const ann = await host.inputValue('input.link[data-seat="0"]');
    const bob = await host.inputValue('input.link[data-seat="1"]');
    const watch = await host.inputValue('#spectator-link');
    assert.notEqual(ann, bob);

    const a = (await newPage(browser)).page;
    const b = (await newPage(browser)).page;
    const s = (await newPage(browser)).page;
    const spectatorFrames = [];
    s.on('websocket', (ws) => ws.on('framereceived', (f) => spectatorFrames.push(String(f.payload))));
    await a.goto(ann);
    await b.goto(bob);
    await s.goto(watch);
    for (const p of [a, b, s]) await p.waitForSelector('#players .player');
    // Each sees the other connected.
    await a.waitForSelector('#players .player[data-seat="1"] .dot.on');
    await b.waitForSelector('#players .player[data-seat="0"] .dot.on');

    let moves = 0;
    while (!(await a.$('#overlay:not(.hidden) .gameover'))) {
      // Whoever's turn it is (or the end of the game).
      const mover = await Promise.race([
        a.waitForSelector('#turn .mine', { timeout: 20000 }).then(() => a),
        b.waitForSelector('#turn .mine', { timeout: 20000 }).then(() => b),
        a.waitForSelector('#overlay:not(.hidden) .gameover', { timeout: 20000 }).then(() => null),
      ]);
      if (!mover) break;
      await playOneMove(mover);
      moves += 1;
      if (moves === 3) {
        // The spectator: board and scores, no rack, no hand in any message.
        assert.equal((await s.$$('#rack .racktile')).length, 0);
        // The spectator sees the board the players see (the deal is random:
        // some of those moves may have been draws or passes, so count the
        // players' tiles rather than assume a number).
        const onBoard = await mover.$$eval('#board .tiles .tile', (t) => t.length);
        assert.ok(onBoard >= 1);
        await s.waitForFunction((n) => document.querySelectorAll('#board .tiles .tile').length >= n, onBoard, { timeout: 10000 });
        assert.match(await s.textContent('#rack'), /watching/);
      }
      assert.ok(moves < 400, 'the game ends');
    }
    await b.waitForSelector('#overlay:not(.hidden) .gameover');
    await s.waitForSelector('#overlay:not(.hidden) .gameover');
    assert.ok(spectatorFrames.length > 5);
    for (const f of spectatorFrames) {
      const m = JSON.parse(f);
      assert.ok(m.me === undefined || m.me === null, 'no private view for a spectator');
    }
    // Spectator frames before the end never carry a hand.
    const beforeEnd = spectatorFrames.filter((f) => !f.includes('round_ended'));
    for (const f of beforeEnd) assert.ok(!f.includes('"hand"'), f.slice(0, 200));
    // The finished game is listed and replays step by step.
    await a.click('#overlay a[href^="/replay/"]');
    await a.waitForSelector('#steplabel');
    await a.click('button[aria-label="Next move"]');
    assert.match(await a.textContent('#steplabel'), /Move 1 of/);
    await a.goto(BASE + '/games');
    await a.waitForSelector('table.gamelist tbody tr');
    // Download the game as .tri and open that file in the replay viewer.
    const id = new URL(watch).pathname.split('/')[2];
    const tri = await (await fetch(`${BASE}/api/games/${id}/record.tri`)).text();
    assert.match(tri, /^\[Format "1"\]/);
    await a.goto(BASE + '/replay');
    await a.setInputFiles('#trifile', { name: 'game.tri', mimeType: 'text/plain', buffer: Buffer.from(tri) });
    await a.waitForSelector('#steplabel');
    await a.click('button[aria-label="End"]');
    assert.match(await a.textContent('#steplabel'), /Move (\d+) of \1/);
  } finally {
    await browser.close();
  }
});
