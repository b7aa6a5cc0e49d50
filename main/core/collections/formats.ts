/**
 * The collection formats in and out: Postman Collection v2.1 (postman-collection), Bruno
 * (@usebruno/lang) and OpenAPI 3 (JSON or YAML), and Postman and Bruno environment files. A
 * module of its own, loaded when a file goes in or out (api/services/collections/collection-formats.ts,
 * environment-formats.ts): the format libraries cost about 100 MB of memory once loaded, which a
 * `workbench run` never needs, and they are optional peer dependencies a pipeline's install
 * leaves out (api/services/collections/format-libraries.ts names the install when one is missing). OpenAPI
 * needs neither library, nor do HAR and curl: the services load those on their own.
 */
export {
  importPostman,
  exportPostman,
  sdkPostmanParts,
  POSTMAN_V21_SCHEMA,
  BASE_URL_VARIABLE,
} from './postman.js';
export { importBruno, exportBruno, safeFileName } from './bruno.js';
export { importOpenApi } from './openapi.js';
export { parsedOpenApiDocument } from './openapi-document.js';
export {
  readPostmanEnvironment,
  readBrunoEnvironment,
  writePostmanEnvironment,
  writeBrunoEnvironment,
} from './environment-files.js';
