// The game review: reached from the finished games and from the game-over screen, it walks
// through one player's moves with the bot's choice on the board, marks mistakes and
// blunders, charts the estimated margin and sums up; in English and in French.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, BASE, api, playToDialog, finishedBotGame } from '../lib.mjs';


test('the review of a finished game, from the finished games list, walked through move by move', async () => {
  const id = await finishedBotGame(21);
  // The same review the page gets (computed once, then kept).
  const { status, json } = await api(`/api/games/${id}/review?seat=0`);
  assert.equal(status, 200);
  const ds = json.review.decisions;
  assert.ok(ds.length > 10, `${ds.length} decisions`);
  const marked = ds.map((d, i) => [d, i]).filter(([d]) => d.severity);
  assert.ok(marked.length > 0, 'the random player made a mistake or a blunder');
  const browser = await launch();
  try {
    const { page } = await newPage(browser);
    await page.goto(BASE + '/games');
    await page.waitForSelector('table.gamelist');
    await page.click(`a[href="/review/${id}"]`);
    await page.waitForSelector('#decision', { timeout: 60000 });
    assert.equal(new URL(page.url()).pathname, '/review/' + id);
    assert.match(await page.textContent('h1'), /Game review/);
    assert.match(await page.textContent('#steplabel'), new RegExp(`Move 1 of ${ds.length}`));
    // Every decision listed, the marked ones with their word.
    assert.equal(await page.$$eval('.reviewlist tbody tr', (r) => r.length), ds.length);
    assert.equal(await page.$$eval('.reviewlist tbody tr.mistake, .reviewlist tbody tr.blunder', (r) => r.length), marked.length);
    // The chart: the line of the moves played, a dashed mark where the bot's choice was worth
    // more, a dot per marked decision, named for assistive technology.
    assert.equal(await page.$$eval('svg.marginchart path', (p) => p.length), 1);
    assert.equal(await page.$$eval('svg.marginchart .bestline', (l) => l.length), ds.filter((d) => d.best_value - d.played_value >= 0.05).length);
    assert.equal(await page.$$eval('svg.marginchart circle.dot', (c) => c.length), marked.length);
    assert.match(await page.textContent('svg.marginchart title'), /Estimated margin/);
    // The summary: the average and the points lost in the round.
    const avg = json.review.totals.average_loss.toFixed(1);
    assert.ok((await page.textContent('#reviewaverage')).includes(avg), `average ${avg}`);
    assert.match(await page.textContent('.perround'), /Round 1: /);
    // The next mistake: its card says how much it cost and what it is.
    await page.click('#nextmistake');
    const [first, at] = marked.find(([, i]) => i > 0) || marked[0];
    await page.waitForFunction((n) => document.querySelector('#steplabel').textContent.startsWith(`Move ${n} `), at + 1);
    assert.ok((await page.getAttribute('#decision', 'class')).includes(first.severity));
    assert.ok((await page.textContent('#reviewloss')).includes(first.loss.toFixed(1)));
    assert.match(await page.textContent('#reviewloss'), /Mistake|Blunder/);
    assert.equal(await page.getAttribute('.reviewlist tr.current', 'data-k'), String(at));
    // The bot's choice on the board: its tile drawn where it would have gone.
    if (first.best.kind === 'play') {
      assert.equal(await page.$$eval('#board .tile.ghost.best', (g) => g.length), 0);
      await page.click('#showbest');
      await page.waitForSelector('#board .tile.ghost.best');
      assert.equal(await page.getAttribute('#showbest', 'aria-pressed'), 'true');
      await page.click('#showplayed');
      assert.equal(await page.$$eval('#board .tile.ghost.best', (g) => g.length), 0);
    }
    // The keys walk on; a row of the list goes to its move.
    await page.keyboard.press('Home');
    assert.match(await page.textContent('#steplabel'), /^Move 1 /);
    await page.keyboard.press('ArrowRight');
    assert.match(await page.textContent('#steplabel'), /^Move 2 /);
    await page.click('.reviewlist tbody tr[data-k="4"] button');
    assert.match(await page.textContent('#steplabel'), /^Move 5 /);
    // The other player's review.
    await page.selectOption('#reviewseat', '1');
    await page.waitForFunction(() => new URL(location.href).searchParams.get('seat') === '1');
    await page.waitForSelector('#decision', { timeout: 60000 });
    assert.match(await page.textContent('.intro'), /Gus/);
    assert.equal(page.__errors || 0, 0, 'no script error');
  } finally {
    await browser.close();
  }
});

test('the game-over screen offers the review of your own moves, and it speaks French', async () => {
  const browser = await launch();
  try {
    const { page } = await newPage(browser, { locale: 'fr-FR' });
    // One tile each: the game ends at the first play.
    const g = await api('/api/games', { preset: 'goliath', seed: 4, options: { hand_size: '1 1 1 1 1', target: 'none' }, seats: [{ kind: 'bot', level: 'greedy' }, { kind: 'human', name: 'Ann' }] });
    await page.goto(BASE + g.json.seats[1].link);
    await playToDialog(page);
    await page.waitForSelector('#overlay:not(.hidden) .gameover');
    const href = await page.getAttribute('#over-review', 'href');
    assert.equal(href, `/review/${g.json.id}?seat=1`);
    assert.equal(await page.textContent('#over-review'), 'Analyse');
    await page.click('#over-review');
    await page.waitForSelector('h1');
    await page.waitForFunction(() => document.querySelector('#decision') || document.querySelector('main .intro'), null, { timeout: 60000 });
    assert.equal(await page.textContent('h1'), 'Analyse de la partie');
    assert.match(await page.textContent('.intro'), /Ann/);
    assert.match(await page.textContent('.reviewsummary'), /Bilan/);
    assert.equal(page.__errors || 0, 0, 'no script error');
  } finally {
    await browser.close();
  }
});

test('a game not finished is refused with its reason', async () => {
  const g = await api('/api/games', { preset: 'goliath', seed: 5, seats: [{ kind: 'human', name: 'Ann' }, { kind: 'bot', level: 'greedy' }] });
  const browser = await launch();
  try {
    const { page } = await newPage(browser);
    await page.goto(BASE + `/review/${g.json.id}`);
    const err = await page.waitForSelector('main .error');
    assert.match(await err.textContent(), /.{10,}/);
    assert.doesNotMatch(await err.textContent(), /game_not_finished|errors\./);
  } finally {
    await browser.close();
  }
});
