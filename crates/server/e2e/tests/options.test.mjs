// The house rules of the lobby, the score pad and the rules pages come from the option
// schema of /api/meta; a refused rule set is explained in the page's language, naming
// the option by its label.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { launch, newPage, BASE, api } from '../lib.mjs';

// The options offered only at live tables, never in the score pad (options.js NOT_OFFERED):
// the turn timer and its penalty.
const NOT_OFFERED = ['timer', 'timer_penalty'];

/** The page's words in a language, as the server embeds them. */
const words = (lang) => JSON.parse(readFileSync(new URL(`../../assets/i18n/${lang}.json`, import.meta.url), 'utf8'));

// What a control of the lobby shows, as the option's text.
async function shown(page, prefix, spec) {
  return page.evaluate(({ id, kind }) => {
    const el = document.getElementById(id);
    if (!el) return null;
    if (kind === 'bool') return el.checked ? 'true' : 'false';
    if (kind === 'range') return [...el.querySelectorAll('input')].map((i) => i.value).join('-');
    if (kind === 'list') return [...el.querySelectorAll('input')].map((i) => i.value).join(' ');
    if (kind === 'int_or_none' && document.getElementById(id + '-none').checked) return 'none';
    return el.value;
  }, { id: prefix + spec.name, kind: spec.kind.type });
}

// Sets a number box of a control and lets the page see the change.
async function setNumber(page, selector, value) {
  await page.fill(selector, String(value));
  await page.$eval(selector, (e) => e.dispatchEvent(new Event('change', { bubbles: true })));
}

test('the lobby and the score pad build a control for every option of the schema, with its label and the preset\'s value', async () => {
  const meta = (await api('/api/meta')).json;
  assert.ok(meta.options.length >= 20, 'the server sends the option schema');
  assert.deepEqual(meta.options.map((o) => o.name), meta.option_names, 'in the order of the rules');
  const en = (await (await fetch(BASE + '/assets/i18n/en.json')).json());
  const browser = await launch();
  try {
    const { page } = await newPage(browser);
    await page.goto(BASE + '/new');
    await page.waitForSelector('#create');
    for (const preset of meta.presets) {
      await page.selectOption('#preset', preset.name);
      for (const spec of meta.options) {
        const row = await page.$(`#lobby .option[data-option="${spec.name}"]`);
        // The turn timer and its penalty too: the lobby's table is live by default.
        assert.ok(row, `a row for ${spec.name}`);
        assert.equal(await row.$eval('label', (l) => l.textContent), en[spec.help], `${spec.name} is labelled`);
        assert.equal(await shown(page, 'opt-', spec), preset.options[spec.name], `${preset.name}: ${spec.name} shows the preset's value`);
        if (spec.kind.type === 'int') {
          const box = await page.$('#opt-' + spec.name);
          assert.equal(await box.getAttribute('min'), String(spec.kind.min));
          assert.equal(await box.getAttribute('max'), String(spec.kind.max));
        }
      }
    }
    // A table without a clock has no turn timer to offer.
    assert.equal(await page.$eval('#pace', (s) => s.value), 'live:60', 'a friends table is live by default');
    await page.selectOption('#pace', 'untimed');
    for (const name of NOT_OFFERED) assert.equal(await page.$(`#lobby .option[data-option="${name}"]`), null, `${name} needs a live table`);
    await page.selectOption('#pace', 'live:30');
    for (const name of NOT_OFFERED) assert.ok(await page.$(`#lobby .option[data-option="${name}"]`), `${name} at a live table`);
    // The score pad: the target in its own row, every other option in the house rules.
    await page.goto(BASE + '/pad');
    await page.waitForSelector('#padstart');
    for (const spec of meta.options) {
      if (NOT_OFFERED.includes(spec.name)) { assert.equal(await page.$(`#padnew [data-option="${spec.name}"]`), null); continue; }
      assert.ok(await page.$(`#padnew [data-option="${spec.name}"]`), `the pad has ${spec.name}`);
    }
    assert.ok(await page.$('#padtarget') && await page.$('#padsingle'));
    assert.equal(page.__errors || 0, 0, 'no script errors');
  } finally {
    await browser.close();
  }
});

