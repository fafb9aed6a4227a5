// The front page: one click to play a bot, the presets, the way to the other pages.
import { t, errorText } from './i18n.js';
import { h, api, meta, go } from './dom.js';
import { tileIcon } from './board.js';
import { defaultLevel, defaultPreset, savedName } from './prefs.js';
import { neverStarted } from './learn/progress.js';

/** Starts a game of one person against `opponents` bots and goes to it. */
export async function playSolo(preset, level, opponents) {
  const seats = [{ kind: 'human', name: savedName() }];
  for (let i = 0; i < (opponents || 1); i++) seats.push({ kind: 'bot', level });
  const g = await api('POST', '/api/games', { preset, seats });
  go(g.seats[0].link);
}

export async function showHome(main) {
  const m = await meta();
  main.className = 'home';
  const preset = defaultPreset();
  const level = defaultLevel(m.levels);
  const err = h('p', { class: 'error', role: 'alert' });
  const solo = h('button', { class: 'big primary', id: 'solo' }, t('home.solo'));
  solo.addEventListener('click', async () => {
    solo.disabled = true;
    try {
      await playSolo(preset, level, 1);
    } catch (e) {
      err.textContent = errorText(e);
      solo.disabled = false;
    }
  });
  const deco = h('div', { class: 'deco' }, tileIcon('3-4-5', 0), tileIcon('2-5-5', 1), tileIcon('0-0-0', 0));
  // A first visit is invited to the tutorial, above everything; later it stays one link away.
  const learn = neverStarted()
    ? h('section', { class: 'learnbanner', id: 'learn-banner' },
      h('p', {}, h('strong', {}, t('learn.banner')), ' ', t('learn.banner_detail')),
      h('a', { href: '/learn', 'data-link': '', class: 'button big primary', id: 'learn-cta' }, t('learn.banner_button')))
    : null;
  // A returning visitor has no invitation: left out (append would write "null").
  main.append(...[
    learn,
    h('section', { class: 'hero' },
      deco,
      h('h1', {}, t('home.title')),
      h('p', { class: 'lead' }, t('home.lead')),
      h('div', { class: 'cta' }, solo, h('a', { href: '/new', 'data-link': '', class: 'button big' }, t('home.friends'))),
      h('p', { class: 'small' }, t('home.solo_detail', { preset: t('preset.' + preset), level: t('level.' + level) })),
      err),
    h('section', { class: 'cards' },
      ...m.presets.map((p) => h('div', { class: 'card' },
        h('h3', {}, t('preset.' + p.name)),
        h('p', {}, t('preset.' + p.name + '.desc')),
        h('p', { class: 'small' }, t('home.players', { min: p.min_players, max: p.max_players })),
        h('a', { href: '/rules/' + p.name, 'data-link': '' }, t('home.read_rules'))))),
    h('section', { class: 'more' },
      h('a', { href: '/games', 'data-link': '' }, t('home.finished')), ' · ',
      h('a', { href: '/replay', 'data-link': '' }, t('home.open_tri')), ' · ',
      h('a', { href: '/learn', 'data-link': '', id: 'learn-link' }, t('learn.home_link'))),
  ].filter((x) => x !== null));
}
