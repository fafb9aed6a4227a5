// The table finished (issue 13): always a way on after a round or the game, digits inside
// the tiles at every size, plural forms, the keyboard focus kept where play is, a phone
// layout that fits with 44 px targets, rotation and preview that agree, the score sheet's
// rows, readable hands and contrast, a corrupted record's reason.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, BASE, api, playOneMove, playToDialog } from '../lib.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, context: { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } };

// A game of one person against a bot; answers the person's link.
async function solo(preset, options, seed, name) {
  const g = await api('/api/games', { preset, options, seed, seats: [{ kind: 'human', name: name || 'Ann' }, { kind: 'bot', level: 'greedy' }] });
  assert.equal(g.status, 201, JSON.stringify(g.json));
  return g.json.seats[0].link;
}

const focusInfo = (page) => page.evaluate(() => {
  const a = document.activeElement;
  return { tag: a ? a.tagName : null, id: a ? a.id : null, inRack: !!(a && a.closest('#rack')), inDialog: !!(a && a.closest('#overlay')), pressed: a ? a.getAttribute('aria-pressed') : null, tile: a && a.dataset ? a.dataset.tile || null : null };
});

test('after a round and after the game there is always a visible way on; the dialog is modal, takes and gives back the focus', async () => {
  const browser = await launch();
  try {
    const { page } = await newPage(browser);
    // One tile each: a round ends at its first play; 400 points are far.
    await page.goto(BASE + await solo('goliath', { hand_size: '1 1 1 1 1' }, 3));
    await playToDialog(page);
    const dialog = await page.waitForSelector('#overlay .dialog');
    assert.equal(await dialog.getAttribute('role'), 'dialog');
    assert.equal(await dialog.getAttribute('aria-modal'), 'true');
    const title = await dialog.getAttribute('aria-labelledby');
    assert.match(await page.textContent('#' + title), /End of round 1/);
    let f = await focusInfo(page);
    assert.ok(f.inDialog, 'the dialog takes the focus: ' + JSON.stringify(f));
    // Tab goes round the dialog's buttons and never leaves it.
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      assert.ok((await focusInfo(page)).inDialog, 'Tab stays in the dialog');
    }
    // Closed (Escape), the table shows the way on, and the focus is on it.
    await page.keyboard.press('Escape');
    await page.waitForSelector('#overlay.hidden', { state: 'attached' });
    await page.waitForSelector('#wayon:not([hidden]) #next-round-bar');
    assert.ok(await page.isVisible('#reopen-overlay'));
    f = await focusInfo(page);
    assert.notEqual(f.tag, 'BODY', 'the focus is given back, not dropped: ' + JSON.stringify(f));
    // The summary comes back, and closes again with its button.
    await page.click('#reopen-overlay');
    await page.waitForSelector('#overlay:not(.hidden) .summary');
    await page.click('#close-overlay');
    await page.waitForSelector('#wayon:not([hidden])');
    // The next round is dealt from the bar.
    await page.click('#next-round-bar');
    await page.waitForFunction(() => /Round 2/.test(document.querySelector('#turn').textContent));
    await page.waitForSelector('#wayon', { state: 'hidden' });

    // A single round: the game is over at the first play; Replay and Download stay reachable.
    const { page: p2 } = await newPage(browser);
    await p2.goto(BASE + await solo('goliath', { hand_size: '1 1 1 1 1', target: 'none' }, 4));
    await playToDialog(p2);
    await p2.waitForSelector('#overlay:not(.hidden) .gameover');
    assert.ok((await focusInfo(p2)).inDialog);
    await p2.click('#close-overlay');
    await p2.waitForSelector('#wayon:not([hidden]) #wayon-replay');
    assert.ok(await p2.isVisible('#wayon a[download]'), 'the record can still be downloaded');
    assert.match(await p2.textContent('#wayon'), /Game over/);
    await p2.click('#reopen-overlay');
    await p2.waitForSelector('#overlay:not(.hidden) .gameover');
    await p2.click('#close-overlay');
    await p2.click('#wayon-replay');
    await p2.waitForSelector('#steplabel');
    for (const p of [page, p2]) assert.equal(p.__errors || 0, 0, 'no script errors');
  } finally {
    await browser.close();
  }
});

