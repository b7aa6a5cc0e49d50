import { defineConfig } from 'vitest/config';

// Unit tests mirror main/core; integration tests drive bank + client + runner over loopback; the
// docs tests run the shell blocks of README.md and docs/*.md.
export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts', 'test/docs/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
  },
});
