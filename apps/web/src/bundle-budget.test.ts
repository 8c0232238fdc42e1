// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const BUDGET = 150 * 1024;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifestPath = path.join(dist, '.vite/manifest.json');

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/** The JS files the first route loads: the index.html entry and all of its static imports. */
export function firstRouteFiles(manifest: Record<string, Chunk>): string[] {
  const seen = new Set<string>();
  const files: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk ${key}`);
    if (chunk.file.endsWith('.js')) files.push(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  visit('index.html');
  return files;
}

describe('bundle budget', () => {
  it(`first route loads at most ${BUDGET / 1024} KB of gzipped JS`, () => {
    if (!existsSync(manifestPath)) {
      throw new Error(`No build found at ${manifestPath}: run npm run build -w @owo/web first`);
    }
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, Chunk>;
    const files = firstRouteFiles(manifest);
    expect(files.length).toBeGreaterThan(0);
    const sizes = files.map((f) => ({ file: f, gzip: gzipSync(readFileSync(path.join(dist, f)), { level: 9 }).length }));
    const total = sizes.reduce((s, x) => s + x.gzip, 0);
    console.log(
      `first-route JS: ${(total / 1024).toFixed(1)} KB gzipped (budget ${BUDGET / 1024} KB)\n` +
        sizes.map((s) => `  ${s.file}: ${(s.gzip / 1024).toFixed(1)} KB`).join('\n'),
    );
    expect(total, `first-route JS is ${total} bytes gzipped, over the ${BUDGET}-byte budget`).toBeLessThanOrEqual(BUDGET);
  });
});
