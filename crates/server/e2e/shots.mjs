// Screenshots of the main screens into docs/screenshots, against a live server:
// TRIOMINOS_URL=http://127.0.0.1:8080 node shots.mjs (the server started with --fixed-seeds:
// the screens are of chosen deals)
import { launch, newPage, BASE, playOneMove, api } from './lib.mjs';
const OUT = process.env.SHOTS || new URL('../../../docs/screenshots', import.meta.url).pathname;
const browser = await launch();
const { page } = await newPage(browser);
await page.goto(BASE + '/');
await page.waitForSelector('#solo');
await page.screenshot({ path: `${OUT}/home.png` });
await page.goto(BASE + '/new');
await page.waitForSelector('#create');
await page.click('details.house summary');
await page.screenshot({ path: `${OUT}/lobby.png`, fullPage: false });

// The invitation page after the lobby (two people and a bot).
await page.selectOption('ol.seats li:nth-child(2) select.kind', 'human');
await page.fill('ol.seats li:nth-child(1) input[type=text]', 'Ann');
await page.fill('ol.seats li:nth-child(2) input[type=text]', 'Bob');
await page.click('button:has-text("Add a player")');
await page.click('#create');
await page.waitForSelector('#spectator-link');
await page.screenshot({ path: `${OUT}/invite.png` });

// A game against two bots, Pressman rules, played by clicking.
const g = await api('/api/games', { preset: 'pressman', seed: 12, seats: [{ kind: 'human', name: 'Ann' }, { kind: 'bot', level: 'random', name: 'Bob' }] });
await page.goto(BASE + g.json.seats[0].link);
await page.waitForSelector('#rack .racktile');
for (let i = 0; i < 6; i++) {
  await page.waitForSelector('#turn .mine, #overlay:not(.hidden)', { timeout: 30000 });
  if (await page.$('#overlay:not(.hidden)')) break;
  await playOneMove(page);
}
await page.waitForSelector('#turn .mine, #overlay:not(.hidden)', { timeout: 30000 });
const t = await page.$('#rack .racktile:not(.dim)');
if (t) await t.click();
const m = await page.$('#board .mark.legal');
if (m) { const b = await m.boundingBox(); await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2); }
await page.waitForTimeout(700);
await page.screenshot({ path: `${OUT}/game.png` });
// Play on to the end of the round.
while (!(await page.$('#overlay:not(.hidden) .summary'))) {
  await page.waitForSelector('#turn .mine, #overlay:not(.hidden) .summary', { timeout: 30000 });
  if (await page.$('#overlay:not(.hidden) .summary')) break;
  await playOneMove(page);
}
await page.waitForTimeout(400);
await page.screenshot({ path: `${OUT}/round-end.png` });

// A phone.
const phone = (await newPage(browser, { viewport: { width: 390, height: 844 }, context: { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } })).page;
const g2 = await api('/api/games', { preset: 'goliath', seed: 5, seats: [{ kind: 'human', name: 'Ann' }, { kind: 'bot', level: 'greedy' }] });
await phone.goto(BASE + g2.json.seats[0].link);
await phone.waitForSelector('#rack .racktile');
await phone.waitForSelector('#turn .mine', { timeout: 30000 });
const pt = await phone.$('#rack .racktile:not(.dim)');
if (pt) await pt.tap();
await phone.waitForTimeout(1500);
await phone.screenshot({ path: `${OUT}/phone.png` });

// The dark theme (the system's choice), mid-game.
const dark = (await newPage(browser, { context: { colorScheme: 'dark' }, viewport: { width: 1366, height: 768 } })).page;
const g5 = await api('/api/games', { preset: 'goliath', seed: 5, seats: [{ kind: 'human', name: 'Ann' }, { kind: 'bot', level: 'greedy' }] });
await dark.goto(BASE + g5.json.seats[0].link);
await dark.waitForSelector('#rack .racktile');
for (let i = 0; i < 5; i++) {
  await dark.waitForSelector('#turn .mine, #overlay:not(.hidden)', { timeout: 30000 });
  if (await dark.$('#overlay:not(.hidden)')) break;
  await playOneMove(dark);
}
await dark.waitForSelector('#turn .mine', { timeout: 30000 });
const dt = await dark.$('#rack .racktile:not(.dim)');
if (dt) await dt.click();
await dark.waitForTimeout(800);
await dark.screenshot({ path: `${OUT}/game-dark.png` });

