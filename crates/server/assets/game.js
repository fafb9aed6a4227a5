// @ts-check
// The game screen: lays out the board, rack, players and score sheet, and wires them:
// the connection (game/conn.js) feeds the state (game/state.js), the views
// (game/views.js, game/sheet.js) draw it, and the input (pointer, drag, keys: the shared
// controls of game/controls.js, plus the announce here) changes the picked tile, arms the
// announce of a bonus, asks for a suggested move, or sends an intent. The server holds the game.
import { t, errorText } from './i18n.js';
import { h, toast, dropToasts, signed } from './dom.js';
import { connect } from './game/conn.js';
import * as S from './game/state.js';
import { renderBoard, renderGhost, renderRack, renderButtons, renderTurn, renderPlayers, renderOverlay, renderWayOn, renderHint, announcements, lastMover } from './game/views.js';
import { renderSheet, END_REASONS } from './game/sheet.js';
import * as FX from './game/fx.js';
import { tileControls } from './game/controls.js';
import { rememberGame, invitesOf } from './prefs.js';
import { seatName } from './game/sheet.js';
import { clockBar } from './game/clock.js';
import { go } from './dom.js';
import * as Together from './game/together.js';
import { srTable, srOn, saveSrOn } from './game/srtable.js';
import { renderWaiting } from './game/waitroom.js';

/**
 * The game page: a seat's (its token) or a spectator's.
 * @param {HTMLElement} main
 * @param {string} id
 * @param {string | null} token
 */
