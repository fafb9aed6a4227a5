// @ts-check
// The game screen's parts drawn from the state: the board's tiles, marks and ghost, the
// rack, the buttons, the turn line, the players, the round and game-over dialog, and the
// passing messages for what others did. Input is wired by game.js.
import { t, spotWords } from '../i18n.js';
import { h, signed } from '../dom.js';
import { tileIcon } from '../board.js';
import { placementsOf, opt, myTurn, legalFor, effective, occupied, announceRule, touchesTable, hintsOn } from './state.js';
import { seatName, roundSummary } from './sheet.js';
import { countTo, settleCounts } from './fx.js';
import { reasonText } from '../reasons.js';

/**
 * The picked tile drawn where it would go (the pointer's spot, else a suggested play's),
 * turned as on the rack (or nothing). With the
 * hints on it says whether it fits there, this way or another (then: rotate), or not at
 * all; with the hints off it says nothing (the server judges the play).
 * @param {import('../board.js').Board} board
 * @param {import('./state.js').GameState} st
 */
export function renderGhost(board, st) {
  let cell = st.preview || st.hover;
  // A suggested play shows on its spot, unless the pointer is on a spot next to the table.
  const hinted = hintedPlay(st);
  if (hinted && st.sel === hinted.tile && (!cell || !touchesTable(st, cell))) cell = hinted.cell;
  if (!st.sel || !cell || !myTurn(st) || occupied(st, cell)) { board.setGhost(null); return; }
  const eff = effective(st, cell);
  const base = { tile: st.sel, cell, rotation: st.rot };
  if (!st.hints) { board.setGhost({ ...base, style: 'plain' }); return; }
  if (!eff.ok) {
    // Far from every tile there is nothing to say; next to the table, say why it does not go.
    if (!eff.here.length && !touchesTable(st, cell)) { board.setGhost(null); return; }
    board.setGhost({ ...base, style: 'bad', note: t(eff.here.length ? 'game.fits_turned' : 'game.fits_nowhere') });
    return;
  }
  // A spot that forms a figure under the announce rule says what announcing would score.
  const note = typeof eff.announced === 'number' ? t('game.if_announced', { points: signed(eff.announced) }) : null;
  board.setGhost({ ...base, style: 'ok', points: eff.points, note });
}

/**
 * The placed tiles (those of the `fresh` versions animated), the marks of legal cells, the ghost.
 * @param {import('../board.js').Board} board
 * @param {import('./state.js').GameState} st
 * @param {Set<number>} [fresh] the versions just played
 */
export function renderBoard(board, st, fresh) {
  board.setTiles(placementsOf(st.log, fresh));
  /** @type {Array<{cell: [number, number], kind: string}>} */
  const marks = [];
  if (myTurn(st) && st.hints && st.me) {
    const seen = new Set();
    const list = st.sel ? legalFor(st, st.sel) : st.me.legal;
    for (const p of list) {
      const k = p.cell.join();
      if (seen.has(k)) continue;
      seen.add(k);
      marks.push({ cell: p.cell, kind: st.sel ? 'legal' : 'cand' });
    }
  }
  // An empty table: the first tile's spot, its centre, whatever the hints box says (the
  // rule says where it goes; a lesson about the opening has nothing else to show it).
  if (myTurn(st) && !placementsOf(st.log).length && !marks.some((m) => m.cell[0] === 0 && m.cell[1] === 0)) marks.push({ cell: [0, 0], kind: 'centre' });
  // The spot of a suggested move (whatever the hints box says).
  const hinted = hintedPlay(st);
  if (hinted) marks.push({ cell: hinted.cell, kind: 'hint' });
  board.setMarks(marks);
  renderGhost(board, st);
}

/**
 * The rack: a button per tile of the hand; `bind(button, tile)` wires its input. Keyboard
 * focus stays in the rack across redraws: on the same tile, else (the tile was played) on
 * the one that took its place.
 * @param {HTMLElement} rack
 * @param {import('./state.js').GameState} st
 * @param {(button: HTMLButtonElement, tile: string) => void} bind
 */
