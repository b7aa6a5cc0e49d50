import { describe, expect, it } from 'vitest';
import { GroupCommitter, type StateStore } from '../../../main/core/bank/persistence';

function slowStore() {
  const saved: string[] = [];
  let release: (() => void) | undefined;
  const store: StateStore & { saved: string[]; releaseOne(): void; waiting(): boolean } = {
    saved,
    save: (text) =>
      new Promise<void>((resolve) => {
        release = () => {
          saved.push(text);
          release = undefined;
          resolve();
        };
      }),
    releaseOne: () => release?.(),
    waiting: () => release !== undefined,
  };
  return store;
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('group commit of the bank state', () => {
  it('writes a burst of changes in two writes, the second holding the newest state', async () => {
    const store = slowStore();
    const committer = new GroupCommitter(store);
    const first = committer.commit('v1');
    const rest = ['v2', 'v3', 'v4'].map((v) => committer.commit(v));
    await tick();
    store.releaseOne(); // v1 on disk
    await first;
    await tick();
    expect(store.waiting()).toBe(true);
    store.releaseOne(); // v4 on disk, for v2, v3 and v4
    await Promise.all(rest);
    expect(store.saved).toEqual(['v1', 'v4']);
  });

  it('does not resolve before the write that holds the change has finished', async () => {
    const store = slowStore();
    const committer = new GroupCommitter(store);
    let done = false;
    void committer.commit('v1').then(() => (done = true));
    await tick();
    expect(done).toBe(false);
    store.releaseOne();
    await tick();
    expect(done).toBe(true);
  });

  it('fails every waiter of a failed write, and the next change is written again', async () => {
    let fail = true;
    const saved: string[] = [];
    const committer = new GroupCommitter({
      save: async (text) => {
        if (fail) throw new Error('disk full');
        saved.push(text);
      },
    });
    await expect(committer.commit('v1')).rejects.toThrow('disk full');
    fail = false;
    await committer.commit('v2');
    expect(saved).toEqual(['v2']);
  });
});
