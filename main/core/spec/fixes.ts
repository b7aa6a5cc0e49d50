/**
 * §9.2 x-accept-fix: the opt-in catalogue, its default-from dates, and the rule that turns a header
 * value and the bank clock into the set of fixes active for one request. Pure.
 */

export interface FixDefinition {
  /** The value a TPP writes in x-accept-fix. */
  name: string;
  effect: string;
  /** Month the fix was published (§9.2 "Introduced"), YYYY-MM. */
  introduced: string;
  /** First day (UTC) on which the fix applies without being asked for (§9.2 "Default from"). */
  defaultFrom: string;
  note?: string;
}

export const FIXES = [
  {
    name: 'amount-as-string',
    effect: 'Amounts serialised as strings with correct decimals',
    introduced: '2019-11',
    defaultFrom: '2020-08-01',
    note: 'The header is still required on the endpoints that list it (§4.2.1, §4.2.2).',
  },
  {
    name: 'cardaccount-switch-originalamount-and-transactionamount',
    effect: 'Correct mapping of card transactionAmount and originalAmount',
    introduced: '2020-05',
    defaultFrom: '2024-09-05',
  },
  {
    name: 'longer-names',
    effect: 'Card account and account name up to 70 characters',
    introduced: '2020-06',
    defaultFrom: '2024-09-05',
  },
  {
    name: 'cash-account-type-iso',
    effect: 'cashAccountType follows ISO 20022 values',
    introduced: '2023-06',
    defaultFrom: '2024-09-05',
  },
] as const satisfies readonly FixDefinition[];

export type FixName = (typeof FIXES)[number]['name'];

export const FIX_NAMES: readonly FixName[] = FIXES.map((fix) => fix.name);

export function isFixName(value: unknown): value is FixName {
  return typeof value === 'string' && (FIX_NAMES as readonly string[]).includes(value);
}

/** Notice period after which a published fix becomes the default (§9.2). */
export const FIX_NOTICE_PERIOD_MONTHS = 3;

export interface UnknownFixError {
  kind: 'unknown-fix';
  /** The offending entry exactly as sent ('' for an empty list entry). */
  name: string;
  text: string;
}

export type ParsedAcceptFix =
  { ok: true; requested: FixName[] } | { ok: false; error: UnknownFixError };

/**
 * §9.2: several values separated by commas in one header. Whitespace around an entry is ignored;
 * names are case-sensitive as published; an empty entry or an unknown name is an error.
 */
export function parseAcceptFix(headerValue: string | undefined): ParsedAcceptFix {
  if (headerValue === undefined) return { ok: true, requested: [] };
  const requested: FixName[] = [];
  for (const raw of headerValue.split(',')) {
    const name = raw.trim();
    if (!isFixName(name)) {
      const text =
        name === ''
          ? `x-accept-fix has an empty entry in '${headerValue}'`
          : `x-accept-fix names an unknown fix '${name}'; known fixes: ${FIX_NAMES.join(', ')}`;
      return { ok: false, error: { kind: 'unknown-fix', name, text } };
    }
    if (!requested.includes(name)) requested.push(name);
  }
  return { ok: true, requested };
}

/** The instant a default-from day begins (UTC). */
const startOfDefaultDay = (fix: FixDefinition) => Date.parse(`${fix.defaultFrom}T00:00:00Z`);

/** True when `fix` applies by default at `now` (its default-from day has begun, UTC). */
export function isDefaultAt(fix: FixDefinition, now: Date): boolean {
  return now.getTime() >= startOfDefaultDay(fix);
}

/**
 * The catalogue with each default-from day read once: the days are constants, so a request only
 * compares its bank-clock reading with them (the clock is read per request, never cached).
 */
const DEFAULT_FROM_MS = FIXES.map((fix) => ({ name: fix.name, from: startOfDefaultDay(fix) }));

export type ActiveFixesResult =
  | { ok: true; active: ReadonlySet<FixName>; requested: readonly FixName[] }
  | { ok: false; error: UnknownFixError };

/**
 * Results given, by x-accept-fix value and then by which fixes are already default
 * (all `now` changes): a TPP sends the same value on every request, and nothing changes a result
 * once given. Bounded: a value seen once is forgotten with the rest when the map is full.
 */
const resultsByValue = new Map<string, Map<number, ActiveFixesResult>>();
const withoutHeader = new Map<number, ActiveFixesResult>();
const VALUES_KEPT = 256;
function resultsOf(value: string): Map<number, ActiveFixesResult> {
  let results = resultsByValue.get(value);
  if (results === undefined) {
    if (resultsByValue.size >= VALUES_KEPT) resultsByValue.clear();
    results = new Map();
    resultsByValue.set(value, results);
  }
  return results;
}

/** The fixes already default at `now`, one bit each in catalogue order. */
function defaultDaysAt(now: Date): number {
  const at = now.getTime();
  let days = 0;
  for (let index = 0; index < DEFAULT_FROM_MS.length; index += 1)
    if (at >= DEFAULT_FROM_MS[index]!.from) days |= 1 << index;
  return days;
}

/** The fixes active for one request: those asked for plus those already default on `now`. */
export function activeFixes(headerValue: string | undefined, now: Date): ActiveFixesResult {
  const days = defaultDaysAt(now);
  const results = headerValue === undefined ? withoutHeader : resultsOf(headerValue);
  let result = results.get(days);
  if (result === undefined) {
    result = fixesFor(headerValue, now);
    results.set(days, result);
  }
  return result;
}

function fixesFor(headerValue: string | undefined, now: Date): ActiveFixesResult {
  const parsed = parseAcceptFix(headerValue);
  if (!parsed.ok) return parsed;
  const active = new Set<FixName>(parsed.requested);
  const at = now.getTime();
  for (const fix of DEFAULT_FROM_MS) if (at >= fix.from) active.add(fix.name);
  return { ok: true, active, requested: parsed.requested };
}

/**
 * §9.3: the dedicated transaction details endpoint is the default behaviour from this day (UTC,
 * bank clock); from then some items move from the transaction list to the details response.
 */
export const TRANSACTION_DETAILS_DEFAULT_FROM = '2024-08-15';
