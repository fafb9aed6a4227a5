// A phone (390x844, issue 45): every control a finger touches is at least 44 by 44 px, on the
// lobby, the invitation links, the table (takeback Accept and Refuse, the reactions, Resign,
// the hints box, every checkbox) and the game-over box; the game-over box shows Replay and
// Review without scrolling inside itself; the players' cards never cut a name while the row
// has room to spare. A checkbox counts by its label, which is what a finger touches.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, BASE, api, playOneMove, playToDialog } from '../lib.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, context: { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } };

// Every visible control under `scope` smaller than 44 px either way: "text (w x h)".
function smallTargets(page, scope) {
  return page.evaluate((sel) => {
    const out = [];
    const root = document.querySelector(sel) || document.body;
    const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden' && !e.closest('[hidden], .hidden, .sr');
    const controls = root.querySelectorAll('button, a.button, select, input, summary');
    for (const e of controls) {
      if (!shown(e) || e.disabled || e.type === 'hidden') continue;
      // A checkbox or a radio is touched through its label.
      const target = (e.type === 'checkbox' || e.type === 'radio') && e.closest('label') ? e.closest('label') : e;
      const b = target.getBoundingClientRect();
      if (b.width < 43.5 || b.height < 43.5) {
        const name = (e.id ? '#' + e.id + ' ' : '') + (e.textContent.trim() || e.getAttribute('aria-label') || e.value || e.type || e.tagName).slice(0, 30);
        out.push(`${name} (${b.width.toFixed(0)}x${b.height.toFixed(0)})`);
      }
    }
    return out;
  }, scope);
}

// A name cut ("Bo…") while the row of cards leaves room: the cards do not use the row.
function cutNames(page) {
  return page.evaluate(() => {
    const bar = document.querySelector('#players');
    if (!bar) return ['no players bar'];
    const cards = [...bar.querySelectorAll('.player')];
    const out = [];
    const rows = new Map();
    for (const c of cards) {
      const b = c.getBoundingClientRect();
      const top = Math.round(b.top);
      rows.set(top, (rows.get(top) || 0) + b.width);
    }
    const width = bar.clientWidth;
    for (const c of cards) {
      const n = c.querySelector('.pname');
      if (!n || n.scrollWidth <= n.clientWidth + 1) continue;
      const used = rows.get(Math.round(c.getBoundingClientRect().top));
      if (used < width - 48) out.push(`"${n.textContent}" is cut while its row uses ${used.toFixed(0)} of ${width} px`);
    }
    return out;
  });
}

test('on a phone every control of the lobby, the table and the game-over box is a 44 px target', { timeout: 240000 }, async () => {
  const browser = await launch();
  const found = [];
  try {
    const { page: host } = await newPage(browser, PHONE);
    // The lobby: seats, settings, checkboxes, the create button.
    await host.goto(BASE + '/new');
    await host.waitForSelector('#create');
    found.push(...(await smallTargets(host, 'main')).map((x) => `lobby: ${x}`));

    // A table of two people, takebacks and hints on, created through the API (a bot between
    // them would end the takeback's chance by moving).
    const g = await api('/api/games', { preset: 'goliath', seed: 5, hints: true, takebacks: true, seats: [{ kind: 'human', name: 'Ann' }, { kind: 'human', name: 'Bob' }] });
    assert.equal(g.status, 201, JSON.stringify(g.json));
    const [ann, bob] = g.json.seats;
    const { page: b } = await newPage(browser, PHONE);
    await host.goto(BASE + ann.link);
    await b.goto(BASE + bob.link);
    await host.waitForSelector('#rack .racktile');
    await b.waitForSelector('#rack .racktile');
    assert.deepEqual(await cutNames(host), [], 'the players\' cards');
    // Whoever is to move places a tile and asks to take it back; the other is asked.
    const [mover, other] = (await host.$('#turn .mine')) ? [host, b] : [b, host];
    await mover.waitForSelector('#turn .mine', { timeout: 30000 });
    const did = await playOneMove(mover);
    if (did.kind === 'play') {
      await mover.waitForSelector('#takeback', { state: 'visible', timeout: 10000 });
      found.push(...(await smallTargets(mover, 'main')).map((x) => `table, the takeback offered: ${x}`));
      await mover.click('#takeback');
      await other.waitForSelector('#takeback-accept', { timeout: 10000 });
    }
    // The reactions open, the hints box, the screen of the person asked.
    if (await other.$('#reactions summary')) await other.click('#reactions summary');
    found.push(...(await smallTargets(other, 'main')).map((x) => `table, asked to take back: ${x}`));

    // The game-over box of a one-tile game.
    const over = await api('/api/games', { preset: 'goliath', seed: 4, options: { hand_size: '1 1 1 1 1', target: 'none' }, seats: [{ kind: 'human', name: 'Ann' }, { kind: 'bot', level: 'greedy' }] });
    await host.goto(BASE + over.json.seats[0].link);
    await playToDialog(host);
    await host.waitForSelector('#overlay:not(.hidden) .gameover');
    found.push(...(await smallTargets(host, '#overlay')).map((x) => `game over: ${x}`));
    // Replay and Review in sight without scrolling the box.
    const inSight = await host.evaluate(() => {
      const box = document.querySelector('#overlay .box') || document.querySelector('#overlay [role="dialog"]') || document.querySelector('#overlay');
      box.scrollTop = 0;
      const r = box.getBoundingClientRect();
      return [...document.querySelectorAll('#overlay a[href^="/replay/"], #over-review')].map((a) => {
        const q = a.getBoundingClientRect();
        return { text: a.textContent, ok: q.top >= Math.max(r.top, 0) - 0.5 && q.bottom <= Math.min(r.bottom, innerHeight) + 0.5 };
      });
    });
    assert.equal(inSight.length, 2, 'Replay and Review');
    for (const x of inSight) assert.ok(x.ok, `${x.text} is out of sight in the game-over box`);
    assert.equal(host.__errors || 0, 0, 'no script error');
  } finally {
    await browser.close();
  }
  assert.deepEqual(found, []);
});
