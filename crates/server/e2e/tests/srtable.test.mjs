// The screen-reader table (issue 38): a whole 2-player game against `clever` played with the
// keyboard and moves typed in the notation only, the table read from the accessibility tree
// alone (roles, names, the live region's text: Playwright's ariaSnapshot), never the board's
// SVG nor a pointer. Then its words in French and Spanish.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, BASE, api } from '../lib.mjs';

const WORDS = {
  en: { table: 'Screen-reader table', setting: 'Screen-reader table', now: 'Now', hand: 'Your hand', spots: 'Open spots', move: 'Your move', log: 'What happens', yourTurn: /Your turn\./, over: /^Game over/, next: 'Next round', fit: /Your tiles that fit: (.*)\.$/, and: ' and ', empty: /The table is empty/, ambiguous: /could be several moves: (.*)\. Type one of them\./ },
  fr: { table: "Table pour lecteur d'écran", setting: "Table pour lecteur d'écran", now: 'Maintenant', hand: 'Votre chevalet', spots: 'Places libres', move: 'Votre coup', log: 'Ce qui se passe', yourTurn: /À vous de jouer\./, over: /^Partie terminée/, next: 'Manche suivante', fit: /Vos tuiles qui y vont : (.*)\.$/, and: ' et ', empty: /La table est vide/, ambiguous: /peut être plusieurs coups : (.*)\. Tapez/ },
  es: { table: 'Mesa para lector de pantalla', setting: 'Mesa para lector de pantalla', now: 'Ahora', hand: 'Tu caballete', spots: 'Huecos libres', move: 'Tu jugada', log: 'Lo que pasa', yourTurn: /Te toca\./, over: /^Partida terminada/, next: 'Siguiente ronda', fit: /Tus fichas que encajan: (.*)\.$/, and: ' y ', empty: /La mesa está vacía/, ambiguous: /puede ser varias jugadas: (.*)\. Escribe/ },
};

// The texts of an ariaSnapshot's lines of one role ("- listitem: text" or '- paragraph: "text"').
function texts(snapshot, role) {
  const out = [];
  for (const line of snapshot.split('\n')) {
    const m = line.match(new RegExp(`^\\s*- ${role}(?: "[^"]*")?: (.*)$`));
    if (!m) continue;
    let v = m[1];
    if (v.startsWith('"')) v = JSON.parse(v);
    else if (v.startsWith("'")) v = v.slice(1, -1).replace(/''/g, "'");
    out.push(v);
  }
  return out;
}

/** The table as the accessibility tree tells it, for one language. */
function tableOf(page, w) {
  const region = page.getByRole('region', { name: w.table });
  const group = (name) => region.getByRole('group', { name });
  return {
    region,
    input: region.getByRole('textbox', { name: w.move }),
    async now() { return texts(await group(w.now).ariaSnapshot(), 'paragraph').join(' '); },
    async hand() { return texts(await group(w.hand).ariaSnapshot(), 'paragraph').join(' ').split(/,? (?:and|et|y) |, /).filter((x) => /^\d-\d-\d$/.test(x)); },
    async spots() { return texts(await region.getByRole('list', { name: w.spots }).ariaSnapshot(), 'listitem'); },
    async log() { return texts(await region.getByRole('log').ariaSnapshot(), 'paragraph'); },
    async alert() { return texts(await region.getByRole('alert').ariaSnapshot(), 'alert').join(' '); },
    async value() { return (await this.input.ariaSnapshot()).replace(/^- textbox "[^"]*"(?:: )?/, '').replace(/^"|"$/g, ''); },
  };
}

const compact = (tile) => tile.replace(/-/g, '');
// A list in words ("a, b and c", "a, b, and c", "a, b et c", "a, b y c") split into its items.
const items = (text) => text.split(/,? (?:and|et|y) |, /);

async function until(f, what, ms = 60000) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v) return v;
    if (Date.now() > end) throw new Error('waited too long for ' + what);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Types a move in the box (keys only: select all, erase, the characters, Enter) and waits
 * for its answer: null when it was taken (the box empties), else the refusal's words (the alert).
 */
async function typeMove(tbl, text) {
  await tbl.input.press('Control+A');
  await tbl.input.press('Backspace');
  await tbl.input.pressSequentially(text);
  await tbl.input.press('Enter');
  return until(async () => {
    const alert = (await tbl.alert()).trim();
    if (alert) return { refused: alert };
    if ((await tbl.value()) === '') return { taken: true };
    return null;
  }, 'the answer to ' + text).then((r) => (r.taken ? null : r.refused));
}

/** Turns the table on with the keyboard: the setting's checkbox, Space. */
async function turnOn(page, w) {
  const box = page.getByRole('checkbox', { name: w.setting });
  await box.press(' ');
  await until(async () => (await box.isChecked()) && (await page.getByRole('region', { name: w.table }).count()) === 1, 'the table shown');
}

