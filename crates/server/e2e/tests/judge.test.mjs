// The review says why (issue 33): each entry's reasons in words (in French too), the
// uncertainty (± se), what differs when the same tile was played elsewhere, the bot's
// choice on the board when it was a draw, the chart's legend naming only what it draws,
// and the page fitting a phone with its controls above the board.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { launch, newPage, BASE, api, finishedBotGame } from '../lib.mjs';

const en = JSON.parse(readFileSync(new URL('../../assets/i18n/en.json', import.meta.url), 'utf8'));
const fr = JSON.parse(readFileSync(new URL('../../assets/i18n/fr.json', import.meta.url), 'utf8'));

// A small judge's budget: the page and the API take the same query.
const BUDGET = 'iterations=300&samples=100';


async function reviewOf(id) {
  const { status, json } = await api(`/api/games/${id}/review?seat=0&${BUDGET}`);
  assert.equal(status, 200);
  return json.review.decisions;
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

// A translation with its placeholders as "anything": a pattern for a worded sentence.
function pattern(text) {
  const parts = text.split(/\{[^}]*\}/).map((p) => p.replace(/[.*+?^$()|[\]\\]/g, '\\$&'));
  return new RegExp(parts.join('.*'));
}

async function goToMove(page, i) {
  await page.click(`.reviewlist tbody tr[data-k="${i}"] button`);
  await page.waitForFunction((n) => document.querySelector('#steplabel').textContent.startsWith(`Move ${n} `) || document.querySelector('#steplabel').textContent.startsWith(`Coup ${n} `), i + 1);
}

test('an entry with a loss says why in words, with its uncertainty, and what differs', async () => {
  const id = await finishedBotGame(21);
  const ds = await reviewOf(id);
  const lossy = ds.map((d, i) => [d, i]).filter(([d]) => d.loss > 0);
  assert.ok(lossy.length > 0, 'a loss to read');
  for (const [d] of lossy) assert.ok(d.reasons.length > 0, 'every loss has a reason');
  const browser = await launch();
  try {
    const { page } = await newPage(browser);
    await page.goto(`${BASE}/review/${id}?seat=0&${BUDGET}`);
    await page.waitForSelector('#decision', { timeout: 60000 });
    const [d, i] = lossy[0];
    await goToMove(page, i);
    const items = await page.$$eval('#reviewreasons li', (l) => l.map((x) => x.textContent));
    assert.equal(items.length, d.reasons.length);
    d.reasons.forEach((r, j) => {
      assert.ok(items[j].startsWith(en['review.side.' + r.side]), items[j]);
      assert.match(items[j], pattern(en['hint.reason.' + r.code]), `${r.code}: ${items[j]}`);
    });
    assert.match(await page.textContent('#reviewloss'), /±/);
    // The same tile elsewhere: the entry names each move in the notation and its words (never
    // a cell nor a turn number), and says what differs.
    const spot = ds.map((x, j) => [x, j]).find(([x]) => x.differs === 'spot' || x.differs === 'turn');
    assert.ok(spot, 'a decision where the same tile was better elsewhere');
    await goToMove(page, spot[1]);
    const played = await page.textContent('#reviewplayed');
    const best = await page.textContent('#reviewbest');
    assert.notEqual(played, best, `"${played}" instead of "${best}"`);
    assert.ok(played.startsWith(spot[0].played_name.notation + ', ') && best.startsWith(spot[0].best_name.notation + ', '), `${played} / ${best}`);
    assert.ok(!played.includes(spot[0].played.cell.join(',')) && !/turned/.test(played + best), `${played} / ${best}`);
    assert.equal(await page.textContent('#reviewdiffers'), en['review.differs.' + spot[0].differs]);
    assert.equal(page.__errors || 0, 0, 'no script error');
  } finally {
    await browser.close();
  }
});

test('a review entry\'s reason read in French', async () => {
  const id = await finishedBotGame(21);
  const ds = await reviewOf(id);
  const [d, i] = ds.map((x, j) => [x, j]).find(([x]) => x.reasons.length > 0);
  const browser = await launch();
  try {
    const { page } = await newPage(browser, { locale: 'fr-FR' });
    await page.goto(`${BASE}/review/${id}?seat=0&${BUDGET}`);
    await page.waitForSelector('#decision', { timeout: 60000 });
    await goToMove(page, i);
    const first = await page.textContent('#reviewreasons li');
    assert.ok(first.startsWith(fr['review.side.' + d.reasons[0].side]), first);
    assert.match(first, pattern(fr['hint.reason.' + d.reasons[0].code]), first);
    assert.doesNotMatch(first, /hint\.|review\./);
    assert.match(await page.textContent('#reviewloss'), /Coût : .* ± .* points/);
    assert.equal(page.__errors || 0, 0, 'no script error');
  } finally {
    await browser.close();
  }
});