// A game in French, mid-round, a tile picked.
const frg = (await newPage(browser, { locale: 'fr-FR' })).page;
const g4 = await api('/api/games', { preset: 'goliath', seed: 33, seats: [{ kind: 'human', name: 'Léa' }, { kind: 'bot', level: 'greedy' }, { kind: 'bot', level: 'random' }] });
await frg.goto(BASE + g4.json.seats[0].link);
await frg.waitForSelector('#rack .racktile');
for (let i = 0; i < 4; i++) {
  await frg.waitForSelector('#turn .mine, #overlay:not(.hidden)', { timeout: 30000 });
  if (await frg.$('#overlay:not(.hidden)')) break;
  await playOneMove(frg);
}
await frg.waitForSelector('#turn .mine, #overlay:not(.hidden)', { timeout: 30000 });
const ft = await frg.$('#rack .racktile:not(.dim)');
if (ft) await ft.click();
await frg.waitForTimeout(800);
await frg.screenshot({ path: `${OUT}/game-fr.png` });

// French rules page.
const fr = (await newPage(browser, { locale: 'fr-FR' })).page;
await fr.goto(BASE + '/rules/goliath');
await fr.waitForSelector('table.scoring');
await fr.screenshot({ path: `${OUT}/rules-fr.png`, fullPage: true });

// A whole two-bot game (spectated), then its game-over screen and replay.
const g3 = await api('/api/games', { preset: 'dominos-triangles', seed: 8, options: { target: 'none' }, seats: [{ kind: 'bot', level: 'greedy' }, { kind: 'bot', level: 'random' }, { kind: 'bot', level: 'greedy' }] });
await page.goto(BASE + g3.json.spectator);
await page.waitForSelector('#overlay:not(.hidden) .gameover', { timeout: 60000 });
await page.waitForTimeout(500);
await page.screenshot({ path: `${OUT}/game-over.png` });
await page.goto(BASE + '/replay/' + g3.json.id);
await page.waitForSelector('#steplabel');
for (let i = 0; i < 14; i++) await page.click('button[aria-label="Next move"]');
await page.waitForTimeout(300);
await page.screenshot({ path: `${OUT}/replay.png` });
// A review: a random player's moves against greedy, at a mistake with the bot's choice on the board.
const g4 = await api('/api/games', { preset: 'goliath', seed: 21, options: { target: 'none' }, seats: [{ kind: 'bot', level: 'random', name: 'Rita' }, { kind: 'bot', level: 'greedy', name: 'Gus' }] });
await page.goto(BASE + g4.json.spectator);
await page.waitForSelector('#overlay:not(.hidden) .gameover', { timeout: 60000 });
await page.goto(BASE + `/review/${g4.json.id}?seat=0`);
await page.waitForSelector('#reviewloss', { timeout: 60000 });
await page.click('#nextmistake');
if (!(await page.$('#showbest[disabled]'))) await page.click('#showbest');
await page.waitForTimeout(300);
await page.screenshot({ path: `${OUT}/review.png` });
// A hint in a game with hints on: the suggested tile picked in the rack, its spot marked, the move in words.
const gh = await api('/api/games', { preset: 'goliath', seed: 21, hints: true, seats: [{ kind: 'human', name: 'Ann' }, { kind: 'bot', level: 'casual', name: 'Bob' }] });
await page.goto(BASE + gh.json.seats[0].link);
await page.waitForSelector('#rack .racktile');
for (let i = 0; i < 4; i++) {
  await page.waitForSelector('#turn .mine', { timeout: 30000 });
  await playOneMove(page);
}
await page.waitForSelector('#turn .mine', { timeout: 30000 });
await page.click('#hint');
await page.waitForSelector('#hintbox:not([hidden]) #hint-head', { timeout: 30000 });
await page.waitForTimeout(500);
await page.screenshot({ path: `${OUT}/hint.png` });
await browser.close();
