// Finished games, the replay viewer (step by step, every hand shown) and opening a .tri file.
// @ts-check
import { t, errorText } from './i18n.js';
import { Board } from './board.js';
import { h, byId } from './dom.js';
import { placementsOf } from './game/state.js';
import { seatName, renderSheet, actionText, handRow, roundSummary } from './game/sheet.js';

/** @typedef {import('./types/wire').GameList} GameList */
/** @typedef {import('./types/wire').Replay} Replay */
/** @typedef {import('./types/wire').Refusal} Refusal */
/** @typedef {Extract<import('./types/wire').Refused, { code: 'bad_record' }>} BadRecord */

/** @param {HTMLElement} main */
export async function showGames(main) {
  main.className = 'games';
  const r = await fetch('/api/games');
  /** @type {GameList} */
  const { games } = await r.json();
  const list = h('table', { class: 'gamelist' },
    h('thead', {}, h('tr', {}, h('th', {}, t('games.when')), h('th', {}, t('games.preset')), h('th', {}, t('games.players')), h('th', {}, t('games.winner')), h('th', {}, ''))),
    h('tbody', {}, ...games.map((g) => {
      const s = g.summary;
      const game = { seats: s.seats };
      return h('tr', {},
        h('td', {}, new Date(g.finished * 1000).toLocaleString()),
        // Each cell says what it is (style.css shows it where a phone stacks the cells).
        h('td', { 'data-label': t('games.preset') }, t('preset.' + s.preset)),
        h('td', { 'data-label': t('games.players') }, s.seats.map((_, i) => `${seatName(game, i)} ${s.totals[i]}`).join(' · ')),
        h('td', { 'data-label': t('games.winner') }, s.winners.map((w) => seatName(game, w)).join(', ')),
        h('td', {}, h('a', { href: '/replay/' + g.id, 'data-link': '', class: 'button small' }, t('games.replay')), ' ', h('a', { href: '/review/' + g.id, 'data-link': '', class: 'button small' }, t('review.button')), ' ', h('a', { href: `/api/games/${g.id}/record.tri`, class: 'button small', download: `triominos-${g.id}.tri` }, '.tri')));
    })));
  main.append(h('h1', {}, t('games.title')), games.length ? list : h('p', {}, t('games.none')), openTri());
}

