// The puzzles: pick a kind and a level, or the daily puzzle (puzzles/list.js), and solve
// one on the game's board with the game's controls (puzzles/play.js). The server checks
// every try and hint with the rules engine; what was solved is kept in the browser
// (puzzles/store.js).
// @ts-check
import { h } from './dom.js';
import { assetUrl } from './i18n.js';
import { showList } from './puzzles/list.js';
import { showPuzzle, today } from './puzzles/play.js';

function ensureCss() {
  if (document.getElementById('puzzlescss')) return;
  document.head.append(h('link', { rel: 'stylesheet', href: assetUrl('puzzles/puzzles.css'), id: 'puzzlescss' }));
}

/**
 * @param {HTMLElement} main
 * @param {string | null | undefined} id
 */
export async function showPuzzles(main, id) {
  ensureCss();
  if (!id) return showList(main);
  if (id === 'daily') return showPuzzle(main, null, today());
  return showPuzzle(main, id, null);
}
