/** Certificate and registry stage: production trust, validity and roles (403); sandbox skips them. */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  TppRegistry,
  TrustStore,
  createBank,
  type Bank,
  type BankRequest,
} from '../../../../main/core/bank/index.js';
import type { RouteDefinition } from '../../../../main/core/bank/context/request-context.js';
import { issueQwac, type IssuedCertificate } from '../../../../main/core/certs/issue.js';
import { VirtualClock } from '../../../../main/core/clock.js';
import {
  ORGANIZATION_ID,
  aisHeaders,
  createPki,
  parse,
  signedRequest,
  type Pki,
} from '../fixtures.js';

const PATH = '/v1/card-accounts/card-1/transactions?bookingStatus=booked';
const DAY = 24 * 60 * 60 * 1000;
let pki: Pki;

beforeAll(async () => {
  pki = await createPki();
});

function productionBank(
  options: {
    registry?: TppRegistry;
    trust?: boolean;
    clock?: VirtualClock;
    routes?: RouteDefinition[];
  } = {},
): Bank {
  return createBank({
    mode: 'production',
    clock: options.clock ?? new VirtualClock(),
    trustStore: new TrustStore(options.trust === false ? [] : [pki.ca.chainPem]),
    registry:
      options.registry ??
      new TppRegistry([
        {
          organizationIdentifier: ORGANIZATION_ID,
          name: 'Example TPP AS',
          roles: ['AISP', 'PISP'],
        },
      ]),
    ...(options.routes ? { routes: options.routes } : {}),
  });
}

const aisRequest = (certificate?: IssuedCertificate): BankRequest =>
  signedRequest(pki, {
    method: 'GET',
    path: PATH,
    headers: aisHeaders(),
    ...(certificate ? { certificate } : {}),
  });

async function forbidden(bank: Bank, request: BankRequest, rule: string, text: string | RegExp) {
  const response = parse(await bank.handle(request));
  expect(response.status).toBe(403);
  expect(response.body.tppMessages[0]).toMatchObject({
    category: 'ERROR',
    code: 'FORBIDDEN',
    path: 'TPP-Signature-Certificate',
  });
  expect(response.body.tppMessages[0].text).toMatch(text);
  expect(bank.requestLog.entries().at(-1)!.rejectedBy).toEqual({
    stage: 'certificate',
    rule: `certificate.${rule}`,
  });
}

