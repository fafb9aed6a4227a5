// Turn signals (issue 32): while it is a seat's turn its tab's title starts with "● Your turn"
// and the favicon shows its red-dot view; both come back when the turn passes. With the tab
// hidden, a browser notification, once the person ticked "Notify me when it is my turn".
//
// How the browser is made to tell: the context grants the 'notifications' permission (as a
// person allowing it would); an init script wraps the page's real Notification constructor to
// count what the page creates (the real one still runs); and, since headless Chromium reports
// every tab as visible, an init script makes document.visibilityState read a flag the test
// sets, firing 'visibilitychange' as the browser does. The page's own code is not touched.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { launch, newPage, api, BASE, playOneMove } from '../lib.mjs';

const dict = (lang) => JSON.parse(readFileSync(new URL(`../../assets/i18n/${lang}.json`, import.meta.url), 'utf8'));

function watchers() {
  window.__notes = [];
  window.__closed = 0;
  window.__hidden = false;
  const Real = window.Notification;
  if (Real) {
    class Watched extends Real {
      constructor(title, options) {
        super(title, options);
        window.__notes.push({ title, body: options && options.body });
      }

      close() { window.__closed += 1; super.close(); }
    }
    window.Notification = Watched;
  }
  Object.defineProperty(Document.prototype, 'visibilityState', { configurable: true, get() { return window.__hidden ? 'hidden' : 'visible'; } });
  Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get() { return window.__hidden; } });
}

const setHidden = (page, hidden) => page.evaluate((v) => { window.__hidden = v; document.dispatchEvent(new Event('visibilitychange')); }, hidden);
const icon = (page) => page.getAttribute('link[rel~="icon"]', 'href');
const mine = (page) => page.$('#turn .mine');
// A whole turn of seat `seat` of game `id`: a draw may leave the turn with the seat (the
// server says whose turn it is), a placement or a pass ends it.
async function playTurn(page, id, seat) {
  for (let i = 0; i < 50; i++) {
    await playOneMove(page);
    const info = await api('/api/games/' + id);
    if (info.json.status.to_move !== seat) return;
  }
  throw new Error('the turn does not end');
}

for (const [lang, locale] of [['en', 'en-US'], ['fr', 'fr-FR'], ['es', 'es-ES']]) {
  test(`turn signals in ${lang}: title, favicon, a notification with the tab hidden`, async () => {
    const words = dict(lang);
    const mark = '● ' + words['signal.your_turn'];
    const browser = await launch();
    try {
      const g = await api('/api/games', { preset: 'dominos-triangles', seats: [{ kind: 'human', name: 'Ann' }, { kind: 'human', name: 'Bob' }] });
      assert.equal(g.status, 201, JSON.stringify(g.json));
      const { page: a } = await newPage(browser, { locale, context: { permissions: ['notifications'] } });
      await a.addInitScript(watchers);
      const { page: b } = await newPage(browser, { locale });
      await a.goto(BASE + g.json.seats[0].link);
      await b.goto(BASE + g.json.seats[1].link);
      await a.waitForSelector('#players .player');
      await b.waitForSelector('#players .player');
      assert.equal(await a.textContent('label.notify'), ' ' + words['signal.notify_box']);

      // Whoever moves first: if Bob, Ann's tab shows no mark until Bob has moved.
      await Promise.race([a.waitForSelector('#turn .mine'), b.waitForSelector('#turn .mine')]);
      if (await mine(b)) {
        assert.ok(!(await a.title()).startsWith(mark), await a.title());
        assert.doesNotMatch(await icon(a), /#turn$/);
        assert.ok((await b.title()).startsWith(mark), await b.title());
        await playTurn(b, g.json.id, 1);
      }
      // Ann's turn, her tab in view: the mark and the favicon's dot; no notification (not asked for, and seen).
      await a.waitForSelector('#turn .mine');
      await a.waitForFunction((m) => document.title.startsWith(m), mark);
      assert.match(await a.title(), /Triominos/);
      assert.match(await icon(a), /favicon[^#]*\.svg.*#turn$|favicon\.svg#turn$/);
      assert.ok(!(await b.title()).startsWith(mark), await b.title());

      // She asks to be told (the permission is granted to this browser).
      await a.check('#notify');
      await a.waitForFunction(() => localStorage.getItem('triominos.notify') === 'on');
      assert.equal(await a.evaluate(() => window.__notes.length), 0);

      // She plays: the mark and the dot go; Bob's tab has them now.
      await playTurn(a, g.json.id, 0);
      await b.waitForSelector('#turn .mine');
      await a.waitForFunction((m) => !document.title.startsWith(m), mark);
      assert.doesNotMatch(await icon(a), /#turn/);
      assert.ok((await b.title()).startsWith(mark));

      // Ann's tab goes to the background; Bob moves: her turn comes with a notification.
      await setHidden(a, true);
      await playTurn(b, g.json.id, 1);
      await a.waitForFunction(() => window.__notes.length > 0, null, { timeout: 15000 });
      const notes = await a.evaluate(() => window.__notes);
      assert.equal(notes.length, 1);
      assert.equal(notes[0].title, words['signal.your_turn']);
      assert.equal(notes[0].body, words['signal.notify_body']);
      assert.ok((await a.title()).startsWith(mark));
      // Back to the tab: the notification is closed; no second one.
      await setHidden(a, false);
      await a.waitForFunction(() => window.__closed > 0);
      assert.equal(await a.evaluate(() => window.__notes.length), 1);

      // The choice is remembered by this browser: the box is ticked on the next visit.
      await a.reload();
      await a.waitForSelector('#players .player');
      assert.equal(await a.isChecked('#notify'), true);
      assert.equal(a.__errors || 0, 0);
      assert.equal(b.__errors || 0, 0);
    } finally {
      await browser.close();
    }
  });
}
