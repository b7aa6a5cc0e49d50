/** Collections of saved requests: the model, its folder tree, and Postman, Bruno and OpenAPI in and out. */
export * from './model.js';
export * from './tree.js';
export { collectionsFileSchema, migratedCollections } from './stored.js';
export { DROPPED_HEADERS } from './imported-request.js';
export { importPostman, exportPostman, POSTMAN_V21_SCHEMA, BASE_URL_VARIABLE } from './postman.js';
export { importBruno, exportBruno, safeFileName } from './bruno.js';
export { importOpenApi } from './openapi.js';
export { parsedJson } from './json-file.js';
export { parsedOpenApiDocument } from './openapi-document.js';
export { requestsCount } from './import-notes.js';
