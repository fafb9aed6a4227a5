// A phone (390x844) in three languages (issue 32): no page scrolls sideways, no chip cuts its
// text (the players' scores, the pool, the turn line, a lesson's players), every seat of a
// full table is in sight, and the site menu takes a small share of the screen: one row with a
// menu button that opens the links over the page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, BASE, api } from '../lib.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, context: { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } };

// What a person would see cut or scrolling sideways: the page wider than the screen, a
// container of cards that scrolls, a chip whose text overflows its box or wraps, a card
// off the screen. Answers a list of findings, [] when all is well.
function layoutFaults(page, extra) {
  return page.evaluate(([extraChips, vw]) => {
    const out = [];
    // On a phone the browser widens the layout to hold what overflows (innerWidth grows, the
    // page is shown zoomed out): measured against the screen's own width.
    const se = document.scrollingElement;
    if (innerWidth > vw) out.push(`the layout is ${innerWidth} px wide on a ${vw} px screen (shown zoomed out)`);
    if (se.scrollWidth > vw) out.push(`the page is ${se.scrollWidth} px wide on a ${vw} px screen`);
    const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
    const label = (e) => `${e.className || e.tagName} "${e.textContent.trim().slice(0, 40)}"`;
    for (const bar of document.querySelectorAll('.players')) {
      if (shown(bar) && bar.scrollWidth > bar.clientWidth + 1) out.push(`the players bar scrolls sideways (${bar.scrollWidth} px in ${bar.clientWidth})`);
    }
    for (const card of document.querySelectorAll('.player')) {
      if (!shown(card)) continue;
      const b = card.getBoundingClientRect();
      if (b.left < -0.5 || b.right > vw + 0.5) out.push(`${label(card)} is off the screen (${b.left.toFixed(0)} to ${b.right.toFixed(0)})`);
    }
    const chips = ['.player .total', '.player .count', '.pool', '#turn span', '.buttons button', '#top a', '#top button', ...extraChips];
    for (const e of document.querySelectorAll(chips.join(', '))) {
      if (!shown(e) || !e.textContent.trim()) continue;
      if (e.scrollWidth > e.clientWidth + 1) out.push(`${label(e)} cuts its text (${e.scrollWidth} px in ${e.clientWidth})`);
      // One line: a chip's words on two lines ("Poo" above "44") are cut by the board's edge.
      if (!e.matches('.buttons button')) {
        // The tops of the visible text's lines (a screen reader's hidden words left out).
        const tops = new Set();
        const walk = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
        for (let n = walk.nextNode(); n; n = walk.nextNode()) {
          if (!n.textContent.trim() || n.parentElement.closest('.sr')) continue;
          const r = document.createRange();
          r.selectNodeContents(n);
          for (const q of r.getClientRects()) if (q.width > 0) tops.add(Math.round(q.top));
        }
        if (tops.size > 1) out.push(`${label(e)} wraps to ${tops.size} lines`);
      }
      const b = e.getBoundingClientRect();
      if (b.left < -0.5 || b.right > vw + 0.5) out.push(`${label(e)} is off the screen`);
    }
    return out;
  }, [extra || [], page.viewportSize().width]);
}

// The header's height and the menu's items as a person finds them.
const header = (page) => page.evaluate(() => {
  const top = document.getElementById('top').getBoundingClientRect();
  return { height: top.height, vh: innerHeight };
});

async function game(preset, seats) {
  const g = await api('/api/games', { preset, seed: 7, seats });
  assert.equal(g.status, 201, JSON.stringify(g.json));
  return g.json.seats[0].link;
}

