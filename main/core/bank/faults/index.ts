/**
 * Fault profiles: the embedded bank can be told to break named
 * rules of the catalogue (suites/<area>/rules.ts) — answer with the wrong status, leave out a link,
 * accept
 * an over-long field. TPP teams use them to see how their client copes with a non-conformant bank;
 * the project uses them to prove that every check can fail.
 *
 * A profile is a rule id. The code enforcing a rule asks `faultActive(ctx, 'RULE-ID')` and, when
 * it is active, does the documented wrong thing instead. Every fault the bank honours is listed,
 * with what it does, in one list per area below; `FaultId` is the union of their ids, so a
 * misspelt id does not compile. This module imports nothing of the bank: stages, handlers and
 * the domain all read it.
 */
import { AIS_FAULTS } from './ais.js';
import { BASKETS_FAULTS } from './baskets.js';
import type { FaultDescription, FaultEntry, SchemaWaiver } from './fault.js';
import { PAYMENTS_FAULTS } from './payments.js';
import { PROTOCOL_FAULTS } from './protocol.js';
import { SANDBOX_FAULTS } from './sandbox.js';
import { SCA_FAULTS } from './sca.js';
import { SESSION_FAULTS } from './session.js';
import { SIGNATURE_FAULTS } from './signature.js';

export type { FaultDescription, SchemaWaiver } from './fault.js';

/** Every fault the bank honours, area by area. */
const FAULTS = [
  ...PROTOCOL_FAULTS,
  ...SIGNATURE_FAULTS,
  ...SESSION_FAULTS,
  ...SCA_FAULTS,
  ...AIS_FAULTS,
  ...PAYMENTS_FAULTS,
  ...BASKETS_FAULTS,
  ...SANDBOX_FAULTS,
] as const satisfies readonly FaultEntry[];

/** The rule id of a fault the bank honours. */
export type FaultId = (typeof FAULTS)[number]['ruleId'];

const DESCRIPTIONS: readonly FaultDescription[] = FAULTS.map(({ ruleId, effect }) => ({
  ruleId,
  effect,
})).sort((a, b) => a.ruleId.localeCompare(b.ruleId));

/** Every fault the bank can be put into, by rule id. */
export function knownFaults(): FaultDescription[] {
  return DESCRIPTIONS.map((fault) => ({ ...fault }));
}

/** The schema faults: rule id → the problems of the request schema it lets through. */
export const SCHEMA_WAIVERS: ReadonlyMap<FaultId, SchemaWaiver> = new Map(
  FAULTS.flatMap((fault: FaultEntry) =>
    fault.waives ? [[fault.ruleId as FaultId, fault.waives] as const] : [],
  ),
);

/** Whether the request (or the consent screen's scope, the SCA page) runs under `ruleId`. */
export function faultActive(
  ctx: { readonly faults?: ReadonlySet<string> | undefined },
  ruleId: FaultId,
): boolean {
  return ctx.faults?.has(ruleId) === true;
}

/** Whether the bank's saved fault profiles hold `ruleId` (domain work outside a request). */
export function profileActive(
  state: { readonly behaviour: { readonly faultProfiles: readonly string[] } },
  ruleId: FaultId,
): boolean {
  return state.behaviour.faultProfiles.includes(ruleId);
}

/**
 * The entries of a table keyed by fault id (rule id → what it switches off), typed by id.
 * `Object.entries` widens keys to string; the table's type already holds them to FaultId.
 */
export function faultEntries<V>(table: Readonly<Partial<Record<FaultId, V>>>): [FaultId, V][] {
  return Object.entries(table) as [FaultId, V][];
}
