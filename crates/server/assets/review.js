// The review of a finished game (/review/ID?seat=N): every decision of one player with the
// bot's preferred move and what the difference cost, walked through on the board like the
// replay (the same frames, the same board drawing), the moves that cost most marked, an SVG
// chart of the estimated margin, and a summary (points lost per round, biggest mistakes).
// @ts-check
import { t, errorText, assetUrl, moveWords } from './i18n.js';
import { Board, drawTile, el } from './board.js';
import { h, go } from './dom.js';
import { placementsOf } from './game/state.js';
import { seatName, handRow } from './game/sheet.js';
import { reasonText } from './reasons.js';
import { savePersonal, personalPuzzle } from './puzzles/store.js';

/** @typedef {import('./types/wire').Replay} Replay */
/** @typedef {import('./types/wire').GameReview} GameReview */
/** @typedef {import('./types/wire').Action} Action */
/**
 * One decision of a review (triominos_bots::review `Decision`, what `triominos review
 * --json` prints; wire.d.ts has the review as `unknown`): the fields this page reads.
 * @typedef {object} Decision
 * @property {number} round
 * @property {number} step
 * @property {Action} played
 * @property {Action} best
 * @property {{notation: string, spot: {side: string, next_to: string} | null} | null} [played_name] the move played in the notation
 * @property {{notation: string, spot: {side: string, next_to: string} | null} | null} [best_name] the better move in the notation
 * @property {number} played_value
 * @property {number} best_value
 * @property {number} loss
 * @property {number} estimated_loss
 * @property {number} se
 * @property {boolean} as_good
 * @property {'spot' | 'turn' | 'announce' | string} [differs]
 * @property {Array<{side: string, code: string, params?: unknown}>} reasons the contrasts, worded by reasons.js
 * @property {{action: Action}[]} candidates
 * @property {boolean} forced
 * @property {'mistake' | 'blunder'} [severity]
 */
/**
 * A review (triominos_bots::review `Review`): the fields this page reads.
 * @typedef {object} ReviewBody
 * @property {Decision[]} decisions
 * @property {{decisions: number, average_loss: number, mistakes: number, blunders: number, rounds: {round: number, decisions: number, loss: number}[]}} totals
 */
/** `GET /api/games/ID/review`, its review typed. @typedef {Omit<GameReview, 'review'> & {review: ReviewBody}} Reviewed */

// The thresholds of triominos_bots::review (MISTAKE, BLUNDER), shown in the legend.
const MISTAKE = 10;
const BLUNDER = 25;

function ensureCss() {
  if (document.getElementById('reviewcss')) return;
  document.head.append(h('link', { rel: 'stylesheet', href: assetUrl('review.css'), id: 'reviewcss' }));
}