export function renderRack(rack, st, bind) {
  const active = document.activeElement;
  const near = active && rack.contains(active) ? active.closest('.racktile') : null;
  const focused = near instanceof HTMLElement ? near : null;
  const focusTile = focused ? focused.dataset.tile : null;
  const focusIndex = focused ? [...rack.children].indexOf(focused) : -1;
  rack.replaceChildren();
  if (!st.me) {
    rack.append(h('p', { class: 'small spectating' }, t('game.spectating')));
    return;
  }
  const playable = new Set(st.me.legal.map((p) => p.tile));
  const mine = myTurn(st);
  for (const tile of st.me.hand) {
    const icon = tileIcon(tile, tile === st.sel ? st.rot : 0, '');
    const dim = mine && st.hints && !playable.has(tile);
    const label = tile + (dim ? ' — ' + t('game.no_fit') : '') + (tile === st.me.drawn ? ' — ' + t('game.drawn') : '');
    // Named by a hidden text, not aria-label: the drawn digits are hidden from assistive technology.
    const b = h('button', { type: 'button', class: 'racktile', 'data-tile': tile, 'aria-pressed': tile === st.sel ? 'true' : 'false', title: label }, icon, h('span', { class: 'sr' }, label));
    icon.setAttribute('aria-hidden', 'true');
    if (tile === st.me.drawn) b.classList.add('drawn');
    if (dim) b.classList.add('dim');
    if (hintedTile(st) === tile) b.classList.add('hinted');
    bind(b, tile);
    rack.append(b);
  }
  if (focused) {
    const tiles = [...rack.children].filter((b) => b instanceof HTMLElement);
    const again = tiles.find((b) => b.dataset.tile === focusTile) || rack.children[Math.min(focusIndex, rack.children.length - 1)];
    if (again instanceof HTMLElement) again.focus({ preventScroll: true });
  }
}

/**
 * The draw, pass and rotate buttons (with what a draw or a pass costs), the announce toggle
 * (under the announce rule only, for a seat), the hints box and the keys line.
 * @param {{btnDraw: HTMLButtonElement, btnPass: HTMLButtonElement, btnRotate: HTMLButtonElement, btnAnnounce: HTMLButtonElement, btnHint?: HTMLButtonElement | null, hints: HTMLInputElement, keys: HTMLElement}} buttons
 * @param {import('./state.js').GameState} st
 */
export function renderButtons({ btnDraw, btnPass, btnRotate, btnAnnounce, btnHint, hints, keys }, st) {
  const me = st.me;
  const rackbar = document.getElementById('rackbar');
  if (rackbar) rackbar.classList.toggle('spectator', !me);
  const status = st.status;
  if (!status) return;
  const draws = status.draws;
  const last = draws + 1 >= Number(opt(st, 'max_draws'));
  btnDraw.textContent = last && Number(opt(st, 'fail_penalty')) > 0
    ? t('game.draw_last', { cost: opt(st, 'draw_penalty'), fail: opt(st, 'fail_penalty'), pool: status.pool })
    : t('game.draw', { cost: opt(st, 'draw_penalty'), pool: status.pool });
  const pp = Number(opt(st, 'empty_pool_penalty'));
  btnPass.textContent = pp > 0 ? t('game.pass_cost', { cost: pp }) : t('game.pass');
  btnDraw.disabled = !(me && myTurn(st) && me.can_draw);
  btnPass.disabled = !(me && myTurn(st) && me.can_pass);
  btnRotate.disabled = !(me && st.sel);
  btnDraw.hidden = !me;
  btnPass.hidden = !me;
  btnRotate.hidden = !me;
  // Enabled on every turn of this seat, whatever the tiles: it tells nothing about the spots.
  const rule = announceRule(st);
  btnAnnounce.hidden = !me || !rule;
  btnAnnounce.disabled = !(myTurn(st) && status.phase === 'playing');
  btnAnnounce.setAttribute('aria-pressed', st.announce ? 'true' : 'false');
  keys.textContent = rule && me ? t('game.keys_announce') : t('game.keys');
  if (hints.parentElement) hints.parentElement.hidden = !me;
  if (btnHint) {
    // Suggest a move: in a game with hints on, on this seat's turn, one at a time.
    const asking = st.hintAsked !== null && st.hintAsked !== undefined;
    btnHint.hidden = !hintsOn(st);
    btnHint.disabled = !(myTurn(st) && status.phase === 'playing') || asking;
    // A hint given shows one grade at a time (the idea, the tile, the spot and turn): the
    // button then shows the next grade, without asking again.
    const more = !!(st.hint && myTurn(st) && hintGrade(st) < 2);
    btnHint.textContent = asking ? t('hint.thinking') : more ? t('hint.more') : '✦ ' + t('hint.button');
    const kind = st.hint && myTurn(st) && hintGrade(st) >= 2 ? st.hint.action.kind : null;
    btnDraw.classList.toggle('hinted', kind === 'draw');
    btnPass.classList.toggle('hinted', kind === 'pass');
  }
}

