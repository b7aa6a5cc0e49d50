/**
 * Running a collection from the Collections panel (renderer/src/features/composer/collection-runs.ts):
 * the run is asked of main with the folder's path and the target, each request shows as its
 * progress event arrives (only the running collection's), and the final result replaces them.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../../../renderer/src/api', () =>
  import('../../fake-api.js').then((m) => m.fakeApiModule),
);

const { answers, calls } = await import('../../fake-api.js');
const { useCollectionRuns } =
  await import('../../../../../renderer/src/features/composer/collection-runs');

const request = (name: string, passed: boolean) => ({
  id: name,
  folders: ['AIS'],
  name,
  method: 'GET',
  url: '/v1/x',
  status: 200,
  durationMs: 1,
  passed,
  assertions: [
    { name: 'status 201', passed, ...(passed ? {} : { message: 'the status was 200' }) },
  ],
});

beforeEach(() => {
  calls.length = 0;
  useCollectionRuns.setState({ run: undefined, running: false, requests: [], result: undefined });
});

describe('a collection run in the UI', () => {
  it('shows each request as it arrives, then the whole result', async () => {
    let finish: (value: unknown) => void = () => undefined;
    answers.set('collections.run', () => new Promise((resolve) => (finish = resolve)));
    const started = useCollectionRuns.getState().start('Consents', 'sandbox', 'AIS / Status');
    expect(calls).toEqual([
      {
        name: 'collections.run',
        args: { collection: 'Consents', targetId: 'sandbox', folder: 'AIS / Status' },
      },
    ]);
    useCollectionRuns.getState().progress('Other', request('elsewhere', true));
    useCollectionRuns.getState().progress('Consents', request('first', false));
    expect(useCollectionRuns.getState().requests.map((r) => r.name)).toEqual(['first']);
    expect(useCollectionRuns.getState().running).toBe(true);
    const all = [request('first', false), request('second', true)];
    finish({ collection: 'Consents', requests: all, passed: false, junit: '<x/>', json: '{}' });
    await started;
    expect(useCollectionRuns.getState()).toMatchObject({ running: false, requests: all });
  });

  it('keeps the refusal to show it, and runs again after', async () => {
    answers.set('collections.run', () => Promise.reject(new Error('There is no target x')));
    await useCollectionRuns.getState().start('Consents', 'x');
    expect(String(useCollectionRuns.getState().error)).toContain('There is no target x');
    expect(useCollectionRuns.getState().running).toBe(false);
  });
});
