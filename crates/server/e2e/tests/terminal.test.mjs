// A game between the browser and the terminal (issue 38): seat 1 is played by
// `triominos play --join LINK` in a pseudo-terminal, driven from its screen by
// the Rust harness `crates/triominos/examples/pty_join.rs`; seat 0 plays in the
// browser. Both see the game end.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, newPage, api, BASE, playOneMove } from '../lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

test('a seat joined from the terminal plays a whole game against a seat in the browser', async () => {
  // The harness, built in the profile of the binary run.sh serves (scripts/test.sh's
  // cargo test has built it already: then this is quick).
  const bin = process.env.TRIOMINOS_BIN || path.join(root, 'target/release/triominos');
  const profile = path.basename(path.dirname(bin));
  const flags = profile === 'debug' ? [] : ['--profile', profile];
  execFileSync('cargo', ['build', '--quiet', '-p', 'triominos', '--example', 'pty_join', ...flags], { cwd: root, stdio: 'inherit' });
  const harness = path.join(path.dirname(bin), 'examples', 'pty_join');
  // One short round: hands of 4 tiles, no target.
  const g = await api('/api/games', { preset: 'goliath', seed: 5, options: { target: 'none', hand_size: '4 4 4 4 4' }, seats: [{ kind: 'human', name: 'Ann' }, { kind: 'human', name: 'Tom' }] });
  assert.equal(g.status, 201);
  const browser = await launch();
  let term;
  try {
    const { page } = await newPage(browser);
    await page.goto(BASE + g.json.seats[0].link);
    await page.waitForSelector('#players .player');
    let out = '';
    const ended = new Promise((resolve) => {
      term = spawn(harness, [bin, BASE + g.json.seats[1].link], { stdio: ['ignore', 'pipe', 'pipe'] });
      let err = '';
      term.stderr.on('data', (d) => { err += d; process.env.PTY_TRACE && process.stderr.write(d); });
      term.stdout.on('data', (d) => { out += d; });
      term.on('exit', (code) => resolve(code));
    });
    // The terminal's seat is connected.
    await page.waitForSelector('#players .player[data-seat="1"] .dot.on', { timeout: 30000 });
    let done = false;
    ended.then(() => { done = true; });
    let moves = 0;
    while (!(await page.$('#overlay:not(.hidden) .gameover'))) {
      const mine = await Promise.race([
        page.waitForSelector('#turn .mine', { timeout: 60000 }).then(() => true),
        page.waitForSelector('#overlay:not(.hidden) .gameover', { timeout: 60000 }).then(() => false),
      ]);
      if (!mine) break;
      await playOneMove(page);
      moves += 1;
      assert.ok(moves < 200, 'the game ends');
      assert.ok(!done || (await page.$('#overlay:not(.hidden) .gameover')) || (await page.$('#turn .mine')), 'the terminal stayed till the end');
    }
    const code = await ended;
    assert.equal(code, 0, out);
    assert.match(out, /Game over: .* won/);
    // The terminal played moves of its own, told in its log and in the browser's sheet.
    const played = Number((out.match(/moves (\d+)/) || [])[1]);
    assert.ok(played >= 1, out);
    assert.ok(await page.$('#overlay:not(.hidden) .gameover'));
  } finally {
    if (term && term.exitCode === null) term.kill();
    await browser.close();
  }
});