// Every digit's glyph box, measured by the browser's own text metrics, lies inside its
// tile's outline (inset by half the outline's width) wherever tiles are drawn.
function digitsOutside() {
  const ctx = document.createElement('canvas').getContext('2d');
  const bad = [];
  let n = 0;
  for (const g of document.querySelectorAll('g.tile')) {
    const face = g.querySelector('.face');
    if (!face || !face.getClientRects().length) continue;
    const pts = face.getAttribute('points').split(' ').map((p) => p.split(',').map(Number));
    const half = parseFloat(getComputedStyle(face).strokeWidth) / 2;
    // Orient the triangle's sides so that the inside is on the left of each.
    const area = (pts[1][0] - pts[0][0]) * (pts[2][1] - pts[0][1]) - (pts[2][0] - pts[0][0]) * (pts[1][1] - pts[0][1]);
    const sideDist = (p, a, b) => ((b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])) / Math.hypot(b[0] - a[0], b[1] - a[1]) * Math.sign(area);
    for (const txt of g.querySelectorAll('text.num')) {
      const cs = getComputedStyle(txt);
      // The font size in the tile's units, and where the browser put the baseline: the
      // text's box starts one font ascent above it, whatever the baseline alignment.
      const size = parseFloat(cs.fontSize);
      ctx.font = `${cs.fontWeight} 100px ${cs.fontFamily}`;
      const m = ctx.measureText(txt.textContent);
      const k = size / 100;
      const bb = txt.getBBox();
      const x = bb.x + bb.width / 2;
      const y = bb.y + m.fontBoundingBoxAscent * k;
      const w = (m.actualBoundingBoxLeft + m.actualBoundingBoxRight) * k;
      const box = [[x - w / 2, y - m.actualBoundingBoxAscent * k], [x + w / 2, y - m.actualBoundingBoxAscent * k], [x - w / 2, y + m.actualBoundingBoxDescent * k], [x + w / 2, y + m.actualBoundingBoxDescent * k]];
      n += 1;
      for (const p of box) {
        const d = Math.min(sideDist(p, pts[0], pts[1]), sideDist(p, pts[1], pts[2]), sideDist(p, pts[2], pts[0]));
        if (d < half) { bad.push(`${txt.textContent} at ${x},${y} in ${g.closest('svg').getAttribute('class') || g.closest('svg').id}: ${d.toFixed(1)} < ${half}`); break; }
      }
    }
  }
  return { n, bad };
}

test('the digits stay inside the tile outlines: front page, rack, board, round summary, replay', async () => {
  const browser = await launch();
  try {
    for (const opts of [{}, PHONE]) {
      const { page } = await newPage(browser, opts);
      await page.goto(BASE + '/');
      await page.waitForSelector('.deco .tileicon');
      let r = await page.evaluate(digitsOutside);
      assert.ok(r.n >= 9, 'front page digits measured: ' + r.n);
      assert.deepEqual(r.bad, []);
      await page.goto(BASE + await solo('goliath', { hand_size: '3 3 3 3 3' }, 7));
      await page.waitForSelector('#rack .racktile');
      for (let i = 0; i < 2; i++) {
        await page.waitForSelector('#turn .mine, #overlay:not(.hidden)', { timeout: 30000 });
        if (await page.$('#overlay:not(.hidden)')) break;
        await playOneMove(page);
      }
      r = await page.evaluate(digitsOutside);
      assert.ok(r.n >= 9, 'game digits measured: ' + r.n);
      assert.deepEqual(r.bad, []);
      await playToDialog(page);
      await page.waitForSelector('#overlay:not(.hidden) .summary .tileicon.mini, #overlay:not(.hidden) .summary em');
      r = await page.evaluate(digitsOutside);
      assert.deepEqual(r.bad, []);
      // The hands of the summary are big enough to read.
      for (const w of await page.$$eval('#overlay .summary .tileicon.mini', (ms) => ms.map((m) => m.getBoundingClientRect().width))) assert.ok(w >= 48, 'a summary tile is ' + w + ' px wide');
    }
  } finally {
    await browser.close();
  }
});

test('rules pages: no "null", no "(s)", real plural forms in three languages', async () => {
  const browser = await launch();
  try {
    const want = {
      'en-US': [/up to 1 tile in a turn/, /No fit after 1 draw\b/, /up to 3 tiles in a turn/],
      'fr-FR': [/jusqu'à 1 tuile par tour/, /Rien ne va après 1 pioche\b/, /jusqu'à 3 tuiles par tour/],
      'es-ES': [/hasta 1 ficha por turno/, /Nada encaja tras 1 robo\b/, /hasta 3 fichas por turno/],
    };
    for (const [locale, patterns] of Object.entries(want)) {
      const { page } = await newPage(browser, { locale });
      let all = '';
      for (const preset of ['goliath', 'pressman', 'dominos-triangles']) {
        await page.goto(BASE + '/rules/' + preset);
        await page.waitForSelector('#ruleoptions');
        const text = await page.textContent('main');
        assert.ok(!/null|undefined/.test(text), `${locale} ${preset} shows null: ${text.slice(0, 200)}`);
        assert.ok(!text.includes('(s)'), `${locale} ${preset} writes (s)`);
        assert.ok(!/\{\w+[|}]/.test(text), `${locale} ${preset} shows a placeholder`);
        all += text;
      }
      for (const p of patterns) assert.match(all, p, locale);
    }
  } finally {
    await browser.close();
  }
});

