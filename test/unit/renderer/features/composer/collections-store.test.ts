/**
 * The Collections panel's import (renderer/src/features/composer/collections-store.ts) refuses a
 * file or Bruno folder over the one collection limit (main/shared/collection-limits.ts) by its
 * size, before reading it and without calling the contract, naming the size and the limit; its
 * export asks for the signing script (§5.2) only when the user ticks "with signing"; an answer
 * never replaces the list of a `collections.changed` event that arrived after its call was sent.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../../../renderer/src/api', () =>
  import('../../fake-api.js').then((m) => m.fakeApiModule),
);

const { answers, calls } = await import('../../fake-api.js');
const { useCollectionsStore } =
  await import('../../../../../renderer/src/features/composer/collections-store');

/** A file of `size` bytes that must not be read. */
const unread = (name: string, size: number, webkitRelativePath = '') =>
  ({
    name,
    size,
    webkitRelativePath,
    text: () => Promise.reject(new Error(`${name} was read`)),
    arrayBuffer: () => Promise.reject(new Error(`${name} was read`)),
  }) as unknown as File;

beforeEach(() => {
  calls.length = 0;
  useCollectionsStore.setState({ error: undefined, busy: false });
});

describe('collection import limit in the UI', () => {
  it('refuses a Postman file over 20,000,000 bytes before reading it', async () => {
    await useCollectionsStore
      .getState()
      .import('postman', { kind: 'file', file: unread('big.json', 20_000_001) });
    expect(String(useCollectionsStore.getState().error)).toContain(
      'big.json is 20000001 bytes, more than the 20000000 a collection to import may have.',
    );
    expect(calls).toEqual([]);
  });

  it('refuses a Bruno zip over 15,000,000 bytes (20,000,000 characters of base64)', async () => {
    await useCollectionsStore
      .getState()
      .import('bruno', { kind: 'file', file: unread('c.zip', 15_000_001) });
    expect(String(useCollectionsStore.getState().error)).toContain('more than the 15000000');
    expect(calls).toEqual([]);
  });

  it('counts the Bruno files of a folder together, and only those', async () => {
    const files = [
      unread('bruno.json', 10, 'c/bruno.json'),
      unread('a.bru', 12_000_000, 'c/a.bru'),
      unread('b.bru', 8_000_000, 'c/b.bru'),
      unread('big.png', 50_000_000, 'c/big.png'),
    ];
    await useCollectionsStore.getState().import('bruno', { kind: 'folder', files });
    expect(String(useCollectionsStore.getState().error)).toContain('is 20000010 bytes');
    expect(calls).toEqual([]);
  });
});

describe('collection export with signing', () => {
  it('asks for the signing script only when the box is ticked', async () => {
    answers.set('collections.export', () => ({ fileName: 'c.json', mediaType: 'x', text: '{}' }));
    await useCollectionsStore.getState().export('c', 'postman', true);
    await useCollectionsStore.getState().export('c', 'bruno');
    expect(calls.map((c) => c.args)).toEqual([
      { collection: 'c', format: 'postman', signing: true },
      { collection: 'c', format: 'bruno' },
    ]);
  });
});

describe('assertions in the UI', () => {
  it("saves a request's assertions as the lines typed, and shows a refusal", async () => {
    const { answers } = await import('../../fake-api.js');
    answers.set('collections.setAssertions', () => []);
    await useCollectionsStore.getState().setAssertions('c', 'r1', ['status 201', '$.a exists']);
    expect(calls).toEqual([
      {
        name: 'collections.setAssertions',
        args: { collection: 'c', id: 'r1', assertions: ['status 201', '$.a exists'] },
      },
    ]);
    answers.set('collections.setAssertions', () => {
      throw new Error("Assertion 1: 'x' is not an assertion");
    });
    await useCollectionsStore.getState().setAssertions('c', 'r1', ['x']);
    expect(String(useCollectionsStore.getState().error)).toContain('Assertion 1');
  });
});

describe('an import in the UI', () => {
  it('shows the report from the answer and takes the collections from the event only', async () => {
    const before = [{ name: 'Kept', variables: [], items: [] }];
    useCollectionsStore.setState({ collections: before, report: undefined });
    answers.set('collections.import', () => ({ imported: 'New', notes: ['A note.'] }));
    await useCollectionsStore.getState().import('curl', { kind: 'text', text: 'curl x' });
    expect(useCollectionsStore.getState().report).toEqual({ imported: 'New', notes: ['A note.'] });
    expect(useCollectionsStore.getState().collections).toBe(before);

    const after = [...before, { name: 'New', variables: [], items: [] }];
    useCollectionsStore.getState().received(after);
    expect(useCollectionsStore.getState().collections).toBe(after);
  });
});

describe('answers and events that cross', () => {
  const list = (...names: string[]) => names.map((name) => ({ name, variables: [], items: [] }));

  it('keeps the list of an event that arrived after the call was sent, over its answer', async () => {
    useCollectionsStore.setState({ collections: list('A') });
    let answer: (v: unknown) => void = () => undefined;
    answers.set('collections.create', () => new Promise((resolve) => (answer = resolve)));
    const creating = useCollectionsStore.getState().create('B');
    // A later change (another window's removal of A) arrives first, as its event.
    useCollectionsStore.getState().received(list('B'));
    answer(list('A', 'B'));
    await creating;
    expect(useCollectionsStore.getState().collections.map((c) => c.name)).toEqual(['B']);
  });

  it('takes an answer when no event arrived while it was on its way', async () => {
    useCollectionsStore.setState({ collections: list('A') });
    answers.set('collections.create', () => list('A', 'B'));
    await useCollectionsStore.getState().create('B');
    expect(useCollectionsStore.getState().collections.map((c) => c.name)).toEqual(['A', 'B']);
  });
});
