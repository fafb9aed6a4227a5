// A server restart mid-game: the server stops on SIGTERM with 4000 "server restarting",
// the table says so, and once the server is started again on the same database and port
// the page reconnects by itself and the game goes on from where it was.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { launch, newPage, playOneMove, startServer } from '../lib.mjs';

const en = JSON.parse(readFileSync(new URL('../../assets/i18n/en.json', import.meta.url), 'utf8'));

test('the page reconnects by itself after a server restart and play goes on', async () => {
  const args = ['--bot-delay-ms', '30'];
  let server = await startServer({ args });
  const { port, db, dir } = server;
  const browser = await launch();
  try {
    const { page } = await newPage(browser);
    await page.goto(server.base + '/');
    await page.click('#solo');
    await page.waitForSelector('#rack .racktile');
    await playOneMove(page);
    await page.waitForSelector('#turn .mine', { timeout: 20000 });
    // The seat's link: /g/ID/TOKEN.
    const id = new URL(page.url()).pathname.split('/')[2];
    const before = (await (await fetch(`${server.base}/api/games/${id}`)).json()).version;
    const tiles = await page.$$eval('#board .tiles .tile', (t) => t.length);
    assert.ok(before >= 2 && tiles >= 1, `a move was played (version ${before}, ${tiles} tiles)`);

    // SIGTERM: a graceful stop (exit 0), and the page says the server is restarting.
    assert.equal(await server.stop('SIGTERM', { keep: true }), 0, 'the server stops cleanly on SIGTERM');
    await page.waitForFunction((text) => {
      const c = document.getElementById('conn');
      return c && !c.classList.contains('hidden') && c.textContent === text;
    }, en['conn.restarting'], { timeout: 10000 });

    // Started again on the same database and port: the page reconnects without a reload.
    server = await startServer({ port, db, args });
    await page.waitForFunction(() => document.getElementById('conn').classList.contains('hidden'), null, { timeout: 20000 });
    assert.equal(await page.$$eval('#board .tiles .tile', (t) => t.length), tiles, 'the table is as it was');
    const info = await (await fetch(`${server.base}/api/games/${id}`)).json();
    assert.equal(info.version, before, 'the game was resumed at its version');

    // Play goes on: a move of this seat is stored and the bots answer.
    await playOneMove(page);
    await page.waitForFunction(async ([url, v]) => (await (await fetch(url)).json()).version > v,
      [`${server.base}/api/games/${id}`, before + 1], { timeout: 20000 });
    await page.waitForSelector('#turn .mine', { timeout: 20000 });
    assert.equal(page.__errors || 0, 0, 'no script error');
  } finally {
    await browser.close();
    await server.stop();
    const { rmSync } = await import('node:fs');
    rmSync(dir, { recursive: true, force: true });
  }
});