/**
 * How much of the hint is shown: 0 the idea, 1 the tile, 2 the whole move.
 * @param {import('./state.js').GameState} st
 */
export function hintGrade(st) { return st.hintGrade || 0; }

/**
 * The placement of the move suggested, when it is a play, still this seat's to make and shown whole.
 * @param {import('./state.js').GameState} st
 */
export function hintedPlay(st) {
  return st.hint && myTurn(st) && hintGrade(st) >= 2 && st.hint.action.kind === 'play' ? st.hint.action : null;
}

/**
 * The tile of the move suggested, once the hint shows it.
 * @param {import('./state.js').GameState} st
 */
export function hintedTile(st) {
  return st.hint && myTurn(st) && hintGrade(st) >= 1 && st.hint.action.kind === 'play' ? st.hint.action.tile : null;
}

/**
 * A suggested move in words: {head: what to do and what it scores, why: [reasons]}.
 * @param {import('./state.js').GameState} st
 * @param {import('./state.js').HintMsg} hint
 */
export function hintText(st, hint) {
  const a = hint.action;
  const points = signed(hint.points);
  // A play named in the move notation, as the server names this seat's legal placements.
  const legal = a.kind === 'play' && st.me ? st.me.legal.find((p) => p.tile === a.tile && p.cell[0] === a.cell[0] && p.cell[1] === a.cell[1] && p.rotation === a.rotation) : null;
  const spot = legal && st.me && (st.me.spots || []).find((s) => s.cell[0] === legal.cell[0] && s.cell[1] === legal.cell[1]);
  const move = legal ? legal.notation + (a.kind === 'play' && a.announce ? '!' : '') : null;
  const head = a.kind === 'play'
    ? (move ? t('hint.play_move', { move, tile: a.tile, spot: spot ? spotWords(spot.spot) : t('sr.in_middle'), points }) : t('hint.play', { tile: a.tile, points }))
    : a.kind === 'draw' ? t('hint.draw', { points }) : t('hint.pass', { points });
  const nameOf = (/** @type {number} */ seat) => seatName(st.game, seat, st.you);
  const why = hint.reasons.map((r) => reasonText(r, nameOf));
  const idea = hint.grades ? t('hint.idea', { idea: reasonText(hint.grades.idea, nameOf) }) : why[0];
  return { head, why, idea };
}

/**
 * The move suggested, in words, under the buttons (hidden when there is none): what to do,
 * what it scores and why, and a button that makes it (`onPlay`).
 * @param {HTMLElement} box
 * @param {import('./state.js').GameState} st
 * @param {(action: import('../types/wire').Action) => void} onPlay
 */
