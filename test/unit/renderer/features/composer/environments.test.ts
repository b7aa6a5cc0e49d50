/**
 * Capture rules and environments (renderer/src/features/composer/variables.ts, environments.ts):
 * the scaRedirect and the session's PSU-ID / PSU-Corporate-ID become variables, captures go into
 * the active environment, switching keeps each environment's values.
 */
import { describe, expect, it } from 'vitest';
import {
  activeVariables,
  capturedInto,
  emptyTargetVariables,
  environmentNameProblem,
  switchedTo,
  withEnvironment,
  withoutVariable,
  withSecretMark,
  withVariable,
} from '../../../../../renderer/src/features/composer/environments';
import {
  capturedFrom,
  capturedFromSession,
  variableValues,
} from '../../../../../renderer/src/features/composer/variables';

describe('capture rules', () => {
  it('captures the payment, basket and the scaRedirect link of an answer', () => {
    expect(
      capturedFrom({
        transactionStatus: 'RCVD',
        paymentId: 'p1',
        _links: {
          scaRedirect: { href: 'https://bank.example/sca?id=p1' },
          startAuthorisation: { href: '/v1/payments/sepa/p1/authorisations' },
        },
      }),
    ).toEqual({ paymentId: ['p1'], scaRedirect: ['https://bank.example/sca?id=p1'] });
    expect(capturedFrom({ basketId: 'b1', _links: { scaRedirect: 'https://x/sca' } })).toEqual({
      basketId: ['b1'],
      scaRedirect: ['https://x/sca'],
    });
  });

  it('takes the PSU-ID and PSU-Corporate-ID from the PSU session, only what it knows', () => {
    expect(capturedFromSession({ psuId: 'psu-1', psuCorporateId: 'corp-9' })).toEqual({
      psuId: ['psu-1'],
      psuCorporateId: ['corp-9'],
    });
    expect(capturedFromSession({ psuId: null })).toEqual({});
  });
});

describe('environments', () => {
  it('captures into the active environment and keeps the others when switching', () => {
    let target = capturedInto(undefined, { consentId: ['c1'] }, 'POST /v1/consents');
    expect(target.active).toBe('default');
    target = withEnvironment(target, ' staging ');
    expect(target.active).toBe('staging');
    expect(activeVariables(target)).toEqual({});
    target = capturedInto(target, { consentId: ['c2'] }, 'POST /v1/consents');
    expect(variableValues(activeVariables(target))).toEqual({ consentId: 'c2' });
    target = switchedTo(target, 'default');
    expect(variableValues(activeVariables(target))).toEqual({ consentId: 'c1' });
    expect(switchedTo(target, 'nowhere')).toBe(target);
  });

  it('sets and removes a variable by hand in the active environment only', () => {
    let target = withVariable(emptyTargetVariables(), 'resourceId', 'acc-1');
    expect(activeVariables(target).resourceId).toEqual([{ value: 'acc-1', from: 'set by hand' }]);
    target = withEnvironment(target, 'other');
    target = withVariable(target, 'resourceId', 'acc-2');
    target = withoutVariable(target, 'resourceId');
    expect(activeVariables(target)).toEqual({});
    expect(activeVariables(switchedTo(target, 'default')).resourceId?.[0]?.value).toBe('acc-1');
  });

  it('names what is wrong with a new environment name', () => {
    const target = emptyTargetVariables();
    expect(environmentNameProblem(target, ' ')).toMatch(/name/);
    expect(environmentNameProblem(target, 'default')).toMatch(/already/);
    expect(environmentNameProblem(target, 'x'.repeat(61))).toMatch(/60/);
    expect(environmentNameProblem(target, 'prod')).toBeUndefined();
  });
});

describe('marking a variable secret', () => {
  it('sets and clears the mark on each value; a sealed one stays secret', () => {
    const set = withVariable(undefined, 'token', 't-1', true);
    expect(activeVariables(set).token).toEqual([
      { value: 't-1', from: 'set by hand', secret: true },
    ]);
    const plain = withSecretMark(set, 'token', false);
    expect(activeVariables(plain).token).toEqual([{ value: 't-1', from: 'set by hand' }]);
    expect(activeVariables(withSecretMark(plain, 'token', true)).token![0]!.secret).toBe(true);
    const sealed = {
      active: 'default',
      environments: {
        default: { psuPassword: [{ value: '', from: 'imported', secret: true, sealed: 'AAAA' }] },
      },
    };
    expect(withSecretMark(sealed, 'psuPassword', false)).toBe(sealed);
  });
});
