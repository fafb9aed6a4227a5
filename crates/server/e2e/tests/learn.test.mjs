// The tutorial as a new player meets it: the front page invites to it on a first visit, and
// the whole Goliath lesson set is played by clicking (a tile, the rotate button, a spot on the
// board, the draw and pass buttons), one wrong answer per lesson first (the engine's reason is
// shown, a disagreeing corner circled), then a retry with the right answer; progress is
// remembered after a reload. In English and in French.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, BASE, api, cellPoint, turnsTo } from '../lib.mjs';

async function clickCell(page, cell) {
  const [x, y] = await cellPoint(page, cell);
  await page.mouse.move(x, y);
  await page.mouse.click(x, y);
}

// Does what a player does for an action: pick the tile, turn it, click the spot; or press a button.
async function act(page, action) {
  if (action.kind === 'play') {
    await page.click(`#rack .racktile[data-tile="${action.tile}"]`);
    for (let i = 0; i < turnsTo(action.rotation); i++) await page.click('#rotate');
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
  for (let i = 0; i < turnsTo(a.rotation); i++) await page.keyboard.press('r');
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
      // A draw from an empty pool or a pass with tiles in it is not even offered, as in a game
      // (issue 32): then the player goes straight to the answer.
      // In the bridge lesson the player asks to be shown the answer, then plays it.
      const showMe = lesson.name === 'bridge';
      const offered = lesson.wrong.kind === 'play' || await page.isEnabled('#' + lesson.wrong.kind);
      if (!offered) assert.equal(lesson.wrong.kind === 'pass', lesson.pool > 0, `${lesson.name}: ${lesson.wrong.kind} not offered with ${lesson.pool} tiles in the pool`);
      else {
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
        await page.click(showMe ? '#showme' : '#retry');
        if (showMe) {
          await page.waitForSelector('#feedback:not([hidden])[data-state="info"]');
          assert.equal(await page.getAttribute('#rack .racktile[aria-pressed="true"]', 'data-tile'), lesson.solution.tile);
          assert.equal((await page.$$('#board .ghostlayer .tile')).length, 1, 'the answer is drawn on the board');
          // ... and named in the move notation, as typed at the screen-reader table (issue 38).
          assert.ok(lesson.solution_notation, 'the lesson names its answer in the notation');
          assert.ok((await page.textContent('#feedback')).includes(lesson.solution_notation), 'Show me names the answer in the notation');
        } else await page.waitForSelector('#feedback[hidden]', { state: 'attached' });
        // The position is back as it was: no tile of the wrong try on the board.
        assert.equal(await page.$$eval('#board .tiles .tile', (t) => t.length), lesson.board.length, lesson.name);
      }

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

// Issue 32: a lesson offers the draw and the pass as a game would, from its pool: no "Pass
// (free)" with 44 tiles in the pool, no draw from an empty one; the first tile's spot, the
// centre of an empty table, is marked.
test('a lesson offers the pass and the draw as the engine allows them (a pass only with the pool empty, a draw only from tiles); an empty table shows its centre', async () => {
  const browser = await launch();
  try {
    const { page } = await newPage(browser);
    for (const preset of ['goliath', 'pressman', 'dominos-triangles']) {
      const set = (await api('/api/learn/' + preset)).json;
      for (const lesson of set.lessons) {
        await page.goto(`${BASE}/learn/${preset}/${lesson.name}`);
        await page.waitForSelector('#rack .racktile');
        const at = `${preset} ${lesson.name} (pool ${lesson.pool})`;
        // As the engine allows them (the lesson view's can_pass and can_draw): never a pass
        // with tiles in the pool, never a draw from an empty pool.
        assert.equal(await page.isEnabled('#pass'), lesson.can_pass, at + ': the pass');
        assert.equal(await page.isEnabled('#draw'), lesson.can_draw, at + ': the draw');
        if (lesson.can_pass) assert.equal(lesson.pool, 0, at + ': a pass with tiles in the pool');
        if (lesson.can_draw) assert.ok(lesson.pool > 0, at + ': a draw from an empty pool');
        if (!lesson.board.length) {
          // Before and after a tile is picked, the centre is marked; nothing else is.
          assert.deepEqual(await page.$$eval('#board .mark', (ms) => ms.map((m) => m.dataset.cell)), ['0,0'], at + ': the centre is marked');
          await page.click('#rack .racktile');
          assert.deepEqual(await page.$$eval('#board .mark', (ms) => ms.map((m) => m.dataset.cell)), ['0,0'], at + ': the centre is marked with a tile picked');
        } else {
          assert.equal((await page.$$('#board .mark')).length, 0, at + ': no spot is shown on a table with tiles (the lesson is to find it)');
        }
      }
    }
    assert.equal(page.__errors || 0, 0, 'no script error');
  } finally {
    await browser.close();
  }
});
