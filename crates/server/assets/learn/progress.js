// The tutorial's progress, remembered in the browser: for each preset, the lessons solved.
// @ts-check
const KEY = 'triominos.learn';

/** @returns {Record<string, any>} what localStorage holds: the lessons solved by preset */
function all() {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) || '{}');
    return v && typeof v === 'object' ? v : {};
  } catch (e) {
    return {};
  }
}

/**
 * The names of the lessons of a preset's set solved so far.
 * @param {string} preset
 * @returns {Set<string>}
 */
export function solved(preset) {
  const list = all()[preset];
  return new Set(Array.isArray(list) ? list : []);
}

/**
 * Remembers that a lesson was solved.
 * @param {string} preset
 * @param {string} name
 */
export function markSolved(preset, name) {
  const v = all();
  const s = solved(preset);
  s.add(name);
  v[preset] = [...s];
  localStorage.setItem(KEY, JSON.stringify(v));
}

/** Whether this browser has never opened a lesson (the front page then invites to the tutorial). */
export function neverStarted() {
  return localStorage.getItem(KEY) === null;
}

/** Marks the tutorial as seen, even before a lesson is solved. */
export function markStarted() {
  if (localStorage.getItem(KEY) === null) localStorage.setItem(KEY, '{}');
}
