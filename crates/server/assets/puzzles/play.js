// Solving one puzzle on the game's board with the game's controls: the state has the
// shape of the game screen's (game/state.js), so the board, the rack and the ghost are
// drawn by game/views.js and the tile is picked, rotated and placed with the game's
// controls (game/controls.js). Each placement is a try the server checks with the rules
// engine; a wrong one is explained
// (the corner that does not match, the points scored against the goal, the tiles left
// that cannot go), undo takes placements back, a hint shows one tile of a solution in
// grades: the idea in a sentence, then the tile, then its spot and turn.
// @ts-check
import { t, errorText, moveWords, seatName } from '../i18n.js';
import { corners, xy, el, values } from '../board.js';
import { h, api, toast } from '../dom.js';
import * as S from '../game/state.js';
import { renderBoard, renderGhost, renderRack } from '../game/views.js';
import { tileControls } from '../game/controls.js';
import { markSolved, isSolved, streak, personalPuzzle } from './store.js';
import { reasonText } from '../reasons.js';

/** @typedef {import('../types/wire').PublicGame} PublicGame */
/** @typedef {import('../types/wire').Delta} Delta */
/** @typedef {import('../types/wire').Me} Me */
/** @typedef {import('../types/wire').GameStatus} GameStatus */
/** @typedef {import('../types/wire').Daily} Daily */
/** @typedef {import('../types/wire').PuzzleList} PuzzleList */
/** @typedef {import('../types/wire').TryAnswer} TryAnswer */
/** @typedef {import('../types/wire').Placement} Placement */
/** @typedef {import('../types/wire').Action} Action */
/** @typedef {import('../types/wire').Tile} Tile */
/** @typedef {(Placement & {kind?: 'play'}) | {kind: 'draw'}} Try A try: a placement, or a draw (a personal puzzle's answer may be one). */
/**
 * A puzzle as the page uses it: one of the collection (`GET /api/puzzles/ID`, wire.d.ts
 * `PublicPuzzle`, whose fields past `number` and `of` are open) or a personal one kept in
 * this browser (protocol/puzzles.rs `PersonalPuzzle`, not in wire.d.ts).
 * @typedef {object} Puzzle
 * @property {string} id
 * @property {string} kind
 * @property {string} ruleset
 * @property {Placement[]} board
 * @property {Tile[]} hand
 * @property {{points?: number, groups?: unknown[]}} [goal] the collection's goal: {points} or {groups}
 * @property {number} [number]
 * @property {number} [of]
 * @property {string[]} [players] a personal puzzle's seat names
 * @property {{kind: string, name: string, level?: string | null}[]} [seats] a personal puzzle's seats as the table showed them
 * @property {Action} [played] a personal puzzle's move played
 * @property {{notation: string, spot: {side: string, next_to: string} | null} | null} [played_name] its name in the notation
 * @property {number} [loss]
 * @property {Action[]} [legal]
 * @property {Action[]} [answers]
 * @property {Array<{side: string, code: string, params?: unknown}>} [reasons] why the answer is better
 * @property {import('../types/wire').Grades} [grades]
 */
/**
 * `POST /api/puzzles/ID/hint` (protocol/puzzles.rs `GradedHint`, not in wire.d.ts):
 * {place, idea?}, {draw, idea?}, {undo: n} or {none: true}.
 * @typedef {{place?: Placement, draw?: boolean, undo?: number, none?: boolean, idea?: import('../types/wire').Reason}} GradedHint
 */

