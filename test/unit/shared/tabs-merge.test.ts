/**
 * One tab list across windows (main/shared/tabs-merge.ts): a window's list merged onto the kept
 * one loses no newer edit of another window, keeps tabs opened elsewhere since the writer looked,
 * and closes what the writer closed; a tab closed in the kept list is not brought back by a writer
 * that had not seen the close.
 */
import { describe, expect, it } from 'vitest';
import { CLOSED_TABS_KEPT, closedTabs, mergedTabs } from '../../../main/shared/tabs-merge';

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

describe('a close the writer had not seen', () => {
  const closed = [{ id: 'x', at: 100 }];

  it('keeps the tab closed when the writer still lists it unedited since the close', () => {
    const written = [tab('a', 10), tab('x', 50)];
    expect(mergedTabs([tab('a', 10)], written, 60, closed).map((t) => t.id)).toEqual(['a']);
  });

  it('brings it back when the writer edited it after the close, or had seen the close', () => {
    expect(mergedTabs([tab('a', 10)], [tab('x', 150)], 60, closed).map((t) => t.id)).toEqual(['x']);
    expect(mergedTabs([tab('a', 10)], [tab('x', 50)], 120, closed).map((t) => t.id)).toEqual(['x']);
  });

  it('remembers the tabs a merge dropped, forgets one open again, and keeps the newest', () => {
    const current = [tab('a'), tab('b'), tab('c')];
    expect(closedTabs(current, [tab('a'), tab('x')], 200, closed)).toEqual([
      { id: 'b', at: 200 },
      { id: 'c', at: 200 },
    ]);
    const many = Array.from({ length: CLOSED_TABS_KEPT }, (_, i) => ({ id: `old-${i}`, at: i }));
    const kept = closedTabs([tab('new')], [], 500, many);
    expect(kept).toHaveLength(CLOSED_TABS_KEPT);
    expect(kept.at(-1)).toEqual({ id: 'new', at: 500 });
    expect(kept[0]!.id).toBe('old-1');
  });
});
