import { emptyDomainSnapshot } from '../../../main/core/bank/domain/model.js';
/**
 * Test fixtures for the bank: a test CA, TPP seal certificates, and signed BankRequests built with
 * the real TPP signer (main/core/tpp/signer.ts), so tests exercise the verifier the way TPPs will.
 */
import { randomUUID } from 'node:crypto';
import {
  createTestCa,
  issueQsealc,
  type IssuedCertificate,
  type TestCa,
} from '../../../main/core/certs/issue.js';
import { generateRsaKeyPair, type RsaKeyPair } from '../../../main/core/certs/keys.js';
import type { Psd2Role } from '../../../main/core/certs/psd2-roles.js';
import type { BankRequest } from '../../../main/core/bank/http/messages.js';
import { signRequest, type SignRequestInput } from '../../../main/core/tpp/signer.js';

export const ORGANIZATION_ID = 'PSDNO-FSA-123456789';
export const TPP_REDIRECT_URI = 'https://tpp.example/callback';

export interface Pki {
  ca: TestCa;
  /** PSP_AI + PSP_PI, issued by ca, valid now. */
  seal: IssuedCertificate;
  keyPair: RsaKeyPair;
  issueSeal(options?: {
    roles?: Psd2Role[];
    organizationIdentifier?: string;
    notBefore?: Date;
    notAfter?: Date;
    ca?: TestCa;
  }): Promise<IssuedCertificate>;
  otherCa(): Promise<TestCa>;
}

/** One CA and one seal per test file (RSA key generation is the slow part; keys are reused). */
export async function createPki(): Promise<Pki> {
  const [rootKey, intermediateKey, keyPair] = await Promise.all([
    generateRsaKeyPair(2048),
    generateRsaKeyPair(2048),
    generateRsaKeyPair(2048),
  ]);
  const ca = await createTestCa({ rootKey, intermediateKey });
  const issueSeal: Pki['issueSeal'] = (options = {}) =>
    issueQsealc({
      issuer: (options.ca ?? ca).issuer,
      subject: {
        commonName: 'Example TPP',
        organizationName: 'Example TPP AS',
        countryName: 'NO',
        organizationIdentifier: options.organizationIdentifier ?? ORGANIZATION_ID,
      },
      roles: options.roles ?? ['PSP_AI', 'PSP_PI'],
      ncaName: 'Finanstilsynet',
      ncaId: 'NO-FSA',
      keyPair,
      ...(options.notBefore ? { notBefore: options.notBefore } : {}),
      ...(options.notAfter ? { notAfter: options.notAfter } : {}),
    });
  const seal = await issueSeal();
  let other: TestCa | undefined;
  return {
    ca,
    seal,
    keyPair,
    issueSeal,
    async otherCa() {
      other ??= await createTestCa({
        rootKey,
        intermediateKey,
        rootSubject: { commonName: 'Other Root CA', countryName: 'SE' },
        intermediateSubject: { commonName: 'Other Issuing CA', countryName: 'SE' },
      });
      return other;
    },
  };
}

/** A private customer of the initial data (Ola Nordmann): AIS routes need an identified PSU. */
export const PSU_IDENTITY = '15038512363';

/**
 * The §4.2.3 required headers other than the signature ones, and the PSU (X-PSU-IDENTITY) the AIS
 * routes need. Without a consent such a request reaches the handler and is 401 CONSENT_INVALID.
 */
export function aisHeaders(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    'X-Request-ID': randomUUID(),
    'X-PSU-IDENTITY': PSU_IDENTITY,
    'x-accept-fix': 'amount-as-string',
    'TPP-Session-ID': 'session-1',
    'TPP-Redirect-URI': TPP_REDIRECT_URI,
    ...overrides,
  };
}

export interface SignedRequestOptions extends Partial<
  Omit<SignRequestInput, 'method' | 'path' | 'headers' | 'certificate' | 'signingKey'>
> {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  certificate?: IssuedCertificate;
}

/** A BankRequest signed by the real signer, headers lower-cased as node:http gives them. */
export function signedRequest(pki: Pki, options: SignedRequestOptions): BankRequest {
  const { method, path, headers = {}, body, certificate = pki.seal, ...rest } = options;
  const signed = signRequest({
    ...rest,
    method,
    path,
    headers,
    ...(body !== undefined ? { body } : {}),
    certificate: certificate.certificateDer,
    signingKey: certificate.privateKey,
  });
  return {
    method,
    target: path,
    headers: lowerCase(signed.headers),
    body: signed.body ?? Buffer.alloc(0),
    remoteAddress: '127.0.0.1',
  };
}

