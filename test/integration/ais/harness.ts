/**
 * Account information over loopback: a bank (sandbox or production) on a frozen virtual clock, TPPs
 * that talk to it only over HTTP (signed calls through TppClient), and consent through the
 * headless PSU agent on the bank's SCA pages — the way a TPP and a PSU see the bank.
 */
import { expect } from 'vitest';
import {
  TppRegistry,
  TrustStore,
  createBank,
  type Bank,
  type BankMode,
} from '../../../main/core/bank/index.js';
import { VirtualClock } from '../../../main/core/clock.js';
import { TppClient } from '../../../main/core/tpp/client.js';
import { runPsuAgent } from '../../../main/core/tpp/psu-agent/agent.js';
import type { AgentIntent } from '../../../main/core/tpp/psu-agent/script.js';
import { newPsuSession, type PsuSession } from '../../../main/core/tpp/psu-session.js';
import { ORGANIZATION_ID, createPki, type Pki } from '../../unit/bank/fixtures.js';
import { DAY_MS } from '../../../main/shared/calendar.js';

/** The bank clock of every AIS test (initial data dates count back from it). */
export const NOW = new Date('2025-03-14T10:00:00.000Z');
export const TODAY = '2025-03-14';
export { DAY_MS };

export const OLA = { customerNumber: '10000001', nin: '15038512363' };
export const KARI = { customerNumber: '10000002', nin: '62079045611' };
export const PER = { customerNumber: '30000001', nin: '24059222232' };
export const OLA_CARD = 'card-10000001';
export const OLA_ACCOUNT = 'acc-10000001-brukskonto';
export const OLA_SAVINGS = 'acc-10000001-sparekonto';
export const PER_ACCOUNT = 'acc-30000001-brukskonto';
export const PER_CARD = 'card-30000001';

export interface Answer {
  status: number;
  text: string;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON under test
}

export interface AisTpp {
  session: PsuSession;
  /** A signed call; `headers` null removes a default (e.g. PSU-IP-Address). */
  call(
    method: string,
    path: string,
    options?: {
      query?: Record<string, string | number>;
      headers?: Record<string, string | null>;
      body?: unknown;
    },
  ): Promise<Answer>;
  get(
    path: string,
    query?: Record<string, string | number>,
    headers?: Record<string, string | null>,
  ): Promise<Answer>;
  /** POST /v1/consents and the PSU's SCA with `script`; the TPP keeps the psu-id it gets. */
  consent(script: Partial<AgentIntent> & { nationalIdentityNumber: string }): Promise<string>;
}

export interface AisHarness {
  bank: Bank;
  clock: VirtualClock;
  pki: Pki;
  tpp(session?: Partial<PsuSession>): AisTpp;
  /** Moves the bank clock (frozen) by `days` days. */
  advanceDays(days: number): void;
  close(): Promise<void>;
}

let sharedPki: Promise<Pki> | undefined;
const testPki = () => (sharedPki ??= createPki());

export async function startAis(options: { mode?: BankMode; now?: Date } = {}): Promise<AisHarness> {
  const pki = await testPki();
  const clock = new VirtualClock();
  // Production checks certificates against the bank clock, and the test CA is made today: a
  // production bank starts at the real time unless told otherwise.
  clock.freeze(); // frozen first: a running clock set, then frozen, moves on by the time between
  clock.set(options.now ?? (options.mode === 'production' ? new Date() : NOW));
  const bank = createBank({
    mode: options.mode ?? 'sandbox',
    clock,
    trustStore: new TrustStore([pki.ca.chainPem]),
    registry: new TppRegistry([
      { organizationIdentifier: ORGANIZATION_ID, name: 'Example TPP AS', roles: ['AISP', 'PISP'] },
    ]),
  });
  const listener = await bank.listen();
  const clients: TppClient[] = [];
  return {
    bank,
    clock,
    pki,
    advanceDays: (days) => clock.advance(days * DAY_MS),
    tpp(sessionInit = {}) {
      const session = newPsuSession('https://tpp.example/callback', {
        psuIpAddress: '192.0.2.10',
        ...sessionInit,
      });
      const client = new TppClient({
        baseUrl: listener.url,
        signing: { key: pki.seal.privateKey, certificate: pki.seal.certificateDer },
        session: () => session,
        defaultHeaders: { 'x-accept-fix': 'amount-as-string' },
      });
      clients.push(client);
      const call: AisTpp['call'] = async (method, path, callOptions = {}) => {
        const exchange = await client.send({
          method,
          path,
          ...(callOptions.query ? { query: callOptions.query } : {}),
          ...(callOptions.headers ? { headers: callOptions.headers } : {}),
          ...(callOptions.body !== undefined ? { body: callOptions.body as object } : {}),
        });
        if (!exchange.response) throw new Error(`no response: ${exchange.error}`);
        const { status, body, json } = exchange.response;
        return { status, text: body, body: json };
      };
      return {
        session,
        call,
        get: (path, query, headers) =>
          call('GET', path, { ...(query ? { query } : {}), ...(headers ? { headers } : {}) }),
        async consent(script) {
          const started = await call('POST', '/v1/consents', { body: {} });
          expect(started.status, started.text).toBe(201);
          const result = await runPsuAgent(started.body._links.scaRedirect.href, {
            context: 'PRIVATE',
            accounts: 'all',
            ...script,
          });
          expect(result.redirect.outcome, result.redirectUrl).toBe('success');
          if (result.redirect.outcome !== 'success') throw new Error('SCA failed');
          session.psuId = result.redirect.psuId;
          if (result.redirect.psuCorporateId)
            session.psuCorporateId = result.redirect.psuCorporateId;
          else delete session.psuCorporateId;
          return started.body.consentId as string;
        },
      };
    },
    async close() {
      await Promise.all(clients.map((client) => client.close()));
      await bank.close();
    },
  };
}

/** The single tppMessage code of an error answer. */
export function codeOf(answer: Answer): string | undefined {
  return answer.body?.tppMessages?.[0]?.code;
}

/** Query parameters of a link's href. */
export function paramsOf(href: string): Record<string, string> {
  return Object.fromEntries(new URL(href, 'http://bank.invalid').searchParams);
}
