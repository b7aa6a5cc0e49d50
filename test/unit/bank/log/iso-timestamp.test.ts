import { describe, expect, it } from 'vitest';
import { isoTimestamps } from '../../../../main/core/bank/log/iso-timestamp.js';

describe('isoTimestamps', () => {
  it('formats each instant as Date#toISOString does, also when instants repeat and go back', () => {
    const text = isoTimestamps();
    const instants = [0, 0, 1, 1_700_000_000_123, 1_700_000_000_123, 1_700_000_000_124, 5, -1];
    for (const ms of instants) expect(text(ms)).toBe(new Date(ms).toISOString());
  });
});
