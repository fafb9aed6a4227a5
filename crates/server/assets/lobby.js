// @ts-check
// The lobby: a new game's seats, whether hints may be asked for, and house rules (built from
// the server's option schema), then the invitation links.
import { t, levelText, referenceLevel } from './i18n.js';
import { h, api, meta, go, renderer } from './dom.js';
import { defaultLevel, defaultPreset, savedName, saveLevel, savePreset, saveInvites } from './prefs.js';
import { optionGrid, changedOptions, rangeOf, rulesErrorText, NOT_OFFERED } from './options.js';
import { PACES, paceKey, paceOf, paceText } from './pace.js';
import { meet } from './meet.js';

/** @param {HTMLElement} main */
export async function showLobby(main) {
  const m = await meta();
  main.className = 'lobby';
  // A table with friends has a clock by default (issue 32): a live minute a move.
  /**
   * The form's choices; each seat as the request will name it.
   * @type {{preset: string, overrides: Record<string, string>, seats: Array<{kind: string, name: string, level: string}>, hints: boolean, pace: string, standIn: string, takebacks?: boolean, listed?: boolean}}
   */
  const state = { preset: defaultPreset(), overrides: {}, seats: [], hints: false, pace: 'live:60', standIn: 'casual' };
  if (!m.presets.find((p) => p.name === state.preset)) state.preset = m.presets[0].name;
  const level = defaultLevel(m.levels);
  state.seats = [
    { kind: 'human', name: savedName(), level },
    { kind: 'bot', name: '', level },
  ];
  const form = h('form', { class: 'panel', id: 'lobby' });
  const err = h('p', { class: 'error', role: 'alert' });
  // Meeting players first (Play now, Open tables), then a table of one's own.
  const meeting = h('div', { class: 'meet' });
  main.append(h('h1', {}, t('lobby.title')), meeting, h('h2', { id: 'new-table' }, t('meet.new_table')), form);
  const leaveMeeting = meet(meeting, m);

  // state.preset is always one of them (set above and by the preset's select).
  const presetOf = () => m.presets.find((p) => p.name === state.preset) || m.presets[0];
  const opts = () => Object.assign({}, presetOf().options, state.overrides);
  const range = () => rangeOf(opts().players);

  const render = renderer(() => {
    form.replaceChildren();
    const [min, max] = range();
    while (state.seats.length < min) state.seats.push({ kind: 'bot', name: '', level });
    while (state.seats.length > max) state.seats.pop();
    const presetSel = h('select', { id: 'preset', name: 'preset' }, ...m.presets.map((p) => h('option', { value: p.name, selected: p.name === state.preset }, t('preset.' + p.name))));
    presetSel.addEventListener('change', () => { state.preset = presetSel.value; state.overrides = {}; render(); });
    form.append(
      h('label', { class: 'row' }, h('span', {}, t('lobby.preset')), presetSel),
      h('p', { class: 'small' }, t('preset.' + state.preset + '.desc'), ' ', h('a', { href: '/rules/' + state.preset, target: '_blank' }, t('home.read_rules'))),
      h('h2', {}, t('lobby.seats', { min, max })),
    );
    const list = h('ol', { class: 'seats' });
    state.seats.forEach((s, i) => {
      const kind = h('select', { 'aria-label': t('lobby.kind'), class: 'kind' }, h('option', { value: 'human', selected: s.kind === 'human' }, t('lobby.human')), h('option', { value: 'bot', selected: s.kind === 'bot' }, t('lobby.bot')));
      kind.addEventListener('change', () => { s.kind = kind.value; render(); });
      const name = h('input', { type: 'text', maxlength: 24, value: s.name, placeholder: s.kind === 'bot' ? t('level.' + s.level) : t('seat.player', { n: i + 1 }), 'aria-label': t('lobby.name') });
      name.addEventListener('input', () => { s.name = name.value; });
      const lvl = h('select', { 'aria-label': t('lobby.level'), class: 'level' }, ...m.levels.map((l) => h('option', { value: l, selected: l === s.level }, levelText(m, l))));
      lvl.addEventListener('change', () => { s.level = lvl.value; name.placeholder = t('level.' + s.level); });
      const rm = h('button', { type: 'button', class: 'icon', title: t('lobby.remove'), 'aria-label': t('lobby.remove'), disabled: state.seats.length <= min }, '✕');
      rm.addEventListener('click', () => { state.seats.splice(i, 1); render(); });
      list.append(h('li', {}, kind, name, s.kind === 'bot' ? lvl : null, rm));
    });
    const add = h('button', { type: 'button', disabled: state.seats.length >= max }, t('lobby.add'));
    add.addEventListener('click', () => { state.seats.push({ kind: 'bot', name: '', level }); render(); });
    form.append(list, add);
    if (state.seats.some((s) => s.kind === 'bot')) form.append(h('p', { class: 'small', id: 'level-help' }, t('lobby.level_help', { against: referenceLevel(m) })));

    // Hints: a setting of the game (not a rule), for every person at the table.
    const hintBox = h('input', { type: 'checkbox', id: 'game-hints', checked: state.hints, 'aria-describedby': 'game-hints-help' });
    hintBox.addEventListener('change', () => { state.hints = hintBox.checked; });
    form.append(h('p', { class: 'hintsetting' }, h('label', { for: 'game-hints' }, hintBox, ' ', t('hint.setting'))),
      h('p', { class: 'small', id: 'game-hints-help' }, t('hint.setting_help')));
    // Takebacks: a person may ask to take back their last placement (the others accept or refuse).
    const takebackBox = h('input', { type: 'checkbox', id: 'game-takebacks', checked: !!state.takebacks });
    takebackBox.addEventListener('change', () => { state.takebacks = takebackBox.checked; });
    form.append(h('p', { class: 'hintsetting' }, h('label', { for: 'game-takebacks' }, takebackBox, ' ', t('takeback.setting'))));
    // Listed: a table of people is private (opened only through its links) unless listed.
    const listedBox = h('input', { type: 'checkbox', id: 'game-listed', checked: !!state.listed, 'aria-describedby': 'game-listed-help' });
    listedBox.addEventListener('change', () => { state.listed = listedBox.checked; });
    form.append(h('p', { class: 'hintsetting' }, h('label', { for: 'game-listed' }, listedBox, ' ', t('lobby.listed'))),
      h('p', { class: 'small', id: 'game-listed-help' }, t('lobby.listed_help')));

    // The pace: the turn clock, and the bot that plays for a person whose time runs out.
    const paceSel = h('select', { id: 'pace', name: 'pace', 'aria-describedby': 'pace-help' }, ...PACES.map((p) => h('option', { value: paceKey(p), selected: paceKey(p) === state.pace }, paceText(p))));
    paceSel.addEventListener('change', () => {
      state.pace = paceSel.value;
      // The hourglass of the rules needs a live table.
      if (!state.pace.startsWith('live:')) for (const k of NOT_OFFERED) delete state.overrides[k];
      render();
    });
    const standSel = h('select', { id: 'stand-in', name: 'stand_in' }, ...m.levels.map((l) => h('option', { value: l, selected: l === state.standIn }, levelText(m, l))));
    standSel.addEventListener('change', () => { state.standIn = standSel.value; });
    form.append(h('label', { class: 'row' }, h('span', {}, t('pace.label')), paceSel),
      h('label', { class: 'row', hidden: state.pace === 'untimed' }, h('span', {}, t('stand_in.label')), standSel),
      h('p', { class: 'small', id: 'pace-help' }, t('pace.help')));

    const details = h('details', { class: 'house', open: Object.keys(state.overrides).length > 0 }, h('summary', {}, t('lobby.house_rules')));
    const table = optionGrid(m.options, {
      values: opts(),
      base: presetOf().options,
      preset: state.preset,
      onChange: (name, v) => { state.overrides[name] = v; render(); },
      // The Triominos Challenge timer and its penalty: at live tables only.
      offer: state.pace.startsWith('live:') ? NOT_OFFERED : [],
    });
    const reset = h('button', { type: 'button' }, t('lobby.reset_rules'));
    reset.addEventListener('click', () => { state.overrides = {}; render(); });
    details.append(table, reset);
    form.append(details);
    const submit = h('button', { type: 'submit', class: 'primary big', id: 'create' }, t('lobby.create'));
    form.append(submit, err);
  });

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    err.textContent = '';
    const options = changedOptions(state.overrides, presetOf().options);
    const seats = state.seats.map((s) => (s.kind === 'bot' ? { kind: 'bot', name: s.name, level: s.level } : { kind: 'human', name: s.name }));
    try {
      savePreset(state.preset);
      const mine = state.seats.find((s) => s.kind === 'human');
      if (mine && mine.name) localStorage.setItem('triominos.name', mine.name);
      const bot = state.seats.find((s) => s.kind === 'bot');
      if (bot) saveLevel(bot.level);
      /** @type {import('./types/wire').Created} */
      const g = await api('POST', '/api/games', { preset: state.preset, options, seats, hints: state.hints, pace: paceOf(state.pace), stand_in: state.standIn, takebacks: !!state.takebacks, listed: !!state.listed });
      const humans = g.seats.filter((s) => s.link);
      // Kept in this browser: the table's "Invite" button shows them again.
      if (humans.length > 1) saveInvites(g);
      if (humans.length === 1) go(/** @type {string} the filter kept seats with a link */ (humans[0].link));
      else showInvites(main, g);
    } catch (ex) {
      err.textContent = rulesErrorText(ex, m.options);
    }
  });
  render();
  return leaveMeeting;
}

