// The page: language, header, routes. Each page is a module with a show function that
// fills <main> and may answer a cleanup to run when the page is left.
import { LANGS, detect, setLang, t, lang } from './i18n.js';
import { go, onNavigate } from './dom.js';
import { showHome } from './home.js';
import { showLobby } from './lobby.js';
import { showGame } from './game.js';
import { showGames, showReplay } from './replay.js';
import { showRules } from './rules.js';
import { showPad } from './pad.js';
import { showPuzzles } from './puzzles.js';

let cleanup = null;

function header() {
  const nav = document.getElementById('nav');
  nav.replaceChildren();
  for (const [href, key] of [['/new', 'nav.new'], ['/games', 'nav.games'], ['/pad', 'nav.pad'], ['/rules/goliath', 'nav.rules'], ['/puzzles', 'puzzles.nav']]) {
    const a = document.createElement('a');
    a.href = href;
    a.dataset.link = '';
    a.textContent = t(key);
    nav.appendChild(a);
  }
  const sel = document.getElementById('lang');
  sel.replaceChildren();
  for (const l of LANGS) {
    const o = document.createElement('option');
    o.value = l;
    o.textContent = t('lang.' + l);
    o.selected = l === lang();
    sel.appendChild(o);
  }
  document.getElementById('langlabel').textContent = t('nav.language');
  document.title = t('app.title');
}

async function route() {
  if (cleanup) {
    try { cleanup(); } catch (e) { /* ignore */ }
    cleanup = null;
  }
  header();
  const main = document.getElementById('main');
  main.replaceChildren();
  main.className = '';
  const parts = location.pathname.split('/').filter(Boolean);
  let r;
  if (parts.length === 0) r = showHome(main);
  else if (parts[0] === 'new') r = showLobby(main);
  else if (parts[0] === 'games') r = showGames(main);
  else if (parts[0] === 'replay') r = showReplay(main, parts[1]);
  else if (parts[0] === 'rules') r = showRules(main, parts[1] || 'goliath');
  else if (parts[0] === 'pad') r = showPad(main, parts[1]);
  else if (parts[0] === 'g' && parts[1]) r = showGame(main, parts[1], parts[2] || null);
  else if (parts[0] === 'puzzles') r = showPuzzles(main, parts[1]);
  else r = showHome(main);
  cleanup = (await r) || null;
}

document.addEventListener('click', (e) => {
  const a = e.target.closest('a[data-link]');
  if (a && !e.ctrlKey && !e.metaKey && !e.shiftKey && a.origin === location.origin) {
    e.preventDefault();
    go(a.pathname + a.search);
  }
});
window.addEventListener('popstate', route);
onNavigate(route);

(async () => {
  await setLang(detect(), false);
  document.getElementById('lang').addEventListener('change', async (e) => {
    await setLang(e.target.value, true);
    route();
  });
  route();
})();
