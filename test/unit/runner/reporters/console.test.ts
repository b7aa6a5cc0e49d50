/**
 * The console's first line names the mode once: the name `target init` gives a profile and the
 * name of the embedded target leave the mode to the header's "(sandbox mode)".
 */
import { describe, expect, it } from 'vitest';
import {
  checkLine,
  consoleReporter,
  summaryLine,
} from '../../../../main/core/runner/reporters/console';
import { resultWith } from '../fakes';
import { initTargetProfile } from '../../../../main/core/runner/target-profile/index';

describe('the run header', () => {
  it('reads "(sandbox mode)" once for a profile from target init', async () => {
    const profile = await initTargetProfile({
      bankUrl: 'http://127.0.0.1:45585',
      mode: 'sandbox',
      profileDir: '/tmp',
    });
    const lines: string[] = [];
    const reporter = consoleReporter({ write: (l) => lines.push(l) });
    reporter.onRunBegin?.({
      checkCount: 255,
      target: { name: profile.name, baseUrl: profile.baseUrl, mode: profile.mode },
    } as unknown as Parameters<NonNullable<typeof reporter.onRunBegin>>[0]);
    expect(lines).toEqual(['Running 255 checks against http://127.0.0.1:45585 (sandbox mode)']);
  });
});

describe('checks a person must review', () => {
  it('names what to look for on the check line and counts them in the summary', () => {
    const [shown] = resultWith({ SHOWN: 'REVIEW' }).checks;
    expect(checkLine({ ...shown!, reviewFor: 'the accounts ticked' })).toMatch(
      /^REVIEW {2}SHOWN {2}title of SHOWN \(.*\) — awaiting review: the accounts ticked$/,
    );
    const counts = { ...resultWith({ SHOWN: 'REVIEW', OTHER: 'PASS' }).counts };
    expect(summaryLine(counts, 1000, false)).toMatch(
      /^2 checks: 1 passed, 0 failed, 1 awaiting review, 0 with warnings, 0 skipped in /,
    );
  });
});
