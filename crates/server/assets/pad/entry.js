// The score pad's entries as the page edits them, without drawing anything: the tiles,
// a hand as typed, the entry form's model (a turn or a round's end) and the entry it
// makes, and the server's refusals and score reasons in words.
// @ts-check
import { t, errorText, has } from '../i18n.js';
import { signed } from '../dom.js';

/** @typedef {import('../types/wire').SheetView} SheetView */
/** @typedef {import('../types/wire').LineView} LineView */
/** @typedef {import('../types/wire').Entry} Entry */
/** @typedef {import('../types/wire').SheetItem} SheetItem */
/** @typedef {import('../types/wire').Refusal} Refusal */
/**
 * The entry form: whose turn, draws, the tile, "nothing placed", the bonuses, the typed text.
 * @typedef {{player: number | null, draws: number, tile: string | null, nothing: boolean, bonus: {bridge: boolean, bridge_extension: boolean, hexagons: number}, text: string}} Form
 */
/**
 * The round's end form: out (who) or blocked, and each hand as typed.
 * @typedef {{kind: string, player?: number | null, hands: string[]}} EndForm
 */

/**
 * Every tile of the box, "a-b-c" with a <= b <= c.
 * @type {string[]}
 */
export const TILES = [];
for (let a = 0; a < 6; a++) for (let b = a; b < 6; b++) for (let c = b; c < 6; c++) TILES.push(`${a}-${b}-${c}`);

/** The sum of a tile's numbers. @param {string} tile */
export const tileValue = (tile) => tile.split('-').map(Number).reduce((x, y) => x + y, 0);

/**
 * A hand as typed: "23" is a sum, "3-4-5 1-1-2" (or "345 112") are tiles; null when empty, {bad} when unreadable.
 * @param {unknown} text
 * @returns {{sum: number, tiles?: undefined, bad?: undefined} | {tiles: string[], sum?: undefined, bad?: undefined} | {bad: true, sum?: undefined, tiles?: undefined} | null}
 */
export function parseHand(text) {
  const s = String(text || '').trim();
  if (!s) return null;
  if (/^\d+$/.test(s)) return { sum: Number(s) };
  const groups = s.split(/[\s,;]+/).filter(Boolean);
  /** @type {string[]} */
  const tiles = [];
  for (const g of groups) {
    const d = g.replace(/[^0-9]/g, '');
    if (d.length !== 3 || /[6-9]/.test(d)) return { bad: true };
    tiles.push(d.split('').sort().join('-'));
  }
  return { tiles };
}

/**
 * The tiles already placed in a round (leaving out entry `except`, the one being edited).
 * @param {SheetView} sheet
 * @param {number} round
 * @param {number | null} except
 * @returns {Set<string>}
 */
export function placedInRound(sheet, round, except) {
  const out = new Set();
  sheet.entries.forEach((l, i) => {
    if (l.round !== round || i === except) return;
    const e = l.entry;
    if (!e) return;
    if (e.kind === 'play') out.add(e.tile);
    if (e.kind === 'draw' && e.placed) out.add(e.placed.tile);
  });
  return out;
}

/**
 * An empty form for the sheet's next entry: `form` (a turn: who, draws, tile, bonuses) and
 * `endForm` (a round's end: how, who went out, the hands typed) when the round is over.
 * @param {SheetView} sheet
 */
export function blankForm(sheet) {
  const s = sheet.status;
  /** @type {Form} */
  const form = { player: s.phase === 'playing' ? s.to_play : null, draws: 0, tile: null, nothing: false, bonus: { bridge: false, bridge_extension: false, hexagons: 0 }, text: '' };
  /** @type {EndForm | null} */
  const endForm = s.phase === 'round_over' && s.round_end
    ? { kind: s.round_end.kind, player: /** @type {{player?: number}} */ (s.round_end).player, hands: sheet.names.map(() => '') }
    : null;
  return { form, endForm };
}

/**
 * The forms filled from an entry of the sheet (to edit it).
 * @param {SheetView} sheet
 * @param {Entry} e
 */
export function formOfEntry(sheet, e) {
  const { form } = blankForm(sheet);
  if (e.kind === 'out' || e.kind === 'blocked') {
    const endForm = { kind: e.kind, player: /** @type {{player?: number}} */ (e).player, hands: sheet.names.map((_, i) => {
      // A hand is {tiles} or {sum}.
      const hd = /** @type {{tiles?: string[], sum?: number} | null} */ ((e.hands || [])[i]);
      if (!hd) return '';
      return hd.tiles ? hd.tiles.join(' ') : String(hd.sum);
    }) };
    return { form, endForm };
  }
  form.player = e.player;
  if (e.kind === 'play') { form.tile = e.tile; form.bonus = Object.assign(form.bonus, e.bonus || {}); }
  if (e.kind === 'draw') {
    form.draws = e.draws;
    if (e.placed) { form.tile = e.placed.tile; form.bonus = Object.assign(form.bonus, e.placed.bonus || {}); } else form.nothing = true;
  }
  form.text = '';
  return { form, endForm: null };
}

/**
 * The entry a turn form makes, or null while it lacks a player or a tile.
 * @param {Form} form
 */
export function entryOfForm(form) {
  if (form.player === null || form.player === undefined) return null;
  /** @type {{bridge?: boolean, bridge_extension?: boolean, hexagons?: number}} */
  const bonus = {};
  if (form.bonus.bridge) bonus.bridge = true;
  if (form.bonus.bridge_extension) bonus.bridge_extension = true;
  if (form.bonus.hexagons) bonus.hexagons = form.bonus.hexagons;
  if (form.draws === 0) return form.tile ? { kind: 'play', player: form.player, tile: form.tile, bonus } : null;
  if (form.nothing) return { kind: 'draw', player: form.player, draws: form.draws };
  return form.tile ? { kind: 'draw', player: form.player, draws: form.draws, placed: { tile: form.tile, bonus } } : null;
}

/**
 * The entry a round-end form makes (unreadable hands left out).
 * @param {EndForm} endForm
 */
export function entryOfEnd(endForm) {
  const hands = endForm.hands.map((x) => {
    const p = parseHand(x);
    return p && !p.bad ? p : null;
  });
  const out = endForm.player;
  if (endForm.kind === 'out' && out !== undefined && out !== null) hands[out] = null;
  return endForm.kind === 'out' ? { kind: 'out', player: out, hands } : { kind: 'blocked', hands };
}

/**
 * A refusal of the pad in words: seat numbers as names, the bonus worded, the entry it is about.
 * @param {unknown} thrown a refusal, or whatever a request threw
 * @param {(seat: number) => string} nameOf
 */
export function refusalText(thrown, nameOf) {
  const e = /** @type {Refusal | null | undefined} */ (thrown);
  if (!e || !e.code) return t('errors.unknown', { code: '?' });
  /** @type {Record<string, any>} */
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

/**
 * The reasons of a line's points: "tile +12, draw −5".
 * @param {SheetItem[]} items
 */
export function reasonsText(items) {
  return items.map((i) => `${t('reason.' + i.reason)} ${signed(i.points)}`).join(', ');
}
