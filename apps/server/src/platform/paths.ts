import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (apps/server), found by walking up to its package.json, so the
 * same code finds its migrations and the web build whether it runs from `src/` (tests, `npm run
 * dev`) or from the compiled bundle in `dist/` (`npm start`).
 */
function packageRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const SERVER_ROOT = packageRoot(path.dirname(fileURLToPath(import.meta.url)));
