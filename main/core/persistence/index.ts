/** Files the hosts keep for the user (atomic JSON documents, where they live) and read from them. */
export * from './atomic-file.js';
export * from './data-dir.js';
export * from './json-file-store.js';
export * from './regular-file.js';
