// @ts-check
// A rules page per preset, for players: how to play, the scoring table (from the
// engine's own option values), the decisions the project took, and every option of
// the preset (from the server's option schema).
import { t } from './i18n.js';
import { h, meta } from './dom.js';
import { tileIcon } from './board.js';
import { specOf, itemNumbers, listOf, label, valueOf, valueText } from './options.js';

/**
 * @param {HTMLElement} main
 * @param {string} preset
 */
export async function showRules(main, preset) {
  const m = await meta();
  const p = m.presets.find((x) => x.name === preset) || m.presets[0];
  const o = p.options;
  const num = (/** @type {string} */ k) => Number(o[k]);
  main.className = 'rules';
  const hs = listOf(o.hand_size);
  const handSpec = specOf(m.options, 'hand_size');
  const deal = (handSpec ? itemNumbers(handSpec, m.options) : [])
    .map((n, i) => [n, hs[i]])
    .filter(([n]) => n >= p.min_players && n <= p.max_players)
    .map(([n, tiles]) => t('rules.deal_n', { n, tiles }));
  const hex = listOf(o.hexagon_bonus);
  const rows = [[t('rules.score.tile'), t('rules.score.tile_value')]];
  if (num('start_bonus')) rows.push([t('rules.score.start'), '+' + num('start_bonus')]);
  if (num('triple_start_bonus')) rows.push([t('rules.score.triple_start'), '+' + num('triple_start_bonus')]);
  if (num('zero_triple_bonus')) rows.push([t('rules.score.zero_triple'), '+' + (num('triple_start_bonus') + num('zero_triple_bonus'))]);
  if (num('bridge_bonus')) rows.push([t('reason.bridge'), '+' + num('bridge_bonus')]);
  if (num('bridge_bonus') && num('bridge_extension_bonus')) rows.push([t('reason.bridge_extension'), '+' + num('bridge_extension_bonus')]);
  if (hex[0]) rows.push([t('reason.hexagon'), '+' + hex[0]], [t('reason.double_hexagon'), '+' + hex[1]], [t('reason.triple_hexagon'), '+' + hex[2]]);
  rows.push([t('reason.draw'), '−' + num('draw_penalty')]);
  if (num('fail_penalty')) rows.push([t('rules.score.fail', { n: num('max_draws') }), '−' + num('fail_penalty')]);
  if (num('empty_pool_penalty')) rows.push([t('reason.pass'), '−' + num('empty_pool_penalty')]);
  rows.push([t('rules.score.out'), '+' + num('out_bonus') + (o.out_takes_hands === 'true' ? ' ' + t('rules.score.plus_hands') : '')]);
  rows.push([t('rules.score.blocked'), t('rules.blocked.' + o.blocked, { bonus: num('out_bonus') })]);
  const target = o.target === 'none' ? t('rules.end.single') : t('rules.end.' + o.game_end, { target: o.target });
  const decisions = ['vertex', 'after_draw', 'pass', 'reach', 'ties'];
  if (num('bridge_extension_bonus')) decisions.push('extension');
  if (o.first_tile === 'start_tile') decisions.push('zero');
  if (o.game_end === 'immediate') decisions.push('immediate');
  // Paragraphs a preset lacks are null: left out (append would write "null").
  main.append(...[
    h('nav', { class: 'presets' }, ...m.presets.map((x) => h('a', { href: '/rules/' + x.name, 'data-link': '', class: x.name === p.name ? 'current' : '' }, t('preset.' + x.name)))),
    h('h1', {}, t('rules.title', { preset: t('preset.' + p.name) })),
    h('p', { class: 'lead' }, t('preset.' + p.name + '.desc')),
    h('div', { class: 'deco' }, tileIcon('1-2-4', 0), tileIcon('2-4-5', 0), tileIcon('4-4-4', 0)),
    h('h2', {}, t('rules.h.material')),
    h('p', {}, t('rules.material')),
    h('h2', {}, t('rules.h.deal')),
    h('p', {}, t('rules.deal')), h('ul', {}, ...deal.map((d) => h('li', {}, d))),
    h('h2', {}, t('rules.h.start')),
    h('p', {}, t('rules.start.' + o.start)), h('p', {}, t('rules.first_tile.' + o.first_tile)),
    h('h2', {}, t('rules.h.turn')),
    h('p', {}, t('rules.turn')),
    h('p', {}, t(o.vertex_contacts_must_match === 'true' ? 'rules.match.vertex' : 'rules.match.edges')),
    h('p', {}, t(o.draw_when_able === 'true' ? 'rules.draw.when_able' : 'rules.draw.only_when_stuck', { max: num('max_draws'), cost: num('draw_penalty'), fail: num('fail_penalty') })),
    h('p', {}, t('rules.after_draw.' + o.after_draw)),
    h('p', {}, t('rules.pass')),
    num('bridge_bonus') ? h('p', {}, t('rules.bridge')) : null,
    hex[0] ? h('p', {}, t('rules.hexagon')) : null,
    h('h2', {}, t('rules.h.scoring')),
    h('table', { class: 'scoring' }, h('tbody', {}, ...rows.map(([a, b]) => h('tr', {}, h('th', {}, a), h('td', {}, b))))),
    h('h2', {}, t('rules.h.end')),
    h('p', {}, t('rules.round_end')), h('p', {}, target),
    h('h2', {}, t('rules.h.decisions')),
    h('ul', { class: 'decisions' }, ...decisions.map((d) => h('li', {}, t('rules.decision.' + d)))),
    h('h2', {}, t('rules.h.options')),
    h('p', {}, t('rules.options')),
    h('table', { class: 'scoring', id: 'ruleoptions' }, h('tbody', {}, ...m.options.map((spec) => h('tr', { 'data-option': spec.name },
      h('th', {}, label(spec)), h('td', {}, valueText(spec, valueOf(spec, o, p.name), m.options)))))),
    h('p', {}, h('a', { href: '/new', 'data-link': '', class: 'button primary' }, t('home.friends'))),
  ].flatMap((x) => (x ? [x] : [])));
  return null;
}
