// A stand-in for a provider's settlement service (the server's SETTLEMENT_URL) in the journeys: it
// answers `GET /settlements/:source?date=` with the lines a journey seeded (`POST /seed`), and 404
// for a source and day nobody seeded (no report). State lives in memory for one run.
import { createServer } from 'node:http';

const port = Number(process.argv[2] ?? 4310);
const reports = new Map();

createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://stand-in');
  if (req.method === 'GET' && url.pathname === '/health') return void res.writeHead(200).end('ok');
  if (req.method === 'POST' && url.pathname === '/seed') {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const { source, date, lines } = JSON.parse(raw);
    const key = `${source} ${date}`;
    reports.set(key, [...(reports.get(key) ?? []), ...lines]);
    return void res.writeHead(204).end();
  }
  const m = /^\/settlements\/([a-z_]+)$/.exec(url.pathname);
  const lines = m ? reports.get(`${m[1]} ${url.searchParams.get('date')}`) : undefined;
  if (!lines) return void res.writeHead(404).end();
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ lines }));
}).listen(port, '127.0.0.1');
