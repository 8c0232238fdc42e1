/**
 * The marketplace catalogue against the bare yardstick, on PostgreSQL, in one run: a database seeded
 * by SQL with CATALOGUE_SHOPS shops (each its owner's, spread over Nigeria's states around their
 * capitals, with an LGA of the state) and CATALOGUE_PRODUCTS products (names combined from word lists
 * per subcategory, prices in kobo, some discounted, some with variations, images, views and sales,
 * `search_text` as the service writes it), reviews for some products and wishlists for the shoppers;
 * then, through the real server, at each of CATALOGUE_LEVELS connections:
 *
 *   - search: GET /api/ecommerce/api/product?search=<a query of the long tail>[&stateQuery=][&minPrice=&maxPrice=][&category=]
 *     (long-tail.ts: thousands of distinct queries drawn Zipf-like, a third misspelt, a third with a state;
 *     CATALOGUE_MIX=popular for a few dozen misspelt words, each with a state);
 *   - search-price: the same with a price range in kobo on every query;
 *   - suggest: GET /api/ecommerce/api/product/suggest?q=<the first three to six letters of a search>;
 *   - category: GET /api/ecommerce/api/product/filter?category=<id>&page=<1..5>;
 *   - nearby: POST /api/ecommerce/api/shop/search {latitude, longitude, radiusKm} from points in and around cities;
 *
 * and the bare Fastify + pg single-row read before and after them. Every request is asked once before
 * the load (non-empty results of the right shape; the bench stops on an error reply), and a non-2xx
 * answer under load counts as failed. Then EXPLAIN ANALYZE of each case's statement (copied from
 * products-read.ts / products.service.ts / shops.service.ts and checked against the API's answers)
 * and a CPU profile of the server during the slowest case at the highest level. Writes the
 * `catalogue` section of RESULTS.md.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run catalogue -w @owo/bench
 *
 * Settings: CATALOGUE_PRODUCTS (default 200000), CATALOGUE_SHOPS (2000), CATALOGUE_SAMPLE shoppers
 * whose tokens drive the load (20), CATALOGUE_LEVELS (1,16,64), CATALOGUE_SECONDS per case and level
 * (10), CATALOGUE_WARMUP seconds per case before the first level, unrecorded (3), CATALOGUE_EXPLAIN
 * requests per case whose statements are explained (8; 0 for none), CATALOGUE_PROFILE=0 (no CPU
 * profile), CATALOGUE_PORT (3440; the bare server uses the next port), CATALOGUE_CLIENT=node
 * (node:http even when wrk is installed), CATALOGUE_WRITE=0 (print, leave RESULTS.md alone),
 * CATALOGUE_KEEP=1 (keep the database owo_catalogue afterwards), CATALOGUE_REUSE=1 (use a kept
 * owo_catalogue as it is: no seeding; the sizes are read from it), CATALOGUE_CHANGES products a second
 * going out of stock or back in during the load (0; 2 for the recorded runs), CATALOGUE_BEFORE=0 (no second
 * server with SEARCH_INDEX=off, whose search cases are the "before": the database's statement alone).
 * CATALOGUE_MIX (long-tail | popular), CATALOGUE_QUERIES distinct long-tail queries (6000), CATALOGUE_CHECK of them
 * asked before the load (60).
 * DATABASE_POOL_SIZE passes through to the server (the bare server uses the same size).
 *
 * BENCH_SMOKE=1 (bench/smoke.ts) is a smoke run: 400 shops and 4,000 products, 4 shoppers, 300 distinct
 * queries of which 30 are checked, one level (concurrency 4) of 1 s per case, no warm-up, no profile,
 * EXPLAIN for 2 requests per case, 2 stock changes a second, port 4440 (4441, 4442), the database
 * owo_catalogue_smoke, RESULTS.md left alone. A request that fails under load makes the run exit non-zero.
 *
 * The same file, run with CATALOGUE_ROLE=bare, is the bare server.
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  admin as adminSql,
  FIRST_NAMES as FIRST,
  LAST_NAMES as LAST,
  bareServer,
  dbUrl as dbUrlOf,
  jsonClient,
  logResult,
  mean,
  freshDatabase,
  measureWhenIdle,
  pct,
  perReq,
  profileCase,
  profileTables,
  signedUpUser,
  startBare,
  startServer,
  stop,
  useWrk,
  type Case,
  type Json,
  type Profiled,
  type Req,
  type Result,
} from './lib.js';
import { DESCRIPTIONS, LINES, PREFIXES } from './catalogue-words.js';
import { longTail, spread, type Query } from './long-tail.js';
import { check as checkThat, exitOnProblems, own, sized, writeSection } from './results.js';

const POOL = Number(process.env.DATABASE_POOL_SIZE ?? 10);
const ADMIN_URL = process.env.DATABASE_URL ?? '';
/** CATALOGUE_<name>, else its default: `full`, or `small` in a smoke run. */
const env = (name: string, full: number, small = full) => Number(process.env[`CATALOGUE_${name}`] ?? sized(full, small));
const PRODUCTS = env('PRODUCTS', 200_000, 4_000);
const SHOPS = env('SHOPS', 2_000, 400);
const SAMPLE = Math.min(env('SAMPLE', 20, 4), SHOPS);
const LEVELS = (process.env.CATALOGUE_LEVELS ?? sized('1,16,64', '4')).split(',').map(Number);
const SECONDS = env('SECONDS', 10, 1);
const WARMUP = env('WARMUP', 3, 0);
const EXPLAIN = env('EXPLAIN', 8, 2);
const PROFILE = (process.env.CATALOGUE_PROFILE ?? sized('1', '0')) !== '0';
const PORT = env('PORT', 3440, 4440);
const BARE_PORT = PORT + 1;
const BASE = `http://127.0.0.1:${PORT}`;
const DB = own('owo_catalogue');
const PASSWORD = 'benchpass1';
const WRK = useWrk(process.env.CATALOGUE_CLIENT);
const REUSE = process.env.CATALOGUE_REUSE === '1';
/** A second server with SEARCH_INDEX=off (the database's statement alone) answers the search cases again: the before of one run. */
const BEFORE = process.env.CATALOGUE_BEFORE !== '0';
const BEFORE_PORT = PORT + 2;
/**
 * BENCH_COMPARE=<another copy's apps/server directory> (a `git worktree` of an older commit, its
 * node_modules linked, as for complete.ts): that server's start-up on the same database (until its
 * index is ready, its arrays and resident memory) is measured too, alternating with this tree's,
 * CATALOGUE_STARTS times each (2), and it answers the search, search-price and suggest cases again
 * as "(before)", in place of the SEARCH_INDEX=off server.
 */
const COMPARE = process.env.BENCH_COMPARE;
const STARTS = env('STARTS', 2, 1);
/**
 * The searches asked (CATALOGUE_MIX): 'long-tail' (the default; long-tail.ts) draws search,
 * search-price and suggest from CATALOGUE_QUERIES distinct queries (6000; the priced mix half as
 * many), Zipf-like, a third misspelt and a third with a state, of which CATALOGUE_CHECK (60) spread
 * over the list are asked before the load; 'popular' repeats the few dozen SEARCHES below, each
 * checked.
 */
const LONG_TAIL = (process.env.CATALOGUE_MIX ?? 'long-tail') === 'long-tail';
const QUERIES = env('QUERIES', 6000, 300);
const CHECK_SAMPLE = env('CHECK', 60, 30);
/** Products whose stock goes out or back in each second during the load (CATALOGUE_CHANGES): each tells the server its words. */
const CHANGES = env('CHANGES', 0, 2);
/** The mark of the cases the second server answers: "(db)", the database alone; "(before)", the server in BENCH_COMPARE. */
const BEFORE_MARK = COMPARE ? '(before)' : '(db)';
/** How the server searched, and what changed during the load. */
const INDEX_NOTE =
  `Each server process keeps its own product search index (services/ecommerce/search-index/, docs/search.md): it finds a page's candidates with work bounded by the page, and the database ranks only those and reads the page. Nothing is kept between requests.` +
  (COMPARE
    ? ` The cases marked "(before)" are the same requests to a second server, the one in \`${COMPARE}\` (BENCH_COMPARE), with its own index, in the same run.`
    : BEFORE
      ? ' The cases marked "(db)" are the same requests to a second server with `SEARCH_INDEX=off` in the same run, which answers with the database\'s statement alone (every match found and ranked by PostgreSQL): the before.'
      : '') +
  (CHANGES > 0
    ? ` During every case, ${CHANGES} products a second (drawn at random) went out of stock or back in; each server applied the change to its index before its next search.`
    : ' No product changed during the load.');
/** The aim for every kind of request: p99 at most this many ms at the highest level. */
const AIM_P99 = 50;
/** The ecommerce service's routes are mounted under this prefix. */
const E = '/api/ecommerce';

const dbUrl = (name: string) => dbUrlOf(ADMIN_URL, name);
const admin = (sql: string, url = ADMIN_URL) => adminSql(sql, url);
const call = jsonClient(BASE);

// ---------------------------------------------------------------------------------------------
// The marketplace's words: where shops are, what they are called, what they sell.

