/** The session stage in-process (stages/session.ts): the ResolvedPsu it builds and its refusals. */
import { beforeAll, describe, expect, it } from 'vitest';
import { createBank, type Bank, type RouteDefinition } from '../../../../main/core/bank/index.js';
import { INITIAL_CUSTOMERS } from '../../../../main/core/bank/domain/initial-data.js';
import { isAppLinkCandidate } from '../../../../main/core/bank/domain/psu.js';
import { psuContextOf } from '../../../../main/core/bank/context/accessors.js';
import { bankOrigin } from '../../../../main/core/bank/context/sca-redirect.js';
import { issueQsealc } from '../../../../main/core/certs/issue.js';
import { VirtualClock } from '../../../../main/core/clock.js';
import {
  ORGANIZATION_ID,
  TPP_REDIRECT_URI,
  createPki,
  parse,
  signedRequest,
  type Pki,
} from '../fixtures.js';

const OLA = INITIAL_CUSTOMERS.find((c) => c.name === 'Ola Nordmann')!;
const KARI = INITIAL_CUSTOMERS.find((c) => c.name === 'Kari Nordmann')!;
const OLA_PSU_ID = '0b7c3f55-6d0e-4c43-9a43-5b8f6a0c2d11';

const probe = (access?: RouteDefinition['access']): RouteDefinition => ({
  operationId: `probe-${access ?? 'undeclared'}`,
  method: 'GET',
  path: `/v1/probe/${access ?? 'undeclared'}`,
  summary: 'probe',
  description: 'probe',
  tag: 'test',
  modes: ['sandbox'],
  headers: {
    required: ['x-request-id', 'tpp-signature-certificate', 'signature'],
    optional:
      access === undefined
        ? []
        : [
            'tpp-session-id',
            'tpp-redirect-uri',
            'tpp-redirect-preferred',
            'psu-id',
            'x-psu-identity',
            'psu-context',
            'psu-corporate-id',
          ],
  },
  tppRole: null,
  signed: true,
  ...(access ? { access } : {}),
  responses: {},
  handle: (ctx, env) => ({
    status: 200,
    body: {
      session: ctx.session ?? null,
      context: psuContextOf(ctx) ?? null,
      origin: bankOrigin(ctx, env),
    },
  }),
});

let pki: Pki;
let bank: Bank;
beforeAll(async () => {
  pki = await createPki();
  bank = createBank({
    mode: 'sandbox',
    clock: new VirtualClock(),
    routes: [probe(), probe('none'), probe('psu')],
  });
  const snapshot = bank.exportSnapshot();
  snapshot.state.psuIdentities.push({
    psuId: OLA_PSU_ID,
    tppId: ORGANIZATION_ID,
    customerNumber: OLA.customerNumber,
  });
  bank.importSnapshot(snapshot);
});

async function call(path: string, headers: Record<string, string> = {}, certificate = pki.seal) {
  return parse(
    await bank.handle(
      signedRequest(pki, {
        method: 'GET',
        path,
        certificate,
        headers: { 'X-Request-ID': crypto.randomUUID(), ...headers },
      }),
    ),
  );
}