test('keyboard play keeps the focus in the rack: a pick, a placement, a draw', async () => {
  const browser = await launch();
  try {
    const { page } = await newPage(browser);
    await page.goto(BASE + await solo('goliath', {}, 11));
    await page.waitForSelector('#rack .racktile');
    let placed = 0;
    let drew = false;
    for (let turn = 0; turn < 30 && !(placed >= 2 && drew); turn++) {
      await page.waitForSelector('#turn .mine, #overlay:not(.hidden)', { timeout: 30000 });
      if (await page.$('#overlay:not(.hidden)')) break;
      // Into the rack with Tab from the top of the page.
      await page.focus('header .brand');
      let tabs = 0;
      while (!(await focusInfo(page)).inRack && tabs < 30) { await page.keyboard.press('Tab'); tabs += 1; }
      assert.ok((await focusInfo(page)).inRack, 'Tab reaches the rack');
      assert.ok(tabs <= 12, `${tabs} Tab presses from the top of the page to the rack`);
      // Tab along the rack to a tile that fits, Enter picks it: the focus stays on it.
      const fits = await page.$$eval('#rack .racktile', (bs) => bs.map((b) => !b.classList.contains('dim')));
      const at = fits.indexOf(true);
      if (at >= 0 && placed < 2) {
        for (let i = 0; i < at; i++) await page.keyboard.press('Tab');
        await page.keyboard.press('Enter');
        let f = await focusInfo(page);
        assert.ok(f.inRack && f.pressed === 'true', 'the picked tile keeps the focus: ' + JSON.stringify(f));
        const before = await page.$$eval('#board .tiles .tile', (t) => t.length);
        await page.keyboard.press('ArrowRight');
        await page.keyboard.press('Enter');
        await page.waitForFunction((n) => document.querySelectorAll('#board .tiles .tile').length > n, before, { timeout: 10000 });
        f = await focusInfo(page);
        assert.ok(f.inRack, 'after the placement the focus is still in the rack: ' + JSON.stringify(f));
        placed += 1;
      } else if (!drew && (await page.isEnabled('#draw'))) {
        // (Goliath's rules let a player draw even when a tile fits.)
        await page.focus('#draw');
        const n = await page.$$eval('#rack .racktile', (b) => b.length);
        await page.keyboard.press('Enter');
        await page.waitForFunction((k) => document.querySelectorAll('#rack .racktile').length > k || !document.querySelector('#turn .mine'), n);
        await page.waitForTimeout(100);
        const f = await focusInfo(page);
        assert.ok(f.tag !== 'BODY', 'after a draw the focus is not dropped: ' + JSON.stringify(f));
        drew = true;
      } else {
        await playOneMove(page);
      }
    }
    assert.ok(placed >= 2, 'two placements by keys');
    assert.ok(drew, 'a draw by keys');
    assert.equal(page.__errors || 0, 0);
  } finally {
    await browser.close();
  }
});

// Rectangles that overlap (by more than a pixel).
const overlap = (a, b) => a.x < b.x + b.width - 1 && b.x < a.x + a.width - 1 && a.y < b.y + b.height - 1 && b.y < a.y + a.height - 1;

test('on a phone the table and the rack fit the screen, nothing covers the board, every target is 44 px', async () => {
  const browser = await launch();
  try {
    for (const locale of ['en-US', 'fr-FR', 'es-ES']) {
      const { page } = await newPage(browser, { ...PHONE, locale });
      await page.goto(BASE + await solo('goliath', {}, 5));
      await page.waitForSelector('#rack .racktile');
      await page.waitForSelector('#turn .mine', { timeout: 30000 });
      await page.waitForTimeout(300);
      const r = await page.evaluate(() => {
        const box = (e) => { const b = e.getBoundingClientRect(); return { x: b.x, y: b.y, width: b.width, height: b.height, text: (e.textContent || e.getAttribute('aria-label') || e.tagName).trim().slice(0, 30) }; };
        const shown = (e) => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden';
        const q = (s) => [...document.querySelectorAll(s)].filter(shown).map(box);
        return {
          vw: innerWidth, vh: innerHeight,
          board: box(document.getElementById('board')),
          chips: q('#turn span'),
          nav: q('#nav a'), lang: box(document.getElementById('lang')),
          targets: q('#nav a, #lang, #theme, .zoom button, .buttons button, #rack .racktile, label.hints, #sound'),
          rackbar: box(document.getElementById('rackbar')),
          touch: [getComputedStyle(document.getElementById('board')).touchAction, getComputedStyle(document.getElementById('rack')).touchAction],
        };
      });
      for (const c of r.chips) assert.ok(!overlap(c, r.board), `${locale}: the chip "${c.text}" covers the board`);
      for (const a of r.nav) {
        assert.ok(a.x >= 0 && a.x + a.width <= r.vw + 0.5, `${locale}: the menu item "${a.text}" is cut`);
        assert.ok(!overlap(a, r.lang), `${locale}: "${a.text}" is under the language switch`);
      }
      for (const t of r.targets) assert.ok(t.width >= 44 && t.height >= 44, `${locale}: "${t.text}" is ${t.width.toFixed(0)}x${t.height.toFixed(0)} px`);
      assert.ok(r.rackbar.y + r.rackbar.height <= r.vh + 0.5, `${locale}: the rack ends at ${r.rackbar.y + r.rackbar.height}, below the screen (${r.vh})`);
      assert.ok(r.board.height >= 250, `${locale}: the board is ${r.board.height} px high`);
      assert.deepEqual(r.touch, ['none', 'none'], 'dragging on the board or the rack never scrolls the page');
    }
  } finally {
    await browser.close();
  }
});

