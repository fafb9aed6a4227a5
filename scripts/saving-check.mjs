// scripts/saving-check.sh's page: connects a seat's socket and prints each `saving`
// message with the seconds since it started (Node 20: --experimental-websocket).
const [base, id, token, seconds] = process.argv.slice(2);
const t0 = Date.now();
const ws = new WebSocket(base.replace('http', 'ws') + '/ws/' + id);
ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', token }));
ws.onmessage = (ev) => { const m = JSON.parse(ev.data); if (m.type === 'saving' || m.type === 'snapshot') console.log(((Date.now() - t0) / 1000).toFixed(2), m.type === 'saving' ? JSON.stringify(m) : 'snapshot'); };
ws.onclose = (ev) => console.log('closed', ev.code);
setTimeout(() => process.exit(0), Number(seconds) * 1000);
