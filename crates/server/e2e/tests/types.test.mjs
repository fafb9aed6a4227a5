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

test('the replay, score pad, puzzles and tutorial scripts are checked against the wire types too', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wire-'));
  try {
    cpSync(assets, dir, { recursive: true });
    const dts = join(dir, 'types', 'wire.d.ts');
    const text = readFileSync(dts, 'utf8');
    // Replay.hints_used (replay.js), StatusView.can_block (pad/form.js), Verdict.items
    // (learn/lesson.js) renamed, and a try's `stuck` outcome (puzzles/play.js).
    let renamed = text;
    for (const [from, to] of [
      [/^hints_used: Array<HintUse>, \};/m, 'hintsUsed: Array<HintUse>, };'],
      [/^can_block: boolean/m, 'canBlock: boolean'],
      [/^items: Array<LessonItem>/m, 'lessonItems: Array<LessonItem>'],
      [/"outcome": "stuck", /, '"outcome": "stuck_now", '],
    ]) {
      const next = renamed.replace(from, to);
      assert.notEqual(next, renamed, `${from} is in wire.d.ts`);
      renamed = next;
    }
    writeFileSync(dts, renamed);
    const bad = check(dir);
    assert.notEqual(bad.status, 0);
    assert.match(bad.stdout, /replay\.js\(\d+,\d+\): error TS\d+: Property 'hints_used' does not exist on type 'Replay'/);
    assert.match(bad.stdout, /pad\/form\.js\(\d+,\d+\): error TS\d+: Property 'can_block' does not exist on type 'StatusView'/);
    assert.match(bad.stdout, /learn\/lesson\.js\(\d+,\d+\): error TS\d+: Property 'items' does not exist on type 'Verdict'/);
    assert.match(bad.stdout, /puzzles\/play\.js\(\d+,\d+\): error TS\d+: This comparison appears to be unintentional/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('every script is checked, in strict mode: the views, board, options and dom read the wire types, and an untyped parameter fails', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wire-'));
  try {
    cpSync(assets, dir, { recursive: true });
    // The settings: strict, no implicit any, and every script checked (with or without
    // its `// @ts-check` line, which each one has all the same).
    const config = JSON.parse(readFileSync(join(dir, 'types', 'tsconfig.json'), 'utf8')).compilerOptions;
    assert.equal(config.strict, true);
    assert.equal(config.noImplicitAny, true);
    assert.equal(config.checkJs, true);
    const scripts = spawnSync('find', [dir, '-name', '*.js'], { encoding: 'utf8' }).stdout.trim().split('\n');
    assert.ok(scripts.length >= 36, `${scripts.length} scripts`);
    for (const file of scripts) {
      const text = readFileSync(file, 'utf8');
      const head = text.split('\n').filter((l, i, all) => all.slice(0, i + 1).every((x) => x.startsWith('//')));
      assert.ok(head.includes('// @ts-check'), `${file}: // @ts-check in its opening comment`);
      assert.doesNotMatch(text, /@ts-(ignore|nocheck)/, `${file} silences no check`);
    }
    // GameStatus.to_move (game/views.js), OptionDef.help (options.js) and Meta.level_info
    // (i18n.js) renamed; a new script with a parameter of no type.
    const dts = join(dir, 'types', 'wire.d.ts');
    let text = readFileSync(dts, 'utf8');
    for (const [from, to] of [
      [/^to_move: number, /m, 'toMove: number, '],
      [/^help: string, /m, 'helpKey: string, '],
      [/^level_info: Array<LevelMeta>, /m, 'levelInfo: Array<LevelMeta>, '],
    ]) {
      const next = text.replace(from, to);
      assert.notEqual(next, text, `${from} is in wire.d.ts`);
      text = next;
    }
    writeFileSync(dts, text);
    writeFileSync(join(dir, 'extra.js'), 'export function half(n) { return n / 2; }\n');
    const bad = check(dir);
    assert.notEqual(bad.status, 0);
    assert.match(bad.stdout, /game\/views\.js\(\d+,\d+\): error TS\d+: Property 'to_move' does not exist on type 'GameStatus'/);
    assert.match(bad.stdout, /options\.js\(\d+,\d+\): error TS\d+: Property 'help' does not exist on type 'OptionDef'/);
    assert.match(bad.stdout, /i18n\.js\(\d+,\d+\): error TS\d+: Property 'level_info' does not exist on type 'Meta'/);
    assert.match(bad.stdout, /extra\.js\(1,\d+\): error TS7006: Parameter 'n' implicitly has an 'any' type/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