test('the bot\'s choice can be shown when it was a draw', async () => {
  const id = await finishedBotGame(22);
  const ds = await reviewOf(id);
  const at = ds.findIndex((d) => d.best.kind === 'draw' && !same(d.best, d.played));
  assert.ok(at >= 0, 'a decision where the bot would have drawn');
  const browser = await launch();
  try {
    const { page } = await newPage(browser);
    await page.goto(`${BASE}/review/${id}?seat=0&${BUDGET}`);
    await page.waitForSelector('#decision', { timeout: 60000 });
    await goToMove(page, at);
    assert.equal(await page.isDisabled('#showbest'), false, 'the bot\'s choice, a draw, can be shown');
    const played = await page.$$eval('#board .tiles .tile', (t) => t.length);
    await page.click('#showbest');
    assert.equal(await page.getAttribute('#showbest', 'aria-pressed'), 'true');
    // The board before the move (the played tile taken off), and a word for the draw.
    assert.equal(await page.$$eval('#board .tiles .tile', (t) => t.length), played - 1);
    assert.equal(await page.isVisible('#bestnote'), true);
    assert.equal(await page.textContent('#bestnote'), en['review.best_draw']);
    await page.click('#showplayed');
    assert.equal(await page.isVisible('#bestnote'), false);
    assert.equal(page.__errors || 0, 0, 'no script error');
  } finally {
    await browser.close();
  }
});

test('the chart\'s legend names a dashed mark only where the chart draws one', async () => {
  const id = await finishedBotGame(21);
  const ds = await reviewOf(id);
  const worth = ds.filter((d) => d.best_value - d.played_value >= 0.05).length;
  assert.ok(worth > 0, 'a decision where the bot\'s choice was worth more');
  const browser = await launch();
  try {
    const { page } = await newPage(browser);
    await page.goto(`${BASE}/review/${id}?seat=0&${BUDGET}`);
    await page.waitForSelector('svg.marginchart', { timeout: 60000 });
    const dashed = await page.$$eval('svg.marginchart .bestline', (l) => l.filter((x) => getComputedStyle(x).strokeDasharray !== 'none' && x.getTotalLength() > 0).length);
    assert.equal(dashed, worth, 'one dashed mark a decision where the bot\'s choice was worth more, each of some length');
    assert.ok((await page.textContent('#chartlegend')).includes(en['review.chart_legend_best']));
    // A player whose moves were all as good: no dashed mark, and the legend names none.
    const gus = (await api(`/api/games/${id}/review?seat=1&${BUDGET}`)).json.review.decisions;
    if (gus.every((d) => d.best_value - d.played_value < 0.05)) {
      await page.goto(`${BASE}/review/${id}?seat=1&${BUDGET}`);
      await page.waitForSelector('svg.marginchart', { timeout: 60000 });
      assert.equal(await page.$$eval('svg.marginchart .bestline', (l) => l.length), 0);
      assert.ok(!(await page.textContent('#chartlegend')).includes(en['review.chart_legend_best']));
    }
    assert.equal(page.__errors || 0, 0, 'no script error');
  } finally {
    await browser.close();
  }
});

test('on a phone the review fits the screen and its controls come before the board', async () => {
  const id = await finishedBotGame(22);
  const browser = await launch();
  try {
    const { page } = await newPage(browser, { viewport: { width: 390, height: 844 }, context: { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } });
    await page.goto(`${BASE}/review/${id}?seat=0&${BUDGET}`);
    await page.waitForSelector('#decision', { timeout: 60000 });
    const r = await page.evaluate(() => {
      const wide = [...document.querySelectorAll('main *')].filter((e) => e.getBoundingClientRect().right > innerWidth + 0.5).map((e) => e.tagName + '.' + e.className);
      const top = (s) => document.querySelector(s).getBoundingClientRect().top;
      return { width: document.documentElement.scrollWidth, wide: wide.slice(0, 5), next: top('#reviewnext'), board: top('#board'), bottom: document.querySelector('#reviewnext').getBoundingClientRect().bottom };
    });
    assert.ok(r.width <= 390, `the page is ${r.width} px wide`);
    assert.deepEqual(r.wide, [], 'nothing wider than the screen');
    assert.ok(r.next < r.board, `the controls (${r.next}) above the board (${r.board})`);
    assert.ok(r.bottom <= 844, 'the controls on the first screen');
    assert.equal(page.__errors || 0, 0, 'no script error');
  } finally {
    await browser.close();
  }
});
