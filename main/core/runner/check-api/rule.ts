/**
 * The shape of the rule catalogue: every normative statement of the interface spec and of
 * decisions.md, one rule each, with a stable id that checks name in `rules`.
 */
import type { RuleId } from '../../../shared/rule-ids.js';

/** The areas the catalogue is split into, one file per area (suites/<area>/rules.ts). */
export const RULE_AREAS = [
  'general',
  'signing',
  'headers',
  'errors',
  'sca-sessions',
  'consent',
  'corporate',
  'card-transactions',
  'account-transactions',
  'payments',
  'baskets',
  'limits',
  'fixes',
  'sandbox-management',
] as const;
export type RuleArea = (typeof RULE_AREAS)[number];

/**
 * What a target must offer before a rule can be observed:
 * - `sandbox-api`: the `/v1/sandbox/` management operations, to set up data;
 * - `psu-agent`: automation of the PSU's side of the SCA redirect (login, consent screen);
 * - `clock-control`: a way to move the target's clock (the embedded bank's virtual clock), for
 *   rules about hours and days (SCA hour, 90/180-day consent rules, batch runs);
 * - `signed-responses`: answers the bank signs (§5.2.7). The embedded bank signs them, with a
 *   certificate the client trusts, for the checks that need it; a bank by URL that signs nothing
 *   makes such a check SKIP itself.
 * - `https`: the target reached over TLS (§5.1). The embedded bank serves a check that needs it
 *   over HTTPS; a bank by an http:// URL makes such a check SKIP.
 */
export const RULE_NEEDS = [
  'sandbox-api',
  'psu-agent',
  'clock-control',
  'signed-responses',
  'https',
] as const;
export type RuleNeed = (typeof RULE_NEEDS)[number];

/**
 * Where a rule is stated: `§<heading number>` optionally followed by `(<numbered item>)`, e.g.
 * `§4.2.3`, `§5.2(3)`; or `decisions.md` / `decisions.md#<heading text>`.
 */
export type SpecReference = `§${string}` | 'decisions.md' | `decisions.md#${string}`;

interface RuleCommon {
  /** Stable, readable id: upper-case words joined by hyphens, e.g. `SIGN-KEYID-FORMAT`. */
  id: RuleId;
  /** The section that states the rule (the most specific one). */
  section: SpecReference;
  /** Other places that repeat or refine the same statement. */
  seeAlso?: readonly SpecReference[];
  /** The statement, in one line, in the spec's words. */
  statement: string;
  area: RuleArea;
  /** Capabilities a target needs before the rule can be observed (testable rules only). */
  needs?: readonly RuleNeed[];
  /** How the workbench reads an ambiguous statement, or what a check has to watch for. */
  note?: string;
}

export interface TestableRule extends RuleCommon {
  testable: true;
}

export interface UntestableRule extends RuleCommon {
  testable: false;
  /** Why no check over the API can observe the rule. */
  reason: string;
}

export type Rule = TestableRule | UntestableRule;

/** A rule as written in an area file: the area is stamped by `rulesOf`. */
export type RuleEntry = Omit<TestableRule, 'area'> | Omit<UntestableRule, 'area'>;

/** Stamps the area onto an area file's entries, so a rule cannot land in the wrong area. */
export function rulesOf(area: RuleArea, entries: readonly RuleEntry[]): readonly Rule[] {
  return entries.map((entry) => ({ ...entry, area }) as Rule);
}

export const RULE_ID_PATTERN = /^[A-Z0-9]+(-[A-Z0-9]+)+$/;

/** `§5.2(3)` → `{ section: '5.2', item: 3 }`; `decisions.md#Errors` → `{ heading: 'Errors' }`. */
export type ParsedReference =
  | { document: 'spec'; section: string; item?: number }
  | { document: 'decisions'; heading?: string };

const SPEC_REFERENCE = /^§(\d+(?:\.\d+){0,2})(?:\((\d+)\))?$/;

export function parseReference(reference: string): ParsedReference | undefined {
  const spec = SPEC_REFERENCE.exec(reference);
  if (spec) {
    const [, section = '', item] = spec;
    return item === undefined
      ? { document: 'spec', section }
      : { document: 'spec', section, item: Number(item) };
  }
  if (reference === 'decisions.md') return { document: 'decisions' };
  if (reference.startsWith('decisions.md#')) {
    const heading = reference.slice('decisions.md#'.length);
    return heading === '' ? undefined : { document: 'decisions', heading };
  }
  return undefined;
}
