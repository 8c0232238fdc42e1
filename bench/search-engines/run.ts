/**
 * Search engines compared in process on one synthetic catalogue and one long-tail query mix
 * (issue 43): build time and memory, single-thread latency of "first page of 20 + total (capped)"
 * with the filters while 2 products change a second, update cost and visibility, and for
 * PostgreSQL the server's statement shape on a sample of the queries. Each engine runs in a child
 * process of its own, so its memory is its own. Writes its size's section of RESULTS.md here.
 *
 *   npm run engines -w @owo/bench
 *
 * Settings: ENGINES_PRODUCTS (200000), ENGINES_QUERIES distinct queries (6000), ENGINES_LIST
 * (typed,flexsearch,orama,pg), ENGINES_PG_SAMPLE queries timed on PostgreSQL (500), ENGINES_ORAMA_SAMPLE
 * queries timed on Orama (1000, after 40 of warm-up; the others answer the whole stream after 600 of warm-up), DATABASE_URL
 * (postgres://postgres@127.0.0.1:5432/postgres; the database owo_engines is created and dropped),
 * ENGINES_WRITE=0 (print only).
 *
 * BENCH_SMOKE=1 (bench/smoke.ts) is a smoke run: 2,000 products, 200 distinct queries, 50 timed on
 * PostgreSQL and 50 on Orama, the database owo_engines_smoke; results.json and RESULTS.md left alone.
 * An engine that fails (or answers no query) makes the run exit non-zero.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { products } from './catalogue-gen.js';
import { FlexEngine, OramaEngine, TypedEngine, type Engine } from './engines.js';
import { PgEngine } from './pg-engine.js';
import { queryMix, type Query } from './queries.js';
import { wordsOf, type IndexRow } from './typed-index.js';
import { check, exitOnProblems, sized, writeRecorded } from '../results.js';

const N = Number(process.env.ENGINES_PRODUCTS ?? sized(200_000, 2000));
const DISTINCT = Number(process.env.ENGINES_QUERIES ?? sized(6000, 200));
const LIST = (process.env.ENGINES_LIST ?? 'typed,flexsearch,orama,pg').split(',');
const PG_SAMPLE = Number(process.env.ENGINES_PG_SAMPLE ?? sized(500, 50));
/** Orama answers in tens of ms at these sizes: it is timed on the first queries of the stream only. */
const ORAMA_SAMPLE = Number(process.env.ENGINES_ORAMA_SAMPLE ?? sized(1000, 50));
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ONLY = process.env.ENGINES_ONLY;

type Figures = Record<string, number | string>;
const gc = () => (globalThis as { gc?: () => void }).gc?.();
const mb = (b: number) => b / 2 ** 20;
const memory = () => {
  gc();
  const m = process.memoryUsage();
  return { heap: mb(m.heapUsed + m.arrayBuffers), rss: mb(m.rss) };
};
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const round = (x: number, d = 2) => Number(x.toFixed(d));

/** A change as the marketplace makes them: repriced, sold out or back, renamed a little. */
function changed(r: IndexRow, k: number): IndexRow {
  return { ...r, price: r.price + 100 * (k % 7), inStock: !r.inStock, name: k % 3 ? r.name : `${r.name} New` };
}

