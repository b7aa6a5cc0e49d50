/**
 * A sandbox bank over loopback and a TppClient that signs with the real signer (main/core/tpp):
 * every sandbox test talks HTTP to a listening bank whose clock stands still at NOW.
 */
import { expect } from 'vitest';
import { createBank, type Bank, type BankListener } from '../../../main/core/bank/index.js';
import { VirtualClock } from '../../../main/core/clock.js';
import { TppClient, type OutgoingRequest } from '../../../main/core/tpp/client.js';
import { createPki, type Pki } from '../../unit/bank/fixtures.js';
import type { BankMode } from '../../../main/shared/mode.js';

/** The bank clock of every sandbox test: a fixed instant (dates of the data count back from it). */
export const NOW = new Date('2025-03-14T10:00:00.000Z');
export const TODAY = '2025-03-14';

export interface Answer {
  status: number;
  /** The body text exactly as sent. */
  text: string;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON under test
  headers: Record<string, string>;
}

export interface Sandbox {
  bank: Bank;
  clock: VirtualClock;
  listener: BankListener;
  client: TppClient;
  pki: Pki;
  call(
    method: string,
    path: string,
    body?: unknown,
    extra?: Partial<OutgoingRequest>,
  ): Promise<Answer>;
  close(): Promise<void>;
}

let sharedPki: Promise<Pki> | undefined;

/** One PKI per test file (RSA key generation is the slow part). */
export function testPki(): Promise<Pki> {
  sharedPki ??= createPki();
  return sharedPki;
}

export async function startSandbox(mode: BankMode = 'sandbox', now: Date = NOW): Promise<Sandbox> {
  const pki = await testPki();
  const clock = new VirtualClock();
  clock.freeze(); // frozen first: a running clock set, then frozen, moves on by the time between
  clock.set(now);
  const bank = createBank({ mode, clock });
  const listener = await bank.listen();
  const client = new TppClient({
    baseUrl: listener.url,
    signing: { key: pki.seal.privateKey, certificate: pki.seal.certificateDer },
  });
  return {
    bank,
    clock,
    listener,
    client,
    pki,
    async call(method, path, body, extra = {}) {
      const exchange = await client.send({
        method,
        path,
        ...(body !== undefined ? { body: body as object } : {}),
        ...extra,
      });
      if (!exchange.response) throw new Error(`no response: ${exchange.error}`);
      const { status, body: text, json, headers } = exchange.response;
      return { status, text, body: json, headers };
    },
    async close() {
      await client.close();
      await bank.close();
    },
  };
}

/** The single tppMessage of an error answer. */
export function messageOf(answer: Answer): { code: string; path?: string; text: string } {
  expect(answer.body?.tppMessages, `expected an error body, got ${answer.text}`).toHaveLength(1);
  return answer.body.tppMessages[0];
}

/** Asserts an error answer: status, code, the path it names and words of its text. */
export function expectError(
  answer: Answer,
  status: number,
  code: string,
  path: string,
  text?: RegExp,
): void {
  expect(answer.status, answer.text).toBe(status);
  const message = messageOf(answer);
  expect(message.code).toBe(code);
  expect(message.path).toBe(path);
  expect(message.text.startsWith(path) || message.text.includes(path), message.text).toBe(true);
  if (text) expect(message.text).toMatch(text);
}
