import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const FILE = new URL('./RESULTS.md', import.meta.url);

/**
 * Writes one benchmark's section of RESULTS.md (between `<!-- begin NAME -->` and
 * `<!-- end NAME -->`), leaving the other benchmarks' sections as they are.
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
  writeFileSync(FILE, next);
}
