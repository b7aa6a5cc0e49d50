/**
 * A sandbox (or production) bank on loopback with its sandbox initial data, a virtual clock, and
 * TPPs that talk to it only over HTTP: signed API calls through TppClient, SCA pages through the
 * headless PSU agent. Customers and agreements are named from the initial data.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import {
  TppRegistry,
  TrustStore,
  createBank,
  type Bank,
  type BankMode,
  type RouteDefinition,
} from '../../../main/core/bank/index.js';
import { BANK_ROUTES } from '../../../main/core/bank/handlers/routes.js';
import {
  INITIAL_CORPORATE_AGREEMENTS,
  INITIAL_CUSTOMERS,
} from '../../../main/core/bank/domain/initial-data.js';
import type { IssuedCertificate } from '../../../main/core/certs/issue.js';
import { VirtualClock } from '../../../main/core/clock.js';
import { TppClient } from '../../../main/core/tpp/client.js';
import type { Exchange } from '../../../main/shared/exchange.js';
import { runPsuAgent, type PsuAgentResult } from '../../../main/core/tpp/psu-agent/agent.js';
import type { AgentIntent } from '../../../main/core/tpp/psu-agent/script.js';
import { newPsuSession, type PsuSession } from '../../../main/core/tpp/psu-session.js';
import { ORGANIZATION_ID, createPki, type Pki } from '../../unit/bank/fixtures.js';

export const REDIRECT_URI = 'https://tpp.example/callback';

const customer = (name: string) => {
  const found = INITIAL_CUSTOMERS.find((c) => c.name === name);
  if (!found) throw new Error(`initial data has no customer '${name}'`);
  return found;
};
/** Private customers of the initial data: each represents one corporation. */
export const OLA = customer('Ola Nordmann');
export const KARI = customer('Kari Nordmann');
export const CORPORATION = INITIAL_CUSTOMERS.find((c) => c.type === 'CORPORATE')!;
/** Corporate agreements Ola appears in (some engagements may not be consentable, §4.3 rule 5). */
export const agreementsOf = (customerNumber: string) =>
  INITIAL_CORPORATE_AGREEMENTS.filter((a) =>
    a.engagements.some((e) => e.customer === customerNumber),
  );

export interface Tpp {
  client: TppClient;
  session: PsuSession;
  send(
    method: string,
    path: string,
    headers?: Record<string, string | null>,
    body?: object,
  ): Promise<Exchange>;
  /** POST /v1/consents; expects 201 and returns its links. */
  startConsent(headers?: Record<string, string | null>): Promise<{
    consentId: string;
    scaRedirect: string;
    scaStatus: string;
    exchange: Exchange;
  }>;
  /** Runs the PSU agent; on success stores psu-id / psu-corporate-id in the session like a TPP. */
  complete(scaRedirect: string, script: AgentIntent): Promise<PsuAgentResult>;
}

export interface Harness {
  pki: Pki;
  bank: Bank;
  clock: VirtualClock;
  baseUrl: string;
  tpp(options?: { certificate?: IssuedCertificate; session?: Partial<PsuSession> }): Tpp;
  close(): Promise<void>;
}

export async function startHarness(
  options: { mode?: BankMode; routes?: RouteDefinition[]; pki?: Pki } = {},
): Promise<Harness> {
  const pki = options.pki ?? (await createPki());
  const clock = new VirtualClock();
  clock.freeze();
  const mode = options.mode ?? 'sandbox';
  const bank = createBank({
    mode,
    clock,
    routes: [...BANK_ROUTES, ...(options.routes ?? [])],
    trustStore: new TrustStore([pki.ca.chainPem]),
    registry: new TppRegistry([
      { organizationIdentifier: ORGANIZATION_ID, name: 'Example TPP AS', roles: ['AISP', 'PISP'] },
    ]),
  });
  const listener = await bank.listen();
  const clients: TppClient[] = [];
  return {
    pki,
    bank,
    clock,
    baseUrl: listener.url,
    tpp(tppOptions = {}) {
      const certificate = tppOptions.certificate ?? pki.seal;
      const session = newPsuSession(REDIRECT_URI, tppOptions.session);
      const client = new TppClient({
        baseUrl: listener.url,
        signing: { key: certificate.privateKey, certificate: certificate.certificateDer },
        session: () => session,
      });
      clients.push(client);
      const send: Tpp['send'] = (method, path, headers = {}, body) =>
        client.send({ method, path, headers, ...(body ? { body } : {}) });
      return {
        client,
        session,
        send,
        async startConsent(headers = {}) {
          const exchange = await send('POST', '/v1/consents', headers, {});
          expect(exchange.response?.status, exchange.response?.body).toBe(201);
          const body = exchange.response!.json as {
            consentId: string;
            _links: { scaRedirect: { href: string }; scaStatus: { href: string } };
          };
          return {
            consentId: body.consentId,
            scaRedirect: body._links.scaRedirect.href,
            scaStatus: body._links.scaStatus.href,
            exchange,
          };
        },
        async complete(scaRedirect, script) {
          const result = await runPsuAgent(scaRedirect, script);
          if (result.redirect.outcome === 'success') {
            session.psuId = result.redirect.psuId;
            if (result.redirect.psuCorporateId)
              session.psuCorporateId = result.redirect.psuCorporateId;
            else delete session.psuCorporateId;
          }
          return result;
        },
      };
    },
    async close() {
      await Promise.all(clients.map((client) => client.close()));
      await bank.close();
    },
  };
}

export const json = (exchange: Exchange) => exchange.response?.json as any; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON under test

export const firstCode = (exchange: Exchange) =>
  (json(exchange)?.tppMessages as { code: string }[] | undefined)?.[0]?.code;

export const newSessionId = () => randomUUID();
