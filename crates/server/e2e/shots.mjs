// Takes screenshots of the main screens into docs/screenshots (run against a live server).
import { launch, newPage, BASE, playOneMove } from './lib.mjs';
const OUT = process.env.SHOTS || '../../../docs/screenshots';
const browser = await launch();
const { page } = await newPage(browser);
await page.goto(BASE + '/');
await page.waitForSelector('#solo');
await page.screenshot({ path: `${OUT}/home.png` });
await page.click('#solo');
await page.waitForSelector('#rack .racktile');
for (let i = 0; i < 6; i++) {
  await playOneMove(page);
}
await page.waitForSelector('#turn .mine', { timeout: 20000 });
const t = await page.$('#rack .racktile:not(.dim)');
if (t) await t.click();
const m = await page.$('#board .mark.legal');
if (m) { const b = await m.boundingBox(); await page.mouse.move(b.x + b.width / 2, b.y + b.height * 0.6); }
await page.waitForTimeout(300);
await page.screenshot({ path: `${OUT}/game.png` });
await browser.close();
