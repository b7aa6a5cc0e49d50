/**
 * §4.2.3 paging and the §8 known issue as pure functions: transactionPage (the query's window,
 * offset/limit over pending-then-booked, pending unfiltered under the known issue), pagingOf and
 * pageLinks (next/previous with offset and limit explicit), and the §9.2 fix helpers.
 */
import { describe, expect, it } from 'vitest';
import {
  transactionPage,
  pendingKnownIssueApplies,
  setPendingKnownIssue,
} from '../../../../main/core/bank/domain/ais.js';
import { emptyDomainState } from '../../../../main/core/bank/domain/model.js';
import {
  aisFixes,
  pageLinks,
  pagingOf,
  presentName,
  type AisView,
} from '../../../../main/core/bank/handlers/ais/common.js';
import type { RequestContext } from '../../../../main/core/bank/context/request-context.js';
import { activeFixes, type FixName } from '../../../../main/core/spec/fixes.js';

const entry = (id: string, status: 'booked' | 'pending', bookingDate: string) => ({
  id,
  status,
  bookingDate,
});
/** Newest first, as the ledger gives them. */
const ENTRIES = [
  entry('p2', 'pending', '2025-03-14'),
  entry('p1', 'pending', '2025-01-01'),
  entry('b4', 'booked', '2025-03-10'),
  entry('b3', 'booked', '2025-03-01'),
  entry('b2', 'booked', '2025-02-01'),
  entry('b1', 'booked', '2025-01-01'),
];
const ids = (list: { id: string }[]) => list.map((e) => e.id);

type Entry = ReturnType<typeof entry>;
/** The ledger as transactionPage reads it: one status at a time, newest first, paged. */
function source(entries: readonly Entry[]) {
  const matching = (status: string, range: { fromDate?: string; toDate?: string }) =>
    entries.filter(
      (e) =>
        e.status === status &&
        (range.fromDate === undefined || e.bookingDate >= range.fromDate) &&
        (range.toDate === undefined || e.bookingDate <= range.toDate),
    );
  const reads: string[] = [];
  return {
    reads,
    list(status: 'booked' | 'pending', range: object, paging: { offset: number; limit?: number }) {
      reads.push(`${status} ${paging.offset}+${paging.limit ?? 'all'}`);
      const all = matching(status, range);
      return all.slice(
        paging.offset,
        paging.limit === undefined ? undefined : paging.offset + paging.limit,
      );
    },
    count: (status: 'booked' | 'pending', range: object) => matching(status, range).length,
  };
}
const SOURCE = source(ENTRIES);

describe('transactionPage', () => {
  const window = { dateFrom: '2025-02-01', offset: 0, limit: 200 };

  it('keeps the statuses asked for within the inclusive date range', () => {
    const page = transactionPage(SOURCE, {
      ...window,
      bookingStatus: 'both',
      dateTo: '2025-03-10',
    });
    expect([ids(page.booked), ids(page.pending), page.more]).toEqual([
      ['b4', 'b3', 'b2'],
      [],
      false,
    ]);
    expect(ids(transactionPage(SOURCE, { ...window, bookingStatus: 'pending' }).pending)).toEqual([
      'p2',
    ]);
    expect(transactionPage(SOURCE, { ...window, bookingStatus: 'booked' }).pending).toEqual([]);
  });

  it('cuts one sequence, pending first then booked, with offset and limit', () => {
    const all = { ...window, dateFrom: '2000-01-01', bookingStatus: 'both' as const };
    const first = transactionPage(SOURCE, { ...all, limit: 3 });
    expect([ids(first.pending), ids(first.booked), first.more]).toEqual([
      ['p2', 'p1'],
      ['b4'],
      true,
    ]);
    const second = transactionPage(SOURCE, { ...all, offset: 3, limit: 3 });
    expect([ids(second.pending), ids(second.booked), second.more]).toEqual([
      [],
      ['b3', 'b2', 'b1'],
      false,
    ]);
  });

  it('reads only the page (and one entry past it), not the whole list', () => {
    const counted = source(ENTRIES);
    transactionPage(counted, {
      ...window,
      dateFrom: '2000-01-01',
      bookingStatus: 'both',
      offset: 3,
      limit: 2,
    });
    // Two pending entries come before offset 3: the booked read starts at 1 and takes 2 + 1.
    expect(counted.reads).toEqual(['booked 1+3']);
  });

  it('the §8 known issue: every pending one on every page, the page cuts booked ones only', () => {
    const page = transactionPage(
      SOURCE,
      { bookingStatus: 'both', dateFrom: '2025-03-05', dateTo: '2025-03-12', offset: 0, limit: 1 },
      { pendingUnfiltered: true },
    );
    expect([ids(page.pending), ids(page.booked), page.more]).toEqual([['p2', 'p1'], ['b4'], false]);
    const booked = transactionPage(
      SOURCE,
      { ...window, bookingStatus: 'booked' },
      { pendingUnfiltered: true },
    );
    expect(booked.pending).toEqual([]);
  });

  it('the known issue applies to the production interface only, while switched on', () => {
    const state = emptyDomainState();
    expect([
      pendingKnownIssueApplies(state, 'production'),
      pendingKnownIssueApplies(state, 'sandbox'),
    ]).toEqual([true, false]);
    setPendingKnownIssue(state, false);
    expect(pendingKnownIssueApplies(state, 'production')).toBe(false);
  });
});

