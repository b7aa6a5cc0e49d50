/**
 * The run's every-answer observer (main/core/runner/engine/answer-observer.ts): a rule that holds
 * for every answer (the Date header's form, the payload date-time form, a signed answer's
 * signature, the §7 error body and the status of each error code) or every redirect after SCA (its tpp-session-id) is judged on all the answers the selected checks get, so a faulty bank is FAILed on
 * it even when the rule's own check is not in the run; and a conformant bank gets no such FAIL.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CHECKS } from '../../../suites/index';
import type { BankMode, Check } from '../../../main/core/runner/check-api/index';
import { runChecks } from '../../../main/core/runner/index';
import {
  createTppIdentity,
  embeddedTarget,
  type TppIdentity,
} from '../../../main/core/runner/targets/embedded-target';
import { EVERY_ANSWER_AREA } from '../../../main/core/runner/engine/answer-observer';
import '../../../main/core/bank/index';

let identity: TppIdentity;
beforeAll(async () => {
  identity = await createTppIdentity();
});

const byId = (ids: readonly string[]): Check[] =>
  ids.map((id) => {
    const check = CHECKS.find((c) => c.id === id);
    if (!check) throw new Error(`no check ${id}`);
    return check;
  });

/**
 * Runs `checks` against the embedded bank with `faults` on. `signAll`: every check's bank signs
 * its answers (§5.2.7), not only the checks that need signed responses.
 */
async function run(
  checks: readonly Check[],
  options: { mode?: BankMode; faults?: string[]; signAll?: boolean } = {},
) {
  const target = embeddedTarget({
    mode: options.mode ?? 'sandbox',
    identity,
    faultProfiles: options.faults ?? [],
  });
  return runChecks({
    checks,
    target: target.info,
    concurrency: 2,
    logger: { error: () => {} },
    createEnvironment: (check, signal) =>
      target.createEnvironment(signal, options.signAll ? { needs: ['signed-responses'] } : check),
  });
}

/** The observer's FAILs of `rule`. */
const observed = (result: Awaited<ReturnType<typeof run>>, rule: string) =>
  result.checks.filter((r) => r.area === EVERY_ANSWER_AREA && r.rules.includes(rule));

/** Each fault, a selection without the rule's own check, and what the FAIL names. */
const CASES: {
  rule: string;
  ownCheck: string;
  selection: string[];
  signAll?: boolean;
  names: RegExp;
}[] = [
  {
    rule: 'GEN-RESPONSE-DATE-HEADER-RFC-7231',
    ownCheck: 'GEN-RESPONSE-DATE-IMF-FIXDATE',
    selection: ['GEN-LINKS-ARE-LINKS', 'GEN-PAYLOAD-DATES-ISO-8601'],
    names: /Date "\d{4}-\d{2}-\d{2}T[^"]*Z" is not an IMF-fixdate/,
  },
  {
    rule: 'GEN-PAYLOAD-DATE-TIME-FORM',
    ownCheck: 'GEN-PAYLOAD-DATE-TIMES-SPEC-FORM',
    selection: ['CORP-BOTH-IDS-ACCEPTED'],
    names: /GET \S+\/v1\/user .*scaValidUntil "[^"]*Z" is not YYYY-MM-DDThh:mm:ss\+00:00/,
  },
  {
    rule: 'SCA-REDIRECT-TPP-SESSION-ID',
    ownCheck: 'SCA-TPP-SESSION-ID-ECHOED',
    selection: ['CORP-BOTH-IDS-ACCEPTED'],
    names:
      /carries tpp-session-id \(missing\), not the TPP-Session-ID "[0-9a-f-]{36}" that started it/,
  },
  {
    rule: 'SIGN-RESPONSE-SIGNATURE',
    ownCheck: 'SIGN-RESPONSE-SIGNATURE-VERIFIES',
    selection: ['GEN-LINKS-ARE-LINKS'],
    signAll: true,
    names: /the response signature is invalid/,
  },
  {
    rule: 'ERR-BODY-SHAPE',
    ownCheck: 'ERR-BODY-IS-TPP-MESSAGES',
    selection: ['HDR-X-REQUEST-ID-UUID-CHECKED'],
    names: /the 400 answer's body is not \{ "tppMessages": .* with a §7\.2 code/,
  },
  {
    rule: 'ERR-STATUS-404',
    ownCheck: 'ERR-BODY-IS-TPP-MESSAGES',
    selection: ['SBX-INIT-REMOVES-CREATED'],
    names: /RESOURCE_UNKNOWN is answered with 400, not 404/,
  },
  {
    rule: 'ERR-STATUS-429',
    ownCheck: 'ERR-429-ACCESS-EXCEEDED',
    selection: ['LIMIT-NO-PSU-IP-FOUR-A-DAY'],
    names: /ACCESS_EXCEEDED is answered with 403, not 429/,
  },
];

describe('a fault of a rule every answer meets is FAILed without its own check', () => {
  it.each(CASES)(
    '$rule',
    async ({ rule, ownCheck, selection, signAll, names }) => {
      expect(selection).not.toContain(ownCheck);
      const checks = byId(selection);
      const result = await run(checks, { faults: [rule], ...(signAll ? { signAll } : {}) });
      const [failure, ...more] = observed(result, rule);
      expect(more).toEqual([]);
      expect(failure?.status, JSON.stringify(result.counts)).toBe('FAIL');
      expect(failure!.failure!.message).toMatch(names);
      // The offending exchange is the evidence the FAIL points at.
      const exchange = failure!.evidence.find((item) => item.kind === 'exchange');
      expect(exchange?.kind === 'exchange' && exchange.exchange.id).toBe(
        failure!.failure!.exchangeId,
      );
      // A re-run of failed checks runs the checks whose answers broke the rule.
      expect(failure!.observedIn?.length).toBeGreaterThan(0);
      for (const id of failure!.observedIn ?? []) expect(selection).toContain(id);
      expect(result.counts.FAIL).toBeGreaterThanOrEqual(1);
      expect(result.checks).toHaveLength(checks.length + 1);
    },
    120_000,
  );
});

describe('a conformant bank gets no FAIL from the observer', () => {
  // Checks that read and write many kinds of answer: errors, consents, payments, the user after
  // SCA, sandbox data, and (with every answer signed) their signatures.
  const broad = CHECKS.filter((c) => ['general', 'sca-sessions', 'payments'].includes(c.area));
  it.each(['sandbox', 'production'] as const)(
    '%s, every answer signed',
    async (mode) => {
      const checks = broad.filter((c) => !c.modes || c.modes.includes(mode));
      const result = await run(checks, { mode, signAll: true });
      expect(
        result.checks
          .filter((r) => r.area === EVERY_ANSWER_AREA)
          .map((r) => `${r.checkId}: ${r.failure?.message}`),
      ).toEqual([]);
      expect(result.checks).toHaveLength(checks.length);
    },
    600_000,
  );
});
