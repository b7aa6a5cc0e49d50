/**
 * The SCA pages put the focus on their first control with `autofocus` (they carry no script):
 * a PSU starts typing or choosing at once.
 */
import { describe, expect, it } from 'vitest';
import {
  authorisePage,
  codePage,
  consentPage,
  contextPage,
  loginPage,
  type ConsentRow,
} from '../../../../../../main/core/bank/handlers/sca/pages/views.js';

const base = { mode: 'sandbox' as const, authorisationId: 'a-1', formToken: 't' };

/** The `data-testid`s of the elements that carry `autofocus`, in document order. */
function autofocused(page: string): string[] {
  const tags = page.match(/<(?:input|button)\b[^>]*>/g) ?? [];
  return tags
    .filter((tag) => /\sautofocus(?=[\s/>])/.test(tag))
    .map((tag) => /data-testid="([^"]*)"/.exec(tag)?.[1] ?? '?');
}

const account = (id: string, granted: boolean): ConsentRow => ({
  kind: 'account',
  id,
  name: `Account ${id}`,
  iban: `NO00${id}`,
  currency: 'NOK',
  granted,
});

describe('SCA pages autofocus their first control', () => {
  it('login: the national identity number', () => {
    expect(autofocused(loginPage({ ...base, appFlowRequested: false }))).toEqual([
      'national-identity-number',
    ]);
  });

  it('code: the one-time code', () => {
    expect(autofocused(codePage({ ...base, oneTimeCode: '123456' }))).toEqual(['one-time-code']);
  });

  it('context: the first choice only', () => {
    const options = [
      { value: 'PRIVATE', label: 'Privately' },
      { value: 'agreement:9', label: 'Firma AS', agreementId: '9' },
    ];
    expect(autofocused(contextPage({ ...base, options }))).toEqual(['context-private']);
  });

  it("consent: the first account's checkbox, or Confirm when there is none", () => {
    const consent = { ...base, title: 'Share', lines: [], context: 'Privately' };
    expect(
      autofocused(consentPage({ ...consent, accounts: [account('1', false), account('2', true)] })),
    ).toEqual(['account-1']);
    expect(autofocused(consentPage({ ...consent, accounts: [] }))).toEqual(['confirm']);
  });

  it('authorise: Confirm', () => {
    expect(autofocused(authorisePage({ ...base, title: 'Pay', lines: ['1 NOK'] }))).toEqual([
      'confirm',
    ]);
  });
});