/** A number of points with one decimal, in the page's language. @param {number} x */
function pts(x) {
  return new Intl.NumberFormat(document.documentElement.lang || 'en', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(x);
}
/** @param {number} x */
function signedPts(x) { return (x > 0 ? '+' : x < 0 ? '−' : '±') + pts(Math.abs(x)); }

/**
 * An action ({kind, tile, ...}) in words; `full`: with its spot in words; `name`: its name as
 * the server sends it ({notation, spot}: the move notation written on the board the player
 * faced), when known. Never a cell nor a turn number.
 * @param {Action} a
 * @param {boolean} full
 * @param {{notation: string, spot: {side: string, next_to: string} | null} | null} [name]
 */
export function actionWords(a, full, name) {
  if (a.kind === 'play' && name) return full ? moveWords(name, a.tile) : t('review.action.play_move', { move: name.notation, tile: a.tile });
  if (a.kind === 'play') return t('review.action.play', { tile: a.tile });
  return t('review.action.' + a.kind);
}

/** Whether two actions of a decision need their spot and turn to be told apart (the same tile). @param {Decision} d */
function needsSpot(d) { return d.differs === 'spot' || d.differs === 'turn' || d.differs === 'announce'; }

/** What differs between the played and the better move of the same tile, in words (or ''). @param {Decision} d */
function differsText(d) { return needsSpot(d) ? t('review.differs.' + d.differs) : ''; }

/**
 * Whether two actions are the same.
 * @param {{kind: string, tile?: string, cell?: import('./types/wire').Cell, rotation?: number}} a an Action
 * @param {{kind: string, tile?: string, cell?: import('./types/wire').Cell, rotation?: number}} b an Action
 */
function same(a, b) {
  return a.kind === b.kind && (a.kind !== 'play' || (a.tile === b.tile && String(a.cell) === String(b.cell) && a.rotation === b.rotation));
}

/** @param {Decision} d */
function severityText(d) {
  if (d.severity) return t('review.' + d.severity);
  if (d.forced) return t('review.forced_short');
  return '';
}

/**
 * @param {HTMLElement} main
 * @param {string} id
 */
export async function showReview(main, id) {
  ensureCss();
  main.className = 'review';
  const params = new URLSearchParams(location.search);
  const seat = Number(params.get('seat') || 0);
  const status = h('p', { class: 'reviewstatus', role: 'status', 'aria-live': 'polite' }, t('review.loading'));
  main.append(h('h1', {}, t('review.title')), status);
  const query = new URLSearchParams({ seat: String(seat) });
  for (const k of ['iterations', 'samples']) {
    const v = params.get(k);
    if (v) query.set(k, v);
  }
  const [rr, vr] = await Promise.all([fetch(`/api/games/${id}/replay`), fetch(`/api/games/${id}/review?${query}`)]);
  const replay = await rr.json().catch(() => ({ code: 'unknown' }));
  const review = await vr.json().catch(() => ({ code: 'unknown' }));
  if (!rr.ok || !vr.ok) {
    status.className = 'error';
    status.setAttribute('role', 'alert');
    status.textContent = errorText(!vr.ok ? review : replay);
    return null;
  }
  status.remove();
  // A mistake or a blunder kept as a personal puzzle ("find the better move"), built by the
  // server from what the player saw, with the review's own budget.
  /**
   * @param {Decision} d
   * @param {number} k
   */
  const onSave = (d, k) => {
    const pid = `pp-${id}-${seat}-${d.round}-${d.step}`;
    const b = h('button', { type: 'button', class: 'small', id: 'savepuzzle' }, personalPuzzle(pid) ? '✓ ' + t('review.saved_puzzle') : t('review.save_puzzle'));
    b.disabled = !!personalPuzzle(pid);
    b.addEventListener('click', async () => {
      b.disabled = true;
      const q = new URLSearchParams(query);
      q.set('k', String(k));
      const r = await fetch(`/api/games/${id}/puzzle?${q}`);
      const p = await r.json().catch(() => ({ code: 'unknown' }));
      if (!r.ok) { b.disabled = false; b.textContent = errorText(p); return; }
      const d0 = new Date();
      savePersonal(p, `${d0.getFullYear()}-${String(d0.getMonth() + 1).padStart(2, '0')}-${String(d0.getDate()).padStart(2, '0')}`);
      b.textContent = '✓ ' + t('review.saved_puzzle');
      link.hidden = false;
    });
    const link = h('a', { href: '/puzzles/' + pid, 'data-link': '', id: 'openpuzzle', hidden: !personalPuzzle(pid) }, t('puzzles.mine'));
    return h('p', {}, b, ' ', link);
  };
  return viewer(main, id, replay, review, { onSave });
}

/**
 * @param {HTMLElement} main
 * @param {string} id
 * @param {Replay} replay
 * @param {Reviewed} data
 * @param {{onSave?: (d: Decision, k: number) => HTMLElement}} opts
 */
function viewer(main, id, replay, data, opts) {
  const { game, frames } = replay;
  const { seat, review } = data;
  const before = data.frames;
  const ds = review.decisions;
  // Each decision's moves as people read them (the notation, by the server's one writer).
  /** @param {number} j */
  const movesOf = (j) => ({ played: ds[j].played_name, best: ds[j].best_name });
  const name = seatName(game, seat);
  let k = 0;
  let showBest = false;

  // Whose review: every seat of the game.
  const picker = h('select', { id: 'reviewseat' }, ...game.seats.map((_, i) => h('option', { value: String(i), selected: i === seat }, seatName(game, i))));
  picker.addEventListener('change', () => go(`/review/${id}?seat=${picker.value}`));
  const pick = h('p', { class: 'reviewpick' }, h('label', { for: 'reviewseat' }, t('review.player')), ' ', picker, ' ',
    h('a', { href: '/replay/' + id, 'data-link': '', class: 'button small' }, t('games.replay')));

  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.id = 'board';
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', t('game.board_label'));
  const board = new Board(svg, {});

  /** @param {string} txt @param {string} title @param {() => void} f @param {import('./dom.js').Attrs} [attrs] */
  const mk = (txt, title, f, attrs) => { const b = h('button', { type: 'button', title, 'aria-label': title, ...(attrs || {}) }, txt); b.addEventListener('click', f); return b; };
  const marked = ds.map((d, i) => (d.severity ? i : -1)).filter((i) => i >= 0);
  const prevMistake = mk(t('review.prev_mistake'), t('review.prev_mistake'), () => { const j = [...marked].reverse().find((i) => i < k); if (j !== undefined) goTo(j); }, { id: 'prevmistake' });
  const nextMistake = mk(t('review.next_mistake'), t('review.next_mistake'), () => { const j = marked.find((i) => i > k); if (j !== undefined) goTo(j); }, { id: 'nextmistake' });
  const controls = h('div', { class: 'controls' },
    mk('«', t('replay.first'), () => goTo(0)), mk('‹', t('replay.prev'), () => goTo(k - 1), { id: 'reviewprev' }),
    mk('›', t('replay.next'), () => goTo(k + 1), { id: 'reviewnext' }), mk('»', t('replay.last'), () => goTo(ds.length - 1)),
    prevMistake, nextMistake);
  const showPlayed = mk(t('review.show_played'), t('review.show_played'), () => { showBest = false; draw(); }, { id: 'showplayed', class: 'toggle' });
  const showBestB = mk(t('review.show_best'), t('review.show_best'), () => { showBest = true; draw(); }, { id: 'showbest', class: 'toggle' });
  const views = h('div', { class: 'controls views', role: 'group', 'aria-label': t('review.view') }, showPlayed, showBestB);
  const card = h('div', { class: 'decision', id: 'decision', 'aria-live': 'polite' });
  const bestNote = h('p', { class: 'bestnote', id: 'bestnote', hidden: true });
  // Mistakes and blunders can be kept as "find the better move" puzzles (assets/puzzles).
  const savePuzzle = (/** @type {Decision} */ d) => (d.severity && !d.forced && opts.onSave ? opts.onSave(d, k) : null);
  const hand = h('div', { class: 'hands' });

  const chartBox = h('figure', { class: 'chart' });
  const list = decisionTable();
  const summary = summaryBox();

  main.append(
    h('p', { class: 'small intro' }, t('review.intro', { name })),
    pick,
    h('div', { class: 'replaygrid reviewgrid' },
      h('section', { class: 'boardwrap' }, svg),
      h('section', { class: 'replayside' }, controls, views, card, hand, chartBox, summary)),
    // In a box of its own that scrolls sideways when the screen is narrower than the table.
    h('h2', {}, t('review.moves')), h('div', { class: 'tablebox' }, list));

  if (!ds.length) {
    card.textContent = t('review.no_decisions', { name });
    board.setTiles(placementsOf(frames, new Set()));
    board.fit();
    return null;
  }

  function draw() {
    const d = ds[k];
    const f = before[k];
    // The bot's choice differs: its tile where it would have gone, or for a draw or a
    // pass, the board before the move with a word under it.
    const canBest = !same(d.best, d.played);
    if (!canBest) showBest = false;
    bestNote.hidden = !(showBest && d.best.kind !== 'play');
    bestNote.textContent = d.best.kind !== 'play' ? t('review.best_' + d.best.kind) : '';
    showBestB.disabled = !canBest;
    showPlayed.setAttribute('aria-pressed', String(!showBest));
    showBestB.setAttribute('aria-pressed', String(showBest));
    // The played move: the position after it, its tile marked as the last one. The bot's
    // choice: the position before, with the bot's tile shown where it would have gone.
    const upto = frames.slice(0, (showBest ? f : f + 1) + 1);
    const tiles = placementsOf(upto, new Set());
    if (showBest) for (const p of tiles) p.last = false;
    board.setTiles(tiles);
    board.gGhost.replaceChildren();
    if (showBest && d.best.kind === 'play') {
      drawTile(board.gGhost, d.best.tile, d.best.cell[0], d.best.cell[1], d.best.rotation, 'ghost ok best');
      // Framed with the tiles.
      board.placed = [...tiles, { tile: d.best.tile, cell: d.best.cell, rotation: d.best.rotation }];
      board.fit();
      board.placed = tiles;
    } else board.fit();
  }

  /** @param {number} j */
  function goTo(j) {
    k = Math.max(0, Math.min(ds.length - 1, j));
    showBest = false;
    const d = ds[k];
    const f = frames[before[k]];
    const agree = same(d.best, d.played);
    const cls = d.severity ? ' ' + d.severity : '';
    const nameOf = (/** @type {number} */ s) => seatName(game, s);
    const full = needsSpot(d);
    // The judge's top candidate (the best value), charged or not.
    const top = d.candidates && d.candidates.length ? d.candidates[0].action : d.best;
    card.className = 'decision' + cls;
    card.replaceChildren(...[
      h('p', { class: 'steplabel', id: 'steplabel' }, t('review.move_of', { n: k + 1, total: ds.length, round: d.round })),
      h('p', {}, h('strong', {}, t('review.played') + ' '), h('span', { id: 'reviewplayed' }, actionWords(d.played, full, movesOf(k).played)), ' ', h('span', { class: 'value' }, t('review.margin', { points: signedPts(d.played_value) }))),
      agree
        ? h('p', { class: 'agree' }, d.forced ? t('review.forced') : t('review.same'))
        : h('p', {}, h('strong', {}, t('review.best') + ' '), h('span', { id: 'reviewbest' }, actionWords(d.best, full, movesOf(k).best)), ' ', h('span', { class: 'value' }, t('review.margin', { points: signedPts(d.best_value) }))),
      full ? h('p', { class: 'differs', id: 'reviewdiffers' }, differsText(d)) : null,
      d.as_good ? h('p', { class: 'asgood', id: 'reviewasgood' }, t('review.as_good', { best: actionWords(top, top.kind === 'play' && d.played.kind === 'play' && top.tile === d.played.tile, same(top, d.best) ? d.best_name : same(top, d.played) ? d.played_name : null), points: pts(d.estimated_loss), se: pts(d.se) })) : null,
      h('p', { class: 'loss' + cls, id: 'reviewloss' }, d.loss > 0 ? t('review.loss_se', { points: pts(d.loss), se: pts(d.se) }) : t('review.loss', { points: pts(d.loss) }), d.severity ? h('span', { class: 'badge' + cls }, severityText(d)) : null),
      d.reasons && d.reasons.length
        ? h('ul', { class: 'reasons', id: 'reviewreasons', 'aria-label': t('review.why') }, ...d.reasons.map((r) => h('li', { class: 'reason ' + r.side, 'data-code': r.code }, h('strong', {}, t('review.side.' + r.side) + ' '), reasonText(r, nameOf))))
        : null,
      bestNote,
      savePuzzle(d),
    ].flatMap((x) => (x ? [x] : [])));
    hand.replaceChildren(h('div', { class: 'handline' }, h('strong', {}, name), ' ', h('span', { class: 'total' }, String(f.status.totals[seat])), handRow(f.hands[seat])));
    for (const row of list.querySelectorAll('tr[data-k]')) {
      if (!(row instanceof HTMLElement)) continue;
      const on = Number(row.dataset.k) === k;
      row.classList.toggle('current', on);
      if (on) row.setAttribute('aria-current', 'true'); else row.removeAttribute('aria-current');
    }
    chart();
    draw();
  }

  // The estimated margin after each decision (played: a line; the bot's choice: dashed),
  // the rounds apart, the mistakes and blunders marked, the current decision ringed.
  function chart() {
    const W = 600, H = 170, L = 40, R = 8, T = 10, B = 22;
    const vals = ds.flatMap((d) => [d.played_value, d.best_value]);
    let lo = Math.min(0, ...vals), hi = Math.max(0, ...vals);
    if (hi - lo < 20) { hi += 10; lo -= 10; }
    const x = (/** @type {number} */ i) => L + (ds.length === 1 ? (W - L - R) / 2 : (i * (W - L - R)) / (ds.length - 1));
    const y = (/** @type {number} */ v) => T + ((hi - v) * (H - T - B)) / (hi - lo);
    const s = el('svg', { viewBox: `0 0 ${W} ${H}`, class: 'marginchart', role: 'img', 'aria-labelledby': 'charttitle chartdesc' });
    el('title', { id: 'charttitle' }, s).textContent = t('review.chart');
    el('desc', { id: 'chartdesc' }, s).textContent = t('review.chart_label', { name });
    el('line', { x1: L, x2: W - R, y1: y(0), y2: y(0), class: 'zero' }, s);
    for (const v of [hi, 0, lo]) {
      const lab = el('text', { x: L - 4, y: y(v) + 4, class: 'axis' }, s);
      lab.textContent = String(Math.round(v));
    }
    ds.forEach((d, i) => {
      if (i > 0 && d.round !== ds[i - 1].round) {
        el('line', { x1: (x(i - 1) + x(i)) / 2, x2: (x(i - 1) + x(i)) / 2, y1: T, y2: H - B, class: 'roundline' }, s);
        el('text', { x: (x(i - 1) + x(i)) / 2 + 3, y: H - 6, class: 'axis start' }, s).textContent = t('review.round_short', { round: d.round });
      }
    });
    const path = (/** @type {'played_value' | 'best_value'} */ key) => ds.map((d, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(d[key]).toFixed(1)}`).join(' ');
    el('path', { d: path('played_value'), class: 'playedline' }, s);
    // The bot's choice, dashed from the move played up to its value, where it was worth more
    // (elsewhere it is the move played, under the line).
    let dashed = 0;
    ds.forEach((d, i) => {
      if (d.best_value - d.played_value < 0.05) return;
      el('line', { x1: x(i), x2: x(i), y1: y(d.played_value), y2: y(d.best_value), class: 'bestline' }, s);
      dashed += 1;
    });
    ds.forEach((d, i) => {
      if (d.severity) el('circle', { cx: x(i), cy: y(d.played_value), r: d.severity === 'blunder' ? 5 : 3.5, class: 'dot ' + d.severity }, s);
    });
    el('line', { x1: x(k), x2: x(k), y1: T, y2: H - B, class: 'now' }, s);
    el('circle', { cx: x(k), cy: y(ds[k].played_value), r: 6, class: 'nowdot' }, s);
    // A click on the chart goes to the nearest decision.
    s.addEventListener('click', (e) => {
      const r = s.getBoundingClientRect();
      const px = ((e.clientX - r.left) / r.width) * W;
      const i = Math.round(((px - L) / (W - L - R)) * (ds.length - 1));
      goTo(i);
    });
    chartBox.replaceChildren(s, h('figcaption', { class: 'small', id: 'chartlegend' }, t('review.chart_legend') + (dashed ? ' ' + t('review.chart_legend_best') : '')));
  }

  function decisionTable() {
    const tbody = h('tbody', {});
    ds.forEach((d, i) => {
      const b = h('button', { type: 'button', class: 'linklike' }, String(i + 1));
      b.addEventListener('click', () => { goTo(i); svg.scrollIntoView({ block: 'nearest' }); });
      tbody.append(h('tr', { 'data-k': String(i), class: d.severity || '' },
        h('td', {}, b), h('td', {}, String(d.round)), h('td', {}, actionWords(d.played, needsSpot(d), movesOf(i).played)),
        h('td', {}, same(d.best, d.played) ? (d.as_good ? t('review.as_good_short') : '=') : actionWords(d.best, needsSpot(d), movesOf(i).best)),
        h('td', { class: 'num' }, pts(d.loss)), h('td', {}, severityText(d))));
    });
    return h('table', { class: 'reviewlist' },
      h('thead', {}, h('tr', {}, ...['col.move', 'col.round', 'col.played', 'col.best', 'col.loss', 'col.mark'].map((c) => h('th', { scope: 'col' }, t('review.' + c))))),
      tbody);
  }

  function summaryBox() {
    const tt = review.totals;
    const box = h('section', { class: 'reviewsummary', 'aria-labelledby': 'summarytitle' }, h('h2', { id: 'summarytitle' }, t('review.summary')));
    box.append(h('p', { id: 'reviewaverage' }, t('review.average', { points: pts(tt.average_loss), n: tt.decisions })),
      h('p', {}, t('review.counts', { m: tt.mistakes, b: tt.blunders })),
      h('h3', {}, t('review.per_round')),
      h('ul', { class: 'perround' }, ...tt.rounds.map((r) => h('li', {}, t('review.round_loss', { round: r.round, points: pts(r.loss), n: r.decisions })))));
    const big = ds.map((d, i) => /** @type {[Decision, number]} */ ([d, i])).filter(([d]) => d.loss >= 1).sort((a, b) => b[0].loss - a[0].loss).slice(0, 5);
    box.append(h('h3', {}, t('review.biggest')));
    if (!big.length) box.append(h('p', {}, t('review.none')));
    else {
      box.append(h('ol', { class: 'biggest' }, ...big.map(([d, i]) => {
        const b = h('button', { type: 'button', class: 'linklike' }, t('review.biggest_item', { n: i + 1, round: d.round, played: actionWords(d.played, needsSpot(d), movesOf(i).played), best: actionWords(d.best, needsSpot(d), movesOf(i).best), points: pts(d.loss) }));
        b.addEventListener('click', () => goTo(i));
        return h('li', { class: d.severity || '' }, b, d.severity ? ' ' : null, d.severity ? h('span', { class: 'badge ' + d.severity }, severityText(d)) : null);
      })));
    }
    box.append(h('p', { class: 'small' }, t('review.thresholds', { mistake: MISTAKE, blunder: BLUNDER })));
    return box;
  }

  const onKey = (/** @type {KeyboardEvent} */ e) => {
    if (e.target instanceof Element && (e.target.tagName === 'SELECT' || e.target.tagName === 'INPUT')) return;
    if (e.key === 'ArrowRight') goTo(k + 1);
    else if (e.key === 'ArrowLeft') goTo(k - 1);
    else if (e.key === 'Home') goTo(0);
    else if (e.key === 'End') goTo(ds.length - 1);
  };
  document.addEventListener('keydown', onKey);
  goTo(0);
  return () => document.removeEventListener('keydown', onKey);
}
