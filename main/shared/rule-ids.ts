/**
 * The kinds of "rule" id, one name each (docs/architecture.md "Names"). They are all upper-case
 * words joined by hyphens, so only the name says which list an id belongs to:
 *
 * - RuleId: a rule of the catalogue (suites/<area>/rules.ts), one statement of the spec, e.g.
 *   `SIGN-KEYID-FORMAT`. A check covers rules; a bank fault (main/core/bank/faults/, its FaultId)
 *   breaks one, named by its RuleId.
 * - CheckId: a check (suites/<area>/), e.g. `SIGN-MISSING-SIGNATURE-400`; results, baselines and
 *   re-runs refer to it.
 * - TppRuleId (main/core/spec/tpp-rules.ts): an obligation of the TPP the bank judges in its TPP
 *   report, `TPP-…`.
 *
 * The rules of linters (ESLint's `workbench/layers`, Redocly's over /openapi.json) are the tools'
 * own names and stay strings in their configuration.
 */
export type RuleId = string;
export type CheckId = string;
