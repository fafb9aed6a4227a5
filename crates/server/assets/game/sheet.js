// @ts-check
// What the game screen and the replay both show of a game's log: seat names, a move in
// words, the score sheet, a hand, the summary of a round.
import { t, seatName } from '../i18n.js';
import { h, signed } from '../dom.js';
import { tileIcon } from '../board.js';
import { lastEvent } from './state.js';

export { seatName };

/**
 * Why a score changed, in words.
 * @param {{reason: string}} s
 */
export function reasonText(s) {
  return t('reason.' + s.reason);
}

/**
 * One entry of the log in words.
 * @param {import('../types/wire').Delta} d
 * @param {import('../types/wire').PublicGame} game
 * @param {number | null} [you]
 */
export function actionText(d, game, you) {
  const a = d.action;
  const who = d.seat === null || d.seat === undefined ? '' : seatName(game, d.seat, you);
  if (a.kind === 'play') return t('log.played', { name: who, tile: a.tile });
  if (a.kind === 'draw') {
    const drew = d.events.find((e) => e.type === 'drew');
    return drew && drew.failed ? t('log.drew_failed', { name: who }) : t('log.drew', { name: who });
  }
  if (a.kind === 'pass') return t('log.passed', { name: who });
  if (a.kind === 'next_round') return t('log.next_round', { round: d.status.round });
  if (a.kind === 'stand_in') return t('log.stand_in', { name: seatName(game, a.seat, you), level: t('level.' + (game.stand_in || 'casual')) });
  if (a.kind === 'back') return t('log.back', { name: seatName(game, a.seat, you) });
  if (a.kind === 'resign') return t('log.resign', { name: seatName(game, a.seat, you) });
  if (a.kind === 'time_out') {
    const e = d.events.find((x) => x.type === 'timed_out');
    return t(e && e.took ? 'log.timed_out_took' : 'log.timed_out', { name: seatName(game, a.seat, you) });
  }
  return t('log.start');
}

// The reasons of the scoring at the end of a round (the rest is the move's own).
export const END_REASONS = ['out', 'opponents_hands', 'own_hand', 'blocked_win'];

/**
 * A tile's name that never breaks across lines ("1-2-4").
 * @param {string} text
 */
function tileName(text) {
  return text.split(/(\d-\d-\d)/).map((part, i) => (i % 2 ? h('span', { class: 'nw' }, part) : part));
}

/**
 * The score sheet into `box`: one row per move (a pass that costs nothing shows ±0) and per
 * other score change, grouped by round, with reasons.
 * The move that ends a round keeps its own row; the end-of-round scoring follows in another.
 * `hintsUsed` ([{round, seat, count, takebacks?}], optional): under a round's heading, the
 * hints each seat was given in it and the moves it took back.
 * @param {HTMLElement} box
 * @param {import('../types/wire').Delta[]} log
 * @param {import('../types/wire').PublicGame} game
 * @param {number | null} [you]
 * @param {import('../types/wire').HintUse[]} [hintsUsed]
 */