export function lowerCase(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]),
  );
}

export function withHeaders(
  request: BankRequest,
  changes: Record<string, string | undefined>,
): BankRequest {
  const headers = { ...request.headers };
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) delete headers[name.toLowerCase()];
    else headers[name.toLowerCase()] = value;
  }
  return { ...request, headers };
}

export interface ParsedResponse {
  status: number;
  headers: Record<string, string>;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON under test
}

export function parse(response: {
  status: number;
  headers: Record<string, string>;
  body: string;
}): ParsedResponse {
  return {
    status: response.status,
    headers: response.headers,
    body: response.body === '' ? undefined : JSON.parse(response.body),
  };
}

export const CARD_ACCOUNT = {
  resourceId: 'card-1',
  customerNumber: 'customer-1',
  maskedPan: '5555********4444',
  currency: 'NOK',
  creditLimit: { currency: 'NOK', amount: 5_000_000 },
  balances: [
    { balanceAmount: { currency: 'NOK', amount: -12_345 }, balanceType: 'closingBooked' as const },
  ],
  cardId: 'card-id-1',
  cardIdVNo: '1',
  accountNumber: '86011117947',
  expiry: '2028-12',
  name: 'Visa Classic',
  product: 'VISA',
  status: 'enabled' as const,
  origin: 'sandbox' as const,
  createdAt: '2024-01-01T00:00:00.000Z',
};

/** The owner of CARD_ACCOUNT: a private sandbox customer with a valid mock birth number. */
export const CARD_OWNER = {
  customerNumber: CARD_ACCOUNT.customerNumber,
  type: 'PRIVATE' as const,
  name: 'Ola Nordmann',
  nationalIdentityNumber: '15038512363',
  origin: 'sandbox' as const,
};

export function cardTransaction(id: string, bookingDate: string, minorUnits: number) {
  return {
    accountId: CARD_ACCOUNT.resourceId,
    cardTransactionId: id,
    terminalId: 'terminal-1',
    bookingDate,
    transactionDate: bookingDate,
    transactionAmount: { currency: 'NOK', amount: minorUnits },
    originalAmount: { currency: 'EUR', amount: Math.round(minorUnits / 11) },
    merchantCategoryCode: '5411',
    cardAcceptorId: 'acceptor-1',
    cardAcceptorAddress: { city: 'Oslo', country: 'NO' },
    maskedPan: CARD_ACCOUNT.maskedPan,
    transactionDetails: `Purchase ${id}`,
    invoiced: 'false' as const,
    proprietaryBankTransactionCode: 'PURCHASE',
    status: 'booked' as const,
    createdAt: '2024-01-01T00:00:00.000Z',
  };
}

/**
 * A bank-state snapshot with CARD_ACCOUNT and its owner, `transactions`, and optionally a valid
 * consent of CARD_OWNER granting CARD_ACCOUNT to the TPP `consentTo` (an organizationIdentifier),
 * as if the PSU had completed the consent SCA at `at`: AIS reads then need only X-PSU-IDENTITY.
 */
export function snapshotWith(
  transactions: ReturnType<typeof cardTransaction>[],
  options: { consentTo?: string; at?: Date } = {},
) {
  const at = (options.at ?? new Date()).toISOString();
  const consented =
    options.consentTo === undefined
      ? {}
      : {
          consents: [
            {
              consentId: 'consent-1',
              tppId: options.consentTo,
              customerNumber: CARD_OWNER.customerNumber,
              context: 'PRIVATE' as const,
              consentStatus: 'valid' as const,
              createdAt: at,
              scaCompletedAt: at,
              statusChangedAt: at,
            },
          ],
          grants: [
            {
              tppId: options.consentTo,
              customerNumber: CARD_OWNER.customerNumber,
              accountKind: 'card-account' as const,
              accountId: CARD_ACCOUNT.resourceId,
              grantedAt: at,
              consentId: 'consent-1',
            },
          ],
        };
  return {
    format: 'psd2-workbench/bank-state',
    version: 1,
    exportedAt: new Date().toISOString(),
    mode: 'sandbox',
    state: structuredClone({
      ...emptyDomainSnapshot(),
      customers: [CARD_OWNER],
      cardAccounts: [CARD_ACCOUNT],
      cardTransactions: transactions,
      ...consented,
    }),
  };
}