/**
 * Plays this seat's turn from what the table says: the opening (the tile alone, then one of
 * the ways the refusal lists), else a tile of the hand on a spot the table says it fits,
 * else draw, else pass. Answers the move taken.
 */
async function playTurn(tbl, w) {
  const spots = await tbl.spots();
  const tried = [];
  if (spots.some((s) => w.empty.test(s))) {
    for (const tile of await tbl.hand()) {
      const said = await typeMove(tbl, compact(tile));
      if (said === null) return compact(tile);
      tried.push(said);
      const ways = said.match(w.ambiguous);
      if (!ways) continue;
      const first = ways[1].split(', ')[0];
      const again = await typeMove(tbl, first);
      if (again === null) return first;
      tried.push(again);
    }
  } else {
    const now = await tbl.now();
    const drawn = (now.match(/\((\d-\d-\d)\)/) || [])[1];
    const moves = [];
    for (const s of spots) {
      const name = s.split(',')[0];
      assert.match(name, /^[LRAB]\d{3}$/, `a spot named in the notation: ${s}`);
      const fit = s.match(w.fit);
      if (!fit) continue;
      for (const tile of items(fit[1])) moves.push({ tile, text: compact(tile) + name });
    }
    moves.sort((a, b) => (b.tile === drawn) - (a.tile === drawn));
    for (const m of moves) {
      const said = await typeMove(tbl, m.text);
      if (said === null) return m.text;
      tried.push(said);
    }
  }
  for (const word of ['draw', 'pass']) {
    const said = await typeMove(tbl, word);
    if (said === null) return word;
    tried.push(said);
  }
  throw new Error('no move was taken: ' + tried.join(' | '));
}

test('a whole game against clever, played with the keyboard and the notation only, read from the accessibility tree', async () => {
  const w = WORDS.en;
  const g = await api('/api/games', { preset: 'goliath', seed: 38, seats: [{ kind: 'human', name: 'Ann' }, { kind: 'bot', level: 'clever', name: 'Clever' }] });
  assert.equal(g.status, 201);
  const browser = await launch();
  try {
    const { page } = await newPage(browser);
    await page.goto(BASE + g.json.seats[0].link);
    await page.getByRole('checkbox', { name: w.setting }).waitFor();
    assert.equal(await page.getByRole('region', { name: w.table }).count(), 0, 'off by default');
    await turnOn(page, w);
    // Remembered: after a reload the table is there, the box ticked.
    await page.reload();
    await page.getByRole('region', { name: w.table }).waitFor();
    assert.equal(await page.getByRole('checkbox', { name: w.setting }).isChecked(), true);
    const tbl = tableOf(page, w);
    // The / key brings the keyboard to the move box.
    await page.keyboard.press('/');
    assert.equal(await page.evaluate(() => document.activeElement && document.activeElement.getAttribute('aria-describedby')), 'sr-move-help');

    const heard = new Set();
    const listen = async () => { for (const l of await tbl.log()) heard.add(l); };
    let mine = 0;
    let rounds = 1;
    let refusedOnce = false;
    for (let i = 0; i < 2000; i++) {
      const at = await until(async () => {
        if (await page.getByRole('dialog').count()) return 'dialog';
        const now = await tbl.now();
        if (w.yourTurn.test(now)) return 'turn';
        return null;
      }, 'this seat\'s turn or a dialog', 120000);
      await listen();
      if (at === 'dialog') {
        const dialog = page.getByRole('dialog');
        if (await dialog.getByRole('button', { name: w.next }).count()) {
          await dialog.getByRole('button', { name: w.next }).press('Enter');
          await until(async () => (await page.getByRole('dialog').count()) === 0, 'the next round');
          rounds++;
          continue;
        }
        break;
      }
      // Once, a tile not in the hand: refused in words, nothing changes.
      if (!refusedOnce && (await tbl.spots()).some((s) => w.fit.test(s))) {
        const hand = await tbl.hand();
        const absent = ['0-0-0', '1-1-1', '2-2-2', '3-3-3', '4-4-4', '5-5-5', '0-1-2', '2-3-4'].find((x) => !hand.includes(x));
        const said = await typeMove(tbl, compact(absent) + (await tbl.spots())[0].split(',')[0]);
        assert.ok(said === `${absent} is not in your hand.` || said === `${absent} is not on the table.` || /not in your hand/.test(said), said);
        refusedOnce = true;
        // A word that is no move at all (issue 45): a sentence, not '"hello" is not understood after ""'.
        assert.equal(await typeMove(tbl, 'hello'), '“hello” is not a move: type a tile and its spot, such as 255L555 (2-5-5 left of 5-5-5), or draw, or pass.');
      }
      // Every spot is described: its name, where it is, what it needs, what of the hand fits.
      const hand = await tbl.hand();
      for (const s of await tbl.spots()) {
        if (w.empty.test(s)) continue;
        assert.match(s, /^[LRAB]\d{3}, (left of|right of|above|below) \d-\d-\d: (needs .+|no tile can fit: its neighbours disagree)\. (Your tiles that fit: .+|None of your tiles fits)\.$/, s);
        const fit = s.match(w.fit);
        if (fit) for (const x of items(fit[1])) assert.ok(hand.includes(x), `${x} of ${s} is in the hand ${hand}`);
      }
      const move = await playTurn(tbl, w);
      mine++;
      if (move !== 'draw' && move !== 'pass') {
        // The live region tells the play as typed, with its points.
        await until(async () => (await tbl.log()).some((l) => l.startsWith(`You played ${move}: `)), 'the play told: ' + move);
      }
      await listen();
    }
    await listen();
    console.log(`# the whole game: ${mine} moves of this seat over ${rounds} rounds, ${heard.size} lines heard`);
    const lines = [...heard];
    assert.ok(mine >= 10, `a whole game: ${mine} moves of this seat over ${rounds} rounds`);
    assert.ok(lines.some((l) => /^Clever played \d{3}([LRAB]\d{3})?(\^\d{1,3})?!?: [+−-]?\d+\./.test(l)), 'the bot\'s plays are told in the notation: ' + lines.slice(0, 5).join(' | '));
    assert.ok(lines.some((l) => /^You played \d{3}[LRAB]\d{3}: \+\d+\./.test(l)), 'this seat\'s plays too, in one voice');
    assert.ok(!lines.some((l) => /\(you\)/.test(l)), 'one voice: never "Ann (you)" in the log');
    assert.ok(lines.some((l) => /^Round \d+ is over\. Totals: you -?\d+,? and Clever -?\d+\.$/.test(l)), 'a round\'s end with the totals: ' + lines.filter((l) => /Round/.test(l)).join(' | '));
    assert.ok(lines.some((l) => /^The game is over\. Winner: /.test(l)), 'the game\'s end');
    assert.match(await tbl.now(), w.over);
    assert.equal(page.__errors || 0, 0, 'no script errors');
  } finally {
    await browser.close();
  }
});

