// The front page as a returning visitor sees it (issue 32): after the tutorial was opened
// once, the invitation to it is gone and nothing takes its place.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, BASE, api, strayWords } from '../lib.mjs';

test('a returning learner\'s front page shows no "null" where the tutorial\'s invitation was', async () => {
  const browser = await launch();
  try {
    for (const locale of ['en-US', 'fr-FR', 'es-ES']) {
      const { page } = await newPage(browser, { locale });
      await page.goto(BASE + '/');
      await page.waitForSelector('#learn-banner');
      assert.deepEqual(await strayWords(page, 'main'), [], `${locale}: a first visit`);
      // Any lesson page opened once, then back to the front page.
      await page.goto(BASE + '/learn/goliath/corners');
      await page.waitForSelector('#rack .racktile');
      await page.goto(BASE + '/');
      await page.waitForSelector('#solo');
      assert.equal(await page.$('#learn-banner'), null, 'the invitation is gone');
      assert.deepEqual(await strayWords(page, 'main'), [], `${locale}: a returning visit`);
      // The same after moving inside the page (no reload).
      await page.click('#learn-link');
      await page.waitForSelector('#learn-start');
      await page.click('header .brand');
      await page.waitForSelector('#solo');
      assert.deepEqual(await strayWords(page, 'main'), [], `${locale}: back from the lesson list`);
      assert.equal(page.__errors || 0, 0, 'no script error');
    }
  } finally {
    await browser.close();
  }
});

// Issue 32: a solo game's level, rules and number of bots are chosen on the front page, beside
// its button, and remembered by the browser; the game started is the one chosen.
test('the front page picks a solo game\'s level, rules and bots, remembers them, and starts that game', async () => {
  const browser = await launch();
  try {
    const meta = (await api('/api/meta')).json;
    const want = {
      'en-US': { level: 'Level', rules: 'Rules', bots: 'Bots', preset: 'goliath' },
      'fr-FR': { level: 'Niveau', rules: 'Règles', bots: 'Robots', preset: 'goliath' },
      'es-ES': { level: 'Nivel', rules: 'Reglas', bots: 'Bots', preset: 'pressman' },
    };
    for (const [locale, w] of Object.entries(want)) {
      const { page, context } = await newPage(browser, { locale });
      await page.goto(BASE + '/');
      await page.waitForSelector('#solo');
      // The picker beside the button, labelled in the page's language, with the defaults:
      // Casual, the language's rules, one bot.
      for (const [id, label] of [['#solo-level', w.level], ['#solo-preset', w.rules], ['#solo-bots', w.bots]]) {
        assert.ok(await page.isVisible(id), `${locale}: ${id} is shown`);
        const name = await page.$eval(id, (s) => s.labels[0]?.textContent.trim());
        assert.equal(name, label, `${locale}: ${id} is labelled`);
      }
      assert.deepEqual(await page.$$eval('#solo-level option', (o) => o.map((x) => x.value)), meta.levels);
      assert.equal(await page.inputValue('#solo-level'), 'casual');
      assert.equal(await page.inputValue('#solo-preset'), w.preset);
      assert.equal(await page.inputValue('#solo-bots'), '1');
      assert.deepEqual(await strayWords(page, 'main'), [], locale);
      assert.doesNotMatch(await page.textContent('main'), /\b(home|level|preset)\.[a-z_.]+/, `${locale}: a raw key`);
      // Dominos triangles take up to six players: up to five bots; Goliath four: three.
      await page.selectOption('#solo-preset', 'dominos-triangles');
      assert.deepEqual(await page.$$eval('#solo-bots option', (o) => o.map((x) => x.value)), ['1', '2', '3', '4', '5']);
      await page.selectOption('#solo-bots', '5');
      await page.selectOption('#solo-preset', 'goliath');
      assert.deepEqual(await page.$$eval('#solo-bots option', (o) => o.map((x) => x.value)), ['1', '2', '3']);
      assert.equal(await page.inputValue('#solo-bots'), '3', 'five bots are cut to the three Goliath allows');
      // Chosen: Expert, Pressman, two bots; remembered after a reload.
      await page.selectOption('#solo-level', 'expert');
      await page.selectOption('#solo-preset', 'pressman');
      await page.selectOption('#solo-bots', '2');
      await page.reload();
      await page.waitForSelector('#solo');
      assert.deepEqual([await page.inputValue('#solo-level'), await page.inputValue('#solo-preset'), await page.inputValue('#solo-bots')], ['expert', 'pressman', '2'], `${locale}: remembered`);
      // One click starts that game.
      await page.click('#solo');
      await page.waitForURL(/\/g\/[0-9a-f]+\/[0-9a-f]{32}$/);
      const id = new URL(page.url()).pathname.split('/')[2];
      const g = (await api('/api/games/' + id)).json;
      assert.equal(g.preset, 'pressman');
      assert.deepEqual(g.seats.map((s) => [s.kind, s.level || null]), [['human', null], ['bot', 'expert'], ['bot', 'expert']], JSON.stringify(g.seats));
      await page.waitForSelector('#rack .racktile');
      assert.equal(page.__errors || 0, 0, 'no script error');
      await context.close();
    }
  } finally {
    await browser.close();
  }
});
