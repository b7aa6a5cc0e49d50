/**
 * keyId's CA through the bank's HTTP pipeline (§5.2.3): a request signed by the real
 * signer, its keyId replaced after signing (as a check's `signing.keyId` does), sent over loopback
 * to a sandbox bank. Java's spelling of an issuer with organizationIdentifier is accepted; another
 * issuer is refused with a text naming both names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBank, type Bank, type BankListener } from '../../../main/core/bank/index.js';
import { VirtualClock } from '../../../main/core/clock.js';
import {
  decodeRfc2047,
  encodeRfc2047,
  needsRfc2047,
} from '../../../main/core/signature/rfc2047.js';
import { TppClient } from '../../../main/core/tpp/client.js';
import { makeTestPki, type TestPki } from '../../unit/certs/helpers.js';

const CA_SUBJECT = {
  countryName: 'NO',
  organizationName: 'Bjørn Bank, Øst AS',
  organizationIdentifier: 'PSDNO-FSA-987654',
  commonName: 'Workbench Test CA Ø',
};
const ORG_ID_HEX = Buffer.from('PSDNO-FSA-987654').toString('hex');

let pki: TestPki;
let bank: Bank;
let listener: BankListener;
let client: TppClient;

beforeAll(async () => {
  pki = await makeTestPki({ intermediateSubject: CA_SUBJECT });
  bank = createBank({ mode: 'sandbox', clock: new VirtualClock() });
  listener = await bank.listen();
  client = new TppClient({
    baseUrl: listener.url,
    signing: { key: pki.keys.tpp.privateKey, certificate: pki.qsealc.certificateDer },
  });
});

afterAll(async () => {
  await client.close();
  await bank.close();
});

/** GET /v1/sandbox/accounts with keyId replaced after signing (RFC 2047-wrapped if non-ASCII). */
async function getWithKeyId(keyId: string) {
  const exchange = await client.send({
    method: 'GET',
    path: '/v1/sandbox/accounts',
    afterSigning: (wire) => {
      const value = wire.headers['Signature']!.replace(/keyId="[^"]*"/, `keyId="${keyId}"`);
      wire.headers['Signature'] = needsRfc2047(value) ? encodeRfc2047(value) : value;
    },
  });
  if (!exchange.response) throw new Error(`no response: ${exchange.error}`);
  // The keyId really went out replaced (RFC 2047-wrapped when it carries Ø).
  const sent = decodeRfc2047(exchange.request.headers['Signature'] ?? '');
  expect(sent.ok && sent.value.startsWith(`keyId="${keyId}",`)).toBe(true);
  return exchange.response;
}

describe('keyId CA over HTTP', () => {
  it("accepts Java's RFC 2253 spelling: 2.5.4.97=#0c… and non-ASCII characters as they are", async () => {
    const java = `CN=Workbench Test CA Ø,2.5.4.97=#0c10${ORG_ID_HEX},O=Bjørn Bank\\, Øst AS,C=NO`;
    const response = await getWithKeyId(`SN=${pki.qsealc.serialNumber},CA=${java}`);
    expect(response.status, response.body).toBe(200);
  });

  it('refuses another issuer with 400 BAD_REQUEST naming both names', async () => {
    const other = `CN=Workbench Test CA Ø,2.5.4.97=#0c10${ORG_ID_HEX},O=Bjørn Bank\\, Vest AS,C=NO`;
    const response = await getWithKeyId(`SN=${pki.qsealc.serialNumber},CA=${other}`);
    expect(response.status).toBe(400);
    const [message] = (
      response.json as { tppMessages: { code: string; path: string; text: string }[] }
    ).tppMessages;
    expect(message).toMatchObject({ code: 'BAD_REQUEST', path: 'Signature' });
    expect(message!.text).toMatch(/^Signature check failed \(keyId\): keyId CA names /);
    expect(message!.text).toContain(
      "'CN=Workbench Test CA Ø,organizationIdentifier=PSDNO-FSA-987654,O=Bjørn Bank\\, Vest AS,C=NO'",
    );
    expect(message!.text).toContain(
      "issued by 'CN=Workbench Test CA Ø,organizationIdentifier=PSDNO-FSA-987654,O=Bjørn Bank\\, Øst AS,C=NO'",
    );
  });
});
