/**
 * One simulated TPP of the soak: its own QSealC and organisation, one PSU session, its own
 * sandbox accounts, and a signing client that reports every request to the traffic recorder.
 * A request that gets no HTTP answer, or an answer the journey did not allow, ends the journey
 * with a JourneyStop; the loop counts it and goes on.
 */
import type { Bank } from '../../main/core/bank/index.js';
import type { TppClient } from '../../main/core/tpp/client.js';
import { linkOf, type OutgoingRequest } from '../../main/core/tpp/client.js';
import type { Exchange } from '../../main/shared/exchange.js';
import { PsuAgentError, runPsuAgent } from '../../main/core/tpp/psu-agent/agent.js';
import type { AgentIntent } from '../../main/core/tpp/psu-agent/script.js';
import type { PsuSession } from '../../main/core/tpp/psu-session.js';
import type { ScaRedirectParams } from '../../main/core/tpp/redirect-listener.js';
import type { Random, SoakBook } from './book.js';
import type { PaymentRecord } from './invariants.js';
import type { TrafficRecorder } from './traffic.js';

/** Ends a journey: `dropped` when the bank gave no HTTP answer, else an answer the spec forbids. */
export class JourneyStop extends Error {
  override readonly name = 'JourneyStop';
  constructor(
    message: string,
    readonly dropped = false,
  ) {
    super(message);
  }
}

export interface OwnAccount {
  id: string;
  iban: string;
  bban: string;
}

export interface SoakPsu {
  customerNumber: string;
  nationalIdentityNumber: string;
}

/** Shared by every TPP of one soak run. */
export interface SoakWorld {
  bank: Bank;
  traffic: TrafficRecorder;
  book: SoakBook;
  /** Pay accounts of every TPP (creditors of internal transfers), filled during setup. */
  payAccounts: OwnAccount[];
  /** Accounts of the initial data that receive internal transfers. */
  creditorAccounts: { iban: string; name: string }[];
  /** A Norwegian account outside the bank (§2.2 creditor of an outgoing transfer). */
  outsideAccount: { iban: string; bban: string; name: string };
  /** True once the TPPs should start no new journey (duration or request bound reached). */
  stopping(): boolean;
}

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any -- bank answers, checked where used

export class SoakTpp {
  /** Set by the soak's setup over the sandbox API. */
  pay!: OwnAccount;
  scratch!: OwnAccount;
  card!: { id: string; maskedPan: string };
  readonly payments: PaymentRecord[] = [];
  private counter = 0;

  constructor(
    readonly id: string,
    readonly client: TppClient,
    readonly session: PsuSession,
    readonly psu: SoakPsu,
    readonly world: SoakWorld,
    readonly random: Random,
  ) {}

  /** A unique tag for remittance texts and ids (duplicate detection works on content, §2.2). */
  tag(): string {
    return `${this.id.slice(-3)}-${++this.counter}`;
  }

  /** Sends one request; a missing answer or a 5xx ends the journey (both are soak violations). */
  async send(what: string, request: OutgoingRequest): Promise<Exchange> {
    const started = performance.now();
    const exchange = await this.client.send(request);
    const response = exchange.response;
    if (!response) {
      this.world.traffic.failed(what, exchange.error ?? 'no response');
      throw new JourneyStop(`${what}: no HTTP answer (${exchange.error})`, true);
    }
    this.world.traffic.answered(
      what,
      response.status,
      performance.now() - started,
      () => response.body,
    );
    if (response.status >= 500) throw new JourneyStop(`${what}: ${response.status}`);
    return exchange;
  }

  /** Sends and requires `status`; anything else is a deviation that ends the journey. */
  async expect(
    what: string,
    status: number,
    request: OutgoingRequest,
  ): Promise<{ exchange: Exchange; body: Json }> {
    const exchange = await this.send(what, request);
    if (exchange.response!.status !== status)
      throw new JourneyStop(
        `${what}: ${exchange.response!.status}, expected ${status}: ${exchange.response!.body.slice(0, 300)}`,
      );
    return { exchange, body: exchange.response!.json as Json };
  }

  link(exchange: Exchange, relation: string, what: string): string {
    const href = linkOf(exchange, relation);
    if (href === undefined) throw new JourneyStop(`${what}: no _links.${relation}`);
    return href;
  }

  /** The PSU on the bank's SCA pages (headless agent); every page counts as a request. */
  async psuAnswers(
    scaRedirect: string,
    script: Omit<AgentIntent, 'nationalIdentityNumber'>,
  ): Promise<ScaRedirectParams> {
    const full: AgentIntent = {
      nationalIdentityNumber: this.psu.nationalIdentityNumber,
      context: 'PRIVATE',
      ...script,
    };
    try {
      const result = await runPsuAgent(scaRedirect, full);
      for (const page of result.pages)
        this.world.traffic.answered('SCA page', page.status, 0, () => page.html);
      const redirect = result.redirect;
      if (redirect.outcome === 'success') {
        this.session.psuId = redirect.psuId;
        delete this.session.psuCorporateId;
      }
      return redirect;
    } catch (error) {
      if (error instanceof PsuAgentError) {
        for (const page of error.pages)
          this.world.traffic.answered('SCA page', page.status, 0, () => page.html);
        throw new JourneyStop(`SCA pages: ${error.message}`);
      }
      const message =
        error instanceof Error
          ? `${error.message} ${String((error as { cause?: unknown }).cause ?? '')}`
          : String(error);
      this.world.traffic.failed('SCA page', message);
      throw new JourneyStop(`SCA pages: no HTTP answer (${message})`, true);
    }
  }
}
