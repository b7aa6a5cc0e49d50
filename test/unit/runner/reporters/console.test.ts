/**
 * The console's first line names the mode once: the name `target init` gives a profile and the
 * name of the embedded target leave the mode to the header's "(sandbox mode)".
 */
import { describe, expect, it } from 'vitest';
import { consoleReporter } from '../../../../main/core/runner/reporters/console';
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
