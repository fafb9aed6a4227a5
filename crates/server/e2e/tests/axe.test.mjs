// Accessibility: axe-core (the npm package, run inside the page) on every main screen in
// the three languages; any serious or critical violation fails.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, BASE, api, playToDialog, axeViolations } from '../lib.mjs';

// The serious and critical violations of the page as it is now, each with its screen.
async function violations(page, screen) {
  return (await axeViolations(page)).map((f) => `${screen}: ${f}`);
}

for (const locale of ['en-US', 'fr-FR', 'es-ES']) {
  test(`axe-core finds no serious or critical violation on the main screens (${locale})`, async () => {
    const browser = await launch();
    const found = [];
    try {
      // axe-core is injected as an inline script, which the page's policy refuses: bypassed here only.
      const { page } = await newPage(browser, { locale, context: { bypassCSP: true } });
      const at = async (path, wait, screen) => {
        await page.goto(BASE + path);
        await page.waitForSelector(wait);
        found.push(...(await violations(page, screen)));
      };
      // A game of bots alone, for its review (it plays while the other screens are checked).
      const bots = await api('/api/games', { preset: 'goliath', seed: 21, options: { target: 'none' }, seats: [{ kind: 'bot', level: 'random' }, { kind: 'bot', level: 'greedy' }] });
      await at('/', '#solo', 'home');
      await at('/new', '#create', 'lobby');
      await at('/rules/goliath', '#ruleoptions', 'rules');
      await at('/pad', '#padstart', 'score pad');
      await at('/learn', '#lessons', 'tutorial');
      await at('/learn/goliath/corners', '#rack .racktile', 'lesson');
      await at('/puzzles', '.levels a', 'puzzles');
      await at('/puzzles/daily', '#rack .racktile', 'daily puzzle');
      // A game, mid-play with a tile picked, then the end of a round (one tile each).
      const g = await api('/api/games', { preset: 'goliath', seed: 3, options: { hand_size: '2 2 2 2 2' }, seats: [{ kind: 'human', name: 'Ann' }, { kind: 'bot', level: 'greedy' }] });
      await page.goto(BASE + g.json.seats[0].link);
      await page.waitForSelector('#turn .mine', { timeout: 30000 });
      await page.click('#rack .racktile:not(.dim)');
      found.push(...(await violations(page, 'game')));
      // The screen-reader table on (game/srtable.js): its log, spots, move box and lists.
      await page.check('#srtable-on');
      await page.waitForSelector('#srtable:not([hidden]) #sr-spots li');
      found.push(...(await violations(page, 'screen-reader table')));
      await page.uncheck('#srtable-on');
      // The board is named, and a rack tile that fits nowhere says so to assistive technology.
      assert.ok((await page.getAttribute('#board', 'aria-label')).length > 5);
      for (const dim of await page.$$('#rack .racktile.dim')) assert.ok((await dim.textContent()).includes(' — '), 'a dimmed tile is named as such');
      await playToDialog(page);
      await page.waitForSelector('#overlay:not(.hidden) .summary');
      found.push(...(await violations(page, 'round end')));
      await page.click('#close-overlay');
      found.push(...(await violations(page, 'round end, dialog closed')));
      // A game over, its replay, the finished games.
      const over = await api('/api/games', { preset: 'goliath', seed: 4, options: { hand_size: '1 1 1 1 1', target: 'none' }, seats: [{ kind: 'human', name: 'Ann' }, { kind: 'bot', level: 'greedy' }] });
      await page.goto(BASE + over.json.seats[0].link);
      await playToDialog(page);
      await page.waitForSelector('#overlay:not(.hidden) .gameover');
      found.push(...(await violations(page, 'game over')));
      await at('/replay/' + over.json.id, '#steplabel', 'replay');
      const play = await page.$('.controls button:nth-child(3)');
      const idle = await play.getAttribute('aria-label');
      await play.click();
      assert.notEqual(await play.getAttribute('aria-label'), idle, 'the Play button says Pause while playing');
      found.push(...(await violations(page, 'replay playing')));
      await at('/games', 'table.gamelist', 'finished games');
      // The review of the game of bots, at a mistake with the bot's choice on the board.
      for (let i = 0; i < 600 && (await api('/api/games/' + bots.json.id)).json.status.phase !== 'game_over'; i++) await new Promise((r) => setTimeout(r, 100));
      await page.goto(BASE + `/review/${bots.json.id}?seat=0`);
      await page.waitForSelector('#reviewloss', { timeout: 60000 });
      await page.click('#nextmistake');
      if (!(await page.$('#showbest[disabled]'))) await page.click('#showbest');
      found.push(...(await violations(page, 'review')));
      // The dark theme, on the front page and a game's end of round.
      await page.click('#theme');
      await at('/', '#solo', 'home, dark theme');
      await at(g.json.seats[0].link, '#rack .racktile', 'game, dark theme');
      await at('/learn', '#lessons', 'tutorial, dark theme');
      await at('/learn/goliath/corners', '#rack .racktile', 'lesson, dark theme');
      await at('/puzzles', '.levels a', 'puzzles, dark theme');
      await at('/puzzles/daily', '#rack .racktile', 'daily puzzle, dark theme');
      await at(`/review/${bots.json.id}?seat=0`, '#reviewloss', 'review, dark theme');
    } finally {
      await browser.close();
    }
    assert.deepEqual(found, []);
  });
}
