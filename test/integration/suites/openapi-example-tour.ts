/**
 * Reads the suites leave out (they judge rules, not every read): after a payment, bulk payment,
 * periodic payment, signing basket and consent are initiated, every GET their answers link to, the
 * authorisation lists and SCA statuses included. Its exchanges are matched against /openapi.json
 * like the suites' and give those operations their examples (openapi-example-collector.ts).
 */
import type { EvidenceExchange, JsonValue } from '../../../main/core/runner/check-api/index';
import type { TargetClient } from '../../../main/core/runner/check-api/index';
import type { CheckEnvironment } from '../../../main/core/runner/engine/check-context';
import { absoluteHref, scaRedirectOf } from '../../../suites/kit/answers';
import { sctBody } from '../../../suites/kit/payments';
import { DOCUMENTED_PARTY as PARTY } from '../../../suites/kit/payment-party';
import { psuHeaders } from '../../../suites/kit/sca';

const PAYMENT_HEADERS = { 'x-accept-fix': 'amount-as-string', 'PSU-Context': 'PRIVATE' };

const hrefOf = (exchange: EvidenceExchange, name: string): string | undefined => {
  const links = (exchange.response?.json as { _links?: Record<string, { href?: string }> } | null)
    ?._links;
  const href = links?.[name]?.href;
  return href === undefined ? undefined : new URL(href, 'http://x').pathname;
};

export async function exampleTour(
  client: TargetClient,
  psu: CheckEnvironment['psu'],
): Promise<EvidenceExchange[]> {
  const exchanges: EvidenceExchange[] = [];
  const send = async (method: string, path: string, body?: JsonValue, headers = {}) => {
    const exchange = await client.send({
      method: method as 'GET',
      path,
      headers,
      ...(body !== undefined ? { body } : {}),
      label: `example tour: ${method} ${path}`,
    });
    exchanges.push(exchange);
    return exchange;
  };
  const readAll = async (created: EvidenceExchange) => {
    const self = hrefOf(created, 'self');
    if (!self) return;
    await send('GET', self);
    await send('GET', `${self}/status`);
    await send('GET', `${self}/authorisations`);
    const scaStatus = hrefOf(created, 'scaStatus');
    if (scaStatus) await send('GET', scaStatus);
  };

  // GET /v1/user before any SCA of the session starts an identity authorisation (401 with
  // links); its scaStatus link is the read. (After the payment's SCA below it would answer 200.)
  const user = await send('GET', '/v1/user');
  const userStatus = hrefOf(user, 'scaStatus');
  if (userStatus) await send('GET', userStatus);

  const { debtorAccount, ...element } = sctBody(PARTY);
  const paymentIds: string[] = [];
  let identified: Record<string, string> = {};
  const initiations: [string, JsonValue][] = [
    ['payments', sctBody(PARTY)],
    ['bulk-payments', { debtorAccount: debtorAccount!, payments: [element] }],
    ['periodic-payments', sctBody(PARTY, { startDate: '2099-01-01', frequency: 'Monthly' })],
  ];
  for (const [service, body] of initiations) {
    const created = await send(
      'POST',
      `/v1/${service}/sepa-credit-transfers`,
      body,
      PAYMENT_HEADERS,
    );
    await readAll(created);
    const paymentId = (created.response?.json as { paymentId?: string } | null)?.paymentId;
    if (service === 'payments' && paymentId) paymentIds.push(paymentId);
    // The payer approves the single payment: its SCA gives the PSU-ID a basket start needs.
    const scaRedirect = scaRedirectOf(created);
    if (service === 'payments' && scaRedirect && psu)
      identified = psuHeaders(
        await psu.completeSca(absoluteHref(scaRedirect, created), {
          login: PARTY.payer.login,
          context: 'PRIVATE',
        }),
      );
  }
  // A basket of a fresh single payment (the one above is already being authorised).
  const second = await send('POST', '/v1/payments/sepa-credit-transfers', sctBody(PARTY), {
    ...PAYMENT_HEADERS,
    ...identified,
  });
  const secondId = (second.response?.json as { paymentId?: string } | null)?.paymentId;
  if (secondId) {
    const basket = await send('POST', '/v1/signing-baskets', { paymentIds: [secondId] });
    const start = hrefOf(basket, 'startAuthorisation');
    const self = hrefOf(basket, 'self');
    if (start) {
      const started = await send('POST', start, undefined, { ...PAYMENT_HEADERS, ...identified });
      if (self) await send('GET', `${self}/authorisations`);
      const scaStatus = hrefOf(started, 'scaStatus');
      if (scaStatus) await send('GET', scaStatus);
    }
  }
  const consent = await send('POST', '/v1/consents', {});
  const consentSelf = hrefOf(consent, 'self');
  if (consentSelf) await send('GET', `${consentSelf}/authorisations`);
  return exchanges;
}