/** Today's date in the browser, YYYY-MM-DD (the daily puzzle is the same for everyone on it). */
export function today() {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * Whether a play action is the placement `m` ({tile, cell, rotation}; a triple in any turn).
 * @param {Action | null | undefined} a
 * @param {Placement} m
 */
function samePlay(a, m) {
  if (!a || a.kind !== 'play' || a.tile !== m.tile || a.cell[0] !== m.cell[0] || a.cell[1] !== m.cell[1]) return false;
  const [x, y, z] = m.tile.split('-');
  return (x === y && y === z) || a.rotation === m.rotation;
}

/**
 * A personal puzzle's move played in words: its notation and spot ("255L555, 2-5-5 left of
 * 5-5-5", the server's name for it), or draw, or pass; never a cell nor a turn number.
 * @param {Action} a
 * @param {{notation: string, spot: {side: string, next_to: string} | null} | null | undefined} name
 */
function actionText(a, name) {
  return a.kind === 'play' ? moveWords(name, a.tile) : t('review.action.' + a.kind);
}

/**
 * A puzzle's goal in words.
 * @param {Puzzle} p
 */
export function goalText(p) {
  // A personal puzzle is saved with the move played and what it lost.
  if (p.kind === 'better_move' && p.played) return t('puzzles.goal.better_move', { played: actionText(p.played, p.played_name), points: Math.round((p.loss ?? 0) * 10) / 10 });
  // The collection's puzzles come with their goal.
  const goal = p.goal || {};
  if (p.kind === 'max_points') return t('puzzles.goal.max_points', { points: goal.points });
  if (p.kind === 'go_out') return t('puzzles.goal.go_out', { n: p.hand.length });
  if (p.kind === 'best_turn') return t('puzzles.goal.best_turn', { points: goal.points });
  return t('puzzles.goal.connect', { groups: (goal.groups || []).length, n: p.hand.length });
}

/**
 * @param {HTMLElement} main
 * @param {string | null} id
 * @param {string | null} date
 */
export async function showPuzzle(main, id, date) {
  main.className = 'game puzzle';
  if (date) id = (/** @type {Daily} */ (await api('GET', '/api/puzzles/daily?date=' + date))).id;
  // The puzzles page opens a puzzle by its id or by a date.
  if (!id) return null;
  // A personal puzzle ("find the better move", from a review) is kept in this browser and
  // judged here, against the answers the server's judge gave when it was saved.
  const personal = id.startsWith('pp-');
  /** @type {Puzzle} */
  let p;
  try {
    p = personal ? personalPuzzle(id) : await api('GET', '/api/puzzles/' + encodeURIComponent(id));
    if (!p) throw new Error('not found');
  } catch (e) {
    main.append(h('div', { class: 'panel' }, h('p', { class: 'error' }, t('puzzles.not_found')), h('a', { href: '/puzzles', 'data-link': '' }, t('puzzles.back'))));
    return null;
  }
  /** @type {PuzzleList} */
  const { puzzles } = personal ? { puzzles: [] } : await api('GET', '/api/puzzles');
  // The one rule of a seat's name (a bot by its level's word), from the game's seats.
  const nameOf = (/** @type {number} */ seat) => (p.seats && p.seats.length ? seatName({ seats: p.seats }, seat) : (p.players && p.players[seat]) || String(seat + 1));
  const title = personal ? t('puzzles.kind.better_move') : date ? t('puzzles.daily_title', { date }) : t('puzzles.title_level', { kind: t('puzzles.kind.' + p.kind), n: p.number, of: p.of });
  document.title = t('app.title') + ' — ' + title;

  // The game screen's state, for one player whose turn it always is.
  const st = S.newState();
  st.hints = false; // the engine's legal spots would give the answer away
  // Only the parts the game's views read.
  st.game = /** @type {PublicGame} */ (/** @type {unknown} */ ({ options: { announce_bonuses: 'false' }, seats: [], preset: p.ruleset }));
  /** @type {Placement[]} */
  const moves = [];
  let tries = 0;
  let hints = 0;
  let solved = false;
  /** @type {Placement | null} the hint's placement, once its spot and turn are shown */
  let hinted = null;
  /** @type {{key: string, r: GradedHint} | null} the hint asked for these moves */
  let hintGot = null;
  let grade = 0;
  /** @type {{cell: import('../types/wire').Cell, corner: number} | null} where the last wrong try did not match */
  let badCorner = null;
  function sync() {
    const events = p.board.map((b) => ({ type: 'played', placement: b, player: 0 }));
    for (const m of moves) events.push({ type: 'played', placement: m, player: 1 });
    st.log = [/** @type {Delta} */ ({ v: 0, events })];
    const used = new Set(moves.map((m) => m.tile));
    // Only the parts the views read (a puzzle has no clock, no other seat's hand).
    st.me = /** @type {Me} */ (/** @type {unknown} */ ({ hand: p.hand.filter((x) => !used.has(x)), legal: [], my_turn: !solved, drawn: null }));
    st.status = /** @type {GameStatus} */ (/** @type {unknown} */ ({ phase: 'playing', to_move: 0, draws: 0, pool: 0, round: 1, totals: [0], hand_sizes: [0], winners: [] }));
    if (st.sel && !st.me.hand.includes(st.sel)) st.sel = null;
  }
  sync();

  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.id = 'board';
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', t('puzzles.board'));
  const rack = h('div', { class: 'rack', id: 'rack' });
  const goal = h('p', { class: 'puzzlegoal', id: 'puzzlegoal' }, goalText(p));
  const message = h('p', { class: 'puzzlemsg', id: 'puzzlemsg', 'aria-live': 'polite' });
  const btnRotate = h('button', { type: 'button', id: 'rotate', title: t('game.rotate_help') }, '⟳ ' + t('game.rotate'));
  const btnUndo = h('button', { type: 'button', id: 'undo' }, '↶ ' + t('puzzles.undo'));
  const btnHint = h('button', { type: 'button', id: 'hint' }, '? ' + t('puzzles.hint'));
  const btnShare = h('button', { type: 'button', id: 'share', class: 'small', hidden: personal }, t('puzzles.share'));
  // A personal puzzle whose answer may be a draw: the draw is a try too.
  const canDraw = personal && (p.legal || []).some((a) => a.kind === 'draw');
  const btnDraw = h('button', { type: 'button', id: 'drawtry', hidden: !canDraw }, t('puzzles.draw'));
  const zoomIn = h('button', { type: 'button', class: 'icon', title: t('game.zoom_in'), 'aria-label': t('game.zoom_in') }, '+');
  const zoomOut = h('button', { type: 'button', class: 'icon', title: t('game.zoom_out'), 'aria-label': t('game.zoom_out') }, '−');
  const zoomFit = h('button', { type: 'button', class: 'icon', title: t('game.zoom_fit'), 'aria-label': t('game.zoom_fit') }, '⤢');
  const counter = h('p', { class: 'small', id: 'puzzlecount' });
  const done = h('div', { class: 'puzzledone', id: 'puzzledone', hidden: true });
  const kindIds = puzzles.filter((q) => q.kind === p.kind).map((q) => q.id);
  const next = kindIds[kindIds.indexOf(p.id) + 1];
  main.append(
    h('div', { class: 'gamegrid' },
      h('section', { class: 'players puzzletitle' }, h('h1', {}, title), h('span', { class: 'badge' }, t('preset.' + p.ruleset)), isSolved(p.id) ? h('span', { class: 'badge solved' }, '✓ ' + t('puzzles.solved')) : null),
      h('section', { class: 'boardwrap' }, svg, h('div', { class: 'zoom' }, zoomIn, zoomOut, zoomFit)),
      h('section', { class: 'rackbar', id: 'rackbar' }, rack, h('div', { class: 'buttons' }, btnRotate, btnUndo, btnDraw, btnHint), h('p', { class: 'keys small' }, t('puzzles.keys'))),
      h('aside', { class: 'side' }, h('h2', {}, t('puzzles.goal')), goal, message, counter, done,
        h('p', {}, btnShare),
        h('p', { class: 'small' }, h('a', { href: '/puzzles', 'data-link': '' }, t('puzzles.back')), next ? ' · ' : null,
          next ? h('a', { href: '/puzzles/' + next, 'data-link': '', id: 'next' }, t('puzzles.next')) : null))));

  // The game's controls; a placement is a try the server judges.
  const ctl = tileControls(svg, st, {
    place: (cell, rotation) => placed(cell, rotation),
    pick,
    turned: () => draw(),
    ghost: () => ghost(),
    canPlay: () => !solved,
    canRotate: () => !solved,
    tapAnywhere: true,
    escape: () => { st.sel = null; draw(); },
    key: (e) => {
      if ((e.key === 'z' || e.key === 'Z') && (e.ctrlKey || e.metaKey)) { e.preventDefault(); undo(); return true; }
      return false;
    },
    zoom: { zoomIn, zoomOut, zoomFit },
  });
  const board = ctl.board;
  btnRotate.addEventListener('click', () => ctl.rotate(1));
  btnUndo.addEventListener('click', () => undo());
  btnHint.addEventListener('click', () => hint());
  btnDraw.addEventListener('click', () => judgeHere({ kind: 'draw' }));
  btnShare.addEventListener('click', async () => {
    const url = location.origin + '/puzzles/' + p.id;
    try { await navigator.clipboard.writeText(url); toast(t('puzzles.link_copied')); } catch (e) { toast(url); }
  });

  const ghost = () => renderGhost(board, st);
  /**
   * @param {string} text
   * @param {string} [kind]
   */
  function say(text, kind) {
    message.textContent = text;
    message.className = 'puzzlemsg ' + (kind || '');
  }
  function draw() {
    renderBoard(board, st);
    if (hinted) board.setMarks([{ cell: hinted.cell, kind: 'hint' }]);
    if (badCorner) {
      const [x, y] = xy(corners(badCorner.cell[0], badCorner.cell[1])[badCorner.corner]);
      el('circle', { cx: x, cy: y, r: 13, class: 'badcorner' }, board.gMarks);
    }
    renderRack(rack, st, ctl.bindRackTile);
    btnRotate.disabled = !st.sel || solved;
    btnUndo.disabled = !moves.length || solved;
    btnDraw.disabled = solved;
    btnHint.disabled = solved;
    counter.textContent = t('puzzles.counter', { tries, hints });
  }
  /** @param {string} tile */
  function pick(tile) { st.sel = tile; st.rot = hinted && hinted.tile === tile ? hinted.rotation : 0; draw(); }
  // A placement tried: the server checks the moves so far and this one.
  // A personal puzzle's try: judged here against the saved answers and legal moves.
  /** @param {Try} m */
  function judgeHere(m) {
    if (solved) return;
    badCorner = null;
    const is = (/** @type {Action | null | undefined} */ a) => (m.kind === 'draw' ? !!a && a.kind === 'draw' : samePlay(a, m));
    // A personal puzzle is saved with its legal moves and answers.
    if (m.kind !== 'draw' && !(p.legal || []).some(is)) {
      tries += 1;
      // As the server's puzzles say it: the corner that does not match, ringed.
      const bad = mismatch(m);
      if (bad) {
        say(t('puzzles.wrong.illegal', { why: errorText({ code: 'placement', params: { code: 'corner_mismatch', params: bad } }) }), 'wrong');
        badCorner = { cell: m.cell, corner: bad.corner };
      } else say(t('puzzles.wrong.not_legal'), 'wrong');
    } else if (is(p.played)) {
      tries += 1;
      say(t('puzzles.wrong.played'), 'wrong');
    } else if ((p.answers || []).some(is)) {
      if (m.kind !== 'draw') moves.push(m);
      solved = true;
      hinted = null;
      st.sel = null;
      // A personal puzzle is not the daily puzzle: the streak is left alone, and not shown.
      markSolved(p.id, tries, hints, null);
      say('✓ ' + t('puzzles.solved'), 'right');
      // "✓ Solved" is said once (above); the box tells why.
      done.replaceChildren(h('ul', { class: 'reasons', id: 'puzzlewhy' }, ...(p.reasons || []).map((r) => h('li', {}, h('strong', {}, t('review.side.' + r.side) + ' '), reasonText(r, nameOf)))));
      done.hidden = false;
      sync();
    } else {
      tries += 1;
      say(t('puzzles.wrong.not_better'), 'wrong');
    }
    draw();
  }

  /**
   * The first corner of a tried placement `m` whose number differs from the one already on
   * the board at that point ({corner, expected, found}), or null.
   * @param {Placement} m
   */
  function mismatch(m) {
    const here = corners(m.cell[0], m.cell[1]);
    const mine = values(m.tile, m.rotation);
    const placed = [...(p.board || []), ...moves];
    for (let k = 0; k < 3; k++) {
      for (const q of placed) {
        const at = corners(q.cell[0], q.cell[1]).findIndex((x) => x[0] === here[k][0] && x[1] === here[k][1]);
        if (at < 0) continue;
        const expected = values(q.tile, q.rotation)[at];
        if (expected !== mine[k]) return { corner: k, expected, found: mine[k] };
        break;
      }
    }
    return null;
  }

  /** @param {import('../types/wire').Cell} cell @param {number} rotation */
  async function placed(cell, rotation) {
    /** @type {Placement} */
    const m = { tile: /** @type {string} the controls place the picked tile */ (st.sel), cell, rotation };
    if (personal) return judgeHere(m);
    badCorner = null;
    /** @type {TryAnswer} */
    let r;
    try {
      r = await api('POST', `/api/puzzles/${p.id}/try`, { moves: [...moves, m] });
    } catch (e) {
      toast(errorText(e), 'error');
      return;
    }
    if (r.outcome === 'illegal') {
      tries += 1;
      say(t('puzzles.wrong.illegal', { why: errorText({ code: 'placement', params: r.error }) }), 'wrong');
      if (r.error.code === 'corner_mismatch') badCorner = { cell, corner: r.error.params.corner };
    } else if (r.outcome === 'too_few_points') {
      tries += 1;
      say(t('puzzles.wrong.too_few_points', { points: r.points, goal: r.goal }), 'wrong');
    } else if (r.outcome === 'not_in_hand' || r.outcome === 'one_tile_only') {
      say(t('puzzles.wrong.' + r.outcome), 'wrong');
    } else {
      moves.push(m);
      if (hinted && hinted.tile === m.tile) hinted = null;
      st.sel = null;
      st.rot = 0;
      if (r.outcome === 'solved') {
        solved = true;
        markSolved(p.id, tries, hints, date);
        say(t('puzzles.solved_msg', { points: r.points }), 'right');
        // The streak line for the daily puzzle only, the next puzzle when there is one: a
        // part left out is not passed on (replaceChildren would write "null").
        done.replaceChildren(...[h('p', { class: 'right' }, '✓ ' + t('puzzles.solved')),
          date ? h('p', {}, t('puzzles.streak', { n: streak(date) })) : null,
          next ? h('a', { class: 'button primary', href: '/puzzles/' + next, 'data-link': '' }, t('puzzles.next')) : null].filter((x) => x !== null));
        done.hidden = false;
      } else if (r.outcome === 'stuck') {
        tries += 1;
        say(t('puzzles.wrong.stuck', { tiles: r.left.join(', ') }), 'wrong');
      } else if (r.outcome === 'short') {
        tries += 1;
        say(t('puzzles.wrong.short', { points: r.points, goal: r.goal }), 'wrong');
      } else if (r.outcome === 'not_joined') {
        tries += 1;
        say(t('puzzles.wrong.not_joined', { groups: r.groups }), 'wrong');
      } else if (r.dead_end) {
        // A run that can no longer reach the goal is not praised.
        tries += 1;
        say(p.kind === 'best_turn' ? t('puzzles.going_nowhere', { points: r.points, goal: p.goal && p.goal.points }) : t('puzzles.hint_undo', { n: r.dead_end }), 'wrong');
      } else if (p.kind === 'best_turn') {
        say(t('puzzles.going_points', { points: r.points, goal: p.goal && p.goal.points }));
      } else {
        say(t('puzzles.going', { left: r.left }));
      }
      sync();
    }
    draw();
  }

  function undo() {
    if (!moves.length || solved) return;
    moves.pop();
    badCorner = null;
    sync();
    say('');
    draw();
  }

  // A hint in grades: the idea (a sentence naming no tile), then the tile, then its spot
  // and turn; each press shows one more, each counted. A wrong try's ring goes.
  async function hint() {
    if (solved) return;
    badCorner = null;
    const key = JSON.stringify(moves);
    if (!hintGot || hintGot.key !== key) {
      // A personal puzzle's hint was given with it: the best move's grades.
      const g = /** @type {NonNullable<Puzzle['grades']>} a personal puzzle is saved with its grades */ (p.grades);
      /** @type {GradedHint} */
      const r = personal ? (g.action.kind === 'play' ? { place: g.action, idea: g.idea } : { draw: true, idea: g.idea }) : await api('POST', `/api/puzzles/${p.id}/hint`, { moves });
      hintGot = { key, r };
      grade = r.idea ? 0 : 1;
    } else grade = Math.min(grade + 1, 2);
    const r = hintGot.r;
    if (r.draw) {
      hints += 1;
      say(grade === 0 && r.idea ? t('puzzles.hint_idea', { idea: reasonText(r.idea, nameOf) }) : t('puzzles.hint_draw'), 'hint');
      if (grade > 0) grade = 2;
    } else if (r.place) {
      hints += 1;
      if (grade === 0 && r.idea) say(t('puzzles.hint_idea', { idea: reasonText(r.idea, nameOf) }), 'hint');
      else if (grade === 1) {
        st.sel = r.place.tile;
        st.rot = 0;
        say(t('puzzles.hint_tile', { tile: r.place.tile }), 'hint');
      } else {
        hinted = r.place;
        st.sel = r.place.tile;
        st.rot = r.place.rotation;
        say(t('puzzles.hint_place', { tile: r.place.tile }), 'hint');
      }
    } else if (r.undo) {
      say(t('puzzles.hint_undo', { n: r.undo }), 'hint');
    }
    draw();
  }

  draw();
  board.fit();
  return () => ctl.close();
}

