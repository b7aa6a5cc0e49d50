/**
 * `npm run bench:bank` rows for payments never authorised: a bank holding 20,000 of them (copies
 * of a payment the bank made, RCVD, initiated at the bank's time so none has expired) against the
 * same bank without them. The batch catch-up runs before every request and reads the payments that
 * are due (domain/batch.ts); the figure is what an unrelated signed GET /v1/consents/{id} costs on
 * each: the CPU time of the process per call and the median latency, in-process `bank.handle`
 * (signature checked, no socket), the banks alternated, the median of seven rounds of 1,500 calls each. A third bank holds as many
 * payments settled: the cost of a heap that size without any open payment. The bank clock runs (a
 * millisecond each time it is read), so every request has a catch-up to do.
 */
import { createBank, type Bank, type BankRequest } from '../main/core/bank/index.js';
import { buildInitialState } from '../main/core/bank/domain/initial-data.js';
import type { DomainState, Payment, Consent } from '../main/core/bank/domain/model.js';
import { VirtualClock } from '../main/core/clock.js';
import { getLatencyMs, templates, tppRequest, type Seal } from './bank-entities.js';

export interface OpenPaymentsRow {
  count: number;
  /** CPU µs per GET, with the payments and without. */
  cpuWith: number;
  cpuWithout: number;
  msWith: number;
  msWithout: number;
  /** The same with as many payments settled (ACSC): what the heap of that size costs by itself. */
  cpuSettled: number;
  msSettled: number;
}

/** A bank clock starting at `start` that moves on a millisecond each time it is read. */
function runningClock(start: Date): VirtualClock {
  let ticks = 0;
  return new VirtualClock(() => start.getTime() + (ticks += 1));
}

function stateWith(
  count: number,
  status: Payment['transactionStatus'],
  now: Date,
  consent: Consent,
  payment: Payment,
): DomainState {
  const state = buildInitialState(now);
  for (let i = 0; i < count; i += 1)
    state.payments.push({
      ...structuredClone(payment),
      paymentId: `bench-open-payment-${i}`,
      createdAt: now.toISOString(),
      transactionStatus: status,
    });
  state.consents.push(structuredClone(consent));
  return state;
}

/** CPU µs per call of `calls` GETs, and their median latency. */
async function cost(bank: Bank, request: BankRequest, calls: number) {
  const before = process.cpuUsage();
  const ms = await getLatencyMs(bank, request, calls);
  const used = process.cpuUsage(before);
  return { cpu: (used.user + used.system) / calls, ms };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

export async function openPaymentsRow(seal: Seal, start: Date, count = 20_000) {
  const { consent, payment } = await templates(seal, runningClock(start));
  const kinds = [
    [count, 'RCVD'],
    [0, 'RCVD'],
    [count, 'ACSC'],
  ] as const;
  const banks = kinds.map(([size, status]) => {
    const clock = runningClock(start);
    return createBank({
      mode: 'sandbox',
      clock,
      initialState: () => stateWith(size, status, clock.now(), consent, payment),
    });
  });
  const get = tppRequest(seal, 'GET', `/v1/consents/${consent.consentId}`);
  const rounds = { cpu: kinds.map((): number[] => []), ms: kinds.map((): number[] => []) };
  for (const bank of banks) await getLatencyMs(bank, get, 50); // warm both
  for (let round = 0; round < 7; round += 1)
    for (const [i, bank] of banks.entries()) {
      const { cpu, ms } = await cost(bank, get, 1500);
      rounds.cpu[i]!.push(cpu);
      rounds.ms[i]!.push(ms);
    }
  const still = banks[0]!.state().payments.filter((p) => p.transactionStatus === 'RCVD').length;
  if (still !== count) throw new Error(`${count - still} of the open payments changed status`);
  for (const bank of banks) await bank.close();
  return {
    count,
    cpuWith: median(rounds.cpu[0]!),
    cpuWithout: median(rounds.cpu[1]!),
    msWith: median(rounds.ms[0]!),
    msWithout: median(rounds.ms[1]!),
    cpuSettled: median(rounds.cpu[2]!),
    msSettled: median(rounds.ms[2]!),
  } satisfies OpenPaymentsRow;
}