/** Each state's capital (or main city), where its shops are spread around, and its share of the shops. */
const STATE_AT: Record<string, { lat: number; lng: number; weight: number }> = {
  abia: { lat: 5.532, lng: 7.486, weight: 2 },
  adamawa: { lat: 9.2035, lng: 12.4954, weight: 1 },
  'akwa-ibom': { lat: 5.0377, lng: 7.9128, weight: 2 },
  anambra: { lat: 6.212, lng: 7.074, weight: 3 },
  bauchi: { lat: 10.3158, lng: 9.8442, weight: 1 },
  bayelsa: { lat: 4.9267, lng: 6.2676, weight: 1 },
  benue: { lat: 7.7322, lng: 8.5391, weight: 1 },
  borno: { lat: 11.8311, lng: 13.151, weight: 1 },
  'cross-river': { lat: 4.9757, lng: 8.3417, weight: 1 },
  delta: { lat: 6.198, lng: 6.7319, weight: 2 },
  ebonyi: { lat: 6.3249, lng: 8.1137, weight: 1 },
  edo: { lat: 6.335, lng: 5.6037, weight: 2 },
  ekiti: { lat: 7.6211, lng: 5.2214, weight: 1 },
  enugu: { lat: 6.4584, lng: 7.5464, weight: 3 },
  gombe: { lat: 10.2897, lng: 11.1673, weight: 1 },
  imo: { lat: 5.4836, lng: 7.0333, weight: 2 },
  jigawa: { lat: 11.7562, lng: 9.3388, weight: 1 },
  kaduna: { lat: 10.5105, lng: 7.4165, weight: 3 },
  kano: { lat: 12.0022, lng: 8.592, weight: 8 },
  katsina: { lat: 12.9908, lng: 7.6018, weight: 1 },
  kebbi: { lat: 12.4539, lng: 4.1975, weight: 1 },
  kogi: { lat: 7.8023, lng: 6.7333, weight: 1 },
  kwara: { lat: 8.4966, lng: 4.5421, weight: 2 },
  lagos: { lat: 6.5244, lng: 3.3792, weight: 25 },
  nasarawa: { lat: 8.4939, lng: 8.5153, weight: 1 },
  niger: { lat: 9.6139, lng: 6.5569, weight: 1 },
  ogun: { lat: 7.1475, lng: 3.3619, weight: 3 },
  ondo: { lat: 7.2571, lng: 5.2058, weight: 2 },
  osun: { lat: 7.7827, lng: 4.5418, weight: 2 },
  oyo: { lat: 7.3775, lng: 3.947, weight: 6 },
  plateau: { lat: 9.8965, lng: 8.8583, weight: 2 },
  rivers: { lat: 4.8156, lng: 7.0498, weight: 8 },
  sokoto: { lat: 13.0059, lng: 5.2476, weight: 1 },
  taraba: { lat: 8.8937, lng: 11.3596, weight: 1 },
  yobe: { lat: 11.747, lng: 11.9608, weight: 1 },
  zamfara: { lat: 12.1628, lng: 6.6614, weight: 1 },
  fct: { lat: 9.0765, lng: 7.3986, weight: 10 },
};
const STATE_NAME: Record<string, string> = { fct: 'Abuja', 'akwa-ibom': 'Akwa Ibom', 'cross-river': 'Cross River' };
const stateName = (id: string) => STATE_NAME[id] ?? id[0]!.toUpperCase() + id.slice(1);

const SHOP_WORDS = ['Stores', 'Gadgets', 'Mart', 'Collections', 'Enterprises', 'Ventures', 'Hub', 'Boutique', 'Supermarket', 'Emporium'];
/** The category ids in catalogue.ts's order; a shop sells from three of them. */
const CATEGORY_IDS = ['phones', 'electronics', 'appliances', 'fashion', 'beauty', 'home', 'groceries', 'computing', 'baby'];

/** Per subcategory: its category, product names (combined with `suffixes`), the price range in naira and the variation options. */
const COLOUR_IDS = ['black', 'white', 'grey', 'red', 'green', 'blue', 'gold', 'brown'];
const REVIEW_TEXTS = ['Exactly as described', 'Fast delivery, thank you', 'Good quality for the price', 'Works well', 'Not bad', ''];
const arr = (xs: string[]) => `ARRAY[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(', ')}]::text[]`;

/** Every product name before its prefix: each line's names with each of its suffixes. */
function names(): { category: string; sub: string; name: string; min: number; max: number; options: string[] | null }[] {
  return LINES.flatMap((l) =>
    l.names.flatMap((n) =>
      l.suffixes.map((s) => ({
        category: l.category,
        sub: l.sub,
        name: `${n} ${s}`,
        min: l.naira[0],
        max: l.naira[1],
        options: l.options ?? null,
      })),
    ),
  );
}

/** A shop for each n: its state (by weight), an LGA of it, a point within about 20 km of the state's city. */
function shopPlaces(): { stateId: string; lgaIndex: number; lat: number; lng: number }[] {
  let seed = 42;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const ids = Object.keys(STATE_AT);
  const total = ids.reduce((a, id) => a + STATE_AT[id]!.weight, 0);
  return Array.from({ length: SHOPS }, () => {
    let x = rand() * total;
    const stateId = ids.find((id) => (x -= STATE_AT[id]!.weight) < 0) ?? 'lagos';
    const at = STATE_AT[stateId]!;
    // Denser near the centre: a radius of up to 0.18 degrees (about 20 km), squared towards 0.
    const r = 0.18 * rand() ** 1.5;
    const t = 2 * Math.PI * rand();
    return { stateId, lgaIndex: Math.floor(rand() * 1000), lat: at.lat + r * Math.sin(t), lng: at.lng + r * Math.cos(t) };
  });
}

// ---------------------------------------------------------------------------------------------
// Seeding, by SQL: set-based inserts in one session, into the migrated schema with its indexes.

type SeedStep = { name: string; ms: number; rows: number };

/**
 * Seeds the owners (who log in with the one real signup's password), their shops, the products with
 * variations, reviews for some products, and wishlists for the first SAMPLE owners (the shoppers
 * whose tokens drive the load). Ids are UUIDv7 like the server's, stamped with the row's time.
 */
