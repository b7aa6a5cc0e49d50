/**
 * Three bundles from explicit inputs (top-level folders, not electron-vite's src/ defaults):
 * - main: the Electron host, the CLI and the web host — ESM, dependencies left in node_modules;
 * - preload: CommonJS and fully bundled, so it runs in a sandboxed renderer;
 * - renderer: React + Monaco with its workers, nothing loaded from a CDN.
 */
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

const root = import.meta.dirname;

/**
 * Rolldown's [PLUGIN_TIMINGS] notice (plugins took a share of the build time) is printed on every
 * slow build, before `npm run web`'s URL, and asks nothing of the user: off in all three bundles.
 */
export const BUILD_CHECKS = { bundlerTimings: false } as const;

export default defineConfig({
  main: {
    build: {
      outDir: resolve(root, 'out/main'),
      // The optional peers — playwright-core (browser SCA only) and the collection formats'
      // libraries (api/services/collections/format-libraries.ts) — are loaded from node_modules, never bundled.
      externalizeDeps: { include: ['playwright-core', 'postman-collection', '@usebruno/lang'] },
      lib: {
        entry: {
          index: resolve(root, 'main/index.ts'),
          cli: resolve(root, 'main/cli.ts'),
          web: resolve(root, 'main/web.ts'),
          // The package's library entry (package.json `exports`), without Electron.
          library: resolve(root, 'main/library.ts'),
        },
        formats: ['es'],
      },
      rolldownOptions: { checks: BUILD_CHECKS },
    },
  },
  preload: {
    build: {
      outDir: resolve(root, 'out/preload'),
      externalizeDeps: false,
      lib: { entry: { index: resolve(root, 'preload/index.ts') }, formats: ['cjs'] },
      rolldownOptions: { output: { entryFileNames: '[name].cjs' }, checks: BUILD_CHECKS },
    },
  },
  renderer: {
    root: resolve(root, 'renderer'),
    base: './',
    plugins: [react()],
    worker: { format: 'es' },
    build: {
      outDir: resolve(root, 'out/renderer'),
      chunkSizeWarningLimit: 8000,
      // Vite 8's default minifier miscompiles Monaco 0.57's tokenizer ("Token length and text
      // length do not match!" while typing JSON). The app loads from local disk; size is cheap.
      minify: false,
      rolldownOptions: { input: resolve(root, 'renderer/index.html'), checks: BUILD_CHECKS },
    },
  },
});
