// @ts-check
// The page's small tools, used by every screen: build elements, word a signed number,
// talk to the server's JSON API, move to another page, show a passing message.
// It imports nothing, so any module may use it.

/** An element: h('p', {class: 'x', onclick: f}, 'text', child, [more]). */
export function h(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const k in attrs || {}) {
    if (k === 'class') e.className = attrs[k];
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), attrs[k]);
    else if (attrs[k] === true) e.setAttribute(k, '');
    else if (attrs[k] !== false && attrs[k] !== null && attrs[k] !== undefined) e.setAttribute(k, attrs[k]);
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

/** Points with their sign: +5, −5, ±0. */
export function signed(n) { return (n > 0 ? '+' : n < 0 ? '−' : '±') + Math.abs(n); }

/** A JSON request; answers the body, throws the server's refusal ({code, params}). */
export async function api(method, path, body, headers) {
  const h = Object.assign(body === undefined ? {} : { 'Content-Type': 'application/json' }, headers || {});
  const r = await fetch(path, body === undefined ? { method, headers: h } : { method, headers: h, body: JSON.stringify(body) });
  const j = await r.json().catch(() => ({ code: 'unknown', params: null }));
  if (!r.ok) throw j;
  return j;
}

let metaCache = null;
/**
 * What the server offers: presets, bot levels, the rule options' schema (fetched once).
 * @returns {Promise<import('./types/wire').Meta>}
 */
export async function meta() {
  if (!metaCache) metaCache = await (await fetch('/api/meta')).json();
  return metaCache;
}

let router = null;
/** Who shows the page for the current address (app.js). */
export function onNavigate(f) { router = f; }

/** Goes to another page of the app without reloading. */
export function go(path) {
  history.pushState({}, '', path);
  if (router) router();
}

/**
 * A passing message over the page; `kind` 'error' or 'bonus' styles it; `seat` (optional)
 * says whose move it tells of, so that `dropToasts` can take it away when it is stale.
 */
export function toast(text, kind, seat) {
  const box = document.getElementById('toasts');
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
  while (box.children.length > 3) box.firstChild.remove();
  setTimeout(() => d.classList.add('out'), kind === 'bonus' ? 2600 : 3200);
  setTimeout(() => d.remove(), kind === 'bonus' ? 3200 : 3800);
}

/** Takes away at once the passing messages for which `which(element)` is true (all without it). */
export function dropToasts(which) {
  for (const d of [...document.getElementById('toasts').children]) if (!which || which(d)) d.remove();
}
