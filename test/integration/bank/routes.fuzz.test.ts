/**
 * Property over EVERY route: each route of BANK_ROUTES, in a sandbox and in a
 * production bank, gets requests that start well-formed — signed by the real signer, with the
 * route's required headers, real ids in the path and a valid body, so they reach the deep stages
 * and the handlers — and then carry one mutation drawn by fast-check:
 *
 * - invalid UTF-8 in the body and in header values; JSON just under, at and over the 1 MiB limit;
 *   JSON nested 63, 64, 65 and 5000 levels (the bank's limit is 64, spec/limits.ts);
 * - a header sent twice (raw header arrays through undici);
 * - CR, LF, NUL and obs-fold in header values, written on a raw `node:net` socket so they reach
 *   the server's HTTP parser;
 * - path traversal and odd encodings in path parameters, ids far too long;
 * - numbers past int32, 1e308, -0, NaN text in query parameters and JSON bodies; amounts past the
 *   currency's precision;
 * - signatures that are almost right (one character flipped, the Digest of another body, a signed
 *   header left out of `headers`, wrong keyId serial or issuer, another algorithm name, Date
 * changed
 *   after signing, extra whitespace, …);
 * - the route's header groups (§4.1): a required header left out, an optional one added with a
 *   well-formed or a tricky value.
 * Before the random draws every route also gets each value of the short lists (path values,
 * limit/offset numbers, body mutations) once, as fast-check `examples`, so none goes untried on a
 * route by chance. Each case meets the state right after setup (restored after any case that may
 * change it), so a seed replays exactly.
 *
 * Property: every answer is a success (2xx/3xx: JSON, or HTML/CSS for the SCA pages) or a
 * well-formed error — a tppMessages body valid against ErrorResponseSchema, or, on the SCA page
 * routes only, the HTML error page (docs/sca.md "Guards of the pages") — never ≥ 500, never
 * without an answer within 10 s. Where the spec fixes the outcome the mutation is also judged on
 * its own (e.g. a body over 1 MiB is 413, an almost-right signature is never accepted).
 *
 * Defined outcomes of the raw-socket header injections: the bank's adapter (http.ts) answers
 * every request Node's HTTP parser refuses with a tppMessages body (`clientError`: 400, or 431
 * for a request head over 16 KiB, e.g. a 20,000-character id), and every request the parser
 * accepts goes through the pipeline, so an HTTP answer is REQUIRED; a connection closed without
 * one is a failure (none was seen: bare CR, bare LF, NUL, control characters and obs-fold are all
 * refused by the parser with 400). A CR LF inside a value is a line break on the wire:
 * the server sees two header lines (e.g. a duplicate X-Request-ID) — that request is judged like
 * any other. Only the first answer on the connection is judged (the test sends Connection: close).
 *
 * Seeded (SEED, or BANK_FUZZ_SEED in the environment; route i uses SEED + i, + 1000 in
 * production) and bounded (the examples plus RUNS random cases per route and mode; about 8,000
 * cases, ~15 s on an idle machine). Printed: cases per route and mode (with the well-formed
 * baseline's status and the successes), per mutation with its statuses, the pipeline stage where
 * each mutation kind ended (request log), and the status histogram.
 *
 * The parts are in fuzz/: the banks and the ids made in them (bank-setup), the well-formed request
 * per route (well-formed), the mutations (mutations; applied in mutated-request, with
 * signature-tampering and json-edits), sending (send), judging (judge) and the counts (tally).
 */
import fc from 'fast-check';
import { request as undiciRequest } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAGE_NAMES, type RouteDefinition } from '../../../main/core/bank/index.js';
import { BANK_ROUTES } from '../../../main/core/bank/handlers/routes.js';
import { createPki } from '../../unit/bank/fixtures.js';
import { setUpBank, TIMEOUT_MS, type BankUnderTest } from './fuzz/bank-setup.js';
import { describeCase, expectationFailure, violation } from './fuzz/judge.js';
import { buildMutatedRequest, type SigningKeys } from './fuzz/mutated-request.js';
import { examplesFor, mutationArbitrary, type Mutation } from './fuzz/mutations.js';
import { send } from './fuzz/send.js';
import { Tally } from './fuzz/tally.js';

const SEED = Number(process.env.BANK_FUZZ_SEED ?? 20_261_121);
/** Fuzzed cases per route and mode (plus one well-formed baseline each). */
const RUNS = Number(process.env.BANK_FUZZ_RUNS ?? 40);
/** Every route and mode must have had at least this many cases. */
const MIN_CASES = RUNS;

/**
 * GET routes that change the state (GET /v1/user without SCA starts an authorisation; an SCA page
 * may bind a browser). After these and every non-GET case the setup state is restored, so each
 * case meets the same bank and a seed replays exactly.
 */
