// The score pad's owner keys: the key of each sheet this browser started, claimed or
// was given by an editing link, kept in localStorage. Every change to a sheet sends its
// key (header X-Pad-Key); the list of sheets asks for these sheets only. The key of an
// editing link travels in the address's fragment (#key=...), which is never sent to
// the server, and leaves the address bar as soon as the page has kept it.
// @ts-check
const STORE = 'triominos.pad.keys';

/** @returns {Record<string, any>} what localStorage holds: the keys by sheet id */
function load() {
  try {
    const o = JSON.parse(localStorage.getItem(STORE) || '{}');
    return o && typeof o === 'object' && !Array.isArray(o) ? o : {};
  } catch (e) {
    return {};
  }
}

/** @param {Record<string, any>} o */
function save(o) { localStorage.setItem(STORE, JSON.stringify(o)); }

/**
 * The key this browser holds for sheet `id`, or null.
 * @param {string} id
 * @returns {string | null}
 */
export function keyOf(id) { return typeof load()[id] === 'string' ? load()[id] : null; }

/**
 * Keeps the key of sheet `id`.
 * @param {string} id
 * @param {string} key
 */
export function keepKey(id, key) { const o = load(); o[id] = key; save(o); }

/** Forgets sheet `id` (deleted, or gone from the server). @param {string} id */
export function forgetKey(id) { const o = load(); delete o[id]; save(o); }

/**
 * Every sheet this browser holds the key of: [{ id, key }].
 * @returns {import('../types/wire').SheetKey[]}
 */
export function knownSheets() {
  return Object.entries(load()).filter(([, key]) => typeof key === 'string').map(([id, key]) => ({ id, key }));
}

/**
 * The headers that open sheet `id` for changes (none without its key).
 * @param {string} id
 * @returns {Record<string, string>}
 */
export function keyHeaders(id) {
  const k = keyOf(id);
  return k ? { 'X-Pad-Key': k } : {};
}

/** The link that lets another phone change sheet `id` (null without its key). @param {string} id */
export function editingLink(id) {
  const k = keyOf(id);
  return k ? `${location.origin}/pad/${id}#key=${k}` : null;
}

/** Takes the key of an editing link (`/pad/ID#key=...`) into this browser, out of the address bar. @param {string} id */
export function takeKeyFromLink(id) {
  const m = /^#key=([0-9a-f]{32})$/.exec(location.hash);
  if (!m) return;
  keepKey(id, m[1]);
  history.replaceState(history.state, '', location.pathname + location.search);
}
