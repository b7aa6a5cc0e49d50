/**
 * The build prints what the user needs: Rolldown's [PLUGIN_TIMINGS] notice, which comes on slow
 * builds before `npm run web`'s URL, is off in each of the three bundles.
 */
import { describe, expect, it } from 'vitest';
import config from '../../../electron.vite.config';

describe('electron.vite.config', () => {
  it.each(['main', 'preload', 'renderer'] as const)(
    'turns off the plugin timings notice in the %s bundle',
    (bundle) => {
      const build = (config as Record<string, { build?: { rolldownOptions?: object } }>)[bundle]
        ?.build;
      expect(build?.rolldownOptions).toMatchObject({ checks: { bundlerTimings: false } });
    },
  );
});
