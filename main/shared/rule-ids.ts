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
import { Type } from '@sinclair/typebox';

/**
 * The brand that keeps the two apart: a string literal or a plain string is still either id (ids
 * are read from files, flags and the catalogue), but a value typed as one kind of id does not pass
 * where the other is asked for, so the compiler finds a check id sent where a rule id is meant.
 */
declare const idKind: unique symbol;
export type RuleId = string & { readonly [idKind]?: 'RuleId' };
export type CheckId = string & { readonly [idKind]?: 'CheckId' };

/** The ids as they are written in a stored run (JSON strings), typed as the id they are. */
export const RuleIdSchema = Type.Unsafe<RuleId>(Type.String());
export const CheckIdSchema = Type.Unsafe<CheckId>(Type.String());
