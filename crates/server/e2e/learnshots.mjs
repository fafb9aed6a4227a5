// Screenshots of every lesson of a set (its start, after the wrong answer, after the right
// one) at a desktop and a phone size, to look at: TRIOMINOS_URL=... node learnshots.mjs [PRESET] [LOCALE]
// Written to $SHOTS (default /tmp/learnshots).
import { mkdirSync } from 'node:fs';
import { launch, newPage, BASE, api } from './lib.mjs';

const preset = process.argv[2] || 'goliath';
const locale = process.argv[3] || 'en-US';
const OUT = process.env.SHOTS || '/tmp/learnshots';
mkdirSync(OUT, { recursive: true });
const set = (await api('/api/learn/' + preset)).json;
const browser = await launch();

async function cellPoint(page, [c, r]) {
  return page.evaluate(([c, r]) => {
    const S = 100, H = (Math.sqrt(3) / 2) * S;
    const up = (((c + r) % 2) + 2) % 2 === 0;
    const a = up ? (c - r) / 2 : (c - r - 1) / 2;
    const pts = up ? [[a, r + 1], [a + 1, r], [a, r]] : [[a, r + 1], [a + 1, r + 1], [a + 1, r]];
    const xy = pts.map((p) => [(p[0] + p[1] / 2) * S, -p[1] * H]);
    const x = (xy[0][0] + xy[1][0] + xy[2][0]) / 3, y = (xy[0][1] + xy[1][1] + xy[2][1]) / 3;
    const m = document.getElementById('board').getScreenCTM();
    return [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f];
  }, [c, r]);
}

async function act(page, a, touch) {
  if (a.kind !== 'play') return page.click('#' + a.kind);
  await page.click(`#rack .racktile[data-tile="${a.tile}"]`);
  for (let i = 0; i < a.rotation; i++) await page.click('#rotate');
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
