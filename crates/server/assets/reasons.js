// @ts-check
// The judge's reasons in words (crates/bots judge::Reason, `{code, params}`): one wording
// for the game's hints, the review and the puzzles, `hint.reason.CODE` in each language.
import { t, moveWords } from './i18n.js';

// The codes whose `points` read as a score ("+50"); the others' are amounts ("12 more").
const SIGNED = new Set(['hexagon', 'double_hexagon', 'triple_hexagon', 'bridge', 'bridge_extension', 'start', 'tile', 'out', 'out_hands', 'instead', 'draw_instead', 'leaves_spot', 'sets_up', 'go_out_next', 'draw_costs']);

/** @param {number} n */
function signed(n) { return n > 0 ? '+' + n : n < 0 ? '−' + Math.abs(n) : '0'; }

/**
 * A number of points with one decimal at most, in the page's language.
 * @param {number} x
 */
export function points1(x) {
  return new Intl.NumberFormat(document.documentElement.lang || 'en', { maximumFractionDigits: 1 }).format(x);
}

/**
 * One reason in words; `nameOf(seat)` names a seat.
 * @param {{code: string, params?: unknown}} r a judge's reason
 * @param {(seat: number) => string} [nameOf]
 */
export function reasonText(r, nameOf) {
  /** @type {Record<string, unknown>} the reason's params, worded in place */
  const p = Object.assign({}, r.params || {});
  if (typeof p.points === 'number') p.points = SIGNED.has(r.code) ? signed(p.points) : points1(p.points);
  if (typeof p.expected === 'number') p.expected = points1(p.expected);
  if (p.seat !== undefined && nameOf) p.name = nameOf(Number(p.seat));
  if (p.figure) p.figure = t('hint.figure.' + p.figure);
  // A move is named in the notation and its words, never by a cell and a turn number.
  if (typeof p.notation === 'string') p.move = moveWords({ notation: p.notation, spot: /** @type {{side: string, next_to: string} | null} */ (p.spot || null) }, /** @type {string | undefined} */ (p.tile));
  return t('hint.reason.' + r.code, p);
}
