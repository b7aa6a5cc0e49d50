/** watchLauncher: only a process started by a package runner stops when its parent goes. */
import { describe, expect, it } from 'vitest';
import { watchLauncher } from '../../../../main/hosts/cli/io.js';

describe('watchLauncher', () => {
  it('watches only under a package runner (npm_lifecycle_event set)', () => {
    expect(watchLauncher(() => undefined, {})).toBeUndefined();
    const stop = watchLauncher(() => undefined, { npm_lifecycle_event: 'npx' });
    expect(stop).toBeTypeOf('function');
    stop!();
  });
});

describe('watchLauncher and a launcher already gone', () => {
  it('stops at once when the parent is no longer the launcher the CLI started under', async () => {
    // The launcher was killed while the command was starting: the process was re-parented before
    // it began to watch, so the parent it sees now must not pass for the launcher.
    let gone = 0;
    const stop = watchLauncher(() => gone++, { npm_lifecycle_event: 'npx' }, process.ppid + 1);
    await Promise.resolve();
    expect(gone).toBe(1);
    stop!();
  });

  it('keeps running while the launcher is its parent', async () => {
    let gone = 0;
    const stop = watchLauncher(() => gone++, { npm_lifecycle_event: 'npx' }, process.ppid);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(gone).toBe(0);
    stop!();
  });
});
