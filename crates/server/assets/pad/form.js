// The score pad's entry form, beside the sheet: a turn (who opens, draws, the tile from a
// grid or typed, the bonuses claimed) or a round's end (the hands left), the server's
// preview of its points, and the buttons to save, undo, edit or delete. It draws from the
// sheet page's state `P` and acts through it (P.render, P.commit, P.undo, P.removeEntry).
// @ts-check
import { t } from '../i18n.js';
import { h, api, meta, go, toast, signed } from '../dom.js';
import { tileIcon } from '../board.js';
import { changedOptions, listOf, rulesErrorText } from '../options.js';
import { TILES, tileValue, parseHand, placedInRound, entryOfForm, entryOfEnd, refusalText, reasonsText } from './entry.js';
import { keepKey } from './keys.js';

/** @typedef {import('../types/wire').SheetView} SheetView */
/** @typedef {import('../types/wire').StatusView} StatusView */
/** @typedef {import('../types/wire').LineView} LineView */
/** @typedef {import('../types/wire').KeyedSheet} KeyedSheet */

/**
 * The sheet page's state (made by pad/sheet.js): the sheet as the server last sent it, the
 * forms being filled (pad/entry.js blankForm, formOfEntry), the entry being edited.
 * @typedef {object} Page
 * @property {string} id
 * @property {SheetView} sheet
 * @property {import('./entry.js').Form} form
 * @property {import('./entry.js').EndForm | null} endForm
 * @property {number | null} editing
 * @property {number} previewSeq
 * @property {boolean} busy
 * @property {(seat: number) => string} nameOf
 * @property {(k: string) => string} opt
 * @property {() => StatusView} st
 * @property {() => void} newForm
 * @property {() => void} render
 * @property {(entry: unknown, errBox: Element) => Promise<void>} commit
 * @property {(errBox: Element) => Promise<void>} undo
 * @property {(i: number, errBox: Element) => Promise<void>} removeEntry
 */

/**
 * @param {Page} P
 * @param {Set<string>} placed
 * @param {(tile: string, typed?: boolean) => void} onPick
 */