// The record checker's reasons (English, from triominos-core's record module), in the
// page's language: the known ones by their pattern, any other as it is.
/** @type {Array<[RegExp, (m: RegExpMatchArray) => string]>} */
const REASONS = [
  [/^tile not in hand: (\S+)$/, (m) => t('errors.tile_not_in_hand', { tile: m[1] })],
  [/^corner \d must be (\d), the tile puts (\d) there$/, (m) => t('record.corner', { expected: m[1], found: m[2] })],
  [/^not touching/, () => t('errors.placement.not_touching')],
  [/^cell taken$/, () => t('errors.placement.cell_taken')],
  [/^the first tile goes at 0,0$/, () => t('errors.placement.first_tile_at_origin')],
  [/^no tile fits: the neighbours disagree/, () => t('errors.placement.conflicting_neighbours')],
  [/^tile already on the board$/, () => t('errors.placement.already_placed')],
  [/^not your turn: (.+) is to play$/, (m) => t('record.not_your_turn', { name: m[1] })],
  [/^the game is over$/, () => t('errors.game_over')],
  [/^the round is over$/, () => t('errors.round_over')],
  [/^the first tile must be (.+)$/, (m) => t('errors.first_tile_must_be', { tiles: m[1] })],
  [/^the opener must place/, () => t('errors.opener_may_not_draw')],
  [/^the drawn tile (\S+) can be placed and must be played$/, (m) => t('errors.must_play_drawn_tile', { tile: m[1] })],
  [/^a drawn tile can be placed/, () => t('errors.must_place_now')],
  [/^the drawn tile cannot be placed/, () => t('errors.no_placement_after_failed_draw')],
  [/^may not draw when able/, () => t('errors.may_not_draw_when_able')],
  [/^pool empty$/, () => t('errors.pool_empty')],
  [/^may not pass: a tile can be placed/, () => t('errors.may_not_pass.can_play')],
  [/^may not pass: the pool is not empty/, () => t('errors.may_not_pass.pool_not_empty')],
  [/^may not pass: place the first tile/, () => t('errors.may_not_pass.opening')],
  [/^score checksum ([+-]\d+) does not match: the play scores ([+-]\d+), total (-?\d+)$/, (m) => t('record.checksum', { written: m[1], points: m[2], total: m[3] })],
  [/^unknown player "(.*)"$/, (m) => t('record.unknown_player', { name: m[1] })],
  [/^unknown tile "?([^":]*)"?:/, (m) => t('record.bad_tile', { tile: m[1] })],
  [/^bad cell "(.*)"/, (m) => t('record.bad_cell', { cell: m[1] })],
  [/^bad rotation "(.*)"/, (m) => t('record.bad_rotation', { rotation: m[1] })],
  [/^unknown line: /, () => t('record.unknown_line')],
  [/^unknown action "(.*)"/, (m) => t('record.unknown_action', { action: m[1] })],
  [/^expected:? (.+)$/, (m) => t('record.syntax', { expected: m[1] })],
  [/^missing \[(\w+)/, (m) => t('record.missing_header', { tag: m[1] })],
  [/^(.+) is dealt (\d+) tiles, expected (\d+)$/, (m) => t('record.deal_size', { name: m[1], got: m[2], expected: m[3] })],
  [/^tile (\S+) appears twice$/, (m) => t('record.twice', { tile: m[1] })],
  [/^deals and pool must be exactly the 56 tiles$/, () => t('record.not_all_tiles')],
  [/^wrong starter: (.+) starts, holding (\S+)$/, (m) => t('record.wrong_starter', { name: m[1], tile: m[2] })],
  [/^round (\d+): no deal for (.+)$/, (m) => t('record.no_deal', { round: m[1], name: m[2] })],
  [/^round (\d+): no (pool|start) line$/, (m) => t('record.no_line', { round: m[1], line: m[2] })],
];

/**
 * Why a record was refused, in words: the line and the checker's reason, translated when known.
 * @param {Refusal} e
 */
export function recordErrorText(e) {
  if (!e || e.code !== 'bad_record' || !e.params) return errorText(e);
  const { params } = /** @type {BadRecord} */ (/** @type {unknown} */ (e));
  const reason = String(params.reason || '');
  let why = reason;
  for (const [re, f] of REASONS) {
    const m = reason.match(re);
    if (m) { why = f(m); break; }
  }
  const base = t('errors.bad_record', { line: params.line });
  return why ? base + ' ' + why.charAt(0).toUpperCase() + why.slice(1) + (/[.!?]$/.test(why) ? '' : '.') : base;
}

function openTri() {
  const input = h('input', { type: 'file', accept: '.tri,text/plain', id: 'trifile' });
  const err = h('p', { class: 'error', role: 'alert' });
  input.addEventListener('change', async () => {
    const f = input.files && input.files[0];
    if (!f) return;
    const text = await f.text();
    const r = await fetch('/api/replay', { method: 'POST', body: text });
    /** @type {Replay | Refusal} */
    const j = await r.json();
    if (!r.ok) { err.textContent = recordErrorText(/** @type {Refusal} */ (j)); return; }
    history.pushState({}, '', '/replay');
    const main = byId('main');
    main.replaceChildren();
    viewer(main, /** @type {Replay} */ (j), null);
  });
  return h('div', { class: 'panel' }, h('label', { for: 'trifile' }, t('games.open_tri')), ' ', input, err);
}

/**
 * @param {HTMLElement} main
 * @param {string | null | undefined} id
 */
export async function showReplay(main, id) {
  main.className = 'replay';
  if (!id) {
    main.append(h('h1', {}, t('replay.title')), openTri());
    return null;
  }
  const r = await fetch(`/api/games/${id}/replay`);
  /** @type {Replay | Refusal} */
  const j = await r.json();
  if (!r.ok) { main.append(h('p', { class: 'error' }, errorText(/** @type {Refusal} */ (j)))); return null; }
  return viewer(main, /** @type {Replay} */ (j), id);
}

