// The game's WebSocket: connects with the seat's token, reconnects with a growing pause
// when the connection drops, tells a wrong link (or a game that does not exist) from a
// lost connection, and sends JSON messages.

/**
 * Connects to game `id`. Handlers: onMessage(parsed JSON), onOpen(), onLost() (will retry),
 * onFatal(code) ('game_not_found' or 'bad_token': no retry). Answers {send(obj) -> sent?, close()}.
 */
export function connect(id, token, handlers) {
  let ws = null;
  let disposed = false;
  let retry = 300;
  let opened = false;

  function open() {
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    ws = new WebSocket(`${proto}://${location.host}/ws/${id}` + (token ? `?token=${encodeURIComponent(token)}` : ''));
    ws.onopen = () => { opened = true; retry = 300; handlers.onOpen(); };
    ws.onmessage = (ev) => handlers.onMessage(JSON.parse(ev.data));
    ws.onclose = async () => {
      if (disposed) return;
      if (!opened) {
        const r = await fetch('/api/games/' + id).catch(() => null);
        if (r && r.status === 404) { fatal('game_not_found'); return; }
        if (r && r.ok && token) {
          // The game exists: the link's token is wrong.
          const probe = await fetch(`/ws/${id}?token=${encodeURIComponent(token)}`).catch(() => null);
          if (probe && probe.status === 403) { fatal('bad_token'); return; }
        }
      }
      handlers.onLost();
      setTimeout(() => { if (!disposed) open(); }, retry);
      retry = Math.min(retry * 2, 5000);
      opened = false;
    };
  }

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
