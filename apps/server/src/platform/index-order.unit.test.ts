import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Descending index columns must be DESC NULLS FIRST (`.desc().nullsFirst()`): that is the order of
// ORDER BY x DESC, so a page is read from the index and stops at its limit. Drizzle's `.desc()`
// alone writes DESC NULLS LAST, which no such query can use (docs/decisions.md, Platform).

const meta = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle/meta');

type Column = { expression: string; asc: boolean; nulls: 'first' | 'last' };
type Snapshot = { tables: Record<string, { indexes: Record<string, { columns: Column[] }> }> };

describe('index order', () => {
  it('has no descending index column with its nulls last in the latest schema', () => {
    const latest = readdirSync(meta)
      .filter((f) => f.endsWith('_snapshot.json'))
      .sort()
      .at(-1)!;
    const snapshot = JSON.parse(readFileSync(path.join(meta, latest), 'utf8')) as Snapshot;
    const wrong: string[] = [];
    let descending = 0;
    for (const [table, t] of Object.entries(snapshot.tables))
      for (const [name, index] of Object.entries(t.indexes))
        for (const c of index.columns) {
          if (c.asc) continue;
          descending++;
          if (c.nulls !== 'first') wrong.push(`${table} ${name} (${c.expression})`);
        }
    expect(descending).toBeGreaterThan(20);
    expect(wrong).toEqual([]);
  });
});