// The same server, with a schema that has changed: new options and a narrower range.
async function changedSchema(route) {
  const meta = await (await route.fetch()).json();
  const max = meta.options.find((o) => o.name === 'max_draws');
  max.kind = { ...max.kind, max: 7 };
  const all = (v) => Object.fromEntries(meta.presets.map((p) => [p.name, v]));
  meta.options.push({ name: 'zz_new_rule', kind: { type: 'int', min: 3, max: 9 }, help: 'opt.zz_new_rule', defaults: all('4') });
  meta.options.push({ name: 'zz_new_switch', kind: { type: 'bool' }, help: 'opt.zz_new_switch', defaults: all('false') });
  // The option that is coming, if this server does not have it yet: only its translations are in the page.
  if (!meta.options.some((o) => o.name === 'announce_bonuses')) {
    meta.options.push({ name: 'announce_bonuses', kind: { type: 'bool' }, help: 'opt.announce_bonuses', defaults: all('false') });
  }
  await route.fulfill({ json: meta });
}

test('an option the page has never heard of gets a control from its kind and is sent as text', async () => {
  const browser = await launch();
  try {
    const { page } = await newPage(browser);
    await page.route('**/api/meta', changedSchema);
    await page.goto(BASE + '/new');
    await page.waitForSelector('#create');
    await page.click('details.house summary');
    const announce = '#lobby .option[data-option="announce_bonuses"]';
    assert.equal(await page.textContent(announce + ' label'), words('en')['opt.announce_bonuses']);
    assert.match(await page.textContent(announce + ' .help'), /only if the player announces it/);
    assert.equal(await page.isChecked('#opt-announce_bonuses'), false, 'off in every preset');
    assert.equal(await page.getAttribute('#opt-max_draws', 'max'), '7');
    assert.equal(await page.getAttribute('#opt-zz_new_rule', 'min'), '3');
    assert.equal(await page.getAttribute('#opt-zz_new_rule', 'max'), '9');
    assert.equal(await page.inputValue('#opt-zz_new_rule'), '4', 'the preset\'s default');
    assert.equal(await page.getAttribute('#opt-zz_new_switch', 'type'), 'checkbox');
    await setNumber(page, '#opt-zz_new_rule', 6);
    await page.check('#opt-zz_new_switch');
    await page.waitForSelector('.option.changed[data-option="zz_new_switch"]');
    const posted = page.waitForRequest((r) => r.url().endsWith('/api/games') && r.method() === 'POST');
    await page.click('#create');
    const body = JSON.parse((await posted).postData());
    assert.equal(body.options.zz_new_rule, '6');
    assert.equal(body.options.zz_new_switch, 'true');
    // This server does not know the option: it says so, and the page words it.
    await page.waitForFunction(() => document.querySelector('#lobby .error').textContent.length > 0);
    assert.match(await page.textContent('#lobby .error'), /Unknown house rule “opt\.zz_new_rule”|Unknown house rule “opt\.zz_new_switch”/);
    assert.equal(page.__errors || 0, 0, 'no script errors');
    // Its words in French and Spanish, on the score pad.
    for (const [locale, lang] of [['fr-FR', 'fr'], ['es-ES', 'es']]) {
      const other = (await newPage(browser, { locale })).page;
      await other.route('**/api/meta', changedSchema);
      await other.goto(BASE + '/pad');
      await other.waitForSelector('#padstart');
      assert.equal(await other.textContent('#padnew .option[data-option="announce_bonuses"] label'), words(lang)['opt.announce_bonuses']);
      assert.equal(await other.getAttribute('#padopt-announce_bonuses', 'type'), 'checkbox');
    }
  } finally {
    await browser.close();
  }
});

