// @ts-check
// The front page: one click to play a bot (its level, rules and bots chosen beside the
// button and remembered), the presets, the way to the other pages.
import { t, errorText, levelText, lang, seatName } from './i18n.js';
import { h, api, meta, go } from './dom.js';
import { tileIcon } from './board.js';
import { defaultLevel, defaultPreset, savedName, saveLevel, savePreset, soloBots, saveSoloBots, myGames, forgetGame } from './prefs.js';
import { neverStarted } from './learn/progress.js';
import { paceText } from './pace.js';

/**
 * Starts a game of one person against `opponents` bots and goes to it: hints on (a new
 * player meets them; the score sheet counts each one used), private (not listed among the
 * finished games; docs/web-game.md), takebacks on (against bots "Take back" undoes the
 * person's placement and the bots' replies, counted on the sheet).
 * @param {string} preset
 * @param {string} level
 * @param {number} [opponents]
 */
export async function playSolo(preset, level, opponents) {
  /** @type {Array<{kind: import('./types/wire').SeatKind, name?: string, level?: string}>} A request's seats (the server fills what is left out). */
  const seats = [{ kind: 'human', name: savedName() }];
  for (let i = 0; i < (opponents || 1); i++) seats.push({ kind: 'bot', level });
  const g = await api('POST', '/api/games', { preset, seats, hints: true, takebacks: true });
  go(g.seats[0].link);
}

/** @param {HTMLElement} main */
export async function showHome(main) {
  const m = await meta();
  main.className = 'home';
  // The solo game as last chosen here or in the lobby (remembered by prefs.js): the level,
  // the rules, how many bots (up to the rules' players less one).
  let preset = defaultPreset();
  if (!m.presets.some((p) => p.name === preset)) preset = m.presets[0].name;
  let level = defaultLevel(m.levels);
  const maxBots = () => (m.presets.find((p) => p.name === preset) || m.presets[0]).max_players - 1;
  let bots = soloBots(maxBots());
  const err = h('p', { class: 'error', role: 'alert' });
  const solo = h('button', { class: 'big primary', id: 'solo' }, t('home.solo'));
  solo.addEventListener('click', async () => {
    solo.disabled = true;
    try {
      await playSolo(preset, level, bots);
    } catch (e) {
      err.textContent = errorText(e);
      solo.disabled = false;
    }
  });
  const levelSel = h('select', { id: 'solo-level' }, ...m.levels.map((l) => h('option', { value: l, selected: l === level }, t('level.' + l))));
  const presetSel = h('select', { id: 'solo-preset' }, ...m.presets.map((p) => h('option', { value: p.name, selected: p.name === preset }, t('preset.' + p.name))));
  const botsSel = h('select', { id: 'solo-bots' });
  const strength = h('p', { class: 'small', id: 'solo-strength', 'aria-live': 'polite' });
  const drawChoices = () => {
    botsSel.replaceChildren(...Array.from({ length: maxBots() }, (_, i) => h('option', { value: i + 1, selected: i + 1 === bots }, String(i + 1))));
    strength.textContent = levelText(m, level);
  };
  drawChoices();
  levelSel.addEventListener('change', () => { level = levelSel.value; saveLevel(level); drawChoices(); });
  presetSel.addEventListener('change', () => {
    preset = presetSel.value;
    savePreset(preset);
    bots = Math.min(bots, maxBots());
    drawChoices();
  });
  botsSel.addEventListener('change', () => { bots = Number(botsSel.value); saveSoloBots(bots); });
  const field = (/** @type {string} */ id, /** @type {string} */ key, /** @type {HTMLElement} */ sel) => h('span', { class: 'field' }, h('label', { for: id }, t(key)), sel);
  const picker = h('div', { class: 'solopick', role: 'group', 'aria-label': t('home.solo_group') },
    field('solo-level', 'home.solo_level', levelSel), field('solo-preset', 'home.solo_rules', presetSel), field('solo-bots', 'home.solo_bots', botsSel));
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
      h('div', { class: 'cta' },
        h('div', { class: 'solo' }, solo, picker, strength),
        h('a', { href: '/new', 'data-link': '', class: 'button big' }, t('home.friends'))),
      h('p', { class: 'small' }, t('home.solo_more')),
      err),
    yourGames(),
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

// "Your games": the unfinished games this browser joined with a seat link (prefs.js), newest
// first, each with its rules, the others at the table, whose turn it is (the public
// GET /api/games/{id}), and "Continue". Finished games and games the server no longer has are
// forgotten. The section shows once one game is known to be unfinished.
const SHOWN = 12;
function yourGames() {
  const kept = myGames();
  const list = h('ul', { class: 'mygames' });
  const box = h('section', { class: 'yourgames', id: 'your-games', hidden: true, 'aria-labelledby': 'your-games-title' },
    h('h2', { id: 'your-games-title' }, t('mine.title')), list);
  if (!kept.length) return box;
  // One row per game, in the stored order, filled as the answers come.
  const rows = kept.slice(0, SHOWN).map((g) => {
    const li = h('li', { hidden: true, 'data-game': g.id });
    list.append(li);
    api('GET', '/api/games/' + g.id).then((info) => {
      if (!info || !info.status || info.status.phase === 'game_over') { forgetGame(g.id); li.remove(); return; }
      fill(li, g, info);
      li.hidden = false;
      box.hidden = false;
    }, (e) => {
      if (e && e.code === 'game_not_found') forgetGame(g.id);
      li.remove();
    });
    return li;
  });
  return rows.length ? box : null;
}

/**
 * @param {HTMLElement} li
 * @param {{id: string, token: string, seat: number | null, at: number}} g a game of this browser (prefs.js myGames)
 * @param {import('./types/wire').GameInfo} info the game as GET /api/games/{id} answers
 */
function fill(li, g, info) {
  const you = Number.isInteger(g.seat) ? g.seat : null;
  const others = info.seats.map((_, i) => i).filter((i) => i !== you).map((i) => seatName(info, i));
  const st = info.status;
  const mine = st.phase === 'playing' && st.to_move === you;
  const turn = st.phase === 'round_over' ? t('mine.round_over', { round: st.round })
    : mine ? t('mine.your_turn')
      : t('mine.turn_of', { name: seatName(info, st.to_move) });
  const when = new Date(g.at).toLocaleString(lang(), { dateStyle: 'medium', timeStyle: 'short' });
  li.className = mine ? 'mine' : '';
  li.replaceChildren(
    h('div', { class: 'what' },
      h('strong', {}, t('preset.' + info.preset)), ' ',
      h('span', { class: 'against' }, t('mine.against', { names: others.join(', ') })),
      h('div', { class: 'small' }, h('span', { class: 'whose' }, turn), ' · ', t('mine.round', { round: st.round }), ' · ', info.pace && info.pace.kind !== 'untimed' ? h('span', { class: 'pace' }, paceText(info.pace), ' · ') : null, h('time', { datetime: new Date(g.at).toISOString() }, when))),
    h('a', { href: '/g/' + g.id + '/' + g.token, 'data-link': '', class: 'button' + (mine ? ' primary' : ''), 'aria-label': t('mine.continue_label', { rules: t('preset.' + info.preset), names: others.join(', ') }) }, t('mine.continue')));
}
