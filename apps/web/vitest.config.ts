import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // The contracts package has no test runner of its own: its unit tests (the formatters) run here.
    include: ['src/**/*.test.{ts,tsx}', '../../packages/contracts/src/**/*.test.ts'],
    css: false,
    restoreMocks: true,
  },
});
