/** TPP test plans: the bank plays modules and judges the client (docs/tpp-plans.md). */
export * from './model.js';
export * from './plan-run.js';
export {
  PLANS,
  BASIC_PLAN,
  CORPORATE_PLAN,
  SESSIONS_PLAN,
  PAYMENTS_PLAN,
  RESILIENCE_PLAN,
  APP_LINKING_PLAN,
  planNamed,
} from './plans.js';
export { tppRuleCoverage, type TppRuleCoverage } from './coverage.js';
