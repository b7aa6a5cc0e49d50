/** watchLauncher: only a process started by a package runner stops when its parent goes. */
import { describe, expect, it } from 'vitest';
import { watchLauncher } from '../../../main/hosts/cli/io.js';

describe('watchLauncher', () => {
  it('watches only under a package runner (npm_lifecycle_event set)', () => {
    expect(watchLauncher(() => undefined, {})).toBeUndefined();
    const stop = watchLauncher(() => undefined, { npm_lifecycle_event: 'npx' });
    expect(stop).toBeTypeOf('function');
    stop!();
  });
});
