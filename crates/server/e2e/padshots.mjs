// Screenshots of the score pad on a phone into docs/screenshots/pad-*.png (run against a live server).
import { launch, newPage, BASE, api } from './lib.mjs';
const OUT = process.env.SHOTS || '../../../docs/screenshots';
const PHONE = { viewport: { width: 390, height: 844 }, context: { deviceScaleFactor: 2, isMobile: true, hasTouch: true } };

const created = await api('/api/pad', { names: ['Léa', 'Malik', 'Chloé'], preset: 'goliath' });
const id = created.json.id;
// Each change sends the sheet's owner key; the page gets it from the editing link.
const key = { 'X-Pad-Key': created.json.key };
const entries = [
  { kind: 'play', player: 0, tile: '2-3-5' },
  { kind: 'play', player: 1, tile: '1-3-3' },
  { kind: 'draw', player: 2, draws: 2, placed: { tile: '2-3-4' } },
  { kind: 'draw', player: 0, draws: 3 },
  { kind: 'play', player: 1, tile: '0-4-4' },
  { kind: 'play', player: 2, tile: '1-1-1' },
  { kind: 'play', player: 0, tile: '4-4-5', bonus: { hexagons: 1 } },
  { kind: 'play', player: 1, tile: '0-0-1', bonus: { bridge: true } },
  { kind: 'play', player: 2, tile: '2-2-5' },
];
for (const entry of entries) {
  const r = await api(`/api/pad/${id}/entries`, { entry }, key);
  if (r.status !== 200) throw new Error(JSON.stringify(r.json));
}

const browser = await launch();
const { page } = await newPage(browser, PHONE);
await page.goto(`${BASE}/pad/${id}#key=${created.json.key}`);
await page.waitForSelector('#padtiles');
// Léa is about to enter a tile with a hexagon: the preview says why.
await page.fill('#padtiletext', '345');
await page.waitForSelector('#padchosen[data-tile="3-4-5"]');
await page.click('#padbonus [data-bonus="hexagon"]');
await page.waitForFunction(() => /62/.test(document.querySelector('#padpreview').textContent));
await page.evaluate(() => window.scrollTo(0, 0));
await page.screenshot({ path: `${OUT}/pad-turn.png` });
await page.click('#padsave');
await page.waitForFunction(() => document.querySelectorAll('#padtable tbody tr[data-index]').length === 10);
await page.waitForTimeout(3500);
await page.$eval('#padsheet', (e) => e.scrollIntoView());
await page.screenshot({ path: `${OUT}/pad-sheet.png` });

// A round end: Malik goes out after a few more turns; the hands are entered.
const more = [
  { kind: 'play', player: 1, tile: '0-0-2' },
  { kind: 'play', player: 2, tile: '1-1-2' },
  { kind: 'play', player: 0, tile: '1-1-3' },
  { kind: 'play', player: 1, tile: '1-1-4' },
  { kind: 'play', player: 2, tile: '0-2-2' },
  { kind: 'play', player: 0, tile: '0-0-0' },
  { kind: 'play', player: 1, tile: '1-2-2' },
  { kind: 'play', player: 2, tile: '0-1-1' },
  { kind: 'play', player: 0, tile: '0-0-3' },
  { kind: 'play', player: 1, tile: '0-1-2' },
];
for (const entry of more) {
  const r = await api(`/api/pad/${id}/entries`, { entry }, key);
  if (r.status !== 200) throw new Error(JSON.stringify(r.json));
}
await page.reload();
await page.waitForSelector('#padhands');
await page.fill('input.padhand[data-seat="0"]', '5-5-5 3-5-5 0-1-5 2-2-4');
await page.fill('input.padhand[data-seat="2"]', '31');
await page.waitForFunction(() => /Malik \+/.test(document.querySelector('#padpreview').textContent));
await page.$eval('#padbanner', (e) => e.scrollIntoView());
await page.screenshot({ path: `${OUT}/pad-round-end.png` });

await page.click('#padsaveend');
await page.waitForSelector('#padopener');
// The print view: the scores and the sheet only.
await page.emulateMedia({ media: 'print' });
await page.evaluate(() => window.scrollTo(0, 0));
await page.screenshot({ path: `${OUT}/pad-print.png`, fullPage: true });
await page.emulateMedia({ media: 'screen' });

// A finished game (Pressman to 60, three tiles each).
const over = await api('/api/pad', { names: ['Lucía', 'Mateo'], preset: 'pressman', options: { hand_size: '3 3 7 7 7', target: '60' } });
for (const entry of [
  { kind: 'play', player: 0, tile: '0-0-0' },
  { kind: 'play', player: 1, tile: '0-0-1' },
  { kind: 'play', player: 0, tile: '0-1-1' },
  { kind: 'play', player: 1, tile: '0-0-2' },
  { kind: 'play', player: 0, tile: '0-1-2' },
  { kind: 'out', player: 0, hands: [null, { tiles: ['4-5-5'] }] },
]) {
  const r = await api(`/api/pad/${over.json.id}/entries`, { entry }, { 'X-Pad-Key': over.json.key });
  if (r.status !== 200) throw new Error(JSON.stringify(r.json));
}
await page.goto(`${BASE}/pad/${over.json.id}#key=${over.json.key}`);
await page.waitForSelector('#padagain');
await page.screenshot({ path: `${OUT}/pad-over.png` });

await page.goto(`${BASE}/pad`);
await page.waitForSelector('.padlisttable');
await page.screenshot({ path: `${OUT}/pad-new.png` });
await browser.close();
