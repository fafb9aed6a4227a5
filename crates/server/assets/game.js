// The game screen: board, rack, players, score sheet, round summary, game over.
// The server holds the game; this page shows what it is told and sends intents.
import { t, errorText } from './i18n.js';
import { Board, tileIcon } from './board.js';
import { h } from './lobby.js';
import { toast } from './app.js';

function baseName(game, i) {
  const s = game.seats[i] || {};
  return s.name || (s.kind === 'bot' ? t('level.' + s.level) : t('seat.player', { n: i + 1 }));
}

export function seatName(game, i, you) {
  let n = baseName(game, i);
  // Two seats with the same name (two bots of one level): number them.
  if (game.seats.some((_, j) => j !== i && baseName(game, j) === n)) n += ' ' + (i + 1);
  if (you !== undefined && you !== null && i === you) n += ' ' + t('seat.you');
  return n;
}

// Current round's placements from the log; the last one marked, the given versions fresh.
export function placementsOf(log, freshVs) {
  let out = [];
  for (const d of log) {
    for (const e of d.events) {
      if (e.type === 'round_started') out = [];
      if (e.type === 'played') out.push({ ...e.placement, player: e.player, v: d.v, fresh: freshVs && freshVs.has(d.v) });
    }
  }
  if (out.length) out[out.length - 1] = { ...out[out.length - 1], last: true };
  return out;
}

function lastEvent(log, type) {
  for (let i = log.length - 1; i >= 0; i--) {
    const evs = log[i].events;
    for (let j = evs.length - 1; j >= 0; j--) if (evs[j].type === type) return { e: evs[j], d: log[i] };
  }
  return null;
}

export function reasonText(s) {
  return t('reason.' + s.reason);
}

function signed(n) { return (n > 0 ? '+' : n < 0 ? '−' : '±') + Math.abs(n); }

export function actionText(d, game, you) {
  const a = d.action;
  const who = d.seat === null || d.seat === undefined ? '' : seatName(game, d.seat, you);
  if (a.kind === 'play') return t('log.played', { name: who, tile: a.tile });
  if (a.kind === 'draw') {
    const drew = d.events.find((e) => e.type === 'drew');
    return drew && drew.failed ? t('log.drew_failed', { name: who }) : t('log.drew', { name: who });
  }
  if (a.kind === 'pass') return t('log.passed', { name: who });
  if (a.kind === 'next_round') return t('log.next_round', { round: d.status.round });
  return t('log.start');
}

// The score sheet: one row per score change, grouped by round, with reasons.
export function renderSheet(box, log, game, you) {
  box.replaceChildren();
  const n = game.seats.length;
  const table = h('table', { class: 'sheet' });
  table.append(h('thead', {}, h('tr', {}, h('th', {}, t('sheet.move')), ...[...Array(n).keys()].map((i) => h('th', {}, seatName(game, i))))));
  const body = h('tbody', {});
  const run = new Array(n).fill(0);
  for (const d of log) {
    for (const e of d.events) if (e.type === 'round_started') body.append(h('tr', { class: 'round' }, h('th', { colspan: n + 1 }, t('sheet.round', { round: e.round }))));
    if (!d.scores.length) continue;
    const per = new Array(n).fill(null);
    for (const s of d.scores) {
      per[s.player] = per[s.player] || { pts: 0, why: [] };
      per[s.player].pts += s.points;
      per[s.player].why.push(`${reasonText(s)} ${signed(s.points)}`);
    }
    const roundEnd = d.events.some((e) => e.type === 'round_ended');
    const label = roundEnd ? t('sheet.round_end') : actionText(d, game);
    body.append(h('tr', { class: roundEnd ? 'end' : '' }, h('td', { class: 'what' }, label),
      ...per.map((p, i) => {
        if (!p) return h('td', {});
        run[i] += p.pts;
        return h('td', { class: p.pts < 0 ? 'neg' : 'pos', title: p.why.join(', ') }, h('span', { class: 'pts' }, signed(p.pts)), h('span', { class: 'why' }, p.why.join(', ')));
      })));
  }
  const last = log.length ? log[log.length - 1].status : null;
  table.append(body, h('tfoot', {}, h('tr', {}, h('th', {}, t('sheet.total')), ...[...Array(n).keys()].map((i) => h('th', {}, last ? String(last.totals[i]) : '0')))));
  box.append(table);
  box.scrollTop = box.scrollHeight;
}

