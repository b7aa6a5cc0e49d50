// ESLint (flat config): typescript-eslint everywhere, plus the boundaries the design depends on.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const importsOfMain = 'ImportDeclaration[source.value=/(^|\\/)main\\//]';
const importsOfShared = '[source.value=/(^|\\/)main\\/shared\\/[^/]+$/]';

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
    // The renderer is a view over the contract: it may import types from the contract, the pure
    // shared vocabulary of main/shared (values too: the renderer bundles it), and nothing else of
    // main; it never touches IPC (ARCHITECTURE property 3).
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `${importsOfMain}[importKind!='type']:not(${importsOfShared})`,
          message: 'The renderer may only `import type` from the contract (values: main/shared).',
        },
        {
          selector: `${importsOfMain}:not([source.value=/main\\/api\\/contract(\\.js)?$/]):not(${importsOfShared})`,
          message: 'The renderer may only import from main/api/contract and main/shared.',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'The renderer reaches main through src/api only.' }],
        },
      ],
    },
  },
  {
    // The core runs in three hosts; Electron exists in one of them (ARCHITECTURE property 1).
    files: ['main/core/**/*.ts', 'main/api/**/*.ts', 'main/shared/**/*.ts', 'suites/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'electron', message: 'main/core and main/api never import electron.' }] },
      ],
    },
  },
  {
    // main/shared is bundled into the renderer as well as main: pure modules that import only each
    // other (and TypeBox), no Node built-ins, nothing of main/core or main/api.
    files: ['main/shared/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            ':matches(ImportDeclaration, ExportNamedDeclaration, ExportAllDeclaration)[source]' +
            "[source.value!=/^\\.\\/[^/]+$/][source.value!='@sinclair/typebox']",
          message: 'main/shared imports only main/shared (and @sinclair/typebox).',
        },
      ],
    },
  },
);
