// One score pad sheet: the page's state, the server calls that change the sheet (an entry
// added, changed, undone or deleted, answered with the whole sheet), and the parts drawn
// around the entry form (pad/form.js): the title, the players' totals, the banner and the
// sheet table, whose rows open an entry for editing. A change sends the sheet's owner key
// (pad/keys.js); without it the sheet is shown read only.
// @ts-check
import { t, lang, errorText } from '../i18n.js';
import { h, api, signed, toast } from '../dom.js';
import { tileIcon } from '../board.js';
import { blankForm, formOfEntry, refusalText, reasonsText } from './entry.js';
import { renderPanel } from './form.js';
import { keyOf, keepKey, keyHeaders, editingLink, takeKeyFromLink } from './keys.js';

/** @typedef {import('../types/wire').SheetView} SheetView */
/** @typedef {import('../types/wire').KeyedSheet} KeyedSheet */
/** @typedef {import('../types/wire').LineView} LineView */
/** @typedef {import('../types/wire').Refusal} Refusal */

/**
 * @param {HTMLElement} main
 * @param {string} id
 */
export async function showSheet(main, id) {
  main.className = 'pad';
  /** @type {SheetView} */
  let sheet;
  takeKeyFromLink(id);
  try {
    sheet = await api('GET', '/api/pad/' + id);
    // A sheet of a server before the owner keys: whoever opens it first claims it.
    if (!sheet.owned && !keyOf(id)) {
      try {
        /** @type {KeyedSheet} */
        const claimed = await api('POST', `/api/pad/${id}/claim`);
        keepKey(id, claimed.key);
        sheet = claimed;
      } catch (e) { /* claimed by someone else meanwhile: read only here */ }
    }
  } catch (e) {
    main.append(h('p', { class: 'error' }, errorText(e)), h('a', { href: '/pad', 'data-link': '' }, t('pad.all_sheets')));
    return null;
  }
  // The page's state, shared with the form: the sheet as the server last sent it, the
  // form being filled, the entry being edited (its index, or null).
  /** @type {import('./form.js').Page} */
  const P = {
    id,
    sheet,
    // The forms as newForm() makes them (it runs again before the first render).
    ...blankForm(sheet),
    editing: null,
    previewSeq: 0,
    busy: false,
    nameOf: (i) => P.sheet.names[i] || t('seat.player', { n: i + 1 }),
    opt: (k) => P.sheet.options[k],
    st: () => P.sheet.status,
    newForm: () => { Object.assign(P, blankForm(P.sheet)); P.editing = null; },
    render: () => render(),
    commit: (entry, errBox) => commit(entry, errBox),
    undo: (errBox) => undo(errBox),
    removeEntry: (i, errBox) => removeEntry(i, errBox),
  };
  const head = h('div', { class: 'padhead' });
  const board = h('div', { class: 'padboard', id: 'padboard' });
  const banner = h('div', { class: 'padbanner', id: 'padbanner', role: 'status' });
  const panel = h('section', { class: 'padpanel', id: 'padpanel' });
  const sheetBox = h('section', { class: 'padsheet', id: 'padsheet' });
  main.append(head, board, banner, h('div', { class: 'padcols' }, panel, sheetBox));

  /**
   * @param {string} method
   * @param {string} path
   * @param {unknown} [body]
   * @returns {Promise<SheetView | null>}
   */
  async function send(method, path, body) {
    if (P.busy) return null;
    P.busy = true;
    try {
      const sep = path.includes('?') ? '&' : '?';
      P.sheet = await api(method, `${path}${sep}version=${P.sheet.version}`, body, keyHeaders(P.id));
      return P.sheet;
    } catch (e) {
      if (/** @type {Refusal} */ (e).code === 'stale_sheet') {
        toast(t('pad.stale'), 'error');
        P.sheet = await api('GET', '/api/pad/' + P.id);
        P.newForm();
        render();
        return null;
      }
      throw e;
    } finally {
      P.busy = false;
    }
  }

  /** @param {LineView} line */
  function announce(line) {
    const e = line && line.entry;
    if (!e) return;
    if (e.kind === 'out' || e.kind === 'blocked') {
      toast(t('pad.round_scored', { round: line.round }));
      return;
    }
    const pts = line.points[e.player];
    toast(`${P.nameOf(e.player)} ${signed(pts)}`);
    for (const it of line.items) {
      if (['bridge', 'bridge_extension', 'hexagon', 'double_hexagon', 'triple_hexagon'].includes(it.reason)) toast(t('bonus.' + it.reason), 'bonus');
    }
  }

  /**
   * @param {unknown} entry
   * @param {Element} errBox
   */
  async function commit(entry, errBox) {
    errBox.textContent = '';
    try {
      const before = P.sheet.entries.length;
      let r;
      if (P.editing !== null) r = await send('PUT', `/api/pad/${P.id}/entries/${P.editing}`, { entry });
      else r = await send('POST', `/api/pad/${P.id}/entries`, { entry });
      if (!r) return;
      if (P.editing === null && P.sheet.entries.length > before) announce(P.sheet.entries[P.sheet.entries.length - 1]);
      else toast(t('pad.changed'));
      P.newForm();
      render();
    } catch (e) {
      errBox.textContent = refusalText(e, P.nameOf);
    }
  }

  /** @param {Element} errBox */
  async function undo(errBox) {
    try {
      if (await send('POST', `/api/pad/${P.id}/undo`)) { toast(t('pad.undone')); P.newForm(); render(); }
    } catch (e) {
      errBox.textContent = refusalText(e, P.nameOf);
    }
  }

  /**
   * @param {number} i
   * @param {Element} errBox
   */
  async function removeEntry(i, errBox) {
    try {
      if (await send('DELETE', `/api/pad/${P.id}/entries/${i}`)) { toast(t('pad.changed')); P.newForm(); render(); }
    } catch (e) {
      errBox.textContent = refusalText(e, P.nameOf);
    }
  }

  function renderHead() {
    const target = P.opt('target') === 'none' ? t('opt.target.none') : t('pad.to_target', { target: P.opt('target') });
    const csv = h('a', { class: 'button small', href: `/api/pad/${P.id}/sheet.csv?lang=${lang()}`, download: `triominos-pad-${P.id}.csv`, id: 'padcsv' }, t('pad.csv'));
    const print = h('button', { type: 'button', class: 'small', id: 'padprint' }, t('pad.print'));
    print.addEventListener('click', () => window.print());
    // The editing link lets another phone at the table change the sheet.
    const link = editingLink(P.id);
    const share = link ? h('button', { type: 'button', class: 'small', id: 'padshare' }, t('pad.share')) : null;
    if (share && link) {
      share.addEventListener('click', async () => {
        try { await navigator.clipboard.writeText(link); toast(t('pad.share_copied')); } catch (e) { toast(link); }
      });
    }
    head.replaceChildren(
      h('div', { class: 'padtitle' }, h('h1', {}, t('pad.title')), h('span', { class: 'padrules' }, `${t('preset.' + P.sheet.preset)} · ${target}`)),
      h('div', { class: 'padtools noprint' }, csv, print, ...(share ? [share] : []), h('a', { class: 'button small', href: '/pad', 'data-link': '' }, t('pad.all_sheets'))),
      ...(link ? [] : [h('p', { class: 'padreadonly noprint', id: 'padreadonly', role: 'note' }, t('pad.read_only'))]));
  }

  function renderBoard() {
    const s = P.st();
    board.replaceChildren();
    P.sheet.names.forEach((_, i) => {
      const active = s.phase === 'playing' ? s.to_play === i : s.phase === 'opening' && P.form.player === i;
      const card = h('button', {
        type: 'button',
        class: 'padplayer' + (active ? ' active' : '') + (s.winners.includes(i) ? ' winner' : '') + (s.reached.includes(i) ? ' reached' : ''),
        'data-seat': i,
        disabled: s.phase !== 'opening' || P.editing !== null,
        'aria-pressed': active ? 'true' : 'false',
      },
      h('span', { class: 'pname' }, P.nameOf(i)),
      h('span', { class: 'ptotal' }, String(s.totals[i])),
      h('span', { class: 'pmeta' },
        s.phase === 'game_over' ? (s.winners.includes(i) ? '♛ ' + t('pad.wins') : '') : [h('span', {}, `${t('pad.round_short')} ${signed(s.round_points[i])}`), h('span', {}, t('pad.in_hand', { n: s.hands[i] }))]));
      card.addEventListener('click', () => { if (P.st().phase === 'opening') { P.form.player = i; render(); } });
      board.append(card);
    });
  }

  function renderBanner() {
    const s = P.st();
    const parts = [];
    if (s.phase === 'opening') parts.push(`${t('pad.round_n', { round: s.round })} · ${t('pad.pool', { n: s.pool })}`);
    if (s.phase === 'playing') parts.push(`${t('pad.round_n', { round: s.round })} · ${t('pad.turn', { name: s.to_play === null ? '' : P.nameOf(s.to_play) })} · ${t('pad.pool', { n: s.pool })}`);
    if (s.phase === 'round_over') parts.push(s.round_end && s.round_end.kind === 'out' ? t('pad.went_out', { name: P.nameOf(s.round_end.player) }) : t('pad.blocked_title'));
    if (s.phase === 'game_over') {
      const names = s.winners.map(P.nameOf).join(', ');
      parts.push(s.winners.length > 1 ? t('over.winners', { names }) : t('over.winner', { names }));
    }
    banner.className = 'padbanner' + (s.phase === 'game_over' ? ' over' : '');
    banner.replaceChildren(h('strong', {}, parts.join(' ')));
    if (s.phase === 'opening') banner.append(h('p', { class: 'small' }, `${t('opt.start')}: ${t('opt.start.' + P.opt('start'))}`));
    if (s.reached.length && s.phase !== 'game_over') {
      banner.append(h('p', { class: 'padreached', id: 'padreached' }, '★ ' + t('pad.reached.' + P.opt('game_end'), { names: s.reached.map(P.nameOf).join(', '), target: P.opt('target') })));
    }
    if (P.opt('target') === 'none' && s.phase !== 'game_over') banner.append(h('p', { class: 'small' }, t('rules.end.single')));
  }

  /** @param {LineView} l */
  function entryText(l) {
    const e = l.entry;
    if (!e) return [];
    const player = /** @type {{player?: number}} */ (e).player;
    const who = player !== undefined && player !== null ? P.nameOf(player) : '';
    const bonusWords = (/** @type {import('../types/wire').Figures | null | undefined} */ b) => {
      const w = [];
      if (b && b.bridge) w.push(t('reason.bridge'));
      if (b && b.bridge_extension) w.push(t('reason.bridge_extension'));
      if (b && b.hexagons) w.push(t('reason.' + ['hexagon', 'double_hexagon', 'triple_hexagon'][b.hexagons - 1]));
      return w.length ? ' · ' + w.join(', ') : '';
    };
    const tile = (/** @type {string} */ x) => h('span', { class: 'nw' }, tileIcon(x, 0, 'mini'), ' ' + x);
    if (e.kind === 'play') return [h('strong', {}, who), ' ', tile(e.tile), bonusWords(e.bonus)];
    if (e.kind === 'draw') {
      if (e.placed) return [h('strong', {}, who), ' ', h('span', { class: 'nw' }, t('pad.row.drew', { n: e.draws }), ' →'), ' ', tile(e.placed.tile), bonusWords(e.placed.bonus)];
      return [h('strong', {}, who), ' ', t('pad.row.drew', { n: e.draws }), ', ', t('pad.row.nothing')];
    }
    if (e.kind === 'pass') return [h('strong', {}, who), ' ', t('pad.row.pass')];
    if (e.kind === 'out') return [h('strong', {}, t('pad.row.out', { name: who }))];
    return [h('strong', {}, t('pad.row.blocked'))];
  }

  function renderSheetTable() {
    const n = P.sheet.names.length;
    sheetBox.replaceChildren(h('h2', {}, t('pad.sheet')));
    const table = h('table', { class: 'sheet padtable', id: 'padtable' });
    table.append(h('thead', {}, h('tr', {}, h('th', { class: 'num' }, '#'), h('th', {}, t('pad.col.entry')), ...sheet.names.map((_, i) => h('th', { class: 'pcol' }, P.nameOf(i))))));
    const body = h('tbody', {});
    let round = 0;
    P.sheet.entries.forEach((l, i) => {
      if (l.round !== round) {
        round = l.round;
        body.append(h('tr', { class: 'round' }, h('th', { colspan: n + 2 }, t('pad.round_n', { round }))));
      }
      const e = l.entry;
      if (!e) return;
      const end = e.kind === 'out' || e.kind === 'blocked';
      const why = h('span', { class: 'why' }, end ? '' : reasonsText(l.items));
      const row = h('tr', { class: (end ? 'end' : '') + (P.editing === i ? ' editing' : ''), 'data-index': i, tabindex: 0, title: t('pad.row.edit') },
        h('td', { class: 'num' }, String(i + 1)),
        h('td', { class: 'what' }, ...entryText(l), why),
        ...l.totals.map((tot, p) => {
          const pts = l.points[p];
          const touched = l.items.some((x) => x.player === p);
          return h('td', { class: 'pcol' + (touched ? (pts < 0 ? ' neg' : ' pos') : ' idle') },
            touched ? h('span', { class: 'pts' }, signed(pts)) : null,
            h('span', { class: 'tot' }, String(tot)),
            l.reached.includes(p) ? h('span', { class: 'flag', title: t('pad.reached_flag') }, '★') : null);
        }));
      const edit = () => { Object.assign(P, formOfEntry(P.sheet, e)); P.editing = i; render(); panel.scrollIntoView({ behavior: 'smooth', block: 'start' }); };
      row.addEventListener('click', edit);
      row.addEventListener('keydown', (ev) => { if (ev.key === 'Enter') edit(); });
      body.append(row);
      if (l.round_result) {
        const r = l.round_result;
        body.append(h('tr', { class: 'roundsum' }, h('td', {}), h('td', { class: 'what' }, t('pad.round_points', { round: r.round })),
          ...r.points.map((p, k) => h('td', { class: 'pcol' + (r.winners.includes(k) ? ' win' : '') }, signed(p), r.hand_sums[k] !== null && r.hand_sums[k] !== undefined ? h('span', { class: 'why' }, t('pad.hand_sum', { sum: r.hand_sums[k] })) : null))));
      }
    });
    if (!P.sheet.entries.length) body.append(h('tr', {}, h('td', { colspan: n + 2, class: 'small' }, t('pad.empty'))));
    table.append(body, h('tfoot', {}, h('tr', {}, h('th', {}), h('th', {}, t('sheet.total')), ...P.st().totals.map((x, i) => h('th', { class: 'pcol' + (P.st().winners.includes(i) ? ' win' : '') }, String(x))))));
    sheetBox.append(h('div', { class: 'padtablebox' }, table));
  }

  function render() {
    renderHead();
    renderBoard();
    renderBanner();
    renderPanel(panel, P);
    renderSheetTable();
  }

  const onFocus = async () => {
    if (P.busy || P.editing !== null || document.visibilityState !== 'visible') return;
    try {
      /** @type {SheetView} */
      const fresh = await api('GET', '/api/pad/' + P.id);
      if (fresh.version !== P.sheet.version) { P.sheet = fresh; P.newForm(); render(); }
    } catch (e) { /* offline: keep what we have */ }
  };
  document.addEventListener('visibilitychange', onFocus);
  P.newForm();
  render();
  return () => document.removeEventListener('visibilitychange', onFocus);
}
