import { describe, expect, it } from 'vitest';
import { parseTarget } from '../../../../main/core/bank/stages/route.js';

describe('parseTarget (the route stage)', () => {
  it('decodes percent-encoded segments and keeps the others as sent', () => {
    expect(parseTarget('/v1/a%20b/c%2Fd/plain')).toEqual({
      path: '/v1/a%20b/c%2Fd/plain',
      segments: ['v1', 'a b', 'c/d', 'plain'],
      query: new Map(),
    });
  });

  it('refuses a segment that is not valid percent-encoding, naming it', () => {
    expect(parseTarget('/v1/%ZZ')).toEqual({
      error: "path segment '%ZZ' is not valid percent-encoding",
    });
  });

  it('collects repeated query parameters, and has none for an empty or absent query', () => {
    expect(parseTarget('/v1/x?b=1&a=2&b=3%204')).toMatchObject({
      path: '/v1/x',
      query: new Map([
        ['b', ['1', '3 4']],
        ['a', ['2']],
      ]),
    });
    expect(parseTarget('/v1/x?')).toEqual({
      path: '/v1/x',
      segments: ['v1', 'x'],
      query: new Map(),
    });
    expect(parseTarget('/v1/x')).toEqual({
      path: '/v1/x',
      segments: ['v1', 'x'],
      query: new Map(),
    });
  });
});
