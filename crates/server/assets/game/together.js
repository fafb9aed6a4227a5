// @ts-check
// Playing together at the table: "Play again" at the end of the game (the server makes the
// rematch once every person agreed, then each page moves to its own new link), and the quick
// reactions (a fixed set, shown by the seat's name for a few seconds, muted per table in this
// browser). game.js wires them; the server checks everything.
import { t } from '../i18n.js';
import { h } from '../dom.js';
import { seatName } from './sheet.js';

/** The reactions, in the server's order (protocol Reaction). */
/** @type {import('../types/wire').Reaction[]} */
export const REACTIONS = ['well_played', 'nice_hexagon', 'nice_bridge', 'oops', 'your_turn', 'thinking', 'good_game', 'thanks'];

const muteKey = (/** @type {string} */ id) => 'triominos.mute.' + id;
/**
 * Are this table's reactions muted in this browser?
 * @param {string} id
 */
export function muted(id) { return localStorage.getItem(muteKey(id)) === '1'; }

/**
 * The reactions box: a button per reaction (a seat only) and the mute box. `send(code)` sends
 * one. Answers the element.
 * @param {import('./state.js').GameState} st
 * @param {string} id
 * @param {(code: import('../types/wire').Reaction) => void} send
 */
export function reactionsBox(st, id, send) {
  const buttons = h('div', { class: 'reactbuttons', id: 'react-buttons' },
    ...REACTIONS.map((code) => {
      const b = h('button', { type: 'button', class: 'small', 'data-react': code }, t('react.' + code));
      b.addEventListener('click', () => send(code));
      return b;
    }));
  const mute = h('input', { type: 'checkbox', id: 'react-mute', checked: muted(id) });
  mute.addEventListener('change', () => {
    if (mute.checked) localStorage.setItem(muteKey(id), '1');
    else localStorage.removeItem(muteKey(id));
  });
  const box = h('details', { class: 'reactions', id: 'reactions' },
    h('summary', {}, t('react.title')),
    buttons,
    h('label', { class: 'small' }, mute, ' ', t('react.mute')));
  return { box, seated: (/** @type {boolean} */ yes) => { buttons.hidden = !yes; } };
}

/**
 * Shows a seat's reaction by its name on the players bar for a few seconds (and tells a
 * screen reader), unless this table is muted.
 * @param {import('./state.js').GameState} st
 * @param {string} id
 * @param {{seat: number, code: import('../types/wire').Reaction}} m the reaction message
 */
export function showReaction(st, id, m) {
  if (muted(id) || !st.game || !REACTIONS.includes(m.code)) return;
  const name = seatName(st.game, m.seat, st.you);
  const text = t('react.' + m.code);
  const card = document.querySelector(`#players .player[data-seat="${m.seat}"]`);
  const old = document.querySelector(`.reactbubble[data-seat="${m.seat}"]`);
  if (old) old.remove();
  const bubble = h('div', { class: 'reactbubble', 'data-seat': m.seat, role: 'status' }, h('span', { class: 'sr' }, t('react.said', { name, text: '' })), text);
  if (card) {
    const r = card.getBoundingClientRect();
    bubble.style.left = Math.max(4, r.left) + 'px';
    bubble.style.top = r.bottom + 4 + 'px';
  }
  document.body.append(bubble);
  setTimeout(() => bubble.classList.add('out'), 3500);
  setTimeout(() => bubble.remove(), 4000);
}

/** Takes every reaction bubble away (leaving the table). */
export function dropReactions() {
  for (const b of document.querySelectorAll('.reactbubble')) b.remove();
}

/**
 * Fills a "Play again" box (in the game-over dialog and on the bar under the table) from the
 * state: st.rematch ({agreed, declined}, from rematch_asked) and st.rematchOffer (the link to a
 * rematch already made, for a page that came back to the old game). `send(agree)` answers.
 * @param {HTMLElement} box
 * @param {import('./state.js').GameState} st
 * @param {(agree: boolean) => void} send
 */