export function renderHint(box, st, onPlay) {
  if (!st.hint || !myTurn(st)) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  const hint = st.hint;
  const { head, why, idea } = hintText(st, hint);
  const grade = hintGrade(st);
  const a = hint.action;
  if (grade < 2) {
    // The idea first (no tile named), then the tile; the spot and turn at the last grade.
    const tile = grade >= 1 && a.kind === 'play' ? h('p', { class: 'hinthead', id: 'hint-tile' }, h('strong', {}, t('hint.tile', { tile: a.tile }))) : null;
    box.replaceChildren(h('p', { class: 'hintidea', id: 'hint-idea' }, idea), ...(tile ? [tile] : []));
    box.hidden = false;
    return;
  }
  const play = h('button', { type: 'button', class: 'primary small', id: 'play-hint' }, t('hint.play_it'));
  play.addEventListener('click', () => onPlay(hint.action));
  const same = hint.as_good && hint.as_good.length ? h('p', { class: 'small', id: 'hint-as-good' }, t('hint.as_good', { n: hint.as_good.length })) : null;
  box.replaceChildren(h('p', { class: 'hinthead', id: 'hint-head' }, h('strong', {}, head)), h('p', { class: 'hintwhy', id: 'hint-why' }, why.join(' · ')), ...(same ? [same] : []), play);
  box.hidden = false;
}

/**
 * Whose turn it is and what this seat may do, the pool and the round.
 * @param {HTMLElement} turn
 * @param {import('./state.js').GameState} st
 */
export function renderTurn(turn, st) {
  const s = st.status;
  if (!s) return;
  let text;
  if (s.phase === 'game_over') text = t('game.over');
  else if (s.phase === 'round_over') text = t('game.round_over', { round: s.round });
  else if (myTurn(st) && st.me) {
    const me = st.me;
    if (!placementsOf(st.log).length) text = t('game.opening');
    else if (me.drawn && me.legal.length) text = t('game.drawn_fits', { tile: me.drawn });
    else if (me.legal.length) text = t('game.your_turn');
    else if (me.can_draw) text = t('game.must_draw');
    else if (me.can_pass) text = t('game.must_pass');
    else text = t('game.your_turn');
  } else text = t('game.waiting', { name: seatName(st.game, s.to_move, st.you) });
  turn.replaceChildren(h('span', { class: myTurn(st) ? 'mine' : '' }, text), h('span', { class: 'pool' }, t('game.pool', { n: s.pool })), h('span', { class: 'round' }, t('game.round', { round: s.round })));
}

/**
 * A card per seat: connected or not, tiles in hand, total (counting up to a new one),
 * a crown on the leader(s); the number of spectators.
 * @param {HTMLElement} players
 * @param {import('./state.js').GameState} st
 */
export function renderPlayers(players, st) {
  if (!st.game) return;
  const s = st.status;
  if (!s) return;
  players.replaceChildren();
  const best = Math.max(...s.totals);
  const shown = st.shownTotals || s.totals;
  st.game.seats.forEach((seat, i) => {
    const online = seat.kind === 'bot' || (st.presence && st.presence.seats.includes(i));
    const leads = best > 0 && s.totals[i] === best;
    const total = h('span', { class: 'total' }, String(s.totals[i]));
    const card = h('div', { class: 'player' + (s.phase === 'playing' && s.to_move === i ? ' active' : '') + (i === st.you ? ' me' : '') + (s.winners.includes(i) ? ' winner' : '') + (leads ? ' leader' : ''), 'data-seat': i },
      h('span', { class: 'dot ' + (online ? 'on' : 'off'), title: seat.kind === 'bot' ? t('seat.bot_badge') : online ? t('presence.online') : t('presence.offline') }),
      leads ? h('span', { class: 'crown', title: t('game.leader'), 'aria-label': t('game.leader'), role: 'img' }, '♛') : null,
      h('span', { class: 'pname' }, seatName(st.game, i, st.you)),
      seat.kind === 'bot' ? h('span', { class: 'badge' }, t('seat.bot_badge')) : null,
      (s.stand_in || []).includes(i) ? h('span', { class: 'badge standin-badge' }, t((s.resigned || []).includes(i) ? 'stand_in.resigned_badge' : 'stand_in.badge')) : null,
      h('span', { class: 'count', title: t('game.tiles_in_hand') }, '▲' + s.hand_sizes[i]),
      total);
    players.append(card);
    countTo(total, shown[i] ?? s.totals[i], s.totals[i]);
  });
  st.shownTotals = [...s.totals];
  if (st.presence && st.presence.spectators) players.append(h('span', { class: 'small spectators' }, t('presence.spectators', { n: st.presence.spectators })));
}

