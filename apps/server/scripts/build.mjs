// Compiles the server for production: one ES module bundle, dist/main.js, run by `node` (no
// TypeScript at run time). The workspace's own packages (@owo/contracts, TypeScript source) are
// bundled in; every npm package stays an import from node_modules, as in development.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'npm-packages-external',
      setup(b) {
        // A bare import (not ./ or ../, not @owo/*) is an npm package: leave it to Node.
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@owo/') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});