export function renderRematch(box, st, send) {
  const kept = box.contains(document.activeElement);
  box.replaceChildren();
  const seat = st.you !== null && st.you !== undefined;
  if (st.rematchOffer) {
    box.append(h('span', {}, t('rematch.offer')), ' ',
      h('a', { class: 'button primary', href: st.rematchOffer.link, 'data-link': '', id: 'rematch-go' }, t(seat ? 'rematch.take_seat' : 'rematch.watch')));
    const a = box.querySelector('a');
    if (kept && a) a.focus({ preventScroll: true });
    return;
  }
  if (!st.game || !st.status || st.status.phase !== 'game_over') return;
  const r = st.rematch || { agreed: [], declined: null };
  const game = st.game;
  const people = game.seats.map((s, i) => (s.kind === 'human' ? i : null)).filter((i) => i !== null);
  const names = (/** @type {number[]} */ list) => list.map((i) => seatName(game, i, st.you)).join(', ');
  const askers = people.filter((i) => r.agreed.includes(i) && i !== st.you);
  const waiting = people.filter((i) => !r.agreed.includes(i));
  /** @param {string} id @param {string} key @param {boolean} agree @param {boolean} [primary] */
  const button = (id, key, agree, primary) => {
    const b = h('button', { type: 'button', id, class: primary ? 'primary' : '' }, t(key));
    b.addEventListener('click', () => { b.disabled = true; send(agree); });
    return b;
  };
  if (r.declined !== null && r.declined !== undefined) box.append(h('span', { class: 'small', id: 'rematch-declined' }, t('rematch.declined', { name: seatName(st.game, r.declined, st.you) })), ' ');
  if (!seat) {
    if (askers.length) box.append(h('span', { id: 'rematch-status' }, t('rematch.asked', { names: names(askers) })));
  } else if (st.you !== null && r.agreed.includes(st.you)) {
    box.append(h('span', { id: 'rematch-status' }, t('rematch.waiting', { names: names(waiting) })));
  } else if (askers.length) {
    box.append(h('span', { id: 'rematch-status' }, t('rematch.asked', { names: names(askers) })), ' ',
      button('rematch-agree', 'rematch.agree', true, true), ' ', button('rematch-decline', 'rematch.decline', false, false));
  } else {
    box.append(button('rematch', 'rematch.button', true, true));
  }
  if (kept) {
    const to = box.querySelector('button, a');
    if (to instanceof HTMLElement) to.focus({ preventScroll: true });
  }
}

/**
 * Whether a bot plays `seat` now: a bot's seat, or a person's the stand-in plays.
 * @param {import('./state.js').GameState} st
 * @param {number} seat
 * @param {import('./state.js').GameState} st
 * @param {number} seat
 */
function playedByBot(st, seat) {
  const s = st.game && st.game.seats[seat];
  return !!s && (s.kind === 'bot' || !!(st.status && (st.status.stand_in || []).includes(seat)));
}

/**
 * Whether the seat's last placement may be taken back: the last thing done, or followed
 * only by bots' moves (issue 45: against bots, a takeback undoes their replies too).
 * @param {import('./state.js').GameState} st
 * @param {import('./state.js').GameState} st
 */
export function canTakeBack(st) {
  if (st.you === null || st.you === undefined || playedByBot(st, st.you)) return false;
  for (let i = st.log.length - 1; i >= 0; i--) {
    const d = st.log[i];
    if (!d.action) return false;
    if (d.seat === st.you) return d.action.kind === 'play' && d.v !== st.takebackRefused;
    if (d.seat === null || d.seat === undefined || !playedByBot(st, d.seat)) return false;
    if (!['play', 'draw', 'pass'].includes(d.action.kind)) return false;
  }
  return false;
}

/**
 * The takeback button and box: the button shows to a seat whose placement is the last thing
 * done at a table with takebacks, or followed only by bots' moves (the server checks again);
 * the box shows a takeback asked for: the others accept or refuse (`answer(accept)`), the
 * asker and spectators wait.
 * @param {HTMLButtonElement} button
 * @param {HTMLElement} box
 * @param {import('./state.js').GameState} st
 * @param {(accept: boolean) => void} answer
 */
export function renderTakeback(button, box, st, answer) {
  const seat = st.you !== null && st.you !== undefined;
  const mine = canTakeBack(st);
  button.hidden = !(st.game && st.game.takebacks && seat && mine && st.status && st.status.phase === 'playing' && !st.takeback);
  const p = st.takeback;
  const kept = box.contains(document.activeElement);
  box.replaceChildren();
  box.hidden = !p;
  if (!p) return;
  if (p.asker === st.you) {
    box.append(h('span', { id: 'takeback-status' }, t('takeback.waiting')));
    return;
  }
  box.append(h('span', { id: 'takeback-status' }, t('takeback.asked', { name: seatName(st.game, p.asker, st.you) })));
  if (st.you === null || st.you === undefined || p.agreed.includes(st.you)) return;
  const yes = h('button', { type: 'button', class: 'primary small', id: 'takeback-accept' }, t('takeback.accept'));
  const no = h('button', { type: 'button', class: 'small', id: 'takeback-refuse' }, t('takeback.refuse'));
  yes.addEventListener('click', () => { yes.disabled = true; no.disabled = true; answer(true); });
  no.addEventListener('click', () => { yes.disabled = true; no.disabled = true; answer(false); });
  box.append(' ', yes, ' ', no);
  if (kept) yes.focus({ preventScroll: true });
}

/**
 * What a takeback's end says to everyone (null: nothing to say).
 * @param {import('./state.js').GameState} st
 * @param {{outcome: string, by?: number | null}} r
 */
export function takebackText(st, r) {
  if (r.outcome === 'accepted') return t('takeback.accepted');
  if (r.outcome === 'lapsed') return t('takeback.lapsed');
  if (r.outcome === 'refused') return r.by === null || r.by === undefined ? t('takeback.failed') : t('takeback.refused', { name: seatName(st.game, r.by, st.you) });
  return null;
}
