/**
 * The embedded bank as a suite target. Every check gets its own in-process bank (fresh initial
 * state, its own virtual clock, its own port), so checks that move the clock or change data run
 * side by side without seeing each other. The TPP's test CA and certificates are made once per
 * run and registered in each production bank's registry and trust store.
 */
import { createBank, type Bank } from '../../bank/index.js';
import {
  bankTlsServerOptions,
  createResponseSigner,
  generateResponseCertificate,
  generateServerTls,
  type GeneratedResponseCertificate,
  type GeneratedServerTls,
} from '../../bank/index.js';
import { VirtualClock } from '../../clock.js';
import {
  createTestCa,
  issueQsealc,
  issueQwac,
  type IssuedCertificate,
  type TestCa,
} from '../../certs/index.js';
import { TppClient } from '../../tpp/client.js';
import { newPsuSession, type PsuSession } from '../../tpp/psu-session.js';
import type { Check, TargetInfo, BankMode } from '../check-api/index.js';
import type { CheckEnvironment } from '../engine/check-context.js';
import { createSuitePsuAgent, type PsuAgentFactory } from './psu-adapter.js';
import { createTargetClient } from './target-client.js';
import { tlsProbe } from './tls-probe.js';

/** The base URL an embedded run's result names: one bank per check, none of them at a fixed port. */
export const EMBEDDED_BASE_URL = 'http://127.0.0.1 (one embedded bank per check)';

/** The TPP the suites act as: organizationIdentifier, roles, and its certificates. */
export interface TppIdentity {
  organizationIdentifier: string;
  name: string;
  ca: TestCa;
  qsealc: IssuedCertificate;
  qwac: IssuedCertificate;
  /** A second TPP (its own organisation, same CA) that production banks register for AISP only. */
  aispOnly: { organizationIdentifier: string; name: string; qsealc: IssuedCertificate };
}

export async function createTppIdentity(
  organizationIdentifier = 'PSDNO-FSA-SUITES1',
  name = 'Workbench Suites TPP',
): Promise<TppIdentity> {
  const ca = await createTestCa();
  const options = {
    issuer: ca.issuer,
    subject: {
      commonName: name,
      organizationName: name,
      countryName: 'NO',
      organizationIdentifier,
    },
    roles: ['PSP_AI', 'PSP_PI'] as const,
    ncaName: 'Finanstilsynet',
    ncaId: 'NO-FSA',
  };
  const aispOnlyName = 'Workbench Suites AISP-only TPP';
  const aispOnlyId = `${organizationIdentifier}-AIS`;
  const [qsealc, qwac, aispOnlySeal] = await Promise.all([
    issueQsealc({ ...options, roles: [...options.roles] }),
    issueQwac({ ...options, roles: [...options.roles] }),
    issueQsealc({
      ...options,
      roles: [...options.roles],
      subject: {
        ...options.subject,
        commonName: aispOnlyName,
        organizationName: aispOnlyName,
        organizationIdentifier: aispOnlyId,
      },
    }),
  ]);
  return {
    organizationIdentifier,
    name,
    ca,
    qsealc,
    qwac,
    aispOnly: { organizationIdentifier: aispOnlyId, name: aispOnlyName, qsealc: aispOnlySeal },
  };
}

/**
 * A production bank trusts the suites' test CA and registers their two TPPs: the main one for
 * AISP and PISP, the second for AISP only (what `workbench certs create`'s registry.json says).
 */
export function registerSuitesTpps(bank: Bank, identity: TppIdentity): void {
  bank.trustStore.add(identity.ca.chainPem);
  bank.registry.add({
    organizationIdentifier: identity.organizationIdentifier,
    name: identity.name,
    roles: ['AISP', 'PISP'],
  });
  bank.registry.add({
    organizationIdentifier: identity.aispOnly.organizationIdentifier,
    name: identity.aispOnly.name,
    roles: ['AISP'],
  });
}

/** Where the SCA pages send the PSU back to; the PSU agent stops there without fetching it. */
export const SUITE_REDIRECT_URI = 'http://127.0.0.1:9/suite-callback';

/** Builds a PSU agent for a check (psu-adapter.ts `suitePsuAgentFactory`: headless or browser). */
export type { PsuAgentFactory } from './psu-adapter.js';