async function seed(db: pg.Client, passwordHash: string): Promise<SeedStep[]> {
  const now = new Date().toISOString();
  const steps: SeedStep[] = [];
  const step = async (name: string, sql: string, params: unknown[] = []) => {
    const t0 = Date.now();
    const r = await db.query(sql, params);
    steps.push({ name, ms: Date.now() - t0, rows: r.rowCount ?? 0 });
    console.log(`  ${name}: ${r.rowCount ?? 0} rows in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  };
  await db.query(`SET synchronous_commit = off; SET work_mem = '256MB'; SET maintenance_work_mem = '512MB'`);
  await db.query('SELECT setseed(0.42)');
  await db.query(`CREATE FUNCTION pg_temp.uuid7(at timestamptz, seed text) RETURNS uuid LANGUAGE sql IMMUTABLE AS $$
    SELECT (lpad(to_hex(floor(extract(epoch FROM at) * 1000)::bigint), 12, '0') || '7' || substr(md5(seed), 1, 3) || '8'
      || substr(md5(seed), 4, 15))::uuid $$`);
  const places = JSON.parse(readFileSync(new URL('../apps/server/src/services/ecommerce/places-ng.json', import.meta.url), 'utf8')) as {
    states: { id: string; lgas: { id: string }[] }[];
  };
  const lgas = new Map(places.states.map((s) => [s.id, s.lgas.map((l) => l.id)]));
  const spots = shopPlaces();
  await db.query(`CREATE TEMP TABLE seed_places (n int PRIMARY KEY, state_id text, state_name text, lga_id text, lat float8, lng float8)`);
  await db.query(
    `INSERT INTO seed_places SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::float8[], $6::float8[])`,
    [
      spots.map((_, i) => i + 1),
      spots.map((s) => s.stateId),
      spots.map((s) => stateName(s.stateId)),
      spots.map((s) => {
        const l = lgas.get(s.stateId)!;
        return l[s.lgaIndex % l.length]!;
      }),
      spots.map((s) => s.lat),
      spots.map((s) => s.lng),
    ],
  );
  const all = names();
  await db.query(`CREATE TEMP TABLE seed_names (k int PRIMARY KEY, cat int, category_id text, subcategory_id text, name text,
    min_naira int, max_naira int, options text[])`);
  await db.query(
    `INSERT INTO seed_names SELECT *, NULL::text[] FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[], $6::int[], $7::int[])`,
    [
      all.map((_, i) => i + 1),
      all.map((x) => CATEGORY_IDS.indexOf(x.category)),
      all.map((x) => x.category),
      all.map((x) => x.sub),
      all.map((x) => x.name),
      all.map((x) => x.min),
      all.map((x) => x.max),
    ],
  );
  for (const l of LINES.filter((x) => x.options))
    await db.query(`UPDATE seed_names SET options = $1 WHERE subcategory_id = $2`, [l.options, l.sub]);
  // Each category's names are numbered from its first k: (first, count) per category index.
  await db.query(`CREATE TEMP TABLE seed_cats AS SELECT cat, min(k) AS first, count(*)::int AS n FROM seed_names GROUP BY cat`);
  await step(
    'seed owners (temporary table)',
    `CREATE TEMP TABLE seed_owners AS SELECT n, pg_temp.uuid7(ts, 'o' || n) AS id, pg_temp.uuid7(ts + interval '1 hour', 's' || n) AS shop_id, ts
      FROM (SELECT n, '${now}'::timestamptz - interval '400 days' + interval '200 days' * (n::float8 / ${SHOPS}) AS ts
        FROM generate_series(1, ${SHOPS}) n) s`,
  );
  await db.query('ALTER TABLE seed_owners ADD PRIMARY KEY (n); ANALYZE seed_owners');
  await step(
    'users (shop owners)',
    `INSERT INTO users (id, first_name, last_name, email, phone_number, nick_name, password_hash, phone_verified_at, created_at, updated_at)
      SELECT id, (${arr(FIRST)})[1 + n % ${FIRST.length}], (${arr(LAST)})[1 + (n / ${FIRST.length}) % ${LAST.length}],
        'shop' || n || '@owo.test', '+234807' || lpad(n::text, 7, '0'), 'seller' || n, $1, ts, ts, ts
      FROM seed_owners ORDER BY n`,
    [passwordHash],
  );
  // A shop sells from three categories: its own (n mod 9) and two others.
  await step(
    'shops',
    `INSERT INTO shops (id, owner_id, name, description, phone, state_id, lga_id, address, latitude, longitude, followers_count, created_at)
      SELECT o.shop_id, o.id,
        (${arr(FIRST)})[1 + o.n % ${FIRST.length}] || ' ' || (${arr(SHOP_WORDS)})[1 + (o.n / 7) % ${SHOP_WORDS.length}],
        'Quality ' || (${arr(CATEGORY_IDS)})[1 + o.n % 9] || ', ' || (${arr(CATEGORY_IDS)})[1 + (o.n + 1) % 9] || ' and '
          || (${arr(CATEGORY_IDS)})[1 + (o.n + 4) % 9] || ' at fair prices in ' || p.state_name || '. Pay with Owo.',
        '0803' || lpad((1000000 + o.n * 7919 % 9000000)::text, 7, '0'), p.state_id, p.lga_id,
        (1 + o.n % 120) || ' ' || (ARRAY['Market Road', 'Broad Street', 'Airport Road', 'Station Road', 'New Market', 'Main Street'])[1 + o.n % 6]
          || ', ' || p.state_name,
        p.lat, p.lng, floor(power(random(), 3) * 500)::int, o.ts + interval '1 hour'
      FROM seed_owners o JOIN seed_places p ON p.n = o.n ORDER BY o.n`,
  );
  // Products, one every 180 days / PRODUCTS, of shops drawn with a skew (some shops have many more
  // than the mean), each a name of one of the shop's three categories with a prefix; prices in kobo
  // rounded to 50 naira; 20% discounted; 1% on a flash sale ending in the next day; 40% of the
  // names with options get variations in the next step. search_text as createProduct writes it.
  await step(
    'products',
    `INSERT INTO products (id, shop_id, name, description, category_id, subcategory_id, images, price, old_price, state_id, lga_id,
        search_text, search_tags, stock, views, sales, flash_sale_ends_at, created_at, updated_at)
      SELECT pg_temp.uuid7(s.at, 'p' || s.i), o.shop_id, s.name, s.description, nm.category_id, nm.subcategory_id,
        jsonb_build_array(jsonb_build_object('url', '/files/catalogue/' || s.i || '.jpg', 'thumbnailUrl', '/files/catalogue/' || s.i || '-thumb.jpg')),
        s.price, CASE WHEN s.i % 5 = 0 THEN round(s.price * (1.1 + 0.4 * random()) / 5000) * 5000 END,
        p.state_id, p.lga_id, lower(s.name || ' ' || s.description || ' ' || sh.name),
        replace(nm.category_id, '-', ' ') || ' ' || replace(nm.subcategory_id, '-', ' '),
        floor(random() * 60)::int, floor(power(random(), 4) * 5000)::int, floor(power(random(), 6) * 300)::int,
        CASE WHEN s.i % 100 = 7 THEN '${now}'::timestamptz + interval '1 day' * random() END, s.at, s.at
      FROM (
        SELECT x.i, x.at, x.shop, x.k, ltrim((${arr(PREFIXES)})[1 + floor(random() * ${PREFIXES.length})::int] || ' ' || nm.name) AS name,
          (${arr(DESCRIPTIONS)})[1 + x.i % ${DESCRIPTIONS.length}] AS description,
          (round((nm.min_naira + (nm.max_naira - nm.min_naira) * power(random(), 2)) / 50) * 5000)::bigint AS price
        FROM (
          SELECT i, '${now}'::timestamptz - interval '180 days' * ((${PRODUCTS} - i + 0.5) / ${PRODUCTS}::float8) AS at, y.shop,
            c.first + floor(random() * c.n)::int AS k
          FROM generate_series(1, ${PRODUCTS}) i,
            LATERAL (SELECT 1 + floor(${SHOPS} * power(random(), 1.5))::int AS shop, floor(random() * 3)::int AS pick, i AS dep) y
            JOIN seed_cats c ON c.cat = (y.shop + (ARRAY[0, 1, 4])[1 + y.pick]) % 9
        ) x JOIN seed_names nm ON nm.k = x.k
      ) s JOIN seed_names nm ON nm.k = s.k JOIN seed_owners o ON o.n = s.shop JOIN seed_places p ON p.n = s.shop
        JOIN shops sh ON sh.id = o.shop_id
      ORDER BY s.i`,
  );
  // The search vocabulary, as the service's recountWords counts it (search-words.ts).
  await step(
    'search_words',
    `INSERT INTO search_words (word, products)
      SELECT w, count(*)::int FROM products p, unnest(tsvector_to_array(to_tsvector('simple'::regconfig, p.name || ' ' || p.search_tags))) w
      WHERE p.deleted_at IS NULL AND w ~ '^[a-z][a-z''-]+$' GROUP BY w`,
  );
  await step(
    'product_variations',
    `INSERT INTO product_variations (id, product_id, size, colour_id, price, stock)
      SELECT pg_temp.uuid7(p.created_at, 'v' || p.id || k), p.id, nm.options[k], (${arr(COLOUR_IDS)})[1 + (abs(hashtext(p.id::text)) + k) % ${COLOUR_IDS.length}],
        p.price + (k - 1) * (p.price / 20), floor(random() * 25)::int
      FROM products p JOIN LATERAL (SELECT options FROM seed_names n WHERE n.subcategory_id = p.subcategory_id AND n.options IS NOT NULL LIMIT 1) nm ON true
        CROSS JOIN LATERAL generate_series(1, least(3, array_length(nm.options, 1))) k
      WHERE abs(hashtext(p.id::text)) % 10 < 4
      ORDER BY p.id, k`,
  );
  // Stock follows the variations where there are any (refreshTotals).
  await step(
    'products.stock from variations',
    `UPDATE products p SET stock = v.s FROM (SELECT product_id, sum(stock)::int AS s FROM product_variations GROUP BY 1) v WHERE p.id = v.product_id`,
  );
  // Reviews of 15% of the products (1 to 5 each, by different owners), so a shop has a rating.
  await step(
    'product_reviews',
    `INSERT INTO product_reviews (id, product_id, order_id, user_id, rating, text, created_at)
      SELECT pg_temp.uuid7(p.created_at + interval '3 days', 'r' || p.id || k), p.id, pg_temp.uuid7(p.created_at + interval '1 day', 'ord' || p.id || k),
        o.id, 3 + floor(random() * 3)::int, (${arr(REVIEW_TEXTS)})[1 + (abs(hashtext(p.id::text)) + k) % ${REVIEW_TEXTS.length}],
        p.created_at + interval '3 days'
      FROM products p CROSS JOIN LATERAL generate_series(1, 1 + abs(hashtext(p.id::text)) % 5) k
        JOIN seed_owners o ON o.n = 1 + (abs(hashtext(p.id::text || k)) % ${SHOPS})
      WHERE abs(hashtext(p.id::text)) % 100 < 15
      ON CONFLICT DO NOTHING`,
  );
  // Live products per category and per shop, kept as the product writes keep them.
  await step(
    'product_category_counts',
    `INSERT INTO product_category_counts (category_id, live)
      SELECT category_id, count(*)::int FROM products WHERE deleted_at IS NULL GROUP BY 1
      ON CONFLICT (category_id) DO UPDATE SET live = excluded.live`,
  );
  await step(
    'shops.products_count',
    `UPDATE shops s SET products_count = x.n
      FROM (SELECT shop_id, count(*)::int AS n FROM products WHERE deleted_at IS NULL GROUP BY 1) x WHERE x.shop_id = s.id`,
  );
  // The ratings, kept on the product and the shop as the review's statement keeps them.
  await step(
    'products.rating_sum and rating_count',
    `UPDATE products p SET rating_sum = x.sum, rating_count = x.n
      FROM (SELECT product_id, sum(rating)::int AS sum, count(*)::int AS n FROM product_reviews GROUP BY 1) x
      WHERE x.product_id = p.id`,
  );
  await step(
    'shops.rating_sum and rating_count',
    `UPDATE shops s SET rating_sum = x.sum, rating_count = x.n
      FROM (SELECT shop_id, sum(rating_sum)::int AS sum, sum(rating_count)::int AS n FROM products GROUP BY 1) x
      WHERE x.shop_id = s.id`,
  );
  await step(
    'wishlist_items',
    `INSERT INTO wishlist_items (id, user_id, product_id, created_at)
      SELECT pg_temp.uuid7('${now}'::timestamptz - interval '1 day' * random(), 'w' || o.n || '-' || w.j), o.id, w.id, now()
      FROM seed_owners o CROSS JOIN LATERAL (
        -- A random product: the first id from a random time of the 180 days (ids are stamped with their time).
        SELECT j, (SELECT id FROM products WHERE id >= pg_temp.uuid7('${now}'::timestamptz - interval '180 days' * random() + (j + o.n) * interval '0', 'x')
          ORDER BY id LIMIT 1) AS id FROM generate_series(1, 40) j
      ) w
      WHERE o.n <= ${SAMPLE} AND w.id IS NOT NULL
      ON CONFLICT DO NOTHING`,
  );
  await step('VACUUM (ANALYZE)', 'VACUUM (ANALYZE)');
  return steps;
}

/** What the database holds (read back, so a reused database is described as it is). */
type Sizes = {
  shops: number;
  states: number;
  products: number;
  variations: number;
  reviews: number;
  wishlist: number;
  mb: number;
  /** The search's tables and indexes, with their sizes in MB: how they grow with the catalogue. */
  relations: string;
};
async function sizesOf(db: pg.Client): Promise<Sizes> {
  const r = await db.query<Record<string, string>>(`SELECT
      (SELECT count(*) FROM shops) AS shops, (SELECT count(DISTINCT state_id) FROM shops) AS states,
      (SELECT count(*) FROM products WHERE deleted_at IS NULL) AS products, (SELECT count(*) FROM product_variations) AS variations,
      (SELECT count(*) FROM product_reviews) AS reviews, (SELECT count(*) FROM wishlist_items) AS wishlist,
      pg_database_size(current_database()) / 1048576 AS mb`);
  const x = r.rows[0]!;
  const idx = await db.query<{ name: string; mb: string }>(
    `SELECT c.relname AS name, round(pg_relation_size(c.oid) / 1048576.0, 1)::text AS mb FROM pg_class c
      WHERE c.relname IN ('products_search_doc_idx', 'search_words_trgm_idx', 'search_words_prefix_idx', 'shops_name_search_idx', 'products', 'search_words')`,
  );
  const relations = idx.rows
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((i) => `${i.name} ${i.mb}`)
    .join(', ');
  console.log(`sizes (MB): ${relations}`);
  return {
    relations,
    shops: Number(x.shops),
    states: Number(x.states),
    products: Number(x.products),
    variations: Number(x.variations),
    reviews: Number(x.reviews),
    wishlist: Number(x.wishlist),
    mb: Number(x.mb),
  };
}

// ---------------------------------------------------------------------------------------------
// The shoppers and what they ask for.

type Shopper = { id: string; token: string };

async function shoppers(db: pg.Client): Promise<Shopper[]> {
  const picked = await db.query<{ id: string; email: string }>(
    `SELECT id, email FROM users WHERE email ~ '^shop[0-9]+@owo.test$' ORDER BY substring(email FROM '^shop([0-9]+)@')::int LIMIT ${SAMPLE}`,
  );
  const out: Shopper[] = [];
  const one = async ({ id, email }: { id: string; email: string }) => {
    const l = await call('POST', '/api/user/users/login', { username: email, password: PASSWORD });
    if (l.code !== 200) throw new Error(`login ${email}: ${l.code} ${l.json.message}`);
    out.push({ id, token: String(l.json.data.accessToken) });
  };
  for (let i = 0; i < picked.rows.length; i += 4) await Promise.all(picked.rows.slice(i, i + 4).map(one));
  return out;
}

/** Misspelt searches (one or two words, as people type them) with a price range in kobo that suits them. */
const SEARCHES: { q: string; min: number; max: number }[] = [
  { q: 'samsng', min: 10_000_000, max: 60_000_000 },
  { q: 'samsung galxy', min: 8_000_000, max: 50_000_000 },
  { q: 'infnix', min: 6_000_000, max: 30_000_000 },
  { q: 'tecno camon', min: 8_000_000, max: 80_000_000 },
  { q: 'iphne', min: 30_000_000, max: 120_000_000 },
  { q: 'sneakrs', min: 1_000_000, max: 6_000_000 },
  { q: 'ankara gwn', min: 1_000_000, max: 5_000_000 },
  { q: 'blendr', min: 1_500_000, max: 10_000_000 },
  { q: 'generatr', min: 20_000_000, max: 150_000_000 },
  { q: 'rechargable fan', min: 1_500_000, max: 10_000_000 },
  { q: 'shea buttr', min: 150_000, max: 2_000_000 },
  { q: 'perfum', min: 300_000, max: 6_000_000 },
  { q: 'laptp', min: 20_000_000, max: 150_000_000 },
  { q: 'hp elitebok', min: 20_000_000, max: 150_000_000 },
  { q: 'ofada rise', min: 300_000, max: 6_000_000 },
  { q: 'air condtioner', min: 20_000_000, max: 95_000_000 },
  { q: 'wahsing machine', min: 10_000_000, max: 65_000_000 },
  { q: 'diapers', min: 250_000, max: 3_000_000 },
  { q: 'bluetoth speaker', min: 1_500_000, max: 20_000_000 },
  { q: 'smart tv', min: 15_000_000, max: 100_000_000 },
];
/** The states the state filter names, as people pick them (ids or names). */
const SEARCH_STATES = ['lagos', 'Lagos', 'fct', 'kano', 'rivers', 'oyo', 'enugu', 'kaduna', 'anambra', 'ogun'];
/** Points nearby shops are asked from: in and around cities, with a radius in km. */
const NEAR = [
  { name: 'Ikeja', lat: 6.6018, lng: 3.3515 },
  { name: 'Lekki', lat: 6.4474, lng: 3.4727 },
  { name: 'Yaba', lat: 6.5095, lng: 3.3711 },
  { name: 'Ikorodu', lat: 6.6194, lng: 3.5105 },
  { name: 'Wuse', lat: 9.0765, lng: 7.4829 },
  { name: 'Kano', lat: 12.0001, lng: 8.5167 },
  { name: 'Port Harcourt', lat: 4.8156, lng: 7.0498 },
  { name: 'Ibadan', lat: 7.3877, lng: 3.8877 },
  { name: 'Enugu', lat: 6.4584, lng: 7.5464 },
  { name: 'Kaduna', lat: 10.5105, lng: 7.4165 },
  { name: 'Benin City', lat: 6.335, lng: 5.6037 },
  { name: 'Abeokuta', lat: 7.1475, lng: 3.3619 },
];
const RADII = [5, 10, 25];

type Kind = 'search' | 'search-price' | 'category' | 'nearby' | 'suggest';
/** A request of a case, with what its statement needs for EXPLAIN. */
type Ask = Req & { kind: Kind; q: Record<string, string | number>; viewer: string };

type Get = (kind: Kind, p: string, q: Record<string, string | number>, i: number) => Ask;

function categoryAsks(get: Get): Ask[] {
  return CATEGORY_IDS.flatMap((c, i) =>
    [1, 2, 3, 4, 5].map((page) => get('category', `${E}/api/product/filter`, { category: c, page }, i * 5 + page)),
  );
}

function nearbyAsks(who: (i: number) => Shopper): Ask[] {
  let n = 0;
  return NEAR.flatMap((pt) =>
    RADII.map((radiusKm) => {
      // A little off the named point, so the requests differ.
      const q = {
        latitude: +(pt.lat + 0.01 * Math.sin(n)).toFixed(4),
        longitude: +(pt.lng + 0.01 * Math.cos(n)).toFixed(4),
        radiusKm,
        page: 1,
        limit: 20,
      };
      const i = n++;
      return {
        kind: 'nearby' as const,
        method: 'POST',
        path: `${E}/api/shop/search`,
        token: who(i).token,
        body: JSON.stringify(q),
        q,
        viewer: who(i).id,
      };
    }),
  );
}

/** The long-tail mix (long-tail.ts): searches, searches with a price range, and suggestions of their first letters. */
function longTailAsks(get: Get): Pick<Record<Kind, Ask[]>, 'search' | 'search-price' | 'suggest'> {
  const params = (x: Query) => {
    const q: Record<string, string | number> = {};
    for (const [k, v] of Object.entries(x)) if (v !== undefined) q[k] = v;
    return { ...q, page: 1, limit: 20 };
  };
  const mixed = longTail(names(), { distinct: QUERIES, seed: 43 });
  const priced = longTail(names(), { distinct: Math.max(50, Math.floor(QUERIES / 2)), seed: 44, priced: true });
  return {
    search: mixed.sequence.map((x, i) => get('search', `${E}/api/product`, params(x), i)),
    'search-price': priced.sequence.map((x, i) => get('search-price', `${E}/api/product`, params(x), i)),
    // As one types: the first three to six letters.
    suggest: mixed.sequence.map((x, i) => get('suggest', `${E}/api/product/suggest`, { q: x.search.slice(0, 3 + (i % 4)) }, i)),
  };
}

function asks(people: Shopper[]): Record<Kind, Ask[]> {
  const who = (i: number) => people[i % people.length]!;
  const get: Get = (kind, p, q, i) => ({
    kind,
    method: 'GET',
    path: `${p}?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString()}`,
    token: who(i).token,
    q,
    viewer: who(i).id,
  });
  if (LONG_TAIL) return { ...longTailAsks(get), category: categoryAsks(get), nearby: nearbyAsks(who) };
  const search = SEARCHES.flatMap((s, i) =>
    [0, 1, 2, 3].map((j) =>
      get(
        'search',
        `${E}/api/product`,
        { search: s.q, stateQuery: SEARCH_STATES[(i + j * 3) % SEARCH_STATES.length]!, page: 1, limit: 20 },
        i * 4 + j,
      ),
    ),
  );
  const searchPrice = SEARCHES.map((s, i) =>
    get('search-price', `${E}/api/product`, { search: s.q, minPrice: s.min, maxPrice: s.max, page: 1, limit: 20 }, i),
  );
  const category = categoryAsks(get);
  const nearby = nearbyAsks(who);
  // Suggestions as one types: the first letters of each search's words.
  const suggest = SEARCHES.flatMap((s, i) =>
    [3, 4, 6].map((n, j) => get('suggest', `${E}/api/product/suggest`, { q: s.q.slice(0, Math.min(n, s.q.length)) }, i * 3 + j)),
  );
  return { search, 'search-price': searchPrice, category, nearby, suggest };
}

type Item = { id: string; distanceKm?: number | null; price?: number; shop?: { state: { id: string } } };
/** The items of an answer, whatever the envelope (the filter's are under data.results). */
const itemsOf = (a: Ask, json: Json): Item[] =>
  a.kind === 'category'
    ? ((json.data as unknown as { results: Item[] }).results ?? [])
    : a.kind === 'suggest'
      ? ((json.data as unknown as { products: Item[] }).products ?? [])
      : (json.data as unknown as Item[]);

/**
 * Asks every request once: a 200 with results of the right shape (a price in range, the state asked
 * for, the distance within the radius and ascending). Requests with no results (a rare word in a small
 * state) are left out and counted; the answers' ids are kept to check the copied statements against.
 */
async function check(all: Ask[]): Promise<{ kept: Ask[]; empty: number; ids: Map<Ask, string[]>; bytes: number[] }> {
  const kept: Ask[] = [];
  const ids = new Map<Ask, string[]>();
  const bytes: number[] = [];
  let empty = 0;
  const one = async (a: Ask) => {
    const r = await call(a.method, a.path, a.body === undefined ? undefined : (JSON.parse(a.body) as unknown), {
      authorization: `Bearer ${a.token}`,
    });
    if (r.code !== 200) throw new Error(`${a.kind} ${a.path} ${a.body ?? ''}: ${r.code} ${r.json.message}`);
    const items = itemsOf(a, r.json);
    if (!Array.isArray(items)) throw new Error(`${a.kind} ${a.path}: no list in the answer`);
    if (items.length === 0) {
      empty++;
      return;
    }
    for (const [k, it] of items.entries()) {
      if (typeof it.id !== 'string') throw new Error(`${a.kind} ${a.path}: an item without an id`);
      if (a.kind === 'search-price' && !(it.price! >= Number(a.q.minPrice) && it.price! <= Number(a.q.maxPrice)))
        throw new Error(`${a.kind} ${a.path}: price ${it.price} out of the range`);
      if (a.kind === 'nearby') {
        if (it.distanceKm === null || it.distanceKm === undefined || it.distanceKm > Number(a.q.radiusKm) + 0.1)
          throw new Error(`nearby ${a.body}: distance ${it.distanceKm}`);
        if (k > 0 && it.distanceKm < items[k - 1]!.distanceKm! - 0.05) throw new Error(`nearby ${a.body}: not nearest first`);
      }
    }
    ids.set(
      a,
      items.map((it) => it.id),
    );
    bytes.push(JSON.stringify(r.json).length);
    kept.push(a);
  };
  for (let i = 0; i < all.length; i += 4) await Promise.all(all.slice(i, i + 4).map(one));
  return { kept, empty, ids, bytes };
}

// ---------------------------------------------------------------------------------------------
// The statements, as the services build them (products-read.ts `productPage` with listProducts'
// conditions; shops.service.ts `shopPage` with nearbyShops'): checked against the API's answers.

const productSelect = (
  withTotal: boolean,
) => `SELECT p.id, p.shop_id, s.name AS shop_name, s.logo_url AS shop_logo, p.state_id, p.lga_id, p.name, p.description,
    p.category_id, p.subcategory_id, p.images, p.price, p.old_price, p.stock, p.views, p.sales, p.flash_sale_ends_at, p.rating_sum, p.rating_count,
    p.created_at,
    coalesce((SELECT json_agg(json_build_object('id', v.id, 'size', v.size, 'colour_id', v.colour_id, 'price', v.price, 'stock', v.stock)
      ORDER BY v.price, v.id) FROM product_variations v WHERE v.product_id = p.id AND v.deleted_at IS NULL), '[]'::json) AS variations,
    EXISTS (SELECT 1 FROM wishlist_items w WHERE w.product_id = p.id AND w.user_id = $?) AS is_wishlisted,
    NULL::float8 AS distance_m${withTotal ? ',\n    count(*) OVER ()::int AS total' : ''}
  FROM products p JOIN shops s ON s.id = p.shop_id`;
const SHOP_SELECT = `SELECT s.id, s.owner_id, s.name, s.description, s.logo_url, s.cover_url, s.phone, s.state_id, s.lga_id, s.address, s.latitude,
    s.longitude, s.followers_count, s.created_at,
    s.products_count,
    EXISTS (SELECT 1 FROM shop_follows f WHERE f.shop_id = s.id AND f.user_id = $?) AS is_following,
    s.rating_sum, s.rating_count,
    earth_distance(s.earth, ll_to_earth($?::float8, $?::float8)) AS distance_m,
    page.total::int AS total
  FROM shops s`;

/** The statement and its parameters for a request, numbered in order as Drizzle numbers them. */
function statementOf(a: Ask): { sql: string; params: unknown[] } {
  const q = a.q;
  const params: unknown[] = [];
  const limit = Number(q.limit ?? 20);
  const page = Number(q.page ?? 1);
  let text: string;
  if (a.kind === 'nearby') {
    const m = Number(q.radiusKm) * 1000;
    const here = 'll_to_earth($?::float8, $?::float8)';
    const [lat, lng] = [q.latitude, q.longitude];
    params.push(lat, lng, lat, lng, m, lat, lng, m, a.viewer, lat, lng, limit, (page - 1) * limit, a.viewer, lat, lng);
    text = `WITH page AS MATERIALIZED (
        SELECT s.id, count(*) OVER () AS total, row_number() OVER (ORDER BY cube_distance(s.earth, ${here}), s.id) AS n FROM shops s
        WHERE earth_box(${here}, $?) @> s.earth AND cube_distance(s.earth, ${here}) <= gc_to_sec($?) AND (s.hidden_at IS NULL OR s.owner_id = $?)
        ORDER BY cube_distance(s.earth, ${here}), s.id LIMIT $? OFFSET $?)
      ${SHOP_SELECT} JOIN page ON page.id = s.id ORDER BY page.n`;
  } else {
    const where = ['p.deleted_at IS NULL'];
    params.push(a.viewer);
    if (q.category) {
      where.push('p.category_id = $?');
      params.push(q.category);
    }
    if (q.stateQuery) {
      where.push('p.state_id = $?');
      params.push(String(q.stateQuery).toLowerCase());
    }
    if (q.minPrice !== undefined) {
      where.push('p.price >= $?', 'p.price <= $?');
      params.push(q.minPrice, q.maxPrice);
    }
    const s = q.search ? String(q.search).trim().toLowerCase() : '';
    for (const w of s ? s.split(/\s+/).slice(0, 8) : []) {
      where.push('$? <% p.search_text');
      params.push(w);
    }
    let order = 'p.created_at DESC, p.id';
    if (s) {
      order = `word_similarity($?, p.search_text) DESC, ${order}`;
      params.push(s);
    }
    params.push(limit, (page - 1) * limit);
    // A text search counts its total in the statement (its order reads every match anyway); the
    // other pages count apart, skipped on a short page (productPage's totalBy).
    text = `${productSelect(Boolean(s))} WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT $? OFFSET $?`;
  }
  let n = 0;
  return { sql: text.replace(/\$\?/g, () => `$${++n}`), params };
}

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Total Time': number;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Index Recheck'?: number;
  'Rows Removed by Filter'?: number;
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
  Plans?: PlanNode[];
};
type Explained = {
  ms: number;
  planningMs: number;
  /** Rows that matched the conditions (what the window's count(*) counts); null when the page counts apart. */
  total: number | null;
  /** The access to the main table (products or shops): the node, its index, rows read and rows removed. */
  access: string[];
  mainRows: number;
  removed: number;
  blocks: number;
  /** Sequential scans anywhere in the plan (subplans too): the table, how often, the rows each threw away. */
  seqScans: string[];
  text: string;
};

function walk(n: PlanNode, f: (n: PlanNode) => void): void {
  f(n);
  for (const c of n.Plans ?? []) walk(c, f);
}

async function explain(db: pg.Client, a: Ask): Promise<Explained> {
  const { sql, params } = statementOf(a);
  if (a.kind !== 'nearby') await db.query(`SET pg_trgm.word_similarity_threshold = 0.3`);
  const json = await db.query<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Planning Time': number; 'Execution Time': number }] }>(
    `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`,
    params,
  );
  const top = json.rows[0]!['QUERY PLAN'][0];
  const main = a.kind === 'nearby' ? 'shops' : 'products';
  // The main table's scans (the per-row subplans read other tables).
  const access: string[] = [];
  let mainRows = 0;
  let removed = 0;
  let total: number | null = null;
  const seqScans: string[] = [];
  walk(top.Plan, (n) => {
    if (n['Node Type'] === 'Seq Scan' && (n['Rows Removed by Filter'] ?? 0) + n['Actual Rows'] > 0)
      seqScans.push(`${n['Relation Name']} x${n['Actual Loops']} (${n['Rows Removed by Filter'] ?? 0} rows filtered out each)`);
    // count(*) OVER () reads every matching row before the first is returned: its input is the match count.
    if (n['Node Type'] === 'WindowAgg' && total === null) total = n.Plans?.[0]?.['Actual Rows'] ?? n['Actual Rows'];
    const isMain =
      n['Relation Name'] === main || (n['Node Type'] === 'Bitmap Index Scan' && (n['Index Name'] ?? '').startsWith(`${main}_`));
    if (!isMain) return;
    access.push(`${n['Node Type']}${n['Index Name'] ? ` using ${n['Index Name']}` : ''}`);
    if (n['Relation Name'] === main) {
      mainRows += n['Actual Rows'] * n['Actual Loops'];
      removed += (n['Rows Removed by Index Recheck'] ?? 0) + (n['Rows Removed by Filter'] ?? 0);
    }
  });
  const text = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`, params);
  return {
    ms: top['Execution Time'],
    planningMs: top['Planning Time'],
    total,
    access,
    mainRows,
    removed,
    blocks: top.Plan['Shared Hit Blocks'] + top.Plan['Shared Read Blocks'],
    seqScans,
    text: text.rows.map((r) => r['QUERY PLAN']).join('\n'),
  };
}

