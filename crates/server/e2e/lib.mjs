// Shared helpers: Debian's Chromium driven by playwright-core (never a downloaded browser).
// playwright-core is CommonJS: take its default export (robust across Node versions).
import playwright from 'playwright-core';
import { createRequire } from 'node:module';

const { chromium } = playwright;

export const BASE = process.env.TRIOMINOS_URL || 'http://127.0.0.1:8080';

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

// TRIOMINOS_ASSETS=crates/server/assets serves the page's files from that folder instead of
// the server's embedded ones (to try a change to the page without rebuilding the server).
const ASSETS = process.env.TRIOMINOS_ASSETS;
const MIME = { js: 'text/javascript', css: 'text/css', json: 'application/json', svg: 'image/svg+xml', html: 'text/html' };

export async function newPage(browser, opts = {}) {
  const context = await browser.newContext({ viewport: opts.viewport || { width: 1280, height: 800 }, locale: opts.locale || 'en-US', ...(opts.context || {}) });
  if (ASSETS) {
    const { readFileSync, existsSync } = await import('node:fs');
    await context.route('**/assets/**', (route) => {
      const rel = new URL(route.request().url()).pathname.replace(/^\/assets\//, '');
      const file = `${ASSETS}/${rel}`;
      if (!existsSync(file)) return route.continue();
      return route.fulfill({ body: readFileSync(file), contentType: MIME[rel.split('.').pop()] });
    });
  }
  const page = await context.newPage();
  page.on('pageerror', (e) => { console.error('page error:', e.message); page.__errors = (page.__errors || 0) + 1; });
  // A script, style or connection the Content-Security-Policy blocks counts as a script error.
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) { console.error('CSP:', m.text()); page.__errors = (page.__errors || 0) + 1; }
  });
  return { context, page };
}

