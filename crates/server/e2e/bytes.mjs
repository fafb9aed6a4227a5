// Bytes a browser transfers for the front page and a game page, on a first visit (empty
// cache) and a return visit (same browser profile), as Chromium's network layer counts
// them (headers and compressed bodies, from the DevTools protocol's encodedDataLength):
// TRIOMINOS_URL=http://127.0.0.1:8080 node bytes.mjs [locale]
import { launch, BASE } from './lib.mjs';

const locale = process.argv[2] || 'en-US';
const browser = await launch();
const context = await browser.newContext({ locale, viewport: { width: 1366, height: 768 } });

async function visit(path, wait) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const urls = new Map();
  let bytes = 0;
  cdp.on('Network.responseReceived', (e) => urls.set(e.requestId, { url: e.response.url, status: e.response.status, cached: e.response.fromDiskCache || e.response.fromMemoryCache }));
  cdp.on('Network.loadingFinished', (e) => { bytes += e.encodedDataLength; const u = urls.get(e.requestId); if (u) u.bytes = e.encodedDataLength; });
  await page.goto(BASE + path);
  await page.waitForSelector(wait);
  await page.waitForLoadState('networkidle');
  await page.close();
  const files = [...urls.values()].filter((u) => !u.url.startsWith('data:'));
  // Chromium reports a revalidated file (a 304 answer) as a 200 from the network whose
  // transfer is its headers alone.
  const net = files.filter((u) => !u.cached);
  return { bytes, requests: files.length, fetched: net.filter((u) => (u.bytes ?? 0) > 200).length, revalidated: net.filter((u) => u.status === 304 || (u.bytes ?? 0) <= 200).length, files };
}

const game = await (await fetch(BASE + '/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ preset: 'goliath', seats: [{ kind: 'human', name: 'Ann' }, { kind: 'bot', level: 'greedy' }] }) })).json();
const rows = [];
rows.push(['front page, first visit', await visit('/', '#solo')]);
rows.push(['front page, return visit', await visit('/', '#solo')]);
rows.push(['game page, after the front page', await visit(game.seats[0].link, '#rack .racktile')]);
rows.push(['game page, return visit', await visit(game.seats[0].link, '#rack .racktile')]);
for (const [what, r] of rows) {
  console.log(`${what}: ${(r.bytes / 1024).toFixed(1)} KB in ${r.requests} requests (${r.fetched} downloaded, ${r.revalidated} answered 304, the rest from the cache)`);
  if (process.env.VERBOSE) for (const f of r.files) console.log('   ', f.status, f.cached ? 'cache' : '', f.bytes ?? '', f.url.replace(BASE, ''));
}
await browser.close();