/**
 * The dialog at the end of a round or of the game (until closed); `onNextRound` asks for the
 * next, `onClosed` (if given) redraws what closing it changes. A modal dialog: it takes the
 * focus (keeps it while open) and gives it back on closing.
 * @param {HTMLElement} overlay
 * @param {import('./state.js').GameState} st
 * @param {string} id the game's id
 * @param {() => void} onNextRound
 * @param {() => void} [onClosed]
 */
export function renderOverlay(overlay, st, id, onNextRound, onClosed) {
  const s = st.status;
  if (!s || !st.game) return;
  const key = s.phase === 'playing' ? null : `${s.phase}:${s.round}`;
  if (!key || st.closedOverlay === key) {
    const wasOpen = !overlay.classList.contains('hidden');
    overlay.classList.add('hidden');
    overlay.replaceChildren();
    st.overlayFor = null;
    if (wasOpen) {
      // Back where the player was, else on the way back to the dialog.
      const shown = (/** @type {Element | null | undefined} */ el) => !!el && el !== document.body && el.isConnected && !(/** @type {HTMLButtonElement} */ (el).disabled) && el.getClientRects().length > 0;
      const back = [st.overlayReturn, document.getElementById('reopen-overlay'), document.querySelector('#rack .racktile')].find(shown);
      if (back) /** @type {HTMLElement} */ (back).focus({ preventScroll: true });
    }
    return;
  }
  if (st.overlayFor === key) return;
  st.overlayFor = key;
  // The bar behind shows the dialog's totals from the first instant, not a count catching up.
  settleCounts();
  if (!overlay.contains(document.activeElement)) st.overlayReturn = document.activeElement;
  overlay.replaceChildren();
  const box = h('div', { class: 'dialog', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'overlay-title' });
  const close = h('button', { type: 'button', id: 'close-overlay' }, t('over.look'));
  close.addEventListener('click', () => {
    st.closedOverlay = key;
    if (onClosed) onClosed();
    else renderOverlay(overlay, st, id, onNextRound);
  });
  let first = null;
  if (s.phase === 'game_over') {
    const names = s.winners.map((w) => seatName(st.game, w, st.you)).join(', ');
    box.append(h('h2', { class: 'gameover', id: 'overlay-title' }, t('over.title')), h('p', { class: 'winners' }, t(s.winners.length > 1 ? 'over.winners' : 'over.winner', { names })));
    // Every resignation, not only the one that ended the game.
    const quit = s.resigned || [];
    if (quit.length) {
      const who = new Intl.ListFormat(document.documentElement.lang || 'en', { style: 'long', type: 'conjunction' }).format(quit.map((i) => seatName(st.game, i, st.you)));
      box.append(h('p', { class: 'resigned', id: 'over-resigned' }, t('over.resigned', { names: who, n: quit.length })));
    }
    const order = [...st.game.seats.keys()].sort((a, b) => s.totals[b] - s.totals[a]);
    box.append(h('ol', { class: 'final' }, ...order.map((i) => h('li', {}, seatName(st.game, i, st.you), ' — ', h('strong', {}, String(s.totals[i]))))));
    // Replay, Review and "Play again" right under the totals, in sight without scrolling the
    // box (a phone); the last round's summary after them.
    first = h('a', { class: 'button primary', href: '/replay/' + id, 'data-link': '' }, t('over.replay'));
    box.append(h('p', { class: 'actions' },
      first,
      h('a', { class: 'button', href: reviewHref(st, id), 'data-link': '', id: 'over-review' }, t('review.button')),
      h('a', { class: 'button', href: `/api/games/${id}/record.tri`, download: `triominos-${id}.tri` }, t('over.download')),
      h('a', { class: 'button', href: '/new', 'data-link': '' }, t('over.new')), close));
    // "Play again" (filled by game.js from the state: game/together.js).
    box.append(h('p', { class: 'rematch', id: 'rematch-box' }));
    // A game a resignation ended: the last round's summary would tell of another round.
    const resigned = st.log[st.log.length - 1].action.kind === 'resign';
    const summary = resigned ? null : roundSummary(st.log, st.game, st.you);
    if (summary) box.append(summary);
  } else {
    const summary = roundSummary(st.log, st.game, st.you, 'overlay-title');
    if (summary) box.append(summary);
    else box.append(h('h2', { id: 'overlay-title' }, t('game.round_over', { round: s.round })));
    const p = h('p', { class: 'actions' });
    if (st.you !== null && st.you !== undefined) {
      const next = h('button', { type: 'button', class: 'primary', id: 'next-round' }, t('summary.next'));
      next.addEventListener('click', () => { next.disabled = true; onNextRound(); });
      p.append(next);
      first = next;
    } else p.append(h('span', { class: 'small' }, t('summary.waiting')));
    p.append(close);
    box.append(p);
  }
  // Escape closes it; Tab and Shift+Tab go round its buttons and links.
  box.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); close.click(); return; }
    if (e.key !== 'Tab') return;
    const items = [...box.querySelectorAll('a[href], button:not([disabled])')].filter((x) => x instanceof HTMLElement);
    if (!items.length) return;
    const at = items.findIndex((x) => x === document.activeElement);
    if (e.shiftKey && at <= 0) { e.preventDefault(); items[items.length - 1].focus(); }
    else if (!e.shiftKey && at === items.length - 1) { e.preventDefault(); items[0].focus(); }
  });
  overlay.append(box);
  overlay.classList.remove('hidden');
  (first || close).focus({ preventScroll: true });
}