/** The statement alone, from here without EXPLAIN: the median of `times` runs, and the ids it picks. */
async function timeStatement(db: pg.Client, a: Ask, times: number): Promise<{ ms: number; ids: string[] }> {
  const { sql, params } = statementOf(a);
  if (a.kind !== 'nearby') await db.query(`SET pg_trgm.word_similarity_threshold = 0.3`);
  const ms: number[] = [];
  let ids: string[] = [];
  for (let i = 0; i < times; i++) {
    const t0 = performance.now();
    const r = await db.query<{ id: string }>(sql, params);
    ms.push(performance.now() - t0);
    ids = r.rows.map((x) => x.id);
  }
  return { ms: median(ms), ids };
}

const median = (xs: number[]) =>
  pct(
    [...xs].sort((x, y) => x - y),
    50,
  );

type CaseAnalysis = { kind: Kind; explained: Explained[]; alone: number[]; matches: boolean };

async function analyse(db: pg.Client, kind: Kind, some: Ask[], ids: Map<Ask, string[]>): Promise<CaseAnalysis> {
  const out: CaseAnalysis = { kind, explained: [], alone: [], matches: true };
  for (const a of some) {
    await timeStatement(db, a, 2); // warm
    out.explained.push(await explain(db, a));
    const t = await timeStatement(db, a, 7);
    out.alone.push(t.ms);
    if (t.ids.join() !== ids.get(a)?.join()) {
      out.matches = false;
      console.log(`${kind}: the copied statement picks other rows than the API for ${a.path} ${a.body ?? ''}`);
    }
  }
  const e = out.explained;
  console.log(
    `EXPLAIN ${kind}: ${median(e.map((x) => x.ms)).toFixed(1)} ms (planning ${median(e.map((x) => x.planningMs)).toFixed(1)}), ` +
      `${e.some((x) => x.total === null) ? 'total counted apart' : `${median(e.map((x) => x.total ?? 0)).toFixed(0)} matching rows`}, ${median(e.map((x) => x.mainRows)).toFixed(0)} read, ` +
      `${median(e.map((x) => x.removed)).toFixed(0)} removed; ${[...new Set(e.flatMap((x) => x.access))].join('; ')}; alone ${median(out.alone).toFixed(1)} ms; matches the API: ${out.matches}`,
  );
  return out;
}

