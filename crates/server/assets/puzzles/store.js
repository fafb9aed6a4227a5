// What the browser remembers of the puzzles (localStorage 'triominos.puzzles'): the
// puzzles solved (with the tries and hints it took) and the streak of days on which
// the daily puzzle was solved.
const KEY = 'triominos.puzzles';

function read() {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) || '{}');
    return { solved: v.solved || {}, daily: v.daily || {}, streak: v.streak || { count: 0, last: null } };
  } catch (e) {
    return { solved: {}, daily: {}, streak: { count: 0, last: null } };
  }
}

function write(v) {
  try { localStorage.setItem(KEY, JSON.stringify(v)); } catch (e) { /* private mode: not kept */ }
}

/** The day before a YYYY-MM-DD date. */
function dayBefore(date) {
  const d = new Date(date + 'T12:00:00Z');
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** Whether a puzzle was solved. */
export function isSolved(id) { return !!read().solved[id]; }

/** How many puzzles were solved (of those ids, when given). */
export function solvedCount(ids) {
  const s = read().solved;
  return ids ? ids.filter((id) => s[id]).length : Object.keys(s).length;
}

/** The daily streak: days in a row, up to today or yesterday, on which the daily puzzle was solved. */
export function streak(today) {
  const s = read().streak;
  if (!s.last || (s.last !== today && s.last !== dayBefore(today))) return 0;
  return s.count;
}

/** Remembers a solved puzzle (and, for the daily puzzle of `date`, the streak). */
export function markSolved(id, tries, hints, date) {
  const v = read();
  if (!v.solved[id]) v.solved[id] = { tries, hints };
  if (date && !v.daily[date]) {
    v.daily[date] = id;
    v.streak = { count: v.streak.last === dayBefore(date) ? v.streak.count + 1 : v.streak.last === date ? v.streak.count : 1, last: date };
  }
  write(v);
}
