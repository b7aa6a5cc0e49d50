/** Files the hosts keep for the user: atomic JSON documents and where they live. */
export * from './atomic-file.js';
export * from './data-dir.js';
export * from './json-file-store.js';