/**
 * The way on once the dialog is closed: at the end of a round, the next round and the
 * summary again; at the end of the game, the results, the replay and the record.
 * @param {HTMLElement} bar
 * @param {import('./state.js').GameState} st
 * @param {string} id the game's id
 * @param {{onReopen: () => void, onNextRound: () => void}} on
 */
export function renderWayOn(bar, st, id, { onReopen, onNextRound }) {
  const s = st.status;
  if (!s) return;
  const key = s.phase === 'playing' ? null : `${s.phase}:${s.round}`;
  if (!key || st.closedOverlay !== key) {
    bar.hidden = true;
    bar.replaceChildren();
    bar.dataset.key = '';
    return;
  }
  if (bar.dataset.key === key) return;
  bar.dataset.key = key;
  const reopen = h('button', { type: 'button', id: 'reopen-overlay' }, t(s.phase === 'game_over' ? 'wayon.results' : 'wayon.summary'));
  reopen.addEventListener('click', onReopen);
  const items = [];
  if (s.phase === 'round_over') {
    if (st.you !== null && st.you !== undefined) {
      const next = h('button', { type: 'button', class: 'primary', id: 'next-round-bar' }, t('summary.next'));
      next.addEventListener('click', () => { next.disabled = true; onNextRound(); });
      items.push(next);
    } else items.push(h('span', { class: 'small' }, t('summary.waiting')));
    items.push(reopen);
  } else {
    items.push(h('span', { class: 'rematch', id: 'rematch-bar' }), reopen,
      h('a', { class: 'button primary', href: '/replay/' + id, 'data-link': '', id: 'wayon-replay' }, t('over.replay')),
      h('a', { class: 'button', href: reviewHref(st, id), 'data-link': '', id: 'wayon-review' }, t('review.button')),
      h('a', { class: 'button', href: `/api/games/${id}/record.tri`, download: `triominos-${id}.tri` }, t('over.download')),
      h('a', { class: 'button', href: '/new', 'data-link': '' }, t('over.new')));
  }
  bar.replaceChildren(h('strong', {}, s.phase === 'game_over' ? t('game.over') : t('game.round_over', { round: s.round })), ...items);
  bar.hidden = false;
}

