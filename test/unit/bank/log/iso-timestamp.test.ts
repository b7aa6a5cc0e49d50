import { describe, expect, it } from 'vitest';
import { httpDates, isoTimestamps } from '../../../../main/core/bank/log/iso-timestamp.js';

describe('isoTimestamps', () => {
  it('formats each instant as Date#toISOString does, also when instants repeat and go back', () => {
    const text = isoTimestamps();
    const instants = [0, 0, 1, 1_700_000_000_123, 1_700_000_000_123, 1_700_000_000_124, 5, -1];
    for (const ms of instants) expect(text(ms)).toBe(new Date(ms).toISOString());
  });
});

describe('httpDates', () => {
  it('formats each instant as Date#toUTCString does, within a second, across one and backwards', () => {
    const text = httpDates();
    const instants = [0, 999, 1_000, 1_700_000_000_123, 1_700_000_000_999, 1_700_000_001_000, -1];
    for (const ms of instants) expect(text(ms)).toBe(new Date(ms).toUTCString());
  });
});
