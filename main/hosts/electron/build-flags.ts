/**
 * Facts fixed when the app is built, never read from the environment at run time: a packaged app
 * must not open DevTools because someone started it with NODE_ENV=development.
 *
 * electron-vite (Vite) replaces `import.meta.env` with a literal at build time: DEV is true only
 * for `electron-vite dev`, false in `electron-vite build` (what `npm run dist` packages).
 */
const env = (import.meta as { env?: { DEV?: boolean } }).env;

export const DEVELOPMENT_BUILD: boolean = env?.DEV === true;