// French and Spanish: the setting, the spots in words, a refusal and the plays told.
for (const [lang, locale] of [['fr', 'fr-FR'], ['es', 'es-ES']]) {
  test(`the screen-reader table in ${lang}`, async () => {
    const w = WORDS[lang];
    const g = await api('/api/games', { preset: 'goliath', seed: 7, seats: [{ kind: 'human', name: 'Ann' }, { kind: 'bot', level: 'clever', name: 'Bot' }] });
    assert.equal(g.status, 201);
    const browser = await launch();
    try {
      const { page } = await newPage(browser, { locale });
      await page.goto(BASE + g.json.seats[0].link);
      await page.getByRole('checkbox', { name: w.setting }).waitFor();
      await turnOn(page, w);
      const tbl = tableOf(page, w);
      let plays = 0;
      const sides = lang === 'fr' ? /^[LRAB]\d{3}, (à gauche de|à droite de|au-dessus de|au-dessous de) \d-\d-\d : demande .+ (en haut|en bas|à gauche|à droite).*\. (Vos tuiles qui y vont : .+|Aucune de vos tuiles n'y va)\.$/
        : /^[LRAB]\d{3}, (a la izquierda de|a la derecha de|encima de|debajo de) \d-\d-\d: pide .+ (arriba|abajo).*\. (Tus fichas que encajan: .+|Ninguna de tus fichas encaja)\.$/;
      let described = 0;
      for (let i = 0; i < 8; i++) {
        await until(async () => w.yourTurn.test(await tbl.now()), 'this seat\'s turn', 120000);
        for (const s of await tbl.spots()) {
          if (w.empty.test(s)) continue;
          assert.match(s, sides);
          described++;
        }
        if (i === 0) {
          const hand = await tbl.hand();
          const absent = ['0-0-0', '1-1-1', '2-2-2', '3-3-3', '4-4-4', '5-5-5'].find((x) => !hand.includes(x));
          const said = await typeMove(tbl, compact(absent));
          assert.equal(said, lang === 'fr' ? `${absent} n'est pas sur votre chevalet.` : `${absent} no está en tu caballete.`);
        }
        const move = await playTurn(tbl, w);
        if (move !== 'draw' && move !== 'pass') {
          const said = lang === 'fr' ? `Vous avez joué ${move} : ` : `Jugaste ${move}: `;
          await until(async () => (await tbl.log()).some((l) => l.startsWith(said)), 'the play told: ' + said);
          plays++;
        }
      }
      assert.ok(plays >= 2 && described >= 3, `plays ${plays}, spots described ${described}`);
      const lines = await tbl.log();
      assert.ok(lines.some((l) => (lang === 'fr' ? / a joué \d{3}/ : / jugó \d{3}/).test(l) && l.startsWith('Bot')), 'the bot\'s plays told: ' + lines.join(' | '));
      assert.equal(page.__errors || 0, 0, 'no script errors');
    } finally {
      await browser.close();
    }
  });
}
