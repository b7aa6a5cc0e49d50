import { afterEach, describe, expect, it } from 'vitest';
import { request } from 'undici';
import {
  readScaRedirect,
  startRedirectListener,
  type RedirectListener,
} from '../../../main/core/tpp/redirect-listener';

const PSU = '3f0c6f0e-8a43-4a8e-9f43-3d2a1c7b8e11';
const CORP = '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d';
let listener: RedirectListener | undefined;
afterEach(() => listener?.close());

describe('SCA redirect listener', () => {
  it('receives a §6.1 success redirect for the waiting TPP session and answers the browser', async () => {
    listener = await startRedirectListener();
    const waiting = listener.waitFor('session-1', 5000);
    const res = await request(
      `${listener.redirectUri}?psu-id=${PSU}&psu-corporate-id=${CORP}&tpp-session-id=session-1&context=CORPORATE`,
    );
    expect(res.statusCode).toBe(200);
    const html = await res.body.text();
    expect(html).toContain('Authorisation complete');
    // The page shows what the bank sent (§6.1), for the PSU's window that stays open on it.
    expect(html).toContain(`data-testid="redirect-param-psu-id" `);
    expect(html).toContain(`>${CORP}</td>`);
    expect(await waiting).toMatchObject({
      outcome: 'success',
      psuId: PSU,
      psuCorporateId: CORP,
      tppSessionId: 'session-1',
      context: 'CORPORATE',
      problems: [],
    });
  });

  it('shows a §6.2 failure with its parameters, escaped', async () => {
    listener = await startRedirectListener();
    const res = await request(
      `${listener.redirectUri}?status=401&code=PSU_CREDENTIALS_INVALID&message=${encodeURIComponent('<b>no</b>')}`,
    );
    const html = await res.body.text();
    expect(html).toContain('Authorisation failed');
    expect(html).toContain('&lt;b&gt;no&lt;/b&gt;');
    expect(html).not.toContain('<b>no</b>');
    expect(html).toContain('PSU_CREDENTIALS_INVALID');
  });

  it('ignores redirects of other TPP sessions and times out with a clear message', async () => {
    listener = await startRedirectListener();
    const waiting = listener.waitFor('mine', 300);
    await (
      await request(`${listener.redirectUri}?psu-id=${PSU}&tpp-session-id=other&context=PRIVATE`)
    ).body.text();
    await expect(waiting).rejects.toThrow(/no SCA redirect arrived/);
  });

  it('reads a §6.2 failure redirect', () => {
    const redirect = readScaRedirect(
      new URLSearchParams({
        system: 'payments',
        status: '400',
        code: 'PAYMENT_FAILED',
        message: 'Not enough funds',
      }),
    );
    expect(redirect).toMatchObject({
      outcome: 'failure',
      status: 400,
      code: 'PAYMENT_FAILED',
      message: 'Not enough funds',
      problems: [],
    });
  });

  it.each([
    [
      { 'psu-id': 'not-a-uuid', 'tpp-session-id': 's', context: 'PRIVATE' },
      /psu-id 'not-a-uuid' is not an RFC 4122 UUID/,
    ],
    [{ 'psu-id': PSU, 'tpp-session-id': 's', context: 'CORPORATE' }, /psu-corporate-id is missing/],
    [
      { 'psu-id': PSU, 'tpp-session-id': 's', context: 'BUSINESS' },
      /context must be PRIVATE or CORPORATE/,
    ],
    [{ 'psu-id': PSU, context: 'PRIVATE' }, /tpp-session-id is missing/],
    [{ code: 'SCA_INVALID' }, /carries status/],
  ])('reports where a redirect breaks §6 (%j)', (query, problem) => {
    expect(
      readScaRedirect(new URLSearchParams(query as Record<string, string>)).problems.join('\n'),
    ).toMatch(problem);
  });

  it('answers 404 to anything but the callback path', async () => {
    listener = await startRedirectListener();
    const res = await request(listener.redirectUri.replace('/callback', '/other'));
    expect(res.statusCode).toBe(404);
    await res.body.text();
  });
});

describe('SCA redirect listener: one TPP-Redirect-URI per waiter', () => {
  it('hands each redirect to the waiter whose key is in its path, whatever its parameters', async () => {
    listener = await startRedirectListener();
    const first = listener.waitForKey('CHECK-A.1', 5000);
    const second = listener.waitForKey('CHECK-B.2', 5000);
    // Same TPP session in both: only the path tells them apart.
    await (
      await request(
        `${listener.redirectUriFor('CHECK-B.2')}?psu-id=${PSU}&tpp-session-id=s&context=PRIVATE`,
      )
    ).body.text();
    await (
      await request(
        `${listener.redirectUriFor('CHECK-A.1')}?system=x&status=400&code=PSU_FAILED&message=m`,
      )
    ).body.text();
    expect(await second).toMatchObject({ outcome: 'success', psuId: PSU });
    expect(await first).toMatchObject({ outcome: 'failure', code: 'PSU_FAILED' });
  });

  it('times out naming the URI it waited on, and stops waiting when the check is aborted', async () => {
    listener = await startRedirectListener();
    await expect(listener.waitForKey('late', 200)).rejects.toThrow(
      new RegExp(`no SCA redirect reached ${listener.redirectUriFor('late')} within 0 s`),
    );
    const abort = new AbortController();
    const waiting = listener.waitForKey('k', 5000, abort.signal);
    abort.abort(new Error('check timed out'));
    await expect(waiting).rejects.toThrow('check timed out');
    const other = await request(`${listener.redirectUri}/../elsewhere`);
    expect(other.statusCode).toBe(404);
    await other.body.text();
  });
});
