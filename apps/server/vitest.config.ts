import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/** How the server's integration and crash tests run: a real app on a fresh database per file. */
const realApp: TestProjectInlineConfiguration['test'] = {
  environment: 'node',
  globalSetup: ['src/test/global-setup.ts'],
  pool: 'forks',
  maxWorkers: 2,
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['src/**/*.unit.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'integration',
          include: ['src/**/*.test.ts'],
          exclude: ['src/**/*.unit.test.ts', 'src/test/crash-*.test.ts'],
          ...realApp,
        },
      },
      // The crash tests kill a real server process in the middle of calls and check what a retry
      // finds: a third of the integration time, so a tier of their own (npm test and CI run it).
      { test: { name: 'crash', include: ['src/test/crash-*.test.ts'], ...realApp } },
    ],
  },
});
