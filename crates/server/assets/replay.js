// Finished games, the replay viewer (step by step, every hand shown) and opening a .tri file.
import { t, errorText } from './i18n.js';
import { Board } from './board.js';
import { h } from './dom.js';
import { placementsOf } from './game/state.js';
import { seatName, renderSheet, actionText, handRow, roundSummary } from './game/sheet.js';

export async function showGames(main) {
  main.className = 'games';
  const r = await fetch('/api/games');
  const { games } = await r.json();
  const list = h('table', { class: 'gamelist' },
    h('thead', {}, h('tr', {}, h('th', {}, t('games.when')), h('th', {}, t('games.preset')), h('th', {}, t('games.players')), h('th', {}, t('games.winner')), h('th', {}, ''))),
    h('tbody', {}, ...games.map((g) => {
      const s = g.summary;
      const game = { seats: s.seats };
      return h('tr', {},
        h('td', {}, new Date(g.finished * 1000).toLocaleString()),
        h('td', {}, t('preset.' + s.preset)),
        h('td', {}, s.seats.map((_, i) => `${seatName(game, i)} ${s.totals[i]}`).join(' · ')),
        h('td', {}, s.winners.map((w) => seatName(game, w)).join(', ')),
        h('td', {}, h('a', { href: '/replay/' + g.id, 'data-link': '', class: 'button small' }, t('games.replay')), ' ', h('a', { href: `/api/games/${g.id}/record.tri`, class: 'button small', download: `triominos-${g.id}.tri` }, '.tri')));
    })));
  main.append(h('h1', {}, t('games.title')), games.length ? list : h('p', {}, t('games.none')), openTri());
}

function openTri() {
  const input = h('input', { type: 'file', accept: '.tri,text/plain', id: 'trifile' });
  const err = h('p', { class: 'error', role: 'alert' });
  input.addEventListener('change', async () => {
    const f = input.files[0];
    if (!f) return;
    const text = await f.text();
    const r = await fetch('/api/replay', { method: 'POST', body: text });
    const j = await r.json();
    if (!r.ok) { err.textContent = errorText(j); return; }
    history.pushState({}, '', '/replay');
    const main = document.getElementById('main');
    main.replaceChildren();
    viewer(main, j, null);
  });
  return h('div', { class: 'panel' }, h('label', { for: 'trifile' }, t('games.open_tri')), ' ', input, err);
}

export async function showReplay(main, id) {
  main.className = 'replay';
  if (!id) {
    main.append(h('h1', {}, t('replay.title')), openTri());
    return null;
  }
  const r = await fetch(`/api/games/${id}/replay`);
  const j = await r.json();
  if (!r.ok) { main.append(h('p', { class: 'error' }, errorText(j))); return null; }
  return viewer(main, j, id);
}

function viewer(main, data, id) {
  main.className = 'replay';
  const { game, frames } = data;
  let i = 0;
  let timer = null;
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.id = 'board';
  const board = new Board(svg, {});
  const hands = h('div', { class: 'hands' });
  const sheet = h('div', { class: 'sheetbox' });
  const label = h('p', { class: 'steplabel', id: 'steplabel', 'aria-live': 'polite' });
  const slider = h('input', { type: 'range', min: 0, max: frames.length - 1, value: 0, id: 'stepslider', 'aria-label': t('replay.step') });
  const mk = (txt, title, f) => { const b = h('button', { type: 'button', title, 'aria-label': title }, txt); b.addEventListener('click', f); return b; };
  const play = mk('▷', t('replay.play'), () => toggle());
  const controls = h('div', { class: 'controls' },
    mk('«', t('replay.first'), () => go(0)), mk('‹', t('replay.prev'), () => go(i - 1)), play,
    mk('›', t('replay.next'), () => go(i + 1)), mk('»', t('replay.last'), () => go(frames.length - 1)), slider);
  slider.addEventListener('input', () => go(Number(slider.value)));
  const links = h('p', { class: 'small' });
  if (id) links.append(h('a', { href: `/api/games/${id}/record.tri`, download: `triominos-${id}.tri`, class: 'button small' }, t('over.download')));
  main.append(h('h1', {}, t('replay.title'), ' — ', t('preset.' + game.preset)),
    h('div', { class: 'replaygrid' },
      h('section', { class: 'boardwrap' }, svg),
      h('section', { class: 'replayside' }, controls, label, hands, links, h('h2', {}, t('sheet.title')), sheet)));

  function go(k) {
    i = Math.max(0, Math.min(frames.length - 1, k));
    slider.value = i;
    const upto = frames.slice(0, i + 1);
    const f = frames[i];
    board.setTiles(placementsOf(upto, new Set([f.v])));
    board.fit();
    label.textContent = t('replay.step_of', { n: i, total: frames.length - 1 }) + ' — ' + actionText(f, game) + (f.drawn ? ` (${f.drawn})` : '');
    hands.replaceChildren(...game.seats.map((_, s) => h('div', { class: 'handline' + (f.status.to_move === s && f.status.phase === 'playing' ? ' active' : '') },
      h('strong', {}, seatName(game, s)), ' ', h('span', { class: 'total' }, String(f.status.totals[s])), handRow(f.hands[s]))));
    if (f.events.some((e) => e.type === 'round_ended')) {
      const s = roundSummary(upto, game);
      if (s) hands.append(s);
    }
    renderSheet(sheet, upto, game);
  }
  function toggle() {
    if (timer) { clearInterval(timer); timer = null; play.textContent = '▷'; return; }
    play.textContent = '||';
    timer = setInterval(() => { if (i >= frames.length - 1) toggle(); else go(i + 1); }, 700);
  }
  const onKey = (e) => {
    if (e.key === 'ArrowRight') go(i + 1);
    else if (e.key === 'ArrowLeft') go(i - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(frames.length - 1);
  };
  document.addEventListener('keydown', onKey);
  go(0);
  return () => { document.removeEventListener('keydown', onKey); if (timer) clearInterval(timer); };
}