test('on a phone no page scrolls sideways, no chip cuts its text, and the menu is one row', { timeout: 180000 }, async () => {
  const browser = await launch();
  try {
    const four = await game('goliath', [{ kind: 'human', name: 'Marie-Christine Dupont' }, { kind: 'bot', level: 'expert' }, { kind: 'bot', level: 'casual' }, { kind: 'bot', level: 'clever' }]);
    const two = await game('goliath', [{ kind: 'human', name: 'Christophe' }, { kind: 'bot', level: 'expert' }]);
    const six = await game('dominos-triangles', [{ kind: 'human', name: 'Ann' }, ...Array.from({ length: 5 }, () => ({ kind: 'bot', level: 'beginner' }))]);
    // A finished game for the list of finished games (bots alone, one tile each, one round).
    const over = await api('/api/games', { preset: 'goliath', seed: 7, options: { hand_size: '1 1 1 1 1', target: 'none' }, seats: [{ kind: 'bot', level: 'beginner' }, { kind: 'bot', level: 'casual' }] });
    for (let i = 0; i < 100 && !(await api('/api/games')).json.games.some((g) => g.id === over.json.id); i++) await new Promise((r) => setTimeout(r, 100));
    for (const locale of ['en-US', 'fr-FR', 'es-ES']) {
      const { page } = await newPage(browser, { ...PHONE, locale });
      const pages = [
        ['/', '#solo'], ['/new', 'main h1'], ['/games', 'main h1'], ['/pad', 'main h1'], ['/rules/goliath', '#ruleoptions'],
        ['/learn', '#learn-start'], ['/learn/goliath/opening', '#rack .racktile'], ['/learn/goliath/failed', '#rack .racktile'],
        ['/puzzles', '#levels'], ['/puzzles/' + (await api('/api/puzzles')).json.puzzles[0].id, '#rack .racktile'],
        ['/replay/' + over.json.id, '#steplabel'], [`/review/${over.json.id}?seat=1`, 'main h1'],
        [two, '#rack .racktile'], [four, '#rack .racktile'], [six, '#rack .racktile'],
      ];
      // Every page's findings, said together at the end.
      const found = [];
      for (const [path, ready] of pages) {
        await page.goto(BASE + path);
        await page.waitForSelector(ready);
        // A game: wait until it is this seat's turn (the bots have played), the bar settled.
        if (path.startsWith('/g/')) { await page.waitForSelector('#turn .mine', { timeout: 30000 }); await page.waitForTimeout(700); }
        const where = `${locale} ${path}`;
        for (const f of await layoutFaults(page)) found.push(`${where}: ${f}`);
        const hd = await header(page);
        if (hd.height > 0.08 * hd.vh) found.push(`${where}: the header is ${hd.height} px high, ${(100 * hd.height / hd.vh).toFixed(0)}% of the screen`);
        if (path.startsWith('/g/')) {
          // Three-digit scores and two-digit hands still fit every seat's card.
          await page.evaluate(() => {
            for (const e of document.querySelectorAll('.player .total')) e.textContent = '488';
            for (const e of document.querySelectorAll('.player .count')) e.textContent = '▲12';
          });
          for (const f of await layoutFaults(page)) found.push(`${where} with scores of three digits: ${f}`);
        }
      }
      assert.deepEqual(found, [], locale);
      // The menu: one button opens the links over the page, each a 44 px target inside the
      // screen; a link goes to its page and the menu closes; Escape closes it too.
      await page.goto(BASE + '/');
      await page.waitForSelector('#solo');
      assert.equal(await page.isVisible('#nav a[href="/puzzles"]'), false, `${locale}: the links wait behind the menu button`);
      const button = page.locator('#menu');
      assert.equal(await button.getAttribute('aria-expanded'), 'false');
      const mb = await button.boundingBox();
      assert.ok(mb.width >= 44 && mb.height >= 44, `${locale}: the menu button is ${mb.width}x${mb.height}`);
      await button.click();
      assert.equal(await button.getAttribute('aria-expanded'), 'true');
      const links = await page.$$eval('#nav a', (as) => as.map((a) => { const b = a.getBoundingClientRect(); return { text: a.textContent, x: b.x, y: b.y, w: b.width, h: b.height }; }));
      assert.equal(links.length, 6);
      for (const l of links) {
        assert.ok(l.w >= 44 && l.h >= 44, `${locale}: "${l.text}" is ${l.w}x${l.h}`);
        assert.ok(l.x >= 0 && l.x + l.w <= 390.5 && l.y + l.h <= 844, `${locale}: "${l.text}" is off the screen`);
      }
      assert.deepEqual(await layoutFaults(page), [], `${locale}: the menu open`);
      await page.keyboard.press('Escape');
      assert.equal(await button.getAttribute('aria-expanded'), 'false');
      assert.equal(await page.isVisible('#nav a[href="/puzzles"]'), false, `${locale}: Escape closes the menu`);
      await button.click();
      await page.click('#nav a[href="/puzzles"]');
      await page.waitForURL(/\/puzzles$/);
      await page.waitForSelector('#levels');
      assert.equal(await button.getAttribute('aria-expanded'), 'false', `${locale}: the menu closes on the way`);
      assert.equal(await page.isVisible('#nav a[href="/puzzles"]'), false);
      assert.equal(page.__errors || 0, 0, 'no script error');
    }
  } finally {
    await browser.close();
  }
});

test('on a laptop the menu\'s links are in the header, without a menu button', async () => {
  const browser = await launch();
  try {
    const { page } = await newPage(browser, { viewport: { width: 1366, height: 768 } });
    await page.goto(BASE + '/');
    await page.waitForSelector('#solo');
    assert.equal(await page.isVisible('#menu'), false);
    for (const href of ['/new', '/games', '/pad', '/rules/goliath', '/learn', '/puzzles']) assert.ok(await page.isVisible(`#nav a[href="${href}"]`), href);
    const hd = await header(page);
    assert.ok(hd.height <= 60, `the header is ${hd.height} px high`);
    assert.deepEqual(await layoutFaults(page), []);
  } finally {
    await browser.close();
  }
});