test('a refused rule set shows its reason in the page\'s language, naming the option by its label', async () => {
  const browser = await launch();
  try {
    // Hands too big for the box (3 x 20 > 56 tiles), in the lobby, in English.
    const { page } = await newPage(browser);
    await page.goto(BASE + '/new');
    await page.waitForSelector('#create');
    await page.click('details.house summary');
    await setNumber(page, '#opt-hand_size input:nth-child(2)', 20);
    await page.click('#create');
    await page.waitForFunction(() => document.querySelector('#lobby .error').textContent.length > 0);
    let text = await page.textContent('#lobby .error');
    assert.match(text, /“Tiles dealt”/);
    assert.doesNotMatch(text, /hand_size|Refused/);

    // The first tile that decided the start, with a reveal to decide it: these do not go together.
    await page.click('button:has-text("Back to the preset\'s rules")');
    await page.selectOption('#preset', 'goliath');
    await page.click('details.house summary');
    await page.selectOption('#opt-first_tile', 'start_tile');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/games') && r.request().method() === 'POST');
    await page.click('#create');
    const refusal = await (await answer).json();
    await page.waitForFunction(() => document.querySelector('#lobby .error').textContent.length > 0);
    text = await page.textContent('#lobby .error');
    if (refusal.code === 'inconsistent') assert.match(text, /“First tile”/);
    else assert.equal(text, 'These house rules do not go together.');

    // Each refusal of the contract, worded (the answers stand in for the server's).
    const cases = [
      [{ code: 'bad_value', params: { option: 'max_draws', value: '0' } }, 'The value “0” does not suit the house rule “Draws per turn”.'],
      [{ code: 'unknown_option', params: { option: 'no_such_rule' } }, 'Unknown house rule “no_such_rule”.'],
      [{ code: 'inconsistent', params: { option: 'players', rule: 'min_above_max' } }, '“Number of players”: the fewest players is more than the most.'],
      [{ code: 'inconsistent', params: { option: 'first_tile', rule: 'start_tile_needs_highest_triple' } }, '“First tile”: the tile that decided who starts exists only when the holder of the highest triple starts.'],
      [{ code: 'inconsistent', params: { option: 'hand_size', rule: 'a_rule_of_tomorrow' } }, 'The house rule “Tiles dealt” does not go with the others.'],
    ];
    for (const [json, want] of cases) {
      await page.route('**/api/games', (route) => route.fulfill({ status: 400, json }));
      await page.click('#create');
      await page.waitForFunction((w) => document.querySelector('#lobby .error').textContent === w, want);
      await page.unroute('**/api/games');
    }

    // The score pad in French: more players at least than at most.
    const fr = (await newPage(browser, { locale: 'fr-FR' })).page;
    await fr.goto(BASE + '/pad');
    await fr.waitForSelector('#padstart');
    await fr.click('details.house summary');
    await setNumber(fr, '#padopt-players input:nth-child(1)', 5);
    await setNumber(fr, '#padopt-players input:nth-child(2)', 3);
    await fr.click('#padstart');
    await fr.waitForFunction(() => document.querySelector('#padnew .error').textContent.length > 0);
    text = await fr.textContent('#padnew .error');
    assert.match(text, /« Nombre de joueurs »/);
    assert.doesNotMatch(text, /players|Refus/);
    await fr.route('**/api/pad', (route) => route.fulfill({ status: 400, json: { code: 'inconsistent', params: { option: 'hand_size', rule: 'hand_too_big' } } }));
    await fr.click('#padstart');
    await fr.waitForFunction(() => /Tuiles distribuées/.test(document.querySelector('#padnew .error').textContent));
    assert.equal(await fr.textContent('#padnew .error'), '« Tuiles distribuées » : il n\'y a pas assez de tuiles pour en distribuer autant.');

    // Spanish: the lobby, a value refused.
    const es = (await newPage(browser, { locale: 'es-ES' })).page;
    await es.goto(BASE + '/new');
    await es.waitForSelector('#create');
    await es.route('**/api/games', (route) => route.fulfill({ status: 400, json: { code: 'bad_value', params: { option: 'target', value: '0' } } }));
    await es.click('#create');
    await es.waitForFunction(() => document.querySelector('#lobby .error').textContent.length > 0);
    assert.equal(await es.textContent('#lobby .error'), 'El valor «0» no sirve para la regla de la casa «Puntos para ganar».');
    for (const p of [page, fr, es]) assert.equal(p.__errors || 0, 0, 'no script errors');
  } finally {
    await browser.close();
  }
});

test('the rules pages list every option of the schema with the preset\'s value in words', async () => {
  const meta = (await api('/api/meta')).json;
  const browser = await launch();
  try {
    const { page } = await newPage(browser);
    await page.goto(BASE + '/rules/pressman');
    await page.waitForSelector('#ruleoptions');
    const rows = await page.$$eval('#ruleoptions tr', (r) => r.map((x) => [x.dataset.option, x.querySelector('th').textContent, x.querySelector('td').textContent]));
    assert.deepEqual(rows.map((r) => r[0]), meta.options.map((o) => o.name));
    const row = (name) => rows.find((r) => r[0] === name);
    assert.deepEqual(row('hexagon_bonus').slice(1), ['Hexagon bonus', '1 hexagon: 50, 2 hexagons: 100, 3 hexagons: 150']);
    assert.equal(row('draw_when_able')[2], 'no');
    assert.equal(row('target')[2], '400');
    assert.equal(row('players')[2], '2–4');
    // The deal follows the hand sizes, one line per number of players.
    assert.deepEqual(await page.$$eval('main ul:not(.decisions) li', (l) => l.map((x) => x.textContent)).then((l) => l.length), 3);
    assert.equal(page.__errors || 0, 0, 'no script errors');
  } finally {
    await browser.close();
  }
});