const view: AisView = {
  fixes: new Set(),
  faults: new Set(),
  now: new Date('2025-03-14T10:00:00Z'),
  mode: 'sandbox',
};

describe('pagingOf and pageLinks', () => {
  it('offset 0 and 200 per call without paging parameters; limit 1 when only offset is given', () => {
    expect(pagingOf({})).toEqual({ offset: 0, limit: 200, defaulted: true });
    expect(pagingOf({ offset: 4 })).toEqual({ offset: 4, limit: 1, defaulted: false });
    expect(pagingOf({ limit: 7 })).toEqual({ offset: 0, limit: 7, defaulted: false });
  });

  it('next raises offset by the limit, previous lowers it (not below 0); both carry the limit', () => {
    const query = { bookingStatus: 'both', dateFrom: '2025-01-01', dateTo: undefined };
    const links = pageLinks(view, '/v1/x', {
      query,
      paging: { offset: 3, limit: 5, defaulted: false },
      more: true,
    });
    expect(links.next!.href).toBe('/v1/x?bookingStatus=both&dateFrom=2025-01-01&offset=8&limit=5');
    expect(links.previous!.href).toBe(
      '/v1/x?bookingStatus=both&dateFrom=2025-01-01&offset=0&limit=5',
    );
    const last = pageLinks(view, '/v1/x', {
      query,
      paging: { offset: 15, limit: 5, defaulted: false },
      more: false,
    });
    expect(last.next).toBeUndefined();
    const defaulted = pageLinks(view, '/v1/x', { query, paging: pagingOf({}), more: true });
    expect(defaulted.next!.href).toMatch(/offset=200&limit=200$/);
  });
});

describe('§8 names and §9.2 fixes on AIS reads', () => {
  const fixesAt = (iso: string, header?: string) => {
    const result = activeFixes(header, new Date(iso));
    if (!result.ok) throw new Error(result.error.text);
    return result;
  };
  const context = (iso: string, header: string | undefined, faults: string[]) => {
    const result = fixesAt(iso, header);
    return {
      now: new Date(iso),
      fixes: result.active,
      requestedFixes: result.requested,
      faults: new Set(faults),
    } as unknown as RequestContext;
  };

  it('names: 35 characters before longer-names, 70 with it', () => {
    const name = 'n'.repeat(80);
    expect(presentName({ ...view, fixes: new Set<FixName>() }, name)).toHaveLength(35);
    expect(presentName({ ...view, fixes: new Set<FixName>(['longer-names']) }, name)).toHaveLength(
      70,
    );
  });

  it('the FIX-* faults: ignore the header, read its first value only, or never default', () => {
    const before = '2024-06-01T00:00:00Z';
    const header = 'longer-names, cash-account-type-iso';
    expect([...aisFixes(context(before, header, []))].sort()).toEqual([
      'amount-as-string',
      'cash-account-type-iso',
      'longer-names',
    ]);
    expect([...aisFixes(context(before, header, ['FIX-ACCEPT-FIX-OPT-IN']))]).toEqual([
      'amount-as-string',
    ]);
    expect([...aisFixes(context(before, header, ['FIX-ACCEPT-FIX-COMMA-LIST']))].sort()).toEqual([
      'amount-as-string',
      'longer-names',
    ]);
    expect([
      ...aisFixes(context('2025-01-01T00:00:00Z', undefined, ['FIX-DEFAULT-AFTER-NOTICE'])),
    ]).toEqual([]);
  });
});
