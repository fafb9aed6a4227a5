// The score pad: a score sheet for a game played with a real box. The page
// sends entries (a tile placed, draws, a pass, a round end); the server scores
// them with the rules engine and answers with the whole sheet.
import { t, lang, errorText, has } from './i18n.js';
import { go, toast } from './app.js';
import { h, meta, optionInput } from './lobby.js';
import { tileIcon } from './board.js';

const TILES = [];
for (let a = 0; a < 6; a++) for (let b = a; b < 6; b++) for (let c = b; c < 6; c++) TILES.push(`${a}-${b}-${c}`);
const tileValue = (tile) => tile.split('-').map(Number).reduce((x, y) => x + y, 0);
const signed = (n) => (n > 0 ? '+' : n < 0 ? '−' : '±') + Math.abs(n);

function ensureCss() {
  if (document.getElementById('padcss')) return;
  document.head.append(h('link', { rel: 'stylesheet', href: '/assets/pad.css', id: 'padcss' }));
}

async function api(method, path, body) {
  const r = await fetch(path, body === undefined ? { method } : { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const j = await r.json().catch(() => ({ code: 'unknown', params: null }));
  if (!r.ok) throw j;
  return j;
}

export async function showPad(main, id) {
  ensureCss();
  return id ? showSheet(main, id) : showList(main);
}

// ---------- The list and a new sheet ----------

async function showList(main) {
  const m = await meta();
  main.className = 'padlist';
  const saved = JSON.parse(localStorage.getItem('triominos.pad') || '{}');
  const state = {
    preset: m.presets.find((p) => p.name === saved.preset) ? saved.preset : (lang() === 'es' ? 'pressman' : 'goliath'),
    names: Array.isArray(saved.names) && saved.names.length >= 2 ? saved.names.slice(0, 6) : ['', ''],
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
  const presetOf = () => m.presets.find((p) => p.name === state.preset);
  const opts = () => Object.assign({}, presetOf().options, state.overrides);
  const range = () => opts().players.split('-').map(Number);

  function render() {
    form.replaceChildren();
    const [min, max] = range();
    while (state.names.length < min) state.names.push('');
    while (state.names.length > Math.max(max, 2)) state.names.pop();
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
    const none = o.target === 'none';
    const target = h('input', { type: 'number', id: 'padtarget', min: 1, max: 100000, value: none ? 400 : o.target, disabled: none });
    const single = h('input', { type: 'checkbox', id: 'padsingle', checked: none });
    target.addEventListener('change', () => { state.overrides.target = target.value; });
    single.addEventListener('change', () => { state.overrides.target = single.checked ? 'none' : target.value; render(); });
    const house = h('details', { class: 'house' }, h('summary', {}, t('lobby.house_rules')));
    const table = h('div', { class: 'options' });
    for (const name of m.option_names) {
      if (name === 'target') continue;
      const changed = name in state.overrides && state.overrides[name] !== presetOf().options[name];
      table.append(h('div', { class: 'option' + (changed ? ' changed' : '') },
        h('label', { for: 'padopt-' + name }, t('opt.' + name)),
        optionInput(name, o[name], (v) => { state.overrides[name] = v; render(); house.open = true; }, 'padopt-'),
        h('p', { class: 'help' }, t('opt.' + name + '.help'))));
    }
    house.open = Object.keys(state.overrides).some((k) => k !== 'target');
    house.append(table);
    form.append(
      h('h2', {}, t('pad.new')),
      h('label', { class: 'row' }, h('span', {}, t('pad.rules')), sel),
      h('p', { class: 'small' }, t('preset.' + state.preset + '.desc')),
      h('h3', {}, t('pad.players', { min, max })),
      names, addBtn,
      h('div', { class: 'row padtargetrow' }, h('label', { for: 'padtarget' }, t('pad.target')), target, h('label', {}, single, ' ', t('opt.target.none'))),
      house,
      h('button', { type: 'submit', class: 'primary big', id: 'padstart' }, t('pad.start')),
      err);
  }

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    err.textContent = '';
    const options = {};
    for (const [k, v] of Object.entries(state.overrides)) if (v !== presetOf().options[k]) options[k] = v;
    try {
      const s = await api('POST', '/api/pad', { names: state.names.map((n) => n.trim()), preset: state.preset, options });
      localStorage.setItem('triominos.pad', JSON.stringify({ preset: state.preset, names: state.names }));
      go('/pad/' + s.id);
    } catch (ex) {
      err.textContent = errorText(ex);
    }
  });

  async function loadList() {
    listBox.replaceChildren();
    let sheets = [];
    try { sheets = (await api('GET', '/api/pad')).sheets; } catch (e) { listBox.append(h('p', { class: 'error' }, errorText(e))); return; }
    if (!sheets.length) return;
    listBox.append(h('h2', {}, t('pad.sheets')));
    const body = h('tbody', {});
    for (const s of sheets) {
      const sum = s.summary || {};
      const names = (sum.names || []).map((n, i) => n || t('seat.player', { n: i + 1 }));
      const scores = names.map((n, i) => h('span', { class: 'padscore' + ((sum.winners || []).includes(i) ? ' win' : '') }, `${n} ${sum.totals ? sum.totals[i] : 0}`));
      const del = h('button', { type: 'button', class: 'small', title: t('pad.delete_sheet') }, '✕');
      del.addEventListener('click', async () => {
        if (!confirm(t('pad.delete_confirm'))) return;
        try { await api('DELETE', '/api/pad/' + s.id); } catch (e) { toast(errorText(e), 'error'); }
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

// ---------- One sheet ----------

// Seat numbers in a refusal's parameters, as names; the bonus worded.
function refusalText(e, nameOf) {
  if (!e || !e.code) return t('errors.unknown', { code: '?' });
  const p = Object.assign({}, e.params && typeof e.params === 'object' ? e.params : {});
  const seatKeys = e.code === 'not_their_turn' ? ['expected', 'got'] : e.code === 'enter_round_end' ? ['out'] : ['player'];
  for (const k of seatKeys) if (typeof p[k] === 'number') p[k] = nameOf(p[k]);
  if (p.bonus) p.bonus = t('reason.' + p.bonus);
  let key = 'pad.error.' + e.code;
  if (e.code === 'enter_round_end' && p.out !== null && p.out !== undefined) key = 'pad.error.enter_round_end.out';
  let text = has(key) ? t(key, p) : errorText(e);
  if (typeof p.index === 'number') text = t('pad.error.at', { n: p.index + 1, text });
  return text;
}

// A hand as typed: "23" is a sum, "3-4-5 1-1-2" (or "345 112") are tiles.
export function parseHand(text) {
  const s = String(text || '').trim();
  if (!s) return null;
  if (/^\d+$/.test(s)) return { sum: Number(s) };
  const groups = s.split(/[\s,;]+/).filter(Boolean);
  const tiles = [];
  for (const g of groups) {
    const d = g.replace(/[^0-9]/g, '');
    if (d.length !== 3 || /[6-9]/.test(d)) return { bad: true };
    tiles.push(d.split('').sort().join('-'));
  }
  return { tiles };
}

function reasonsText(items) {
  return items.map((i) => `${t('reason.' + i.reason)} ${signed(i.points)}`).join(', ');
}

async function showSheet(main, id) {
  main.className = 'pad';
  let sheet;
  try {
    sheet = await api('GET', '/api/pad/' + id);
  } catch (e) {
    main.append(h('p', { class: 'error' }, errorText(e)), h('a', { href: '/pad', 'data-link': '' }, t('pad.all_sheets')));
    return null;
  }
  let form = null;
  let editing = null;
  let endForm = null;
  let previewSeq = 0;
  let busy = false;
  const head = h('div', { class: 'padhead' });
  const board = h('div', { class: 'padboard', id: 'padboard' });
  const banner = h('div', { class: 'padbanner', id: 'padbanner', role: 'status' });
  const panel = h('section', { class: 'padpanel', id: 'padpanel' });
  const sheetBox = h('section', { class: 'padsheet', id: 'padsheet' });
  main.append(head, board, banner, h('div', { class: 'padcols' }, panel, sheetBox));

  const nameOf = (i) => sheet.names[i] || t('seat.player', { n: i + 1 });
  const opt = (k) => sheet.options[k];
  const st = () => sheet.status;

  function placedInRound(round, except) {
    const out = new Set();
    sheet.entries.forEach((l, i) => {
      if (l.round !== round || i === except) return;
      const e = l.entry;
      if (e.kind === 'play') out.add(e.tile);
      if (e.kind === 'draw' && e.placed) out.add(e.placed.tile);
    });
    return out;
  }

  function newForm() {
    const s = st();
    form = { player: s.phase === 'playing' ? s.to_play : null, draws: 0, tile: null, nothing: false, bonus: { bridge: false, bridge_extension: false, hexagons: 0 }, text: '' };
    endForm = s.phase === 'round_over'
      ? { kind: s.round_end.kind, player: s.round_end.player, hands: sheet.names.map(() => '') }
      : null;
    editing = null;
  }

  function entryOfForm() {
    if (form.player === null || form.player === undefined) return null;
    const bonus = {};
    if (form.bonus.bridge) bonus.bridge = true;
    if (form.bonus.bridge_extension) bonus.bridge_extension = true;
    if (form.bonus.hexagons) bonus.hexagons = form.bonus.hexagons;
    if (form.draws === 0) return form.tile ? { kind: 'play', player: form.player, tile: form.tile, bonus } : null;
    if (form.nothing) return { kind: 'draw', player: form.player, draws: form.draws };
    return form.tile ? { kind: 'draw', player: form.player, draws: form.draws, placed: { tile: form.tile, bonus } } : null;
  }

  function entryOfEnd() {
    const hands = endForm.hands.map((x) => {
      const p = parseHand(x);
      return p && !p.bad ? p : null;
    });
    if (endForm.kind === 'out') hands[endForm.player] = null;
    return endForm.kind === 'out' ? { kind: 'out', player: endForm.player, hands } : { kind: 'blocked', hands };
  }

  function formFromEntry(e, line) {
    newForm();
    if (e.kind === 'out' || e.kind === 'blocked') {
      endForm = { kind: e.kind, player: e.player, hands: sheet.names.map((_, i) => {
        const hd = (e.hands || [])[i];
        if (!hd) return '';
        return hd.tiles ? hd.tiles.join(' ') : String(hd.sum);
      }) };
      return;
    }
    endForm = null;
    form.player = e.player;
    if (e.kind === 'play') { form.tile = e.tile; form.bonus = Object.assign(form.bonus, e.bonus || {}); }
    if (e.kind === 'draw') {
      form.draws = e.draws;
      if (e.placed) { form.tile = e.placed.tile; form.bonus = Object.assign(form.bonus, e.placed.bonus || {}); } else form.nothing = true;
    }
    if (e.kind === 'pass') form.pass = true;
    form.text = '';
    form.line = line;
  }

  async function send(method, path, body) {
    if (busy) return null;
    busy = true;
    try {
      const sep = path.includes('?') ? '&' : '?';
      sheet = await api(method, `${path}${sep}version=${sheet.version}`, body);
      return sheet;
    } catch (e) {
      if (e.code === 'stale_sheet') {
        toast(t('pad.stale'), 'error');
        sheet = await api('GET', '/api/pad/' + id);
        newForm();
        render();
        return null;
      }
      throw e;
    } finally {
      busy = false;
    }
  }

  function announce(line) {
    if (!line) return;
    const e = line.entry;
    if (e.kind === 'out' || e.kind === 'blocked') {
      toast(t('pad.round_scored', { round: line.round }));
      return;
    }
    const pts = line.points[e.player];
    toast(`${nameOf(e.player)} ${signed(pts)}`);
    for (const it of line.items) {
      if (['bridge', 'bridge_extension', 'hexagon', 'double_hexagon', 'triple_hexagon'].includes(it.reason)) toast(t('bonus.' + it.reason), 'bonus');
    }
  }

  async function commit(entry, errBox) {
    errBox.textContent = '';
    try {
      const before = sheet.entries.length;
      let r;
      if (editing !== null) r = await send('PUT', `/api/pad/${id}/entries/${editing}`, { entry });
      else r = await send('POST', `/api/pad/${id}/entries`, { entry });
      if (!r) return;
      if (editing === null && sheet.entries.length > before) announce(sheet.entries[sheet.entries.length - 1]);
      else toast(t('pad.changed'));
      newForm();
      render();
    } catch (e) {
      errBox.textContent = refusalText(e, nameOf);
    }
  }

  async function undo(errBox) {
    try {
      if (await send('POST', `/api/pad/${id}/undo`)) { toast(t('pad.undone')); newForm(); render(); }
    } catch (e) {
      errBox.textContent = refusalText(e, nameOf);
    }
  }

  async function removeEntry(i, errBox) {
    try {
      if (await send('DELETE', `/api/pad/${id}/entries/${i}`)) { toast(t('pad.changed')); newForm(); render(); }
    } catch (e) {
      errBox.textContent = refusalText(e, nameOf);
    }
  }

  // ----- Rendering -----

  function renderHead() {
    const target = opt('target') === 'none' ? t('opt.target.none') : t('pad.to_target', { target: opt('target') });
    const csv = h('a', { class: 'button small', href: `/api/pad/${id}/sheet.csv?lang=${lang()}`, download: `triominos-pad-${id}.csv`, id: 'padcsv' }, t('pad.csv'));
    const print = h('button', { type: 'button', class: 'small', id: 'padprint' }, t('pad.print'));
    print.addEventListener('click', () => window.print());
    head.replaceChildren(
      h('div', { class: 'padtitle' }, h('h1', {}, t('pad.title')), h('span', { class: 'padrules' }, `${t('preset.' + sheet.preset)} · ${target}`)),
      h('div', { class: 'padtools noprint' }, csv, print, h('a', { class: 'button small', href: '/pad', 'data-link': '' }, t('pad.all_sheets'))));
  }

  function renderBoard() {
    const s = st();
    board.replaceChildren();
    sheet.names.forEach((_, i) => {
      const active = s.phase === 'playing' ? s.to_play === i : s.phase === 'opening' && form.player === i;
      const card = h('button', {
        type: 'button',
        class: 'padplayer' + (active ? ' active' : '') + (s.winners.includes(i) ? ' winner' : '') + (s.reached.includes(i) ? ' reached' : ''),
        'data-seat': i,
        disabled: s.phase !== 'opening' || editing !== null,
        'aria-pressed': active ? 'true' : 'false',
      },
      h('span', { class: 'pname' }, nameOf(i)),
      h('span', { class: 'ptotal' }, String(s.totals[i])),
      h('span', { class: 'pmeta' },
        s.phase === 'game_over' ? (s.winners.includes(i) ? '♛ ' + t('pad.wins') : '') : [h('span', {}, `${t('pad.round_short')} ${signed(s.round_points[i])}`), h('span', {}, t('pad.in_hand', { n: s.hands[i] }))]));
      card.addEventListener('click', () => { if (st().phase === 'opening') { form.player = i; render(); } });
      board.append(card);
    });
  }

  function renderBanner() {
    const s = st();
    const parts = [];
    if (s.phase === 'opening') parts.push(`${t('pad.round_n', { round: s.round })} · ${t('pad.pool', { n: s.pool })}`);
    if (s.phase === 'playing') parts.push(`${t('pad.round_n', { round: s.round })} · ${t('pad.turn', { name: nameOf(s.to_play) })} · ${t('pad.pool', { n: s.pool })}`);
    if (s.phase === 'round_over') parts.push(s.round_end.kind === 'out' ? t('pad.went_out', { name: nameOf(s.round_end.player) }) : t('pad.blocked_title'));
    if (s.phase === 'game_over') {
      const names = s.winners.map(nameOf).join(', ');
      parts.push(s.winners.length > 1 ? t('over.winners', { names }) : t('over.winner', { names }));
    }
    banner.className = 'padbanner' + (s.phase === 'game_over' ? ' over' : '');
    banner.replaceChildren(h('strong', {}, parts.join(' ')));
    if (s.phase === 'opening') banner.append(h('p', { class: 'small' }, `${t('opt.start')}: ${t('opt.start.' + opt('start'))}`));
    if (s.reached.length && s.phase !== 'game_over') {
      banner.append(h('p', { class: 'padreached', id: 'padreached' }, '★ ' + t('pad.reached.' + opt('game_end'), { names: s.reached.map(nameOf).join(', '), target: opt('target') })));
    }
    if (opt('target') === 'none' && s.phase !== 'game_over') banner.append(h('p', { class: 'small' }, t('rules.end.single')));
  }

  function tileGrid(placed, onPick) {
    const input = h('input', { type: 'text', inputmode: 'numeric', autocomplete: 'off', id: 'padtiletext', class: 'padtiletext', placeholder: t('pad.type_tile'), value: form.text, 'aria-label': t('pad.type_tile') });
    const grid = h('div', { class: 'padtiles', id: 'padtiles' });
    const fill = () => {
      const digits = form.text.replace(/[^0-5]/g, '').split('').slice(0, 3);
      grid.replaceChildren();
      for (const tile of TILES) {
        if (placed.has(tile) && tile !== form.tile) continue;
        const nums = tile.split('-');
        const rest = nums.slice();
        if (!digits.every((d) => { const k = rest.indexOf(d); if (k < 0) return false; rest.splice(k, 1); return true; })) continue;
        const b = h('button', { type: 'button', class: 'padtile' + (form.tile === tile ? ' on' : ''), 'data-tile': tile, 'aria-pressed': form.tile === tile ? 'true' : 'false', title: `${tile} (${tileValue(tile)})`, 'aria-label': tile }, tileIcon(tile, 0));
        b.addEventListener('click', () => { onPick(tile); });
        grid.append(b);
      }
      if (!grid.children.length) grid.append(h('p', { class: 'small' }, t('pad.no_such_tile')));
    };
    input.addEventListener('input', () => {
      form.text = input.value;
      const d = input.value.replace(/[^0-9]/g, '');
      if (d.length === 3 && !/[6-9]/.test(d)) {
        const tile = d.split('').sort().join('-');
        if (!placed.has(tile)) { onPick(tile, true); return; }
      }
      fill();
    });
    fill();
    return h('div', { class: 'padpick' }, input, grid);
  }

  function bonusButtons() {
    const row = h('div', { class: 'padbonus', id: 'padbonus' });
    const bridge = Number(opt('bridge_bonus'));
    const ext = Number(opt('bridge_extension_bonus'));
    const hex = opt('hexagon_bonus').split(/\s+/).map(Number);
    const add = (key, label, pts, on, toggle) => {
      const b = h('button', { type: 'button', class: 'padtoggle' + (on ? ' on' : ''), 'data-bonus': key, 'aria-pressed': on ? 'true' : 'false' }, h('span', { class: 'blabel' }, label), h('span', { class: 'bpts' }, signed(pts)));
      b.addEventListener('click', () => { toggle(); render(); });
      row.append(b);
    };
    const B = form.bonus;
    if (bridge) add('bridge', t('reason.bridge'), bridge, B.bridge, () => { B.bridge = !B.bridge; if (B.bridge) { B.hexagons = 0; B.bridge_extension = false; } });
    if (bridge && ext) add('bridge_extension', t('reason.bridge_extension'), ext, B.bridge_extension, () => { B.bridge_extension = !B.bridge_extension; if (B.bridge_extension) B.bridge = false; });
    ['hexagon', 'double_hexagon', 'triple_hexagon'].forEach((k, i) => {
      if (hex[i]) add(k, t('reason.' + k), hex[i], B.hexagons === i + 1, () => { B.hexagons = B.hexagons === i + 1 ? 0 : i + 1; if (B.hexagons) B.bridge = false; });
    });
    if (!row.children.length) return null;
    return h('div', {}, h('h3', {}, t('pad.bonus')), row);
  }

  function preview(box, entry) {
    const seq = ++previewSeq;
    box.replaceChildren();
    box.className = 'padpreview';
    if (!entry || editing !== null) return;
    api('POST', `/api/pad/${id}/preview`, { entry }).then((line) => {
      if (seq !== previewSeq) return;
      const parts = [];
      sheet.names.forEach((_, i) => {
        const items = line.items.filter((x) => x.player === i);
        if (items.length) parts.push(h('div', {}, h('strong', {}, `${nameOf(i)} ${signed(line.points[i])}`), ' ', h('span', { class: 'why' }, reasonsText(items))));
      });
      if (!parts.length) parts.push(h('div', {}, t('pad.no_points')));
      if (line.reached.length) parts.push(h('div', { class: 'padreached' }, '★ ' + t('pad.reaches', { names: line.reached.map(nameOf).join(', '), target: opt('target') })));
      box.replaceChildren(...parts);
    }).catch((e) => {
      if (seq !== previewSeq) return;
      box.className = 'padpreview bad';
      box.replaceChildren(refusalText(e, nameOf));
    });
  }

  function renderTurnPanel() {
    const s = st();
    const err = h('p', { class: 'error', role: 'alert', id: 'paderror' });
    const prev = h('div', { class: 'padpreview', id: 'padpreview', 'aria-live': 'polite' });
    const maxDraws = Number(opt('max_draws'));
    const entryIdx = editing;
    const round = entryIdx !== null ? sheet.entries[entryIdx].round : s.round;
    const opening = entryIdx !== null ? sheet.entries.findIndex((l) => l.round === round) === entryIdx : s.phase === 'opening';
    const pool = entryIdx !== null ? null : s.pool;
    const placed = placedInRound(round, entryIdx);
    const items = [];
    if (entryIdx !== null) items.push(h('p', { class: 'padediting' }, t('pad.editing', { n: entryIdx + 1 })));
    if (opening) {
      items.push(h('h2', {}, t('pad.who_opens', { round })));
      const chips = h('div', { class: 'padchips', id: 'padopener' });
      sheet.names.forEach((_, i) => {
        const b = h('button', { type: 'button', class: 'padchip' + (form.player === i ? ' on' : ''), 'aria-pressed': form.player === i ? 'true' : 'false', 'data-seat': i }, nameOf(i));
        b.addEventListener('click', () => { form.player = i; render(); });
        chips.append(b);
      });
      items.push(chips);
    } else {
      items.push(h('h2', {}, t('pad.turn', { name: nameOf(form.player) })));
    }
    if (!opening && pool !== 0) {
      const chips = h('div', { class: 'padchips', id: 'paddraws' });
      for (let n = 0; n <= maxDraws; n++) {
        const b = h('button', { type: 'button', class: 'padchip' + (form.draws === n ? ' on' : ''), 'data-draws': n, 'aria-pressed': form.draws === n ? 'true' : 'false', disabled: pool !== null && n > pool }, n === 0 ? t('pad.no_draw') : String(n));
        b.addEventListener('click', () => { form.draws = n; if (!n) form.nothing = false; render(); });
        chips.append(b);
      }
      items.push(h('h3', {}, t('pad.draws')), chips);
    }
    items.push(h('h3', {}, form.draws ? t('pad.then_placed') : t('pad.tile')));
    if (form.draws) {
      const left = pool === null ? null : pool - form.draws;
      const fail = form.draws >= maxDraws;
      const canNothing = fail || left === 0 || pool === null;
      const label = fail ? t('pad.nothing_fail', { fail: opt('fail_penalty') }) : t('pad.nothing_pass');
      const b = h('button', { type: 'button', class: 'padchip wide' + (form.nothing ? ' on' : ''), id: 'padnothing', 'aria-pressed': form.nothing ? 'true' : 'false', disabled: !canNothing, title: canNothing ? '' : t('pad.must_draw_again') }, label);
      b.addEventListener('click', () => { form.nothing = !form.nothing; if (form.nothing) form.tile = null; render(); });
      items.push(b);
      if (!canNothing) items.push(h('p', { class: 'small' }, t('pad.must_draw_again')));
    }
    if (!form.nothing) {
      if (form.tile) {
        // The chosen tile, big; the grid comes back to change it.
        const change = h('button', { type: 'button', class: 'padchip', id: 'padchange' }, t('pad.change_tile'));
        change.addEventListener('click', () => { form.tile = null; form.text = ''; render(); const i = document.getElementById('padtiletext'); if (i) i.focus(); });
        items.push(h('div', { class: 'padchosen', id: 'padchosen', 'data-tile': form.tile }, tileIcon(form.tile, 0), h('span', {}, t('pad.chosen', { tile: form.tile, value: tileValue(form.tile) })), change));
      } else {
        items.push(tileGrid(placed, (tile) => { form.tile = tile; form.text = ''; render(); }));
      }
      if (!opening) { const bb = bonusButtons(); if (bb) items.push(bb); }
    }
    const entry = entryOfForm();
    const save = h('button', { type: 'button', class: 'primary big padsave', id: 'padsave', disabled: !entry }, entryIdx !== null ? t('pad.save_edit') : t('pad.save'));
    save.addEventListener('click', () => { const e = entryOfForm(); if (e) commit(e, err); });
    const actions = h('div', { class: 'padactions' }, save);
    if (entryIdx === null && s.phase === 'playing' && s.pool === 0) {
      const pass = h('button', { type: 'button', class: 'big', id: 'padpass' }, t('pad.pass'));
      pass.addEventListener('click', () => commit({ kind: 'pass', player: s.to_play }, err));
      actions.append(pass);
    }
    if (entryIdx !== null && !opening && sheet.entries[entryIdx].entry.kind !== 'pass') {
      // A turn may become a pass (only when the pool was empty; the server checks).
      const pass = h('button', { type: 'button', id: 'padpass' }, t('pad.pass'));
      pass.addEventListener('click', () => commit({ kind: 'pass', player: form.player }, err));
      actions.append(pass);
    }
    items.push(prev, actions, err);
    preview(prev, entry);
    return items;
  }

  function renderEndPanel() {
    const err = h('p', { class: 'error', role: 'alert', id: 'paderror' });
    const prev = h('div', { class: 'padpreview', id: 'padpreview', 'aria-live': 'polite' });
    const items = [];
    if (editing !== null) items.push(h('p', { class: 'padediting' }, t('pad.editing', { n: editing + 1 })));
    const outNow = endForm.kind === 'out' && editing === null;
    items.push(h('h2', {}, outNow ? t('pad.hands_left') : endForm.kind === 'out' ? t('pad.went_out', { name: nameOf(endForm.player) }) : t('pad.blocked_title')));
    const takes = opt('out_takes_hands') === 'true';
    items.push(h('p', { class: 'small' }, endForm.kind === 'out'
      ? (takes ? t('pad.end_out_takes', { bonus: opt('out_bonus') }) : t('pad.end_out', { bonus: opt('out_bonus') }))
      : t('pad.end_blocked', { how: t('rules.blocked.' + opt('blocked'), { bonus: opt('out_bonus') }) })));
    const hands = h('div', { class: 'padhands', id: 'padhands' });
    const counts = editing !== null ? null : st().hands;
    sheet.names.forEach((_, i) => {
      if (endForm.kind === 'out' && i === endForm.player) return;
      const needed = endForm.kind === 'blocked' || takes;
      const parsed = parseHand(endForm.hands[i]);
      const show = h('span', { class: 'padhandshow' });
      const refresh = (p) => {
        show.replaceChildren();
        if (p && p.tiles) { for (const x of p.tiles) show.append(tileIcon(x, 0, 'mini')); show.append(' = ' + p.tiles.reduce((a, x) => a + tileValue(x), 0)); }
        if (p && p.bad) show.append(h('span', { class: 'error' }, t('pad.hand_bad')));
      };
      refresh(parsed);
      const inp = h('input', { type: 'text', inputmode: 'text', autocomplete: 'off', class: 'padhand', 'data-seat': i, value: endForm.hands[i], placeholder: needed ? t('pad.hand_hint') : t('pad.hand_not_needed') });
      inp.addEventListener('input', () => { endForm.hands[i] = inp.value; refresh(parseHand(inp.value)); preview(prev, entryOfEnd()); });
      hands.append(h('label', { class: 'padhandrow' },
        h('span', { class: 'pname' }, nameOf(i), counts ? h('span', { class: 'small' }, ' ' + t('pad.in_hand', { n: counts[i] })) : null),
        inp, show));
    });
    items.push(hands);
    const save = h('button', { type: 'button', class: 'primary big padsave', id: 'padsaveend' }, editing !== null ? t('pad.save_edit') : t('pad.save_round'));
    save.addEventListener('click', () => commit(entryOfEnd(), err));
    const actions = h('div', { class: 'padactions' }, save);
    if (editing === null && st().phase === 'playing') {
      const back = h('button', { type: 'button', class: 'big' }, t('pad.cancel'));
      back.addEventListener('click', () => { endForm = null; render(); });
      actions.append(back);
    }
    items.push(prev, actions, err);
    preview(prev, entryOfEnd());
    return items;
  }

  function renderOverPanel() {
    const s = st();
    const order = sheet.names.map((_, i) => i).sort((a, b) => s.totals[b] - s.totals[a]);
    const again = h('button', { type: 'button', class: 'primary big', id: 'padagain' }, t('pad.again'));
    again.addEventListener('click', async () => {
      try {
        const options = {};
        const preset = (await meta()).presets.find((p) => p.name === sheet.preset);
        for (const [k, v] of Object.entries(sheet.options)) if (!preset || preset.options[k] !== v) options[k] = v;
        const n = await api('POST', '/api/pad', { names: sheet.names, preset: sheet.preset, options });
        go('/pad/' + n.id);
      } catch (e) { toast(errorText(e), 'error'); }
    });
    return [
      h('h2', {}, t('pad.phase.game_over')),
      h('ol', { class: 'final' }, ...order.map((i) => h('li', { class: s.winners.includes(i) ? 'strong' : '' }, `${nameOf(i)}: ${s.totals[i]}`, s.winners.includes(i) ? ' ♛' : ''))),
      h('div', { class: 'padactions' }, again),
    ];
  }

  function renderPanel() {
    const s = st();
    panel.replaceChildren();
    let items;
    if (endForm) items = renderEndPanel();
    else if (editing !== null) items = renderTurnPanel();
    else if (s.phase === 'game_over') items = renderOverPanel();
    else items = renderTurnPanel();
    panel.append(...items);
    let err = panel.querySelector('#paderror');
    if (!err) { err = h('p', { class: 'error', role: 'alert', id: 'paderror' }); panel.append(err); }
    const more = h('div', { class: 'padmore noprint' });
    if (editing !== null) {
      const cancel = h('button', { type: 'button', id: 'padcancel' }, t('pad.cancel'));
      cancel.addEventListener('click', () => { newForm(); render(); });
      const del = h('button', { type: 'button', id: 'paddelete', class: 'danger' }, t('pad.delete_entry'));
      del.addEventListener('click', () => removeEntry(editing, err));
      more.append(cancel, del);
    } else {
      if (!endForm && s.can_block && s.phase === 'playing') {
        const blocked = h('button', { type: 'button', id: 'padblocked' }, t('pad.blocked'));
        blocked.addEventListener('click', () => { endForm = { kind: 'blocked', player: null, hands: sheet.names.map(() => '') }; render(); });
        more.append(blocked);
      }
      if (sheet.entries.length) {
        const u = h('button', { type: 'button', id: 'padundo' }, '↶ ' + t('pad.undo'));
        u.addEventListener('click', () => undo(err));
        more.append(u);
      }
    }
    if (more.children.length) panel.append(more);
  }

  function entryText(l) {
    const e = l.entry;
    const who = e.player !== undefined && e.player !== null ? nameOf(e.player) : '';
    const bonusWords = (b) => {
      const w = [];
      if (b && b.bridge) w.push(t('reason.bridge'));
      if (b && b.bridge_extension) w.push(t('reason.bridge_extension'));
      if (b && b.hexagons) w.push(t('reason.' + ['hexagon', 'double_hexagon', 'triple_hexagon'][b.hexagons - 1]));
      return w.length ? ' · ' + w.join(', ') : '';
    };
    const tile = (x) => h('span', { class: 'nw' }, tileIcon(x, 0, 'mini'), ' ' + x);
    if (e.kind === 'play') return [h('strong', {}, who), ' ', tile(e.tile), bonusWords(e.bonus)];
    if (e.kind === 'draw') {
      if (e.placed) return [h('strong', {}, who), ' ', h('span', { class: 'nw' }, t('pad.row.drew', { n: e.draws }), ' →'), ' ', tile(e.placed.tile), bonusWords(e.placed.bonus)];
      return [h('strong', {}, who), ' ', t('pad.row.drew', { n: e.draws }), ', ', t('pad.row.nothing')];
    }
    if (e.kind === 'pass') return [h('strong', {}, who), ' ', t('pad.row.pass')];
    if (e.kind === 'out') return [h('strong', {}, t('pad.row.out', { name: who }))];
    return [h('strong', {}, t('pad.row.blocked'))];
  }

  function renderSheetTable() {
    const n = sheet.names.length;
    sheetBox.replaceChildren(h('h2', {}, t('pad.sheet')));
    const table = h('table', { class: 'sheet padtable', id: 'padtable' });
    table.append(h('thead', {}, h('tr', {}, h('th', { class: 'num' }, '#'), h('th', {}, t('pad.col.entry')), ...sheet.names.map((_, i) => h('th', { class: 'pcol' }, nameOf(i))))));
    const body = h('tbody', {});
    let round = 0;
    sheet.entries.forEach((l, i) => {
      if (l.round !== round) {
        round = l.round;
        body.append(h('tr', { class: 'round' }, h('th', { colspan: n + 2 }, t('pad.round_n', { round }))));
      }
      const e = l.entry;
      const end = e.kind === 'out' || e.kind === 'blocked';
      const why = h('span', { class: 'why' }, end ? '' : reasonsText(l.items));
      const row = h('tr', { class: (end ? 'end' : '') + (editing === i ? ' editing' : ''), 'data-index': i, tabindex: 0, title: t('pad.row.edit') },
        h('td', { class: 'num' }, String(i + 1)),
        h('td', { class: 'what' }, ...entryText(l), why),
        ...l.totals.map((tot, p) => {
          const pts = l.points[p];
          const touched = l.items.some((x) => x.player === p);
          return h('td', { class: 'pcol' + (touched ? (pts < 0 ? ' neg' : ' pos') : ' idle') },
            touched ? h('span', { class: 'pts' }, signed(pts)) : null,
            h('span', { class: 'tot' }, String(tot)),
            l.reached.includes(p) ? h('span', { class: 'flag', title: t('pad.reached_flag') }, '★') : null);
        }));
      const edit = () => { formFromEntry(e, l); editing = i; render(); panel.scrollIntoView({ behavior: 'smooth', block: 'start' }); };
      row.addEventListener('click', edit);
      row.addEventListener('keydown', (ev) => { if (ev.key === 'Enter') edit(); });
      body.append(row);
      if (l.round_result) {
        const r = l.round_result;
        body.append(h('tr', { class: 'roundsum' }, h('td', {}), h('td', { class: 'what' }, t('pad.round_points', { round: r.round })),
          ...r.points.map((p, k) => h('td', { class: 'pcol' + (r.winners.includes(k) ? ' win' : '') }, signed(p), r.hand_sums[k] !== null && r.hand_sums[k] !== undefined ? h('span', { class: 'why' }, t('pad.hand_sum', { sum: r.hand_sums[k] })) : null))));
      }
    });
    if (!sheet.entries.length) body.append(h('tr', {}, h('td', { colspan: n + 2, class: 'small' }, t('pad.empty'))));
    table.append(body, h('tfoot', {}, h('tr', {}, h('th', {}), h('th', {}, t('sheet.total')), ...st().totals.map((x, i) => h('th', { class: 'pcol' + (st().winners.includes(i) ? ' win' : '') }, String(x))))));
    sheetBox.append(h('div', { class: 'padtablebox' }, table));
  }

  function render() {
    renderHead();
    renderBoard();
    renderBanner();
    renderPanel();
    renderSheetTable();
  }

  const onFocus = async () => {
    if (busy || editing !== null || document.visibilityState !== 'visible') return;
    try {
      const fresh = await api('GET', '/api/pad/' + id);
      if (fresh.version !== sheet.version) { sheet = fresh; newForm(); render(); }
    } catch (e) { /* offline: keep what we have */ }
  };
  document.addEventListener('visibilitychange', onFocus);
  newForm();
  render();
  return () => document.removeEventListener('visibilitychange', onFocus);
}