/**
 * The review of the game, of your own moves (a spectator: the first seat's).
 * @param {import('./state.js').GameState} st
 * @param {string} id
 */
function reviewHref(st, id) { return `/review/${id}?seat=${st.you ?? 0}`; }

/** @param {string} s */
function capital(s) { return s.charAt(0).toUpperCase() + s.slice(1); }

/**
 * The passing messages for new log entries, [text, kind, seat]: the bonuses of a play and
 * those lost unannounced (seat null: they last their time), the reveals at a round's start
 * (seat null), and the draws and passes, which tell of one seat's turn (`seat`): they are
 * said only for the seat that moved last in these entries (an earlier seat's turn is over),
 * and nothing at all when these entries end the round (its dialog tells the whole of it).
 * @param {import('./state.js').GameState} st
 * @param {import('../types/wire').Delta[]} live
 * @returns {Array<[string, string, number | null]>}
 */
export function announcements(st, live) {
  if (live.some((d) => d.events.some((e) => e.type === 'round_ended'))) return [];
  const last = lastMover(live);
  /** @type {Array<[string, string, number | null]>} */
  const out = [];
  for (const d of live) {
    for (const e of d.events) {
      if (e.type === 'played' && (e.bonuses.length || (e.unclaimed && e.unclaimed.length))) {
        for (const b of e.bonuses) out.push([t('bonus.' + b) + ' — ' + seatName(st.game, e.player, st.you), 'bonus', null]);
        for (const b of e.unclaimed || []) out.push([t('game.bonus_lost', { bonus: capital(t('reason.' + b)) }) + ' — ' + seatName(st.game, e.player, st.you), 'lost', null]);
      } else if (e.type === 'revealed') {
        out.push([t('log.revealed', { name: seatName(st.game, e.player, st.you), tile: e.tile }), '', null]);
      } else if (e.type === 'timed_out') {
        out.push([t(e.took ? 'log.timed_out_took' : 'log.timed_out', { name: seatName(st.game, e.player, st.you) }) + ` (${signed(e.points)})`, '', e.player]);
      } else if (!('player' in e) || e.player !== last) {
        continue;
      } else if (e.type === 'drew' && e.player !== st.you) {
        out.push([(e.failed ? t('log.drew_failed', { name: seatName(st.game, e.player) }) : t('log.drew', { name: seatName(st.game, e.player) })) + ` (${signed(e.points)})`, '', e.player]);
      } else if (e.type === 'drew' && e.failed) {
        out.push([t('log.you_failed', { points: signed(e.points) }), 'error', e.player]);
      } else if (e.type === 'passed') {
        out.push([t('log.passed', { name: seatName(st.game, e.player, st.you) }), '', e.player]);
      }
    }
  }
  return out;
}

/**
 * The seat whose move is the last of these log entries (null: none moved).
 * @param {import('../types/wire').Delta[]} live
 * @returns {number | null}
 */
export function lastMover(live) {
  for (let i = live.length - 1; i >= 0; i--) {
    const e = [...live[i].events].reverse().find((x) => x.type === 'played' || x.type === 'drew' || x.type === 'passed' || x.type === 'timed_out');
    if (e) return e.player;
  }
  return null;
}
