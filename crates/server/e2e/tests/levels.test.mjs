// The lobby's level picker: the four named levels with how strong each one is, in
// each language; a game against Expert starts and the bot answers; a game of bots
// alone beyond the server's cap is refused with words, in each language.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { launch, newPage, BASE, api, playOneMove, startServer } from '../lib.mjs';

/** A server of this test's own, capped at one game of bots alone, so that the games
 * filling its cap leave the shared server's cap to the other tests. */
async function cappedServer() {
  return startServer({ args: ['--max-bot-games', '1'] });
}

/** The page's words in a language, as the server embeds them. */
const words = (lang) => JSON.parse(readFileSync(new URL(`../../assets/i18n/${lang}.json`, import.meta.url), 'utf8'));
const fill = (text, params) => text.replace(/\{(\w+)\}/g, (_, k) => String(params[k]));

/** The texts of the level picker of the lobby's bot seat. */
async function pickerTexts(page) {
  await page.waitForSelector('#lobby select.level');
  return page.$$eval('#lobby select.level option', (o) => o.map((x) => ({ value: x.value, text: x.textContent })));
}

test('the lobby lists the four named levels with their strength; a game against Expert starts and the bot answers', async () => {
  const meta = (await api('/api/meta')).json;
  assert.deepEqual(meta.levels, ['beginner', 'casual', 'clever', 'expert']);
  const browser = await launch();
  try {
    for (const [lang, locale] of [['en', 'en-US'], ['fr', 'fr-FR'], ['es', 'es-ES']]) {
      const w = words(lang);
      const { page, context } = await newPage(browser, { locale });
      await page.goto(BASE + '/new');
      const options = await pickerTexts(page);
      assert.deepEqual(options.map((o) => o.value), meta.levels, `${lang}: the four levels, weakest first`);
      for (const o of options) {
        const info = meta.level_info.find((l) => l.id === o.value);
        assert.ok(o.text.startsWith(w['level.' + o.value]), `${lang}: ${o.text} names the level`);
        if (info.bot === info.against) {
          assert.ok(o.text.includes(w['level.strength.reference']), `${lang}: ${o.text}`);
          continue;
        }
        const key = info.at_least ? 'level.strength.at_least' : 'level.strength';
        const strength = fill(w[key], { pct: Math.round(info.win_rate * 100), against: w['level.casual'] });
        assert.ok(o.text.includes(strength), `${lang}: "${o.text}" says "${strength}"`);
      }
      const expert = options.find((o) => o.value === 'expert').text;
      assert.ok(expert.includes(fill(w['level.thinks'], { seconds: 1 })), `${lang}: ${expert} says it thinks a second`);
      assert.ok((await page.textContent('#level-help')).includes(w['level.casual']));
      await context.close();
    }

    // A game against Expert, from the lobby.
    const { page } = await newPage(browser);
    await page.goto(BASE + '/new');
    await pickerTexts(page);
    await page.selectOption('#lobby select.level', 'expert');
    await page.click('#create');
    await page.waitForURL(/\/g\/[0-9a-f]+\/[0-9a-f]{32}$/);
    await page.waitForSelector('#rack .racktile');
    const id = page.url().split('/g/')[1].split('/')[0];
    const info = (await api('/api/games/' + id)).json;
    assert.equal(info.seats[1].level, 'expert');
    // Our turn (unless the bot opened): we act until the turn passes to the bot (a
    // draw keeps it ours), then the bot answers.
    await page.waitForSelector('#turn .mine', { timeout: 30000 });
    const game = async () => (await api('/api/games/' + id)).json;
    const wait = async (cond) => {
      for (let i = 0; i < 600; i++) {
        const g = await game();
        if (cond(g)) return g;
        await new Promise((r) => setTimeout(r, 50));
      }
      return game();
    };
    let g = await game();
    for (let i = 0; i < 6 && g.status.phase === 'playing' && g.status.to_move === 0; i++) {
      const v = g.version;
      await playOneMove(page);
      g = await wait((x) => x.version > v);
      if (g.status.to_move === 0) await page.waitForSelector('#turn .mine', { timeout: 30000 });
    }
    assert.equal(g.status.to_move, 1, 'the turn passed to the bot');
    const before = g.version;
    const answered = await wait((x) => x.version > before);
    const after = answered.version;
    assert.ok(after > before, `the bot answered (version ${before} -> ${after})`);
    assert.equal(page.__errors || 0, 0, 'no script errors');
  } finally {
    await browser.close();
  }
});

test('a game of bots alone beyond the server\'s cap is refused in the page\'s language', async () => {
  // Fills the cap of the test's own server with games of bots alone (to 2000 points:
  // they play on for minutes); answers the cap.
  const server = await cappedServer();
  const fillCap = async () => {
    for (let i = 0; i < 20; i++) {
      const r = await server.post('/api/games', { preset: 'goliath', options: { target: '2000' }, seats: [{ kind: 'bot', level: 'beginner' }, { kind: 'bot', level: 'beginner' }] });
      if (r.status === 429) {
        assert.equal(r.json.code, 'too_many_bot_games');
        return r.json.params.max;
      }
      assert.equal(r.status, 201);
    }
    assert.fail('the server caps games of bots alone');
  };
  const browser = await launch();
  try {
    for (const [lang, locale] of [['en', 'en-US'], ['fr', 'fr-FR'], ['es', 'es-ES']]) {
      const { page, context } = await newPage(browser, { locale });
      await page.goto(server.base + '/new');
      await page.waitForSelector('#lobby select.kind');
      const max = await fillCap();
      assert.equal(max, 1);
      // The first seat, a person by default, becomes a bot too.
      await page.selectOption('#lobby li:first-child select.kind', 'bot');
      await page.click('#create');
      await page.waitForFunction(() => document.querySelector('#lobby .error').textContent.length > 0);
      const shown = await page.textContent('#lobby .error');
      assert.equal(shown, fill(words(lang)['errors.too_many_bot_games'], { max }), lang);
      assert.match(page.url(), /\/new$/, 'still in the lobby');
      await context.close();
    }
  } finally {
    await browser.close();
    server.stop();
  }
});
