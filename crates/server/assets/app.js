// @ts-check
// The page: language, header, routes. Each page is a module with a show function that
// fills <main> and may answer a cleanup to run when the page is left.
import { LANGS, detect, setLang, t, lang } from './i18n.js';
import { go, onNavigate, byId } from './dom.js';

// Each page's module is fetched when the page is first shown (the front page needs
// neither the game nor the score pad).
const pages = {
  home: () => import('./home.js'),
  lobby: () => import('./lobby.js'),
  game: () => import('./game.js'),
  replay: () => import('./replay.js'),
  rules: () => import('./rules.js'),
  pad: () => import('./pad.js'),
  learn: () => import('./learn.js'),
  puzzles: () => import('./puzzles.js'),
  review: () => import('./review.js'),
};

/** @type {(() => void) | null} what the page shown asks to run when it is left */
let cleanup = null;

function header() {
  const nav = byId('nav');
  menuButton(nav);
  nav.replaceChildren();
  for (const [href, key] of [['/new', 'nav.new'], ['/games', 'nav.games'], ['/pad', 'nav.pad'], ['/rules/goliath', 'nav.rules'], ['/learn', 'nav.learn'], ['/puzzles', 'puzzles.nav']]) {
    const a = document.createElement('a');
    a.href = href;
    a.dataset.link = '';
    a.textContent = t(key);
    nav.appendChild(a);
  }
  const sel = byId('lang');
  sel.replaceChildren();
  for (const l of LANGS) {
    const o = document.createElement('option');
    o.value = l;
    o.textContent = t('lang.' + l);
    o.selected = l === lang();
    sel.appendChild(o);
  }
  byId('langlabel').textContent = t('nav.language');
  themeButton();
  document.title = t('app.title');
  headerHeight();
}

// On a phone the menu's links wait behind a button (style.css hides the button on wider
// screens): it opens them over the page; a link taken, Escape or a tap elsewhere closes them.
/** @param {HTMLElement} nav */
function menuButton(nav) {
  const top = byId('top');
  const old = document.getElementById('menu');
  const b = old || document.createElement('button');
  if (!old) {
    /** @type {HTMLButtonElement} */ (b).type = 'button';
    b.id = 'menu';
    b.setAttribute('aria-controls', 'nav');
    const icon = document.createElement('span');
    icon.setAttribute('aria-hidden', 'true');
    icon.textContent = '☰';
    const label = document.createElement('span');
    label.className = 'sr';
    b.append(icon, label);
    b.addEventListener('click', () => setMenu(!top.classList.contains('open')));
    top.prepend(b);
    document.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && top.classList.contains('open')) { setMenu(false); b.focus(); }
    });
    document.addEventListener('click', (e) => { if (top.classList.contains('open') && !(e.target instanceof Node && top.contains(e.target))) setMenu(false); });
  }
  /** @type {Element} */ (b.lastElementChild).textContent = t('nav.menu');
  b.title = t('nav.menu');
  setMenu(false);
}
/** @param {boolean} open */
function setMenu(open) {
  byId('top').classList.toggle('open', open);
  byId('menu').setAttribute('aria-expanded', open ? 'true' : 'false');
}

// The theme: the system's (prefers-color-scheme) until the toggle chooses; the choice is remembered.
function darkNow() {
  const set = document.documentElement.dataset.theme;
  return set ? set === 'dark' : matchMedia('(prefers-color-scheme: dark)').matches;
}
function themeButton() {
  const b = document.getElementById('theme');
  if (!b) return;
  const dark = darkNow();
  b.setAttribute('aria-pressed', dark ? 'true' : 'false');
  b.title = t('theme.dark');
  /** @type {Element} */ (b.firstElementChild).textContent = dark ? '☀' : '☾';
  byId('themelabel').textContent = t('theme.dark');
}
document.getElementById('theme')?.addEventListener('click', () => {
  const next = darkNow() ? 'light' : 'dark';
  document.documentElement.dataset.theme = next;
  localStorage.setItem('triominos.theme', next);
  themeButton();
});
matchMedia('(prefers-color-scheme: dark)').addEventListener('change', themeButton);

// The header's height, for the layouts that fill the rest of the screen (style.css --headh).
function headerHeight() {
  const top = byId('top');
  if (top) document.documentElement.style.setProperty('--headh', top.offsetHeight + 'px');
}
window.addEventListener('resize', headerHeight);

async function route() {
  if (cleanup) {
    try { cleanup(); } catch (e) { /* ignore */ }
    cleanup = null;
  }
  header();
  const main = byId('main');
  main.replaceChildren();
  main.className = '';
  const parts = location.pathname.split('/').filter(Boolean);
  const at = location.pathname;
  let show;
  if (parts.length === 0) show = async () => (await pages.home()).showHome(main);
  else if (parts[0] === 'new') show = async () => (await pages.lobby()).showLobby(main);
  else if (parts[0] === 'games') show = async () => (await pages.replay()).showGames(main);
  else if (parts[0] === 'replay') show = async () => (await pages.replay()).showReplay(main, parts[1]);
  else if (parts[0] === 'rules') show = async () => (await pages.rules()).showRules(main, parts[1] || 'goliath');
  else if (parts[0] === 'pad') show = async () => (await pages.pad()).showPad(main, parts[1]);
  else if (parts[0] === 'learn') show = async () => (await pages.learn()).showLearn(main, parts[1], parts[2]);
  else if (parts[0] === 'puzzles') show = async () => (await pages.puzzles()).showPuzzles(main, parts[1]);
  else if (parts[0] === 'review' && parts[1]) show = async () => (await pages.review()).showReview(main, parts[1]);
  else if (parts[0] === 'g' && parts[1]) show = async () => (await pages.game()).showGame(main, parts[1], parts[2] || null);
  else show = async () => notFound(main);
  const done = (await show()) || null;
  // Left while the page's module was loading: clean up at once.
  if (location.pathname !== at && done) { try { done(); } catch (e) { /* ignore */ } }
  else cleanup = done;
}

// An address the site has no page for (the server answers it with this page and a 404).
/** @param {HTMLElement} main */
function notFound(main) {
  const p = document.createElement('p');
  p.id = 'not-found';
  p.textContent = t('page.not_found');
  const a = document.createElement('a');
  a.href = '/';
  a.dataset.link = '';
  a.textContent = t('nav.home');
  const box = document.createElement('div');
  box.className = 'panel';
  box.append(p, a);
  main.append(box);
}

document.addEventListener('click', (e) => {
  const a = e.target instanceof Element ? e.target.closest('a[data-link]') : null;
  if (a instanceof HTMLAnchorElement && !e.ctrlKey && !e.metaKey && !e.shiftKey && a.origin === location.origin) {
    e.preventDefault();
    go(a.pathname + a.search);
  }
});
window.addEventListener('popstate', route);
onNavigate(route);

(async () => {
  await setLang(detect(), false);
  byId('lang').addEventListener('change', async (e) => {
    await setLang(/** @type {HTMLSelectElement} */ (e.currentTarget).value, true);
    route();
  });
  route();
})();
