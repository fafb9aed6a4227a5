// Puzzles as a player solves them: one puzzle of each kind, picked by kind and level,
// with one wrong try explained by the engine; one solved with hints; solved puzzles
// remembered; the daily puzzle the same in two browser contexts; French words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { launch, newPage, BASE, api, cellPoint, strayWords, turnsTo } from '../lib.mjs';

// The shipped collection, with its solutions (the page never receives them).
const ALL = JSON.parse(readFileSync(new URL('../../../core/data/puzzles.json', import.meta.url), 'utf8'));

// Picks a tile in the rack, turns it to `rotation` with the rotate button, clicks the
// cell (or drags the tile from the rack onto it).
async function place(page, m, drag) {
  const rackTile = `#rack .racktile[data-tile="${m.tile}"]`;
  await page.click(rackTile);
  for (let k = 0; k < turnsTo(m.rotation); k++) await page.click('#rotate');
  const before = await page.textContent('#puzzlemsg');
  const [x, y] = await cellPoint(page, m.cell);
  if (drag) {
    const box = await page.locator(rackTile).boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 20, box.y + box.height / 2 - 20, { steps: 3 });
    await page.mouse.move(x, y, { steps: 8 });
    await page.mouse.up();
  } else {
    await page.mouse.move(x, y);
    await page.mouse.click(x, y);
  }
  // The server answers every try: wait for its word.
  await page.waitForFunction((b) => document.getElementById('puzzlemsg').textContent !== b, before, { timeout: 10000 });
}

// A try the engine refuses (a corner that does not match) or that scores less than the goal.
async function wrongTry(p) {
  const s = p.solution[0];
  const tries = [];
  for (const tile of p.hand) for (const rotation of [0, 1, 2]) tries.push({ tile, cell: s.cell, rotation });
  for (const m of tries) {
    const r = await api(`/api/puzzles/${p.id}/try`, { moves: [m] });
    if (r.json.outcome === 'illegal' && r.json.error.code === 'corner_mismatch') return { m, outcome: 'illegal' };
    if (r.json.outcome === 'too_few_points') return { m, outcome: 'too_few_points' };
  }
  throw new Error('no wrong try found for ' + p.id);
}

test('one puzzle of each of the four kinds solved as a player would, with one wrong try each', async () => {
  const browser = await launch();
  try {
    const { page } = await newPage(browser);
    for (const kind of ['max_points', 'go_out', 'connect', 'best_turn']) {
      const p = ALL.filter((q) => q.kind === kind)[1];
      await page.goto(BASE + '/puzzles');
      await page.click('#kind-' + kind);
      await page.click(`#levels .level[data-id="${p.id}"]`);
      await page.waitForURL(new RegExp('/puzzles/' + p.id + '$'));
      await page.waitForSelector('#rack .racktile');
      assert.equal(await page.$$eval('#board .tiles .tile', (t) => t.length), p.board.length);
      assert.equal(await page.$$eval('#rack .racktile', (t) => t.length), p.hand.length);
      const wrong = await wrongTry(p);
      await place(page, wrong.m);
      const msg = await page.textContent('#puzzlemsg');
      assert.ok(await page.$('#puzzlemsg.wrong'), kind + ': the wrong try is marked');
      if (wrong.outcome === 'illegal') {
        assert.match(msg, /does not fit: The numbers do not match: .* must be \d, this tile puts \d there/);
        assert.equal(await page.$$eval('#board .badcorner', (c) => c.length), 1, 'the corner that does not match is circled');
      }
      else assert.match(msg, new RegExp(`the goal is ${p.goal.points}`));
      assert.equal(await page.$$eval('#board .tiles .tile', (t) => t.length), p.board.length, 'the wrong tile is not kept');
      // The last tile of the go_out answer is dragged from the rack, the others clicked.
      for (const [i, m] of p.solution.entries()) await place(page, m, kind === 'go_out' && i === p.solution.length - 1);
      await page.waitForSelector('#puzzlemsg.right');
      assert.match(await page.textContent('#puzzledone'), /Solved/);
      // A puzzle that is not the daily one has no streak line, and nothing in its place (issue 32).
      assert.deepEqual(await strayWords(page, '#puzzledone'), [], kind);
      assert.equal((await page.textContent('#puzzledone a.button')).trim(), 'Next puzzle', kind);
      assert.match(await page.textContent('#puzzlecount'), /Wrong tries: 1/);
    }
    // The levels page remembers them.
    await page.goto(BASE + '/puzzles');
    await page.click('#kind-connect');
    const cn = ALL.filter((q) => q.kind === 'connect')[1];
    await page.waitForSelector(`#levels .level.solved[data-id="${cn.id}"]`);
    assert.match(await page.textContent('#solvedcount'), /Solved: 4 of/);
    assert.equal(page.__errors || 0, 0, 'no script errors');
  } finally {
    await browser.close();
  }
});