export function handRow(tiles) {
  const row = h('span', { class: 'handrow' });
  for (const tile of tiles) row.append(tileIcon(tile, 0, 'mini'));
  if (!tiles.length) row.append(h('em', {}, t('summary.empty_hand')));
  return row;
}

function tileSum(tiles) { return tiles.reduce((s, x) => s + x.split('-').map(Number).reduce((a, b) => a + b, 0), 0); }

// The end of a round: every hand and how it was scored.
export function roundSummary(log, game, you) {
  const found = lastEvent(log, 'round_ended');
  if (!found) return null;
  const { e, d } = found;
  const n = game.seats.length;
  const how = e.end.kind === 'blocked' ? t('summary.blocked') : t('summary.out', { name: seatName(game, e.end.player, you) });
  const rows = [...Array(n).keys()].map((i) => {
    const END = ['out', 'opponents_hands', 'own_hand', 'blocked_win'];
    const mine = d.scores.filter((s) => s.player === i && END.includes(s.reason));
    return h('tr', {},
      h('th', {}, seatName(game, i, you)),
      h('td', {}, handRow(e.hands[i]), h('span', { class: 'small' }, ' ' + t('summary.hand_sum', { sum: tileSum(e.hands[i]) }))),
      h('td', {}, mine.length ? mine.map((s) => `${reasonText(s)} ${signed(s.points)}`).join(', ') : '—'),
      h('td', { class: 'num' }, signed(d.status.round_points[i])),
      h('td', { class: 'num strong' }, String(d.status.totals[i])));
  });
  return h('div', { class: 'summary' },
    h('h2', {}, t('summary.title', { round: e.round })),
    h('p', {}, how),
    h('table', { class: 'summarytable' },
      h('thead', {}, h('tr', {}, h('th', {}, ''), h('th', {}, t('summary.hand')), h('th', {}, t('summary.scoring')), h('th', {}, t('summary.round_points')), h('th', {}, t('summary.total')))),
      h('tbody', {}, ...rows)));
}

