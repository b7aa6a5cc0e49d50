/**
 * "Every exchange of a full suite run matches" /openapi.json (issue "Reports, evidence and a CLI"
 * item 5): the sandbox and production suites run against the embedded bank in-process, and every
 * exchange their checks recorded is matched against the document the bank of that mode serves
 * (openapi-match.ts says what matching means, unknown paths and methods included). The run's
 * checks must pass too: an exchange of a failed check proves nothing about the document.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CHECKS } from '../../../suites/index';
import { runChecks } from '../../../main/core/runner/index';
import {
  createTppIdentity,
  embeddedTarget,
  type TppIdentity,
} from '../../../main/core/runner/embedded-target';
import { createBank } from '../../../main/core/bank/index';
import type { OpenApiDocument } from '../../../main/core/bank/openapi';
import { BANK_ROUTES } from '../../../main/core/bank/routes';
import { BANK_MODES } from '../../../main/core/bank/types';
import { VirtualClock } from '../../../main/core/clock';
import { OpenApiMatcher, type MatchKind, type RecordedExchange } from './openapi-match';

let identity: TppIdentity;
beforeAll(async () => {
  identity = await createTppIdentity();
});

async function servedDocument(mode: (typeof BANK_MODES)[number]): Promise<OpenApiDocument> {
  const bank = createBank({ mode, clock: new VirtualClock() });
  const response = await bank.handle({
    method: 'GET',
    target: '/openapi.json',
    headers: {},
    body: Buffer.alloc(0),
  });
  return JSON.parse(response.body) as OpenApiDocument;
}

/** The bank's own meta routes (internal: /openapi.json, /health, SCA pages) are not in it. */
const INTERNAL = BANK_ROUTES.filter((route) => route.internal).map((route) => route.path);

describe('every exchange of a full suite run matches /openapi.json', () => {
  for (const mode of BANK_MODES)
    it(mode, { timeout: 240_000 }, async () => {
      const matcher = new OpenApiMatcher(await servedDocument(mode));
      const target = embeddedTarget({ mode, identity });
      const result = await runChecks({
        checks: CHECKS.filter((check) => !check.modes || check.modes.includes(mode)),
        target: target.info,
        createEnvironment: (_check, signal) => target.createEnvironment(signal),
      });
      const failed = result.checks.filter((check) => check.status === 'FAIL');
      expect(failed.map((check) => `${check.checkId}: ${check.failure?.message ?? ''}`)).toEqual(
        [],
      );

      const problems: string[] = [];
      const kinds: Record<MatchKind | 'internal', number> = {
        operation: 0,
        'method-not-allowed': 0,
        'unknown-path': 0,
        'bad-target': 0,
        internal: 0,
      };
      const operations = new Set<string>();
      for (const check of result.checks)
        for (const item of check.evidence) {
          if (item.kind !== 'exchange' || !item.exchange.response) continue;
          const { request, response } = item.exchange;
          if (
            INTERNAL.some((path) =>
              new URL(request.url).pathname.startsWith(path.replace(/\{.*$/, '')),
            )
          ) {
            kinds.internal += 1;
            continue;
          }
          const exchange: RecordedExchange = {
            method: request.method,
            url: request.url,
            status: response.status,
            headers: response.headers,
            body: response.body,
            ...(response.json !== undefined ? { json: response.json } : {}),
          };
          const match = matcher.match(exchange);
          kinds[match.kind] += 1;
          if (match.operation) operations.add(match.operation);
          problems.push(...match.problems.map((problem) => `${check.checkId}: ${problem}`));
        }
      const checked = Object.values(kinds).reduce((a, b) => a + b, 0) - kinds.internal;
      console.log(`${mode}: ${checked} exchanges checked`, kinds, `${operations.size} operations`);
      expect(problems).toEqual([]);
      expect(kinds.operation).toBeGreaterThan(100);
    });
});
