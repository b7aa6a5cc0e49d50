/** Certificate toolkit (node-forge for building, node:crypto for keys and parsing). */
export * from './certificate-builder.js';
export * from './crl.js';
export * from './describe.js';
export * from './import-export.js';
export * from './issue.js';
export * from './keys.js';
export * from './keystore.js';
export * from './name.js';
export * from './pem.js';
export * from './psd2-roles.js';
export * from './publication.js';
export * from './qc-statements.js';
export * from './secret-box.js';
export * from './serial-number.js';
export * from './keystore-reference.js';
