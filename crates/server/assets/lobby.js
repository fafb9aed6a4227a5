// The front page and the lobby: new games, seats, house rules, invitation links.
import { t, lang, errorText } from './i18n.js';
import { go } from './app.js';
import { tileIcon } from './board.js';

let metaCache = null;
export async function meta() {
  if (!metaCache) metaCache = await (await fetch('/api/meta')).json();
  return metaCache;
}

export function h(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const k in attrs || {}) {
    if (k === 'class') e.className = attrs[k];
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), attrs[k]);
    else if (attrs[k] === true) e.setAttribute(k, '');
    else if (attrs[k] !== false && attrs[k] !== null && attrs[k] !== undefined) e.setAttribute(k, attrs[k]);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    e.appendChild(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c);
  }
  return e;
}

export function defaultLevel(levels) {
  const saved = localStorage.getItem('triominos.level');
  if (levels.includes(saved)) return saved;
  for (const l of ['heuristic', 'greedy']) if (levels.includes(l)) return l;
  return levels[levels.length - 1];
}

function defaultPreset() {
  const saved = localStorage.getItem('triominos.preset');
  if (saved) return saved;
  return lang() === 'es' ? 'pressman' : 'goliath';
}

async function createGame(body) {
  const r = await fetch('/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const j = await r.json();
  if (!r.ok) throw j;
  return j;
}

export async function playSolo(preset, level, opponents) {
  const seats = [{ kind: 'human', name: localStorage.getItem('triominos.name') || '' }];
  for (let i = 0; i < (opponents || 1); i++) seats.push({ kind: 'bot', level });
  const g = await createGame({ preset, seats });
  go(g.seats[0].link);
}

export async function showHome(main) {
  const m = await meta();
  main.className = 'home';
  const preset = defaultPreset();
  const level = defaultLevel(m.levels);
  const err = h('p', { class: 'error', role: 'alert' });
  const solo = h('button', { class: 'big primary', id: 'solo' }, t('home.solo'));
  solo.addEventListener('click', async () => {
    solo.disabled = true;
    try {
      await playSolo(preset, level, 1);
    } catch (e) {
      err.textContent = errorText(e);
      solo.disabled = false;
    }
  });
  const deco = h('div', { class: 'deco' }, tileIcon('3-4-5', 0), tileIcon('2-5-5', 1), tileIcon('0-0-0', 0));
  main.append(
    h('section', { class: 'hero' },
      deco,
      h('h1', {}, t('home.title')),
      h('p', { class: 'lead' }, t('home.lead')),
      h('div', { class: 'cta' }, solo, h('a', { href: '/new', 'data-link': '', class: 'button big' }, t('home.friends'))),
      h('p', { class: 'small' }, t('home.solo_detail', { preset: t('preset.' + preset), level: t('level.' + level) })),
      err),
    h('section', { class: 'cards' },
      ...m.presets.map((p) => h('div', { class: 'card' },
        h('h3', {}, t('preset.' + p.name)),
        h('p', {}, t('preset.' + p.name + '.desc')),
        h('p', { class: 'small' }, t('home.players', { min: p.min_players, max: p.max_players })),
        h('a', { href: '/rules/' + p.name, 'data-link': '' }, t('home.read_rules'))))),
    h('section', { class: 'more' },
      h('a', { href: '/games', 'data-link': '' }, t('home.finished')), ' · ',
      h('a', { href: '/replay', 'data-link': '' }, t('home.open_tri'))),
  );
}

// How each option is edited.
const ENUMS = {
  start: ['reveal', 'highest_triple'],
  first_tile: ['any', 'start_tile'],
  after_draw: ['drawn_tile', 'any_tile'],
  blocked: ['each_subtracts', 'lowest_takes_all', 'lowest_bonus'],
  game_end: ['highest_after_round', 'round_winner_after_round', 'immediate'],
};
const BOOLS = ['draw_when_able', 'vertex_contacts_must_match', 'out_takes_hands'];
const LISTS = { hand_size: 5, hexagon_bonus: 3 };

/** The editor of one rule option (shared by the lobby and the score pad); `prefix` names its element ids. */
export function optionInput(name, value, onChange, prefix = 'opt-') {
  const id = prefix + name;
  if (ENUMS[name]) {
    const s = h('select', { id, name }, ...ENUMS[name].map((v) => h('option', { value: v, selected: v === value }, t(`opt.${name}.${v}`))));
    s.addEventListener('change', () => onChange(s.value));
    return s;
  }
  if (BOOLS.includes(name)) {
    const c = h('input', { type: 'checkbox', id, name, checked: value === 'true' });
    c.addEventListener('change', () => onChange(c.checked ? 'true' : 'false'));
    return c;
  }
  if (LISTS[name] || name === 'players') {
    const parts = name === 'players' ? value.split('-') : value.split(/\s+/);
    const wrap = h('span', { class: 'numbers', id });
    const inputs = parts.map((p, i) => {
      const label = name === 'players' ? t(i ? 'opt.players.max' : 'opt.players.min') : name === 'hand_size' ? t('opt.hand_size.n', { n: i + 2 }) : t('opt.hexagon_bonus.n', { n: i + 1 });
      const inp = h('input', { type: 'number', min: name === 'players' ? 2 : 0, max: name === 'players' ? 6 : 100000, value: p, 'aria-label': label, title: label });
      inp.addEventListener('change', () => onChange(inputs.map((x) => x.value).join(name === 'players' ? '-' : ' ')));
      return inp;
    });
    wrap.append(...inputs);
    return wrap;
  }
  if (name === 'target') {
    const none = value === 'none';
    const num = h('input', { type: 'number', min: 1, max: 100000, id, value: none ? 400 : value, disabled: none });
    const box = h('input', { type: 'checkbox', checked: none, id: prefix + 'target-none' });
    const fire = () => onChange(box.checked ? 'none' : num.value);
    num.addEventListener('change', fire);
    box.addEventListener('change', () => { num.disabled = box.checked; fire(); });
    return h('span', { class: 'numbers' }, num, h('label', {}, box, ' ', t('opt.target.none')));
  }
  const inp = h('input', { type: 'number', min: name === 'max_draws' ? 1 : 0, max: name === 'max_draws' ? 50 : 100000, id, name, value });
  inp.addEventListener('change', () => onChange(inp.value));
  return inp;
}

export async function showLobby(main) {
  const m = await meta();
  main.className = 'lobby';
  const state = { preset: defaultPreset(), overrides: {}, seats: [] };
  if (!m.presets.find((p) => p.name === state.preset)) state.preset = m.presets[0].name;
  const level = defaultLevel(m.levels);
  state.seats = [
    { kind: 'human', name: localStorage.getItem('triominos.name') || '', level },
    { kind: 'bot', name: '', level },
  ];
  const form = h('form', { class: 'panel', id: 'lobby' });
  const err = h('p', { class: 'error', role: 'alert' });
  main.append(h('h1', {}, t('lobby.title')), form);

  const presetOf = () => m.presets.find((p) => p.name === state.preset);
  const opts = () => Object.assign({}, presetOf().options, state.overrides);
  const range = () => opts().players.split('-').map(Number);

  function render() {
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
      const lvl = h('select', { 'aria-label': t('lobby.level'), class: 'level' }, ...m.levels.map((l) => h('option', { value: l, selected: l === s.level }, t('level.' + l))));
      lvl.addEventListener('change', () => { s.level = lvl.value; name.placeholder = t('level.' + s.level); });
      const rm = h('button', { type: 'button', class: 'icon', title: t('lobby.remove'), 'aria-label': t('lobby.remove'), disabled: state.seats.length <= min }, '✕');
      rm.addEventListener('click', () => { state.seats.splice(i, 1); render(); });
      list.append(h('li', {}, kind, name, s.kind === 'bot' ? lvl : null, rm));
    });
    const add = h('button', { type: 'button', disabled: state.seats.length >= max }, t('lobby.add'));
    add.addEventListener('click', () => { state.seats.push({ kind: 'bot', name: '', level }); render(); });
    form.append(list, add);

    const details = h('details', { class: 'house', open: Object.keys(state.overrides).length > 0 }, h('summary', {}, t('lobby.house_rules')));
    const o = opts();
    const table = h('div', { class: 'options' });
    for (const name of m.option_names) {
      const changed = name in state.overrides && state.overrides[name] !== presetOf().options[name];
      table.append(h('div', { class: 'option' + (changed ? ' changed' : '') },
        h('label', { for: 'opt-' + name }, t('opt.' + name)),
        optionInput(name, o[name], (v) => { state.overrides[name] = v; render(); }),
        h('p', { class: 'help' }, t('opt.' + name + '.help'))));
    }
    const reset = h('button', { type: 'button' }, t('lobby.reset_rules'));
    reset.addEventListener('click', () => { state.overrides = {}; render(); });
    details.append(table, reset);
    form.append(details);
    const submit = h('button', { type: 'submit', class: 'primary big', id: 'create' }, t('lobby.create'));
    form.append(submit, err);
  }

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    err.textContent = '';
    const options = {};
    for (const [k, v] of Object.entries(state.overrides)) if (v !== presetOf().options[k]) options[k] = v;
    const seats = state.seats.map((s) => (s.kind === 'bot' ? { kind: 'bot', name: s.name, level: s.level } : { kind: 'human', name: s.name }));
    try {
      localStorage.setItem('triominos.preset', state.preset);
      const mine = state.seats.find((s) => s.kind === 'human');
      if (mine && mine.name) localStorage.setItem('triominos.name', mine.name);
      const g = await createGame({ preset: state.preset, options, seats });
      const humans = g.seats.filter((s) => s.link);
      if (humans.length === 1) go(humans[0].link);
      else showInvites(main, g);
    } catch (ex) {
      err.textContent = errorText(ex);
    }
  });
  render();
}

function showInvites(main, g) {
  main.replaceChildren();
  main.className = 'lobby';
  const url = (p) => location.origin + p;
  const copy = (text) => {
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
