/** Runs named by the bank they checked: recorded target, summary fallback, compare order. */
import { describe, expect, it } from 'vitest';
import { runTargetIdentity, runTargetText } from '../../../../../main/shared/run-target';
import {
  comparableRuns,
  targetOfRun,
} from '../../../../../renderer/src/features/runner/run-target';
import { runTargetTitle } from '../../../../../renderer/src/features/runner/run-targets';
import { runLabel } from '../../../../../renderer/src/features/runner/components/ResultsList';
import type { RunSummaryView, TargetsView } from '../../../../../main/api/contract';

const summary = (runId: string, extra: Partial<RunSummaryView>): RunSummaryView => ({
  runId,
  target: 'embedded bank (sandbox)',
  mode: 'sandbox',
  startedAt: '2026-01-01T10:15:02.000Z',
  finished: true,
  counts: { PASS: 3, FAIL: 1, WARNING: 0, SKIPPED: 0, INCONCLUSIVE: 0, REVIEW: 0 },
  ...extra,
});

describe('the bank a run checked', () => {
  it('names a recorded target by name and URL, an embedded one by its mode', () => {
    const acme = runTargetIdentity({
      baseUrl: 'https://acme.example:8443/',
      mode: 'sandbox',
      name: 'Acme test bank',
      shared: true,
    });
    expect(runTargetText(acme)).toBe('Acme test bank — https://acme.example:8443 (sandbox)');
    const byUrl = runTargetIdentity({
      baseUrl: 'http://127.0.0.1:4000',
      mode: 'production',
      shared: true,
    });
    expect(runTargetText(byUrl)).toBe('http://127.0.0.1:4000 (production)');
    const embedded = runTargetIdentity({
      baseUrl: 'http://127.0.0.1 (one embedded bank per check)',
      mode: 'sandbox',
      name: 'embedded bank (sandbox)',
    });
    expect(runTargetText(embedded)).toBe('embedded bank (sandbox)');
    expect(embedded.key).not.toBe(acme.key);
    // As runs record it now ('embedded bank', the header adds the mode): named with its mode.
    const recorded = runTargetIdentity({
      baseUrl: 'http://127.0.0.1 (one embedded bank per check)',
      mode: 'production',
      name: 'embedded bank',
    });
    expect(runTargetText(recorded)).toBe('embedded bank (production)');
  });

  it('falls back to the summary and the profile for runs whose result the view has not read', () => {
    const profiles = [{ id: 'profile-1', baseUrl: 'https://acme.example' }];
    const profileRun = summary('b', { targetId: 'profile-1', target: 'Acme test bank' });
    expect(targetOfRun(profileRun, undefined, profiles)).toEqual(
      runTargetIdentity({
        baseUrl: 'https://acme.example',
        mode: 'sandbox',
        name: 'Acme test bank',
        shared: true,
      }),
    );
    expect(targetOfRun(summary('a', { targetId: 'embedded-sandbox' })).key).toBe(
      'embedded sandbox',
    );
    // An imported run: a name only.
    expect(targetOfRun(summary('c', { target: 'Acme test bank' }))).toEqual({
      key: 'sandbox Acme test bank',
      name: 'Acme test bank',
      mode: 'sandbox',
    });
    expect(runLabel(profileRun, targetOfRun(profileRun, undefined, profiles))).toContain(
      '· Acme test bank — https://acme.example (sandbox) · b ·',
    );
    expect(runLabel(summary('a', { targetId: 'embedded-sandbox' }))).toContain(
      '· embedded bank (sandbox) · a ·',
    );
    expect(
      runLabel(summary('b', { targetId: 'embedded-sandbox', environment: 'customer B' })),
    ).toContain('· embedded bank (sandbox) · environment customer B · b ·');
  });

  it('offers runs of the same bank first to compare with, latest first', () => {
    const runs = [
      summary('e1', { targetId: 'embedded-sandbox' }),
      summary('u1', { targetId: 'profile-1', target: 'https://acme.example' }),
      summary('e2', { targetId: 'embedded-sandbox' }),
      summary('u2', { targetId: 'profile-1', target: 'https://acme.example' }),
      summary('e3', { targetId: 'embedded-sandbox' }),
    ];
    const { same, other } = comparableRuns(runs, 'e3', (r) => targetOfRun(r));
    expect(same.map((r) => r.runId)).toEqual(['e2', 'e1']);
    expect(other.map((r) => r.runId)).toEqual(['u2', 'u1']);
  });

  it("says in the Runner's subtitle which bank it runs against", () => {
    const view = {
      targets: [{ id: 'embedded-sandbox', kind: 'embedded', name: 'Embedded bank (sandbox)' }],
      profiles: [
        {
          id: 'profile-1',
          path: '/p.json',
          ok: true,
          name: 'Acme',
          baseUrl: 'https://acme.example',
          problems: [],
        },
      ],
    } as unknown as TargetsView;
    expect(runTargetTitle(view, 'embedded-sandbox')).toBe('the embedded bank (sandbox)');
    expect(runTargetTitle(view, 'profile-1')).toBe('Acme (https://acme.example)');
  });
});
