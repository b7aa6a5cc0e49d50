/**
 * A saved request's assertions (assertions.ts) as a Bruno `assert` block, which `bru run` and
 * Bruno judge, and read back from exactly those entries on import: `res.status: eq 201`, a class
 * as `res.status: gte 200` then `res.status: lte 299`, `res.body.consentStatus: eq "received"`,
 * `res.body.consentId: isDefined`. A block with any other entry is left out as before, with a
 * note. Pure.
 */
import { javascriptPath, parsedAssertion, type RequestAssertion } from './assertions.js';

/** One entry of a Bruno `assert` block as `@usebruno/lang` reads and writes it. */
export interface BruAssertion {
  name: string;
  value: string;
  enabled: boolean;
}

/** `res.body` followed by the path's steps, as Bruno's expression. */
function bodyExpression(path: string): string {
  return javascriptPath('res.body', path);
}

/** The `assert` entries of one assertion. */
function entries(assertion: RequestAssertion): BruAssertion[] {
  const entry = (name: string, value: string) => ({ name, value, enabled: true });
  if (assertion.kind === 'status') {
    const digit = assertion.expected[0]!;
    return /xx$/.test(assertion.expected)
      ? [entry('res.status', `gte ${digit}00`), entry('res.status', `lte ${digit}99`)]
      : [entry('res.status', `eq ${assertion.expected}`)];
  }
  if (assertion.op === 'exists') return [entry(bodyExpression(assertion.path), 'isDefined')];
  return [entry(bodyExpression(assertion.path), `eq ${JSON.stringify(assertion.value)}`)];
}

export function brunoAssertions(assertions: readonly RequestAssertion[] | undefined) {
  return (assertions ?? []).flatMap(entries);
}

const same = (a: BruAssertion[], b: BruAssertion[]) =>
  a.length === b.length && a.every((x, i) => x.name === b[i]!.name && x.value === b[i]!.value);

/** The JSON path a `res.body…` expression written by bodyExpression stands for. */
function pathOf(expression: string): string | undefined {
  return expression.startsWith('res.body') ? `$${expression.slice('res.body'.length)}` : undefined;
}

/** The assertion the entries at `at` write, and how many entries it takes; undefined if none. */
function assertionAt(list: BruAssertion[], at: number): [RequestAssertion, number] | undefined {
  const first = list[at]!;
  const candidates: string[] = [];
  const status = /^(?:eq|gte) ([1-5])(\d\d)$/.exec(first.value);
  if (first.name === 'res.status' && status)
    candidates.push(`status ${status[1]}${status[2]}`, `status ${status[1]}xx`);
  const path = pathOf(first.name);
  if (path !== undefined) {
    if (first.value === 'isDefined') candidates.push(`${path} exists`);
    else if (first.value.startsWith('eq ')) candidates.push(`${path} == ${first.value.slice(3)}`);
  }
  for (const words of candidates) {
    let assertion: RequestAssertion;
    try {
      assertion = parsedAssertion(words);
    } catch {
      continue;
    }
    // Taken only when it writes back exactly these entries.
    const written = entries(assertion);
    if (same(written, list.slice(at, at + written.length))) return [assertion, written.length];
  }
  return undefined;
}

/** An `assert` block as assertions when each enabled entry is one a workbench export writes. */
export function assertionsOfBruno(
  list: readonly unknown[] | undefined,
): RequestAssertion[] | undefined {
  const all = (list ?? []) as BruAssertion[];
  if (all.length === 0 || all.some((a) => !a.enabled)) return undefined;
  const found: RequestAssertion[] = [];
  for (let at = 0; at < all.length;) {
    const read = assertionAt(all, at);
    if (!read) return undefined;
    found.push(read[0]);
    at += read[1];
  }
  return found;
}
