/** Target profiles: one file per bank, read by `workbench run`, `workbench doctor` and the UI. */
export * from './errors.js';
export * from './env-secrets.js';
export * from './init.js';
export * from './json-schema.js';
export * from './load.js';
export * from './schema.js';
export * from './files.js';
