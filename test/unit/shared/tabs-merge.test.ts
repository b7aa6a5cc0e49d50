/**
 * One tab list across windows (main/shared/tabs-merge.ts): a window's list merged onto the kept
 * one loses no newer edit of another window, keeps tabs opened elsewhere since the writer looked,
 * and closes what the writer closed.
 */
import { describe, expect, it } from 'vitest';
import { mergedTabs } from '../../../main/shared/tabs-merge';

const tab = (id: string, rev?: number, text = id) => ({ id, text, ...(rev ? { rev } : {}) });

describe('merging a window’s tabs onto the kept ones', () => {
  it('keeps the newer edit of each tab, whoever wrote it', () => {
    const kept = [tab('a', 30, 'a typed elsewhere'), tab('b', 10)];
    const written = [tab('a', 20, 'a stale'), tab('b', 40, 'b typed here')];
    expect(mergedTabs(kept, written, 25)).toEqual([
      tab('a', 30, 'a typed elsewhere'),
      tab('b', 40, 'b typed here'),
    ]);
  });

  it('keeps a tab opened elsewhere after the writer looked, drops one the writer closed', () => {
    const kept = [tab('a', 10), tab('closed', 5), tab('opened-elsewhere', 50)];
    expect(mergedTabs(kept, [tab('a', 10)], 30).map((t) => t.id)).toEqual([
      'a',
      'opened-elsewhere',
    ]);
  });

  it('replaces the list when the writer says nothing of what it saw', () => {
    expect(mergedTabs([tab('old', 5)], [tab('new', 1)], Number.POSITIVE_INFINITY)).toEqual([
      tab('new', 1),
    ]);
  });
});
