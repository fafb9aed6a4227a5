// The game screen's state: what the server said (the game, the log, this seat's private
// view, who is connected) and what the player is doing (the tile picked, its rotation,
// the cell under the pointer, whether the next play announces its bonuses, the move suggested
// when asked and the hints used). Server messages change it here; nothing here draws.
// @ts-check

/** @typedef {import('../types/wire').ServerMsg} ServerMsg */
/** @typedef {import('../types/wire').Delta} Delta */
/** @typedef {import('../types/wire').EventWire} EventWire */
/** @typedef {import('../types/wire').Cell} Cell */
/** @typedef {import('../types/wire').Tile} Tile */
/** @typedef {import('../types/wire').Action} Action */
/** @typedef {import('../types/wire').LegalPlacement} LegalPlacement */
/** @typedef {Extract<ServerMsg, { type: 'hint' }>} HintMsg */

/**
 * The game screen's state (see `newState`).
 * @typedef {object} GameState
 * @property {number} v the last version applied (-1 before the snapshot)
 * @property {import('../types/wire').PublicGame | null} game
 * @property {number | null} you this connection's seat (null: a spectator)
 * @property {Delta[]} log every delta, from the deal
 * @property {import('../types/wire').Me | null} me this seat's private view
 * @property {import('../types/wire').Presence | null} presence
 * @property {import('../types/wire').GameStatus | null} status the last delta's status
 * @property {Tile | null} sel the picked tile
 * @property {number} rot its rotation
 * @property {Cell | null} hover the cell under the pointer
 * @property {Cell | null} preview the cell the tile is shown on
 * @property {boolean} hints whether legal cells are shown
 * @property {boolean} announce whether the next play announces its bonuses
 * @property {string | null} overlayFor the round's dialog shown (`phase:round`)
 * @property {string | null} closedOverlay the round's dialog the player closed (`phase:round`)
 * @property {number} msgId the last message id sent
 * @property {HintMsg | null} hint the move suggested
 * @property {number | null} hintAsked the id of the hint asked for
 * @property {import('../types/wire').HintUse[]} hintsUsed
 * @property {Extract<Action, {kind: 'play'}> | null} [lastPlay] the last play sent (game.js: a refused corner is ringed)
 * @property {number} [hintGrade] how much of the hint is shown: 0 the idea, 1 the tile, 2 the spot and turn
 * @property {import('../types/wire').Clock | null} [clock] the turn clock as last sent
 * @property {number} [clockAt] when it was received (performance.now())
 * @property {{agreed: number[], declined: number | null}} [rematch] who agreed to play again
 * @property {{game: string, link: string}} [rematchOffer] the new game of a rematch, offered to a page back on the old one
 * @property {{asker: number, v: number, agreed: number[]} | null} [takeback] a takeback waiting for answers
 * @property {number[]} [shownTotals] the totals the players' cards show while they count up to new ones
 * @property {Element | null} [overlayReturn] where the focus goes back when the round's dialog closes
 * @property {number} [takebackRefused] the version of the placement whose takeback was refused or lapsed (not asked again)
 */

/**
 * The current round's placements from the log; the last one marked, the given versions fresh.
 * @param {Delta[]} log
 * @param {Set<number>} [freshVs]
 * @returns {Array<import('../types/wire').Placement & {player: number, v: number, fresh?: boolean, last?: boolean}>}
 */
export function placementsOf(log, freshVs) {
  let out = [];
  for (const d of log) {
    for (const e of d.events) {
      if (e.type === 'round_started') out = [];
      if (e.type === 'played') out.push({ ...e.placement, player: e.player, v: d.v, fresh: freshVs && freshVs.has(d.v) });
    }
  }
  if (out.length) out[out.length - 1] = { ...out[out.length - 1], last: true };
  return out;
}

/**
 * The last event of a type in the log, with its log entry: {e, d}, or null.
 * @template {EventWire['type']} K
 * @param {Delta[]} log
 * @param {K} type
 * @returns {{e: Extract<EventWire, {type: K}>, d: Delta} | null}
 */
export function lastEvent(log, type) {
  for (let i = log.length - 1; i >= 0; i--) {
    const evs = log[i].events;
    for (let j = evs.length - 1; j >= 0; j--) {
      const e = evs[j];
      if (e.type === type) return { e: /** @type {Extract<EventWire, {type: K}>} */ (e), d: log[i] };
    }
  }
  return null;
}

/**
 * A fresh state, before the first snapshot. Message ids start at a random number
 * (below 2^52, so they stay exact integers): the server answers an intent whose id
 * this seat already used with its old ack and applies nothing, so ids must not
 * repeat across page loads and tabs.
 * @returns {GameState}
 */
export function newState() {
  const msgId = Math.floor(Math.random() * 2 ** 52);
  return { v: -1, game: null, you: null, log: [], me: null, presence: null, status: null, sel: null, rot: 0, hover: null, preview: null, hints: localStorage.getItem('triominos.hints') !== 'off', announce: false, overlayFor: null, closedOverlay: null, msgId, hint: null, hintAsked: null, hintsUsed: [] };
}

