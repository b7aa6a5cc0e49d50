/**
 * The embedded bank's public surface: the one file code outside main/core/bank imports (the layer
 * map, eslint/layers.js, refuses any other). Grouped as the folder is (docs/architecture.md "The
 * bank"): createBank and its state, the listener and its answers, the served OpenAPI, the logs
 * and findings, the trust material, and what the services do to a running bank's domain.
 */
// createBank, its state and the request/response model.
export * from './bank.js';
export * from './state.js';
export * from './http/messages.js';
export * from './http/json-intake.js';
export * from './http/refusal.js';
export * from './context/request-context.js';
export { BANK_MODES, type BankMode } from '../../shared/mode.js';
export type { SessionHook } from './stages/session.js';
export type { DomainState } from './domain/model.js';
export { BankDatabase } from './store/bank-database.js';
export { PgBankStore } from './store/pg-bank-store.js';
export type { StateEngine, StateEngineKind } from './engine/state-engine.js';
export {
  openStateEngine,
  POSTGRES_URL,
  StateStoreUnavailableError,
  type OpenedStateEngine,
  type OpenStateEngineOptions,
} from './engine/open-state-engine.js';
export { buildInitialState, EXAMPLE_PAYMENT_ACCOUNTS } from './domain/initial-data.js';
export * from './handlers/routes.js';
export { adminTokenProblem, createAdminApi } from './admin/admin-api.js';
// The listener and its answers.
export * from './listener/http.js';
export * from './listener/tls.js';
export * from './answers/response-signing.js';
export * from './answers/scripted-answer.js';
// The served OpenAPI.
export * from './openapi/document.js';
// The logs and findings.
export * from './log/request-log.js';
export * from './log/console-events.js';
export * from './log/tpp-findings/model.js';
// TPP test plans: modules the bank plays, judging the client.
export * from './plans/index.js';
// The trust material.
export * from './trust/certificate-inspection.js';
export * from './trust/pki.js';
export * from './trust/registry.js';
export * from './trust/revocation.js';
export * from './trust/trust-store.js';
// What the services do to a running bank (the admin screens, the PSU's own actions).
export {
  revokeConsent,
  revokeGrant,
  setCardAccountStatus,
  setPaymentPermission,
} from './domain/access.js';
export { runBatchNow } from './domain/batch.js';
export { findSessionById, scaValidUntil, sessionState } from './domain/sessions.js';
export { knownFaults } from './faults/index.js';
