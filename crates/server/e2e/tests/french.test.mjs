// The page speaks the browser's language; the switch is visible and remembered.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, BASE } from '../lib.mjs';

test('a French browser gets the French page; the switch to Spanish is remembered', async () => {
  const browser = await launch();
  try {
    const { page } = await newPage(browser, { locale: 'fr-FR' });
    await page.goto(BASE + '/');
    await page.waitForSelector('#solo');
    assert.equal(await page.textContent('#solo'), 'Jouer seul contre un robot');
    assert.equal(await page.getAttribute('html', 'lang'), 'fr');
    await page.goto(BASE + '/rules/goliath');
    await page.waitForSelector('table.scoring');
    const rules = await page.textContent('main');
    for (const w of ['pioche', 'pont', 'hexagone', 'chevalet', 'manche']) assert.ok(rules.toLowerCase().includes(w), w);
    // A game in French: the pool is the "pioche".
    await page.goto(BASE + '/');
    await page.click('#solo');
    await page.waitForSelector('#rack .racktile');
    assert.match(await page.textContent('#turn'), /Pioche/);
    assert.match(await page.textContent('.side h2'), /Feuille de marque/);
    // A refusal from the server, worded by the page in French: with the hints off,
    // put a tile far from every other one.
    await page.waitForSelector('#turn .mine', { timeout: 20000 });
    await page.uncheck('#hints');
    await page.click('#rack .racktile');
    const box = await (await page.$('#board')).boundingBox();
    await page.mouse.click(box.x + 25, box.y + 25);
    const toast = await page.waitForSelector('.toast.error');
    assert.match(await toast.textContent(), /première tuile se pose au centre|toucher une autre tuile par un côté entier/);
    // Switch to Spanish; it is remembered after a reload.
    await page.selectOption('#lang', 'es');
    await page.waitForFunction(() => document.documentElement.lang === 'es');
    await page.waitForSelector('#rack .racktile');
    assert.match(await page.textContent('#turn'), /Pozo/);
    await page.reload();
    await page.waitForSelector('#rack .racktile');
    assert.match(await page.textContent('#turn'), /Pozo/);
    assert.equal(await page.inputValue('#lang'), 'es');
  } finally {
    await browser.close();
  }
});
