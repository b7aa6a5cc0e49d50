/**
 * A reference TPP client for the TPP test plans (docs/tpp-plans.md): a small app doing what an
 * AIS client does against any bank URL — a consent, the PSU through the bank's SCA pages, the
 * consent's status, the accounts and every account's transactions read to the end through the
 * bank's `next` links, a card account's transactions read as a background refresh (no
 * PSU-IP-Address) — waiting out Retry-After and discarding badly signed answers
 * (reference-tpp/resilience.ts), and broken variants of it, one rule each, that the plan's
 * modules must catch.
 */
import { randomUUID } from 'node:crypto';
import { TppClient, type SigningIdentity } from '../../main/core/tpp/client.js';
import { runPsuAgent } from '../../main/core/tpp/psu-agent/agent.js';
import { newPsuSession } from '../../main/core/tpp/psu-session.js';
import {
  REFERENCE_REDIRECT_URI,
  ReferenceTppError,
  hrefOf,
  jsonOf,
  type Json,
} from './reference-tpp/kit.js';
import type { PaymentRefusalFaults } from './reference-tpp/payment-refusal.js';
import {
  honouringRetryAfter,
  trustedAnswer,
  type ResilienceFaults,
} from './reference-tpp/resilience.js';

export { REFERENCE_REDIRECT_URI, ReferenceTppError };
export { runReferenceCorporate } from './reference-tpp/corporate.js';
export { runReferencePayment } from './reference-tpp/payments.js';
export { runReferenceScaLifetime } from './reference-tpp/sca-lifetime.js';
export { runReferenceAppLinking, startReferenceSite } from './reference-tpp/app-linking.js';

/** One broken rule each. */
export interface ReferenceFaults extends ResilienceFaults, PaymentRefusalFaults {
  /** §4.1: one X-Request-ID for every call. */
  reuseRequestId?: boolean;
  /** §4.2.3: pages after the first by an offset computed from the first request. */
  computedOffset?: boolean;
  /** §5.2(5): the first account-list read is sent with a header changed after signing. */
  badSignatureOnce?: boolean;
  /** §5.3(8): a PSU-ID of its own making instead of the one the redirect returned. */
  wrongPsuId?: boolean;
  /** §1: reads again on a consent the bank refused as no longer valid. */
  keepsRefusedConsent?: boolean;
  /** §1, §5.3(8): a PSU-Corporate-ID of its own making instead of the one the redirect returned. */
  wrongCorporateId?: boolean;
  /** §3.4, §5.3(1): repeats a call refused with SCA_EXPIRED instead of following its scaRedirect. */
  repeatsExpiredScaCall?: boolean;
  /** §5.3(1): sends the PSU to the consent's scaRedirect again after its SCA ended. */
  replaysScaLink?: boolean;
  /** §3.2: reads the payment's status once more after the bank answered a final one. */
  pollsAfterFinal?: boolean;
  /** §3.1: takes a payment answered without scaRedirect for a failed one and sends it again. */
  reinitiatesWithoutSca?: boolean;
  /** §5.3(6): its redirect URI's site publishes no app-site binding (both files 404). */
  noSiteBindings?: boolean;
}

export interface ReferenceTppOptions {
  baseUrl: string;
  signing: SigningIdentity;
  /** The PSU the app's user is, as the bank's SCA pages ask for them. */
  nationalIdentityNumber: string;
  faults?: ReferenceFaults;
  /**
   * §5.2(7): the bank's response-signing certificate (PEM or DER); with it the app verifies the
   * answers and discards a consent answer whose signature does not verify.
   */
  bankCertificate?: string | Buffer;
  /** How the app waits out a Retry-After; real time by default. */
  wait?: (seconds: number) => Promise<void>;
}

const waitSeconds = (seconds: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, seconds * 1000));

