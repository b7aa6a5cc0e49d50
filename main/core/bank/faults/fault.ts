/**
 * The shape of one entry in the fault catalogue (faults/index.ts). Kept apart from the lists so
 * each area's list and the index import it without importing each other.
 */
import type { SchemaProblem } from '../../spec/validation.js';
import type { RuleId } from '../../../shared/rule-ids.js';

/** Which schema problems a fault lets through, on which route ('query' or 'body'). */
export type SchemaWaiver = (
  problem: SchemaProblem,
  where: { route: { readonly path: string; readonly operationId: string }; part: 'query' | 'body' },
) => boolean;

export interface FaultDescription {
  /** The catalogue rule the fault breaks. */
  ruleId: RuleId;
  /** What the bank does instead. */
  effect: string;
}

/**
 * A catalogue entry. A schema fault also says which problems of the request schema it lets
 * through (`waives`); the request-schema stage drops those while the fault is active.
 */
export interface FaultEntry extends FaultDescription {
  waives?: SchemaWaiver;
}
