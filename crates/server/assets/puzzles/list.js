// The puzzles page: the daily puzzle with the streak, then a kind and its levels
// (the collection is ordered by difficulty: level 1 is the easiest).
// @ts-check
import { t } from '../i18n.js';
import { h, api } from '../dom.js';
import { isSolved, solvedCount, streak, personalPuzzles, removePersonal } from './store.js';
import { today } from './play.js';

export const KINDS = ['max_points', 'go_out', 'connect', 'best_turn'];

/** @param {HTMLElement} main */
export async function showList(main) {
  main.className = 'puzzles';
  document.title = t('app.title') + ' — ' + t('puzzles.title');
  /** @type {import('../types/wire').PuzzleList} */
  const { puzzles } = await api('GET', '/api/puzzles');
  let kind = localStorage.getItem('triominos.puzzles.kind');
  if (!kind || !KINDS.includes(kind)) kind = KINDS[0];
  const date = today();
  const tabs = h('div', { class: 'kinds', role: 'tablist' });
  const levels = h('div', { class: 'levels', id: 'levels' });
  const desc = h('p', { class: 'kinddesc', id: 'kinddesc' });
  const n = streak(date);
  main.append(h('div', { class: 'panel puzzlehead' },
    h('h1', {}, t('puzzles.title')),
    h('p', {}, t('puzzles.intro', { n: puzzles.length })),
    h('p', { class: 'daily' },
      h('a', { class: 'button primary', id: 'daily', href: '/puzzles/daily', 'data-link': '' }, t('puzzles.daily')),
      ' ', h('span', { class: 'streak', id: 'streak' }, t('puzzles.streak', { n })),
      ' ', h('span', { class: 'small', id: 'solvedcount' }, t('puzzles.solved_count', { n: solvedCount(puzzles.map((p) => p.id)), of: puzzles.length })))),
  h('div', { class: 'panel' }, tabs, desc, levels));
  // Your puzzles: the mistakes saved from your reviews (kept in this browser).
  const mine = h('section', { class: 'panel mine', id: 'mypuzzles' });
  main.append(mine);
  function drawMine() {
    const all = personalPuzzles();
    mine.hidden = !all.length;
    mine.replaceChildren(h('h2', {}, t('puzzles.mine')), h('p', { class: 'small' }, t('puzzles.mine_intro')),
      h('ul', { class: 'minelist' }, ...all.map((p) => {
        const del = h('button', { type: 'button', class: 'small', 'aria-label': t('puzzles.delete') }, '×');
        del.addEventListener('click', () => { removePersonal(p.id); drawMine(); });
        return h('li', {}, h('a', { href: '/puzzles/' + p.id, 'data-link': '', class: 'level' + (isSolved(p.id) ? ' solved' : ''), 'data-id': p.id },
          t('puzzles.mine_item', { round: p.round, date: p.saved || '', verdict: t('review.' + p.severity) })), ' ', del);
      })));
  }
  drawMine();

  function draw() {
    tabs.replaceChildren(...KINDS.map((k) => {
      const b = h('button', { type: 'button', role: 'tab', id: 'kind-' + k, 'aria-selected': k === kind ? 'true' : 'false' }, t('puzzles.kind.' + k));
      b.addEventListener('click', () => { kind = k; localStorage.setItem('triominos.puzzles.kind', k); draw(); });
      return b;
    }));
    desc.textContent = t('puzzles.kind.' + kind + '.desc');
    levels.replaceChildren(...puzzles.filter((p) => p.kind === kind).map((p) =>
      h('a', { class: 'level' + (isSolved(p.id) ? ' solved' : ''), href: '/puzzles/' + p.id, 'data-link': '', 'data-id': p.id, title: t('puzzles.level', { n: p.number }) }, String(p.number))));
  }
  draw();
}