// The digits of a drawn tile in drawing order: the same order means the same rotation.
const digitsOf = (page, sel) => page.$$eval(sel + ' text.num', (ts) => ts.map((x) => x.textContent).join(''));

test('rotation and the preview agree; a spot where no rotation fits says so; a refused corner is ringed', async () => {
  const browser = await launch();
  try {
    const { page } = await newPage(browser);
    const frames = [];
    page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(JSON.parse(f.payload))));
    await page.goto(BASE + await solo('goliath', {}, 21));
    await page.waitForSelector('#rack .racktile');
    const me = () => { for (let i = frames.length - 1; i >= 0; i--) if (frames[i].me) return frames[i].me; return null; };
    let checked = false;
    let nowhere = false;
    let ringed = false;
    for (let turn = 0; turn < 40 && !(checked && nowhere); turn++) {
      await page.waitForSelector('#turn .mine, #overlay:not(.hidden)', { timeout: 30000 });
      if (await page.$('#overlay:not(.hidden)')) break;
      if (!(await page.$$('#board .tiles .tile')).length) { await playOneMove(page); continue; }
      const legal = me().legal;
      // A tile and a spot where exactly one rotation fits.
      const counts = new Map();
      for (const p of legal) { const k = p.tile + '@' + p.cell.join(); counts.set(k, (counts.get(k) || 0) + 1); }
      const one = [...counts].find(([, n]) => n === 1);
      if (one && !checked) {
        const [tile, cell] = one[0].split('@');
        await page.click(`#rack .racktile[data-tile="${tile}"]`);
        const mark = await page.$(`#board .mark.legal[data-cell="${cell}"]`);
        const b = await mark.boundingBox();
        // Aim at the mark's centre of mass (the triangle's), as a mouse would hover.
        const c = await mark.evaluate((m) => { const s = m.ownerSVGElement.getScreenCTM(); const p = m.getAttribute('points').split(' ').map((q) => q.split(',').map(Number)); const x = (p[0][0] + p[1][0] + p[2][0]) / 3; const y = (p[0][1] + p[1][1] + p[2][1]) / 3; return [s.a * x + s.c * y + s.e, s.b * x + s.d * y + s.f]; });
        assert.ok(b);
        await page.mouse.move(c[0], c[1]);
        await page.waitForSelector('#board .ghostlayer .tile.ghost.ok');
        assert.equal(await digitsOf(page, '#board .ghostlayer'), await digitsOf(page, '#rack .racktile[aria-pressed=true]'), 'the ghost is turned as the rack tile');
        await page.keyboard.press('r');
        await page.waitForSelector('#board .ghostlayer .tile.ghost.bad');
        assert.equal(await digitsOf(page, '#board .ghostlayer'), await digitsOf(page, '#rack .racktile[aria-pressed=true]'), 'rotated, both still agree');
        assert.match(await page.textContent('#board .ghostlayer'), /Not this way/);
        checked = true;
      }
      // A spot next to the table where a rack tile fits in no rotation.
      const open = await page.$$eval('#board .tiles .tile', (ts) => ts.map((t) => t.dataset.cell));
      const taken = new Set(open);
      const around = (c, r) => ((((c + r) % 2) + 2) % 2 === 0 ? [[c, r - 1], [c - 1, r], [c + 1, r]] : [[c + 1, r], [c - 1, r], [c, r + 1]]);
      const spots = [...new Set(open.flatMap((k) => { const [c, r] = k.split(',').map(Number); return around(c, r).map((x) => x.join()); }))].filter((k) => !taken.has(k));
      const hand = me().hand;
      const pair = hand.flatMap((tile) => spots.filter((s) => !legal.some((p) => p.tile === tile && p.cell.join() === s)).map((s) => [tile, s]))[0];
      if (pair && !nowhere) {
        await page.keyboard.press('Escape');
        await page.click(`#rack .racktile[data-tile="${pair[0]}"]`);
        const [c, r] = pair[1].split(',').map(Number);
        const pt = await page.evaluate(([c, r]) => {
          const svg = document.getElementById('board');
          const S = 100; const H = Math.sqrt(3) / 2 * S;
          const up = (((c + r) % 2) + 2) % 2 === 0;
          const a = up ? (c - r) / 2 : (c - r - 1) / 2;
          const pts = up ? [[a, r + 1], [a + 1, r], [a, r]] : [[a, r + 1], [a + 1, r + 1], [a + 1, r]];
          const xy = pts.map((p) => [(p[0] + p[1] / 2) * S, -p[1] * H]);
          const x = (xy[0][0] + xy[1][0] + xy[2][0]) / 3; const y = (xy[0][1] + xy[1][1] + xy[2][1]) / 3;
          const m = svg.getScreenCTM();
          return [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f];
        }, [c, r]);
        await page.mouse.move(pt[0], pt[1]);
        await page.waitForSelector('#board .ghostlayer .tile.ghost.bad');
        assert.match(await page.textContent('#board .ghostlayer'), /no rotation/);
        // With the hints off the ghost says nothing (neither fits nor not); the server's
        // refusal, if it names a corner, rings that corner.
        await page.uncheck('#hints');
        await page.mouse.move(pt[0] + 1, pt[1]);
        await page.waitForSelector('#board .ghostlayer .tile.ghost.plain');
        await page.mouse.click(pt[0], pt[1]);
        const toast = await page.waitForSelector('.toast.error');
        const text = await toast.textContent();
        if (/ringed in red/.test(text)) {
          await page.waitForSelector('#board .cornermark', { state: 'attached' });
          // The ring is on a corner of the refused spot.
          const ring = await page.$eval('#board .cornermark', (c) => [Number(c.getAttribute('cx')), Number(c.getAttribute('cy'))]);
          const near = await page.evaluate(([c, r, x, y]) => {
            const S = 100; const H = Math.sqrt(3) / 2 * S;
            const up = (((c + r) % 2) + 2) % 2 === 0;
            const a = up ? (c - r) / 2 : (c - r - 1) / 2;
            const pts = up ? [[a, r + 1], [a + 1, r], [a, r]] : [[a, r + 1], [a + 1, r + 1], [a + 1, r]];
            return pts.some((p) => Math.hypot((p[0] + p[1] / 2) * S - x, -p[1] * H - y) < 1);
          }, [c, r, ring[0], ring[1]]);
          assert.ok(near, 'the ring is on a corner of the spot');
          ringed = true;
        } else assert.match(text, /neighbours disagree|not match/);
        await page.check('#hints');
        nowhere = ringed;
        await page.keyboard.press('Escape');
      }
      await playOneMove(page);
    }
    assert.ok(checked && nowhere && ringed, `checked ${checked}, nowhere ${nowhere}, a corner ringed ${ringed}`);
    assert.equal(page.__errors || 0, 0);
  } finally {
    await browser.close();
  }
});