export function renderSheet(box, log, game, you, hintsUsed) {
  box.replaceChildren();
  const n = game.seats.length;
  const table = h('table', { class: 'sheet' });
  table.append(h('thead', {}, h('tr', {}, h('th', {}, t('sheet.move')), ...[...Array(n).keys()].map((i) => {
    const name = seatName(game, i);
    return h('th', { class: 'seat', title: name }, h('span', { class: 'seatname' }, name));
  }))));
  const body = h('tbody', {});
  // `actor`: the seat that moved, shown ±0 when the move scored nothing (a free pass).
  /**
   * @param {string} label
   * @param {import('../types/wire').ScoreLine[]} scores
   * @param {string} cls
   * @param {string[] | null} lost
   * @param {number | null} [actor]
   */
  const row = (label, scores, cls, lost, actor) => {
    /** @type {Array<{pts: number, why: string[]} | null>} */
    const per = new Array(n).fill(null);
    for (const s of scores) {
      const p = per[s.player] || { pts: 0, why: [] };
      per[s.player] = p;
      p.pts += s.points;
      p.why.push(`${reasonText(s)} ${signed(s.points)}`);
    }
    if (actor !== null && actor !== undefined && !per[actor]) per[actor] = { pts: 0, why: [] };
    body.append(h('tr', { class: cls }, h('td', { class: 'what' }, tileName(label), lost && lost.length ? h('span', { class: 'why lost' }, lost.join(', ')) : null),
      ...per.map((p) => {
        if (!p) return h('td', {});
        return h('td', { class: p.pts < 0 ? 'neg' : p.pts > 0 ? 'pos' : 'zero', title: p.why.join(', ') || null }, h('span', { class: 'pts' }, signed(p.pts)), p.why.length ? h('span', { class: 'why' }, p.why.join(', ')) : null);
      })));
  };
  for (const d of log) {
    for (const e of d.events) {
      if (e.type !== 'round_started') continue;
      body.append(h('tr', { class: 'round' }, h('th', { colspan: n + 1 }, t('sheet.round', { round: e.round }))));
      const used = (hintsUsed || []).filter((u) => u.round === e.round && u.count > 0);
      if (used.length) {
        body.append(h('tr', { class: 'hintsrow' }, h('td', { class: 'what' }, t('hint.sheet_row')), ...[...Array(n).keys()].map((i) => {
          const u = used.find((x) => x.seat === i);
          return h('td', { class: 'hintcount', 'data-seat': i, title: u ? t('hint.sheet_title', { name: seatName(game, i), n: u.count }) : null }, u ? t('hint.sheet_count', { n: u.count }) : '');
        })));
      }
      // Moves taken back (against bots, or accepted by everyone), counted as hints are.
      const back = (hintsUsed || []).filter((u) => u.round === e.round && (u.takebacks || 0) > 0);
      if (back.length) {
        body.append(h('tr', { class: 'hintsrow takebacksrow' }, h('td', { class: 'what' }, t('takeback.sheet_row')), ...[...Array(n).keys()].map((i) => {
          const u = back.find((x) => x.seat === i);
          return h('td', { class: 'takebackcount', 'data-seat': i, title: u ? t('takeback.sheet_title', { name: seatName(game, i), n: u.takebacks }) : null }, u ? t('takeback.sheet_count', { n: u.takebacks }) : '');
        })));
      }
    }
    // Every move has its row, one that scores nothing (a pass) too: else the sheet would
    // show the next player moving twice. Other entries only when they score.
    const move = !!d.action && ['play', 'draw', 'pass'].includes(d.action.kind);
    // A seat left to the stand-in bot, taken back, resigned: a row of its own, scoring nothing.
    const note = !!d.action && ['stand_in', 'back', 'resign'].includes(d.action.kind);
    if (!d.scores.length && !move && !note) continue;
    // A figure formed but not announced (the announce rule) scores nothing: said under the move.
    const lost = d.events.flatMap((e) => (e.type === 'played' && e.unclaimed
      ? e.unclaimed.map((b) => t('sheet.not_announced', { bonus: reasonText({ reason: b }) }))
      : []));
    const roundEnd = d.events.some((e) => e.type === 'round_ended');
    const own = roundEnd ? d.scores.filter((s) => !END_REASONS.includes(s.reason)) : d.scores;
    const end = roundEnd ? d.scores.filter((s) => END_REASONS.includes(s.reason)) : [];
    if (own.length || move || note) row(actionText(d, game), own, note ? 'note' : '', lost, move ? d.seat : null);
    if (roundEnd) row(t('sheet.round_end'), end, 'end', null);
  }
  const last = log.length ? log[log.length - 1].status : null;
  table.append(body, h('tfoot', {}, h('tr', {}, h('th', {}, t('sheet.total')), ...[...Array(n).keys()].map((i) => h('th', {}, last ? String(last.totals[i]) : '0')))));
  box.append(table);
  box.scrollTop = box.scrollHeight;
}

/**
 * A hand as small tiles.
 * @param {string[]} tiles
 */
export function handRow(tiles) {
  const row = h('span', { class: 'handrow' });
  for (const tile of tiles) row.append(tileIcon(tile, 0, 'mini'));
  if (!tiles.length) row.append(h('em', {}, t('summary.empty_hand')));
  return row;
}

/** @param {string[]} tiles */
function tileSum(tiles) { return tiles.reduce((s, x) => s + x.split('-').map(Number).reduce((a, b) => a + b, 0), 0); }

/**
 * The end of the last round: every hand and how it was scored (null before any round ended); `titleId` names its heading.
 * @param {import('../types/wire').Delta[]} log
 * @param {import('../types/wire').PublicGame} game
 * @param {number | null} [you]
 * @param {string} [titleId]
 */
export function roundSummary(log, game, you, titleId) {
  const found = lastEvent(log, 'round_ended');
  if (!found) return null;
  const { e, d } = found;
  const n = game.seats.length;
  const how = e.end.kind === 'blocked' ? t('summary.blocked') : t('summary.out', { name: seatName(game, e.end.player, you) });
  const rows = [...Array(n).keys()].map((i) => {
    const mine = d.scores.filter((s) => s.player === i && END_REASONS.includes(s.reason));
    return h('tr', {},
      h('th', {}, seatName(game, i, you)),
      h('td', {}, handRow(e.hands[i]), h('span', { class: 'small' }, ' ' + t('summary.hand_sum', { sum: tileSum(e.hands[i]) }))),
      h('td', {}, mine.length ? mine.map((s) => `${reasonText(s)} ${signed(s.points)}`).join(', ') : '—'),
      h('td', { class: 'num' }, signed(d.status.round_points[i])),
      h('td', { class: 'num strong' }, String(d.status.totals[i])));
  });
  return h('div', { class: 'summary' },
    h('h2', { id: titleId || null }, t('summary.title', { round: e.round })),
    h('p', {}, how),
    h('table', { class: 'summarytable' },
      h('thead', {}, h('tr', {}, h('th', {}, ''), h('th', {}, t('summary.hand')), h('th', {}, t('summary.scoring')), h('th', {}, t('summary.round_points')), h('th', {}, t('summary.total')))),
      h('tbody', {}, ...rows)));
}
