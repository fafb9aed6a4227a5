// The tutorial (/learn): a lesson set per preset, each lesson a scripted position played on
// the real board and judged by the engine (learn/lesson.js). /learn/PRESET lists the set with
// the lessons solved (learn/progress.js), /learn/PRESET/NAME plays one.
// @ts-check
import { t, assetUrl } from './i18n.js';
import { h, api, meta } from './dom.js';
import { tileIcon } from './board.js';
import { solved, markStarted } from './learn/progress.js';
import { showLesson } from './learn/lesson.js';

/** @typedef {import('./learn/lesson.js').LessonSet} LessonSet */

function ensureCss() {
  if (document.getElementById('learncss')) return;
  document.head.append(h('link', { rel: 'stylesheet', href: assetUrl('learn.css'), id: 'learncss' }));
}

/** @type {Map<string, LessonSet>} */
const sets = new Map();
/**
 * @param {string} preset
 * @returns {Promise<LessonSet>}
 */
async function setOf(preset) {
  let set = sets.get(preset);
  if (!set) {
    set = /** @type {LessonSet} */ (await api('GET', '/api/learn/' + preset));
    sets.set(preset, set);
  }
  return set;
}

/**
 * @param {HTMLElement} main
 * @param {string | null | undefined} preset
 * @param {string | null | undefined} name
 */
export async function showLearn(main, preset, name) {
  ensureCss();
  markStarted();
  const m = await meta();
  /** @type {import('./types/wire').LessonSets} */
  const list = await api('GET', '/api/learn');
  const presets = m.presets.map((p) => p.name).filter((p) => list.sets[p]);
  if (!preset || !presets.includes(preset)) preset = presets.includes('goliath') ? 'goliath' : presets[0];
  let set;
  try {
    set = await setOf(preset);
  } catch (e) {
    main.append(h('p', { class: 'error' }, t('errors.' + (/** @type {{code?: string}} */ (e).code || 'unknown'))));
    return null;
  }
  const done = solved(preset);
  const index = name ? set.lessons.findIndex((l) => l.name === name) : -1;
  if (index >= 0) return showLesson(main, set, index, done);
  showIndex(main, set, presets, done);
  return null;
}

/**
 * @param {HTMLElement} main
 * @param {LessonSet} set
 * @param {string[]} presets
 * @param {Set<string>} done
 */
function showIndex(main, set, presets, done) {
  main.className = 'learn index';
  const lessons = set.lessons;
  const next = lessons.find((l) => !done.has(l.name));
  const finished = !next;
  const start = h('a', { class: 'button big primary', id: 'learn-start', href: `/learn/${set.preset}/${(next || lessons[0]).name}`, 'data-link': '' },
    finished ? t('learn.start_again') : done.size ? t('learn.continue') : t('learn.start'));
  main.append(
    h('section', { class: 'hero' },
      h('div', { class: 'deco' }, tileIcon('1-2-4', 0), tileIcon('2-4-4', 2), tileIcon('4-4-5', 1)),
      h('h1', {}, t('learn.title')),
      h('p', { class: 'lead' }, t('learn.lead')),
      h('nav', { class: 'presets' }, t('learn.rules_of'), ' ', ...presets.flatMap((p, i) => [i ? ' · ' : '', h('a', { href: '/learn/' + p, 'data-link': '', class: p === set.preset ? 'current' : '' }, t('preset.' + p))])),
      h('p', { class: 'progress', id: 'learn-progress' }, t('learn.progress', { done: lessons.filter((l) => done.has(l.name)).length, total: lessons.length })),
      finished ? h('p', { class: 'complete', id: 'learn-complete' }, t('learn.complete'), ' ', h('a', { href: '/', 'data-link': '' }, t('learn.play_now'))) : null,
      h('div', { class: 'cta' }, start)),
    h('ol', { class: 'lessons', id: 'lessons' }, ...lessons.map((l) => h('li', { class: done.has(l.name) ? 'done' : '', 'data-lesson': l.name },
      h('a', { href: `/learn/${set.preset}/${l.name}`, 'data-link': '' }, t(l.text + '.title')),
      done.has(l.name) ? h('span', { class: 'tick', 'aria-label': t('learn.solved') }, ' ✓') : null))),
    h('p', { class: 'small' }, h('a', { href: '/rules/' + set.preset, 'data-link': '' }, t('learn.read_rules', { preset: t('preset.' + set.preset) }))),
  );
}
