// The front page as a returning visitor sees it (issue 32): after the tutorial was opened
// once, the invitation to it is gone and nothing takes its place.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, BASE, strayWords } from '../lib.mjs';

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