export async function showGame(main, id, token) {
  main.className = 'game';
  const st = S.newState();
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.id = 'board';
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', t('game.board_label'));
  const players = h('section', { class: 'players', id: 'players' });
  const turn = h('div', { class: 'turn', id: 'turn', 'aria-live': 'polite' });
  const rack = h('div', { class: 'rack', id: 'rack' });
  // A scrolling region: reachable with the keyboard, named by its heading.
  const sheet = h('div', { class: 'sheetbox', id: 'sheet', tabindex: '0', role: 'region', 'aria-labelledby': 'sheet-title' });
  const overlay = h('div', { class: 'overlay hidden', id: 'overlay' });
  const conn = h('div', { class: 'connbanner hidden', id: 'conn' });
  // The server cannot save (its database frozen or gone, issue 48): said until it can again.
  const saving = h('div', { class: 'connbanner savebanner', id: 'saving', role: 'status', 'aria-live': 'polite', hidden: true }, t('conn.cannot_save'));
  const wayOn = h('div', { class: 'wayon', id: 'wayon', hidden: true });
  // A table of people waiting for them (game/waitroom.js): above the table until it starts.
  const waitBox = h('div', { class: 'waitroom', id: 'waitroom', hidden: true });
  const clockBox = h('div', { class: 'clockbar', id: 'clockbar', hidden: true });
  const paceBox = h('span', { class: 'pacebox', id: 'pacebox' });
  const btnRotate = h('button', { type: 'button', id: 'rotate', title: t('game.rotate_help') }, '⟳ ' + t('game.rotate'));
  const btnAnnounce = h('button', { type: 'button', id: 'announce', class: 'toggle', 'aria-pressed': 'false', title: t('game.announce_help'), hidden: true }, '★ ' + t('game.announce'));
  const btnDraw = h('button', { type: 'button', id: 'draw' });
  const btnPass = h('button', { type: 'button', id: 'pass' });
  const btnHint = h('button', { type: 'button', id: 'hint', title: t('hint.help'), hidden: true }, '✦ ' + t('hint.button'));
  const hintBox = h('div', { class: 'hintbox', id: 'hintbox', role: 'status', 'aria-live': 'polite', hidden: true });
  // Takebacks (a table set up with them): the asker's button, everyone's box while it is asked.
  const btnTakeback = h('button', { type: 'button', id: 'takeback', hidden: true }, '↶ ' + t('takeback.button'));
  const takebackBox = h('div', { class: 'hintbox', id: 'takeback-box', role: 'status', 'aria-live': 'polite', hidden: true });
  const hints = h('input', { type: 'checkbox', id: 'hints', checked: st.hints });
  const zoomIn = h('button', { type: 'button', class: 'icon', title: t('game.zoom_in'), 'aria-label': t('game.zoom_in') }, '+');
  const zoomOut = h('button', { type: 'button', class: 'icon', title: t('game.zoom_out'), 'aria-label': t('game.zoom_out') }, '−');
  const zoomFit = h('button', { type: 'button', class: 'icon', title: t('game.zoom_fit'), 'aria-label': t('game.zoom_fit') }, '⤢');
  const watch = h('button', { type: 'button', class: 'small', id: 'watchlink' }, t('game.watch_link'));
  // The creator's browser keeps the invitation links (lobby.js): shown again from here.
  const invites = invitesOf(id);
  const inviteBtn = invites ? h('button', { type: 'button', class: 'small', id: 'invite' }, t('invite.again')) : null;
  const sheetTitle = h('h2', { id: 'sheet-title' }, t('sheet.title'));
  const keys = h('p', { class: 'keys small', id: 'keys' }, t('game.keys'));
  const sound = h('button', { type: 'button', id: 'sound', class: 'small toggle', 'aria-pressed': FX.soundOn() ? 'true' : 'false', title: t('game.sound_help') }, '♪ ' + t('game.sound'));
  // Notifications of one's turn with the tab hidden: asked for only when this box is ticked.
  const notify = h('input', { type: 'checkbox', id: 'notify', checked: FX.notifyOn() });
  const notifyBox = h('label', { class: 'notify small', hidden: !FX.canNotify() }, notify, ' ', t('signal.notify_box'));
  const signals = FX.turnSignals({ mark: '● ' + t('signal.your_turn') + ' —', title: t('signal.your_turn'), body: t('signal.notify_body') });
  const buttons = { btnDraw, btnPass, btnRotate, btnAnnounce, btnHint, hints, keys };
  // The screen-reader table (a setting remembered in this browser): the game in words, moves
  // typed in the notation or chosen from lists, read by the server (game/srtable.js).
  const srBox = h('input', { type: 'checkbox', id: 'srtable-on', checked: srOn() });
  const sr = srTable(st, { send: (text) => sendMove(text) });
  // Quick reactions (a seat sends them; everyone sees them unless muted here).
  const reactions = Together.reactionsBox(st, id, (code) => wsSend({ type: 'react', code }));
  // The hint box lies over the table's top edge: opening it never shrinks the board.
  const boardwrap = h('section', { class: 'boardwrap' }, svg, h('div', { class: 'zoom' }, zoomIn, zoomOut, zoomFit), turn, hintBox);
  main.append(
    waitBox,
    h('div', { class: 'gamegrid' },
      players,
      boardwrap,
      h('section', { class: 'rackbar', id: 'rackbar' },
        wayOn,
        rack,
        h('div', { class: 'buttons' }, btnRotate, btnAnnounce, btnDraw, btnPass, btnHint, btnTakeback),
        takebackBox,
        sr.box,
        h('div', { class: 'prefs' }, h('label', { class: 'hints' }, hints, ' ', t('game.hints')), sound, notifyBox),
        keys,
        // After the rack in the tab order: the rack stays where the keyboard comes first.
        clockBox),
      h('aside', { class: 'side' }, sheetTitle, sheet, h('p', { class: 'small sidelinks' }, inviteBtn, watch, paceBox, h('label', { class: 'srpref' }, srBox, ' ', t('sr.setting'))), reactions.box)),
    overlay, conn, saving);

  const ctl = tileControls(svg, st, {
    place: (cell, rotation) => send(S.playAction(st, cell, rotation)),
    pick,
    turned: () => { drawRack(); ghost(); },
    ghost: () => ghost(),
    wheeled: () => drawBoard(),
    escape: () => { st.sel = null; st.preview = null; drawRack(); drawBoard(); drawButtons(); },
    // Keyboard play: the arrows step through the cells where the picked tile fits, Enter places it.
    spots: () => S.legalCells(st),
    enterSkip: 'a, #draw, #pass, #rotate, #announce, #hint, #hintbox, #overlay',
    ignore: '#overlay:not(.hidden)',
    key: (e) => {
      if ((e.key === 'a' || e.key === 'A') && !e.ctrlKey && !e.metaKey && !e.altKey) { toggleAnnounce(); return true; }
      // The screen-reader table's move box, from anywhere on the table.
      if (e.key === '/' && srOn()) { e.preventDefault(); sr.input.focus(); return true; }
      return false;
    },
    zoom: { zoomIn, zoomOut, zoomFit },
  });
  const board = ctl.board;
  const clock = clockBar(clockBox, paceBox, st, (action) => send(action));
  hints.addEventListener('change', () => { st.hints = hints.checked; localStorage.setItem('triominos.hints', st.hints ? 'on' : 'off'); drawBoard(); drawRack(); });
  btnRotate.addEventListener('click', () => ctl.rotate(1));
  sound.addEventListener('click', () => {
    FX.setSound(!FX.soundOn());
    sound.setAttribute('aria-pressed', FX.soundOn() ? 'true' : 'false');
    FX.play('place');
  });
  notify.addEventListener('change', async () => {
    const on = await FX.setNotify(notify.checked);
    notify.checked = on;
    if (!on && FX.canNotify() && Notification.permission === 'denied') toast(t('signal.notify_denied'), 'error');
  });
  srBox.addEventListener('change', () => { saveSrOn(srBox.checked); sr.render(); if (srBox.checked) sr.input.focus(); });
  btnAnnounce.addEventListener('click', () => toggleAnnounce());
  btnDraw.addEventListener('click', () => send({ kind: 'draw' }));
  btnPass.addEventListener('click', () => send({ kind: 'pass' }));
  btnHint.addEventListener('click', () => askHint());
  btnTakeback.addEventListener('click', () => { btnTakeback.hidden = true; wsSend({ type: 'takeback' }); });
  watch.addEventListener('click', async () => {
    const url = location.origin + '/g/' + id;
    try { await navigator.clipboard.writeText(url); toast(t('invite.copied')); } catch (e) { toast(url); }
  });

  if (inviteBtn) inviteBtn.addEventListener('click', () => showInvites());

  // The links again, each with a copy button: the other people's seats (whether they are at
  // the table now) and the spectators'.
  function showInvites() {
    // Only wired when this browser kept the table's links.
    if (!invites) return;
    const url = (/** @type {string} */ p) => location.origin + p;
    const copy = (/** @type {string} */ text) => {
      const b = h('button', { type: 'button', class: 'small' }, t('invite.copy'));
      b.addEventListener('click', async () => {
        try { await navigator.clipboard.writeText(text); b.textContent = t('invite.copied'); } catch (e) { toast(text); }
      });
      return b;
    };
    /** @type {HTMLElement[]} */
    const rows = [];
    invites.seats.forEach((s, i) => {
      if (!s.link || i === st.you) return;
      const here = st.presence && st.presence.seats.includes(i);
      const name = st.game ? seatName(st.game, i) : (s.name || t('seat.player', { n: i + 1 }));
      rows.push(h('li', {}, h('strong', {}, name), ' ', h('span', { class: 'small' }, here ? t('presence.online') : t('presence.offline')),
        h('span', { class: 'linkrow' }, h('input', { type: 'text', readonly: true, value: url(s.link), class: 'link', 'data-seat': i, 'aria-label': t('invite.link_of', { name }) }), copy(url(s.link)))));
    });
    const close = h('button', { type: 'button', class: 'primary', id: 'invite-close' }, t('invite.close'));
    const dlg = h('dialog', { class: 'dialog invitedialog', id: 'invite-dialog', 'aria-labelledby': 'invite-title' },
      h('h2', { id: 'invite-title' }, t('invite.title')),
      h('p', {}, t('invite.explain')),
      rows.length ? h('ol', { class: 'invites' }, ...rows) : h('p', {}, t('invite.no_seats')),
      h('p', {}, t('invite.spectator')),
      h('p', { class: 'linkrow' }, h('input', { type: 'text', readonly: true, value: url(invites.spectator), class: 'link', id: 'spectator-link', 'aria-label': t('invite.spectator') }), copy(url(invites.spectator))),
      h('p', { class: 'buttons' }, close));
    close.addEventListener('click', () => dlg.close());
    dlg.addEventListener('close', () => { dlg.remove(); if (inviteBtn) inviteBtn.focus(); });
    document.body.append(dlg);
    dlg.showModal();
  }

  /** @type {ReturnType<typeof connect> | null} */
  let link = null;

  /** @param {import('./types/wire').ClientMsg} obj */
  function wsSend(obj) {
    if (!link || !link.send(obj)) toast(t('conn.lost'), 'error');
  }

  /** @param {import('./types/wire').Intent} action */
  function send(action) {
    st.msgId += 1;
    if (action.kind === 'play') st.lastPlay = action;
    wsSend({ type: action.kind === 'next_round' ? 'next_round' : 'action', action, id: st.msgId });
  }

  /** A move in the notation (typed, or chosen from the lists), read by the server. @param {string} text */
  function sendMove(text) {
    st.msgId += 1;
    st.lastPlay = null;
    wsSend({ type: 'move', text, id: st.msgId });
  }

  // Suggest a move: asked of the server (the search sees only this seat's view), shown
  // on the board (the tile picked and turned, its spot marked) and in words.
  function askHint() {
    if (!S.myTurn(st) || st.hintAsked !== null) return;
    // A hint given: the next grade (the tile, then the spot and turn), not asked again.
    if (st.hint && (st.hintGrade || 0) < 2) {
      st.hintGrade = st.hint.action.kind === 'play' ? (st.hintGrade || 0) + 1 : 2;
      showHint();
      return;
    }
    st.msgId += 1;
    st.hintAsked = st.msgId;
    st.hint = null;
    if (!link || !link.send({ type: 'hint', id: st.msgId })) {
      st.hintAsked = null;
      toast(t('conn.lost'), 'error');
    }
    drawButtons();
    drawHint();
  }

  function showHint() {
    const a = st.hint && st.hint.action;
    if (a && a.kind === 'play' && (st.hintGrade || 0) === 1) st.sel = a.tile;
    if (a && a.kind === 'play' && (st.hintGrade || 0) >= 2) {
      st.sel = a.tile;
      st.rot = a.rotation;
      st.preview = a.cell;
      if (S.announceRule(st)) st.announce = !!a.announce;
    }
    drawBoard();
    drawRack();
    drawButtons();
    drawHint();
  }

  /** @param {import('./types/wire').ServerMsg} m */
  function onMessage(m) {
    if (m.type === 'ack') sr.accepted();
    if (m.type === 'saving') { saving.hidden = m.ok; return; }
    const r = S.apply(st, m);
    if (!r) return;
    if (r.kind === 'snapshot') {
      // A seat's link: this browser keeps the game for the front page's "Your games".
      if (token && st.you !== null && st.you !== undefined) rememberGame(id, token, st.you);
      notifyBox.hidden = !FX.canNotify() || st.you === null || st.you === undefined;
      reactions.seated(st.you !== null && st.you !== undefined);
      turnWasMine = S.myTurn(st);
      renderAll(new Set());
      board.fit();
    } else if (r.kind === 'gap') {
      wsSend({ type: 'since', v: st.v });
    } else if (r.kind === 'update') {
      const wasMine = turnWasMine;
      // Messages do not outlive what they tell: the round over, every one goes (its dialog
      // says it all); a seat moving, those of another seat's turn go.
      if (!st.status || st.status.phase !== 'playing' || r.live.some((d) => d.events.some((e) => e.type === 'round_ended'))) dropToasts();
      else {
        const mover = lastMover(r.live);
        if (mover !== null) dropToasts((el) => el.dataset.seat !== undefined && el.dataset.seat !== String(mover));
      }
      for (const [text, kind, seat] of announcements(st, r.live)) toast(text, kind, seat);
      renderAll(new Set(r.live.map((d) => d.v)));
      sr.told(r.live);
      rewards(r.live, wasMine);
    } else if (r.kind === 'presence') {
      renderPlayers(players, st);
    } else if (r.kind === 'hint') {
      showHint();
    } else if (r.kind === 'hints_used') {
      if (st.game) renderSheet(sheet, st.log, st.game, st.you, st.hintsUsed);
    } else if (r.kind === 'rematch_asked') {
      drawRematch();
    } else if (r.kind === 'rematch') {
      // Everyone agreed: this page's own way to the new game (a seat's link, or the table to watch).
      if (r.now) go(r.link);
      else drawRematch();
    } else if (r.kind === 'takeback') {
      const said = Together.takebackText(st, r);
      if (said) toast(said, r.outcome === 'accepted' ? '' : 'error');
      drawTakeback();
    } else if (r.kind === 'cancelled') {
      // The table was cancelled (by its creator, or for want of people): the server closes.
      if (st.game) st.game = { ...st.game, cancelled: true, waiting: undefined };
      if (link) link.close();
      drawWaiting();
    } else if (r.kind === 'reaction' && m.type === 'reaction') {
      Together.showReaction(st, id, m);
    } else if (r.kind === 'error' && m.type === 'error') {
      drawButtons();
      // A hint outrun by the player's own move: nothing to tell.
      if (m.code === 'hint_stale') return;
      toast(errorText(m), 'error');
      sr.refused(errorText(m));
      // The corner a refusal names is ringed on the board.
      const p = m.code === 'placement' && m.params ? /** @type {import('./types/wire').PlacementError} the engine's placement error */ (m.params) : null;
      if (p && p.code === 'corner_mismatch' && st.lastPlay) board.markCorner(st.lastPlay.cell, p.params.corner);
    }
  }

  // What a play earned, floating up from its tile; sounds and confetti for the rest.
  let turnWasMine = false;
  /** @param {import('./types/wire').Delta[]} live @param {boolean} wasMine */
  function rewards(live, wasMine) {
    for (const d of live) {
      for (const e of d.events) {
        if (e.type === 'played') {
          const pts = d.scores.filter((x) => x.player === e.player && !END_REASONS.includes(x.reason)).reduce((a, x) => a + x.points, 0);
          const big = e.bonuses.some((b) => b !== 'start');
          board.floatText(e.placement.cell, signed(pts), big ? 'bonus' : '');
          if (big) { const [x, y] = board.clientPoint(e.placement.cell); FX.confetti(x, y, false); }
          FX.play(big ? 'bonus' : 'place');
        } else if (e.type === 'drew' && e.player === st.you) FX.play('draw');
        else if (e.type === 'round_ended' && e.end.kind === 'out') {
          FX.confetti(innerWidth / 2, innerHeight / 3, e.end.player === st.you);
          FX.play(e.end.player === st.you ? 'win' : 'lost');
        }
      }
    }
    if (st.status && st.status.phase === 'game_over' && live.some((d) => d.status.phase === 'game_over')) {
      const won = st.you !== null && st.status.winners.includes(st.you);
      if (won) FX.confetti(innerWidth / 2, innerHeight / 3, true);
      FX.play(won ? 'win' : 'lost');
    }
    if (S.myTurn(st) && !wasMine) FX.play('turn');
    turnWasMine = S.myTurn(st);
  }

  const ghost = () => renderGhost(board, st);
  /** @param {Set<number>} [fresh] */
  const drawBoard = (fresh) => renderBoard(board, st, fresh);
  const drawRack = () => renderRack(rack, st, ctl.bindRackTile);
  const drawButtons = () => renderButtons(buttons, st);
  const drawHint = () => renderHint(hintBox, st, (action) => send(action));

  // Arms (or disarms) the announce of the next play; it goes with that play and is then reset.
  function toggleAnnounce() {
    if (!S.announceRule(st) || !S.myTurn(st)) return;
    st.announce = !st.announce;
    drawButtons();
    ghost();
  }

  /** @param {string} tile */
  function pick(tile) {
    st.sel = tile; st.rot = 0; drawRack(); drawBoard(); drawButtons();
  }

  const nextRound = () => send({ kind: 'next_round' });
  const reopen = () => { st.closedOverlay = null; drawOverlay(); };
  function drawOverlay() {
    renderWayOn(wayOn, st, id, { onReopen: reopen, onNextRound: nextRound });
    renderOverlay(overlay, st, id, nextRound, drawOverlay);
    drawRematch();
  }
  function drawTakeback() {
    Together.renderTakeback(btnTakeback, takebackBox, st, (accept) => wsSend({ type: 'takeback_answer', accept }));
  }
  function drawRematch() {
    for (const box of document.querySelectorAll('#rematch-box, #rematch-bar')) {
      if (box instanceof HTMLElement) Together.renderRematch(box, st, (agree) => wsSend({ type: agree ? 'rematch' : 'rematch_decline' }));
    }
  }

  function drawWaiting() {
    renderWaiting(waitBox, st, invites, wsSend);
    main.classList.toggle('waiting', !waitBox.hidden);
  }

  /** @param {Set<number>} [fresh] the versions just played */
  function renderAll(fresh) {
    if (!st.game) return;
    drawWaiting();
    // A button that the new state disables (a draw made) would drop the focus to the
    // page: it goes to the rack instead, where play goes on.
    const active = document.activeElement;
    renderPlayers(players, st);
    drawBoard(fresh);
    drawRack();
    drawButtons();
    renderTurn(turn, st);
    if (st.game) renderSheet(sheet, st.log, st.game, st.you, st.hintsUsed);
    drawHint();
    drawTakeback();
    drawOverlay();
    clock.render();
    sr.render();
    signals.show(t('app.title') + ' — ' + t('preset.' + st.game.preset), S.myTurn(st));
    if (active && active !== document.body && (/** @type {HTMLButtonElement} */ (active).disabled || !active.isConnected) && !overlay.contains(document.activeElement)) {
      const to = rack.querySelector('.racktile.drawn') || rack.querySelector('.racktile[aria-pressed=true]') || rack.querySelector('.racktile');
      if (to instanceof HTMLElement) to.focus({ preventScroll: true });
    }
  }

  // The passing messages come over the top of the table, never over the header or the
  // players' scores (style.css #toasts reads these two).
  const root = document.documentElement.style;
  function placeToasts() {
    const r = boardwrap.getBoundingClientRect();
    if (!r.width) return;
    root.setProperty('--toasttop', Math.max(r.top, 0) + 8 + 'px');
    root.setProperty('--toastx', r.left + r.width / 2 + 'px');
  }
  const toastsBox = new ResizeObserver(placeToasts);
  toastsBox.observe(boardwrap);
  window.addEventListener('scroll', placeToasts, { passive: true });
  window.addEventListener('resize', placeToasts);

  link = connect(id, token, {
    onOpen: () => {
      conn.classList.add('hidden');
      // The server tells again, at once, if it still cannot save.
      saving.hidden = true;
      // A hint asked on a connection that dropped will not be answered.
      if (st.hintAsked !== null) { st.hintAsked = null; drawButtons(); }
    },
    onLost: (restarting) => { conn.textContent = t(restarting ? 'conn.restarting' : 'conn.lost'); conn.classList.remove('hidden'); },
    onFatal: (code) => main.replaceChildren(h('div', { class: 'panel' }, h('p', { class: 'error' }, t('errors.' + code)), h('a', { href: '/', 'data-link': '' }, t('nav.home')))),
    onMessage,
  });
  return () => {
    clock.close();
    signals.close();
    Together.dropReactions();
    const dlg = document.getElementById('invite-dialog');
    if (dlg) dlg.remove();
    ctl.close();
    link.close();
    toastsBox.disconnect();
    window.removeEventListener('scroll', placeToasts);
    window.removeEventListener('resize', placeToasts);
    root.removeProperty('--toasttop');
    root.removeProperty('--toastx');
  };
}
