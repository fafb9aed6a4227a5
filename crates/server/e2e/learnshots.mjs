// Screenshots of every lesson of a set (its start, after the wrong answer, after the right
// one) at a desktop and a phone size, to look at: TRIOMINOS_URL=... node learnshots.mjs [PRESET] [LOCALE]
// Written to $SHOTS (default /tmp/learnshots).
import { mkdirSync } from 'node:fs';
import { launch, newPage, BASE, api, cellPoint, turnsTo } from './lib.mjs';

const preset = process.argv[2] || 'goliath';
const locale = process.argv[3] || 'en-US';
const OUT = process.env.SHOTS || '/tmp/learnshots';
mkdirSync(OUT, { recursive: true });
const set = (await api('/api/learn/' + preset)).json;
const browser = await launch();

async function act(page, a, touch) {
  if (a.kind !== 'play') return page.click('#' + a.kind);
  await page.click(`#rack .racktile[data-tile="${a.tile}"]`);
  for (let i = 0; i < turnsTo(a.rotation); i++) await page.click('#rotate');
  const [x, y] = await cellPoint(page, a.cell);
  if (touch) { await page.touchscreen.tap(x, y); await page.touchscreen.tap(x, y); } else { await page.mouse.move(x, y); await page.mouse.click(x, y); }
}

for (const [size, opts] of [['desktop', { viewport: { width: 1366, height: 768 }, locale }], ['phone', { viewport: { width: 390, height: 844 }, locale, context: { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } }]]) {
  const { page } = await newPage(browser, opts);
  const touch = size === 'phone';
  await page.goto(BASE + '/');
  await page.waitForSelector('#learn-banner');
  await page.screenshot({ path: `${OUT}/${size}-home.png` });
  await page.goto(BASE + '/learn/' + preset);
  await page.waitForSelector('#learn-start');
  await page.screenshot({ path: `${OUT}/${size}-index.png` });
  for (const [i, l] of set.lessons.entries()) {
    const n = String(i + 1).padStart(2, '0');
    await page.goto(`${BASE}/learn/${preset}/${l.name}`);
    await page.waitForSelector('#intro');
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${OUT}/${size}-${n}-${l.name}-a.png` });
    await act(page, l.wrong, touch);
    await page.waitForSelector('#feedback:not([hidden])');
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${OUT}/${size}-${n}-${l.name}-b.png`, fullPage: touch });
    await page.click('#retry');
    await act(page, l.solution, touch);
    await page.waitForSelector('#feedback:not([hidden])[data-state="solved"]');
    await page.waitForTimeout(700);
    await page.screenshot({ path: `${OUT}/${size}-${n}-${l.name}-c.png`, fullPage: touch });
  }
}
await browser.close();
