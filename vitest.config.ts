import { defineConfig } from 'vitest/config';

// Unit tests mirror main/core; integration tests drive bank + client + runner over loopback; the
// docs tests run the shell blocks of README.md and docs/*.md.
export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts', 'test/docs/**/*.test.ts'],
    environment: 'node',
    // A budget that only ends a hung test, never a measure: with two test runs and other jobs on
    // two cores (load 8-15), key generation, scrypt and process starts take several times their
    // quiet time, and a 30 s budget failed tests that pass alone in 5-10 s.
    testTimeout: 90_000,
    hookTimeout: 90_000,
    pool: 'forks',
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
  },
});
