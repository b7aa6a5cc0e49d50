/** The embedded bank: createBank, its data structures, route model and. */
export * from './bank.js';
export * from './certificateInspection.js';
export * from './http.js';
export * from './openapi.js';
export * from './pki.js';
export * from './registry.js';
export * from './requestLog.js';
export * from './revocation.js';
export * from './console-events.js';
export * from './routes.js';
export * from './state.js';
export * from './trustStore.js';
export * from './types.js';
export type { SessionHook } from './stages/session.js';
export type { DomainState } from './domain/model.js';
export { BankDatabase } from './store/bank-database.js';
