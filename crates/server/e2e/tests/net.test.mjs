// The page under the server's guards: the Content-Security-Policy blocks nothing the page
// does, the seat's token never goes in the WebSocket address (the first message carries
// it), a wrong link says so, and a .tri file over the upload limit is refused in words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, BASE, api } from '../lib.mjs';

test('every screen works under the Content-Security-Policy, the theme script included', async () => {
  const browser = await launch();
  try {
    const { page } = await newPage(browser);
    const seen = [];
    page.on('response', (r) => { if (r.url() === BASE + '/' || r.url().startsWith(BASE + '/rules')) seen.push(r.headers()['content-security-policy'] || ''); });
    await page.goto(BASE + '/');
    await page.waitForSelector('#solo');
    // The inline theme script runs (allowed by its hash): a remembered dark theme applies.
    await page.evaluate(() => localStorage.setItem('triominos.theme', 'dark'));
    await page.reload();
    await page.waitForSelector('#solo');
    assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
    for (const [path, sel] of [['/new', '#create'], ['/games', 'main h1'], ['/replay', '#trifile'], ['/rules/goliath', '#ruleoptions'], ['/pad', '#padstart'], ['/learn', '#lessons'], ['/puzzles', '.levels a']]) {
      await page.goto(BASE + path);
      await page.waitForSelector(sel);
    }
    await page.goto(BASE + '/');
    await page.click('#solo');
    await page.waitForSelector('#rack .racktile');
    assert.ok(seen.length > 0 && seen.every((c) => c.includes("frame-ancestors 'none'")), seen.join('\n'));
    assert.equal(page.__errors || 0, 0, 'no script error, nothing blocked by the policy');
  } finally {
    await browser.close();
  }
});

test('the token goes in the first message, not the WebSocket address; a wrong link says so', async () => {
  const browser = await launch();
  try {
    const { json: g } = await api('/api/games', { preset: 'goliath', seats: [{ kind: 'human', name: 'Ann' }, { kind: 'human', name: 'Bob' }] });
    const token = g.seats[0].link.split('/').pop();
    const { page } = await newPage(browser);
    const sockets = [];
    page.on('websocket', (ws) => {
      const s = { url: ws.url(), sent: [] };
      sockets.push(s);
      ws.on('framesent', (f) => s.sent.push(JSON.parse(f.payload)));
    });
    await page.goto(BASE + g.seats[0].link);
    await page.waitForSelector('#rack .racktile');
    assert.equal(sockets.length, 1);
    assert.ok(!sockets[0].url.includes(token) && !sockets[0].url.includes('?'), sockets[0].url);
    assert.deepEqual(sockets[0].sent[0], { type: 'hello', token });
    // A spectator says hello without a token and sees no rack.
    const { page: spec } = await newPage(browser);
    await spec.goto(BASE + g.spectator);
    await spec.waitForSelector('#board');
    assert.equal(await spec.$('#rack .racktile'), null);
    // A wrong token: the page says the link is wrong, and does not retry.
    for (const [locale, pattern] of [['en-US', /not valid for this game/], ['fr-FR', /lien/i]]) {
      const { page: bad } = await newPage(browser, { locale });
      let opened = 0;
      bad.on('websocket', () => { opened += 1; });
      await bad.goto(BASE + `/g/${g.id}/${'0'.repeat(32)}`);
      await bad.waitForSelector('.panel .error');
      assert.match(await bad.textContent('.panel .error'), pattern);
      assert.equal(opened, 1, 'no reconnection after a refused link');
    }
  } finally {
    await browser.close();
  }
});

test('a .tri file over the upload limit is refused in words', async () => {
  const browser = await launch();
  try {
    const { page } = await newPage(browser);
    await page.goto(BASE + '/replay');
    const big = '[Format "1"]\n' + '# padding\n'.repeat(40000);
    await page.setInputFiles('#trifile', { name: 'big.tri', mimeType: 'text/plain', buffer: Buffer.from(big) });
    await page.waitForFunction(() => document.querySelector('.error[role=alert]').textContent.length > 0);
    assert.match(await page.textContent('.error[role=alert]'), /too big.*262144 bytes/);
  } finally {
    await browser.close();
  }
});
