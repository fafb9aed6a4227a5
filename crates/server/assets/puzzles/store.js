// What the browser remembers of the puzzles (localStorage 'triominos.puzzles'): the
// puzzles solved (with the tries and hints it took) and the streak of days on which
// the daily puzzle was solved.
// @ts-check
const KEY = 'triominos.puzzles';

function read() {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) || '{}');
    return { solved: v.solved || {}, daily: v.daily || {}, streak: v.streak || { count: 0, last: null } };
  } catch (e) {
    return { solved: {}, daily: {}, streak: { count: 0, last: null } };
  }
}

/** @param {unknown} v */
function write(v) {
  try { localStorage.setItem(KEY, JSON.stringify(v)); } catch (e) { /* private mode: not kept */ }
}

/** The day before a YYYY-MM-DD date. @param {string} date */
function dayBefore(date) {
  const d = new Date(date + 'T12:00:00Z');
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** Whether a puzzle was solved. @param {string} id */
export function isSolved(id) { return !!read().solved[id]; }

/** How many puzzles were solved (of those ids, when given). @param {string[]} [ids] */
export function solvedCount(ids) {
  const s = read().solved;
  return ids ? ids.filter((id) => s[id]).length : Object.keys(s).length;
}

/** The daily streak: days in a row, up to today or yesterday, on which the daily puzzle was solved. @param {string} today */
export function streak(today) {
  const s = read().streak;
  if (!s.last || (s.last !== today && s.last !== dayBefore(today))) return 0;
  return s.count;
}

/**
 * Remembers a solved puzzle (and, for the daily puzzle of `date`, the streak).
 * @param {string} id
 * @param {number} tries
 * @param {number} hints
 * @param {string | null} date
 */
export function markSolved(id, tries, hints, date) {
  const v = read();
  if (!v.solved[id]) v.solved[id] = { tries, hints };
  if (date && !v.daily[date]) {
    v.daily[date] = id;
    v.streak = { count: v.streak.last === dayBefore(date) ? v.streak.count + 1 : v.streak.last === date ? v.streak.count : 1, last: date };
  }
  write(v);
}

// Personal puzzles (localStorage 'triominos.puzzles.mine'): a review's mistakes and
// blunders kept as "find the better move" puzzles, as the server built them from what the
// player saw (GET /api/games/ID/puzzle), newest first.
const MINE = 'triominos.puzzles.mine';

/** The personal puzzles, newest first. */
export function personalPuzzles() {
  try {
    const v = JSON.parse(localStorage.getItem(MINE) || '[]');
    return Array.isArray(v) ? v : [];
  } catch (e) {
    return [];
  }
}

/** One personal puzzle by id, or null. @param {string} id */
export function personalPuzzle(id) { return personalPuzzles().find((p) => p.id === id) || null; }

/**
 * Keeps a personal puzzle (once per id), with the day it was saved.
 * @param {{id: string}} p the server's PersonalPuzzle (GET /api/games/ID/puzzle)
 * @param {string} date
 */
export function savePersonal(p, date) {
  const all = personalPuzzles().filter((q) => q.id !== p.id);
  all.unshift({ ...p, saved: date });
  try { localStorage.setItem(MINE, JSON.stringify(all.slice(0, 200))); } catch (e) { /* private mode: not kept */ }
}

/** Forgets a personal puzzle. @param {string} id */
export function removePersonal(id) {
  try { localStorage.setItem(MINE, JSON.stringify(personalPuzzles().filter((q) => q.id !== id))); } catch (e) { /* not kept */ }
}
