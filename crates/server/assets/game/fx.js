// @ts-check
// The table's small rewards: sounds (made here with the Web Audio API: no files; off until
// the player turns them on, the choice remembered), a burst of confetti for a bridge, a
// hexagon, going out or winning, and totals that count up. Every motion is left out when
// the system asks for reduced motion.

/** Does the system ask for less motion? */
export function reducedMotion() {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Are the sounds on (remembered; off by default)? */
export function soundOn() { return localStorage.getItem('triominos.sound') === 'on'; }

/**
 * Turns the sounds on or off (remembered).
 * @param {boolean} on
 */
export function setSound(on) { localStorage.setItem('triominos.sound', on ? 'on' : 'off'); }

/** @type {AudioContext | null} */
let audio = null;

// Notes as [frequency Hz, start s, length s, wave]: short and soft.
/** @type {Record<string, Array<[number, number, number, OscillatorType]>>} */
const SOUNDS = {
  place: [[520, 0, 0.07, 'triangle'], [780, 0.02, 0.06, 'sine']],
  turn: [[660, 0, 0.09, 'sine'], [880, 0.1, 0.12, 'sine']],
  draw: [[300, 0, 0.08, 'triangle']],
  bonus: [[523, 0, 0.1, 'triangle'], [659, 0.09, 0.1, 'triangle'], [784, 0.18, 0.1, 'triangle'], [1047, 0.27, 0.22, 'triangle']],
  win: [[392, 0, 0.14, 'square'], [523, 0.14, 0.14, 'square'], [659, 0.28, 0.14, 'square'], [784, 0.42, 0.4, 'square']],
  lost: [[330, 0, 0.15, 'sine'], [247, 0.15, 0.25, 'sine']],
};

/**
 * Plays one of the sounds (place, turn, draw, bonus, win, lost) if the sounds are on.
 * @param {string} name
 */
export function play(name) {
  if (!soundOn() || !SOUNDS[name]) return;
  try {
    const ctx = audio || new (window.AudioContext || /** @type {{webkitAudioContext?: typeof AudioContext}} */ (/** @type {unknown} */ (window)).webkitAudioContext)();
    audio = ctx;
    if (ctx.state === 'suspended') ctx.resume();
    const t0 = ctx.currentTime + 0.01;
    for (const [f, at, len, wave] of SOUNDS[name]) {
      const o = ctx.createOscillator();
      const g = ctx.createGain();
      o.type = wave;
      o.frequency.value = f;
      const peak = wave === 'square' ? 0.04 : 0.12;
      g.gain.setValueAtTime(0.0001, t0 + at);
      g.gain.exponentialRampToValueAtTime(peak, t0 + at + 0.01);
      g.gain.exponentialRampToValueAtTime(0.0001, t0 + at + len);
      o.connect(g).connect(ctx.destination);
      o.start(t0 + at);
      o.stop(t0 + at + len + 0.02);
    }
  } catch (e) { /* no sound on this browser */ }
}

/**
 * A burst of confetti from a point of the screen (client coordinates).
 * @param {number} x
 * @param {number} y
 * @param {boolean} big
 */
export function confetti(x, y, big) {
  if (reducedMotion()) return;
  const box = document.createElement('div');
  box.className = 'confetti';
  box.setAttribute('aria-hidden', 'true');
  box.style.left = x + 'px';
  box.style.top = y + 'px';
  const colors = ['#f59e0b', '#c2410c', '#16a34a', '#1d4ed8', '#7e22ce', '#facc15'];
  const n = big ? 40 : 18;
  for (let i = 0; i < n; i++) {
    const p = document.createElement('i');
    const a = (i / n) * Math.PI * 2 + Math.random() * 0.5;
    const d = (big ? 120 : 70) + Math.random() * (big ? 140 : 60);
    p.style.setProperty('--dx', Math.cos(a) * d + 'px');
    p.style.setProperty('--dy', Math.sin(a) * d - 30 + 'px');
    p.style.setProperty('--r', Math.round(Math.random() * 720 - 360) + 'deg');
    p.style.background = colors[i % colors.length];
    box.append(p);
  }
  document.body.append(box);
  setTimeout(() => box.remove(), 1400);
}

/**
 * Shows a number counting from `from` to `to` over `el`, whose text is `to` at once (what
 * assistive technology and tests read); the count is drawn over it (style.css
 * `.ticking`). Nothing moves with reduced motion.
 * @param {HTMLElement} el
 * @param {number} from
 * @param {number} to
 */
export function countTo(el, from, to) {
  el.textContent = String(to);
  if (from === to || reducedMotion()) return;
  const start = performance.now();
  const ms = 600;
  el.classList.add('ticking');
  el.dataset.shown = String(from);
  /** @type {Count} */
  const count = { el, to, done: false };
  counting.add(count);
  const step = (/** @type {number} */ now) => {
    if (count.done) return;
    const k = Math.min(1, (now - start) / ms);
    el.dataset.shown = String(Math.round(from + (to - from) * (1 - (1 - k) ** 3)));
    if (k < 1 && el.isConnected) requestAnimationFrame(step);
    else finish(count);
  };
  requestAnimationFrame(step);
}

// The counts running: `settleCounts` ends them at once.
/** @typedef {{el: HTMLElement, to: number, done: boolean}} Count A number counting up on the page. */
/** @type {Set<Count>} */
const counting = new Set();
/** @param {Count} count */
function finish(count) {
  count.done = true;
  count.el.dataset.shown = String(count.to);
  count.el.classList.remove('ticking');
  counting.delete(count);
}

/** Ends every count at its number now (a dialog opens that shows the same totals). */
export function settleCounts() { for (const c of [...counting]) finish(c); }

// Turn signals. While it is this seat's turn the tab's title starts with a mark and the
// favicon shows a red dot (the second view of favicon.svg, `#turn`); both come back when the
// turn passes or the page is left. With the tab hidden, a browser notification, if the person
// ticked the box (the permission is asked for then, never before; remembered per browser).
// The sound of a turn is the table's sounds setting (`play('turn')`).

const NOTIFY = 'triominos.notify';

/** Can this browser show notifications at all? */
export function canNotify() { return typeof window.Notification === 'function'; }

/** Did the person ask to be notified (and the browser allow it)? */
export function notifyOn() {
  return localStorage.getItem(NOTIFY) === 'on' && canNotify() && Notification.permission === 'granted';
}

/**
 * Turns the notifications on (asking the browser's permission if not given yet) or off; answers whether they are on.
 * @param {boolean} on
 */
export async function setNotify(on) {
  if (!on || !canNotify()) { localStorage.setItem(NOTIFY, 'off'); return false; }
  let p = Notification.permission;
  if (p === 'default') { try { p = await Notification.requestPermission(); } catch (e) { p = 'denied'; } }
  localStorage.setItem(NOTIFY, p === 'granted' ? 'on' : 'off');
  return p === 'granted';
}

/**
 * The signals of one table: `show(title, mine)` after every change (the page's title without
 * the mark, whether it is this seat's turn), `close()` when the page is left.
 * @param {{mark: string, title: string, body: string}} texts
 */
export function turnSignals(texts) {
  const icon = document.querySelector('link[rel~="icon"]');
  const plain = icon ? (icon.getAttribute('href') || '').replace(/#.*$/, '') : '';
  let mine = false;
  /** @type {Notification | null} */
  let note = null;
  const drop = () => { if (note) { try { note.close(); } catch (e) { /* gone */ } note = null; } };
  const seen = () => { if (document.visibilityState === 'visible') drop(); };
  document.addEventListener('visibilitychange', seen);
  return {
    /**
     * @param {string} title
     * @param {boolean} now
     */
    show(title, now) {
      document.title = now ? texts.mark + ' ' + title : title;
      if (icon) icon.setAttribute('href', now ? plain + '#turn' : plain);
      if (now && !mine && document.visibilityState === 'hidden' && notifyOn()) {
        try {
          note = new Notification(texts.title, { body: texts.body, tag: 'triominos-turn', icon: plain || undefined });
          note.onclick = () => { window.focus(); drop(); };
        } catch (e) { note = null; }
      }
      if (!now) drop();
      mine = now;
    },
    close() {
      drop();
      document.removeEventListener('visibilitychange', seen);
      if (icon) icon.setAttribute('href', plain);
      mine = false;
    },
  };
}
