/**
 * An INSERT's VALUES list with each field a parameter (store/pg-values.ts): numbered after the
 * parameters the statement already has, in row order, and refused past PostgreSQL's limit.
 */
import { describe, expect, it } from 'vitest';
import { MAX_PARAMETERS, valuesList } from '../../../../main/core/bank/store/pg-values.js';

describe('a VALUES list of parameters', () => {
  it('numbers each field after the parameters before it, row by row', () => {
    const values: unknown[] = ['collection'];
    const list = valuesList(
      [
        [1, '{"a":"\\"quoted\\""}', null],
        [2, '{}', 'x'],
      ],
      values,
    );
    expect(list).toBe('($2, $3, $4), ($5, $6, $7)');
    expect(values).toEqual(['collection', 1, '{"a":"\\"quoted\\""}', null, 2, '{}', 'x']);
  });

  it('makes an empty list of no rows', () => {
    const values: unknown[] = [];
    expect(valuesList([], values)).toBe('');
    expect(values).toEqual([]);
  });

  it('refuses a statement past the parameter limit, naming it', () => {
    const rows = Array.from({ length: Math.floor(MAX_PARAMETERS / 2) + 1 }, () => [1, 2]);
    expect(() => valuesList(rows, [])).toThrow(
      `${rows.length} rows of 2 fields pass 65535 parameters`,
    );
  });
});