export interface EmbeddedTargetOptions {
  mode: BankMode;
  identity: TppIdentity;
  /**
   * Default: the headless PSU agent with the built-in `workbench-bank` script (psu-adapter.ts);
   * `suitePsuAgentFactory({ mode: 'browser' })` plays the pages in Chromium; null runs without one.
   */
  psuAgent?: PsuAgentFactory | null;
  /** Starting instant of every check's bank clock (default: real time when the check starts). */
  startAt?: Date;
  /** Rules every check's bank breaks on purpose (the catalogue in main/core/bank/faults/). */
  faultProfiles?: readonly string[];
}

export interface EmbeddedTarget {
  info: TargetInfo;
  /**
   * `check`, when given, decides what the bank offers it: a check that needs signed responses
   * gets a bank that signs every answer (§5.2.7) and a client that trusts that certificate.
   */
  createEnvironment(
    signal: AbortSignal,
    check?: Pick<Check, 'needs'>,
  ): Promise<CheckEnvironment & { bank: Bank; session: PsuSession }>;
}

export function embeddedTarget(options: EmbeddedTargetOptions): EmbeddedTarget {
  const { mode, identity } = options;
  // The bank's response seal, made once per target when a check first needs it (an RSA key).
  let seal: Promise<GeneratedResponseCertificate> | undefined;
  // The bank's server certificate and its test CA, made once per target when a check needs HTTPS.
  let serverTls: Promise<GeneratedServerTls> | undefined;
  return {
    info: {
      baseUrl: EMBEDDED_BASE_URL,
      mode,
      hasSandboxApi: mode === 'sandbox',
      name: 'embedded bank',
    },
    async createEnvironment(signal, check) {
      const clock = new VirtualClock();
      if (options.startAt) clock.set(options.startAt);
      const signs = check?.needs?.includes('signed-responses') === true;
      const bankSeal = signs ? await (seal ??= generateResponseCertificate()) : undefined;
      const bank = createBank({
        mode,
        clock,
        ...(bankSeal
          ? {
              signResponse: createResponseSigner({
                certificate: bankSeal.certificatePem,
                key: bankSeal.key,
              }),
            }
          : {}),
      });
      // The client knows the bank's own seal: a signature by any other certificate is invalid.
      const bankSigning = bankSeal
        ? { bankSigning: { certificates: [bankSeal.certificatePem] } }
        : {};
      if (options.faultProfiles?.length) {
        const snapshot = bank.exportSnapshot();
        snapshot.state.behaviour.faultProfiles = [...options.faultProfiles];
        bank.importSnapshot(snapshot);
      }
      if (mode === 'production') registerSuitesTpps(bank, identity);
      // A check that needs HTTPS (§5.1) gets a bank on TLS, and clients that trust its test CA.
      const https = check?.needs?.includes('https') === true;
      const server = https ? await (serverTls ??= generateServerTls()) : undefined;
      const listener = await bank.listen(
        server ? { https: bankTlsServerOptions({ key: server.key, cert: server.cert }) } : {},
      );
      const transport = server ? { transport: { ca: [server.caPem] } } : {};
      const session = newPsuSession(SUITE_REDIRECT_URI, { psuIpAddress: '192.0.2.10' });
      const tpp = new TppClient({
        baseUrl: listener.url,
        signing: { key: identity.qsealc.privateKey, certificate: identity.qsealc.certificateDer },
        session: () => session,
        ...bankSigning,
        ...transport,
      });
      const aispOnly = new TppClient({
        baseUrl: listener.url,
        signing: {
          key: identity.aispOnly.qsealc.privateKey,
          certificate: identity.aispOnly.qsealc.certificateDer,
        },
        session: () => session,
        ...bankSigning,
        ...transport,
      });
      const tls = server ? tlsProbe(listener.url, signal) : undefined;
      return {
        bank,
        session,
        client: createTargetClient(tpp, signal),
        aispOnlyClient: createTargetClient(aispOnly, signal),
        ...(tls ? { tls } : {}),
        ...(options.psuAgent !== null
          ? { psu: (options.psuAgent ?? createSuitePsuAgent)({ signal }) }
          : {}),
        clock: {
          now: async () => clock.now(),
          advance: async (ms) => clock.advance(ms),
        },
        dispose: async () => {
          await tpp.close();
          await aispOnly.close();
          await bank.close();
        },
      };
    },
  };
}