test('score sheet: tile names on one line, long names do not wrap the header, the last play of a round has its own row', async () => {
  const browser = await launch();
  try {
    const { page } = await newPage(browser);
    await page.goto(BASE + await solo('goliath', { hand_size: '2 2 2 2 2' }, 9, 'Bartholomew Alexander the Magnificent'));
    await playToDialog(page);
    await page.click('#close-overlay');
    const r = await page.evaluate(() => ({
      nw: [...document.querySelectorAll('#sheet .nw')].map((e) => e.getClientRects().length),
      head: [...document.querySelectorAll('#sheet thead th')].map((e) => e.getBoundingClientRect().height),
      line: parseFloat(getComputedStyle(document.querySelector('#sheet thead th')).lineHeight) || 20,
      rows: [...document.querySelectorAll('#sheet tbody tr')].map((tr) => ({ end: tr.classList.contains('end'), text: tr.querySelector('td.what') ? tr.querySelector('td.what').textContent : '', pts: tr.querySelectorAll('.pts').length })),
    }));
    assert.ok(r.nw.length >= 2, 'tile names are marked');
    for (const n of r.nw) assert.equal(n, 1, 'a tile name is on one line');
    for (const hgt of r.head) assert.ok(hgt < r.line * 1.9, 'the header is one line high: ' + hgt);
    const end = r.rows.findIndex((x) => x.end);
    assert.ok(end > 0, 'an End of round row');
    assert.match(r.rows[end - 1].text, /plays \d-\d-\d/, 'the last play keeps its own row: ' + JSON.stringify(r.rows.slice(end - 2, end + 1)));
    assert.ok(r.rows[end - 1].pts >= 1 && r.rows[end].pts >= 1);
  } finally {
    await browser.close();
  }
});

// The moves of the score sheet as [seat name, kind] from its rows' words ("Casual passes").
const sheetMoves = (page) => page.$$eval('#sheet tbody tr:not(.round):not(.end):not(.hintsrow) td.what, .replayside .sheetbox tbody tr:not(.round):not(.end):not(.hintsrow) td.what', (tds) => tds.map((td) => {
  const m = td.textContent.match(/^(\S+) (plays|draws|passes)/);
  return m ? [m[1], m[2]] : ['?', td.textContent];
}));

