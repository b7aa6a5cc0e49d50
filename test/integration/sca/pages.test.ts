/**
 * The SCA pages as an attacker or a sloppy client meets them: link token,
 * browser binding, anti-forgery token, stale and malformed forms, the redirect going only to the
 * TPP-Redirect-URI, the strict CSP, HTML escaping, and production's one-time-code login.
 */
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findElement, parseForms, formData } from '../../../main/core/tpp/psu-agent/html-forms.js';
import { issueQsealc } from '../../../main/core/certs/issue.js';
import { OLA, REDIRECT_URI, json, startHarness, type Harness } from './harness.js';

let h: Harness;
let production: Harness;
beforeAll(async () => {
  h = await startHarness();
  production = await startHarness({ mode: 'production', pki: h.pki });
});
afterAll(() => Promise.all([h.close(), production.close()]));

async function get(url: string, cookie?: string) {
  const response = await request(url, { headers: cookie ? { cookie } : {} });
  const setCookie = response.headers['set-cookie'];
  return {
    status: response.statusCode,
    headers: response.headers,
    cookie: (Array.isArray(setCookie) ? setCookie[0] : setCookie)?.split(';')[0],
    html: await response.body.text(),
  };
}

async function post(url: string, fields: [string, string][], cookie?: string, type?: string) {
  const response = await request(url, {
    method: 'POST',
    headers: {
      'content-type': type ?? 'application/x-www-form-urlencoded',
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });
  return {
    status: response.statusCode,
    location: response.headers.location as string | undefined,
    html: await response.body.text(),
  };
}

/** Opens a fresh consent's scaRedirect in a "browser": its URL, page, cookie and form fields. */
async function opened(harness = h) {
  const tpp = harness.tpp();
  const start = await tpp.startConsent();
  const page = await get(start.scaRedirect);
  const form = parseForms(page.html)[0]!;
  const action = new URL(form.action, start.scaRedirect).toString();
  return { tpp, start, page, form, action, cookie: page.cookie! };
}

describe('SCA page guards', () => {
  it('serves HTML with a strict CSP that lets forms reach only the bank and the TPP', async () => {
    const { page } = await opened();
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`form-action 'self' ${new URL(REDIRECT_URI).origin}`);
    expect(csp).not.toContain('script-src');
    expect(page.html).not.toMatch(/<script/i);
    expect(page.cookie).toMatch(/^psd2-sca=/);
    const css = await get(`${h.baseUrl}/sca/assets/sca.css`);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('refuses the authorisation id without its link token, or with another one', async () => {
    const first = await h.tpp().startConsent();
    const second = await h.tpp().startConsent();
    const id = first.scaRedirect.split('/sca/')[1]!.split('?')[0]!;
    const secondToken = new URL(second.scaRedirect).searchParams.get('t')!;
    for (const url of [`${h.baseUrl}/sca/${id}`, `${h.baseUrl}/sca/${id}?t=${secondToken}`]) {
      const page = await get(url);
      expect(page.status).toBe(403);
      expect(findElement(page.html, 'sca-page')?.attributes['data-step']).toBe('error');
    }
    expect((await get(`${h.baseUrl}/sca/no-such-authorisation?t=x`)).status).toBe(404);
  });

  it('binds the first browser: another browser with the same link gets an error page', async () => {
    const { start, cookie } = await opened();
    expect((await get(start.scaRedirect)).status).toBe(403);
    expect((await get(start.scaRedirect, cookie)).status).toBe(200);
  });

  it('refuses a form without the anti-forgery token, or without the browser cookie', async () => {
    const { form, action, cookie } = await opened();
    const fields = formData(form).filter(([name]) => name !== 'csrf');
    const forged = await post(action, [...fields, ['csrf', 'forged']], cookie);
    expect(forged.status).toBe(403);
    expect(findElement(forged.html, 'error-message')?.text).toMatch(/anti-forgery/);
    const cookieless = await post(action, formData(form));
    expect(cookieless.status).toBe(403);
  });

  it('answers malformed forms with an error page, never a 500', async () => {
    const { form, action, cookie } = await opened();
    const json = await post(action, formData(form), cookie, 'application/json');
    expect(json.status).toBe(400);
    expect(findElement(json.html, 'error-message')?.text).toMatch(/x-www-form-urlencoded/);
    const twice = await post(action, [...formData(form), ['step', 'login']], cookie);
    expect(twice.status).toBe(400);
    expect(findElement(twice.html, 'error-message')?.text).toMatch(/'step' is sent more than once/);
  });

  it('sandbox login lists the test identities; an empty submit uses no attempt', async () => {
    const { page, form, action, cookie } = await opened();
    expect(findElement(page.html, 'login-hints')).toBeDefined();
    expect(page.html).toContain(OLA.nationalIdentityNumber);
    const login = (value: string) =>
      post(
        action,
        [
          ...formData(form).filter(([n]) => n !== 'nationalIdentityNumber'),
          ['nationalIdentityNumber', value],
          ['action', 'login'],
        ],
        cookie,
      );
    for (let i = 0; i < 4; i++) {
      const empty = await login('   ');
      expect(empty.status).toBe(400);
      expect(findElement(empty.html, 'sca-page')?.attributes['data-step']).toBe('login');
      expect(findElement(empty.html, 'form-error')?.text).toMatch(/No login attempt was used/);
    }
    const wrong = await login('01010112345');
    expect(findElement(wrong.html, 'form-error')?.text).toMatch(/2 attempts left/);
  });

  it('re-shows the current page for a stale step instead of acting on it', async () => {
    const { form, action, cookie } = await opened();
    const stale = formData(form).map(([n, v]): [string, string] => [
      n,
      n === 'step' ? 'consent' : v,
    ]);
    const answer = await post(action, [...stale, ['action', 'confirm']], cookie);
    expect(answer.status).toBe(200);
    expect(findElement(answer.html, 'sca-page')?.attributes['data-step']).toBe('login');
    expect(findElement(answer.html, 'notice')?.text).toMatch(/no longer current/);
  });

  it('redirects only to the TPP-Redirect-URI of the starting request, whatever the form says', async () => {
    const { form, action, cookie } = await opened();
    const fields = formData(
      form,
      form.controls.find((c) => c.value === 'login'),
    ).map(([n, v]): [string, string] => [
      n,
      n === 'nationalIdentityNumber' ? OLA.nationalIdentityNumber : v,
    ]);
    const redirectAttempt: [string, string][] = [
      ['redirect', 'https://evil.example/'],
      ['TPP-Redirect-URI', 'https://evil.example/'],
    ];
    const loggedIn = await post(action, [...fields, ...redirectAttempt], cookie);
    expect(loggedIn.status).toBe(303);
    expect(loggedIn.location).toBe(new URL(action).pathname);
    let page = await get(new URL(loggedIn.location!, action).toString(), cookie);
    let current = parseForms(page.html)[0]!;
    if (current.attributes.name === 'context') {
      const answer = await post(
        action,
        [
          ...formData(
            current,
            current.controls.find((c) => c.value === 'choose'),
          ),
          ...redirectAttempt,
        ],
        cookie,
      );
      page = await get(new URL(answer.location!, action).toString(), cookie);
      current = parseForms(page.html)[0]!;
    }
    const confirm = current.controls.find((c) => c.value === 'confirm');
    const done = await post(action, [...formData(current, confirm), ...redirectAttempt], cookie);
    expect(done.status).toBe(303);
    expect(done.location!.startsWith(`${REDIRECT_URI}?`)).toBe(true);
    // A finished authorisation cannot be replayed.
    expect((await get(new URL(loggedIn.location!, action).toString(), cookie)).status).toBe(409);
  });

  it('escapes what the TPP controls (its certificate name) in the page', async () => {
    const seal = await issueQsealc({
      issuer: h.pki.ca.issuer,
      subject: {
        commonName: '<img src=x onerror=alert(1)> & "Co"',
        organizationName: 'Mischief AS',
        countryName: 'NO',
        organizationIdentifier: 'PSDNO-FSA-777777777',
      },
      roles: ['PSP_AI'],
      ncaName: 'Finanstilsynet',
      ncaId: 'NO-FSA',
      keyPair: h.pki.keyPair,
    });
    const { scaRedirect } = await h.tpp({ certificate: seal }).startConsent();
    const page = await get(scaRedirect);
    expect(page.html).not.toContain('<img');
    expect(page.html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Co&quot;');
    expect(findElement(page.html, 'tpp-name')?.text).toBe(
      'For <img src=x onerror=alert(1)> & "Co"',
    );
  });

  it('expires an authorisation the PSU leaves for more than an hour: SCA_EXPIRED 401 (§6.2)', async () => {
    const { start, cookie } = await opened();
    h.clock.advance(61 * 60 * 1000);
    const answer = await request(start.scaRedirect, { headers: { cookie } });
    await answer.body.dump();
    expect(answer.statusCode).toBe(303);
    const location = new URL(String(answer.headers.location));
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      code: 'SCA_EXPIRED',
      status: '401',
    });
  });
});

describe('production login', () => {
  it('asks for a one-time code after the number; the TPP sees the same redirect', async () => {
    const tpp = production.tpp();
    const { scaRedirect, scaStatus } = await tpp.startConsent();
    const result = await tpp.complete(scaRedirect, {
      nationalIdentityNumber: OLA.nationalIdentityNumber,
      context: 'PRIVATE',
      accounts: 'all',
    });
    expect(result.pages.map((p) => p.step).filter(Boolean)).toEqual([
      'login',
      'code',
      'context',
      'consent',
    ]);
    expect(result.redirect).toMatchObject({ outcome: 'success', context: 'PRIVATE', problems: [] });
    expect(json(await tpp.send('GET', scaStatus))).toEqual({ scaStatus: 'FINALISED' });
    expect(
      production.bank
        .state()
        .authorisations.at(-1)!
        .history.map((e) => e.scaStatus),
    ).toEqual([
      'RECEIVED',
      'PSU_IDENTIFIED',
      'SCA_METHOD_SELECTED',
      'PSU_AUTHENTICATED',
      'STARTED',
      'FINALISED',
    ]);
  });

  it('a wrong one-time code counts as a failed login', async () => {
    const tpp = production.tpp();
    const { scaRedirect } = await tpp.startConsent();
    const result = await tpp.complete(scaRedirect, {
      nationalIdentityNumber: OLA.nationalIdentityNumber,
      oneTimeCode: '000000x',
    });
    expect(result.pages.filter((p) => p.step === 'code')).toHaveLength(3);
    expect(result.redirect).toMatchObject({ outcome: 'failure', code: 'PSU_CREDENTIALS_INVALID' });
  });
});
