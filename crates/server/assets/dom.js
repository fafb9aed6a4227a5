// @ts-check
// The page's small tools, used by every screen: build elements, word a signed number,
// talk to the server's JSON API, move to another page, show a passing message.
// It imports nothing, so any module may use it.

/**
 * An element's attributes for `h`: `class`, `on...` listeners, other attributes (true is
 * present and empty; false, null and undefined are left out).
 * @typedef {Record<string, string | number | boolean | null | undefined | EventListener>} Attrs
 */
/** @typedef {Node | string | number | false | null | undefined} Child A child of `h`. */

/**
 * An element: h('p', {class: 'x', onclick: f}, 'text', child, [more]).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs | null} [attrs]
 * @param {...(Child | Child[])} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const k in attrs || {}) {
    const v = /** @type {Attrs} */ (attrs)[k];
    if (k === 'class') e.className = String(v);
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), /** @type {EventListener} */ (v));
    else if (v === true) e.setAttribute(k, '');
    else if (v !== false && v !== null && v !== undefined) e.setAttribute(k, String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    e.appendChild(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c);
  }
  return e;
}

/**
 * A form's render function made safe to call from its own controls' events. Removing a
 * focused input blurs it, and a blur fires the input's `change`: a handler that renders
 * again would then empty the form from inside its own emptying (Chromium 148 throws
 * "The node to be removed is no longer a child of this node"). A call made while a
 * render is running only asks for one more render, run when the first has finished.
 * @param {() => void} draw
 */
export function renderer(draw) {
  let busy = false;
  let again = false;
  return function render() {
    if (busy) { again = true; return; }
    busy = true;
    try {
      do { again = false; draw(); } while (again);
    } finally { busy = false; }
  };
}

/**
 * Points with their sign: +5, −5, ±0.
 * @param {number} n
 */
export function signed(n) { return (n > 0 ? '+' : n < 0 ? '−' : '±') + Math.abs(n); }

/**
 * A JSON request; answers the body (as the server's wire types describe it: the caller
 * names the type), throws the server's refusal ({code, params}).
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 * @param {Record<string, string>} [headers]
 * @returns {Promise<any>}
 */
export async function api(method, path, body, headers) {
  const h = Object.assign(body === undefined ? {} : { 'Content-Type': 'application/json' }, headers || {});
  const r = await fetch(path, body === undefined ? { method, headers: h } : { method, headers: h, body: JSON.stringify(body) });
  const j = await r.json().catch(() => ({ code: 'unknown', params: null }));
  if (!r.ok) throw j;
  return j;
}

/** @type {import('./types/wire').Meta | null} */
let metaCache = null;
/**
 * What the server offers: presets, bot levels, the rule options' schema (fetched once).
 * @returns {Promise<import('./types/wire').Meta>}
 */
export async function meta() {
  if (!metaCache) metaCache = /** @type {import('./types/wire').Meta} */ (await (await fetch('/api/meta')).json());
  return metaCache;
}

/** @type {(() => void) | null} */
let router = null;
/**
 * Who shows the page for the current address (app.js).
 * @param {() => void} f
 */
export function onNavigate(f) { router = f; }

/**
 * Goes to another page of the app without reloading.
 * @param {string} path
 */
export function go(path) {
  history.pushState({}, '', path);
  if (router) router();
}

/**
 * A passing message over the page; `kind` 'error' or 'bonus' styles it; `seat` (optional)
 * says whose move it tells of, so that `dropToasts` can take it away when it is stale.
 * @param {string} text
 * @param {string} [kind]
 * @param {number | null} [seat]
 */
export function toast(text, kind, seat) {
  const box = byId('toasts');
  // The same message again (a bot drawing three times): one message, counted.
  const last = box.lastElementChild;
  if (last instanceof HTMLElement && last.dataset.text === text && !last.classList.contains('out')) {
    const n = Number(last.dataset.n || 1) + 1;
    last.dataset.n = String(n);
    last.textContent = `${text} ×${n}`;
    return;
  }
  const d = document.createElement('div');
  d.dataset.text = text;
  if (seat !== undefined && seat !== null) d.dataset.seat = String(seat);
  d.className = 'toast ' + (kind || '');
  d.textContent = text;
  box.appendChild(d);
  // Keep the table visible: at most three messages at once.
  while (box.children.length > 3) box.children[0].remove();
  setTimeout(() => d.classList.add('out'), kind === 'bonus' ? 2600 : 3200);
  setTimeout(() => d.remove(), kind === 'bonus' ? 3200 : 3800);
}

/**
 * Takes away at once the passing messages for which `which(element)` is true (all without it).
 * @param {(d: HTMLElement) => boolean} [which]
 */
export function dropToasts(which) {
  for (const d of [...byId('toasts').children]) if (d instanceof HTMLElement && (!which || which(d))) d.remove();
}

/**
 * An element the page always has (index.html's, or one a screen has just built), by its id.
 * @param {string} id
 * @returns {HTMLElement}
 */
export function byId(id) {
  const e = document.getElementById(id);
  if (!e) throw new Error(`no element #${id}`);
  return e;
}
