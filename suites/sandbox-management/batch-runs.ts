/**
 * The sandbox's batch runs (§1 "Sandbox behaviour"): five a day on the bank clock, settling
 * authorised single payments and leaving periodic ones alone.
 */
import type { Check, CheckContext } from '../../main/core/runner/check-api/index.js';
import {
  approve,
  type CreatedPayment,
  createPayment,
  paymentStatus,
  sctBody,
  paymentParty,
} from '../kit/payments.js';
import { dayFromToday } from '../kit/dates.js';
import { privatePsu } from '../kit/test-psus.js';
import { sandboxCheck } from './sandbox-api.js';

const HOUR = 60 * 60 * 1000;

/** Moves the bank clock to one minute past the next midnight (UTC); answers that instant. */
async function toNextMidnight(ctx: CheckContext): Promise<Date> {
  const now = await ctx.clock.now();
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 0, 1);
  await ctx.clock.advance(midnight - now.getTime());
  return new Date(midnight);
}

/** An authorised (SCA done) single SCT of the first test PSU, waiting for the batch. */
async function authorisedPayment(ctx: CheckContext, label: string): Promise<CreatedPayment> {
  const payer = await privatePsu(ctx);
  const payment = await createPayment(ctx, sctBody(await paymentParty(ctx)), { label });
  await approve(ctx, payment, payer.nationalIdentityNumber);
  return payment;
}

export const batchRunChecks: Check[] = [
  sandboxCheck({
    id: 'SBX-BATCH-FIVE-RUNS-A-DAY',
    title: 'The sandbox settles authorised payments in five batch runs a day',
    rules: ['SANDBOX-BATCH-5-PER-DAY'],
    needs: ['psu-agent', 'clock-control'],
    timeoutMs: 20_000,
    async run(ctx) {
      const start = await toNextMidnight(ctx);
      const runHours: number[] = [];
      let waiting = await authorisedPayment(ctx, 'a payment for the first run');
      for (let hour = 0; hour < 24; hour++) {
        await ctx.clock.advance(HOUR);
        const status = await paymentStatus(ctx, waiting.path, `status after hour ${hour + 1}`);
        if (status.transactionStatus === 'ACSC') {
          runHours.push(hour);
          waiting = await authorisedPayment(ctx, `a payment for the run after hour ${hour + 1}`);
        }
      }
      ctx.evidence.note(
        `batch runs of ${start.toISOString().slice(0, 10)} settled payments in the hours starting ${runHours.map((h) => `${String(h).padStart(2, '0')}:01`).join(', ')} (UTC, bank clock)`,
      );
      ctx.expect.equal(runHours.length, 5, 'batch runs in one day');
    },
  }),
  sandboxCheck({
    id: 'SBX-BATCH-SKIPS-PERIODIC',
    title: 'The batch run settles single payments, not periodic ones',
    rules: ['SANDBOX-BATCH-NOT-PERIODIC'],
    needs: ['psu-agent', 'clock-control'],
    async run(ctx) {
      const party = await paymentParty(ctx);
      await toNextMidnight(ctx);
      const payer = await privatePsu(ctx);
      const periodic = await createPayment(
        ctx,
        sctBody(party, { startDate: dayFromToday(0, await ctx.clock.now()), frequency: 'Monthly' }),
        { service: 'periodic-payments', label: 'a periodic payment starting today' },
      );
      await approve(ctx, periodic, payer.nationalIdentityNumber);
      const single = await authorisedPayment(ctx, 'a single payment');
      let settled = false;
      for (let hour = 0; hour < 24 && !settled; hour++) {
        await ctx.clock.advance(HOUR);
        settled = (await paymentStatus(ctx, single.path)).transactionStatus === 'ACSC';
      }
      ctx.expect.true(settled, 'a batch run settled the single payment within a day');
      const status = await paymentStatus(ctx, periodic.path, 'the periodic payment after the run');
      ctx.expect.true(
        status.transactionStatus !== 'ACSC',
        `the batch run left the periodic payment alone (${status.transactionStatus})`,
      );
    },
  }),
];