test('the score sheet has a row for every move, passes included, in the game and in its replay', async () => {
  const browser = await launch();
  try {
    // Every tile dealt (28 each, the pool empty): a player who cannot play passes. Bots alone.
    const g = await api('/api/games', { preset: 'goliath', seed: 4, options: { hand_size: '28 7 7 7 7', target: 'none' }, seats: [{ kind: 'bot', level: 'beginner' }, { kind: 'bot', level: 'casual' }] });
    assert.equal(g.status, 201, JSON.stringify(g.json));
    const { page } = await newPage(browser);
    await page.goto(BASE + g.json.spectator);
    await page.waitForSelector('#overlay:not(.hidden) .gameover', { timeout: 60000 });
    // The record's moves, in order: "Beginner pass" is Beginner passing (the record names a
    // bot as the table does, never "beginner1").
    const tri = await (await fetch(`${BASE}/api/games/${g.json.id}/record.tri`)).text();
    assert.match(tri, /^\[Players "Beginner" "Casual"\]$/m);
    const word = { play: 'plays', draw: 'draws', pass: 'passes' };
    const moves = tri.split('\n').map((l) => l.match(/^(Beginner|Casual) (play|draw|pass)\b/)).filter(Boolean)
      .map((m) => [m[1], word[m[2]]]);
    assert.ok(moves.filter((m) => m[1] === 'passes').length > 0, 'the game has passes: ' + tri);
    await page.click('#close-overlay');
    assert.deepEqual(await sheetMoves(page), moves, 'the table\'s sheet');
    // The replay, at its last step, shows the same sheet.
    await page.goto(BASE + '/replay/' + g.json.id);
    await page.waitForSelector('#steplabel');
    await page.keyboard.press('End');
    assert.deepEqual(await sheetMoves(page), moves, 'the replay\'s sheet');
    assert.equal(page.__errors || 0, 0, 'no script errors');
  } finally {
    await browser.close();
  }
});

// Watches the table from inside the page: every passing message when it appears (its text
// and box, the header's and the players' boxes then), and at the instant the round's dialog
// opens (in the same task that opened it) the totals the bar shows (the count drawn over a
// total while it runs), the dialog's totals and the messages still showing; then any
// message that appears after.
function watchTable() {
  const w = { toasts: [], open: null, after: [] };
  window.__watch = w;
  const box = (e) => { const r = e.getBoundingClientRect(); return { top: r.top, bottom: r.bottom, left: r.left, right: r.right }; };
  new MutationObserver((muts) => {
    for (const m of muts) for (const n of m.addedNodes) {
      if (!(n instanceof HTMLElement)) continue;
      const seen = { text: n.textContent, box: box(n), top: box(document.getElementById('top')), players: box(document.getElementById('players')) };
      (w.open ? w.after : w.toasts).push(seen);
    }
  }).observe(document.getElementById('toasts'), { childList: true });
  new MutationObserver(() => {
    const o = document.getElementById('overlay');
    if (w.open || o.classList.contains('hidden')) return;
    w.open = {
      bar: [...document.querySelectorAll('#players .total')].map((e) => (e.classList.contains('ticking') ? e.dataset.shown : e.textContent)),
      dialog: [...document.querySelectorAll('#overlay .summary td.num.strong')].map((e) => e.textContent),
      toasts: [...document.querySelectorAll('#toasts .toast:not(.out)')].map((e) => e.textContent),
    };
  }).observe(document.getElementById('overlay'), { attributes: true });
}

test('the totals settle before the round\'s dialog opens; passing messages keep off the header and the scores and end with their round', async () => {
  const browser = await launch();
  try {
    for (const opts of [{}, PHONE]) {
      const { page } = await newPage(browser, opts);
      // Two tiles each, against a bot that draws before the round ends (seed 2).
      await page.goto(BASE + await solo('goliath', { hand_size: '2 2 2 2 2' }, 2));
      await page.waitForSelector('#rack .racktile');
      await page.evaluate(watchTable);
      await playToDialog(page);
      await page.waitForTimeout(800);
      const w = await page.evaluate(() => window.__watch);
      const where = opts === PHONE ? 'phone' : 'laptop';
      assert.ok(w.open, where + ': the dialog opened');
      assert.equal(w.open.dialog.length, 2, JSON.stringify(w.open));
      assert.deepEqual(w.open.bar, w.open.dialog, `${where}: the bar shows the dialog's totals when it opens`);
      assert.ok(w.toasts.length > 0, `${where}: the round had messages (the bot drew)`);
      assert.deepEqual(w.open.toasts, [], `${where}: no message of the round is left over the dialog`);
      assert.deepEqual(w.after.map((x) => x.text), [], `${where}: no message arrives after the round ended`);
      const meets = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      for (const x of w.toasts) {
        assert.ok(!meets(x.box, x.top), `${where}: "${x.text}" covers the header`);
        assert.ok(!meets(x.box, x.players), `${where}: "${x.text}" covers the players' scores`);
      }
      assert.equal(page.__errors || 0, 0, 'no script errors');
    }
  } finally {
    await browser.close();
  }
});

