/**
 * The runner service against a target profile, through the contract: the run plan runs the
 * checks against the bank the profile names; a profile that does not read is refused before a run
 * exists; a check waiting for manual SCA is an event and stays in the run summary until it
 * resumes.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServices, type Services } from '../../../main/api/services';
import type {
  CallOutcome,
  RunnerEvent,
  RunResult,
  RunSummaryView,
  TargetsView,
} from '../../../main/api/contract';
import { runCli } from '../../../main/hosts/cli/index';
import { renderHtmlReport } from '../../../main/core/runner/reporters/html';
import { renderJUnit } from '../../../main/core/runner/reporters/junit';
import type { CliIo } from '../../../main/hosts/cli/io';

const quiet: CliIo = { out: () => {}, err: () => {}, stopRequested: () => new Promise(() => {}) };

let dir: string;
let certs: string;
let services: Services;
let bankUrl: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'runner-profile-'));
  certs = join(dir, 'certs');
  expect(await runCli(['certs', 'create', '--out', certs], quiet)).toBe(0);
}, 60_000);
afterAll(() => rm(dir, { recursive: true, force: true }));
beforeEach(async () => {
  services = createServices({ kind: 'web', dataDir: await mkdtemp(join(dir, 'data-')) });
  // The app's own sandbox bank, reached by URL as any other bank: only the profile names it.
  const status = await services.banks.start('sandbox', {});
  bankUrl = status.url!;
});
afterEach(() => services.dispose());

async function ok<T>(outcome: Promise<CallOutcome>): Promise<T> {
  const result = await outcome;
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.result as T;
}

async function refusal(outcome: Promise<CallOutcome>): Promise<string> {
  const result = await outcome;
  if (result.ok) throw new Error('the call was accepted');
  expect(result.error.message).not.toMatch(/^runner\.start failed:/);
  return result.error.message;
}

async function addProfile(name: string, sca: object): Promise<{ id: string; path: string }> {
  const path = join(dir, `${name}-${Math.random().toString(36).slice(2)}.json`);
  await writeFile(
    path,
    JSON.stringify({
      profileVersion: 1,
      name,
      baseUrl: bankUrl,
      mode: 'sandbox',
      signing: { certificate: 'certs/qsealc.pem', key: 'certs/qsealc.key.pem' },
      sca,
    }),
  );
  const view = await ok<TargetsView>(services.dispatch('targets.addProfile', { path }));
  return { id: view.profiles.find((p) => p.path === path)!.id, path };
}

function finished(runId: string): Promise<RunSummaryView> {
  return new Promise((resolve) => {
    const off = services.events.subscribe((name, payload) => {
      if (name === 'runner.finished' && (payload as RunSummaryView).runId === runId) {
        off();
        resolve(payload as RunSummaryView);
      }
    });
  });
}

function runnerEvents(): RunnerEvent[] {
  const events: RunnerEvent[] = [];
  services.events.subscribe(
    (name, payload) => name === 'runner.event' && events.push(payload as RunnerEvent),
  );
  return events;
}

describe('runner service with a target profile', () => {
  it('runs the checks against the bank the profile names, SCA completed headless', async () => {
    const profile = await addProfile('Profile bank', { mode: 'headless' });
    const { runId } = await ok<{ runId: string }>(
      services.dispatch('runner.start', {
        target: profile.id,
        selection: { checkIds: ['SIGN-ACCEPTS-VALID', 'CONSENT-GRANTED-DURING-SCA'] },
      }),
    );
    const done = await finished(runId);
    expect(done).toMatchObject({
      targetId: profile.id,
      target: 'Profile bank',
      mode: 'sandbox',
      finished: true,
      counts: { PASS: 2, FAIL: 0 },
      waiting: [],
    });
    const result = await ok<RunResult>(services.dispatch('runner.result', { runId }));
    expect(result.target).toMatchObject({ baseUrl: bankUrl, name: 'Profile bank' });
    const exchanges = result.checks.flatMap((c) =>
      c.evidence.flatMap((e) => (e.kind === 'exchange' ? [e.exchange.request.url] : [])),
    );
    expect(exchanges.length).toBeGreaterThan(0);
    expect(exchanges.every((url) => url.startsWith(bankUrl))).toBe(true);
  }, 60_000);

  it("names the target's active environment in the run's summary, metadata and reports", async () => {
    const profile = await addProfile('Env bank', { mode: 'headless' });
    await ok(
      services.dispatch('workspace.saveVariables', {
        targetId: profile.id,
        variables: { active: 'customer B', environments: { default: {}, 'customer B': {} } },
      }),
    );
    const { runId } = await ok<{ runId: string }>(
      services.dispatch('runner.start', {
        target: profile.id,
        selection: { checkIds: ['SIGN-ACCEPTS-VALID'] },
      }),
    );
    expect((await finished(runId)).environment).toBe('customer B');
    const result = await ok<RunResult>(services.dispatch('runner.result', { runId }));
    expect(result.meta?.target.environment).toBe('customer B');
    expect(renderHtmlReport(result)).toContain('<dt>Environment</dt><dd>customer B</dd>');
    expect(renderJUnit(result)).toContain('name="environment" value="customer B"');

    // A target whose variables were never saved runs in `default`.
    const other = await ok<{ runId: string }>(
      services.dispatch('runner.start', {
        target: 'embedded-sandbox',
        selection: { checkIds: ['SIGN-ACCEPTS-VALID'] },
      }),
    );
    expect((await finished(other.runId)).environment).toBe('default');
  }, 60_000);

  it('refuses a profile that is unknown, does not read, or comes with fault profiles', async () => {
    const start = (target: string, extra: object = {}) =>
      refusal(
        services.dispatch('runner.start', {
          target,
          selection: { checkIds: ['SIGN-ACCEPTS-VALID'] },
          ...extra,
        }),
      );
    expect(await start('profile-unknown')).toContain("no target profile 'profile-unknown'");
    const profile = await addProfile('Broken later', { mode: 'none' });
    expect(await start(profile.id, { faultProfiles: ['SIGN-INVALID-400'] })).toContain(
      'embedded banks only',
    );
    // The file changes after it was added: the run reads it now and names file and JSON path.
    await writeFile(
      profile.path,
      JSON.stringify({
        profileVersion: 1,
        baseUrl: bankUrl,
        mode: 'sandbox',
        signing: { certificate: 'certs/qsealc.pem', key: 'certs/gone.key.pem' },
      }),
    );
    const message = await start(profile.id);
    expect(message).toContain(profile.path);
    expect(message).toContain("/signing/key: cannot read 'certs/gone.key.pem'");
    expect(await ok<RunSummaryView[]>(services.dispatch('runner.list', {}))).toEqual([]);
  });

  it('tells of a check waiting for manual SCA, keeps it in the summary, and clears it', async () => {
    const profile = await addProfile('Manual bank', { mode: 'manual', timeoutSeconds: 60 });
    const events = runnerEvents();
    const waited = new Promise<void>((resolve) => {
      const off = services.events.subscribe((name, payload) => {
        if (name === 'runner.event' && (payload as RunnerEvent).event.type === 'check:waiting') {
          off();
          resolve();
        }
      });
    });
    const { runId } = await ok<{ runId: string }>(
      services.dispatch('runner.start', {
        target: profile.id,
        selection: { checkIds: ['CONSENT-GRANTED-DURING-SCA'] },
      }),
    );
    await waited;
    const [summary] = await ok<RunSummaryView[]>(services.dispatch('runner.list', {}));
    expect(summary!.waiting).toEqual([
      {
        checkId: 'CONSENT-GRANTED-DURING-SCA',
        checkTitle: expect.any(String),
        scaRedirect: expect.stringMatching(new RegExp(`^${bankUrl}/sca/`)),
        instructions: expect.stringMatching(/^log in as \d+/),
        deadline: expect.any(String),
      },
    ]);
    expect(Date.parse(summary!.waiting![0]!.deadline) - Date.now()).toBeGreaterThan(30_000);

    // Nobody completes it: the run is cancelled, the wait ends, the list empties.
    const end = finished(runId);
    await ok(services.dispatch('runner.cancel', { runId }));
    expect((await end).waiting).toEqual([]);
    const types = events.filter((e) => e.runId === runId).map((e) => e.event.type);
    expect(types).toContain('check:waiting');
    expect(types.indexOf('check:resumed')).toBeGreaterThan(types.indexOf('check:waiting'));
    const [after] = await ok<RunSummaryView[]>(services.dispatch('runner.list', {}));
    expect(after!.waiting).toEqual([]);
  }, 60_000);
});