/** The whole flow; resolves with the number of API calls it made. */
export async function runReferenceTpp(options: ReferenceTppOptions): Promise<number> {
  const faults = options.faults ?? {};
  const session = newPsuSession(REFERENCE_REDIRECT_URI);
  const client = new TppClient({
    baseUrl: options.baseUrl,
    signing: options.signing,
    session: () => session,
    ...(options.bankCertificate
      ? { bankSigning: { certificates: [options.bankCertificate] } }
      : {}),
  });
  const wait = options.wait ?? waitSeconds;
  const fixedRequestId = randomUUID();
  let tamper = faults.badSignatureOnce === true;
  let calls = 0;
  const send = (
    method: string,
    path: string,
    body?: object,
    tampered = false,
    headers: Record<string, string> = {},
  ) => {
    calls++;
    return client.send({
      method,
      path,
      headers: { ...headers, ...(faults.reuseRequestId ? { 'X-Request-ID': fixedRequestId } : {}) },
      ...(body ? { body } : {}),
      ...(tampered
        ? {
            afterSigning: (wire: { headers: Record<string, string> }) => {
              const name = Object.keys(wire.headers).find((key) => key.toLowerCase() === 'psu-id');
              if (name) wire.headers[name] = randomUUID();
            },
          }
        : {}),
    });
  };
  /** A consent, the PSU through its SCA, the PSU-ID the redirect gave kept: the app's sign-up. */
  const consentWithSca = async () => {
    let created = await send('POST', '/v1/consents', {});
    // §5.2(7): a consent answer whose signature does not verify is not the bank's: ask again.
    if (!trustedAnswer(created, options.bankCertificate !== undefined, faults))
      created = await send('POST', '/v1/consents', {});
    if (!trustedAnswer(created, options.bankCertificate !== undefined, faults))
      throw new ReferenceTppError('the bank’s consent answers do not verify');
    const consent = jsonOf(created, 201);
    const scaRedirect = hrefOf(consent._links, 'scaRedirect');
    if (!scaRedirect) throw new ReferenceTppError('the consent answer has no scaRedirect link');
    const sca = await runPsuAgent(scaRedirect, {
      nationalIdentityNumber: options.nationalIdentityNumber,
      context: 'PRIVATE',
      accounts: 'all',
    });
    if (sca.redirect.outcome !== 'success')
      throw new ReferenceTppError(`the SCA ended ${sca.redirect.outcome}`);
    session.psuId = faults.wrongPsuId ? randomUUID() : sca.redirect.psuId;
    const status = jsonOf(
      await send('GET', `/v1/consents/${String(consent.consentId)}/status`),
      200,
    );
    if (status.consentStatus !== 'valid')
      throw new ReferenceTppError(`the consent is ${String(status.consentStatus)} after the SCA`);
  };
  /**
   * An account read; a refusal saying the consent is gone (§7 CONSENT_INVALID, CONSENT_EXPIRED)
   * sends the PSU through a new consent and reads once more.
   */
  const read = async (path: string, headers: Record<string, string> = {}): Promise<Json> => {
    const get = () =>
      honouringRetryAfter(() => send('GET', path, undefined, false, headers), wait, faults);
    const exchange = await get();
    const code = (exchange.response?.json as { tppMessages?: { code?: string }[] } | undefined)
      ?.tppMessages?.[0]?.code;
    if (exchange.response?.status !== 401 || !/^CONSENT_(INVALID|EXPIRED)$/.test(code ?? ''))
      return jsonOf(exchange, 200);
    if (faults.keepsRefusedConsent) return jsonOf(await get(), 200);
    await consentWithSca();
    return jsonOf(await get(), 200);
  };
  try {
    await consentWithSca();
    if (tamper) {
      tamper = false;
      await send('GET', '/v1/accounts', undefined, true); // refused: read again, signed right
    }
    const accounts = (await read('/v1/accounts')).accounts as Json[];
    for (const account of accounts) {
      const first = `/v1/accounts/${String(account.resourceId)}/transactions?bookingStatus=booked`;
      let page = await read(first);
      let pages = 1;
      for (;;) {
        const next = hrefOf((page.transactions as Json | undefined)?._links, 'next');
        if (!next) break;
        const target = faults.computedOffset ? `${first}&offset=${pages * 200}&limit=200` : next;
        page = await read(target);
        pages++;
      }
    }
    // A background refresh of the first card account: no PSU-IP-Address (§8, 4 a day).
    const cards = (await read('/v1/card-accounts')).cardAccounts as Json[] | undefined;
    if (cards?.[0])
      await read(
        `/v1/card-accounts/${String(cards[0].resourceId)}/transactions?bookingStatus=booked`,
        {
          'x-accept-fix': 'amount-as-string',
        },
      );
    return calls;
  } finally {
    await client.close();
  }
}
