// The game's WebSocket: connects, says whose seat it is in its first message (the token
// never goes in the address, which ends up in logs and histories), reconnects with a
// growing pause when the connection drops, tells a wrong link (or a game that does not
// exist) from a lost connection, and sends JSON messages.
// @ts-check

/** @typedef {import('../types/wire').ServerMsg} ServerMsg */
/** @typedef {import('../types/wire').ClientMsg} ClientMsg */

/** The close code of a server that is restarting (game/ws.rs `CLOSE_RESTARTING`). */
export const CLOSE_RESTARTING = 4000;

/**
 * Connects to game `id`. Handlers: onMessage(parsed JSON), onOpen(), onLost(restarting) (will
 * retry; `restarting`: the server said it is restarting, close code 4000, and has not been back yet),
 * onFatal(code) ('game_not_found' or 'bad_token': no retry). Answers {send(obj) -> sent?, close()}.
 * @param {string} id
 * @param {string | null} token
 * @param {{onMessage: (m: ServerMsg) => void, onOpen: () => void, onLost: (restarting: boolean) => void, onFatal: (code: 'game_not_found' | 'bad_token') => void}} handlers
 * @returns {{send: (obj: ClientMsg) => boolean, close: () => void}}
 */
export function connect(id, token, handlers) {
  /** @type {WebSocket | null} */
  let ws = null;
  let disposed = false;
  let retry = 300;
  let opened = false;
  let restarting = false;

  function open() {
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    const sock = new WebSocket(`${proto}://${location.host}/ws/${id}`);
    ws = sock;
    sock.onopen = () => {
      // Who this is: the seat's token, or none for a spectator. The snapshot follows.
      /** @type {ClientMsg} */
      const hello = token ? { type: 'hello', token } : { type: 'hello' };
      sock.send(JSON.stringify(hello));
      opened = true;
      restarting = false;
      retry = 300;
      handlers.onOpen();
    };
    ws.onmessage = (ev) => {
      /** @type {ServerMsg} */
      const m = JSON.parse(ev.data);
      // The link's token opens no seat: the server refuses the hello and closes.
      if (m.type === 'error' && m.code === 'bad_token') { fatal('bad_token'); return; }
      handlers.onMessage(m);
    };
    ws.onclose = async (ev) => {
      if (disposed) return;
      // The server stops gracefully (SIGTERM, Ctrl-C) with 4000 "server restarting":
      // it is expected back, so try again soon, and keep saying so until it is.
      if (ev.code === CLOSE_RESTARTING) { restarting = true; retry = 300; }
      if (!opened) {
        const r = await fetch('/api/games/' + id).catch(() => null);
        if (r && r.status === 404) { fatal('game_not_found'); return; }
      }
      handlers.onLost(restarting);
      setTimeout(() => { if (!disposed) open(); }, retry);
      retry = Math.min(retry * 2, 5000);
      opened = false;
    };
  }

  /** @param {'game_not_found' | 'bad_token'} code */
  function fatal(code) {
    disposed = true;
    handlers.onFatal(code);
  }

  open();
  return {
    send(obj) {
      if (ws && ws.readyState === 1) { ws.send(JSON.stringify(obj)); return true; }
      return false;
    },
    close() {
      disposed = true;
      if (ws) ws.close();
    },
  };
}
