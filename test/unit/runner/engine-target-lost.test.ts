/**
 * A run whose target is known unreachable stops starting checks: the rest are INCONCLUSIVE with
 * that one reason at once, instead of each meeting the same failure (engine/run.ts targetLost).
 */
import { describe, expect, it } from 'vitest';
import { runChecks, RUN_CANCELLED, TARGET_LOST } from '../../../main/core/runner/engine/run';
import { couldNotTestReason } from '../../../main/core/runner/engine/could-not-test';
import type { EvidenceExchange } from '../../../main/shared/exchange';
import type { CheckResult } from '../../../main/shared/run-result';
import { check, environment, fakeClient, fakeExchange, runOptions } from './fakes';

const REFUSED = 'nothing is listening at http://127.0.0.1:9999 (ECONNREFUSED: connect refused)';

function unanswered(path: string): EvidenceExchange {
  const { response: _none, ...exchange } = fakeExchange({ path });
  return { ...exchange, transportError: REFUSED };
}

const requesting = (id: string) =>
  check(id, async (ctx) =>
    ctx.expect.status(await ctx.client.send({ method: 'GET', path: '/v1/accounts' }), 200),
  );
const ids = ['A', 'B', 'C', 'D', 'E'];
const lostOn = (result: CheckResult) =>
  result.status === 'INCONCLUSIVE' ? result.couldNotTest?.transportError : undefined;

describe('a run that loses its target', () => {
  it('starts no check after the first that found the target unreachable', async () => {
    const started: string[] = [];
    const result = await runChecks(
      runOptions(ids.map(requesting), {
        concurrency: 1,
        createEnvironment: (c) => {
          started.push(c.id);
          return environment({ client: fakeClient((request) => unanswered(request.path)) });
        },
        targetLost: lostOn,
      }),
    );
    expect(started).toEqual(['A']);
    expect(result.checks.map((c) => c.status)).toEqual(ids.map(() => 'INCONCLUSIVE'));
    expect(result.checks.slice(1).map((c) => c.couldNotTest)).toEqual(
      ids.slice(1).map(() => ({
        reason: `not run: ${TARGET_LOST}`,
        transportError: result.checks[0]!.couldNotTest!.transportError,
      })),
    );
    expect(couldNotTestReason(result)).toMatch(/^no request got an answer \(GET .*ECONNREFUSED/);
  });

  it('runs every check when no result says the target is lost', async () => {
    const started: string[] = [];
    const result = await runChecks(
      runOptions(ids.map(requesting), {
        concurrency: 2,
        createEnvironment: (c) => {
          started.push(c.id);
          return environment();
        },
        targetLost: lostOn,
      }),
    );
    expect(started).toEqual(ids);
    expect(result.checks.map((c) => c.status)).toEqual(ids.map(() => 'PASS'));
  });

  it('goes on as before when the judgement itself throws', async () => {
    const started: string[] = [];
    await runChecks(
      runOptions(ids.map(requesting), {
        concurrency: 1,
        createEnvironment: (c) => {
          started.push(c.id);
          return environment({ client: fakeClient((request) => unanswered(request.path)) });
        },
        targetLost: () => {
          throw new Error('judge broke');
        },
      }),
    );
    expect(started).toEqual(ids);
  });

  it('still reports the checks a cancelled run never started as SKIPPED', async () => {
    const cancel = new AbortController();
    const result = await runChecks(
      runOptions(ids.map(requesting), {
        concurrency: 1,
        signal: cancel.signal,
        createEnvironment: () => {
          cancel.abort();
          return environment({ client: fakeClient((request) => unanswered(request.path)) });
        },
        targetLost: lostOn,
      }),
    );
    expect(result.checks.slice(1).map((c) => c.skipReason)).toEqual(
      ids.slice(1).map(() => RUN_CANCELLED),
    );
  });
});