function tileGrid(P, placed, onPick) {
  const input = h('input', { type: 'text', inputmode: 'numeric', autocomplete: 'off', id: 'padtiletext', class: 'padtiletext', placeholder: t('pad.type_tile'), value: P.form.text, 'aria-label': t('pad.type_tile') });
  const grid = h('div', { class: 'padtiles', id: 'padtiles' });
  const fill = () => {
    const digits = P.form.text.replace(/[^0-5]/g, '').split('').slice(0, 3);
    grid.replaceChildren();
    for (const tile of TILES) {
      if (placed.has(tile) && tile !== P.form.tile) continue;
      const nums = tile.split('-');
      const rest = nums.slice();
      if (!digits.every((/** @type {string} */ d) => { const k = rest.indexOf(d); if (k < 0) return false; rest.splice(k, 1); return true; })) continue;
      const b = h('button', { type: 'button', class: 'padtile' + (P.form.tile === tile ? ' on' : ''), 'data-tile': tile, 'aria-pressed': P.form.tile === tile ? 'true' : 'false', title: `${tile} (${tileValue(tile)})`, 'aria-label': tile }, tileIcon(tile, 0));
      b.addEventListener('click', () => { onPick(tile); });
      grid.append(b);
    }
    if (!grid.children.length) grid.append(h('p', { class: 'small' }, t('pad.no_such_tile')));
  };
  input.addEventListener('input', () => {
    P.form.text = input.value;
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

/** @param {Page} P */
function bonusButtons(P) {
  const row = h('div', { class: 'padbonus', id: 'padbonus' });
  const bridge = Number(P.opt('bridge_bonus'));
  const ext = Number(P.opt('bridge_extension_bonus'));
  const hex = listOf(P.opt('hexagon_bonus'));
  /** @param {string} key @param {string} label @param {number} pts @param {boolean} on @param {() => void} toggle */
  const add = (key, label, pts, on, toggle) => {
    const b = h('button', { type: 'button', class: 'padtoggle' + (on ? ' on' : ''), 'data-bonus': key, 'aria-pressed': on ? 'true' : 'false' }, h('span', { class: 'blabel' }, label), h('span', { class: 'bpts' }, signed(pts)));
    b.addEventListener('click', () => { toggle(); P.render(); });
    row.append(b);
  };
  const B = P.form.bonus;
  if (bridge) add('bridge', t('reason.bridge'), bridge, B.bridge, () => { B.bridge = !B.bridge; if (B.bridge) { B.hexagons = 0; B.bridge_extension = false; } });
  if (bridge && ext) add('bridge_extension', t('reason.bridge_extension'), ext, B.bridge_extension, () => { B.bridge_extension = !B.bridge_extension; if (B.bridge_extension) B.bridge = false; });
  ['hexagon', 'double_hexagon', 'triple_hexagon'].forEach((k, i) => {
    if (hex[i]) add(k, t('reason.' + k), hex[i], B.hexagons === i + 1, () => { B.hexagons = B.hexagons === i + 1 ? 0 : i + 1; if (B.hexagons) B.bridge = false; });
  });
  if (!row.children.length) return null;
  return h('div', {}, h('h3', {}, t('pad.bonus')), row);
}

/**
 * @param {Page} P
 * @param {HTMLElement} box
 * @param {unknown} entry
 */
function preview(P, box, entry) {
  const seq = ++P.previewSeq;
  box.replaceChildren();
  box.className = 'padpreview';
  if (!entry || P.editing !== null) return;
  api('POST', `/api/pad/${P.id}/preview`, { entry }).then((/** @type {LineView} */ line) => {
    if (seq !== P.previewSeq) return;
    const parts = [];
    P.sheet.names.forEach((_, i) => {
      const items = line.items.filter((x) => x.player === i);
      if (items.length) parts.push(h('div', {}, h('strong', {}, `${P.nameOf(i)} ${signed(line.points[i])}`), ' ', h('span', { class: 'why' }, reasonsText(items))));
    });
    if (!parts.length) parts.push(h('div', {}, t('pad.no_points')));
    if (line.reached.length) parts.push(h('div', { class: 'padreached' }, '★ ' + t('pad.reaches', { names: line.reached.map(P.nameOf).join(', '), target: P.opt('target') })));
    box.replaceChildren(...parts);
  }).catch((e) => {
    if (seq !== P.previewSeq) return;
    box.className = 'padpreview bad';
    box.replaceChildren(refusalText(e, P.nameOf));
  });
}

/** @param {Page} P */
function turnPanel(P) {
  const s = P.st();
  const err = h('p', { class: 'error', role: 'alert', id: 'paderror' });
  const prev = h('div', { class: 'padpreview', id: 'padpreview', 'aria-live': 'polite' });
  const maxDraws = Number(P.opt('max_draws'));
  const entryIdx = P.editing;
  const round = entryIdx !== null ? P.sheet.entries[entryIdx].round : s.round;
  const opening = entryIdx !== null ? P.sheet.entries.findIndex((l) => l.round === round) === entryIdx : s.phase === 'opening';
  const pool = entryIdx !== null ? null : s.pool;
  const placed = placedInRound(P.sheet, round, entryIdx);
  const items = [];
  if (entryIdx !== null) items.push(h('p', { class: 'padediting' }, t('pad.editing', { n: entryIdx + 1 })));
  if (opening) {
    items.push(h('h2', {}, t('pad.who_opens', { round })));
    const chips = h('div', { class: 'padchips', id: 'padopener' });
    P.sheet.names.forEach((_, i) => {
      const b = h('button', { type: 'button', class: 'padchip' + (P.form.player === i ? ' on' : ''), 'aria-pressed': P.form.player === i ? 'true' : 'false', 'data-seat': i }, P.nameOf(i));
      b.addEventListener('click', () => { P.form.player = i; P.render(); });
      chips.append(b);
    });
    items.push(chips);
  } else {
    items.push(h('h2', {}, t('pad.turn', { name: P.form.player === null ? '' : P.nameOf(P.form.player) })));
  }
  if (!opening && pool !== 0) {
    const chips = h('div', { class: 'padchips', id: 'paddraws' });
    for (let n = 0; n <= maxDraws; n++) {
      const b = h('button', { type: 'button', class: 'padchip' + (P.form.draws === n ? ' on' : ''), 'data-draws': n, 'aria-pressed': P.form.draws === n ? 'true' : 'false', disabled: pool !== null && n > pool }, n === 0 ? t('pad.no_draw') : String(n));
      b.addEventListener('click', () => { P.form.draws = n; if (!n) P.form.nothing = false; P.render(); });
      chips.append(b);
    }
    items.push(h('h3', {}, t('pad.draws')), chips);
  }
  items.push(h('h3', {}, P.form.draws ? t('pad.then_placed') : t('pad.tile')));
  if (P.form.draws) {
    const left = pool === null ? null : pool - P.form.draws;
    const fail = P.form.draws >= maxDraws;
    const canNothing = fail || left === 0 || pool === null;
    const label = fail ? t('pad.nothing_fail', { fail: P.opt('fail_penalty') }) : t('pad.nothing_pass');
    const b = h('button', { type: 'button', class: 'padchip wide' + (P.form.nothing ? ' on' : ''), id: 'padnothing', 'aria-pressed': P.form.nothing ? 'true' : 'false', disabled: !canNothing, title: canNothing ? '' : t('pad.must_draw_again') }, label);
    b.addEventListener('click', () => { P.form.nothing = !P.form.nothing; if (P.form.nothing) P.form.tile = null; P.render(); });
    items.push(b);
    if (!canNothing) items.push(h('p', { class: 'small' }, t('pad.must_draw_again')));
  }
  if (!P.form.nothing) {
    if (P.form.tile) {
      // The chosen tile, big; the grid comes back to change it.
      const change = h('button', { type: 'button', class: 'padchip', id: 'padchange' }, t('pad.change_tile'));
      change.addEventListener('click', () => { P.form.tile = null; P.form.text = ''; P.render(); const i = document.getElementById('padtiletext'); if (i) i.focus(); });
      items.push(h('div', { class: 'padchosen', id: 'padchosen', 'data-tile': P.form.tile }, tileIcon(P.form.tile, 0), h('span', {}, t('pad.chosen', { tile: P.form.tile, value: tileValue(P.form.tile) })), change));
    } else {
      items.push(tileGrid(P, placed, (tile) => { P.form.tile = tile; P.form.text = ''; P.render(); }));
    }
    if (!opening) { const bb = bonusButtons(P); if (bb) items.push(bb); }
  }
  const entry = entryOfForm(P.form);
  const save = h('button', { type: 'button', class: 'primary big padsave', id: 'padsave', disabled: !entry }, entryIdx !== null ? t('pad.save_edit') : t('pad.save'));
  save.addEventListener('click', () => { const e = entryOfForm(P.form); if (e) P.commit(e, err); });
  const actions = h('div', { class: 'padactions' }, save);
  if (entryIdx === null && s.phase === 'playing' && s.pool === 0) {
    const pass = h('button', { type: 'button', class: 'big', id: 'padpass' }, t('pad.pass'));
    pass.addEventListener('click', () => P.commit({ kind: 'pass', player: s.to_play }, err));
    actions.append(pass);
  }
  if (entryIdx !== null && !opening && P.sheet.entries[entryIdx].entry?.kind !== 'pass') {
    // A turn may become a pass (only when the pool was empty; the server checks).
    const pass = h('button', { type: 'button', id: 'padpass' }, t('pad.pass'));
    pass.addEventListener('click', () => P.commit({ kind: 'pass', player: P.form.player }, err));
    actions.append(pass);
  }
  items.push(prev, actions, err);
  preview(P, prev, entry);
  return items;
}

/** @param {Page} P */
function endPanel(P) {
  // Shown only while a round's end is being entered.
  const end = P.endForm;
  if (!end) return [];
  const err = h('p', { class: 'error', role: 'alert', id: 'paderror' });
  const prev = h('div', { class: 'padpreview', id: 'padpreview', 'aria-live': 'polite' });
  const items = [];
  if (P.editing !== null) items.push(h('p', { class: 'padediting' }, t('pad.editing', { n: P.editing + 1 })));
  const outNow = end.kind === 'out' && P.editing === null;
  items.push(h('h2', {}, outNow ? t('pad.hands_left') : end.kind === 'out' ? t('pad.went_out', { name: P.nameOf(Number(end.player)) }) : t('pad.blocked_title')));
  const takes = P.opt('out_takes_hands') === 'true';
  items.push(h('p', { class: 'small' }, end.kind === 'out'
    ? (takes ? t('pad.end_out_takes', { bonus: P.opt('out_bonus') }) : t('pad.end_out', { bonus: P.opt('out_bonus') }))
    : t('pad.end_blocked', { how: t('rules.blocked.' + P.opt('blocked'), { bonus: P.opt('out_bonus') }) })));
  const hands = h('div', { class: 'padhands', id: 'padhands' });
  const counts = P.editing !== null ? null : P.st().hands;
  P.sheet.names.forEach((_, i) => {
    if (end.kind === 'out' && i === end.player) return;
    const needed = end.kind === 'blocked' || takes;
    const parsed = parseHand(end.hands[i]);
    const show = h('span', { class: 'padhandshow' });
    const refresh = (/** @type {ReturnType<typeof parseHand>} */ p) => {
      show.replaceChildren();
      if (p && p.tiles) { for (const x of p.tiles) show.append(tileIcon(x, 0, 'mini')); show.append(' = ' + p.tiles.reduce((a, x) => a + tileValue(x), 0)); }
      if (p && p.bad) show.append(h('span', { class: 'error' }, t('pad.hand_bad')));
    };
    refresh(parsed);
    const inp = h('input', { type: 'text', inputmode: 'text', autocomplete: 'off', class: 'padhand', 'data-seat': i, value: end.hands[i], placeholder: needed ? t('pad.hand_hint') : t('pad.hand_not_needed') });
    inp.addEventListener('input', () => { end.hands[i] = inp.value; refresh(parseHand(inp.value)); preview(P, prev, entryOfEnd(end)); });
    hands.append(h('label', { class: 'padhandrow' },
      h('span', { class: 'pname' }, P.nameOf(i), counts ? h('span', { class: 'small' }, ' ' + t('pad.in_hand', { n: counts[i] })) : null),
      inp, show));
  });
  items.push(hands);
  const save = h('button', { type: 'button', class: 'primary big padsave', id: 'padsaveend' }, P.editing !== null ? t('pad.save_edit') : t('pad.save_round'));
  save.addEventListener('click', () => P.commit(entryOfEnd(end), err));
  const actions = h('div', { class: 'padactions' }, save);
  if (P.editing === null && P.st().phase === 'playing') {
    const back = h('button', { type: 'button', class: 'big' }, t('pad.cancel'));
    back.addEventListener('click', () => { P.endForm = null; P.render(); });
    actions.append(back);
  }
  items.push(prev, actions, err);
  preview(P, prev, entryOfEnd(end));
  return items;
}

/** @param {Page} P */
function overPanel(P) {
  const s = P.st();
  const order = P.sheet.names.map((_, i) => i).sort((a, b) => s.totals[b] - s.totals[a]);
  const again = h('button', { type: 'button', class: 'primary big', id: 'padagain' }, t('pad.again'));
  again.addEventListener('click', async () => {
    try {
      const preset = (await meta()).presets.find((p) => p.name === P.sheet.preset);
      const options = changedOptions(P.sheet.options, preset ? preset.options : {});
      /** @type {KeyedSheet} */
      const n = await api('POST', '/api/pad', { names: P.sheet.names, preset: P.sheet.preset, options });
      keepKey(n.id, n.key);
      go('/pad/' + n.id);
    } catch (e) { toast(rulesErrorText(e, (await meta()).options), 'error'); }
  });
  return [
    h('h2', {}, t('pad.phase.game_over')),
    h('ol', { class: 'final' }, ...order.map((i) => h('li', { class: s.winners.includes(i) ? 'strong' : '' }, `${P.nameOf(i)}: ${s.totals[i]}`, s.winners.includes(i) ? ' ♛' : ''))),
    h('div', { class: 'padactions' }, again),
  ];
}

/**
 * The form that fits the sheet now (or the entry being edited) into `panel`.
 * @param {HTMLElement} panel
 * @param {Page} P
 */
export function renderPanel(panel, P) {
  const s = P.st();
  panel.replaceChildren();
  let items;
  if (P.endForm) items = endPanel(P);
  else if (P.editing !== null) items = turnPanel(P);
  else if (s.phase === 'game_over') items = overPanel(P);
  else items = turnPanel(P);
  panel.append(...items);
  let err = panel.querySelector('#paderror');
  if (!err) { err = h('p', { class: 'error', role: 'alert', id: 'paderror' }); panel.append(err); }
  const more = h('div', { class: 'padmore noprint' });
  if (P.editing !== null) {
    const cancel = h('button', { type: 'button', id: 'padcancel' }, t('pad.cancel'));
    cancel.addEventListener('click', () => { P.newForm(); P.render(); });
    const del = h('button', { type: 'button', id: 'paddelete', class: 'danger' }, t('pad.delete_entry'));
    del.addEventListener('click', () => { if (P.editing !== null) P.removeEntry(P.editing, err); });
    more.append(cancel, del);
  } else {
    if (!P.endForm && s.can_block && s.phase === 'playing') {
      const blocked = h('button', { type: 'button', id: 'padblocked' }, t('pad.blocked'));
      blocked.addEventListener('click', () => { P.endForm = { kind: 'blocked', player: null, hands: P.sheet.names.map(() => '') }; P.render(); });
      more.append(blocked);
    }
    if (P.sheet.entries.length) {
      const u = h('button', { type: 'button', id: 'padundo' }, '↶ ' + t('pad.undo'));
      u.addEventListener('click', () => P.undo(err));
      more.append(u);
    }
  }
  if (more.children.length) panel.append(more);
}
