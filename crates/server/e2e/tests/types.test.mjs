// The page's scripts are checked against the wire types made from the Rust types
// (assets/types/wire.d.ts, `tsc` in run.sh): here, a field renamed in the declarations,
// as a rename in a protocol type would make them, fails `tsc` on the script that reads it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const assets = join(here, '..', '..', 'assets');
const tsc = join(here, '..', 'node_modules', 'typescript', 'bin', 'tsc');

function check(dir) {
  return spawnSync(process.execPath, [tsc, '-p', join(dir, 'types')], { encoding: 'utf8' });
}

test('a field renamed in the wire types fails tsc on the scripts that read it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wire-'));
  try {
    cpSync(assets, dir, { recursive: true });
    const ok = check(dir);
    assert.equal(ok.status, 0, 'the checked-in scripts and types agree: ' + ok.stdout);
    // Me.my_turn (game/state.js reads it) and the snapshot's log, renamed.
    const dts = join(dir, 'types', 'wire.d.ts');
    const text = readFileSync(dts, 'utf8');
    const renamed = text.replace(/^my_turn: boolean/m, 'myTurn: boolean').replace(/^log: Array<Delta>/m, 'entries: Array<Delta>');
    assert.notEqual(renamed, text);
    writeFileSync(dts, renamed);
    const bad = check(dir);
    assert.notEqual(bad.status, 0);
    assert.match(bad.stdout, /game\/state\.js\(\d+,\d+\): error TS\d+: Property 'my_turn' does not exist on type 'Me'/);
    assert.match(bad.stdout, /game\/state\.js\(\d+,\d+\): error TS\d+: Property 'log' does not exist/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