test('a go_out puzzle: undo, then graded hints (idea, tile, spot) reveal one tile at a time up to the answer', async () => {
  const browser = await launch();
  try {
    const { page } = await newPage(browser);
    const p = ALL.filter((q) => q.kind === 'go_out')[3];
    await page.goto(BASE + '/puzzles/' + p.id);
    await page.waitForSelector('#rack .racktile');
    // A first placement from the solution, taken back.
    await place(page, p.solution[0]);
    assert.equal(await page.$$eval('#board .tiles .tile', (t) => t.length), p.board.length + 1);
    await page.click('#undo');
    assert.equal(await page.$$eval('#board .tiles .tile', (t) => t.length), p.board.length);
    for (let i = 0; i < p.hand.length; i++) {
      // Graded: the idea (no tile named, nothing marked), then the tile, then its spot.
      await page.click('#hint');
      await page.waitForSelector('#puzzlemsg.hint');
      const idea = await page.textContent('#puzzlemsg');
      for (const tile of p.hand) assert.ok(!idea.includes(tile), `the idea names no tile: ${idea}`);
      assert.equal(await page.$$eval('#board .mark.hint', (m) => m.length), 0, 'no spot with the idea');
      await page.click('#hint');
      const tileMsg = await page.textContent('#puzzlemsg');
      assert.notEqual(tileMsg, idea);
      assert.equal(await page.$$eval('#board .mark.hint', (m) => m.length), 0, 'no spot with the tile');
      await page.click('#hint');
      const mark = await page.$('#board .mark.hint');
      assert.ok(mark, 'the hint marks a spot');
      const cell = (await mark.getAttribute('data-cell')).split(',').map(Number);
      const picked = await page.$eval('#rack .racktile[aria-pressed=true]', (b) => b.dataset.tile);
      assert.match(await page.textContent('#puzzlemsg'), new RegExp(picked));
      const before = await page.textContent('#puzzlemsg');
      const [x, y] = await cellPoint(page, cell);
      await page.mouse.click(x, y);
      await page.waitForFunction((b) => document.getElementById('puzzlemsg').textContent !== b, before);
    }
    await page.waitForSelector('#puzzlemsg.right');
    assert.match(await page.textContent('#puzzlecount'), new RegExp(`hints: ${3 * p.hand.length}`));
  } finally {
    await browser.close();
  }
});

test('the daily puzzle is the same in two browser contexts, and the pages speak French', async () => {
  const browser = await launch();
  try {
    const a = await newPage(browser);
    const b = await newPage(browser, { locale: 'fr-FR' });
    const seen = [];
    for (const { page } of [a, b]) {
      await page.goto(BASE + '/puzzles');
      await page.click('#daily');
      await page.waitForSelector('#rack .racktile');
      seen.push({
        board: await page.$$eval('#board .tiles .tile', (t) => t.map((x) => x.dataset.cell).sort()),
        hand: await page.$$eval('#rack .racktile', (t) => t.map((x) => x.dataset.tile)),
        date: await page.evaluate(() => { const d = new Date(); return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`; }),
      });
    }
    assert.deepEqual(seen[0], seen[1], 'the same puzzle for everyone on a date');
    const daily = (await api('/api/puzzles/daily?date=' + seen[0].date)).json;
    const p = ALL.find((q) => q.id === daily.id);
    assert.deepEqual(seen[0].hand, p.hand);
    assert.match(await b.page.textContent('h1'), /Casse-tête du jour/);
    await b.page.goto(BASE + '/puzzles');
    assert.match(await b.page.textContent('#kinddesc'), /Une position d'une vraie partie/);
  } finally {
    await browser.close();
  }
});

// Cells near a board's tiles: where a first placement may go.
function cellsNear(board) {
  const out = new Map();
  for (const b of board) for (let dc = -2; dc <= 2; dc++) for (let dr = -1; dr <= 1; dr++) {
    const c = [b.cell[0] + dc, b.cell[1] + dr];
    out.set(c.join(','), c);
  }
  for (const b of board) out.delete(b.cell.join(','));
  return [...out.values()];
}

test('a best run that leads nowhere is not praised, and a hint takes a wrong try\'s ring away', async () => {
  // A first placement of a best_turn puzzle that is legal but from which the goal cannot be reached.
  let found = null;
  for (const p of ALL.filter((q) => q.kind === 'best_turn')) {
    for (const cell of cellsNear(p.board)) {
      for (const tile of p.hand) for (const rotation of [0, 1, 2]) {
        const r = (await api(`/api/puzzles/${p.id}/try`, { moves: [{ tile, cell, rotation }] })).json;
        if (r.outcome === 'going' && r.dead_end) { found = { p, m: { tile, cell, rotation } }; break; }
      }
      if (found) break;
    }
    if (found) break;
  }
  assert.ok(found, 'a run that leads nowhere');
  const { p, m } = found;
  const browser = await launch();
  try {
    const { page } = await newPage(browser);
    await page.goto(BASE + '/puzzles/' + p.id);
    await page.waitForSelector('#rack .racktile');
    await place(page, m);
    const msg = await page.textContent('#puzzlemsg');
    assert.ok(!msg.startsWith('Good'), `not praised: ${msg}`);
    assert.ok((await page.getAttribute('#puzzlemsg', 'class')).includes('wrong'), msg);
    await page.click('#undo');
    // A wrong try rings its corner; the hint takes the ring away.
    const w = await wrongTry(p);
    if (w.outcome === 'illegal') {
      await place(page, w.m);
      assert.equal(await page.$$eval('#board circle.badcorner', (c) => c.length), 1);
      await page.click('#hint');
      await page.waitForSelector('#puzzlemsg.hint');
      assert.equal(await page.$$eval('#board circle.badcorner', (c) => c.length), 0, 'the ring goes with the hint');
    }
    assert.equal(page.__errors || 0, 0, 'no script error');
  } finally {
    await browser.close();
  }
});
