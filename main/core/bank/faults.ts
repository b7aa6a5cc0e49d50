/**
 * Fault profiles (issue "Conformance suites" §5): the embedded bank can be told to break named
 * rules of the catalogue (suites/rules) — answer with the wrong status, leave out a link, accept
 * an over-long field. TPP teams use them to see how their client copes with a non-conformant bank;
 * the project uses them to prove that every check can fail.
 *
 * A profile is a rule id. The code enforcing a rule asks `faultActive(ctx, 'RULE-ID')` and, when
 * it is active, does the documented wrong thing instead. Every fault a bank module honours is
 * listed in FAULTS with what it does, so the console and the reports can show it.
 */
import type { RequestContext } from './types.js';

export interface FaultDescription {
  /** The catalogue rule the fault breaks. */
  ruleId: string;
  /** What the bank does instead. */
  effect: string;
}

const registry = new Map<string, FaultDescription>();

/** Called by each bank module for the faults it honours (once, at module load). */
export function declareFaults(faults: readonly FaultDescription[]): void {
  for (const fault of faults) registry.set(fault.ruleId, fault);
}

/** Every fault the bank can be put into, by rule id. */
export function knownFaults(): FaultDescription[] {
  return [...registry.values()].sort((a, b) => a.ruleId.localeCompare(b.ruleId));
}

export function faultActive(ctx: Pick<RequestContext, 'faults'>, ruleId: string): boolean {
  return ctx.faults.has(ruleId);
}
