import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { createExpect } from '../../../../main/core/runner/engine/expect';
import type { EvidenceItem } from '../../../../main/shared/run-result';
import {
  AssertionFailure,
  isAssertionFailure,
  type EvidenceExchange,
  type Expect,
} from '../../../../main/core/runner/check-api/index';
import { fakeExchange } from '../fakes';

type Recorded = Omit<Extract<EvidenceItem, { kind: 'assertion' }>, 'kind' | 'at'>;

function setup(): { recorded: Recorded[]; expectThat: Expect } {
  const recorded: Recorded[] = [];
  return { recorded, expectThat: createExpect({ assertion: (record) => recorded.push(record) }) };
}

function failureOf(action: () => unknown): AssertionFailure {
  try {
    action();
  } catch (error) {
    if (isAssertionFailure(error)) return error;
    throw error;
  }
  throw new Error('expected an AssertionFailure');
}

const errorBody = {
  tppMessages: [
    {
      category: 'ERROR',
      code: 'FORMAT_ERROR',
      text: 'creditorName: must have at most 70 characters',
    },
    { category: 'WARNING', code: 'BAD_REQUEST', text: 'deprecated header' },
  ],
};

describe('expect.status', () => {
  it('passes on the expected status and records the comparison with the exchange id', () => {
    const { recorded, expectThat } = setup();
    const exchange = fakeExchange({ method: 'POST', path: '/v1/consents', status: 201 });
    expectThat.status(exchange, 201);
    expect(recorded).toEqual([
      {
        what: 'HTTP status of POST /v1/consents',
        passed: true,
        expected: 201,
        actual: 201,
        exchangeId: exchange.id,
      },
    ]);
  });

  it('accepts one of several statuses, and fails naming them all', () => {
    const { expectThat } = setup();
    expectThat.status(fakeExchange({ status: 404 }), [400, 404]);
    const failure = failureOf(() => expectThat.status(fakeExchange({ status: 500 }), [400, 404]));
    expect(failure).toMatchObject({ expected: [400, 404], actual: 500 });
  });

  it('fails with the transport error when there was no response', () => {
    const { recorded, expectThat } = setup();
    const exchange: EvidenceExchange = { ...fakeExchange(), transportError: 'ECONNREFUSED' };
    delete exchange.response;
    const failure = failureOf(() => expectThat.status(exchange, 200, 'status of the consent'));
    expect(failure.what).toBe('status of the consent');
    expect(failure.actual).toBe('no response: ECONNREFUSED');
    expect(failure.exchange).toBe(exchange);
    expect(recorded[0]?.passed).toBe(false);
  });
});

describe('expect.tppMessage', () => {
  it('finds the message by code and category and returns it', () => {
    const { expectThat } = setup();
    const exchange = fakeExchange({ status: 400, json: errorBody });
    const message = expectThat.tppMessage(exchange, {
      code: 'FORMAT_ERROR',
      textIncludes: 'CreditorName',
    });
    expect(message.text).toBe('creditorName: must have at most 70 characters');
  });

  it('reads the body when the exchange carries no parsed JSON', () => {
    const { expectThat } = setup();
    const exchange = fakeExchange({ status: 400, body: JSON.stringify(errorBody) });
    expect(exchange.response?.json).toBeUndefined();
    expect(expectThat.tppMessage(exchange, { code: 'FORMAT_ERROR' }).code).toBe('FORMAT_ERROR');
  });

  it('fails on a wrong category, a missing text, or a body without tppMessages', () => {
    const { expectThat } = setup();
    const exchange = fakeExchange({ status: 400, json: errorBody });
    expect(() => expectThat.tppMessage(exchange, { code: 'BAD_REQUEST' })).toThrow(
      AssertionFailure,
    );
    expectThat.tppMessage(exchange, { code: 'BAD_REQUEST', category: 'WARNING' });
    const wrongText = failureOf(() =>
      expectThat.tppMessage(exchange, { code: 'FORMAT_ERROR', textIncludes: 'remittance' }),
    );
    expect(wrongText.actual).toEqual(errorBody.tppMessages);
    const noMessages = failureOf(() =>
      expectThat.tppMessage(fakeExchange({ status: 400, body: '<html>oops</html>' }), {
        code: 'FORMAT_ERROR',
      }),
    );
    expect(noMessages.message).toMatch(/expected a tppMessages array with FORMAT_ERROR/);
    expect(noMessages.actual).toBe('<html>oops</html>');
  });

  it('takes one of several codes, and the path of the header or field the entry names', () => {
    const { expectThat } = setup();
    const exchange = fakeExchange({
      status: 400,
      json: {
        tppMessages: [
          { category: 'ERROR', code: 'BAD_REQUEST', path: 'Signature', text: 'keyId mismatch' },
          { category: 'ERROR', code: 'FORMAT_ERROR', path: '[0].bookingDate', text: 'bad date' },
          { category: 'ERROR', code: 'FORMAT_ERROR', path: 'roles[1]', text: 'unknown role' },
          { category: 'ERROR', code: 'FORMAT_ERROR', text: 'refused: X-Request-ID, PSU-ID' },
        ],
      },
    });
    const either = ['FORMAT_ERROR', 'BAD_REQUEST'] as const;
    expectThat.tppMessage(exchange, { code: either, path: 'signature', textIncludes: 'keyId' });
    expectThat.tppMessage(exchange, { code: 'FORMAT_ERROR', path: 'bookingDate' });
    expectThat.tppMessage(exchange, { code: 'FORMAT_ERROR', path: 'roles' });
    // A text that names the header is not an entry on it.
    expect(() => expectThat.tppMessage(exchange, { code: either, path: 'X-Request-ID' })).toThrow(
      AssertionFailure,
    );
    expect(() => expectThat.tppMessage(exchange, { code: either, path: 'Date' })).toThrow(
      AssertionFailure,
    );
    expect(() => expectThat.tppMessage(exchange, { code: 'CONFLICT', path: 'Signature' })).toThrow(
      AssertionFailure,
    );
  });
});

describe('expect.equal, expect.true, expect.schema', () => {
  it('equal compares deeply and strictly', () => {
    const { expectThat } = setup();
    expectThat.equal({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] }, 'structure');
    const failure = failureOf(() => expectThat.equal<unknown>({ a: 1 }, { a: '1' }, 'types'));
    expect(failure).toMatchObject({ what: 'types', expected: { a: '1' }, actual: { a: 1 } });
  });

  it('true passes on truthy values and fails on falsy ones', () => {
    const { recorded, expectThat: asserting } = setup();
    const expectThat: Expect = asserting; // assertion signatures need an annotated receiver
    expectThat.true('x', 'non-empty');
    expect(() => expectThat.true(0, 'zero')).toThrow(/zero: expected true, got 0/);
    expect(recorded.map((r) => r.passed)).toEqual([true, false]);
  });

  it('schema validates with the spec validator and lists the problems by field', () => {
    const { expectThat } = setup();
    const schema = Type.Object({
      creditorName: Type.String({ maxLength: 5 }),
      amount: Type.String(),
    });
    expectThat.schema({ creditorName: 'Ola', amount: '1.00' }, schema, 'payment body');
    const failure = failureOf(() =>
      expectThat.schema({ creditorName: 'Nordmann' }, schema, 'payment body'),
    );
    expect([...(failure.actual as string[])].sort()).toEqual([
      'amount: is required',
      'creditorName: must have at most 5 characters',
    ]);
    expect(failure.message).toMatch(/^payment body: not valid against the schema: /);
  });
});
