// @ts-check
// The screen-reader table (a setting, remembered in this browser): the game told in words
// and played without the board. Every event is read out through a live region (who played
// what where, in the move notation of docs/notation.md, for how many points, which bonus);
// the board is described spot by spot (each open spot's name, the numbers its corners must
// hold, the tiles of this seat's own hand that fit there); a move is typed in the notation
// or chosen from lists (tile, then spot, then turn). The server names every placement and
// spot (core's one writer) and reads every typed move (core's one reader): this page never
// parses nor writes the notation itself, it shows the server's names and sends the text.
import { t, lang, spotWords, needsText } from '../i18n.js';
import { h, signed } from '../dom.js';
import { myTurn, placementsOf } from './state.js';
import { seatName } from './sheet.js';

const KEY = 'triominos.srtable';

/** Whether the screen-reader table is on in this browser. */
export function srOn() { return localStorage.getItem(KEY) === 'on'; }

/** Remembers the screen-reader table on or off. @param {boolean} on */
export function saveSrOn(on) { localStorage.setItem(KEY, on ? 'on' : 'off'); }

/** A list in words in the page's language: "a, b and c". @param {string[]} items */
export function listText(items) {
  return new Intl.ListFormat(lang(), { style: 'long', type: 'conjunction' }).format(items);
}

/**
 * An open spot in words: its name, where it is, what it needs, what of the hand fits.
 * @param {import('../types/wire').OpenSpot} s
 */
export function spotText(s) {
  const fits = s.fits.length ? t('sr.fits', { tiles: listText(s.fits) }) : t('sr.fits_none');
  return t('sr.spot_line', { name: s.spot.name, where: spotWords(s.spot), needs: needsText(s.needs, s.up), fits });
}

/**
 * What the new log entries tell, one line each: the round dealt, each play (in the
 * notation, its points and bonuses), draws, passes, timeouts, reveals, a round's end with
 * the totals, the game's end. A draw of this seat names the tile drawn (its own view).
 * @param {import('./state.js').GameState} st
 * @param {import('../types/wire').Delta[]} live
 */
export function eventLines(st, live) {
  // One voice: this seat's own events say "you" ("You drew"), the others' their names.
  const mine = (/** @type {number} */ i) => st.you !== null && st.you !== undefined && i === st.you;
  const name = (/** @type {number} */ i) => (mine(i) ? t('sr.you_word') : seatName(st.game, i));
  const say = (/** @type {number} */ i, /** @type {string} */ key, /** @type {import('../i18n.js').Params} */ params) => t((mine(i) ? 'sr.you.' : 'sr.') + key, params);
  /** @type {string[]} */
  const out = [];
  for (const d of live) {
    for (const e of d.events) {
      if (e.type === 'round_started') out.push(say(e.starter, 'round_started', { round: e.round, name: name(e.starter) }));
      else if (e.type === 'played') {
        let line = say(e.player, 'played', { name: name(e.player), move: e.notation, tile: e.placement.tile, points: signed(e.points) });
        const bonuses = e.bonuses.map((b) => t('reason.' + b));
        if (bonuses.length) line += ' ' + t('sr.bonuses', { bonuses: listText(bonuses) });
        for (const b of e.unclaimed || []) line += ' ' + t('game.bonus_lost', { bonus: t('reason.' + b) });
        out.push(line);
      } else if (e.type === 'drew') {
        const seen = mine(e.player) && st.me && st.me.drawn && !e.failed;
        out.push(seen && st.me ? t('sr.you_drew', { tile: st.me.drawn, points: signed(e.points) })
          : say(e.player, e.failed ? 'drew_failed' : 'drew', { name: name(e.player), points: signed(e.points) }));
      } else if (e.type === 'passed') out.push(say(e.player, 'passed', { name: name(e.player), points: signed(e.points) }));
      else if (e.type === 'timed_out') out.push((mine(e.player) ? t(e.took ? 'sr.you.timed_out_took' : 'sr.you.timed_out') : t(e.took ? 'log.timed_out_took' : 'log.timed_out', { name: name(e.player) })) + ` (${signed(e.points)})`);
      else if (e.type === 'revealed') out.push(mine(e.player) ? t('sr.you.revealed', { tile: e.tile }) : t('log.revealed', { name: name(e.player), tile: e.tile }));
      else if (e.type === 'round_ended') {
        const totals = d.status.totals.map((p, i) => t('sr.total', { name: name(i), points: p }));
        out.push(t('sr.round_ended', { round: e.round, totals: listText(totals) }));
      } else if (e.type === 'game_ended') {
        out.push(t('sr.game_ended', { names: listText(e.winners.map(name)) }));
      }
    }
  }
  return out;
}

