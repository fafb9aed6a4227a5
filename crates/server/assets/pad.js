// The score pad: a score sheet for a game played with a real box. The page sends
// entries (a tile placed, draws, a pass, a round end); the server scores them with the
// rules engine and answers with the whole sheet. This module picks the page: the list
// of sheets and a new one (pad/list.js) or one sheet (pad/sheet.js, pad/form.js).
// @ts-check
import { h } from './dom.js';
import { assetUrl } from './i18n.js';
import { showList } from './pad/list.js';
import { showSheet } from './pad/sheet.js';

function ensureCss() {
  if (document.getElementById('padcss')) return;
  document.head.append(h('link', { rel: 'stylesheet', href: assetUrl('pad.css'), id: 'padcss' }));
}

/**
 * @param {HTMLElement} main
 * @param {string | null | undefined} id
 */
export async function showPad(main, id) {
  ensureCss();
  return id ? showSheet(main, id) : showList(main);
}
