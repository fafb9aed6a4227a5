// One lesson of the tutorial, played on the game's own board, rack and buttons (board.js,
// game/views.js, game/state.js) and with its controls (game/controls.js): the player picks,
// rotates and places a tile (pointer, drag or keys), or draws or passes, and the server's
// engine judges the try (learn.rs). A wrong try shows the engine's reason (a corner that disagrees is circled) and can be tried again.
// @ts-check
import { t, errorText } from '../i18n.js';
import { h, api, signed, go } from '../dom.js';
import { tileIcon, el, corners, xy } from '../board.js';
import * as S from '../game/state.js';
import { renderBoard, renderGhost, renderRack, renderButtons } from '../game/views.js';
import { tileControls } from '../game/controls.js';
import { markSolved } from './progress.js';

/** @typedef {import('../types/wire').LessonView} LessonView */
/** @typedef {import('../types/wire').Verdict} Verdict */
/** @typedef {import('../types/wire').Refusal} Refusal */
/** @typedef {import('../types/wire').Action} Action */
/** @typedef {import('../types/wire').LessonItem} LessonItem */
/** @typedef {import('../types/wire').PublicGame} PublicGame */
/** @typedef {import('../types/wire').Delta} Delta */
/** @typedef {import('../types/wire').Me} Me */
/** @typedef {import('../types/wire').GameStatus} GameStatus */
/**
 * A lesson set, `GET /api/learn/PRESET` (protocol/learn.rs `SetView`, not in wire.d.ts).
 * @typedef {{preset: string, options: Record<string, string>, lessons: LessonView[]}} LessonSet
 */

/**
 * The numbers the lesson texts quote: the preset's options and the lesson's goal.
 * @param {LessonSet} set
 * @param {LessonView} lesson
 */
export function textParams(set, lesson) {
  const o = set.options;
  const hex = String(o.hexagon_bonus || '0 0 0').split(' ');
  // The goal's tile or number and the solution's tile, when they have one.
  const g = /** @type {{tile?: string | null, at_least?: number}} */ (lesson.goal);
  return {
    tile: g.tile || /** @type {{tile?: string}} */ (lesson.solution).tile || '', at_least: g.at_least ?? '', drawn: lesson.drawn || '',
    cost: o.draw_penalty, fail: o.fail_penalty, max: o.max_draws, bridge: o.bridge_bonus, extension: o.bridge_extension_bonus,
    hexagon: hex[0], double: hex[1], out: o.out_bonus, target: o.target,
    me: lesson.totals[0], them: lesson.totals[1],
    start: o.start_bonus, triple: Number(o.start_bonus) + Number(o.triple_start_bonus),
    zero: Number(o.start_bonus) + Number(o.triple_start_bonus) + Number(o.zero_triple_bonus),
  };
}

/**
 * The preset's own rule for a lesson (how a round starts, drawing, a blocked round, the end), in words.
 * @param {LessonSet} set
 * @param {string} rule
 */
export function ruleText(set, rule) {
  const o = set.options;
  if (rule === 'start') return t('rules.start.' + o.start);
  if (rule === 'draw') return t(o.draw_when_able === 'true' ? 'rules.draw.when_able' : 'rules.draw.only_when_stuck', { max: o.max_draws, cost: o.draw_penalty, fail: o.fail_penalty });
  if (rule === 'blocked') return t('learn.rule.blocked', { rule: t('rules.blocked.' + o.blocked, { bonus: o.out_bonus }) });
  if (rule === 'end') return o.target === 'none' ? t('rules.end.single') : t('rules.end.' + o.game_end, { target: o.target });
  return null;
}

/** @param {number} i */
function seatName(i) { return i === 0 ? t('learn.me') : t('learn.opponent'); }

/**
 * A try's score changes in words: "tile +7, hexagon +50".
 * @param {LessonItem[]} items
 * @param {number} [seat]
 */
function itemsText(items, seat) {
  return items.filter((i) => seat === undefined || i.player === seat).map((i) => t('reason.' + i.reason) + ' ' + signed(i.points)).join(', ');
}

/**
 * @param {HTMLElement} main
 * @param {LessonSet} set
 * @param {number} index
 * @param {Set<string>} done
 */