let monitor: pg.Client;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'owo-catalogue-'));
/** One case at one level, once the bench database's backends are idle. */
const measure = (c: Case, concurrency: number, seconds = SECONDS): Promise<Result> =>
  measureWhenIdle({ wrk: WRK, tmp, call, monitor, db: DB }, c, concurrency, seconds);

const LABELS: Record<Kind, string> = {
  search: LONG_TAIL
    ? 'GET /api/ecommerce/api/product?search=<long-tail query>[&stateQuery=][&minPrice=&maxPrice=][&category=]'
    : 'GET /api/ecommerce/api/product?search=<misspelt>&stateQuery=<state> (full text, corrected, ranked)',
  'search-price': LONG_TAIL
    ? 'GET /api/ecommerce/api/product?search=<long-tail query>&minPrice=&maxPrice=[&stateQuery=][&category=]'
    : 'GET /api/ecommerce/api/product?search=<misspelt>&minPrice=&maxPrice=',
  category: 'GET /api/ecommerce/api/product/filter?category=<id>&page=<1..5>',
  nearby: 'POST /api/ecommerce/api/shop/search {latitude, longitude, radiusKm}',
  suggest: 'GET /api/ecommerce/api/product/suggest?q=<the first letters>',
};
const KINDS: Kind[] = ['search', 'search-price', 'category', 'nearby', 'suggest'];
/** The kinds whose statement statementOf copies (the search's is built from the query's words: search.service.ts). */
const EXPLAINED: Kind[] = ['category', 'nearby'];