/**
 * Applies one server message. Answers what happened: {kind: 'snapshot'}, {kind: 'update', live}
 * (the new log entries), {kind: 'gap'} (entries are missing: ask for those since st.v),
 * {kind: 'presence'}, {kind: 'error'} (a refusal), {kind: 'hint'} (the move suggested, in
 * `st.hint`, null when the game moved on), {kind: 'hints_used'}, {kind: 'rematch_asked'},
 * {kind: 'rematch', now, link}, {kind: 'reaction'}, {kind: 'takeback', outcome, by, asker}, or null.
 * @param {GameState} st
 * @param {ServerMsg} m
 * @returns {{kind: 'snapshot' | 'gap' | 'presence' | 'hints_used' | 'hint' | 'error' | 'rematch_asked' | 'reaction' | 'cancelled'} | {kind: 'update', live: Delta[]} | {kind: 'rematch', now: boolean, link: string} | {kind: 'takeback', outcome: string, by?: number | null, asker: number} | null}
 */
export function apply(st, m) {
  if (m.type === 'snapshot') {
    st.game = m.game; st.you = m.you; st.log = m.log; st.v = m.v; st.me = m.me; st.presence = m.presence;
    st.status = st.log[st.log.length - 1].status;
    st.hintsUsed = m.hints_used || [];
    st.clock = m.clock || null; st.clockAt = performance.now();
    if (st.hint && st.hint.v !== st.v) st.hint = null;
    if (!myTurn(st)) st.announce = false;
    return { kind: 'snapshot' };
  }
  if (m.type === 'update') {
    const live = [];
    for (const d of m.deltas) {
      if (d.v <= st.v) continue;
      if (d.v !== st.v + 1) return { kind: 'gap' };
      st.log.push(d); st.v = d.v; st.status = d.status; live.push(d);
    }
    if (m.me) st.me = m.me;
    st.clock = m.clock || null; st.clockAt = performance.now();
    // A suggested move is for the moment it was asked at.
    if (st.hint && st.hint.v !== st.v) st.hint = null;
    if (st.sel && st.me && !st.me.hand.includes(st.sel)) st.sel = null;
    // An announce is for one play: once the turn is over (the play made), it is off.
    if (!myTurn(st)) st.announce = false;
    return { kind: 'update', live };
  }
  if (m.type === 'presence') {
    st.presence = m;
    return { kind: 'presence' };
  }
  if (m.type === 'hints_used') {
    st.hintsUsed = m.used || [];
    return { kind: 'hints_used' };
  }
  if (m.type === 'hint') {
    if (m.id !== st.hintAsked) return null;
    st.hintAsked = null;
    // Asked before the last move: it no longer holds.
    st.hint = m.v === st.v ? m : null;
    // Shown one grade at a time, the idea first (game/views.js hintGrade).
    st.hintGrade = 0;
    return { kind: 'hint' };
  }
  if (m.type === 'error' && m.id !== undefined && m.id !== null && m.id === st.hintAsked) {
    st.hintAsked = null;
    return { kind: 'error' };
  }
  if (m.type === 'error') return { kind: 'error' };
  // "Play again": who agreed so far (and who declined); the rematch made (`now`: go there) or,
  // for a page back on the old game, offered (st.rematchOffer).
  if (m.type === 'rematch_asked') {
    st.rematch = { agreed: m.agreed || [], declined: m.declined ?? null };
    return { kind: 'rematch_asked' };
  }
  if (m.type === 'rematch') {
    if (!m.now) st.rematchOffer = { game: m.game, link: m.link };
    return { kind: 'rematch', now: !!m.now, link: m.link };
  }
  if (m.type === 'reaction') return { kind: 'reaction' };
  if (m.type === 'cancelled') return { kind: 'cancelled' };
  // A takeback asked for (st.takeback until it ends: accepted, refused or lapsed).
  if (m.type === 'takeback') {
    st.takeback = m.outcome === 'asked' ? { asker: m.asker, v: m.v, agreed: m.agreed || [] } : null;
    if (m.outcome === 'refused' || m.outcome === 'lapsed') st.takebackRefused = m.v;
    return { kind: 'takeback', outcome: m.outcome, by: m.by ?? null, asker: m.asker };
  }
  return null;
}

/**
 * The game's value of a rule option (its text).
 * @param {GameState} st
 * @param {string} k
 */
export function opt(st, k) { return st.game ? st.game.options[k] : undefined; }

/**
 * Must a bonus be announced to score (the house rule `announce_bonuses`)?
 * @param {GameState} st
 */
export function announceRule(st) { return !!st.game && opt(st, 'announce_bonuses') === 'true'; }

/**
 * Is it this seat's turn (and not the stand-in bot's, playing for it)?
 * @param {GameState} st
 */
export function myTurn(st) { return !!(st.me && st.me.my_turn) && !standIn(st, st.you); }

/**
 * Does the table's stand-in bot play this seat (its time ran out, or it resigned)?
 * @param {GameState} st
 * @param {number | null} seat
 */