export function showLesson(main, set, index, done) {
  const lesson = set.lessons[index];
  const params = textParams(set, lesson);
  const key = (/** @type {string} */ part) => lesson.text + '.' + part;
  main.className = 'learn lesson';
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.id = 'board';
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', t('learn.board'));
  const rack = h('div', { class: 'rack', id: 'rack' });
  const btnRotate = h('button', { type: 'button', id: 'rotate', title: t('game.rotate_help') }, '⟳ ' + t('game.rotate'));
  const btnAnnounce = h('button', { type: 'button', id: 'announce', hidden: true });
  const btnDraw = h('button', { type: 'button', id: 'draw' });
  const btnPass = h('button', { type: 'button', id: 'pass' });
  const hints = h('input', { type: 'checkbox', id: 'hints' });
  const keys = h('p', { class: 'keys small', id: 'keys' }, t('learn.keys'));
  const buttons = { btnDraw, btnPass, btnRotate, btnAnnounce, hints, keys };
  const feedback = h('section', { class: 'feedback', id: 'feedback', 'aria-live': 'polite', hidden: true });
  const players = h('div', { class: 'players', id: 'players' });
  const zoomIn = h('button', { type: 'button', class: 'icon', title: t('game.zoom_in'), 'aria-label': t('game.zoom_in') }, '+');
  const zoomOut = h('button', { type: 'button', class: 'icon', title: t('game.zoom_out'), 'aria-label': t('game.zoom_out') }, '−');
  const zoomFit = h('button', { type: 'button', class: 'icon', title: t('game.zoom_fit'), 'aria-label': t('game.zoom_fit') }, '⤢');
  const rule = lesson.rule ? ruleText(set, lesson.rule) : null;
  const n = set.lessons.length;
  main.append(h('div', { class: 'learngrid' },
    h('section', { class: 'brief', id: 'brief' },
      h('p', { class: 'crumbs small' },
        h('a', { href: '/learn/' + set.preset, 'data-link': '' }, t('learn.all_lessons')), ' · ',
        t('learn.lesson_n', { n: index + 1, total: n }), done.has(lesson.name) ? ' · ✓' : ''),
      h('h1', { id: 'lesson-title' }, t(key('title'))),
      h('p', { class: 'intro', id: 'intro' }, t(key('intro'), params)),
      rule ? h('p', { class: 'rule', id: 'rule' }, h('strong', {}, t('learn.rule', { preset: t('preset.' + set.preset) })), ' ', rule) : null,
      feedback),
    h('section', { class: 'boardwrap' }, svg, h('div', { class: 'zoom' }, zoomIn, zoomOut, zoomFit), players),
    h('section', { class: 'rackbar', id: 'rackbar' },
      rack,
      h('div', { class: 'buttons' }, btnRotate, btnDraw, btnPass),
      h('label', { class: 'hints', hidden: true }, hints),
      keys)));

  // The game screen's state, filled from the lesson: the player is seat 0 and to move.
  const st = S.newState();
  st.hints = false;
  // The game's controls; the arrows step through the lesson's open cells, a placement is a try.
  /** @type {import('../types/wire').Cell[]} */
  const open = lesson.board.length ? lesson.open : [[0, 0]];
  const ctl = tileControls(svg, st, {
    place: (cell, rotation) => attempt(S.playAction(st, cell, rotation)),
    pick,
    turned: () => { renderRack(rack, st, ctl.bindRackTile); ghost(); },
    ghost: () => ghost(),
    canPlay: () => S.myTurn(st) && !busy,
    canDrag: () => S.myTurn(st),
    noTile: () => say('info', t('game.pick_tile')),
    previewed: () => { bad = null; },
    tapAnywhere: true,
    escape: () => { st.sel = null; st.preview = null; renderAll(); },
    spots: () => open,
    enterSkip: 'a, #draw, #pass, #rotate, #feedback',
    zoom: { zoomIn, zoomOut, zoomFit },
  });
  const board = ctl.board;
  btnRotate.addEventListener('click', () => ctl.rotate(1));
  btnDraw.addEventListener('click', () => attempt({ kind: 'draw' }));
  btnPass.addEventListener('click', () => attempt({ kind: 'pass' }));

  let busy = false;
  /** @type {(Extract<import('../types/wire').Action, {kind: 'play'}> & {corner?: number}) | null} the refused placement, drawn in red until the next try */
  let bad = null;
  /** @type {Extract<import('../types/wire').Action, {kind: 'play'}> | null} the answer shown by "Show me", drawn until the player acts */
  let shown = null;

  function reset() {
    // Only the parts the game's views read.
    st.game = /** @type {PublicGame} */ (/** @type {unknown} */ ({ preset: set.preset, options: set.options, seats: lesson.hand_sizes.map((_, i) => ({ kind: i ? 'bot' : 'human', name: seatName(i) })) }));
    st.you = 0;
    st.v = 0;
    st.log = [/** @type {Delta} */ (/** @type {unknown} */ ({ v: 0, events: [{ type: 'round_started' }, ...lesson.board.map((p) => ({ type: 'played', placement: { tile: p.tile, cell: p.cell, rotation: p.rotation }, player: p.player }))] }))];
    // The draw and the pass as the engine offers them to the player (the lesson view's
    // can_draw and can_pass, from its legal actions); the engine judges every try.
    // Only the parts the views read (a lesson has no seats' legal list nor clock).
    st.me = /** @type {Me} */ (/** @type {unknown} */ ({ hand: [...lesson.hand], legal: [], my_turn: true, can_draw: !!lesson.can_draw, can_pass: !!lesson.can_pass, drawn: lesson.drawn }));
    st.status = /** @type {GameStatus} */ (/** @type {unknown} */ ({ phase: 'playing', round: 1, to_move: 0, draws: lesson.draws, pool: lesson.pool, hand_sizes: [...lesson.hand_sizes], totals: [...lesson.totals], winners: [] }));
    st.sel = null; st.rot = 0; st.preview = null; bad = null; shown = null;
    feedback.hidden = true;
    delete feedback.dataset.state;
    feedback.replaceChildren();
    for (const b of [btnDraw, btnPass]) b.classList.remove('shown');
    renderAll();
    board.fit();
  }

  const ghost = () => {
    if (bad) {
      board.setGhost({ tile: bad.tile, cell: bad.cell, rotation: bad.rotation, ok: false });
      if (bad.corner !== undefined) markCorner(board, bad.cell, bad.corner);
      return;
    }
    if (shown && st.sel === shown.tile && st.rot === shown.rotation) {
      board.setGhost({ tile: shown.tile, cell: shown.cell, rotation: shown.rotation, ok: true });
      return;
    }
    renderGhost(board, st);
  };

  /** @param {Set<number>} [fresh] */
  function renderAll(fresh) {
    renderBoard(board, st, fresh || new Set());
    ghost();
    renderRack(rack, st, ctl.bindRackTile);
    renderButtons(buttons, st); // no hint button in a lesson
    // No announce rule and no hints in a lesson: the engine's verdict is the only help.
    btnAnnounce.hidden = true;
    /** @type {HTMLElement} */ (hints.parentElement).hidden = true;
    renderPlayers();
  }

  function renderPlayers() {
    const s = st.status;
    if (!s) return;
    players.replaceChildren(
      ...s.hand_sizes.map((size, i) => h('div', { class: 'player' + (i === 0 ? ' me' : '') + (s.phase === 'playing' && i === 0 ? ' active' : '') + (s.winners.includes(i) ? ' winner' : ''), 'data-seat': i },
        h('span', { class: 'pname' }, seatName(i)),
        h('span', { class: 'count', title: t('game.tiles_in_hand') }, '▲' + size),
        h('span', { class: 'total' }, String(s.totals[i])))),
      h('span', { class: 'pool' }, t('game.pool', { n: s.pool })));
  }

  /** @param {string} tile */
  function pick(tile) {
    st.sel = tile; st.rot = 0; bad = null;
    renderAll();
  }

  /**
   * @param {string} state
   * @param {...(Node | string | null | undefined)} children
   */
  function say(state, ...children) {
    feedback.hidden = false;
    feedback.className = 'feedback ' + state;
    feedback.dataset.state = state;
    feedback.replaceChildren(...children.filter((c) => c !== null && c !== undefined));
  }

  // Sends a try to the engine and shows its verdict.
  /** @param {Action} action */
  async function attempt(action) {
    if (!S.myTurn(st) || busy) return;
    busy = true;
    /** @type {Verdict} */
    let v;
    try {
      v = await api('POST', `/api/learn/${set.preset}/${lesson.name}`, { action });
    } catch (e) {
      busy = false;
      say('wrong', h('p', {}, errorText(e)));
      return;
    }
    busy = false;
    if (v.refusal) refused(action, v.refusal);
    else played(action, v);
  }

  function retryButtons() {
    const retry = h('button', { type: 'button', class: 'primary', id: 'retry' }, t('learn.retry'));
    retry.addEventListener('click', () => { reset(); btnFocus(); });
    const show = h('button', { type: 'button', id: 'showme' }, t('learn.show_me'));
    show.addEventListener('click', () => { reset(); showMe(); });
    return h('p', { class: 'actions' }, retry, show);
  }

  function btnFocus() { const first = rack.querySelector('.racktile'); if (first instanceof HTMLElement) first.focus(); }

  // "Show me": the answer picked and drawn on the board (or its button marked); the player still plays it.
  function showMe() {
    const a = lesson.solution;
    if (a.kind === 'play') {
      st.sel = a.tile; st.rot = a.rotation; st.preview = a.cell; shown = a;
      renderAll();
      say('info', h('p', {}, t('learn.shown_play', { tile: a.tile, move: lesson.solution_notation })));
    } else {
      const b = a.kind === 'draw' ? btnDraw : btnPass;
      b.classList.add('shown');
      say('info', h('p', {}, t('learn.shown_' + a.kind)));
    }
  }

  /**
   * @param {Action} action
   * @param {Refusal} refusal
   */
  function refused(action, refusal) {
    let why;
    const p = refusal.code === 'placement' && refusal.params ? /** @type {import('../types/wire').PlacementError} */ (/** @type {unknown} */ (refusal.params)) : null;
    if (p && p.code === 'corner_mismatch') {
      why = t('learn.corner_mismatch', { expected: p.params.expected, found: p.params.found });
      bad = action.kind === 'play' ? { ...action, corner: p.params.corner } : null;
    } else {
      why = errorText(refusal);
      bad = action.kind === 'play' ? { ...action } : null;
    }
    st.sel = null; st.preview = null;
    renderAll();
    say('wrong', h('h2', {}, t('learn.wrong')), h('p', { class: 'why', id: 'why' }, why), retryButtons());
  }

  /**
   * @param {Action} action
   * @param {Verdict} v
   */
  function played(action, v) {
    const me = st.me, status = st.status;
    if (!me || !status) return;
    // What the engine did: the tile on the board, the drawn tile in the hand, the scores.
    if (action.kind === 'play') {
      st.log = [...st.log, /** @type {Delta} */ (/** @type {unknown} */ ({ v: 1, events: [{ type: 'played', placement: { tile: action.tile, cell: action.cell, rotation: action.rotation }, player: 0 }] }))];
      me.hand = me.hand.filter((x) => x !== action.tile);
      status.hand_sizes[0] -= 1;
    } else if (action.kind === 'draw' && v.drawn) {
      me.hand = [...me.hand, v.drawn];
      me.drawn = v.drawn;
      status.hand_sizes[0] += 1;
      status.pool -= 1;
    }
    status.totals = v.totals;
    status.winners = v.winners;
    if (v.round_end) status.phase = v.game_over ? 'game_over' : 'round_over';
    me.my_turn = false;
    st.sel = null; st.preview = null;
    renderAll(new Set([1]));
    const own = v.items.filter((i) => ['draw', 'fail', 'tile', 'start', 'bridge', 'bridge_extension', 'hexagon', 'double_hexagon', 'triple_hexagon', 'pass'].includes(i.reason));
    const scored = own.length ? h('p', { class: 'scored', id: 'scored' }, t('learn.scored', { points: signed(v.points), detail: itemsText(own) })) : null;
    const end = v.round_end ? roundEnd(v) : null;
    if (v.solved) {
      markSolved(set.preset, lesson.name);
      done.add(lesson.name);
      const last = index + 1 >= n;
      const next = h('button', { type: 'button', class: 'primary', id: 'next' }, last ? t('learn.finish') : t('learn.next'));
      next.addEventListener('click', () => go(last ? '/learn/' + set.preset : `/learn/${set.preset}/${set.lessons[index + 1].name}`));
      const again = h('button', { type: 'button', id: 'again' }, t('learn.again'));
      again.addEventListener('click', () => reset());
      say('solved', h('h2', {}, t('learn.right')), scored, end, h('p', { class: 'done', id: 'done' }, t(key('done'), { ...params, points: v.points })), h('p', { class: 'actions' }, next, again));
      next.focus();
    } else {
      say('miss', h('h2', {}, t('learn.miss')), scored, end, h('p', { class: 'why', id: 'why' }, t(key('miss'), params)), retryButtons());
    }
  }

  // The end of the round: every hand shown, what each seat scored, who won the game.
  /** @param {Verdict} v */
  function roundEnd(v) {
    const box = h('div', { class: 'roundend', id: 'roundend' });
    box.append(h('p', {}, h('strong', {}, t(v.round_end === 'out' ? 'learn.round_out' : 'learn.round_blocked'))));
    const rows = (v.hands || []).map((hand, i) => h('tr', {},
      h('th', {}, seatName(i)),
      h('td', {}, hand.length ? hand.map((tl) => tileIcon(tl, 0, 'mini')) : '—'),
      h('td', {}, itemsText(v.items.filter((x) => ['out', 'opponents_hands', 'own_hand', 'blocked_win'].includes(x.reason)), i) || '±0'),
      h('td', { class: 'total' }, String(v.totals[i]))));
    box.append(h('table', { class: 'summarytable' }, h('tbody', {}, ...rows)));
    if (v.game_over) box.append(h('p', { class: 'winners' }, t('learn.game_won_by', { names: v.winners.map(seatName).join(', ') })));
    return box;
  }

  reset();
  return () => ctl.close();
}

/**
 * Circles the corner `k` of a cell (the one that disagrees) on the board.
 * @param {import('../board.js').Board} board
 * @param {import('../types/wire').Cell} cell
 * @param {number} k
 */
function markCorner(board, cell, k) {
  const [x, y] = xy(corners(cell[0], cell[1])[k]);
  el('circle', { cx: x, cy: y, r: 22, class: 'badcorner', 'data-corner': k }, board.gGhost);
}
