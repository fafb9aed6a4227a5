// The score pad's first page: the sheets this browser holds the keys of (pad/keys.js),
// and a new sheet (players, rules, target, house rules built from the server's option schema).
// @ts-check
import { t, lang, errorText } from '../i18n.js';
import { h, api, meta, go, toast, renderer } from '../dom.js';
import { languagePreset } from '../prefs.js';
import { optionGrid, changedOptions, intOrNoneParts, rangeOf, specOf, rulesErrorText } from '../options.js';
import { keepKey, forgetKey, knownSheets, keyHeaders } from './keys.js';

/** @typedef {import('../types/wire').KeyedSheet} KeyedSheet */
/** @typedef {import('../types/wire').SheetList} SheetList */
/** @typedef {import('../types/wire').SheetListItem} SheetListItem */

/** @param {HTMLElement} main */
export async function showList(main) {
  const m = await meta();
  main.className = 'padlist';
  const saved = JSON.parse(localStorage.getItem('triominos.pad') || '{}');
  /** @type {{preset: string, names: string[], overrides: Record<string, string>}} */
  const state = {
    preset: m.presets.find((p) => p.name === saved.preset) ? saved.preset : languagePreset(),
    names: Array.isArray(saved.names) && saved.names.length >= 2 ? saved.names : ['', ''],
    overrides: {},
  };
  const form = h('form', { class: 'panel padnew', id: 'padnew' });
  const err = h('p', { class: 'error', role: 'alert' });
  const listBox = h('div', { class: 'padsheets' });
  main.append(
    h('h1', {}, t('pad.title')),
    h('p', { class: 'lead' }, t('pad.lead')),
    listBox,
    form,
  );
  // state.preset is always one of them (the select offers only those).
  const presetOf = () => m.presets.find((p) => p.name === state.preset) || m.presets[0];
  const opts = () => Object.assign({}, presetOf().options, state.overrides);
  const range = () => rangeOf(opts().players);
  const targetSpec = specOf(m.options, 'target');

  const render = renderer(() => {
    form.replaceChildren();
    const [min, max] = range();
    while (state.names.length < min) state.names.push('');
    while (state.names.length > Math.max(max, min)) state.names.pop();
    const sel = h('select', { id: 'padpreset' }, ...m.presets.map((p) => h('option', { value: p.name, selected: p.name === state.preset }, t('preset.' + p.name))));
    sel.addEventListener('change', () => { state.preset = sel.value; state.overrides = {}; render(); });
    const names = h('ol', { class: 'padnames' });
    state.names.forEach((n, i) => {
      const inp = h('input', { type: 'text', maxlength: 24, value: n, placeholder: t('seat.player', { n: i + 1 }), 'aria-label': t('lobby.name'), class: 'padname' });
      inp.addEventListener('input', () => { state.names[i] = inp.value; });
      const rm = h('button', { type: 'button', class: 'icon', title: t('pad.remove_player'), 'aria-label': t('pad.remove_player'), disabled: state.names.length <= min }, '✕');
      rm.addEventListener('click', () => { state.names.splice(i, 1); render(); });
      names.append(h('li', {}, inp, rm));
    });
    const addBtn = h('button', { type: 'button', id: 'padaddplayer', disabled: state.names.length >= max }, t('pad.add_player'));
    addBtn.addEventListener('click', () => { state.names.push(''); render(); });
    const o = opts();
    // The target has its own row, above the other house rules.
    const target = targetSpec
      ? h('div', { class: 'row padtargetrow', 'data-option': targetSpec.name },
        h('label', { for: 'padtarget' }, t('pad.target')),
        ...intOrNoneParts(targetSpec, o[targetSpec.name], (v) => { state.overrides[targetSpec.name] = v; }, { id: 'padtarget', noneId: 'padsingle' }))
      : null;
    const house = h('details', { class: 'house' }, h('summary', {}, t('lobby.house_rules')));
    const table = optionGrid(m.options, {
      values: o,
      base: presetOf().options,
      preset: state.preset,
      prefix: 'padopt-',
      skip: targetSpec ? [targetSpec.name] : [],
      onChange: (name, v) => { state.overrides[name] = v; render(); house.open = true; },
    });
    house.open = Object.keys(state.overrides).some((k) => !targetSpec || k !== targetSpec.name);
    house.append(table);
    form.append(
      h('h2', {}, t('pad.new')),
      h('label', { class: 'row' }, h('span', {}, t('pad.rules')), sel),
      h('p', { class: 'small' }, t('preset.' + state.preset + '.desc')),
      h('h3', {}, t('pad.players', { min, max })),
      names, addBtn,
      ...(target ? [target] : []),
      house,
      h('button', { type: 'submit', class: 'primary big', id: 'padstart' }, t('pad.start')),
      err);
  });

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    err.textContent = '';
    const options = changedOptions(state.overrides, presetOf().options);
    try {
      /** @type {KeyedSheet} */
      const s = await api('POST', '/api/pad', { names: state.names.map((n) => n.trim()), preset: state.preset, options });
      keepKey(s.id, s.key);
      localStorage.setItem('triominos.pad', JSON.stringify({ preset: state.preset, names: state.names }));
      go('/pad/' + s.id);
    } catch (ex) {
      err.textContent = rulesErrorText(ex, m.options);
    }
  });

  async function loadList() {
    listBox.replaceChildren();
    const known = knownSheets();
    if (!known.length) return;
    /** @type {SheetListItem[]} */
    let sheets = [];
    try { sheets = (/** @type {SheetList} */ (await api('POST', '/api/pad/list', { sheets: known }))).sheets; } catch (e) { listBox.append(h('p', { class: 'error' }, errorText(e))); return; }
    // A sheet the server no longer has (or whose key it refuses) is forgotten.
    for (const k of known) if (!sheets.some((s) => s.id === k.id)) forgetKey(k.id);
    if (!sheets.length) return;
    listBox.append(h('h2', {}, t('pad.sheets')));
    const body = h('tbody', {});
    for (const s of sheets) {
      const sum = s.summary || /** @type {Partial<import('../types/wire').SheetSummary>} */ ({});
      const names = (sum.names || []).map((n, i) => n || t('seat.player', { n: i + 1 }));
      const scores = names.map((n, i) => h('span', { class: 'padscore' + ((sum.winners || []).includes(i) ? ' win' : '') }, `${n} ${sum.totals ? sum.totals[i] : 0}`));
      const del = h('button', { type: 'button', class: 'small', title: t('pad.delete_sheet') }, '✕');
      del.addEventListener('click', async () => {
        if (!confirm(t('pad.delete_confirm'))) return;
        try { await api('DELETE', '/api/pad/' + s.id, undefined, keyHeaders(s.id)); forgetKey(s.id); } catch (e) { toast(errorText(e), 'error'); }
        loadList();
      });
      body.append(h('tr', {},
        h('td', { class: 'nw' }, new Date(s.updated * 1000).toLocaleString(lang(), { dateStyle: 'short', timeStyle: 'short' })),
        h('td', {}, h('a', { href: '/pad/' + s.id, 'data-link': '' }, ...scores)),
        h('td', {}, t('preset.' + sum.preset)),
        h('td', {}, sum.over ? t('pad.phase.game_over') : t('pad.round_n', { round: sum.round })),
        h('td', {}, del)));
    }
    listBox.append(h('table', { class: 'gamelist padlisttable' },
      h('thead', {}, h('tr', {}, h('th', {}, t('pad.updated')), h('th', {}, t('games.players')), h('th', {}, t('games.preset')), h('th', {}, t('pad.state')), h('th', {}))),
      body));
  }
  render();
  loadList();
}
