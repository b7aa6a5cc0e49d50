/**
 * §5.2 HTTP-signature primitives, shared by the TPP signer (main/core/tpp/signer.ts) and the bank's
 * verifier: one source per spec fact. Pure functions over node:crypto; no node-forge.
 */
export * from './der.js';
export * from './digest.js';
export * from './distinguished-name.js';
export * from './dn-match.js';
export * from './dn-parse.js';
export * from './key-id.js';
export * from './rfc2047.js';
export * from './rsa-sha256.js';
export * from './signature-header.js';
export * from './signed-headers.js';
export * from './signing-certificate.js';
export * from './signing-string.js';
export * from './verify-signed-request.js';
