// What this browser remembers between visits: the bot level and the rules last chosen.
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