/**
 * @param {HTMLElement} main
 * @param {import('./types/wire').Created} g
 * @param {HTMLElement} main
 * @param {import('./types/wire').Created} g
 */
function showInvites(main, g) {
  main.replaceChildren();
  main.className = 'lobby';
  const url = (/** @type {string} */ p) => location.origin + p;
  const copy = (/** @type {string} */ text) => {
    const b = h('button', { type: 'button', class: 'small' }, t('invite.copy'));
    b.addEventListener('click', async () => {
      try { await navigator.clipboard.writeText(text); b.textContent = t('invite.copied'); } catch (e) { /* no clipboard */ }
    });
    return b;
  };
  const rows = g.seats.map((s, i) => {
    const name = s.name || (s.link ? t('seat.player', { n: i + 1 }) : t('level.' + s.level));
    if (!s.link) return h('li', {}, h('strong', {}, name), ' — ', t('invite.bot', { level: t('level.' + s.level) }));
    return h('li', {}, h('strong', {}, name), ' ', h('input', { type: 'text', readonly: true, value: url(s.link), class: 'link', 'data-seat': i }), copy(url(s.link)), ' ', h('a', { href: s.link, 'data-link': '', class: 'button', 'data-play-seat': i }, t('invite.play_here')));
  });
  main.append(
    h('h1', {}, t('invite.title')),
    h('div', { class: 'panel' },
      h('p', {}, t('invite.explain')),
      h('ol', { class: 'invites' }, ...rows),
      h('p', {}, t('invite.spectator'), ' ', h('input', { type: 'text', readonly: true, value: url(g.spectator), class: 'link', id: 'spectator-link' }), copy(url(g.spectator)))),
  );
}