/**
 * The table's section (hidden while the setting is off). `send(text)` sends a move typed
 * or chosen (the notation's text, read by the server).
 * @param {import('./state.js').GameState} st the game state
 * @param {{send: (text: string) => void}} on
 */
export function srTable(st, on) {
  const log = h('div', { class: 'srlog', id: 'sr-log', role: 'log', 'aria-live': 'polite', 'aria-labelledby': 'sr-log-title' });
  const status = h('p', { id: 'sr-status' });
  const hand = h('p', { id: 'sr-hand' });
  const spots = h('ul', { id: 'sr-spots', 'aria-labelledby': 'sr-spots-title' });
  const input = h('input', { type: 'text', id: 'sr-move', autocomplete: 'off', spellcheck: 'false', autocapitalize: 'off', 'aria-describedby': 'sr-move-help' });
  const play = h('button', { type: 'submit', id: 'sr-play' }, t('sr.play'));
  const error = h('p', { id: 'sr-error', role: 'alert', class: 'error' });
  const tileSel = h('select', { id: 'sr-tile' });
  const spotSel = h('select', { id: 'sr-spot' });
  const turnSel = h('select', { id: 'sr-turn' });
  const choose = h('button', { type: 'submit', id: 'sr-choose' }, t('sr.play_chosen'));
  const form = h('form', { id: 'sr-form' },
    h('label', { for: 'sr-move' }, t('sr.move_label')), ' ', input, ' ', play,
    h('p', { class: 'small', id: 'sr-move-help' }, t('sr.move_help')));
  const lists = h('form', { id: 'sr-lists' },
    h('fieldset', {}, h('legend', {}, t('sr.lists')),
      h('label', {}, t('sr.tile'), ' ', tileSel), ' ',
      h('label', {}, t('sr.spot'), ' ', spotSel), ' ',
      h('label', {}, t('sr.turn'), ' ', turnSel), ' ', choose));
  const box = h('section', { class: 'srtable', id: 'srtable', 'aria-labelledby': 'sr-title', hidden: !srOn() },
    h('h2', { id: 'sr-title' }, t('sr.title')),
    h('h3', { id: 'sr-log-title' }, t('sr.log')), log,
    h('div', { role: 'group', 'aria-labelledby': 'sr-now-title' }, h('h3', { id: 'sr-now-title' }, t('sr.now')), status),
    h('div', { role: 'group', 'aria-labelledby': 'sr-hand-title' }, h('h3', { id: 'sr-hand-title' }, t('sr.hand')), hand),
    h('h3', { id: 'sr-spots-title' }, t('sr.spots')), spots,
    form, error, lists);
  /** @type {string | null} the move typed and sent, until it is answered */
  let pending = null;

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const text = input.value.trim();
    if (!text) { error.textContent = t('errors.notation.empty'); return; }
    error.textContent = '';
    pending = text;
    on.send(text);
  });
  lists.addEventListener('submit', (e) => {
    e.preventDefault();
    const p = chosen();
    if (!p) return;
    error.textContent = '';
    on.send(p.notation + (st.announce ? '!' : ''));
  });
  tileSel.addEventListener('change', () => { fillSpots(); fillTurns(); });
  spotSel.addEventListener('change', () => fillTurns());

  /** This seat's legal placements (none off its turn). */
  const legal = () => (st.me && myTurn(st) ? st.me.legal : []);
  /** The name of a cell's spot, as the server wrote it ('' for the middle of an empty table). */
  const spotOf = (/** @type {import('../types/wire').Cell} */ cell) => {
    const s = (st.me ? st.me.spots : []).find((x) => x.cell[0] === cell[0] && x.cell[1] === cell[1]);
    return s ? s.spot : null;
  };
  /** @param {HTMLSelectElement} sel @param {Array<[string, string]>} items */
  const options = (sel, items) => {
    const was = sel.value;
    sel.replaceChildren(...items.map(([value, label]) => h('option', { value }, label)));
    if (items.some(([v]) => v === was)) sel.value = was;
    sel.disabled = items.length < 2;
  };
  function fillSpots() {
    const seen = new Map();
    for (const p of legal().filter((x) => x.tile === tileSel.value)) {
      const s = spotOf(p.cell);
      const k = p.cell.join(',');
      if (!seen.has(k)) seen.set(k, s ? `${s.name}, ${spotWords(s)}` : t('sr.middle_short'));
    }
    options(spotSel, [...seen]);
  }
  function fillTurns() {
    const ps = legal().filter((x) => x.tile === tileSel.value && x.cell.join(',') === spotSel.value);
    options(turnSel, ps.map((p) => /** @type {[string, string]} */ ([p.notation, `${p.notation} (${signed(p.points)})`])));
  }
  function chosen() {
    return legal().find((x) => x.notation === turnSel.value) || null;
  }

  /** Draws the table again from the state: the turn, the hand, the spots, the lists. */
  function render() {
    box.hidden = !srOn();
    const s = st.status;
    if (box.hidden || !st.game || !s) return;
    const placed = placementsOf(st.log).length;
    let line;
    if (s.phase === 'game_over') line = t('game.over');
    else if (s.phase === 'round_over') line = t('game.round_over', { round: s.round });
    else if (myTurn(st) && st.me) {
      const me = st.me;
      line = t('sr.your_turn');
      if (me.drawn && me.legal.length) line += ' ' + t('game.drawn_fits', { tile: me.drawn });
      else if (!me.legal.length) line += ' ' + t(me.can_draw ? 'game.must_draw' : me.can_pass ? 'game.must_pass' : 'game.your_turn');
    } else line = t('game.waiting', { name: seatName(st.game, s.to_move, st.you) });
    status.textContent = `${line} ${t('game.pool', { n: s.pool })}. ${t('game.round', { round: s.round })}.`;
    hand.textContent = st.me ? listText(st.me.hand) : t('game.spectating');
    const items = (st.me ? st.me.spots : []).map((x) => h('li', {}, spotText(x)));
    if (!placed && s.phase === 'playing') items.unshift(h('li', {}, t('sr.middle')));
    spots.replaceChildren(...items);
    const tiles = [...new Set(legal().map((p) => p.tile))];
    options(tileSel, tiles.map((x) => /** @type {[string, string]} */ ([x, x])));
    fillSpots();
    fillTurns();
    tileSel.disabled = !tiles.length;
    choose.disabled = !tiles.length;
    form.hidden = !st.me;
    lists.hidden = !st.me;
  }

  /**
   * Reads out the new log entries (and whose turn it is now).
   * @param {import('../types/wire').Delta[]} live
   */
  function told(live) {
    if (box.hidden) return;
    const lines = eventLines(st, live);
    if (lines.length && myTurn(st) && st.status && st.status.phase === 'playing') lines.push(t('sr.your_turn'));
    for (const line of lines) log.append(h('p', {}, line));
    while (log.children.length > 40) log.children[0].remove();
  }

  return {
    box,
    input,
    render,
    told,
    /** A move of this page's was taken: the box is emptied. */
    accepted() { if (pending !== null) { input.value = ''; pending = null; } error.textContent = ''; },
    /**
     * A refusal, worded: said at once (an alert), the typed text kept to be corrected.
     * @param {string} text
     */
    refused(text) { if (!box.hidden) { error.textContent = text; pending = null; } },
  };
}
