// @ts-check
// The waiting room of a table of people (issue 45): until every person has opened their
// link, the table shows who is here and who is awaited (live, from each snapshot), and
// nothing is played, no clock runs. The creator (the first person's seat) also sees the
// invitation links kept in this browser, "Start anyway" (once another person is here: the
// stand-in plays the seats still empty until their person comes), "Give to a bot" for each
// empty seat and "Cancel the table". A cancelled table says so. The server checks everything.
import { t } from '../i18n.js';
import { h } from '../dom.js';
import { seatName } from './sheet.js';

/**
 * Draws the waiting room into `box` (hidden once the game started). `invites`: the links
 * this browser kept when it created the table, or null; `send(msg)` sends a message.
 * @param {HTMLElement} box
 * @param {import('./state.js').GameState} st the table's state
 * @param {{seats: {link: string | null}[], spectator: string} | null} invites
 * @param {(msg: import('../types/wire').ClientMsg) => void} send
 */
export function renderWaiting(box, st, invites, send) {
  const g = st.game;
  if (g && g.cancelled) {
    box.hidden = false;
    box.replaceChildren(h('div', { class: 'panel', id: 'cancelled' },
      h('h2', {}, t('waiting.cancelled_title')),
      h('p', {}, t('waiting.cancelled')),
      h('a', { href: '/', 'data-link': '', class: 'button primary' }, t('nav.home'))));
    return;
  }
  const w = g && g.waiting;
  if (!w) { box.hidden = true; box.replaceChildren(); return; }
  box.hidden = false;
  const host = st.you === w.host;
  const url = (/** @type {string} */ p) => location.origin + p;
  const rows = g.seats.map((s, i) => {
    const name = seatName(g, i, st.you);
    if (s.kind === 'bot') return h('li', { 'data-seat': i, class: 'bot' }, h('strong', {}, name), ' — ', t('waiting.bot'));
    const here = w.arrived.includes(i);
    const parts = [h('strong', {}, name), ' — ', h('span', { class: here ? 'here' : 'awaited' }, here ? t('waiting.here') : t('waiting.awaited'))];
    const link = invites && invites.seats[i] && invites.seats[i].link;
    if (host && !here && link) {
      parts.push(h('span', { class: 'linkrow' },
        h('input', { type: 'text', readonly: true, value: url(link), class: 'link', 'data-seat': i, 'aria-label': t('invite.link_of', { name }) }),
        copyButton(url(link))));
    }
    if (host && !here && i !== w.host) {
      const give = h('button', { type: 'button', class: 'small', 'data-give': i }, t('waiting.give'));
      give.addEventListener('click', () => send({ type: 'give_seat', seat: i }));
      parts.push(' ', give);
    }
    return h('li', { 'data-seat': i, class: here ? 'here' : 'awaited' }, ...parts);
  });
  const others = w.arrived.filter((i) => i !== w.host).length;
  const children = [
    h('h2', { id: 'waiting-title' }, t('waiting.title')),
    h('p', {}, t('waiting.explain')),
    h('ol', { class: 'invites', id: 'waiting-seats' }, ...rows),
  ];
  if (host) {
    const start = h('button', { type: 'button', class: 'primary', id: 'start-anyway', disabled: others === 0 }, t('waiting.start'));
    start.addEventListener('click', () => send({ type: 'start' }));
    const cancel = h('button', { type: 'button', id: 'cancel-table' }, t('waiting.cancel'));
    cancel.addEventListener('click', () => { if (confirm(t('waiting.cancel_confirm'))) send({ type: 'cancel' }); });
    if (invites) {
      children.push(h('p', { class: 'small' }, t('invite.spectator')),
        h('p', { class: 'linkrow' }, h('input', { type: 'text', readonly: true, value: url(invites.spectator), class: 'link', id: 'spectator-link', 'aria-label': t('invite.spectator') }), copyButton(url(invites.spectator))));
    }
    children.push(h('p', { class: 'small' }, others === 0 ? t('waiting.start_when') : t('waiting.start_help')),
      h('p', { class: 'buttons' }, start, cancel));
  }
  children.push(h('p', { class: 'small', id: 'waiting-expires' }, t('waiting.expires', { minutes: Math.max(1, Math.ceil(w.expires_in_s / 60)) })));
  box.replaceChildren(h('div', { class: 'panel waiting', role: 'region', 'aria-labelledby': 'waiting-title', 'aria-live': 'polite' }, ...children));
}

/** A button that copies `text`. @param {string} text */
function copyButton(text) {
  const b = h('button', { type: 'button', class: 'small' }, t('invite.copy'));
  b.addEventListener('click', async () => {
    try { await navigator.clipboard.writeText(text); b.textContent = t('invite.copied'); } catch (e) { /* no clipboard */ }
  });
  return b;
}
