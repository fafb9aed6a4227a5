// @ts-check
// What this browser remembers between visits: the bot level and the rules last chosen (on
// the front page or in the lobby), the number of bots of a solo game, the player's name.
import { lang } from './i18n.js';

/**
 * The bot level to offer: the last one chosen, else a middling one.
 * @param {string[]} levels
 */
export function defaultLevel(levels) {
  const saved = localStorage.getItem('triominos.level');
  if (saved && levels.includes(saved)) return saved;
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

/**
 * Remembers the bot level chosen.
 * @param {string} level
 */
export function saveLevel(level) { localStorage.setItem('triominos.level', level); }

/**
 * Remembers the rules chosen.
 * @param {string} preset
 */
export function savePreset(preset) { localStorage.setItem('triominos.preset', preset); }

/**
 * How many bots a solo game seats: the last number chosen on the front page (1 by default), at most `max`.
 * @param {number} max
 */
export function soloBots(max) {
  const n = Number(localStorage.getItem('triominos.solo.bots'));
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : 1;
}

/**
 * Remembers how many bots a solo game seats.
 * @param {number} n
 */
export function saveSoloBots(n) { localStorage.setItem('triominos.solo.bots', String(n)); }

// The games this browser joined with a seat link (`triominos.games`: id, token, seat, when,
// newest first), for the front page's "Your games"; and the invitation links of the games it
// created (`triominos.invites`, per game id), for the table's "Invite" button. A seat's token
// is its key: it stays in this browser, as the link it came from does in its history.

/**
 * A game joined with a seat link, as kept: its id, the seat's token, the seat once known, when.
 * @typedef {{id: string, token: string, seat: number | null, at: number}} MyGame
 */
/**
 * A created game's links, as kept: each seat's name, link and level, the spectators' link, when.
 * @typedef {{seats: Array<{name: string, link: string | null, level: string | null}>, spectator: string, at: number}} Invites
 */

const GAMES = 'triominos.games';
const INVITES = 'triominos.invites';
const KEEP = 40;

/**
 * The JSON object kept under `key`, else `empty`.
 * @template T
 * @param {string} key
 * @param {T} empty
 * @returns {T}
 */
function read(key, empty) {
  try {
    const v = JSON.parse(localStorage.getItem(key) || 'null');
    return v && typeof v === 'object' ? v : empty;
  } catch (e) { return empty; }
}

/**
 * The games joined with a seat link, newest first: [{id, token, seat, at}] (at: ms since 1970).
 * @returns {MyGame[]}
 */
export function myGames() {
  const list = read(GAMES, /** @type {MyGame[]} */ ([]));
  return Array.isArray(list) ? list.filter((g) => g && typeof g.id === 'string' && typeof g.token === 'string') : [];
}

/**
 * Remembers a game joined with a seat link (its seat once known), as the newest.
 * @param {string} id
 * @param {string} token
 * @param {number | null} [seat]
 */
export function rememberGame(id, token, seat) {
  const list = myGames().filter((g) => !(g.id === id && g.token === token));
  list.unshift({ id, token, seat: typeof seat === 'number' && Number.isInteger(seat) ? seat : null, at: Date.now() });
  localStorage.setItem(GAMES, JSON.stringify(list.slice(0, KEEP)));
}

/**
 * Forgets a game (finished, or no longer on the server).
 * @param {string} id
 */
export function forgetGame(id) {
  localStorage.setItem(GAMES, JSON.stringify(myGames().filter((g) => g.id !== id)));
}

/**
 * Keeps the links of a game just created: `created` is the POST /api/games answer.
 * @param {import('./types/wire').Created} created
 */
export function saveInvites(created) {
  const all = read(INVITES, /** @type {Record<string, Invites>} */ ({}));
  all[created.id] = { seats: created.seats.map((s) => ({ name: s.name || '', link: s.link || null, level: s.level || null })), spectator: created.spectator, at: Date.now() };
  // The oldest go first when there are many.
  const ids = Object.keys(all).sort((a, b) => all[b].at - all[a].at);
  for (const old of ids.slice(KEEP)) delete all[old];
  localStorage.setItem(INVITES, JSON.stringify(all));
}

/**
 * The links of a game this browser created, or null.
 * @param {string} id
 * @returns {Invites | null}
 */
export function invitesOf(id) {
  const g = read(INVITES, /** @type {Record<string, Invites>} */ ({}))[id];
  return g && Array.isArray(g.seats) ? g : null;
}
