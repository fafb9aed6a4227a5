// The tutorial as a new player meets it: the front page invites to it on a first visit, and
// the whole Goliath lesson set is played by clicking (a tile, the rotate button, a spot on the
// board, the draw and pass buttons), one wrong answer per lesson first (the engine's reason is
// shown, a disagreeing corner circled), then a retry with the right answer; progress is
// remembered after a reload. In English and in French.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, BASE, api } from '../lib.mjs';

// Where a cell's centre is on the screen (rules.md section 2, board.js's drawing).
async function cellPoint(page, cell) {
  return page.evaluate(([c, r]) => {
    const S = 100, H = (Math.sqrt(3) / 2) * S;
    const up = (((c + r) % 2) + 2) % 2 === 0;
    const a = up ? (c - r) / 2 : (c - r - 1) / 2;
    const pts = up ? [[a, r + 1], [a + 1, r], [a, r]] : [[a, r + 1], [a + 1, r + 1], [a + 1, r]];
    const xy = pts.map((p) => [(p[0] + p[1] / 2) * S, -p[1] * H]);
    const x = (xy[0][0] + xy[1][0] + xy[2][0]) / 3, y = (xy[0][1] + xy[1][1] + xy[2][1]) / 3;
    const m = document.getElementById('board').getScreenCTM();
    return [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f];
  }, cell);
}

async function clickCell(page, cell) {
  const [x, y] = await cellPoint(page, cell);
  await page.mouse.move(x, y);
  await page.mouse.click(x, y);
}

// Does what a player does for an action: pick the tile, turn it, click the spot; or press a button.
async function act(page, action) {
  if (action.kind === 'play') {
    await page.click(`#rack .racktile[data-tile="${action.tile}"]`);
    for (let i = 0; i < action.rotation; i++) await page.click('#rotate');
    const [x, y] = await cellPoint(page, action.cell);
    await page.mouse.move(x, y);
    await page.mouse.click(x, y);
  } else {
    await page.click('#' + action.kind);
  }
}

// The same with the keyboard: pick the tile, R to turn it, the arrows to the spot, Enter.
async function actByKeys(page, lesson) {
  const a = lesson.solution;
  await page.click(`#rack .racktile[data-tile="${a.tile}"]`);
  for (let i = 0; i < a.rotation; i++) await page.keyboard.press('r');
  const at = lesson.open.findIndex((c) => c[0] === a.cell[0] && c[1] === a.cell[1]);
  assert.ok(at >= 0, 'the spot is an open cell');
  for (let i = 0; i <= at; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
}

const rawKey = /\b(learn|errors|reason|rules)\.[a-z_.-]+/;

async function playTutorial(locale, words) {
  const browser = await launch();
  try {
    const { page } = await newPage(browser, { locale });
    await page.goto(BASE + '/');
    await page.waitForSelector('#learn-banner #learn-cta');
    assert.match(await page.textContent('#learn-banner'), words.banner);
    await page.click('#learn-cta');
    await page.waitForSelector('#learn-start');
    assert.match(await page.textContent('#learn-progress'), /0/);
    const set = (await api('/api/learn/goliath')).json;
    assert.equal(set.lessons.length, 13);
    await page.click('#learn-start');
    for (const lesson of set.lessons) {
      await page.waitForFunction((name) => location.pathname === '/learn/goliath/' + name && document.getElementById('intro'), lesson.name);
      const intro = await page.textContent('#intro');
      assert.doesNotMatch(intro, rawKey, `${lesson.name}: ${intro}`);
      assert.doesNotMatch(intro, /\{\w+\}/, `${lesson.name}: a placeholder is left: ${intro}`);

      // A wrong answer first: refused by the engine (or legal but not the goal), and explained.
      await act(page, lesson.wrong);
      await page.waitForSelector('#feedback:not([hidden])[data-state="wrong"], #feedback:not([hidden])[data-state="miss"]', { timeout: 10000 });
      const why = await page.textContent('#why');
      assert.ok(why.length > 15, `${lesson.name}: ${why}`);
      assert.doesNotMatch(await page.textContent('#feedback'), rawKey, lesson.name);
      if (lesson.name === 'corners' || lesson.name === 'rotate') {
        // The corner that disagrees is circled on the board and named in words.
        assert.equal((await page.$$('#board .badcorner')).length, 1, lesson.name);
        assert.match(why, words.corner, lesson.name);
      }
      // In the bridge lesson the player asks to be shown the answer, then plays it.
      const showMe = lesson.name === 'bridge';
      await page.click(showMe ? '#showme' : '#retry');
      if (showMe) {
        await page.waitForSelector('#feedback:not([hidden])[data-state="info"]');
        assert.equal(await page.getAttribute('#rack .racktile[aria-pressed="true"]', 'data-tile'), lesson.solution.tile);
        assert.equal((await page.$$('#board .ghostlayer .tile')).length, 1, 'the answer is drawn on the board');
      } else await page.waitForSelector('#feedback[hidden]', { state: 'attached' });
      // The position is back as it was: no tile of the wrong try on the board.
      assert.equal(await page.$$eval('#board .tiles .tile', (t) => t.length), lesson.board.length, lesson.name);

      // The retry, right this time (with the keyboard only in the rotate lesson: R, the arrows, Enter).
      if (lesson.name === 'rotate') await actByKeys(page, lesson);
      else if (showMe) await clickCell(page, lesson.solution.cell);
      else await act(page, lesson.solution);
      await page.waitForSelector('#feedback:not([hidden])[data-state="solved"]', { timeout: 10000 });
      const fb = await page.textContent('#feedback');
      assert.doesNotMatch(fb, rawKey, `${lesson.name}: ${fb}`);
      if (lesson.solution.kind === 'play') assert.equal(await page.$$eval('#board .tiles .tile', (t) => t.length), lesson.board.length + 1);
      if (['out', 'blocked', 'end'].includes(lesson.name)) assert.ok(await page.$('#roundend'), `${lesson.name}: the round's end is shown`);
      await page.click('#next');
    }
    // Back on the list: everything done, and still so after a reload.
    await page.waitForSelector('#learn-complete');
    await page.reload();
    await page.waitForSelector('#learn-complete');
    assert.equal((await page.$$('#lessons li.done')).length, 13);
    assert.match(await page.textContent('#learn-complete'), words.complete);
    // The front page no longer pushes the tutorial, but keeps a link to it.
    await page.goto(BASE + '/');
    await page.waitForSelector('#learn-link');
    assert.equal(await page.$('#learn-banner'), null);
    assert.equal(page.__errors || 0, 0, 'no script error');
  } finally {
    await browser.close();
  }
}

test('the whole Goliath tutorial, in English', { timeout: 240000 }, () =>
  playTutorial('en-US', { banner: /New to Triominos/, corner: /circled in red/, complete: /every lesson/ }));

test('the whole Goliath tutorial, in French', { timeout: 240000 }, () =>
  playTutorial('fr-FR', { banner: /débutez au Triominos/, corner: /entouré de rouge/, complete: /toutes les leçons/ }));