type Checked = {
  kind: Kind;
  asked: number;
  kept: number;
  empty: number;
  kib: number;
  /** The long tail's requests under load: how many, how many distinct, asked once, the ten most asked's share. */
  tail?: { requests: number; distinct: number; once: number; top10Share: number };
};
const LONG_TAIL_KINDS: Kind[] = ['search', 'search-price', 'suggest'];

/**
 * Products going out of stock and back in, `perSecond` of them each second, through SQL on the bench
 * database (the products' trigger tells the server each one's words, as a sale or a restock would).
 */
async function changeStock(db: pg.Client, perSecond: number) {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM products WHERE deleted_at IS NULL ORDER BY random() LIMIT 5000');
  let made = 0;
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    const id = rows[made % rows.length]!.id;
    db.query('UPDATE products SET stock = CASE WHEN stock > 0 THEN 0 ELSE 7 END WHERE id = $1', [id]).then(
      () => {
        made++;
        busy = false;
      },
      (err: unknown) => {
        busy = false;
        console.error(err);
      },
    );
  }, 1000 / perSecond);
  return {
    async stop() {
      clearInterval(timer);
      while (busy) await new Promise((r) => setTimeout(r, 10));
      return made;
    },
  };
}

type IndexHealth = {
  state: string;
  products: number;
  bytes: number;
  buildSeconds: number | null;
  changesApplied: number;
  /** Checks for changes (absent from a server older than the count). */
  checks?: number;
};
type Startup = {
  /** Seconds from the start until /api/health answered, and until its search index was ready. */
  answeredSeconds: number;
  readySeconds: number;
  index: IndexHealth | null;
  /** Resident memory of the server's processes once the index was built (and of a server without one). */
  rssMiB: number;
  rssWithoutIndexMiB: number | null;
};

/** Resident memory of a process group (the server started through npx, detached), in MiB. */
function rssMiB(pgid: number): number {
  const out = execFileSync('ps', ['-eo', 'pgid=,rss='], { encoding: 'utf8' });
  let kib = 0;
  for (const line of out.trim().split('\n')) {
    const [g, rss] = line.trim().split(/\s+/).map(Number);
    if (g === pgid) kib += rss ?? 0;
  }
  return kib / 1024;
}

/** What the server's health check says of its search index (null: it has none). */
async function indexHealth(base: string): Promise<IndexHealth | null> {
  return ((await (await fetch(`${base}/api/health`)).json()) as { data: { searchIndex?: IndexHealth } }).data.searchIndex ?? null;
}