async function measure(name: string): Promise<Figures> {
  const rows = [...products(N)];
  const mix = queryMix(DISTINCT);
  const { distinct } = mix;
  const warm = name === 'orama' ? 40 : 600;
  const stream = name === 'orama' ? mix.stream.slice(0, ORAMA_SAMPLE + warm) : mix.stream;
  const before = memory();
  if (name === 'pg') return measurePg(rows, stream);
  const engine: Engine = name === 'typed' ? new TypedEngine() : name === 'flexsearch' ? new FlexEngine() : new OramaEngine();
  let t = performance.now();
  const buildCpu = process.cpuUsage();
  await engine.build(rows);
  const buildMs = performance.now() - t;
  const builtCpu = process.cpuUsage(buildCpu);
  const after = memory();
  console.error(`${name}: built in ${round(buildMs / 1000)} s`);
  for (const q of stream.slice(0, warm / 2)) await engine.search(q);
  // The rate found in the warm-up sets how many queries pass between two changes (2 a second).
  t = performance.now();
  for (const q of stream.slice(warm / 2, warm)) await engine.search(q);
  const perQuery = (performance.now() - t) / (warm / 2);
  const every = Math.max(1, Math.round(1000 / perQuery / 2));
  const lat: number[] = [];
  const cpuLat: number[] = [];
  const upd: number[] = [];
  const rand = (i: number) => rows[(i * 7919) % rows.length]!;
  const cpu = process.cpuUsage();
  for (let i = warm; i < stream.length; i++) {
    if (i % every === 0) {
      const u = performance.now();
      await engine.update(changed(rand(i), i));
      upd.push(performance.now() - u);
    }
    const c = process.cpuUsage();
    const s = performance.now();
    await engine.search(stream[i]!);
    lat.push(performance.now() - s);
    const d = process.cpuUsage(c);
    cpuLat.push((d.user + d.system) / 1000);
  }
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000 / lat.length;
  console.error(`${name}: ${lat.length} queries timed`);
  // A changed product is found at once by a new word, and a removed one never again.
  let foundNow = 0;
  let goneNow = 0;
  const checks = 50;
  for (let k = 0; k < checks; k++) {
    const r = rand(k * 31 + 5);
    const word = `zqv${k}x${r.id}`;
    const u = performance.now();
    await engine.update({ ...r, name: `${r.name} ${word}` });
    upd.push(performance.now() - u);
    const q: Query = { text: word, intended: word, misspelt: false, filters: { state: r.state } };
    if ((await engine.search(q)).ids.includes(r.id)) foundNow++;
    await engine.remove(r.id);
    if (!(await engine.search(q)).ids.includes(r.id) && !(await engine.search({ ...q, text: r.name })).ids.includes(r.id)) goneNow++;
  }
  // Misspellings: the first result of a misspelt query has all the intended words (when the intended query finds anything).
  const byId = new Map(rows.map((r) => [r.id, r]));
  let asked = 0;
  let fixed = 0;
  for (const q of distinct.filter((x) => x.misspelt).slice(0, name === 'orama' ? 100 : 300)) {
    const intended = await engine.search({ ...q, text: q.intended });
    if (!intended.ids.length) continue;
    asked++;
    const top = byId.get((await engine.search(q)).ids[0] ?? -1);
    const has = new Set(top ? wordsOf(`${top.name} ${top.tags} ${top.description}`) : []);
    if (top && wordsOf(q.intended).every((w) => has.has(w))) fixed++;
  }
  return {
    engine: name,
    products: N,
    buildS: round(buildMs / 1000),
    buildCpuS: round((builtCpu.user + builtCpu.system) / 1e6),
    cpuP50: round(pct(cpuLat, 50), 3),
    cpuP99: round(pct(cpuLat, 99), 3),
    heapMB: round(after.heap - before.heap, 0),
    rssMB: round(after.rss - before.rss, 0),
    queries: lat.length,
    p50: round(pct(lat, 50)),
    p99: round(pct(lat, 99)),
    mean: round(mean(lat), 3),
    max: round(Math.max(...lat)),
    qps: round(1000 / mean(lat), 0),
    cpuMs: round(cpuMs, 3),
    load: round(os.loadavg()[0]!, 1),
    updates: upd.length,
    updMean: round(mean(upd), 3),
    updP99: round(pct(upd, 99), 3),
    visible: `${foundNow}/${checks}`,
    gone: `${goneNow}/${checks}`,
    misspeltFixed: `${fixed}/${asked}`,
  };
}

async function measurePg(rows: IndexRow[], stream: Query[]): Promise<Figures> {
  const pg = new PgEngine(ADMIN_URL);
  try {
    const t = performance.now();
    const steps = await pg.seed(rows);
    const seedS = (performance.now() - t) / 1000;
    const sizes = await pg.sizes();
    let r = performance.now();
    const read = await pg.readAll();
    const readS = (performance.now() - r) / 1000;
    const sample = stream.slice(0, PG_SAMPLE);
    for (const q of sample.slice(0, 20)) await pg.search(q);
    const lat: number[] = [];
    for (const q of sample) {
      r = performance.now();
      await pg.search(q);
      lat.push(performance.now() - r);
    }
    return {
      engine: 'pg',
      products: N,
      buildS: round(seedS),
      steps: Object.entries(steps)
        .map(([k, v]) => `${k} ${round(v / 1000, 1)} s`)
        .join(', '),
      tableMB: round(sizes.table, 0),
      ginMB: round(sizes.gin, 0),
      readAllS: round(readS),
      readRows: read,
      queries: lat.length,
      p50: round(pct(lat, 50)),
      p99: round(pct(lat, 99)),
      mean: round(mean(lat), 3),
      max: round(Math.max(...lat)),
      qps: round(1000 / mean(lat), 0),
      load: round(os.loadavg()[0]!, 1),
    };
  } finally {
    await pg.close(true);
  }
}

/** Every engine's last figures per size, so an engine can be measured again alone (results.json here). */
const STORE = new URL('./results.json', import.meta.url);
function stored(): Figures[] {
  return existsSync(STORE) ? (JSON.parse(readFileSync(STORE, 'utf8')) as Figures[]) : [];
}

