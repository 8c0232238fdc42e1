import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * What a bench run leaves behind: its section of RESULTS.md (or another file of recorded figures),
 * and the problems it found in its own run.
 *
 * BENCH_SMOKE=1 is a smoke run (bench/smoke.ts): every bench takes tiny default sizes, and nothing
 * here writes a file of recorded figures, whatever the bench asks for.
 */
export const SMOKE = process.env.BENCH_SMOKE === '1';

/** A setting's default: `full` for a recorded run, `small` for a smoke run. */
export const sized = <T>(full: T, small: T): T => (SMOKE ? small : full);

/**
 * A database name or Redis prefix of the bench's own: with `_smoke` after it in a smoke run, so a
 * smoke run never drops the database of a bench running (or kept with *_KEEP=1) beside it.
 */
export const own = (name: string): string => (SMOKE ? `${name}_smoke` : name);

const FILE = new URL('./RESULTS.md', import.meta.url);

/**
 * Writes a file of recorded figures (RESULTS.md, search-engines/results.json, ...), unless this is a
 * smoke run or one of the run's own checks failed (`problem`): then the file is left alone, and this
 * says so. Every writer of recorded figures goes through here, so no bench can forget.
 */
export function writeRecorded(file: URL, text: string): boolean {
  const why = SMOKE ? 'smoke run (BENCH_SMOKE=1)' : problems.length ? `${problems.length} check(s) of this run failed` : '';
  if (why) {
    console.log(`${why}: ${fileURLToPath(file)} left alone`);
    return false;
  }
  writeFileSync(file, text);
  return true;
}

/**
 * Writes one benchmark's section of RESULTS.md (between `<!-- begin NAME -->` and
 * `<!-- end NAME -->`), leaving the other benchmarks' sections as they are; through `writeRecorded`.
 */
export function writeSection(name: string, markdown: string): void {
  const begin = `<!-- begin ${name} -->`;
  const end = `<!-- end ${name} -->`;
  const block = `${begin}\n${markdown.trim()}\n${end}`;
  const old = existsSync(FILE) ? readFileSync(FILE, 'utf8') : '';
  const i = old.indexOf(begin);
  const j = old.indexOf(end);
  const next =
    i >= 0 && j > i ? `${old.slice(0, i)}${block}${old.slice(j + end.length)}` : `${old.trimEnd()}${old ? '\n\n' : ''}${block}\n`;
  writeRecorded(FILE, next);
}

/**
 * The bench's own checks that failed in this run (requests that failed under load, a ledger that does
 * not balance, messages lost, ...). Each is printed as it is found; the run's figures are then printed
 * but not recorded (`writeRecorded`), and `exitOnProblems` lists them again at the end and sets a
 * non-zero exit code, so a run that went wrong fails (the smoke run with it).
 */
const problems: string[] = [];
export function problem(message: string): void {
  problems.push(message);
  console.error(`bench check failed: ${message}`);
}
/** Records a problem when `ok` is false. */
export function check(ok: boolean, message: string): void {
  if (!ok) problem(message);
}
export function exitOnProblems(): void {
  if (problems.length === 0) return;
  console.error(`\n${problems.length} bench check(s) failed:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exitCode = 1;
}