/** Resolves once the server's health check says its search index is built (or that it has none). */
async function indexReady(base: string): Promise<IndexHealth | null> {
  for (;;) {
    const index = await indexHealth(base);
    if (!index || index.state !== 'building') return index;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Starts the server and times it: until it answers, and until its health check says the search index is ready. */
async function startUp(start: () => Promise<ChildProcess>, base: string): Promise<Startup> {
  const t0 = performance.now();
  const child = await start();
  const answeredSeconds = (performance.now() - t0) / 1000;
  for (;;) {
    const index = await indexHealth(base);
    if (!index || index.state === 'ready' || index.state === 'failed' || index.state === 'off') {
      return {
        answeredSeconds,
        readySeconds: (performance.now() - t0) / 1000,
        index,
        rssMiB: rssMiB(child.pid!),
        rssWithoutIndexMiB: null,
      };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The index's start-up and memory, for the report. */
function indexMd(s: Startup): string {
  if (!s.index) return 'The server reported no search index.';
  const i = s.index;
  const without =
    s.rssWithoutIndexMiB === null ? '' : ` (a server without the index, \`SEARCH_INDEX=off\`: ${s.rssWithoutIndexMiB.toFixed(0)} MiB)`;
  return `The search index, on a restart of the server on the seeded database: the server answered after ${s.answeredSeconds.toFixed(1)} s and its index (state \`${i.state}\`, ${i.products} products) was ready after ${s.readySeconds.toFixed(1)} s (its build: ${i.buildSeconds?.toFixed(1) ?? '?'} s, searches meanwhile answered by the database); its typed arrays hold ${(i.bytes / 2 ** 20).toFixed(0)} MiB, and the server's resident memory was ${s.rssMiB.toFixed(0)} MiB${without}.`;
}

/** The start-ups of the BENCH_COMPARE server and this tree's, in turn (none without BENCH_COMPARE). */
function comparedMd(c: { before: Startup[]; after: Startup[] }): string {
  if (!c.before.length) return '';
  const row = (side: string, s: Startup) =>
    `| ${side} | ${s.answeredSeconds.toFixed(1)} | ${s.readySeconds.toFixed(1)} | ${s.index?.buildSeconds?.toFixed(1) ?? '?'} | ${((s.index?.bytes ?? 0) / 2 ** 20).toFixed(0)} | ${s.rssMiB.toFixed(0)} |`;
  const rows = c.before.flatMap((b, i) => [row('before', b), ...(c.after[i] ? [row('after', c.after[i])] : [])]);
  return `

Start-ups on the same database in turn, "before" being the server in \`${COMPARE}\` (BENCH_COMPARE), "after" this tree's:

| server | answered, s | index ready, s | build, s | arrays, MiB | resident, MiB |
|---|---|---|---|---|---|
${rows.join('\n')}`;
}

async function main() {
  if (!ADMIN_URL) {
    console.error('Set DATABASE_URL to a PostgreSQL server (the bench creates and drops its own database).');
    process.exit(2);
  }
  monitor = new pg.Client({ connectionString: ADMIN_URL });
  await monitor.connect();
  const reuse = await freshDatabase(monitor, ADMIN_URL, DB, REUSE);
  // The server migrates the new database as it starts (without an index: it is restarted once seeded).
  let server = await startServer(dbUrl(DB), PORT, os.tmpdir() + '/owo-catalogue', [], { SEARCH_INDEX: 'off' });
  const db = new pg.Client({ connectionString: dbUrl(DB) });
  await db.connect();
  let bare: ChildProcess | undefined;
  let before: ChildProcess | undefined;
  let startup: Startup;
  const compared: { before: Startup[]; after: Startup[] } = { before: [], after: [] };
  const results: Result[] = [];
  let steps: SeedStep[] = [];
  let seedMs = 0;
  const analyses: CaseAnalysis[] = [];
  let prof: Profiled | undefined;
  let sizes: Sizes;
  const checked: Checked[] = [];
  try {
    if (!reuse) {
      const t0 = Date.now();
      // One real signup: its password hash is every seeded owner's.
      const real = await signedUpUser(call, {
        phone: '08031234568',
        email: 'catalogue-signup@owo.test',
        firstName: 'Catalogue',
        lastName: 'Signup',
        pin: '2580',
      });
      const hash = await db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [real.id]);
      console.log(`seeding ${SHOPS} shops and ${PRODUCTS} products:`);
      steps = await seed(db, hash.rows[0]!.password_hash);
      seedMs = Date.now() - t0;
      console.log(`seeded in ${(seedMs / 1000).toFixed(0)} s`);
    } else console.log(`reusing the kept database ${DB}`);
    sizes = await sizesOf(db);
    console.log(JSON.stringify(sizes));
    // A restart on the seeded database: how long until it answers, and until its search index is built.
    await stop(server);
    startup = await startUp(async () => (server = await startServer(dbUrl(DB), PORT, os.tmpdir() + '/owo-catalogue')), BASE);
    console.log(`search index: ${JSON.stringify(startup)}`);
    if (COMPARE) {
      // Before and after alternate on the same database; this tree's server is the one left running.
      for (let round = 0; round < STARTS; round++) {
        await stop(server);
        const b = await startUp(
          async () => (server = await startServer(dbUrl(DB), PORT, os.tmpdir() + '/owo-catalogue-compare', [], {}, COMPARE)),
          BASE,
        );
        compared.before.push(b);
        console.log(`search index (before, ${COMPARE}): ${JSON.stringify(b)}`);
        await stop(server);
        const a = await startUp(async () => (server = await startServer(dbUrl(DB), PORT, os.tmpdir() + '/owo-catalogue')), BASE);
        compared.after.push(a);
        console.log(`search index (after): ${JSON.stringify(a)}`);
      }
    }
    if (COMPARE) {
      before = await startServer(dbUrl(DB), BEFORE_PORT, os.tmpdir() + '/owo-catalogue-before', [], {}, COMPARE);
      await indexReady(`http://127.0.0.1:${BEFORE_PORT}`);
    } else if (BEFORE) {
      before = await startServer(dbUrl(DB), BEFORE_PORT, os.tmpdir() + '/owo-catalogue-before', [], { SEARCH_INDEX: 'off' });
      startup.rssWithoutIndexMiB = rssMiB(before.pid!);
    }
    const people = await shoppers(db);
    console.log(`${people.length} shoppers logged in`);

    const all = asks(people);
    const kept = {} as Record<Kind, Ask[]>;
    const ids = new Map<Ask, string[]>();
    for (const kind of KINDS) {
      // The long tail's kinds: a sample spread over the distinct requests is checked, and every request is asked under load.
      const tail = LONG_TAIL && LONG_TAIL_KINDS.includes(kind);
      const distinct = tail ? [...new Map(all[kind].map((a) => [a.path, a])).values()] : all[kind];
      const step = Math.max(1, Math.floor(distinct.length / CHECK_SAMPLE));
      const asked = tail ? distinct.filter((_, i) => i % step === 0).slice(0, CHECK_SAMPLE) : all[kind];
      const c = await check(asked);
      for (const [k, v] of c.ids) ids.set(k, v);
      kept[kind] = tail ? all[kind] : c.kept;
      checked.push({
        kind,
        asked: asked.length,
        kept: c.kept.length,
        empty: c.empty,
        kib: mean(c.bytes) / 1024,
        tail: tail ? { requests: all[kind].length, ...spread(all[kind].map((a) => ({ search: a.path }))) } : undefined,
      });
      console.log(
        `${kind}: ${c.kept.length} of ${asked.length} requests checked have results (${c.empty} empty${tail ? '' : ', left out'}), ${(mean(c.bytes) / 1024).toFixed(1)} KiB each${tail ? `; ${distinct.length} distinct of ${all[kind].length}` : ''}`,
      );
      if (c.kept.length < asked.length / 2) throw new Error(`${kind}: most requests found nothing; the seed or the requests are wrong`);
    }

    bare = await startBare(fileURLToPath(import.meta.url), 'CATALOGUE_ROLE', dbUrl(DB), BARE_PORT);
    const bareRoot = bare.pid!;
    const serverRoot = () => server.pid!;
    const bareCase: Case = {
      name: 'bare',
      label: 'bare read (Fastify + pg, one row by primary key)',
      base: `http://127.0.0.1:${BARE_PORT}`,
      reqs: people.map((p) => ({ method: 'GET', path: `/bare?id=${p.id}`, token: p.token })),
      root: () => bareRoot,
    };
    const real: Case[] = KINDS.map((kind) => ({
      name: kind,
      label: LABELS[kind],
      base: BASE,
      reqs: kept[kind].map(({ method, path: p, token, body }) => ({ method, path: p, token, ...(body ? { body } : {}) })),
      root: serverRoot,
    }));
    if (before) {
      const beforeRoot = before.pid!;
      for (const kind of COMPARE ? (['search', 'search-price', 'suggest'] as const) : (['search', 'search-price'] as const))
        real.push({
          name: `${kind} ${BEFORE_MARK}`,
          label: COMPARE ? `${LABELS[kind]}, the server in BENCH_COMPARE` : `${LABELS[kind]}, SEARCH_INDEX=off`,
          base: `http://127.0.0.1:${BEFORE_PORT}`,
          reqs: real.find((c) => c.name === kind)!.reqs,
          root: () => beforeRoot,
        });
    }
    if (WARMUP > 0) for (const c of [bareCase, ...real]) await measure(c, 16, WARMUP);
    console.log(`warm-up done (${WARMUP} s per case at concurrency 16, not recorded); load generator: ${WRK ? 'wrk' : 'node:http'}`);
    const changing = CHANGES > 0 ? await changeStock(db, CHANGES) : null;
    // Per level: the bare read before and after the catalogue's cases; ratios are to the mean of the two.
    for (const level of LEVELS) {
      for (const c of [bareCase, ...real, bareCase]) {
        const r = await measure(c, level);
        results.push(r);
        logResult(r);
        checkThat(r.failed === 0 && r.ok > 0, `${r.case} at concurrency ${level}: ${r.ok} answered, ${r.failed} failed`);
      }
    }

    if (changing) console.log(`${await changing.stop()} stock changes made during the load`);
    // How many checks for changes each server's index made over the whole run (searches during one share the next).
    for (const [side, base] of [['this tree', BASE], ...(before ? [[BEFORE_MARK, `http://127.0.0.1:${BEFORE_PORT}`]] : [])] as const) {
      const index = await indexHealth(base);
      console.log(`search index checks for changes, ${side}: ${index?.checks ?? 'not counted'}`);
    }
    const top = Math.max(...LEVELS);
    if (PROFILE) {
      // The server's CPU profile during the case with the highest p99 at the highest level (a fresh server, with --cpu-prof).
      // Of the cases the server (the one restarted here) answers: not the bare read, not the "(db)" cases of the other server.
      const slowest = results
        .filter((r) => r.case !== 'bare' && !r.case.endsWith(BEFORE_MARK) && r.concurrency === top)
        .sort((a, b) => b.p99 - a.p99)[0]!;
      const c = real.find((x) => x.name === slowest.case)!;
      await stop(server);
      prof = await profileCase(
        // Profiled once its search index is ready (until then its searches are the database's).
        async (flags) => {
          server = await startServer(dbUrl(DB), PORT, os.tmpdir() + '/owo-catalogue', flags);
          await indexReady(BASE);
          return server;
        },
        path.join(tmp, 'prof'),
        async () => WARMUP > 0 && (await measure(c, top, WARMUP)),
        () => measure(c, top),
      );
      logResult(prof.run);
      checkThat(prof.run.failed === 0 && prof.run.ok > 0, `the profiled run: ${prof.run.ok} answered, ${prof.run.failed} failed`);
    }

    if (EXPLAIN > 0) {
      await stop(bare);
      bare = undefined;
      for (const kind of EXPLAINED) {
        // Spread over the case's requests: every nth.
        const list = kept[kind];
        const step = Math.max(1, Math.floor(list.length / EXPLAIN));
        const some = list.filter((_, i) => i % step === 0).slice(0, EXPLAIN);
        const a = await analyse(db, kind, some, ids);
        analyses.push(a);
        checkThat(a.matches, `${kind}: the copied statement picks other rows than the API: compare it with the service's`);
      }
    }
  } finally {
    call.close();
    if (bare) await stop(bare);
    if (before) await stop(before);
    await stop(server);
    await db.end();
    await monitor.end();
    if (process.env.CATALOGUE_KEEP !== '1') await admin(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
    rmSync(tmp, { recursive: true, force: true });
  }
  const md = report(results, sizes, steps, seedMs, checked, analyses, prof, startup, compared);
  // The default size writes the `catalogue` section; another size a section of its own (`catalogue-1000000`).
  if (process.env.CATALOGUE_WRITE !== '0') writeSection(PRODUCTS === 200_000 ? 'catalogue' : `catalogue-${PRODUCTS}`, md);
  console.log(md);
  exitOnProblems();
}

// ---------------------------------------------------------------------------------------------

function report(
  results: Result[],
  s: Sizes,
  steps: SeedStep[],
  seedMs: number,
  checked: Checked[],
  analyses: CaseAnalysis[],
  prof: Profiled | undefined,
  startup: Startup,
  compared: { before: Startup[]; after: Startup[] },
): string {
  const f0 = (n: number) => n.toFixed(0);
  const f1 = (n: number) => n.toFixed(1);
  const ms = (r: Result, secs: number) => perReq(r, secs).toFixed(3);
  const yard = new Map<number, number>();
  for (const level of LEVELS) yard.set(level, mean(results.filter((r) => r.case === 'bare' && r.concurrency === level).map((r) => r.rps)));
  const ratio = (r: Result) => r.rps / Math.max(1e-9, yard.get(r.concurrency)!);
  const rows = results
    .map(
      (r) =>
        `| ${r.case} | ${r.concurrency} | ${f0(r.rps)} | ${f1(r.p50)} | ${f1(r.p99)} | ${r.failed} | ${r.case === 'bare' ? '(yardstick)' : `${f1(100 * ratio(r))}%`} | ${ms(r, r.cpu.app)} | ${ms(r, r.cpu.postgres)} | ${ms(r, r.cpu.load)} | ${ms(r, r.cpu.others)} | ${f0(100 * r.cpu.idle)}% |`,
    )
    .join('\n');
  const top = Math.max(...LEVELS);
  const atTop = results.filter((r) => r.case !== 'bare' && r.concurrency === top);
  const aimLines = atTop.map(
    (r) =>
      `- ${r.case}: **${r.p99 <= AIM_P99 && r.failed === 0 ? 'met' : 'not met'}**: p99 ${f1(r.p99)} ms (p50 ${f1(r.p50)} ms), ${f0(r.rps)} req/s, ${f1(100 * ratio(r))}% of the bare read's rate (${f0(yard.get(top)!)} req/s)${r.failed ? `, ${r.failed} failed` : ''}.`,
  );
  const seeded = steps.length
    ? `Seeded by SQL in ${f0(seedMs / 1000)} s (${steps.map((x) => `${x.name} ${f1(x.ms / 1000)} s`).join(', ')}): set-based inserts into the migrated schema, with all its indexes.`
    : 'The database was a kept one (CATALOGUE_REUSE=1), described as it is.';
  const caseLines = checked
    .map((c) =>
      c.tail
        ? `- **${c.kind}** (\`${LABELS[c.kind]}\`): a long tail: ${c.tail.requests} requests drawn from ${c.tail.distinct} distinct (${c.tail.once} asked once; the ten most asked ${f1(100 * c.tail.top10Share)}% of the requests), one picked at random per request; ${c.asked} of them spread over the list were checked, ${c.empty} of those found nothing (kept: a shopper's search may find nothing), ${f1(c.kib)} KiB of JSON each on average.`
        : `- **${c.kind}** (\`${LABELS[c.kind]}\`): ${c.kept} different requests${c.empty ? ` (${c.empty} of the ${c.asked} made found nothing and are left out)` : ''}, ${f1(c.kib)} KiB of JSON each on average.`,
    )
    .join('\n');

  let explainMd = '';
  if (analyses.length) {
    const row = (a: CaseAnalysis) => {
      const e = a.explained;
      const seq = [...new Set(e.flatMap((x) => x.seqScans.map((q) => q.replace(/ \(.*/, ''))))].join('; ') || 'none';
      return `| ${a.kind} | ${e.length} | ${f1(median(e.map((x) => x.ms)))} (${f1(Math.max(...e.map((x) => x.ms)))}) | ${f1(median(e.map((x) => x.planningMs)))} | ${f1(median(a.alone))} | ${e.some((x) => x.total === null) ? 'counted apart' : f0(median(e.map((x) => x.total ?? 0)))} | ${f0(median(e.map((x) => x.mainRows)))} | ${f0(median(e.map((x) => x.removed)))} | ${f0(median(e.map((x) => x.blocks)))} | ${[...new Set(e.flatMap((x) => x.access))].join('; ')} | ${seq} | ${a.matches ? 'yes' : '**no**'} |`;
    };
    const plans = analyses
      .map((a) => {
        const e = a.explained;
        const typical = e.indexOf([...e].sort((x, y) => x.ms - y.ms)[Math.floor(e.length / 2)]!);
        return `<details><summary>${a.kind}: the plan of the median request</summary>\n\n\`\`\`\n${e[typical]!.text}\n\`\`\`\n\n</details>`;
      })
      .join('\n\n');
    explainMd = `## The statements: EXPLAIN ANALYZE

Each case's statement (copied from \`products-read.ts\` with \`listProducts\`' conditions, and from \`shops.service.ts\` with
\`nearbyShops\`'; "same rows" says whether it picked the rows the API answered with), with EXPLAIN (ANALYZE, BUFFERS), for
requests spread over each case's list, on the idle database after the load (medians; the slowest in brackets). "Matching rows" is
what \`count(*) OVER ()\` counted for the page's total; "rows read" the rows the main table's (products' or shops') outermost scan
returned, "removed" those its recheck or filter threw away. "Alone" is the statement sent from the bench without EXPLAIN,
one at a time.

| case | requests | execution ms | planning ms | alone ms | matching rows | rows read | removed | buffers | how the main table is read | sequential scans (table x loops) | same rows |
|---|---|---|---|---|---|---|---|---|---|---|---|
${analyses.map(row).join('\n')}

${plans}
`;
  }

  let profMd = '';
  if (prof) {
    const r = prof.run;
    profMd = `## Profile: the server during ${r.case} at concurrency ${r.concurrency}

The case with the highest p99 at ${top} connections, on a fresh server started with \`--cpu-prof\` (after ${WARMUP} s of warm-up): ${f0(r.rps)} req/s, p50 ${f1(r.p50)} ms, p99 ${f1(r.p99)} ms. CPU per request from /proc: server ${ms(r, r.cpu.app)} ms, PostgreSQL ${ms(r, r.cpu.postgres)} ms, load generator ${ms(r, r.cpu.load)} ms. Profile: ${prof.note}.

${prof.summary ? profileTables(prof.summary, { packages: 10, layers: 10, functions: 15 }) : ''}`;
  }

  return `# Benchmark: catalogue search, category and nearby shops against a bare Fastify + pg read

Recorded by \`bench/catalogue.ts\` on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB,
Node ${process.version}, one server process with ${POOL} database connections (\`DATABASE_POOL_SIZE\`),
PostgreSQL on the same machine, and the load generator (${WRK ? 'wrk, from Debian, one thread' : 'node:http in the bench process'}) on the same
machine too. The machine was shared with other work while this was recorded: the "others" column is
the CPU every other process used per request, and the figures move with it.
${INDEX_NOTE}

${indexMd(startup)}${comparedMd(compared)}

The data: ${s.shops} shops in ${s.states} states (a quarter in Lagos, then Abuja, Kano, Port Harcourt, Ibadan, ...; each within about
20 km of its state's city, with an LGA of the state; each its owner's, a seeded person), ${s.products} products over 180 days
(names combined from word lists per subcategory, in three categories per shop, shops drawn with a skew; prices in kobo, a fifth
discounted; \`search_text\` as the service writes it), ${s.variations} variations (40% of the products whose subcategory has sizes),
${s.reviews} reviews (15% of the products, so shops have a rating), ${s.wishlist} wishlist items of the shoppers; ${s.mb} MB
(the search's tables and indexes, MB: ${s.relations}).
${seeded} The ${SAMPLE} shoppers are seeded owners who log in with the password of one real signup; each request carries a random one's token.

${caseLines}

Every request was asked once before the load and answered 200 with results of the right shape (prices in the range asked, the
distance within the radius, nearest first); under load any answer but 200 counts as failed. The yardstick is a bare Fastify + pg
server (a separate process, the same pool size) answering \`GET /bare?id=\` with one \`users\` row read by primary key, as JSON; it
runs before and after the catalogue's cases at each level, and the ratios are to the mean of its two rates. Each case runs
${SECONDS} s per level, after ${WARMUP} s of unrecorded warm-up per case.

| case | concurrency | req/s | p50 ms | p99 ms | failed | ratio to bare | CPU ms/req: app | PostgreSQL | load gen. | others | machine idle |
|---|---|---|---|---|---|---|---|---|---|---|---|
${rows}

"app" is the server's process (or the bare server's); "PostgreSQL" the backends connected to the
bench database; "others" every other process on the machine, per request.

Aim: p99 at most ${AIM_P99} ms at ${top} connections, for each kind.

${aimLines.join('\n')}

${whereTimeGoes(results, analyses, prof)}
${explainMd}
${profMd}
`;
}

/** "Where the time goes", for the kinds that miss the aim: the run's own figures, in sentences. */
function whereTimeGoes(results: Result[], analyses: CaseAnalysis[], prof: Profiled | undefined): string {
  const top = Math.max(...LEVELS);
  const missed = results.filter((r) => r.case !== 'bare' && r.concurrency === top && (r.p99 > AIM_P99 || r.failed > 0));
  if (!missed.length) return '';
  const bare = results.filter((r) => r.case === 'bare' && r.concurrency === top);
  const barePg = mean(bare.map((r) => perReq(r, r.cpu.postgres)));
  const bareApp = mean(bare.map((r) => perReq(r, r.cpu.app)));
  const cores = os.cpus().length;
  const lines = [
    `- p99 at most ${AIM_P99} ms with ${top} requests always in flight needs at least ${(top / (AIM_P99 / 1000)).toFixed(0)} req/s (Little's law: the mean latency is ${top} / rate, and p99 is above the mean), so about ${((1000 * cores) / (top / (AIM_P99 / 1000))).toFixed(2)} ms of CPU per request at most for the server and PostgreSQL together on ${cores} cores. The bare read uses ${bareApp.toFixed(2)} ms (server) and ${barePg.toFixed(2)} ms (PostgreSQL).`,
  ];
  for (const r of missed) {
    const app = perReq(r, r.cpu.app);
    const pgMs = perReq(r, r.cpu.postgres);
    const a = analyses.find((x) => x.kind === r.case);
    let stmt = '';
    if (a) {
      const e = a.explained;
      const seq = [...new Set(e.flatMap((x) => x.seqScans))];
      const plan = median(e.map((x) => x.planningMs));
      const total = e.some((x) => x.total === null) ? null : median(e.map((x) => x.total ?? 0));
      const read = median(e.map((x) => x.mainRows));
      stmt = ` Its statement takes ${median(a.alone).toFixed(1)} ms alone`;
      stmt += ` (EXPLAIN: ${median(e.map((x) => x.ms)).toFixed(1)} ms to run and ${plan.toFixed(1)} ms to plan; ${[...new Set(e.flatMap((x) => x.access))].join('; ')}; ${read.toFixed(0)} rows read${median(e.map((x) => x.removed)) ? ` and ${median(e.map((x) => x.removed)).toFixed(0)} thrown away by the recheck or filter` : ''}${total === null ? ' (the total counted by a separate statement)' : `, ${total.toFixed(0)} matching`}, for a page of 20).`;
      if (total !== null && total > 200 && read >= total * 0.9)
        stmt += ` \`count(*) OVER ()\` (the page's total) needs every matching row before the first is returned, so the statement reads all ${total.toFixed(0)} of them, not 20.`;
      if (plan > 2)
        stmt += ` Planning is ${((100 * plan) / (plan + median(e.map((x) => x.ms)))).toFixed(0)}% of the statement's time, on every request.`;
      if (seq.length) stmt += ` Sequential scans: ${seq.slice(0, 3).join('; ')}.`;
    }
    lines.push(
      `- **${r.case}**: ${r.rps.toFixed(0)} req/s with p99 ${r.p99.toFixed(1)} ms. CPU per request: PostgreSQL ${pgMs.toFixed(2)} ms, the server ${app.toFixed(2)} ms; PostgreSQL is ${((100 * pgMs) / Math.max(1e-9, pgMs + app)).toFixed(0)}% of the two, and the two allow at most about ${((1000 * cores) / Math.max(1e-9, pgMs + app)).toFixed(0)} req/s on ${cores} cores.${stmt}`,
    );
  }
  if (prof?.summary) {
    const s = prof.summary;
    lines.push(
      `- In the server during ${prof.run.case} (profile below), by the layer that asked for the time: ${s.byCaller
        .slice(0, 6)
        .map(([k, v]) => `${k} ${((100 * v) / s.busyMs).toFixed(0)}%`)
        .join(', ')}.`,
    );
  }
  return `## Where the time goes (concurrency ${top})

${lines.join('\n')}
`;
}

if (process.env.CATALOGUE_ROLE === 'bare') await bareServer(POOL);
else await main();
