import { describe, expect, it } from 'vitest';
import { bodyJson } from '../../../../../main/core/bank/log/tpp-findings/body-json.js';

describe('a request body as the judges read it', () => {
  it('is the parsed JSON, the same value for the same text asked again', () => {
    const text = '{"debtorAccount":{"iban":"NO5297100512347"}}';
    const first = bodyJson(text);
    expect(first).toEqual({ debtorAccount: { iban: 'NO5297100512347' } });
    expect(bodyJson(text)).toBe(first);
  });

  it('is undefined for no body and for text that is no JSON, whatever was asked before', () => {
    expect(bodyJson('{"a":1}')).toEqual({ a: 1 });
    expect(bodyJson(undefined)).toBeUndefined();
    expect(bodyJson('{"a":')).toBeUndefined();
    expect(bodyJson('{"a":')).toBeUndefined();
    expect(bodyJson('')).toBeUndefined();
    expect(bodyJson('null')).toBeNull();
    expect(bodyJson('{"b":2}')).toEqual({ b: 2 });
  });
});