/**
 * @param {HTMLElement} main
 * @param {Replay} data
 * @param {string | null} id
 */
function viewer(main, data, id) {
  main.className = 'replay';
  const { game, frames } = data;
  let i = 0;
  /** @type {ReturnType<typeof setInterval> | null} */
  let timer = null;
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.id = 'board';
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', t('game.board_label'));
  const board = new Board(svg, {});
  const hands = h('div', { class: 'hands' });
  const sheet = h('div', { class: 'sheetbox' });
  const label = h('p', { class: 'steplabel', id: 'steplabel', 'aria-live': 'polite' });
  const slider = h('input', { type: 'range', min: 0, max: frames.length - 1, value: 0, id: 'stepslider', 'aria-label': t('replay.step') });
  /** @param {string} txt @param {string} title @param {() => void} f */
  const mk = (txt, title, f) => { const b = h('button', { type: 'button', title, 'aria-label': title }, txt); b.addEventListener('click', f); return b; };
  const play = mk('▷', t('replay.play'), () => toggle());
  const controls = h('div', { class: 'controls' },
    mk('«', t('replay.first'), () => go(0)), mk('‹', t('replay.prev'), () => go(i - 1)), play,
    mk('›', t('replay.next'), () => go(i + 1)), mk('»', t('replay.last'), () => go(frames.length - 1)), slider);
  slider.addEventListener('input', () => go(Number(slider.value)));
  const links = h('p', { class: 'small' });
  if (id) links.append(h('a', { href: `/api/games/${id}/record.tri`, download: `triominos-${id}.tri`, class: 'button small' }, t('over.download')), ' ', h('a', { href: '/review/' + id, 'data-link': '', class: 'button small' }, t('review.button')));
  main.append(h('h1', {}, t('replay.title'), ' — ', t('preset.' + game.preset)),
    h('div', { class: 'replaygrid' },
      h('section', { class: 'boardwrap' }, svg),
      h('section', { class: 'replayside' }, controls, label, hands, links, h('h2', {}, t('sheet.title')), sheet)));

  /** @param {number} k */
  function go(k) {
    i = Math.max(0, Math.min(frames.length - 1, k));
    slider.value = String(i);
    const upto = frames.slice(0, i + 1);
    const f = frames[i];
    board.setTiles(placementsOf(upto, new Set([f.v])));
    board.fit();
    label.textContent = t('replay.step_of', { n: i, total: frames.length - 1 }) + ' — ' + actionText(f, game) + (f.drawn ? ` (${f.drawn})` : '');
    hands.replaceChildren(...game.seats.map((_, s) => h('div', { class: 'handline' + (f.status.to_move === s && f.status.phase === 'playing' ? ' active' : '') },
      h('strong', {}, seatName(game, s)), ' ', h('span', { class: 'total' }, String(f.status.totals[s])), handRow(f.hands[s]))));
    if (f.events.some((e) => e.type === 'round_ended')) {
      const s = roundSummary(upto, game);
      if (s) hands.append(s);
    }
    renderSheet(sheet, upto, game, undefined, data.hints_used);
  }
  // The button says what it does: Play, or Pause while playing.
  const playLabel = (/** @type {string} */ key) => { play.title = t(key); play.setAttribute('aria-label', t(key)); };
  function toggle() {
    if (timer) { clearInterval(timer); timer = null; play.textContent = '▷'; playLabel('replay.play'); return; }
    play.textContent = '||';
    playLabel('replay.pause');
    timer = setInterval(() => { if (i >= frames.length - 1) toggle(); else go(i + 1); }, 700);
  }
  const onKey = (/** @type {KeyboardEvent} */ e) => {
    if (e.key === 'ArrowRight') go(i + 1);
    else if (e.key === 'ArrowLeft') go(i - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(frames.length - 1);
  };
  document.addEventListener('keydown', onKey);
  go(0);
  return () => { document.removeEventListener('keydown', onKey); if (timer) clearInterval(timer); };
}