function table(results: Figures[]): string {
  const { distinct, stream } = queryMix(DISTINCT);
  const lines = [
    `## ${N.toLocaleString('en')} products`,
    '',
    `Recorded by \`bench/search-engines/run.ts\` (${[...new Set(results.map((r) => r.date))].join(', ')}): ${os.cpus().length} cores, ` +
      `${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, one engine per child process, one thread, no HTTP. ` +
      `${distinct.length} distinct queries asked ${stream.length} times (Zipf-like: the query of rank r asked max(1, round(200 / r)) times), ` +
      `${distinct.filter((q) => q.misspelt).length} misspelt, ${distinct.filter((q) => q.filters.state !== undefined).length} with a state, ` +
      `${distinct.filter((q) => q.filters.minPrice !== undefined).length} with a price range, ` +
      `${distinct.filter((q) => q.filters.category !== undefined).length} with a category.`,
    '',
    '| engine | build s (CPU s) | memory MB: heap+buffers / RSS | queries | p50 ms | p99 ms | mean ms | max ms | CPU ms/query: p50 / p99 / mean ' +
      '| queries/s per core | load | update mean / p99 ms | changed found at once | removed gone | misspelt fixed |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of results) {
    const lat = `${r.queries} | ${r.p50} | ${r.p99} | ${r.mean} | ${r.max}`;
    if (r.error) lines.push(`| ${r.engine} | ${r.error} ||||||||||||||`);
    else if (r.engine === 'pg') {
      lines.push(
        `| PostgreSQL (GIN, the server's statement shape) | ${r.buildS} (seed) | ${r.tableMB} on disk (GIN ${r.ginMB}) | ${lat} ` +
          `| n/a (PostgreSQL's) | ${r.qps} (1 connection, wall) | ${r.load} | n/a | n/a | n/a | not timed |`,
      );
    } else {
      lines.push(
        `| ${r.engine} | ${r.buildS} (${r.buildCpuS}) | ${r.heapMB} / ${r.rssMB} | ${lat} | ${r.cpuP50} / ${r.cpuP99} / ${r.cpuMs} ` +
          `| ${Math.round(1000 / Number(r.cpuMs))} | ${r.load} | ${r.updMean} / ${r.updP99} | ${r.visible} | ${r.gone} | ${r.misspeltFixed} |`,
      );
    }
  }
  const pg = results.find((r) => r.engine === 'pg' && !r.error);
  if (pg)
    lines.push(
      '',
      `PostgreSQL seed: ${pg.steps}; reading all ${pg.readRows} rows' search columns (an in-process index's start-up read): ${pg.readAllS} s.`,
    );
  return lines.join('\n');
}

function write(markdown: string) {
  const file = new URL('./RESULTS.md', import.meta.url);
  const begin = `<!-- begin ${N} -->`;
  const end = `<!-- end ${N} -->`;
  const block = `${begin}\n${markdown}\n${end}`;
  const old = existsSync(file) ? readFileSync(file, 'utf8') : '# Search engines compared (issue 43)\n';
  const i = old.indexOf(begin);
  const j = old.indexOf(end);
  writeRecorded(file, i >= 0 && j > i ? `${old.slice(0, i)}${block}${old.slice(j + end.length)}` : `${old.trimEnd()}\n\n${block}\n`);
}

if (ONLY) {
  measure(ONLY).then(
    (f) => console.log(`RESULT ${JSON.stringify(f)}`),
    (e: Error) => {
      console.error(e);
      console.log(`RESULT ${JSON.stringify({ engine: ONLY, error: String(e.message).slice(0, 120) })}`);
    },
  );
} else {
  let all = stored();
  for (const name of LIST) {
    const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
      env: { ...process.env, ENGINES_ONLY: name },
      encoding: 'utf8',
      maxBuffer: 1 << 26,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const line = child.stdout.split('\n').find((l) => l.startsWith('RESULT '));
    const f: Figures = line ? JSON.parse(line.slice(7)) : { engine: name, products: N, error: `exited ${child.status ?? child.signal}` };
    f.date = new Date().toISOString().slice(0, 16).replace('T', ' ');
    console.log(JSON.stringify(f));
    check(!f.error && Number(f.queries) > 0, `${name}: ${f.error ?? `${f.queries} queries answered`}`);
    all = [...all.filter((r) => !(r.engine === name && r.products === N)), f];
    if (process.env.ENGINES_WRITE !== '0') writeRecorded(STORE, `${JSON.stringify(all, null, 1)}\n`);
  }
  const order = ['typed', 'flexsearch', 'orama', 'pg'];
  const md = table(all.filter((r) => r.products === N).sort((a, b) => order.indexOf(String(a.engine)) - order.indexOf(String(b.engine))));
  console.log(md);
  if (process.env.ENGINES_WRITE !== '0') write(md);
  exitOnProblems();
}
