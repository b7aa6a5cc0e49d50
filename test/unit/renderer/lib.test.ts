/** The renderer's pure helpers: formatting, the bank clock and SCA hour, links, paths, errors. */
import { describe, expect, it } from 'vitest';
import {
  formatDuration,
  formatOffset,
  formatInstant,
  formatMs,
  jsonParseError,
  prettyJson,
  statusClassOf,
} from '../../../renderer/src/lib/format';
import { bankNow, scaIndicator, CLOCK_JUMPS } from '../../../renderer/src/lib/bank-clock';
import { isFollowable, linksOf, scaStatusOf, tppMessagesOf } from '../../../renderer/src/lib/links';
import {
  fillPath,
  missingPathParameters,
  pathParameterNames,
} from '../../../renderer/src/lib/path-template';
import { problemOf } from '../../../renderer/src/lib/errors';
import { base64ToBytes, bytesToBase64, textToBase64 } from '../../../renderer/src/lib/base64';

describe('format', () => {
  it('says how long, for people', () => {
    expect(formatDuration(59 * 60_000 + 5_000)).toBe('59 min 05 s');
    expect(formatDuration(3_600_000 + 2 * 60_000)).toBe('1 h 02 min');
    expect(formatDuration(12_400)).toBe('12 s');
    expect(formatDuration(-5)).toBe('0 s');
    // Days, not "2184 h": the 90/180-day rules (§5.3.7) are read in days.
    expect(formatDuration(2184 * 3_600_000)).toBe('91 d 0 h 00 min');
    expect(formatDuration(86_400_000 + 3 * 3_600_000 + 5 * 60_000)).toBe('1 d 3 h 05 min');
    expect(formatOffset(91 * 86_400_000)).toBe('+91 d 0 h 00 min');
    expect(formatOffset(-3_600_000)).toBe('−1 h 00 min');
    expect(formatOffset(999)).toBeUndefined();
    expect(formatOffset(-1)).toBeUndefined();
    expect(formatMs(0.84)).toBe('0.8 ms');
    expect(formatMs(55.4)).toBe('55 ms');
    expect(formatMs(1240)).toBe('1.24 s');
  });

  it('shows instants in UTC and classes statuses', () => {
    expect(formatInstant('2026-04-01T12:00:05.123Z')).toBe('2026-04-01 12:00:05 UTC');
    expect(formatInstant('not a date')).toBe('not a date');
    expect([200, 201, 303, 401, 404, 500, 999].map(statusClassOf)).toEqual([
      '2xx',
      '2xx',
      '3xx',
      '4xx',
      '4xx',
      '5xx',
      '5xx',
    ]);
  });

  it('pretty-prints JSON and names parse errors (empty is no body, not an error)', () => {
    expect(prettyJson('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyJson('not json')).toBe('not json');
    expect(jsonParseError('')).toBeNull();
    expect(jsonParseError('{"a": 1}')).toBeNull();
    expect(jsonParseError('{"a": }')).toMatch(/JSON|Unexpected/);
  });
});

describe('bank clock and the SCA hour (§3.4)', () => {
  const reading = (now: string, frozen: boolean) => ({
    view: { now, frozen, offsetMs: 0 },
    receivedAt: 1_000_000,
  });

  it('runs on from the last reading unless frozen', () => {
    expect(bankNow(reading('2026-04-01T12:00:00Z', false), 1_000_000 + 90_000).toISOString()).toBe(
      '2026-04-01T12:01:30.000Z',
    );
    expect(bankNow(reading('2026-04-01T12:00:00Z', true), 1_000_000 + 90_000).toISOString()).toBe(
      '2026-04-01T12:00:00.000Z',
    );
  });

  it("follows the bank's session state on the bank clock (§3.4)", () => {
    const completed = '2026-04-01T12:00:00.000Z';
    const valid = {
      state: 'valid' as const,
      scaCompletedAt: completed,
      scaValidUntil: '2026-04-01T13:00:00.000Z',
    };
    expect(scaIndicator({ state: 'none' }, new Date(completed))).toEqual({ state: 'none' });
    expect(scaIndicator(valid, new Date('2026-04-01T12:15:00Z'))).toEqual({
      state: 'valid',
      leftMs: 45 * 60_000,
      clockBeforeSca: false,
    });
    expect(scaIndicator(valid, new Date('2026-04-01T13:00:00Z'))).toEqual({
      state: 'expired',
      agoMs: 0,
    });
    // +1 h on the clock is exactly what ends it.
    const jump = CLOCK_JUMPS.find((j) => j.label === '+1 h')!;
    expect(scaIndicator(valid, new Date(Date.parse(completed) + jump.ms)).state).toBe('expired');
    // The clock set back an hour: still valid for the bank, but never more than the SCA hour left.
    expect(scaIndicator(valid, new Date('2026-04-01T11:00:00Z'))).toEqual({
      state: 'valid',
      leftMs: 60 * 60_000,
      clockBeforeSca: true,
    });
    // Completed within the second the views read the clock: not a clock set back.
    expect(scaIndicator(valid, new Date('2026-04-01T11:59:59.200Z'))).toMatchObject({
      state: 'valid',
      clockBeforeSca: false,
    });
    // Nor when the views' reading arrived seconds late (a busy machine): they trail the bank.
    expect(scaIndicator(valid, new Date('2026-04-01T11:59:52.000Z'))).toMatchObject({
      clockBeforeSca: false,
    });
    // A clock set back by more than a reading's delay is named.
    expect(scaIndicator(valid, new Date('2026-04-01T11:59:45.000Z'))).toMatchObject({
      clockBeforeSca: true,
    });
    // Replaced is the bank's word, whatever the time.
    expect(
      scaIndicator({ ...valid, state: 'replaced', replacedBy: 'b' }, new Date(completed)),
    ).toEqual({ state: 'replaced', by: 'b' });
  });
});

describe('links and tppMessages', () => {
  const body = {
    consentId: 'c1',
    _links: {
      scaRedirect: { href: 'http://127.0.0.1:1/sca/a?t=x', verbs: ['GET'] },
      self: { href: '/v1/consents/c1', verbs: ['GET', 'DELETE'] },
      status: '/v1/consents/c1/status',
      delete: { href: '/v1/consents/c1', verbs: ['DELETE'] },
      broken: { nothing: true },
    },
    tppMessages: [{ category: 'ERROR', code: 'FORMAT_ERROR', path: 'x', text: 'bad' }, 'junk'],
    scaStatus: 'RECEIVED',
  };

  it('reads _links in order, plain hrefs too, skipping broken ones', () => {
    expect(linksOf(body).map((l) => [l.relation, l.href])).toEqual([
      ['scaRedirect', 'http://127.0.0.1:1/sca/a?t=x'],
      ['self', '/v1/consents/c1'],
      ['status', '/v1/consents/c1/status'],
      ['delete', '/v1/consents/c1'],
    ]);
    expect(linksOf(undefined)).toEqual([]);
    expect(linksOf({ _links: [] })).toEqual([]);
  });

  it('follows GET links; scaRedirect is for the PSU, not the client', () => {
    const followable = linksOf(body)
      .filter(isFollowable)
      .map((l) => l.relation);
    expect(followable).toEqual(['self', 'status']);
  });

  it('reads tppMessages and scaStatus', () => {
    expect(tppMessagesOf(body)).toEqual([
      { category: 'ERROR', code: 'FORMAT_ERROR', path: 'x', text: 'bad' },
    ]);
    expect(tppMessagesOf({})).toEqual([]);
    expect(scaStatusOf(body)).toBe('RECEIVED');
    expect(scaStatusOf({ scaStatus: 3 })).toBeUndefined();
  });
});

describe('path templates', () => {
  it('fills and encodes parameters, keeping empty ones visible', () => {
    const template = '/v1/accounts/{account-id}/transactions/{transactionId}';
    expect(pathParameterNames(template)).toEqual(['account-id', 'transactionId']);
    expect(fillPath(template, { 'account-id': 'a b/c', transactionId: '' })).toBe(
      '/v1/accounts/a%20b%2Fc/transactions/{transactionId}',
    );
    expect(missingPathParameters(template, { 'account-id': 'x' })).toEqual(['transactionId']);
  });
});

describe('errors', () => {
  it('says what went wrong and what to do for contract errors', () => {
    const apiError = Object.assign(new Error('x'), {
      error: {
        code: 'INVALID_ARGUMENTS',
        message: 'Invalid arguments for certs.issue.',
        details: ['/countryName: must match pattern'],
      },
    });
    expect(problemOf(apiError)).toEqual({
      what: 'Invalid arguments for certs.issue.',
      details: ['/countryName: must match pattern'],
      todo: 'Correct the fields named above and try again.',
    });
    expect(problemOf(new Error('boom'))).toEqual({ what: 'boom', details: [] });
    const failed = { error: { code: 'FAILED', message: 'The keystore is locked: enter…' } };
    expect(problemOf(failed)).toEqual({ what: 'The keystore is locked: enter…', details: [] });
  });
});

describe('base64', () => {
  it('round-trips bytes, large ones too', () => {
    const bytes = new Uint8Array(200_000).map((_, i) => i % 256);
    expect(base64ToBytes(bytesToBase64(bytes))).toEqual(bytes);
    expect(textToBase64('æøå')).toBe('w6bDuMOl');
  });
});
