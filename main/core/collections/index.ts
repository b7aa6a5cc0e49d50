/**
 * Collections of saved requests: the model, its folder tree and the saved file. The converters
 * (Postman, Bruno and OpenAPI in and out) are in formats.ts, loaded only when a file goes in or
 * out: their libraries hold about 100 MB once loaded.
 */
export * from './model.js';
export * from './tree.js';
export * from './assertions.js';
export { collectionsFileSchema, migratedCollections } from './stored.js';
export { DROPPED_HEADERS } from './imported-request.js';
export { parsedJson } from './json-file.js';
export { requestsCount } from './import-notes.js';
export type { EnvironmentFile, EnvironmentFileValue } from './environment-files.js';
