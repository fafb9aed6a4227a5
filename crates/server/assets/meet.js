// @ts-check
// Meeting players (issue 47): the lobby's "Play now" (a pool by preset, pace and table size:
// a waiting panel with the time waited and a cancel button, then the table) and its "Open
// tables" (public tables waiting for people, joined in one click). Guests play unrated.
import { t, errorText } from './i18n.js';
import { h, api, go } from './dom.js';
import { defaultPreset, savedName } from './prefs.js';
import { PACES, paceKey, paceOf, paceText, leftText } from './pace.js';

/** The sizes of table the pools offer, and the waits after which bots may fill one. */
const SIZES = [2, 3, 4];
const BOT_WAITS = [30, 60, 120];
/** How often a waiting page asks about its entry (the server's rate allows about two a second). */
const FOLLOW_MS = 1000;

/**
 * The two sections; answers a cleanup (the pool left, the polling stopped) for when the
 * page is left.
 * @param {HTMLElement} into
 * @param {import('./types/wire').Meta} m
 * @returns {() => void}
 */
export function meet(into, m) {
  /** @type {{preset: string, pace: string, size: number, bots: boolean, botsAfter: number}} */
  const choice = { preset: defaultPreset(), pace: 'live:60', size: 2, bots: false, botsAfter: 60 };
  if (!m.presets.find((p) => p.name === choice.preset)) choice.preset = m.presets[0].name;
  /** @type {string | null} the entry waiting, if any */
  let entry = null;
  /** @type {ReturnType<typeof setTimeout> | null} */
  let timer = null;
  let gone = false;

  const play = h('section', { class: 'panel', id: 'play-now', 'aria-labelledby': 'play-now-title' });
  const tables = h('section', { class: 'panel', id: 'open-tables', 'aria-labelledby': 'open-tables-title' });
  into.append(play, tables);

  const leave = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (entry) navigator.sendBeacon(`/api/pools/${entry}/leave`);
    entry = null;
  };
  const onHide = () => leave();
  window.addEventListener('pagehide', onHide);

  const sizesOf = () => {
    const p = m.presets.find((x) => x.name === choice.preset) || m.presets[0];
    return SIZES.filter((n) => n >= p.min_players && n <= p.max_players);
  };

  function form() {
    const err = h('p', { class: 'error', role: 'alert' });
    const presetSel = h('select', { id: 'pn-preset' }, ...m.presets.map((p) => h('option', { value: p.name, selected: p.name === choice.preset }, t('preset.' + p.name))));
    presetSel.addEventListener('change', () => { choice.preset = presetSel.value; form(); });
    const paceSel = h('select', { id: 'pn-pace' }, ...PACES.map((p) => h('option', { value: paceKey(p), selected: paceKey(p) === choice.pace }, paceText(p))));
    paceSel.addEventListener('change', () => { choice.pace = paceSel.value; });
    const sizes = sizesOf();
    if (!sizes.includes(choice.size)) choice.size = sizes[0] || 2;
    const sizeSel = h('select', { id: 'pn-size' }, ...sizes.map((n) => h('option', { value: String(n), selected: n === choice.size }, t('meet.size_n', { n }))));
    sizeSel.addEventListener('change', () => { choice.size = Number(sizeSel.value); });
    const botsBox = h('input', { type: 'checkbox', id: 'pn-bots', checked: choice.bots });
    botsBox.addEventListener('change', () => { choice.bots = botsBox.checked; });
    const waitSel = h('select', { id: 'pn-bots-after', 'aria-label': t('meet.bots_after') }, ...BOT_WAITS.map((s) => h('option', { value: String(s), selected: s === choice.botsAfter }, t('pace.seconds', { n: s }))));
    waitSel.addEventListener('change', () => { choice.botsAfter = Number(waitSel.value); });
    const go_ = h('button', { type: 'button', class: 'primary big', id: 'play-now-go' }, t('meet.play_now'));
    go_.addEventListener('click', async () => {
      err.textContent = '';
      go_.disabled = true;
      try {
        /** @type {import('./types/wire').EnterPool} */
        const req = { preset: choice.preset, pace: paceOf(choice.pace), size: choice.size, name: savedName(), bots_after_s: choice.bots ? choice.botsAfter : null };
        /** @type {import('./types/wire').PoolEntry} */
        const e = await api('POST', '/api/pools', req);
        follow(e);
      } catch (ex) {
        err.textContent = errorText(ex);
        go_.disabled = false;
      }
    });
    play.replaceChildren(
      h('h2', { id: 'play-now-title' }, t('meet.play_now')),
      h('p', { class: 'small' }, t('meet.play_now_help')),
      h('label', { class: 'row' }, h('span', {}, t('lobby.preset')), presetSel),
      h('label', { class: 'row' }, h('span', {}, t('pace.label')), paceSel),
      h('label', { class: 'row' }, h('span', {}, t('meet.size')), sizeSel),
      h('p', { class: 'hintsetting' }, h('label', { for: 'pn-bots' }, botsBox, ' ', t('meet.bots')), ' ', waitSel),
      go_, err);
  }

  /** The waiting panel of an entry, followed until it is seated or left. @param {import('./types/wire').PoolEntry} e */
  function follow(e) {
    if (gone) return;
    if (e.state === 'seated' && e.link) { entry = null; go(e.link); return; }
    if (e.state === 'left') { entry = null; form(); play.append(h('p', { class: 'small', role: 'status' }, t('meet.left'))); return; }
    entry = e.entry;
    const cancel = h('button', { type: 'button', id: 'play-now-cancel' }, t('meet.cancel'));
    cancel.addEventListener('click', async () => {
      if (timer) clearTimeout(timer);
      timer = null;
      const id = entry;
      entry = null;
      try {
        if (id) follow(/** @type {import('./types/wire').PoolEntry} */ (await api('POST', `/api/pools/${id}/leave`)));
      } catch (ex) { form(); }
    });
    const what = t('meet.looking', { preset: t('preset.' + choice.preset), n: choice.size, pace: paceText(paceOf(choice.pace)) });
    play.replaceChildren(
      h('h2', { id: 'play-now-title' }, t('meet.play_now')),
      h('p', {}, what),
      h('p', { id: 'play-now-waited', role: 'timer', 'aria-live': 'off' }, t('meet.waited', { time: leftText(e.waited_s * 1000) })),
      cancel);
    timer = setTimeout(async () => {
      if (!entry) return;
      try { follow(/** @type {import('./types/wire').PoolEntry} */ (await api('GET', `/api/pools/${entry}`))); } catch (ex) {
        // A refusal (too fast) or the network: asked again a little later.
        if (entry) timer = setTimeout(() => follow(e), FOLLOW_MS);
      }
    }, FOLLOW_MS);
  }

  async function list() {
    const refresh = h('button', { type: 'button', class: 'small', id: 'open-tables-refresh' }, t('meet.refresh'));
    refresh.addEventListener('click', () => list());
    const head = h('h2', { id: 'open-tables-title' }, t('meet.open_tables'));
    const err = h('p', { class: 'error', role: 'alert' });
    /** @type {import('./types/wire').OpenTables} */
    let got;
    try { got = await api('GET', '/api/tables'); } catch (ex) {
      tables.replaceChildren(head, refresh, h('p', { class: 'error', role: 'alert' }, errorText(ex)));
      return;
    }
    if (gone) return;
    if (got.tables.length === 0) {
      tables.replaceChildren(head, h('p', { class: 'small', id: 'no-open-tables' }, t('meet.no_tables')), refresh);
      return;
    }
    const rows = got.tables.map((o) => {
      const join = h('button', { type: 'button', class: 'primary', 'data-join': o.id }, t('meet.join'));
      join.addEventListener('click', async () => {
        err.textContent = '';
        try {
          /** @type {import('./types/wire').Joined} */
          const j = await api('POST', `/api/tables/${o.id}/join`);
          go(j.link);
        } catch (ex) { err.textContent = errorText(ex); }
      });
      const seated = o.seated.length ? t('meet.seated', { names: o.seated.map((n) => n || t('meet.guest')).join(', ') }) : '';
      return h('li', { class: 'open-table' },
        h('strong', {}, t('preset.' + o.preset)), ' · ', paceText(o.pace), ' · ', t('meet.size_n', { n: o.size }), ' · ',
        t('meet.free', { n: o.free }), seated ? ' · ' + seated : '', ' · ', t('meet.age', { time: leftText(o.age_s * 1000) }), ' ', join);
    });
    tables.replaceChildren(head, h('ul', { class: 'open-tables' }, ...rows), refresh, err);
  }

  form();
  list();
  return () => {
    gone = true;
    window.removeEventListener('pagehide', onHide);
    leave();
  };
}