export function standIn(st, seat) { return !!(st.status && st.status.stand_in && seat !== null && st.status.stand_in.includes(seat)); }

/**
 * The legal placements of a tile (none with the hints off).
 * @param {GameState} st
 * @param {Tile | null} tile
 * @returns {LegalPlacement[]}
 */
export function legalFor(st, tile) { return st.me && st.hints ? st.me.legal.filter((p) => p.tile === tile) : []; }

/**
 * @param {GameState} st
 * @param {Tile | null} tile
 * @param {Cell | null} cell
 */
function legalAt(st, tile, cell) {
  return cell ? legalFor(st, tile).filter((p) => p.cell[0] === cell[0] && p.cell[1] === cell[1]) : [];
}

/**
 * How the picked tile, turned as it is (`st.rot`), would go on a cell: {rotation, ok, points,
 * here (the legal placements there, any rotation)}; `points` as the play would be sent
 * (announced or not), and under the announce rule, unannounced, `announced`: what announcing
 * would score instead (when that is more). `ok` is false when this rotation does not fit
 * there, even if another one does (`here` then lists those).
 * @param {GameState} st
 * @param {Cell | null} cell
 * @returns {{rotation: number, ok: boolean, points?: number, announced?: number | null, here: LegalPlacement[]}}
 */
export function effective(st, cell) {
  const here = legalAt(st, st.sel, cell);
  const p = here.find((x) => x.rotation === st.rot);
  if (!p) return { rotation: st.rot, ok: false, here };
  const claim = st.announce || !announceRule(st);
  const points = claim ? p.points : p.unannounced;
  const announced = !claim && p.points !== p.unannounced ? p.points : null;
  return { rotation: p.rotation, ok: true, points, announced, here };
}

/**
 * Turns the picked tile to a rotation that fits on `cell` when the one it has does not
 * and another does (the hints on): the rack and the board then show the same tile.
 * Answers whether the rotation changed.
 * @param {GameState} st
 * @param {Cell | null} cell
 */
export function snapRotation(st, cell) {
  if (!st.sel || !cell) return false;
  const here = legalAt(st, st.sel, cell);
  if (!here.length || here.some((x) => x.rotation === st.rot)) return false;
  st.rot = here[0].rotation;
  return true;
}

/**
 * Does a cell share a side with a placed tile of this round?
 * @param {GameState} st
 * @param {Cell} cell
 */
export function touchesTable(st, cell) {
  const placed = new Set(placementsOf(st.log).map((p) => p.cell.join()));
  const [c, r] = cell;
  const up = (((c + r) % 2) + 2) % 2 === 0;
  const around = up ? [[c, r - 1], [c - 1, r], [c + 1, r]] : [[c + 1, r], [c - 1, r], [c, r + 1]];
  return around.some((n) => placed.has(n.join()));
}

/**
 * The play of the picked tile on a cell, announced when the player armed the announce.
 * @param {GameState} st
 * @param {Cell} cell
 * @param {number} rotation
 * @returns {Action}
 */
export function playAction(st, cell, rotation) {
  /** @type {Extract<Action, {kind: 'play'}>} */
  const a = { kind: 'play', tile: /** @type {string} a play is made of the picked tile */ (st.sel), cell, rotation };
  if (st.announce && announceRule(st)) a.announce = true;
  return a;
}

/**
 * Is there a tile on this cell?
 * @param {GameState} st
 * @param {Cell} cell
 */
export function occupied(st, cell) { return placementsOf(st.log).some((p) => p.cell[0] === cell[0] && p.cell[1] === cell[1]); }

/**
 * Turns the picked tile one step clockwise (dir > 0: the ⟳ button, R) or back (dir < 0:
 * Shift+R), keeping to the rotations that fit where the pointer is when there are several.
 * Rotation r puts number t[(k + r) mod 3] on corner k, corners clockwise (rules.md section
 * 2): one more moves every number one corner counter-clockwise, so clockwise is one less.
 * @param {GameState} st
 * @param {number} dir
 */
export function rotate(st, dir) {
  const step = dir > 0 ? 2 : 1; // +2 is −1 modulo 3
  const cell = st.preview || st.hover;
  const eff = cell ? effective(st, cell) : null;
  const fits = eff && eff.here.length > 1 ? new Set(eff.here.map((x) => x.rotation)) : null;
  let r = st.rot;
  for (let k = 0; k < 3; k++) {
    r = (r + step) % 3;
    if (!fits || fits.has(r)) break;
  }
  st.rot = r;
}

/**
 * The cells where the picked tile fits, for stepping through them with the keyboard.
 * @param {GameState} st
 * @returns {Cell[]}
 */
export function legalCells(st) {
  return [...new Set(legalFor(st, st.sel).map((p) => p.cell.join()))].map((k) => /** @type {Cell} */ (k.split(',').map(Number)));
}

/**
 * Are hints on in this game (a seat may ask for a suggested move)?
 * @param {GameState} st
 */
export function hintsOn(st) { return !!(st.game && st.game.hints && st.me); }

