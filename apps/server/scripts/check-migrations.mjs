// `npm run db:check`: fails when the database's definition and the committed migrations disagree.
//
//  1. Tables: the Drizzle tables and the migrations agree (drizzle-kit generate has nothing to write).
//  2. SQL functions: each has one home, a source file `<function>.sql` under src/, beside the code
//     that calls it (src/ledger/sql/owo_post_transfers.sql, ...), holding its
//     CREATE OR REPLACE FUNCTION; the latest migration that defines the function must have the
//     same text (compared with whitespace collapsed and comments outside the body left out), and a
//     function that the migrations define (and do not drop later) must have a source file.
//
// After changing a source file (or adding one), write the migration that applies it:
//
//   cd apps/server && npm run db:check -- --write <migration_name>
//
// It runs `drizzle-kit generate --custom --name <migration_name>` and fills the new migration with
// every source that differs from its latest migration, in dependency order, each preceded by a
// DROP FUNCTION when its parameters or return type changed (CREATE OR REPLACE cannot change those).
// Add `--all` to write every source, changed or not. Then run `npm run db:check` again.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const migrationsDir = path.join(root, 'drizzle');
const srcDir = path.join(root, 'src');
const rel = (p) => path.relative(root, p);

const args = process.argv.slice(2);
const writeAt = args.indexOf('--write');
const writeName = writeAt >= 0 ? args[writeAt + 1] : null;
if (writeAt >= 0 && (!writeName || !/^[a-z0-9_]+$/.test(writeName))) {
  console.error('usage: npm run db:check -- --write <migration_name> [--all]   (name: lower case, digits, _)');
  process.exit(2);
}

/**
 * Splits SQL text into statements, leaving out comments outside string literals and dollar-quoted
 * bodies (so `--> statement-breakpoint` and explanatory comments do not count) but keeping
 * everything inside them.
 */
function statements(text) {
  const out = [];
  let cur = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '-' && text[i + 1] === '-') {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
      cur += ' ';
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
      cur += ' ';
    } else if (c === "'") {
      let j = i + 1;
      while (j < text.length && !(text[j] === "'" && text[j + 1] !== "'")) j += text[j] === "'" ? 2 : 1;
      cur += text.slice(i, j + 1);
      i = j + 1;
    } else if (c === '$' && /^\$[A-Za-z_0-9]*\$/.test(text.slice(i))) {
      const tag = /^\$[A-Za-z_0-9]*\$/.exec(text.slice(i))[0];
      const end = text.indexOf(tag, i + tag.length);
      const stop = end < 0 ? text.length : end + tag.length;
      cur += text.slice(i, stop);
      i = stop;
    } else if (c === ';') {
      if (cur.trim()) out.push(cur.trim());
      cur = '';
      i++;
    } else {
      cur += c;
      i++;
    }
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

const normalise = (stmt) =>
  stmt
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^CREATE\s+OR\s+REPLACE\s+FUNCTION\b/i, 'CREATE FUNCTION');
const CREATE = /^CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+(?:"?public"?\.)?"?([A-Za-z_][A-Za-z_0-9]*)"?\s*\(/i;
const DROP = /^DROP\s+FUNCTION\s+(?:IF\s+EXISTS\s+)?(?:"?public"?\.)?"?([A-Za-z_][A-Za-z_0-9]*)"?/i;

/** The parameter list (between the parentheses after the name) and the RETURNS clause of a CREATE FUNCTION. */
function signature(stmt) {
  const text = stmt.replace(/\s+/g, ' ');
  const open = text.search(/\(/);
  let depth = 0;
  let close = open;
  for (; close < text.length; close++) {
    if (text[close] === '(') depth++;
    else if (text[close] === ')' && --depth === 0) break;
  }
  const params = text.slice(open + 1, close).trim();
  const after = text.slice(close + 1);
  const returns =
    /^\s*RETURNS\s+(.*?)\s+(?:LANGUAGE|AS|IMMUTABLE|STABLE|VOLATILE|STRICT|SECURITY|PARALLEL|COST|WINDOW|CALLED)\b/i.exec(after)?.[1] ?? '';
  return { params, returns: returns.trim() };
}

/** The argument list DROP FUNCTION takes for these parameters (defaults left out). */
function dropArgs(params) {
  const parts = [];
  let depth = 0;
  let cur = '';
  for (const ch of params) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      parts.push(cur);
      cur = '';
    } else cur += ch;
  }
  if (cur.trim()) parts.push(cur);
  return parts.map((p) => p.replace(/\s+(DEFAULT\b|=).*$/i, '').trim()).join(', ');
}

/** Every `<function>.sql` under src/: its one CREATE FUNCTION. */
function sources() {
  const found = new Map();
  const problems = [];
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.sql')) {
        const text = readFileSync(p, 'utf8');
        const stmts = statements(text);
        const name = stmts.length === 1 ? CREATE.exec(stmts[0])?.[1]?.toLowerCase() : undefined;
        if (!name) problems.push(`${rel(p)}: must hold exactly one CREATE OR REPLACE FUNCTION statement`);
        else if (name !== path.basename(e.name, '.sql')) problems.push(`${rel(p)}: defines ${name}; the file must be named ${name}.sql`);
        else if (found.has(name)) problems.push(`${name}: two source files, ${found.get(name).file} and ${rel(p)}`);
        else found.set(name, { name, file: rel(p), text, stmt: stmts[0] });
      }
    }
  };
  walk(srcDir);
  return { found, problems };
}

