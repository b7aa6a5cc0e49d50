/** §1 payload date-times: `YYYY-MM-DDThh:mm:ss+00:00`, one formatter. */
import { describe, expect, it } from 'vitest';
import { DATE_TIME, formatDateTime } from '../../../main/core/spec/dates';
import { MASKED_PAN } from '../../../main/core/spec/schemas/common';

describe('formatDateTime (§1)', () => {
  it('writes whole seconds and +00:00, never a fraction or Z', () => {
    const written = formatDateTime(new Date('2026-11-24T18:25:09.164Z'));
    expect(written).toBe('2026-11-24T18:25:09+00:00');
    expect(DATE_TIME.test(written)).toBe(true);
  });

  it('DATE_TIME refuses the ISO forms with milliseconds or Z', () => {
    for (const value of ['2026-11-24T18:25:09.164Z', '2026-11-24T18:25:09Z', '2026-11-24'])
      expect(DATE_TIME.test(value), value).toBe(false);
  });
});

describe('MASKED_PAN (§2.6, decisions.md "Amounts and identities")', () => {
  it('accepts *, X and x masking, the Berlin Group example among them', () => {
    for (const pan of ['525412******3241', '492500XXXXXX7391', '123456xxxxxx1234'])
      expect(MASKED_PAN.test(pan), pan).toBe(true);
  });

  it('refuses unmasked PANs and characters unsafe in a path segment', () => {
    for (const pan of [
      '5254123456783241',
      '525412/*****3241',
      '525412%2F***3241',
      '5254..****3241',
    ])
      expect(MASKED_PAN.test(pan), pan).toBe(false);
  });
});
