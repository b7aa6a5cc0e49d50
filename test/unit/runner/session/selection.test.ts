import { describe, expect, it } from 'vitest';
import { selectChecks } from '../../../../main/core/runner/session/selection';
import { check, resultWith } from '../fakes';

const checks = [
  check('SIGN-MISSING', undefined, {
    area: 'signing',
    rules: ['SIGN-MISSING-400'],
    tags: ['smoke'],
  }),
  check('SIGN-KEYID', undefined, {
    area: 'signing',
    rules: ['SIGN-KEYID-FORMAT'],
    title: 'keyId names the CA',
  }),
  check('HDR-PSU-ID', undefined, {
    area: 'headers',
    rules: ['HDR-PSU-ID-UUID'],
    tags: ['smoke', 'psu'],
  }),
  check('PAY-E2EID', undefined, {
    area: 'payments',
    rules: ['PAY-E2EID-MAX-35', 'ERR-STATUS-400'],
  }),
];
const ids = (selected: { id: string }[]) => selected.map((c) => c.id);

describe('selectChecks', () => {
  it('returns every check, in order, without a selection', () => {
    expect(ids(selectChecks(checks))).toEqual([
      'SIGN-MISSING',
      'SIGN-KEYID',
      'HDR-PSU-ID',
      'PAY-E2EID',
    ]);
  });

  it('filters by area, rule, tag and id; values of one filter widen', () => {
    expect(ids(selectChecks(checks, { areas: ['signing', 'payments'] }))).toEqual([
      'SIGN-MISSING',
      'SIGN-KEYID',
      'PAY-E2EID',
    ]);
    expect(ids(selectChecks(checks, { ruleIds: ['ERR-STATUS-400', 'HDR-PSU-ID-UUID'] }))).toEqual([
      'HDR-PSU-ID',
      'PAY-E2EID',
    ]);
    expect(ids(selectChecks(checks, { tags: ['psu'] }))).toEqual(['HDR-PSU-ID']);
    expect(ids(selectChecks(checks, { ids: ['SIGN-KEYID'] }))).toEqual(['SIGN-KEYID']);
  });

  it('drops the checks an exclusion names by id, tag or area, whatever else selects them', () => {
    expect(ids(selectChecks(checks, { exclude: ['SIGN-KEYID'] }))).toEqual([
      'SIGN-MISSING',
      'HDR-PSU-ID',
      'PAY-E2EID',
    ]);
    expect(ids(selectChecks(checks, { exclude: ['smoke'] }))).toEqual(['SIGN-KEYID', 'PAY-E2EID']);
    expect(ids(selectChecks(checks, { exclude: ['signing', 'payments'] }))).toEqual(['HDR-PSU-ID']);
    expect(ids(selectChecks(checks, { areas: ['signing'], exclude: ['smoke'] }))).toEqual([
      'SIGN-KEYID',
    ]);
  });

  it('matches text case-insensitively in id, title and rule ids', () => {
    expect(ids(selectChecks(checks, { text: 'THE ca' }))).toEqual(['SIGN-KEYID']);
    expect(ids(selectChecks(checks, { text: 'e2eid-max' }))).toEqual(['PAY-E2EID']);
  });

  it('narrows when filters of different kinds are combined', () => {
    expect(ids(selectChecks(checks, { tags: ['smoke'], areas: ['headers'] }))).toEqual([
      'HDR-PSU-ID',
    ]);
    expect(selectChecks(checks, { tags: ['smoke'], areas: ['payments'] })).toEqual([]);
  });

  it('selects only the checks that failed in a previous run', () => {
    const previous = resultWith({
      'SIGN-MISSING': 'PASS',
      'SIGN-KEYID': 'FAIL',
      'HDR-PSU-ID': 'WARNING',
      'PAY-E2EID': 'FAIL',
    });
    expect(ids(selectChecks(checks, { failedIn: previous }))).toEqual(['SIGN-KEYID', 'PAY-E2EID']);
    expect(ids(selectChecks(checks, { failedIn: previous, areas: ['payments'] }))).toEqual([
      'PAY-E2EID',
    ]);
  });

  it('re-runs a rule FAILed on every answer through the checks whose answers broke it', () => {
    const previous = resultWith({ 'SIGN-MISSING': 'PASS', 'HDR-PSU-ID': 'PASS' });
    previous.checks.push({
      ...previous.checks[0]!,
      checkId: 'EVERY-ANSWER-GEN-RESPONSE-DATE-HEADER-RFC-7231',
      area: 'every-answer',
      status: 'FAIL',
      observedIn: ['HDR-PSU-ID', 'SIGN-MISSING'],
    });
    expect(ids(selectChecks(checks, { failedIn: previous }))).toEqual([
      'SIGN-MISSING',
      'HDR-PSU-ID',
    ]);
  });
});