describe('session stage', () => {
  it('leaves routes without `access` alone, whatever PSU headers arrive', async () => {
    const answer = await call('/v1/probe/undeclared', { 'PSU-ID': 'not-a-uuid' });
    expect(answer.status).toBe(200);
    expect(answer.body.session).toBeNull();
  });

  it('builds the ResolvedPsu from TPP and PSU headers', async () => {
    const answer = await call('/v1/probe/none', {
      'TPP-Session-ID': 's1',
      'TPP-Redirect-URI': TPP_REDIRECT_URI,
      'TPP-Redirect-Preferred': 'false',
      'PSU-ID': OLA_PSU_ID,
      host: 'bank.example:8443',
    });
    expect(answer.body.context).toEqual({
      tppId: ORGANIZATION_ID,
      tppName: 'Example TPP',
      tppSessionId: 's1',
      tppRedirectUri: TPP_REDIRECT_URI,
      redirectPreferred: false,
      appLinkCandidate: true,
      customerNumber: OLA.customerNumber,
      identifiedBy: 'PSU-ID',
      psuId: OLA_PSU_ID,
      context: 'PRIVATE',
      sessionState: 'none',
    });
    expect(answer.body.origin).toBe('http://bank.example:8443');
  });

  it('identifies a TPP without organizationIdentifier by its certificate subject DN', async () => {
    const anonymous = await issueQsealc({
      issuer: pki.ca.issuer,
      subject: { commonName: 'Nameless TPP', countryName: 'NO', organizationIdentifier: '' },
      roles: ['PSP_AI'],
      ncaName: 'Finanstilsynet',
      ncaId: 'NO-FSA',
      keyPair: pki.keyPair,
    });
    const answer = await call('/v1/probe/none', {}, anonymous);
    expect(answer.body.context.tppId).toBe('CN=Nameless TPP,C=NO');
    // Its PSU ids are its own: Ola's PSU-ID of the other TPP means nothing here.
    const foreign = await call('/v1/probe/none', { 'PSU-ID': OLA_PSU_ID }, anonymous);
    expect(foreign.status).toBe(401);
  });

  it('X-PSU-IDENTITY resolves the PSU; with a PSU-ID of someone else it is 400', async () => {
    const kari = await call('/v1/probe/psu', { 'X-PSU-IDENTITY': KARI.nationalIdentityNumber });
    expect(kari.body.context).toMatchObject({
      customerNumber: KARI.customerNumber,
      identifiedBy: 'X-PSU-IDENTITY',
    });
    const mismatch = await call('/v1/probe/psu', {
      'X-PSU-IDENTITY': KARI.nationalIdentityNumber,
      'PSU-ID': OLA_PSU_ID,
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.tppMessages[0]).toMatchObject({
      code: 'BAD_REQUEST',
      path: 'X-PSU-IDENTITY',
    });
    const corporate = INITIAL_CUSTOMERS.find((c) => c.type === 'CORPORATE')!;
    const refused = await call('/v1/probe/psu', {
      'X-PSU-IDENTITY': corporate.nationalIdentityNumber,
    });
    expect(refused.status).toBe(401);
    expect(refused.body.tppMessages[0].text).toContain('corporate customer');
  });

  it("'psu' needs a PSU; PSU-Context CORPORATE with PSU-ID needs PSU-Corporate-ID", async () => {
    const none = await call('/v1/probe/psu');
    expect(none.body.tppMessages[0]).toMatchObject({
      code: 'HTTP_HEADER_REQUIRED',
      path: 'PSU-ID',
    });
    const corporate = await call('/v1/probe/psu', {
      'PSU-ID': OLA_PSU_ID,
      'PSU-Context': 'CORPORATE',
    });
    expect(corporate.status).toBe(400);
    expect(corporate.body.tppMessages[0]).toMatchObject({
      code: 'HTTP_HEADER_REQUIRED',
      path: 'PSU-Corporate-ID',
    });
  });
});

describe('isAppLinkCandidate (§5.3.6)', () => {
  it('is https with a domain name and a path', () => {
    expect(isAppLinkCandidate('https://tpp.example/app/callback')).toBe(true);
    expect(isAppLinkCandidate('https://tpp.example/')).toBe(false);
    expect(isAppLinkCandidate('http://tpp.example/cb')).toBe(false);
    expect(isAppLinkCandidate('https://127.0.0.1/cb')).toBe(false);
    expect(isAppLinkCandidate('https://localhost/cb')).toBe(false);
    expect(isAppLinkCandidate(undefined)).toBe(false);
    expect(isAppLinkCandidate('not a uri')).toBe(false);
  });
});
