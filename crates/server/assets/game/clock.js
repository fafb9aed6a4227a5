// @ts-check
// The table's clock and stand-in (issue 32): the countdown of the seat to move (the server
// sends the time left, never a time of day), a line for each seat a bot plays for its
// person ("Casual bot playing for Ann"), "Play my seat again" on that seat's page, and
// "Resign". Sends intents through `send`; draws nothing else.
import { t } from '../i18n.js';
import { h } from '../dom.js';
import { seatName } from './sheet.js';
import { paceText, leftText } from '../pace.js';

/**
 * The clock bar into `box` (by the rack: the countdown, the stand-in lines, "Play my seat
 * again"; hidden when it has nothing to say, so an untimed table's rack keeps its room) and
 * the pace and "Resign" into `side`; answers {render, close}. `render()` after each
 * message; the countdown ticks by itself.
 * @param {HTMLElement} box
 * @param {HTMLElement} side
 * @param {import('./state.js').GameState} st
 * @param {(intent: import('../types/wire').Intent) => void} send
 */
export function clockBar(box, side, st, send) {
  const count = h('span', { class: 'countdown', id: 'countdown', role: 'timer' });
  const pace = h('span', { class: 'pace small', id: 'pace' });
  const notes = h('div', { class: 'standins', id: 'standins', 'aria-live': 'polite' });
  const back = h('button', { type: 'button', class: 'primary', id: 'back-seat', hidden: true }, t('stand_in.back'));
  const resign = h('button', { type: 'button', class: 'small', id: 'resign', hidden: true }, t('resign.button'));
  // Both are shown only to a seat (st.you set).
  back.addEventListener('click', () => { if (st.you !== null) send({ kind: 'back', seat: st.you }); });
  resign.addEventListener('click', () => {
    if (st.you !== null && confirm(t('resign.confirm'))) send({ kind: 'resign', seat: st.you });
  });
  box.append(h('div', { class: 'clockline' }, count), notes, back);
  side.append(pace, ' ', resign);

  const shown = () => { box.hidden = count.hidden && !notes.childElementCount && back.hidden; };

  function tick() {
    const c = st.clock;
    if (!c || !st.status || st.status.phase === 'game_over') { count.hidden = true; shown(); return; }
    const past = performance.now() - (st.clockAt || 0);
    const left = c.remaining_ms - past;
    // The reserve (a live table's): spent once the turn's own time is up.
    const hasReserve = typeof c.reserve_ms === 'number';
    const reserve = typeof c.reserve_ms === 'number' ? c.reserve_ms - Math.max(0, past - c.remaining_ms) : 0;
    const time = leftText(left);
    count.hidden = false;
    count.classList.toggle('low', left < Math.min(10000, c.move_ms / 4) && (!hasReserve || reserve < 10000));
    count.classList.toggle('inreserve', hasReserve && left <= 0);
    let text;
    if (c.seat === null || c.seat === undefined) text = t('clock.next_round', { time });
    else if (c.seat === st.you) text = t('clock.left', { time });
    else text = t('clock.turn_of', { name: seatName(st.game, c.seat, st.you), time });
    if (hasReserve && c.seat !== null && c.seat !== undefined) text += ' · ' + t('clock.reserve', { time: leftText(reserve) });
    count.textContent = '⏱ ' + text;
    shown();
  }
  const timer = setInterval(tick, 250);

  function render() {
    if (!st.game || !st.status) return;
    const s = st.status;
    const standIn = s.stand_in || [];
    const resigned = s.resigned || [];
    const level = t('level.' + (st.game.stand_in || 'casual'));
    pace.textContent = paceText(st.game.pace);
    // Once the game is over nobody plays for anyone: no line is left (the game-over box
    // names every resignation).
    notes.replaceChildren(...(s.phase === 'game_over' ? [] : standIn).map((i) => h('p', { class: 'standin', 'data-seat': i },
      resigned.includes(i) ? t('stand_in.resigned', { name: seatName(st.game, i), level }) : t('stand_in.playing_for', { name: seatName(st.game, i), level }))));
    const you = st.you;
    const mine = you !== null && you !== undefined;
    back.hidden = !(mine && standIn.includes(you) && !resigned.includes(you) && s.phase !== 'game_over');
    resign.hidden = !(mine && !resigned.includes(you) && s.phase !== 'game_over');
    tick();
  }

  return { render, close: () => clearInterval(timer) };
}