const GET_THAT_CHANGES_STATE = new Set(['getUser', 'scaPage']);

const ROUTES = BANK_ROUTES;
const banks: BankUnderTest[] = [];
/** The TPP's seal, and one with the same key from another CA: it verifies, the CA is not trusted.
 * */
let keys: SigningKeys;
const tally = new Tally();

beforeAll(async () => {
  const pki = await createPki();
  keys = { pki, untrustedSeal: await pki.issueSeal({ ca: await pki.otherCa() }) };
  banks.push(await setUpBank('sandbox', pki), await setUpBank('production', pki));
  for (const { bank } of banks) bank.requestLog.subscribe((record) => tally.recordLogged(record));
}, 60_000);

afterAll(async () => {
  for (const { client, bank } of banks) {
    await client.close();
    await bank.close();
  }
});

async function runCase(route: RouteDefinition, target: BankUnderTest, m: Mutation) {
  const n = tally.nextCase();
  const built = buildMutatedRequest(route, target, m, n, keys);
  tally.sending(m.kind);
  const outcome = await send(target, built.wire);
  tally.count(`${target.mode} ${route.method} ${route.path}`, m.kind, built.label, outcome);
  if (route.method !== 'GET' || GET_THAT_CHANGES_STATE.has(route.operationId))
    target.bank.importSnapshot(target.snapshot);
  return { built, outcome };
}

describe(`every route, both modes, mutated requests (seed ${SEED}, ${RUNS} cases per route and mode)`, () => {
  it('answers a success or a well-formed error, never ≥ 500, never hangs', async () => {
    const started = performance.now();
    console.log(
      `routes.fuzz: seed ${SEED} (route i uses seed ${SEED} + i), ${RUNS} runs per route and mode`,
    );
    for (const target of banks)
      for (const [index, route] of ROUTES.entries()) {
        const key = `${target.mode} ${route.method} ${route.path}`;
        // The well-formed request first: it must reach the handler.
        const first = await runCase(route, target, { kind: 'none' });
        tally.baseline.set(
          key,
          first.outcome.kind === 'answer' ? first.outcome.status : first.outcome.kind,
        );
        const problem = violation(route, first.built, first.outcome);
        expect(problem, describeCase(route, target, first.built, { kind: 'none' })).toBeUndefined();
        const examples = examplesFor(route, target.mode);
        await fc.assert(
          fc.asyncProperty(mutationArbitrary, async (m) => {
            const { built, outcome } = await runCase(route, target, m);
            const failure = violation(route, built, outcome) ?? expectationFailure(built, outcome);
            if (failure) throw new Error(`${failure}\n${describeCase(route, target, built, m)}`);
          }),
          {
            seed: SEED + index + (target.mode === 'production' ? 1000 : 0),
            numRuns: examples.length + RUNS,
            examples: examples.map((m) => [m] as [Mutation]),
            endOnFailure: true,
          },
        );
      }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    tally.print(seconds);

    // Coverage: every route in both modes, every mutation kind, and the handlers were reached.
    for (const target of banks)
      for (const route of ROUTES) {
        const key = `${target.mode} ${route.method} ${route.path}`;
        expect(tally.perRoute.get(key) ?? 0, key).toBeGreaterThanOrEqual(MIN_CASES);
        const status = tally.baseline.get(key);
        if (route.modes.includes(target.mode))
          expect(status, `the well-formed ${key} reaches its handler`).toSatisfy(
            (s: unknown) => typeof s === 'number' && s >= 200 && s < 400,
          );
        else
          expect(status, `${key} is not served in ${target.mode} mode`).toSatisfy(
            (s: unknown) => s === 404 || s === 405,
          );
      }
    for (const kind of [
      'none',
      'body-invalid-utf8',
      'header-invalid-utf8',
      'huge-json',
      'deep-json',
      'duplicate-header',
      'header-injection',
      'path-parameter',
      'query-number',
      'body-number',
      'amount',
      'header-group',
      'signature',
    ])
      expect(tally.perMutationKind.get(kind) ?? 0, kind).toBeGreaterThan(50);

    // Every pipeline stage refused some case, and handlers both answered and refused.
    const ended = tally.stagesEnded();
    for (const stage of STAGE_NAMES.filter((name) => name !== 'handler'))
      expect(ended, `a case the ${stage} stage refused`).toContain(`${stage} refused`);
    expect(ended).toContain('handler ok');
    expect(ended).toContain('handler refused');

    // And the bank still serves.
    for (const { listener } of banks) {
      const alive = await undiciRequest(`${listener.url}/openapi.json`, {
        headersTimeout: TIMEOUT_MS,
        bodyTimeout: TIMEOUT_MS,
      });
      expect(alive.statusCode).toBe(200);
      expect(alive.headers['content-type']).toMatch(/^application\/json/);
      await alive.body.json();
    }
  }, 300_000);
});