/** For each function, what the migrations, applied in order, last did to it. */
function migrated() {
  const files = readdirSync(migrationsDir)
    .filter((f) => /^\d+_.*\.sql$/.test(f))
    .sort();
  const last = new Map();
  for (const f of files) {
    for (const stmt of statements(readFileSync(path.join(migrationsDir, f), 'utf8'))) {
      const created = CREATE.exec(stmt);
      if (created) last.set(created[1].toLowerCase(), { file: `drizzle/${f}`, stmt });
      // (A drop followed by a create of the same name, a new signature, ends with the create.)
      const dropped = DROP.exec(stmt);
      if (dropped) last.set(dropped[1].toLowerCase(), { file: `drizzle/${f}`, stmt: undefined });
    }
  }
  return last;
}

function checkSources() {
  const { found, problems } = sources();
  const last = migrated();
  const stale = [];
  for (const s of found.values()) {
    const m = last.get(s.name);
    if (!m?.stmt) {
      problems.push(`${s.name}: ${s.file} is in no migration${m ? ` (dropped by ${m.file})` : ''}`);
      stale.push(s);
    } else if (normalise(m.stmt) !== normalise(s.stmt)) {
      problems.push(`${s.name}: ${s.file} and ${m.file} (the latest migration defining it) differ`);
      stale.push(s);
    }
  }
  for (const [name, m] of last) {
    if (m.stmt && !found.has(name)) problems.push(`${name}: defined by ${m.file} but has no source file <dir>/sql/${name}.sql under src/`);
  }
  return { found, last, problems, stale };
}

/** Sources in an order where each comes after the others it calls (SQL functions are checked at creation). */
function dependencyOrder(list) {
  const names = new Set(list.map((s) => s.name));
  const byName = new Map(list.map((s) => [s.name, s]));
  const done = new Set();
  const out = [];
  const visit = (s, seen = new Set()) => {
    if (done.has(s.name) || seen.has(s.name)) return;
    seen.add(s.name);
    for (const other of names) {
      if (other !== s.name && new RegExp(`\\b${other}\\s*\\(`, 'i').test(s.stmt)) visit(byName.get(other), seen);
    }
    done.add(s.name);
    out.push(s);
  };
  for (const s of [...list].sort((a, b) => a.file.localeCompare(b.file))) visit(s);
  return out;
}

function writeMigration(name, all) {
  const { found, last, stale } = checkSources();
  const list = dependencyOrder(all ? [...found.values()] : stale);
  if (list.length === 0) {
    console.log('sql functions: every source matches its latest migration; nothing to write');
    return;
  }
  const before = new Set(readdirSync(migrationsDir));
  execFileSync('npx', ['drizzle-kit', 'generate', '--custom', '--name', name], { cwd: root, stdio: 'inherit' });
  const created = readdirSync(migrationsDir).filter((f) => !before.has(f) && f.endsWith('.sql'));
  if (created.length !== 1) throw new Error(`expected drizzle-kit to write one migration, found: ${created.join(', ') || 'none'}`);
  const header = `-- Written by \`npm run db:check -- --write ${name}\` from the SQL sources:\n${list.map((s) => `--   ${s.file}`).join('\n')}\n\n`;
  const chunks = [];
  for (const s of list) {
    const prev = last.get(s.name)?.stmt;
    if (prev) {
      const a = signature(prev);
      const b = signature(s.stmt);
      if (a.params !== b.params || a.returns.toLowerCase() !== b.returns.toLowerCase()) {
        chunks.push(
          `-- ${s.name}: new parameters or return type; CREATE OR REPLACE cannot change those.\nDROP FUNCTION IF EXISTS ${s.name}(${dropArgs(a.params)});`,
        );
      }
    }
    chunks.push(`-- Source: ${s.file}\n${s.text.trim()}`);
  }
  const file = path.join(migrationsDir, created[0]);
  writeFileSync(file, header + chunks.join('\n--> statement-breakpoint\n') + '\n');
  console.log(`wrote ${rel(file)}: ${list.map((s) => s.name).join(', ')}`);
}

if (writeName) {
  writeMigration(writeName, args.includes('--all'));
  process.exit(0);
}

let failed = false;

const dir = new URL('../drizzle/', import.meta.url);
const before = readdirSync(dir).sort().join('\n');
const out = execFileSync('npx', ['drizzle-kit', 'generate', '--name', 'drift_check'], { cwd: root, encoding: 'utf8' });
const after = readdirSync(dir).sort().join('\n');
if (before !== after || !/No schema changes/i.test(out)) {
  console.error(out);
  console.error('Migrations are out of date: run `npm run db:generate` and commit the result.');
  failed = true;
} else {
  console.log('migrations: up to date');
}

const { found, problems } = checkSources();
if (problems.length) {
  console.error(`sql functions: ${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  console.error('After changing a source, write its migration: npm run db:check -- --write <migration_name>');
  failed = true;
} else {
  console.log(`sql functions: ${found.size} sources match their latest migrations`);
}
if (failed) process.exit(1);
