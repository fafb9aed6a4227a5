// Finished games are private unless listed (issue 45): a table with a person is not in
// "Finished games" for any visitor unless its creator listed it; it is still replayed and
// reviewed through its link (its id); a game of bots alone is listed. The lobby's box lists it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, BASE, api, playToDialog } from '../lib.mjs';

async function oneTileGame(page, listed) {
  const body = { preset: 'goliath', seed: 4, options: { hand_size: '1 1 1 1 1', target: 'none' }, seats: [{ kind: 'human', name: 'Ann' }, { kind: 'bot', level: 'greedy' }] };
  if (listed !== undefined) body.listed = listed;
  const g = await api('/api/games', body);
  assert.equal(g.status, 201, JSON.stringify(g.json));
  await page.goto(BASE + g.json.seats[0].link);
  await playToDialog(page);
  await page.waitForSelector('#overlay:not(.hidden) .gameover');
  return g.json.id;
}

test('a game with a person is listed only when its creator lists it; its link still replays it', async () => {
  const browser = await launch();
  try {
    const { page } = await newPage(browser);
    const hidden = await oneTileGame(page);
    const shown = await oneTileGame(page, true);
    const bots = await api('/api/games', { preset: 'goliath', seed: 8, options: { hand_size: '1 1 1 1 1', target: 'none' }, seats: [{ kind: 'bot', level: 'greedy' }, { kind: 'bot', level: 'random' }] });
    let ids = [];
    for (let i = 0; i < 100; i++) {
      ids = (await api('/api/games?limit=1000')).json.games.map((g) => g.id);
      if (ids.includes(bots.json.id) && ids.includes(shown)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.ok(ids.includes(shown), 'the listed game is listed');
    assert.ok(ids.includes(bots.json.id), 'a game of bots alone is listed');
    assert.ok(!ids.includes(hidden), 'the private game is not listed');
    // Its link (the id the spectator link holds) still replays it.
    assert.equal((await api(`/api/games/${hidden}/replay`)).status, 200);
    await page.goto(BASE + '/games');
    await page.waitForSelector('table.gamelist');
    assert.equal(await page.$(`a[href="/replay/${hidden}"]`), null, 'not on the page');
    // The lobby: off by default, and sent when ticked.
    await page.goto(BASE + '/new');
    await page.waitForSelector('#game-listed');
    assert.equal(await page.isChecked('#game-listed'), false);
    await page.check('#game-listed');
    const posted = page.waitForRequest((r) => r.url().endsWith('/api/games') && r.method() === 'POST');
    await page.click('#create');
    assert.equal(JSON.parse((await posted).postData()).listed, true);
    assert.equal(page.__errors || 0, 0, 'no script error');
  } finally {
    await browser.close();
  }
});