export async function showGame(main, id, token) {
  main.className = 'game';
  const st = { v: -1, game: null, you: null, log: [], me: null, presence: null, status: null, sel: null, rot: 0, hover: null, preview: null, hints: localStorage.getItem('triominos.hints') !== 'off', overlayFor: null, closedOverlay: null, msgId: 0 };
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.id = 'board';
  svg.setAttribute('role', 'img');
  const players = h('section', { class: 'players', id: 'players' });
  const turn = h('div', { class: 'turn', id: 'turn', 'aria-live': 'polite' });
  const rack = h('div', { class: 'rack', id: 'rack' });
  const sheet = h('div', { class: 'sheetbox', id: 'sheet' });
  const overlay = h('div', { class: 'overlay hidden', id: 'overlay' });
  const conn = h('div', { class: 'connbanner hidden', id: 'conn' });
  const btnRotate = h('button', { type: 'button', id: 'rotate', title: t('game.rotate_help') }, '⟳ ' + t('game.rotate'));
  const btnDraw = h('button', { type: 'button', id: 'draw' });
  const btnPass = h('button', { type: 'button', id: 'pass' });
  const hints = h('input', { type: 'checkbox', id: 'hints', checked: st.hints });
  const zoomIn = h('button', { type: 'button', class: 'icon', title: t('game.zoom_in'), 'aria-label': t('game.zoom_in') }, '+');
  const zoomOut = h('button', { type: 'button', class: 'icon', title: t('game.zoom_out'), 'aria-label': t('game.zoom_out') }, '−');
  const zoomFit = h('button', { type: 'button', class: 'icon', title: t('game.zoom_fit'), 'aria-label': t('game.zoom_fit') }, '⤢');
  const watch = h('button', { type: 'button', class: 'small', id: 'watchlink' }, t('game.watch_link'));
  const sheetTitle = h('h2', {}, t('sheet.title'));
  main.append(
    h('div', { class: 'gamegrid' },
      players,
      h('section', { class: 'boardwrap' }, svg, h('div', { class: 'zoom' }, zoomIn, zoomOut, zoomFit), turn),
      h('section', { class: 'rackbar', id: 'rackbar' },
        rack,
        h('div', { class: 'buttons' }, btnRotate, btnDraw, btnPass),
        h('label', { class: 'hints' }, hints, ' ', t('game.hints')),
        h('p', { class: 'keys small' }, t('game.keys'))),
      h('aside', { class: 'side' }, sheetTitle, sheet, h('p', { class: 'small' }, watch))),
    overlay, conn);

  const board = new Board(svg, {
    onHover: (cell) => { st.hover = cell; if (st.preview && (!cell || cell.join() !== st.preview.join())) st.preview = null; renderGhost(); },
    onClick: (cell, type) => clickCell(cell, type),
    onRotate: (dir) => rotate(dir),
  });
  zoomIn.addEventListener('click', () => board.zoom(1 / 1.25));
  zoomOut.addEventListener('click', () => board.zoom(1.25));
  zoomFit.addEventListener('click', () => board.fit());
  hints.addEventListener('change', () => { st.hints = hints.checked; localStorage.setItem('triominos.hints', st.hints ? 'on' : 'off'); renderBoard(); renderRack(); });
  btnRotate.addEventListener('click', () => rotate(1));
  btnDraw.addEventListener('click', () => send({ kind: 'draw' }));
  btnPass.addEventListener('click', () => send({ kind: 'pass' }));
  watch.addEventListener('click', async () => {
    const url = location.origin + '/g/' + id;
    try { await navigator.clipboard.writeText(url); toast(t('invite.copied')); } catch (e) { toast(url); }
  });

  let ws = null;
  let disposed = false;
  let retry = 300;
  let opened = false;

  function connect() {
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    ws = new WebSocket(`${proto}://${location.host}/ws/${id}` + (token ? `?token=${encodeURIComponent(token)}` : ''));
    ws.onopen = () => { opened = true; retry = 300; conn.classList.add('hidden'); };
    ws.onmessage = (ev) => onMessage(JSON.parse(ev.data));
    ws.onclose = async () => {
      if (disposed) return;
      if (!opened) {
        const r = await fetch('/api/games/' + id).catch(() => null);
        if (r && r.status === 404) { fatal(t('errors.game_not_found')); return; }
        if (r && r.ok && token) {
          // The game exists: the link's token is wrong.
          const probe = await fetch(`/ws/${id}?token=${encodeURIComponent(token)}`).catch(() => null);
          if (probe && probe.status === 403) { fatal(t('errors.bad_token')); return; }
        }
      }
      conn.textContent = t('conn.lost');
      conn.classList.remove('hidden');
      setTimeout(() => { if (!disposed) connect(); }, retry);
      retry = Math.min(retry * 2, 5000);
      opened = false;
    };
  }

  function fatal(text) {
    disposed = true;
    main.replaceChildren(h('div', { class: 'panel' }, h('p', { class: 'error' }, text), h('a', { href: '/', 'data-link': '' }, t('nav.home'))));
  }

  function wsSend(obj) {
    if (ws && ws.readyState === 1) ws.send(JSON.stringify(obj));
    else toast(t('conn.lost'), 'error');
  }

  function send(action) {
    st.msgId += 1;
    wsSend({ type: action.kind === 'next_round' ? 'next_round' : 'action', action, id: st.msgId });
  }

  function onMessage(m) {
    if (m.type === 'snapshot') {
      st.game = m.game; st.you = m.you; st.log = m.log; st.v = m.v; st.me = m.me; st.presence = m.presence;
      st.status = st.log[st.log.length - 1].status;
      document.title = t('app.title') + ' — ' + t('preset.' + st.game.preset);
      renderAll(new Set());
      board.fit();
    } else if (m.type === 'update') {
      const live = [];
      for (const d of m.deltas) {
        if (d.v <= st.v) continue;
        if (d.v !== st.v + 1) { wsSend({ type: 'since', v: st.v }); return; }
        st.log.push(d); st.v = d.v; st.status = d.status; live.push(d);
      }
      if (m.me) st.me = m.me;
      if (st.sel && st.me && !st.me.hand.includes(st.sel)) st.sel = null;
      announce(live);
      renderAll(new Set(live.map((d) => d.v)));
    } else if (m.type === 'presence') {
      st.presence = m; renderPlayers();
    } else if (m.type === 'error') {
      toast(errorText(m), 'error');
    }
  }

  function announce(live) {
    for (const d of live) {
      for (const e of d.events) {
        if (e.type === 'played' && e.bonuses.length) {
          for (const b of e.bonuses) toast(t('bonus.' + b) + ' — ' + seatName(st.game, e.player, st.you), 'bonus');
        } else if (e.type === 'drew' && e.player !== st.you) {
          toast((e.failed ? t('log.drew_failed', { name: seatName(st.game, e.player) }) : t('log.drew', { name: seatName(st.game, e.player) })) + ` (${signed(e.points)})`);
        } else if (e.type === 'drew' && e.failed) {
          toast(t('log.you_failed', { points: signed(e.points) }), 'error');
        } else if (e.type === 'passed') {
          toast(t('log.passed', { name: seatName(st.game, e.player, st.you) }));
        } else if (e.type === 'revealed') {
          toast(t('log.revealed', { name: seatName(st.game, e.player, st.you), tile: e.tile }));
        }
      }
    }
  }

  const opt = (k) => st.game.options[k];
  const myTurn = () => st.me && st.me.my_turn;
  const legalFor = (tile) => (st.me && st.hints ? st.me.legal.filter((p) => p.tile === tile) : []);
  const legalAt = (tile, cell) => (cell ? legalFor(tile).filter((p) => p.cell[0] === cell[0] && p.cell[1] === cell[1]) : []);
  function effective(cell) {
    const here = legalAt(st.sel, cell);
    if (!here.length) return { rotation: st.rot, ok: false, here };
    const p = here.find((x) => x.rotation === st.rot) || here[0];
    return { rotation: p.rotation, ok: true, points: p.points, here };
  }
  const occupied = (cell) => placementsOf(st.log).some((p) => p.cell[0] === cell[0] && p.cell[1] === cell[1]);

  function rotate(dir) {
    if (!st.sel) return;
    const cell = st.preview || st.hover;
    const eff = cell ? effective(cell) : null;
    if (eff && eff.here.length > 1) {
      const i = eff.here.findIndex((x) => x.rotation === eff.rotation);
      st.rot = eff.here[(i + (dir > 0 ? 1 : eff.here.length - 1)) % eff.here.length].rotation;
    } else {
      st.rot = (st.rot + (dir > 0 ? 1 : 2)) % 3;
    }
    renderRack();
    renderGhost();
  }

  function clickCell(cell, pointerType) {
    if (!myTurn()) return;
    if (!st.sel) {
      toast(t('game.pick_tile'));
      return;
    }
    if (occupied(cell)) return;
    const eff = effective(cell);
    if (eff.ok && pointerType === 'touch' && (!st.preview || st.preview.join() !== cell.join())) {
      st.preview = cell;
      renderGhost();
      return;
    }
    st.preview = null;
    send({ kind: 'play', tile: st.sel, cell, rotation: eff.rotation });
  }

  function renderGhost() {
    const cell = st.preview || st.hover;
    if (!st.sel || !cell || !myTurn() || occupied(cell)) { board.setGhost(null); return; }
    const eff = effective(cell);
    if (st.hints && !eff.ok) { board.setGhost(null); return; }
    board.setGhost({ tile: st.sel, cell, rotation: eff.rotation, ok: eff.ok || !st.hints, points: eff.ok ? eff.points : null });
  }

  function renderBoard(fresh) {
    board.setTiles(placementsOf(st.log, fresh));
    const marks = [];
    if (myTurn() && st.hints) {
      const seen = new Set();
      const list = st.sel ? legalFor(st.sel) : st.me.legal;
      for (const p of list) {
        const k = p.cell.join();
        if (seen.has(k)) continue;
        seen.add(k);
        marks.push({ cell: p.cell, kind: st.sel ? 'legal' : 'cand' });
      }
    }
    board.setMarks(marks);
    renderGhost();
  }

  function renderRack() {
    rack.replaceChildren();
    if (!st.me) {
      rack.append(h('p', { class: 'small spectating' }, t('game.spectating')));
      return;
    }
    const playable = new Set(st.me.legal.map((p) => p.tile));
    for (const tile of st.me.hand) {
      const icon = tileIcon(tile, tile === st.sel ? st.rot : 0, '');
      const b = h('button', { type: 'button', class: 'racktile', 'data-tile': tile, 'aria-pressed': tile === st.sel ? 'true' : 'false', title: tile }, icon);
      if (tile === st.me.drawn) b.classList.add('drawn');
      if (myTurn() && st.hints && !playable.has(tile)) b.classList.add('dim');
      b.addEventListener('click', () => {
        if (st.sel === tile) rotate(1);
        else { st.sel = tile; st.rot = 0; renderRack(); renderBoard(); renderButtons(); }
      });
      b.addEventListener('wheel', (e) => { e.preventDefault(); if (st.sel !== tile) { st.sel = tile; st.rot = 0; } rotate(e.deltaY > 0 ? 1 : -1); renderBoard(); }, { passive: false });
      dragSource(b, tile);
      rack.append(b);
    }
  }

  // Drag a tile from the rack onto the board.
  function dragSource(b, tile) {
    b.addEventListener('pointerdown', (e) => {
      if (!myTurn() || e.button !== 0) return;
      const start = [e.clientX, e.clientY];
      let ghost = null;
      const move = (ev) => {
        if (!ghost && Math.hypot(ev.clientX - start[0], ev.clientY - start[1]) > 8) {
          if (st.sel !== tile) { st.sel = tile; st.rot = 0; renderRack(); renderBoard(); renderButtons(); }
          ghost = tileIcon(tile, st.rot, 'dragging');
          document.body.append(ghost);
        }
        if (ghost) {
          ghost.style.left = ev.clientX - 30 + 'px';
          ghost.style.top = ev.clientY - 30 + 'px';
          const over = document.elementFromPoint(ev.clientX, ev.clientY);
          st.hover = over && over.closest('#board') ? board.cellAtClient(ev.clientX, ev.clientY) : null;
          renderGhost();
        }
      };
      const up = (ev) => {
        window.removeEventListener('pointermove', move);
        window.removeEventListener('pointerup', up);
        if (!ghost) return;
        ghost.remove();
        const over = document.elementFromPoint(ev.clientX, ev.clientY);
        if (over && over.closest('#board')) clickCell(board.cellAtClient(ev.clientX, ev.clientY), 'mouse');
      };
      window.addEventListener('pointermove', move);
      window.addEventListener('pointerup', up);
    });
  }

  function renderButtons() {
    const me = st.me;
    const rackbar = document.getElementById('rackbar');
    if (rackbar) rackbar.classList.toggle('spectator', !me);
    const draws = st.status.draws;
    const last = draws + 1 >= Number(opt('max_draws'));
    btnDraw.textContent = last && Number(opt('fail_penalty')) > 0
      ? t('game.draw_last', { cost: opt('draw_penalty'), fail: opt('fail_penalty'), pool: st.status.pool })
      : t('game.draw', { cost: opt('draw_penalty'), pool: st.status.pool });
    const pp = Number(opt('empty_pool_penalty'));
    btnPass.textContent = pp > 0 ? t('game.pass_cost', { cost: pp }) : t('game.pass');
    btnDraw.disabled = !(me && me.my_turn && me.can_draw);
    btnPass.disabled = !(me && me.my_turn && me.can_pass);
    btnRotate.disabled = !(me && st.sel);
    btnDraw.hidden = !me;
    btnPass.hidden = !me;
    btnRotate.hidden = !me;
    hints.parentElement.hidden = !me;
  }

  function renderTurn() {
    const s = st.status;
    let text;
    if (s.phase === 'game_over') text = t('game.over');
    else if (s.phase === 'round_over') text = t('game.round_over', { round: s.round });
    else if (myTurn()) {
      const me = st.me;
      if (!placementsOf(st.log).length) text = t('game.opening');
      else if (me.drawn && me.legal.length) text = t('game.drawn_fits', { tile: me.drawn });
      else if (me.legal.length) text = t('game.your_turn');
      else if (me.can_draw) text = t('game.must_draw');
      else if (me.can_pass) text = t('game.must_pass');
      else text = t('game.your_turn');
    } else text = t('game.waiting', { name: seatName(st.game, s.to_move, st.you) });
    turn.replaceChildren(h('span', { class: myTurn() ? 'mine' : '' }, text), h('span', { class: 'pool' }, t('game.pool', { n: s.pool })), h('span', { class: 'round' }, t('game.round', { round: s.round })));
  }

  function renderPlayers() {
    if (!st.game) return;
    players.replaceChildren();
    const s = st.status;
    st.game.seats.forEach((seat, i) => {
      const online = seat.kind === 'bot' || (st.presence && st.presence.seats.includes(i));
      const card = h('div', { class: 'player' + (s.phase === 'playing' && s.to_move === i ? ' active' : '') + (i === st.you ? ' me' : '') + (s.winners.includes(i) ? ' winner' : ''), 'data-seat': i },
        h('span', { class: 'dot ' + (online ? 'on' : 'off'), title: seat.kind === 'bot' ? t('seat.bot_badge') : online ? t('presence.online') : t('presence.offline') }),
        h('span', { class: 'pname' }, seatName(st.game, i, st.you)),
        seat.kind === 'bot' ? h('span', { class: 'badge' }, t('seat.bot_badge')) : null,
        h('span', { class: 'count', title: t('game.tiles_in_hand') }, '▲' + s.hand_sizes[i]),
        h('span', { class: 'total' }, String(s.totals[i])));
      players.append(card);
    });
    if (st.presence && st.presence.spectators) players.append(h('span', { class: 'small spectators' }, t('presence.spectators', { n: st.presence.spectators })));
  }

  function renderOverlay() {
    const s = st.status;
    const key = s.phase === 'playing' ? null : `${s.phase}:${s.round}`;
    if (!key || st.closedOverlay === key) {
      overlay.classList.add('hidden');
      overlay.replaceChildren();
      st.overlayFor = null;
      return;
    }
    if (st.overlayFor === key) return;
    st.overlayFor = key;
    overlay.replaceChildren();
    const box = h('div', { class: 'dialog', role: 'dialog' });
    const close = h('button', { type: 'button', class: 'small', id: 'close-overlay' }, t('over.look'));
    close.addEventListener('click', () => { st.closedOverlay = key; renderOverlay(); });
    if (s.phase === 'game_over') {
      const names = s.winners.map((w) => seatName(st.game, w, st.you)).join(', ');
      box.append(h('h2', { class: 'gameover' }, t('over.title')), h('p', { class: 'winners' }, t(s.winners.length > 1 ? 'over.winners' : 'over.winner', { names })));
      const order = [...st.game.seats.keys()].sort((a, b) => s.totals[b] - s.totals[a]);
      box.append(h('ol', { class: 'final' }, ...order.map((i) => h('li', {}, seatName(st.game, i, st.you), ' — ', h('strong', {}, String(s.totals[i]))))));
      const summary = roundSummary(st.log, st.game, st.you);
      if (summary) box.append(summary);
      box.append(h('p', { class: 'actions' },
        h('a', { class: 'button primary', href: '/replay/' + id, 'data-link': '' }, t('over.replay')),
        h('a', { class: 'button', href: `/api/games/${id}/record.tri`, download: `triominos-${id}.tri` }, t('over.download')),
        h('a', { class: 'button', href: '/new', 'data-link': '' }, t('over.new')), close));
    } else {
      const summary = roundSummary(st.log, st.game, st.you);
      if (summary) box.append(summary);
      const p = h('p', { class: 'actions' });
      if (st.you !== null && st.you !== undefined) {
        const next = h('button', { type: 'button', class: 'primary', id: 'next-round' }, t('summary.next'));
        next.addEventListener('click', () => { next.disabled = true; send({ kind: 'next_round' }); });
        p.append(next);
      } else p.append(h('span', { class: 'small' }, t('summary.waiting')));
      p.append(close);
      box.append(p);
    }
    overlay.append(box);
    overlay.classList.remove('hidden');
  }

  function renderAll(fresh) {
    if (!st.game) return;
    renderPlayers();
    renderBoard(fresh);
    renderRack();
    renderButtons();
    renderTurn();
    renderSheet(sheet, st.log, st.game, st.you);
    renderOverlay();
  }

  const onKey = (e) => {
    if (e.target.closest && e.target.closest('input, select, textarea')) return;
    if (e.key === 'r' || e.key === 'R') { rotate(e.shiftKey ? -1 : 1); }
    else if (e.key === 'Escape') { st.sel = null; st.preview = null; renderRack(); renderBoard(); renderButtons(); }
    else if ((e.key === 'ArrowRight' || e.key === 'ArrowLeft') && st.sel && myTurn()) {
      // Keyboard play: step through the cells where the picked tile fits, Enter places it.
      const cells = [...new Set(legalFor(st.sel).map((p) => p.cell.join()))].map((k) => k.split(',').map(Number));
      if (!cells.length) return;
      e.preventDefault();
      const at = st.preview ? cells.findIndex((c) => c.join() === st.preview.join()) : -1;
      st.preview = cells[(at + (e.key === 'ArrowRight' ? 1 : cells.length - 1) + (at < 0 && e.key === 'ArrowLeft' ? 1 : 0)) % cells.length];
      renderGhost();
    } else if (e.key === 'Enter' && st.preview && st.sel && myTurn() && !e.target.closest('a, #draw, #pass, #rotate, #overlay')) {
      e.preventDefault();
      clickCell(st.preview, 'mouse');
    }
    else if (e.key === '+' || e.key === '=') board.zoom(1 / 1.25);
    else if (e.key === '-') board.zoom(1.25);
  };
  document.addEventListener('keydown', onKey);
  const onResize = () => { if (!board.userMoved) board.fit(); };
  window.addEventListener('resize', onResize);
  connect();
  return () => {
    disposed = true;
    document.removeEventListener('keydown', onKey);
    window.removeEventListener('resize', onResize);
    if (ws) ws.close();
  };
}
