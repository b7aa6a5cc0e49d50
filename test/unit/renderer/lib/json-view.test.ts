import { describe, expect, it } from 'vitest';
import {
  cellText,
  groupedAmount,
  countMatches,
  listsIn,
  sizeText,
  tableOf,
} from '../../../../renderer/src/lib/json-view';
import {
  endpointGroups,
  findBoxKey,
  matchesEndpoint,
  readableHelp,
} from '../../../../renderer/src/lib/endpoint-search';
import {
  draftAfterFollow,
  emptyDraft,
  row,
} from '../../../../renderer/src/features/composer/request-model';
import type { EndpointView } from '../../../../main/api/contract';

describe('response viewer', () => {
  const page = {
    cardAccount: { maskedPan: '1234' },
    cardTransactions: {
      booked: [
        { id: 'a', amount: { amount: '12.30', currency: 'EUR' }, text: 'Kiosk' },
        { id: 'b', extra: true, _links: { self: '/x' } },
      ],
      pending: [{ id: 'c' }],
    },
    _links: { next: { href: '/v1/x?offset=2' } },
  };

  it('finds the lists, largest first, with their place in the body', () => {
    expect(listsIn(page).map((l) => [l.label, l.items.length])).toEqual([
      ['cardTransactions.booked', 2],
      ['cardTransactions.pending', 1],
    ]);
    expect(listsIn([1, 2, 3])[0]).toMatchObject({ label: '', items: [1, 2, 3] });
    expect(listsIn({ empty: [] })).toEqual([]);
  });

  it('makes a table of a list: union of fields, amounts with currency, no _links', () => {
    expect(tableOf(page.cardTransactions.booked)).toEqual({
      columns: ['id', 'amount', 'text', 'extra'],
      rows: [
        ['a', '12.30 EUR', 'Kiosk', ''],
        ['b', '', '', 'true'],
      ],
    });
    expect(tableOf(['x', 1])).toEqual({ columns: ['value'], rows: [['x'], ['1']] });
    expect(cellText({ a: 1 })).toBe('{"a":1}');
  });

  it('groups the thousands of an amount without reading it as a float', () => {
    expect(cellText({ amount: '1234567.89', currency: 'NOK' })).toBe('1,234,567.89 NOK');
    expect(groupedAmount('123456789012345678.12345')).toBe('123,456,789,012,345,678.12345');
    expect(groupedAmount('-1000')).toBe('-1,000');
    expect(groupedAmount('999.5')).toBe('999.5');
    expect(groupedAmount('12,5')).toBe('12,5');
  });

  it('counts matches in keys and values, and says sizes', () => {
    expect(countMatches(page, 'kiosk')).toBe(1);
    expect(countMatches(page, 'ID')).toBe(3);
    expect(countMatches(page, '  ')).toBe(0);
    expect(sizeText(new Array(200).fill(0))).toBe('200 items');
    expect(sizeText([1])).toBe('1 item');
    expect(sizeText({ a: 1, b: 2 })).toBe('2 fields');
  });
});

describe('operation picker', () => {
  const endpoint = (e: Partial<EndpointView>) =>
    ({
      summary: '',
      method: 'GET',
      operationId: '',
      tag: 'Sandbox',
      group: 'sandbox',
      ...e,
    }) as EndpointView;
  const all = [
    endpoint({
      operationId: 'fill',
      pathTemplate: '/v1/sandbox/fixed-test-data',
      summary: 'Fill fixed test data',
      method: 'POST',
    }),
    endpoint({
      operationId: 'consent',
      pathTemplate: '/v1/consents',
      summary: 'Create consent',
      group: 'production',
      tag: 'Consents (AIS)',
    }),
    endpoint({
      operationId: 'cards',
      pathTemplate: '/v1/sandbox/card-accounts',
      summary: 'Create card account',
    }),
  ];

  it('searches by every word and groups by area, production first', () => {
    expect(all.filter((e) => matchesEndpoint(e, 'fixed post')).map((e) => e.operationId)).toEqual([
      'fill',
    ]);
    expect(
      all.filter((e) => matchesEndpoint(e, 'card accounts')).map((e) => e.operationId),
    ).toEqual(['cards']);
    expect(endpointGroups(all).map((g) => g.label)).toEqual([
      'Consents (AIS)',
      'Sandbox · fixed test data',
      'Sandbox · card accounts',
    ]);
  });

  it('find box keys: Enter picks the highlighted match; Ctrl/⌘+Enter picks nothing', () => {
    const key = (k: string, mod: Partial<KeyboardEvent> = {}) => ({
      key: k,
      ctrlKey: false,
      metaKey: false,
      altKey: false,
      ...mod,
    });
    expect(findBoxKey(key('Enter'), 2, 5)).toEqual({ kind: 'pick', index: 2 });
    // Ctrl/⌘+Enter is the composer's send: it sends the form, the find box changes nothing.
    expect(findBoxKey(key('Enter', { ctrlKey: true }), 0, 5)).toEqual({ kind: 'none' });
    expect(findBoxKey(key('Enter', { metaKey: true }), 0, 5)).toEqual({ kind: 'none' });
    expect(findBoxKey(key('Enter'), 0, 0)).toEqual({ kind: 'none' });
    expect(findBoxKey(key('ArrowDown'), 4, 5)).toEqual({ kind: 'highlight', index: 0 });
    expect(findBoxKey(key('ArrowUp'), 0, 5)).toEqual({ kind: 'highlight', index: 4 });
    // A highlight beyond a shorter list of matches picks the last one.
    expect(findBoxKey(key('Enter'), 7, 3)).toEqual({ kind: 'pick', index: 2 });
    expect(findBoxKey(key('Escape'), 0, 5)).toEqual({ kind: 'clear' });
  });

  it("drops references to the workbench's own files from help text", () => {
    expect(readableHelp('§1, decisions.md: the body is ignored. Sent back (docs/sca.md).')).toBe(
      '§1: the body is ignored. Sent back.',
    );
  });
});

describe('paging keeps the form in step', () => {
  it("takes the followed URL's query into the rows", () => {
    const draft = {
      ...emptyDraft(),
      method: 'GET' as const,
      pathTemplate: '/v1/card-accounts/{id}/transactions',
      pathParams: { id: 'c1' },
      query: [
        row('bookingStatus', 'booked'),
        row('limit', '2'),
        row('offset', '', false),
        row('toDate', 'x'),
      ],
    };
    const next = draftAfterFollow(
      draft,
      'http://127.0.0.1:1/v1/card-accounts/c1/transactions?bookingStatus=booked&limit=2&offset=2&extra=1',
    );
    expect(next.query.map((r) => [r.name, r.value, r.enabled])).toEqual([
      ['bookingStatus', 'booked', true],
      ['limit', '2', true],
      ['offset', '2', true],
      ['toDate', 'x', false],
      ['extra', '1', true],
    ]);
    // Another resource: the form stays as it is.
    expect(draftAfterFollow(draft, '/v1/consents/x')).toBe(draft);
  });
});
