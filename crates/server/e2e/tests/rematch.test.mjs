// Playing together (issue 32): a reaction reaches the other seat (and not a table that muted
// it); "Play again" at the end of the game, declined once and then agreed, moves both people to
// their own seats of the new game and takes the spectator along; the old link, opened later (in
// French), offers the seat in the new game.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, BASE, api, playOneMove } from '../lib.mjs';

test('reactions, then play again with a spectator following', async () => {
  const browser = await launch();
  try {
    // One tile each and one round: the first move ends the game.
    const { status, json: g } = await api('/api/games', {
      preset: 'goliath', options: { target: 'none', hand_size: '1 1 1 1 1' },
      seats: [{ kind: 'human', name: 'Ann' }, { kind: 'human', name: 'Bob' }],
    });
    assert.equal(status, 201, JSON.stringify(g));
    const a = (await newPage(browser)).page;
    const b = (await newPage(browser)).page;
    const s = (await newPage(browser)).page;
    await a.goto(BASE + g.seats[0].link);
    await b.goto(BASE + g.seats[1].link);
    await s.goto(BASE + g.spectator);
    for (const p of [a, b, s]) await p.waitForSelector('#players .player[data-seat="1"]');
    await a.waitForSelector('#players .player[data-seat="1"] .dot.on');

    // A reaction: Ann's "Well played!" by her name on Bob's page and the spectator's.
    await a.click('#reactions summary');
    await a.click('#reactions button[data-react="well_played"]');
    for (const p of [b, s]) {
      await p.waitForSelector('.reactbubble[data-seat="0"]');
      assert.match(await p.textContent('.reactbubble[data-seat="0"]'), /Ann: Well played!/);
    }
    // A spectator has no reaction buttons.
    assert.equal(await s.isVisible('#react-buttons button'), false);
    // Bob mutes this table: Ann's next reaction reaches the spectator, not him.
    await b.click('#reactions summary');
    await b.check('#react-mute');
    await s.waitForSelector('.reactbubble[data-seat="0"]', { state: 'detached' });
    await a.click('#reactions button[data-react="thanks"]');
    await s.waitForFunction(() => /Thanks!/.test(document.querySelector('.reactbubble[data-seat="0"]')?.textContent || ''));
    assert.equal(await b.$('.reactbubble'), null);

    // The one move of the game.
    const mover = await Promise.race([
      a.waitForSelector('#turn .mine', { timeout: 20000 }).then(() => a),
      b.waitForSelector('#turn .mine', { timeout: 20000 }).then(() => b),
    ]);
    await playOneMove(mover);
    for (const p of [a, b, s]) await p.waitForSelector('#overlay:not(.hidden) .gameover');

    // Ann asks; Bob and the spectator see it; Bob declines; Ann sees that.
    await a.click('#rematch');
    await a.waitForSelector('#rematch-status');
    assert.match(await a.textContent('#rematch-status'), /Waiting for Bob/);
    await b.waitForSelector('#rematch-agree');
    assert.match(await b.textContent('#rematch-status'), /Ann would like to play again/);
    await s.waitForSelector('#rematch-status');
    assert.match(await s.textContent('#rematch-status'), /Ann would like to play again/);
    await b.click('#rematch-decline');
    await a.waitForSelector('#rematch-declined');
    assert.match(await a.textContent('#rematch-declined'), /Bob does not want to play again/);
    // Then Bob asks from the bar under the table, and Ann agrees.
    await b.click('#close-overlay');
    await b.click('#rematch-bar #rematch');
    await a.waitForSelector('#rematch-agree');
    const old = new URL(await a.url()).pathname.split('/')[2];
    await a.click('#rematch-agree');
    const moved = (p) => p.waitForURL((u) => u.pathname.split('/')[2] !== old, { timeout: 20000 });
    await Promise.all([moved(a), moved(b), moved(s)]);
    const [pa, pb, ps] = [a, b, s].map((p) => new URL(p.url()).pathname.split('/').filter(Boolean));
    assert.equal(pa[1], pb[1]);
    assert.equal(pa[1], ps[1]);
    assert.deepEqual([pa.length, pb.length, ps.length], [3, 3, 2]);
    assert.notEqual(pa[2], pb[2]);
    // Each is in their own seat of the new game, the spectator watching it.
    for (const p of [a, b, s]) await p.waitForSelector('#players .player[data-seat="1"] .pname');
    assert.match(await a.textContent('#players .player.me'), /Ann/);
    assert.match(await b.textContent('#players .player.me'), /Bob/);
    assert.match(await s.textContent('#rack'), /watching/);
    await a.waitForSelector('#overlay.hidden', { state: 'attached' });

    // Bob's old link, opened later in French: his seat in the new game is offered.
    const { page: late } = await newPage(browser, { locale: 'fr-FR' });
    await late.goto(BASE + g.seats[1].link);
    await late.waitForSelector('#rematch-go');
    assert.match(await late.textContent('#rematch-go'), /Reprendre votre place/);
    assert.equal(await late.getAttribute('#rematch-go', 'href'), '/' + pb.join('/'));
    await late.click('#rematch-go');
    await late.waitForURL((u) => u.pathname === '/' + pb.join('/'));
    await late.waitForSelector('#players .player.me');
    assert.match(await late.textContent('#players .player.me'), /Bob/);
    for (const p of [a, b, s, late]) assert.equal(p.__errors || 0, 0, 'no script error');
  } finally {
    await browser.close();
  }
});
