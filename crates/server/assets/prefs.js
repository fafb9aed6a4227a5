// What this browser remembers between visits: the bot level and the rules last chosen (on
// the front page or in the lobby), the number of bots of a solo game, the player's name.
import { lang } from './i18n.js';

/** The bot level to offer: the last one chosen, else a middling one. */
export function defaultLevel(levels) {
  const saved = localStorage.getItem('triominos.level');
  if (levels.includes(saved)) return saved;
  for (const l of ['casual', 'greedy']) if (levels.includes(l)) return l;
  return levels[levels.length - 1];
}

/** The preset of the page's language (the Spanish rules for Spanish). */
export function languagePreset() { return lang() === 'es' ? 'pressman' : 'goliath'; }

/** The preset to offer: the last one played, else the one of the page's language. */
export function defaultPreset() {
  return localStorage.getItem('triominos.preset') || languagePreset();
}

/** The player's name as last typed ('' if never). */
export function savedName() { return localStorage.getItem('triominos.name') || ''; }

/** Remembers the bot level chosen. */
export function saveLevel(level) { localStorage.setItem('triominos.level', level); }

/** Remembers the rules chosen. */
export function savePreset(preset) { localStorage.setItem('triominos.preset', preset); }

/** How many bots a solo game seats: the last number chosen on the front page (1 by default), at most `max`. */
export function soloBots(max) {
  const n = Number(localStorage.getItem('triominos.solo.bots'));
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : 1;
}

/** Remembers how many bots a solo game seats. */
export function saveSoloBots(n) { localStorage.setItem('triominos.solo.bots', String(n)); }
