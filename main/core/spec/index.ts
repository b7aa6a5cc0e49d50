/**
 * One source per spec fact (design property 5 of docs/architecture.md): enumerations, limits,
 * headers, fixes, error
 * catalogue, validators and JSON Schemas. Free of Node-only imports, so the renderer can use it.
 */
export * from './countries.js';
export * from './currencies.js';
export * from './dates.js';
export * from './enums.js';
export * from './errors.js';
export * from './fixes.js';
export * from './headers.js';
export * from './limits.js';
export * from './release.js';
export * from './schemas/index.js';
export * from './validation.js';
export * from './validators/index.js';
