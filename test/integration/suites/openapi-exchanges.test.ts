/**
 * "Every exchange of a full suite run matches" /openapi.json: the sandbox and production suites run
 * against the embedded bank in-process, and every
 * exchange their checks recorded is matched against the document the bank of that mode serves
 * (openapi-match.ts says what matching means, unknown paths and methods included). The run's
 * checks must pass too: an exchange of a failed check proves nothing about the document.
 */
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKS } from '../../../suites/index';
import { runChecks } from '../../../main/core/runner/index';
import {
  createTppIdentity,
  embeddedTarget,
  type TppIdentity,
} from '../../../main/core/runner/targets/embedded-target';
import { createBank } from '../../../main/core/bank/index';
import type { OpenApiDocument } from '../../../main/core/bank/openapi/document';
import { BANK_ROUTES } from '../../../main/core/bank/handlers/routes';
import { BANK_MODES } from '../../../main/shared/mode';
import { VirtualClock } from '../../../main/core/clock';
import { OpenApiMatcher, type MatchKind, type RecordedExchange } from './openapi-match';
import { ExampleCollector } from './openapi-example-collector';
import { exampleTour } from './openapi-example-tour';
import type { EvidenceExchange } from '../../../main/core/runner/check-api/index';

/**
 * `UPDATE_OPENAPI_EXAMPLES=1 npx vitest run test/integration/suites/openapi-exchanges.test.ts`
 * rewrites main/core/bank/openapi/examples.ts from the exchanges of this run (the examples of
 * /openapi.json: the sandbox data as the suites meet it). openapi-examples.test.ts then checks
 * each against its schema and that every operation has one.
 */
const collector = process.env.UPDATE_OPENAPI_EXAMPLES === '1' ? new ExampleCollector() : undefined;
afterAll(() => {
  if (collector)
    writeFileSync(
      new URL('../../../main/core/bank/openapi/examples.ts', import.meta.url),
      collector.source(),
    );
});

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
      // The suites' exchanges, then the reads they leave out (openapi-example-tour.ts).
      const recorded: { source: string; exchange: EvidenceExchange }[] = [];
      for (const check of result.checks)
        for (const item of check.evidence)
          if (item.kind === 'exchange' && check.status !== 'FAIL')
            recorded.push({ source: check.checkId, exchange: item.exchange });
      const environment = await target.createEnvironment(new AbortController().signal);
      try {
        for (const exchange of await exampleTour(environment.client, environment.psu))
          recorded.push({ source: 'example tour', exchange });
      } finally {
        await environment.dispose?.();
      }
      for (const { source, exchange: recordedExchange } of recorded) {
        const { request, response } = recordedExchange;
        if (!response) continue;
        const pathname = new URL(request.url).pathname;
        if (INTERNAL.some((path) => pathname.startsWith(path.replace(/\{.*$/, '')))) {
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
        if (match.operation && match.problems.length === 0)
          collector?.add(match.operation, request.body, exchange);
        problems.push(...match.problems.map((problem) => `${source}: ${problem}`));
      }
      const checked = Object.values(kinds).reduce((a, b) => a + b, 0) - kinds.internal;
      console.log(`${mode}: ${checked} exchanges checked`, kinds, `${operations.size} operations`);
      expect(problems).toEqual([]);
      expect(kinds.operation).toBeGreaterThan(100);
    });
});