// The relative luminance contrast of two CSS colours (rgb() strings).
function contrast(a, b) {
  const lum = (c) => {
    const [r, g, bl] = c.match(/[\d.]+/g).slice(0, 3).map((v) => { const s = Number(v) / 255; return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

test('contrast: dimmed rack digits 4.5:1, the spots before a pick 3:1; replay hands readable', async () => {
  const browser = await launch();
  try {
    const { page } = await newPage(browser);
    await page.goto(BASE + await solo('goliath', {}, 13));
    await page.waitForSelector('#rack .racktile');
    let seen = false;
    for (let turn = 0; turn < 30 && !seen; turn++) {
      await page.waitForSelector('#turn .mine, #overlay:not(.hidden)', { timeout: 30000 });
      if (await page.$('#overlay:not(.hidden)')) break;
      if ((await page.$$('#rack .racktile.dim')).length && (await page.$$('#board .mark.cand')).length) {
        const r = await page.evaluate(() => {
          const opacity = (e) => { let o = 1; for (let x = e; x && x.nodeType === 1; x = x.parentElement) o *= Number(getComputedStyle(x).opacity); return o; };
          const felt = getComputedStyle(document.documentElement).getPropertyValue('--felt').trim();
          const probe = document.createElement('span'); probe.style.color = felt; document.body.append(probe);
          const feltRgb = getComputedStyle(probe).color; probe.remove();
          return {
            digits: [...document.querySelectorAll('#rack .racktile.dim text.num')].map((t) => [getComputedStyle(t).fill, getComputedStyle(t.closest('g').querySelector('.face')).fill, opacity(t)]),
            cand: [...document.querySelectorAll('#board .mark.cand')].map((m) => [getComputedStyle(m).stroke, opacity(m)]),
            felt: feltRgb,
          };
        });
        for (const [fg, bg, o] of r.digits) {
          assert.equal(o, 1, 'no dimming by opacity');
          assert.ok(contrast(fg, bg) >= 4.5, `a dimmed digit ${fg} on ${bg}: ${contrast(fg, bg).toFixed(2)}`);
        }
        for (const [stroke, o] of r.cand) {
          assert.equal(o, 1);
          assert.ok(contrast(stroke, r.felt) >= 3, `a spot's outline ${stroke} on ${r.felt}: ${contrast(stroke, r.felt).toFixed(2)}`);
        }
        seen = true;
      }
      await playOneMove(page);
    }
    assert.ok(seen, 'a turn with a dimmed tile and candidate spots');
    // A finished game's replay shows the hands at a readable size.
    const g = await api('/api/games', { preset: 'goliath', seed: 2, options: { target: 'none', hand_size: '3 3 3 3 3' }, seats: [{ kind: 'bot', level: 'greedy' }, { kind: 'bot', level: 'random' }] });
    for (let i = 0; i < 200; i++) {
      if ((await fetch(BASE + `/api/games/${g.json.id}/replay`)).ok) break;
      await new Promise((res) => setTimeout(res, 100));
    }
    await page.goto(BASE + '/replay/' + g.json.id);
    await page.waitForSelector('#steplabel');
    const widths = await page.$$eval('.hands .tileicon.mini', (ms) => ms.map((m) => m.getBoundingClientRect().width));
    assert.ok(widths.length > 0);
    for (const w of widths) assert.ok(w >= 48, 'a replay hand tile is ' + w + ' px wide');
  } finally {
    await browser.close();
  }
});

test('a corrupted .tri upload names the checker\'s reason, translated', async () => {
  const browser = await launch();
  try {
    // A finished game's record, one play's tile changed to one its player does not hold.
    const g = await api('/api/games', { preset: 'goliath', seed: 6, options: { target: 'none', hand_size: '3 3 3 3 3' }, seats: [{ kind: 'bot', level: 'greedy' }, { kind: 'bot', level: 'random' }] });
    let tri = null;
    for (let i = 0; i < 100 && !tri; i++) {
      const r = await fetch(BASE + `/api/games/${g.json.id}/record.tri`);
      if (r.ok) tri = await r.text();
      else await new Promise((res) => setTimeout(res, 100));
    }
    assert.ok(tri, 'the record');
    const lines = tri.split('\n');
    const at = lines.findIndex((l) => / play \d-\d-\d /.test(l));
    // A tile of the pool is in nobody's hand at the first play.
    const foreign = lines.find((l) => l.startsWith('pool ')).split(' ')[1];
    lines[at] = lines[at].replace(/ play \d-\d-\d /, ` play ${foreign} `);
    const bad = lines.join('\n');
    for (const [locale, pattern] of [['en-US', /line \d+\)\. You do not have the tile \d-\d-\d/], ['fr-FR', /ligne \d+\)\. Vous n'avez pas la tuile \d-\d-\d/], ['es-ES', /línea \d+\)\. No tienes la ficha \d-\d-\d/]]) {
      const { page } = await newPage(browser, { locale });
      await page.goto(BASE + '/replay');
      await page.setInputFiles('#trifile', { name: 'bad.tri', mimeType: 'text/plain', buffer: Buffer.from(bad) });
      await page.waitForFunction(() => document.querySelector('.error[role=alert]').textContent.length > 0);
      assert.match(await page.textContent('.error[role=alert]'), pattern, locale);
    }
  } finally {
    await browser.close();
  }
});

test('the dark theme follows the system; the toggle overrides it and is remembered', async () => {
  const browser = await launch();
  try {
    const look = (page) => page.evaluate(() => ({ bg: getComputedStyle(document.documentElement).backgroundColor, fg: getComputedStyle(document.body).color, pressed: document.getElementById('theme').getAttribute('aria-pressed') }));
    const lum = (c) => { const [r, g, b] = c.match(/[\d.]+/g).slice(0, 3).map((v) => { const s = Number(v) / 255; return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; }); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
    for (const scheme of ['dark', 'light']) {
      const { page } = await newPage(browser, { context: { colorScheme: scheme } });
      await page.goto(BASE + '/');
      await page.waitForSelector('#solo');
      let l = await look(page);
      assert.equal(l.pressed, scheme === 'dark' ? 'true' : 'false', scheme);
      assert.ok(scheme === 'dark' ? lum(l.bg) < 0.05 : lum(l.bg) > 0.8, `${scheme}: the page's background ${l.bg}`);
      assert.ok(contrast(l.fg, l.bg) >= 7, `${scheme}: text ${l.fg} on ${l.bg}`);
      // The toggle turns it the other way, for good.
      await page.click('#theme');
      l = await look(page);
      assert.equal(l.pressed, scheme === 'dark' ? 'false' : 'true');
      assert.ok(scheme === 'dark' ? lum(l.bg) > 0.8 : lum(l.bg) < 0.05, `toggled from ${scheme}: ${l.bg}`);
      await page.reload();
      await page.waitForSelector('#solo');
      const again = await look(page);
      assert.equal(again.bg, l.bg, 'remembered after a reload');
      assert.ok(contrast(again.fg, again.bg) >= 7);
    }
  } finally {
    await browser.close();
  }
});

test('rewards: each play floats its points, the leader wears a crown; sounds are off until turned on, and remembered; reduced motion stills the board', async () => {
  const browser = await launch();
  try {
    const { page } = await newPage(browser);
    await page.goto(BASE + await solo('goliath', {}, 17));
    await page.waitForSelector('#rack .racktile');
    assert.equal(await page.getAttribute('#sound', 'aria-pressed'), 'false', 'sounds start off');
    await page.click('#sound');
    assert.equal(await page.getAttribute('#sound', 'aria-pressed'), 'true');
    const floats = [];
    await page.exposeFunction('sawFloat', (text) => floats.push(text));
    await page.evaluate(() => new MutationObserver((ms) => { for (const m of ms) for (const n of m.addedNodes) if (n.classList && n.classList.contains('floatpts')) window.sawFloat(n.textContent); }).observe(document.getElementById('board'), { childList: true, subtree: true }));
    for (let i = 0; i < 4; i++) {
      await page.waitForSelector('#turn .mine, #overlay:not(.hidden)', { timeout: 30000 });
      if (await page.$('#overlay:not(.hidden)')) break;
      await playOneMove(page);
    }
    await page.waitForFunction(() => document.querySelectorAll('#board .tiles .tile').length >= 2);
    await page.waitForTimeout(200);
    assert.ok(floats.length >= 2, 'points floated: ' + JSON.stringify(floats));
    for (const f of floats) assert.match(f, /^[+−±]\d+$/);
    // The crown is on the seat(s) with the best total.
    await page.waitForFunction(() => !document.querySelector('#players .total.ticking'));
    const seats = await page.$$eval('#players .player', (ps) => ps.map((p) => ({ total: Number(p.querySelector('.total').textContent), crown: !!p.querySelector('.crown') })));
    const best = Math.max(...seats.map((x) => x.total));
    for (const s of seats) assert.equal(s.crown, best > 0 && s.total === best, JSON.stringify(seats));
    await page.reload();
    await page.waitForSelector('#rack .racktile');
    assert.equal(await page.getAttribute('#sound', 'aria-pressed'), 'true', 'the choice is remembered');
    // Reduced motion: tiles arrive without their animation.
    const { page: still } = await newPage(browser, { context: { reducedMotion: 'reduce' } });
    await still.goto(page.url().replace(/\/[0-9a-f]{32}$/, ''));
    await still.waitForSelector('#board .tiles .tile');
    assert.equal(await still.$eval('#board .tiles .tile', (t) => { t.classList.add('enter'); return getComputedStyle(t).animationName; }), 'none');
  } finally {
    await browser.close();
  }
});

test('the front page loads only its own modules, and a French page no English', async () => {
  const browser = await launch();
  try {
    const { page } = await newPage(browser, { locale: 'fr-FR' });
    const asked = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    await page.goto(BASE + '/');
    await page.waitForSelector('#solo');
    await page.waitForLoadState('networkidle');
    assert.ok(asked.includes('/assets/i18n/fr.json'), JSON.stringify(asked));
    assert.ok(!asked.includes('/assets/i18n/en.json'), 'a French page fetches en.json');
    for (const p of asked) assert.ok(!/\/assets\/(pad|game|lobby|replay|rules|options)[./]/.test(p), `the front page fetches ${p}`);
    // The score pad's modules come when the pad is opened.
    await page.click('a[href="/pad"]');
    await page.waitForFunction(() => document.querySelector('main').textContent.length > 20);
    assert.ok(asked.includes('/assets/pad.js') && asked.includes('/assets/pad.css'), JSON.stringify(asked));
  } finally {
    await browser.close();
  }
});
