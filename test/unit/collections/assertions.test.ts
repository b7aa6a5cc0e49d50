import { describe, expect, it } from 'vitest';
import {
  assertionName,
  judged,
  jsonPathSteps,
  parsedAssertion,
  statusMatches,
  valueAt,
} from '../../../main/core/collections/assertions';

describe('JSON paths of the subset', () => {
  it('reads names, quoted names and indexes', () => {
    expect(jsonPathSteps('$._links.scaRedirect.href')).toEqual(['_links', 'scaRedirect', 'href']);
    expect(jsonPathSteps('$.accounts[0]["iban no"]')).toEqual(['accounts', 0, 'iban no']);
    expect(jsonPathSteps('$')).toEqual([]);
  });

  it('names what is wrong with a path outside the subset', () => {
    expect(() => jsonPathSteps('consentStatus')).toThrow(/does not begin with '\$'/);
    expect(() => jsonPathSteps('$..consentStatus')).toThrow(/has '\.\.consentStatus' where a step/);
    expect(() => jsonPathSteps('$.a[*]')).toThrow(/'\[\*\]'/);
  });

  it('finds own properties only, never what Object.prototype has', () => {
    const json = JSON.parse('{"a":{"b":[{"c":1}]}}') as unknown;
    expect(valueAt(json, ['a', 'b', 0, 'c'])).toBe(1);
    expect(valueAt(json, ['a', 'constructor'])).toBeUndefined();
    expect(valueAt(json, ['a', 'b', 1])).toBeUndefined();
    expect(valueAt(json, ['a', 0])).toBeUndefined();
  });
});

describe('assertions', () => {
  it('reads back the words it names them by', () => {
    for (const text of [
      'status 201',
      'status 2xx',
      '$.consentStatus == "received"',
      '$.consentId exists',
      '$.n == 3',
    ])
      expect(assertionName(parsedAssertion(text))).toBe(text);
  });

  it('refuses what is not an assertion, saying what to write', () => {
    expect(() => parsedAssertion('status 2x')).toThrow(/'2x' is not a status/);
    expect(() => parsedAssertion('$.a == received')).toThrow(/not a JSON value: quote a text/);
    expect(() => parsedAssertion('consentStatus is received')).toThrow(/is not an assertion/);
  });

  it('matches a status by its digits or its class', () => {
    expect(statusMatches(201, '201')).toBe(true);
    expect(statusMatches(201, '2xx')).toBe(true);
    expect(statusMatches(400, '2xx')).toBe(false);
    expect(statusMatches(200, '201')).toBe(false);
  });

  it('judges an answer and says what it had instead', () => {
    const answer = { status: 201, json: { consentStatus: 'received', consentId: 'c-1' } };
    expect(judged(parsedAssertion('status 201'), answer)).toEqual({
      name: 'status 201',
      passed: true,
    });
    expect(judged(parsedAssertion('$.consentStatus == "valid"'), answer)).toEqual({
      name: '$.consentStatus == "valid"',
      passed: false,
      message: '$.consentStatus was "received"',
    });
    expect(judged(parsedAssertion('$.consentId exists'), answer).passed).toBe(true);
    expect(judged(parsedAssertion('$.psuMessage exists'), answer).message).toBe(
      '$.psuMessage is not in the answer',
    );
    expect(judged(parsedAssertion('status 2xx'), { status: 400 }).message).toBe(
      'the status was 400',
    );
    expect(judged(parsedAssertion('$.a exists'), { status: 200 }).message).toBe(
      'the answer is not JSON',
    );
    expect(judged(parsedAssertion('status 200'), undefined).message).toBe('no answer');
  });

  it('compares JSON by value, whatever the order of keys', () => {
    const answer = { status: 200, json: { o: { b: 2, a: [1, null] } } };
    expect(judged(parsedAssertion('$.o == {"a":[1,null],"b":2}'), answer).passed).toBe(true);
    expect(judged(parsedAssertion('$.o == {"a":[1],"b":2}'), answer).passed).toBe(false);
  });
});
