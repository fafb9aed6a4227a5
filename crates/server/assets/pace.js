// @ts-check
// A table's pace (issue 32): the choices the lobby offers and a pace in words. The server
// checks them (protocol Pace): live 30 s, 1 min, 2 min a move; slow 1 or 3 days a move.
import { t } from './i18n.js';

/** The paces a new table may have, as the server takes them. */
/** @type {import('./types/wire').Pace[]} */
export const PACES = [
  { kind: 'untimed' },
  { kind: 'live', move_seconds: 30 },
  { kind: 'live', move_seconds: 60 },
  { kind: 'live', move_seconds: 120 },
  { kind: 'slow', move_seconds: 86400 },
  { kind: 'slow', move_seconds: 259200 },
];

/**
 * A pace's key for a form's value: `untimed`, `live:60`, `slow:86400`.
 * @param {import('./types/wire').Pace | null | undefined} p
 */
export function paceKey(p) {
  return !p || p.kind === 'untimed' ? 'untimed' : p.kind + ':' + p.move_seconds;
}

/**
 * The pace of a key made by `paceKey`.
 * @param {string} key
 */
export function paceOf(key) {
  return PACES.find((p) => paceKey(p) === key) || PACES[0];
}

/**
 * A turn's time in words: "30 s", "2 min", "1 day", "3 days".
 * @param {number} seconds
 */
export function spanText(seconds) {
  if (seconds >= 86400) return seconds === 86400 ? t('pace.day') : t('pace.days', { n: Math.round(seconds / 86400) });
  if (seconds >= 60) return t('pace.minutes', { n: Math.round(seconds / 60) });
  return t('pace.seconds', { n: seconds });
}

/**
 * A pace in words: "No clock", "Live: 1 min a move", "Slow: 1 day a move".
 * @param {import('./types/wire').Pace | null | undefined} p
 */
export function paceText(p) {
  if (!p || p.kind === 'untimed') return t('pace.untimed');
  return t('pace.' + p.kind, { time: spanText(p.move_seconds) });
}

/**
 * Time left on a clock in words: "0:42", "1:05:00", "23 h 59 min".
 * @param {number} ms
 */
export function leftText(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const two = (/** @type {number} */ n) => String(n).padStart(2, '0');
  if (s >= 86400) return t('pace.days', { n: Math.floor(s / 86400) }) + ' ' + Math.floor((s % 86400) / 3600) + ' h';
  if (s >= 3600) return Math.floor(s / 3600) + ' h ' + two(Math.floor((s % 3600) / 60)) + ' min';
  return Math.floor(s / 60) + ':' + two(s % 60);
}
