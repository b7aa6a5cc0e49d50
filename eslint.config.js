// ESLint (flat config): typescript-eslint everywhere, plus the layer map the design depends on.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { workbenchPlugin } from './eslint/rules/layers.js';

export default tseslint.config(
  { ignores: ['out/', 'dist/', 'node_modules/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Which part of the code may import which: eslint/layers.js is the one source. Among others it
    // keeps Electron out of main/core, main/api and suites (design property 1 of
    // docs/architecture.md) and makes the
    // renderer a view over the contract: `import type` from it, nothing else of main but
    // main/shared, never Electron or IPC (design property 3 of docs/architecture.md).
    plugins: { workbench: workbenchPlugin },
    rules: { 'workbench/layers': 'error' },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