describe('production certificate and registry checks', () => {
  it('passes a trusted, valid certificate of a TPP registered as AISP', async () => {
    const response = parse(await productionBank().handle(aisRequest()));
    expect(response.body.tppMessages[0].code).toBe('CONSENT_INVALID'); // reached the handler
  });

  it('refuses a QWAC as the signing certificate: §5.2 signs with a QSealC', async () => {
    const qwac = await issueQwac({
      issuer: pki.ca.issuer,
      subject: {
        commonName: 'Example TPP',
        organizationName: 'Example TPP AS',
        countryName: 'NO',
        organizationIdentifier: ORGANIZATION_ID,
      },
      roles: ['PSP_AI', 'PSP_PI'],
      ncaName: 'Finanstilsynet',
      ncaId: 'NO-FSA',
      keyPair: pki.keyPair,
    });
    await forbidden(
      productionBank(),
      aisRequest(qwac),
      'not-qsealc',
      /the signing certificate is a QWAC \(QcType web\): §5\.2 requests are signed with a QSealC/,
    );
    // Sandbox mode records the identity and checks no certificate (module comment).
    const sandbox = createBank({ mode: 'sandbox', clock: new VirtualClock() });
    expect(parse(await sandbox.handle(aisRequest(qwac))).status).not.toBe(403);
  });

  it('refuses a certificate expired on the bank clock', async () => {
    const clock = new VirtualClock();
    clock.advance(400 * DAY); // the seal is valid for 365 days
    await forbidden(
      productionBank({ clock }),
      aisRequest(),
      'expired',
      /expired at .* \(bank clock/,
    );
  });

  it('refuses a certificate not yet valid on the bank clock', async () => {
    const clock = new VirtualClock();
    clock.advance(-DAY);
    await forbidden(productionBank({ clock }), aisRequest(), 'not-yet-valid', /not valid before/);
  });

  it('refuses an expired certificate even when it chains and is registered', async () => {
    const expired = await pki.issueSeal({
      notBefore: new Date(Date.now() - 30 * DAY),
      notAfter: new Date(Date.now() - DAY),
    });
    await forbidden(productionBank(), aisRequest(expired), 'expired', /expired/);
  });

  it('refuses a certificate from a CA outside the trust store', async () => {
    const foreign = await pki.issueSeal({ ca: await pki.otherCa() });
    await forbidden(
      productionBank(),
      aisRequest(foreign),
      'untrusted',
      /Other Issuing CA.*trust store/,
    );
    await forbidden(productionBank({ trust: false }), aisRequest(), 'untrusted', /trust store/);
  });

  it('follows the trust store as it changes: a removed CA refuses the next request, an added one passes it', async () => {
    // One bank, one certificate: every request after the first asks about the same parsed one.
    const bank = productionBank();
    const reachedHandler = async () =>
      parse(await bank.handle(aisRequest())).body.tppMessages[0].code === 'CONSENT_INVALID';
    expect(await reachedHandler()).toBe(true);
    expect(await reachedHandler()).toBe(true);
    const issuing = bank.trustStore.list().find((ca) => ca.subject.includes('Issuing'))!;
    expect(bank.trustStore.remove(issuing.fingerprint256)).toBe(true);
    await forbidden(bank, aisRequest(), 'untrusted', /trust store/);
    bank.trustStore.add(pki.ca.chainPem);
    expect(await reachedHandler()).toBe(true);
  });

  it('refuses a TPP that is not registered', async () => {
    await forbidden(
      productionBank({ registry: new TppRegistry() }),
      aisRequest(),
      'tpp-not-registered',
      new RegExp(`${ORGANIZATION_ID} is not in the bank's TPP registry`),
    );
  });

  it('refuses a TPP registered for PISP only on an AIS endpoint', async () => {
    const registry = new TppRegistry([
      { organizationIdentifier: ORGANIZATION_ID, name: 'Example TPP AS', roles: ['PISP'] },
    ]);
    await forbidden(
      productionBank({ registry }),
      aisRequest(),
      'role-not-registered',
      /registered for PISP only; .* needs AISP/,
    );
  });

  it('refuses a certificate whose PSD2 roles lack PSP_AI even when the registry has AISP', async () => {
    const pispOnly = await pki.issueSeal({ roles: ['PSP_PI'] });
    await forbidden(
      productionBank(),
      aisRequest(pispOnly),
      'role-not-in-certificate',
      /PSD2 roles \(PSP_PI\) do not include PSP_AI/,
    );
  });

  it('looks the TPP up by the certificate organizationIdentifier', async () => {
    const other = await pki.issueSeal({ organizationIdentifier: 'PSDNO-FSA-999' });
    await forbidden(productionBank(), aisRequest(other), 'tpp-not-registered', /PSDNO-FSA-999/);
  });

  it('needs PISP (PSP_PI) on a route declaring the PISP role', async () => {
    const { getCardAccountTransactions } =
      await import('../../../../main/core/bank/handlers/card-account-transactions.js');
    const pisRoute: RouteDefinition = {
      ...getCardAccountTransactions,
      operationId: 'pisProbe',
      tppRole: 'PISP',
    };
    const aispOnly = await pki.issueSeal({ roles: ['PSP_AI'] });
    await forbidden(
      productionBank({ routes: [pisRoute] }),
      aisRequest(aispOnly),
      'role-not-in-certificate',
      /needs the PISP role/,
    );
  });
});

describe('sandbox skips trust, validity and registry', () => {
  it('accepts an untrusted, unregistered, expired certificate whose signature verifies', async () => {
    const clock = new VirtualClock();
    clock.advance(400 * DAY);
    const foreign = await pki.issueSeal({
      ca: await pki.otherCa(),
      organizationIdentifier: 'PSDNO-FSA-0',
      roles: ['PSP_IC'],
    });
    const bank = createBank({ mode: 'sandbox', clock });
    const response = parse(await bank.handle(aisRequest(foreign)));
    expect(response.body.tppMessages[0].code).toBe('CONSENT_INVALID'); // reached the handler
  });
});