export async function api(path, body, headers = {}) {
  const r = await fetch(BASE + path, body === undefined ? { headers } : { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: r.status, json: await r.json() };
}

// The screen point of a board mark's centre (the centroid of its triangle),
// given the mark's element handle.
export function markCentre(mark) {
  return mark.evaluate((m) => {
    const s = m.ownerSVGElement.getScreenCTM();
    const p = m.getAttribute('points').split(' ').map((q) => q.split(',').map(Number));
    const cx = (p[0][0] + p[1][0] + p[2][0]) / 3;
    const cy = (p[0][1] + p[1][1] + p[2][1]) / 3;
    return [s.a * cx + s.c * cy + s.e, s.b * cx + s.d * cy + s.f];
  });
}

// Plays one move as a person would: a placement by clicking a rack tile and a
// highlighted cell, else the draw or pass button. Returns what it did.
export async function playOneMove(page) {
  await page.waitForSelector('#turn .mine', { timeout: 20000 });
  const tiles = await page.$$('#rack .racktile:not(.dim)');
  for (const tile of tiles) {
    await tile.click();
    if (!(await page.$$('#board .mark.legal')).length) continue;
    // A busy machine may move the board (an opponent's tile animating, the view
    // refitting) or pass a call-out over it between aiming and clicking: then the
    // click places nothing, and the spot is aimed at again.
    for (let attempt = 0; attempt < 5; attempt++) {
      let marks = await page.$$('#board .mark.legal');
      if (!marks.length) {
        await tile.click();
        marks = await page.$$('#board .mark.legal');
        if (!marks.length) break;
      }
      const box = await marks[0].boundingBox();
      const cell = await marks[0].getAttribute('data-cell');
      const pts = await markCentre(marks[0]);
      // A spot off the screen (the page scrolled, the layout grew) cannot be clicked: say so.
      const view = page.viewportSize();
      if (!(pts[0] >= 0 && pts[1] >= 0 && pts[0] < view.width && pts[1] < view.height)) {
        const scroll = await page.evaluate(() => [scrollY, document.documentElement.scrollHeight]);
        throw new Error(`the spot ${cell} is off the screen at (${pts[0].toFixed(0)}, ${pts[1].toFixed(0)}); page scrolled ${scroll[0]} px of ${scroll[1]}`);
      }
      const before = await page.$$eval('#board .tiles .tile', (t) => t.length);
      await page.mouse.move(pts[0], pts[1]);
      await page.mouse.click(pts[0], pts[1]);
      try {
        await page.waitForFunction((n) => document.querySelectorAll('#board .tiles .tile').length > n || !document.querySelector('#turn .mine'), before, { timeout: 5000 });
        return { kind: 'play', cell, box };
      } catch (e) {
        if (attempt === 4) {
          // What took the clicks instead: the element at that point.
          const at = await page.evaluate(([x, y]) => { const el = document.elementFromPoint(x, y); return el ? `${el.tagName.toLowerCase()}#${el.id}.${el.getAttribute('class')}` : 'nothing'; }, pts);
          throw new Error(`five clicks on the spot ${cell} placed nothing; at the point is ${at}`, { cause: e });
        }
      }
    }
  }
  for (const kind of ['draw', 'pass']) {
    if (!(await page.isEnabled('#' + kind))) continue;
    // Wait for the table to show the action (the sheet, the rack or the turn line
    // changes) rather than for a fixed time, so a busy machine does not click twice.
    const before = await page.evaluate(tableSignature);
    await page.click('#' + kind);
    // A function, not a string: the page's policy forbids evaluating strings.
    await page.waitForFunction(tableSignature, before, { timeout: 10000 });
    return { kind };
  }
  throw new Error('no move available');
}

// What a player sees change when an action is taken: the score sheet, the rack and the turn
// line; given the signature before, whether it changed.
function tableSignature(before) {
  const text = (sel) => document.querySelector(sel)?.textContent ?? '';
  const now = [text('#sheet'), document.querySelectorAll('#rack .racktile').length, text('#turn')].join('|');
  return before === undefined ? now : now !== before;
}

// Plays a placement with the keyboard only (R, arrows, Enter), if some tile fits.
export async function playByKeys(page) {
  await page.waitForSelector('#turn .mine', { timeout: 20000 });
  for (const tile of await page.$$('#rack .racktile:not(.dim)')) {
    await tile.click();
    if (!(await page.$$('#board .mark.legal')).length) continue;
    const before = await page.$$eval('#board .tiles .tile', (t) => t.length);
    await page.keyboard.press('r');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await page.waitForFunction((n) => document.querySelectorAll('#board .tiles .tile').length > n, before, { timeout: 10000 });
    return true;
  }
  return false;
}

// Plays this seat's turns until the end-of-round (or game-over) dialog shows.
// A 2-player Goliath game of bots alone (Rita, random; Gus, greedy; one round), played to
// its end by the server: the same game for the same seed. Its id.
export async function finishedBotGame(seed) {
  const g = await api('/api/games', { preset: 'goliath', seed, options: { target: 'none' }, seats: [{ kind: 'bot', level: 'random', name: 'Rita' }, { kind: 'bot', level: 'greedy', name: 'Gus' }] });
  if (g.status !== 201) throw new Error(`the game of bots was refused: ${g.status} ${JSON.stringify(g.json)}`);
  const id = g.json.id;
  for (let i = 0; i < 600; i++) {
    const info = await api('/api/games/' + id);
    if (info.json.status.phase === 'game_over') return id;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the game of bots did not end');
}

export async function playToDialog(page) {
  for (let i = 0; i < 400; i++) {
    await page.waitForSelector('#turn .mine, #overlay:not(.hidden)', { timeout: 30000 });
    if (await page.$('#overlay:not(.hidden)')) return;
    await playOneMove(page);
  }
  throw new Error('no end of round');
}

// Where a cell's centre is on the screen (rules.md section 2, board.js's drawing).
export async function cellPoint(page, cell) {
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

// The words "null" and "undefined" shown anywhere in an element (a value the page forgot
// to word: a null child appended as text, a missing parameter): answers the text around
// each one found, [] when there is none.
export async function strayWords(page, selector = 'body') {
  return page.$eval(selector, (root) => {
    const found = [];
    const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      if (/\b(null|undefined|NaN)\b/.test(n.textContent)) found.push((n.parentElement?.textContent || n.textContent).slice(0, 120));
    }
    return found;
  });
}

// How many clockwise turns (the ⟳ button, R) take a freshly picked tile (rotation 0) to
// `rotation`: each turn is one rotation less (rules.md section 2, game/state.js rotate).
export function turnsTo(rotation) { return (3 - rotation) % 3; }

// Follows a link of the site's menu as a person would: on a phone the links are behind the
// menu button (☰), which is opened first.
export async function viaMenu(page, href) {
  if (await page.isVisible('#menu')) await page.click('#menu');
  await page.click(`#nav a[href="${href}"]`);
}

// A server of a test's own (the binary run.sh tests, TRIOMINOS_BIN): on a free loopback
// port unless `port` is given, on `db` (a fresh database in a temporary folder unless
// given: start it again on the same `db` and `port` to restart it), with `args` added.
// Answers {base, port, db, dir, child, stop(signal)}: `stop` sends the signal (SIGTERM by
// default) and answers the exit code once it has exited; `dir` (when made here) is
// removed by `stop` unless `keep`.
export async function startServer({ port, db, args = [] } = {}) {
  const { spawn } = await import('node:child_process');
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const net = await import('node:net');
  if (!port) {
    port = await new Promise((res) => {
      const s = net.createServer();
      s.listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => res(p)); });
    });
  }
  const dir = db ? null : mkdtempSync(join(tmpdir(), 'triominos-e2e-'));
  if (!db) db = join(dir, 'e2e.db');
  const bin = process.env.TRIOMINOS_BIN || new URL('../../../target/release/triominos', import.meta.url).pathname;
  const child = spawn(bin, ['serve', '--addr', `127.0.0.1:${port}`, '--db', db, '--quiet', ...args], { stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise((res) => child.on('exit', (code, signal) => res(code ?? signal)));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try { if ((await fetch(base + '/api/meta')).ok) break; } catch (e) { /* not up yet */ }
    if (i === 400 || child.exitCode !== null) throw new Error(`the server on port ${port} did not start`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    base, port, db, dir, child,
    // A POST of `body` as JSON: its status and the JSON answered.
    async post(path, body) {
      const r = await fetch(base + path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      return { status: r.status, json: await r.json() };
    },
    // The JSON answered to a GET.
    async get(path) { return (await fetch(base + path)).json(); },
    async stop(signal = 'SIGTERM', { keep = false } = {}) {
      child.kill(signal);
      const code = await exited;
      if (dir && !keep) rmSync(dir, { recursive: true, force: true });
      return code;
    },
  };
}

// axe-core's serious and critical violations on the page as it is now, one line each
// (axe-core is injected as an inline script, which the page's policy refuses: open the page
// in a context with `bypassCSP: true`, for this check only).
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
export async function axeViolations(page) {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  });
}
