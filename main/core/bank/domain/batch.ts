/**
 * The sandbox batch process (§1, §8: five runs a day, for all payments except periodic ones;
 * release 1.16.0) and the periodic payments' own schedule, on the bank clock.
 *
 * Nothing runs in the background: before every request the bank calls `runDueBatches`, which
 * performs, in time order, every batch run whose scheduled time passed since the last one and
 * every periodic execution day that came — so moving the virtual clock triggers them. The bank
 * console calls `runBatchNow` for an extra run. Workbench choices (docs/payments.md): batch times
 * are `BankBehaviour.batchTimes` ("HH:MM", UTC on the bank clock); a run settles every authorised
 * (ACTC) single or bulk payment whose requested execution date has come; a periodic payment
 * executes at the start of each execution day (or at its approval, when that is later); a payment
 * never authorised is rejected when its authorisation window ends (decisions.md "Ambiguities
 * decided"). The embedded bank runs the same simulation in production mode.
 */
import type { DomainState, Payment, DomainEntities } from './model.js';
import { nextExecutionDay } from './payments-periodic.js';
import {
  FINAL_TRANSACTION_STATUSES,
  PAYMENT_AUTHORISATION_WINDOW_MS,
  detailsOf,
  paymentPosition,
  setTransactionStatus,
} from './payments.js';
import { DueQueue, OpenSet } from './collection-index.js';
import { settlePayment, settleTransfer } from './payments-settlement.js';
import { profileActive } from '../faults/index.js';
import { batchSetting, lastBatchRunSince, lastRunMsOf, nextBatchRun } from './batch-schedule.js';

export { nextBatchRun } from './batch-schedule.js';

export interface BatchReport {
  /** Instants of the batch runs performed (ISO 8601). */
  runs: string[];
  settled: string[];
  partial: string[];
  rejected: string[];
  /** Periodic executions: payment and execution day. */
  periodicExecutions: { paymentId: string; day: string; outcome: 'settled' | 'rejected' }[];
  /** Payments the run could not process (left unchanged). */
  errors: { paymentId: string; message: string }[];
}

const emptyReport = (): BatchReport => ({
  runs: [],
  settled: [],
  partial: [],
  rejected: [],
  periodicExecutions: [],
  errors: [],
});

/** The payments an extra run may still take (runBatchNow): not final. */
const openPayments = new OpenSet<Payment>(
  (payment) => !FINAL_TRANSACTION_STATUSES.includes(payment.transactionStatus),
);

const startOfDay = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** Whether the batch run handles it: authorised, not periodic (fault: periodic too). */
function awaitsBatch(state: DomainEntities, payment: Payment): boolean {
  if (payment.paymentService === 'periodic-payments')
    return (
      payment.transactionStatus === 'ACCP' && profileActive(state, 'SANDBOX-BATCH-NOT-PERIODIC')
    );
  return payment.transactionStatus === 'ACTC';
}

/** Earliest moment a batch run may take the payment: approval, and its execution date. */
function readyAt(payment: Payment): Date {
  const approved = new Date(detailsOf(payment).approvedAt ?? payment.createdAt);
  const executionDate = payment.requestedExecutionDate;
  if (executionDate === undefined) return approved;
  const day = startOfDay(executionDate);
  return day > approved ? day : approved;
}

type Event =
  | { kind: 'batch'; at: Date }
  | { kind: 'periodic'; at: Date; day: string }
  | { kind: 'expiry'; at: Date };

/** A payment still waiting for its authorisation is rejected when its window ends. */
const expiresAt = (payment: Payment) =>
  new Date(Date.parse(payment.createdAt) + PAYMENT_AUTHORISATION_WINDOW_MS);

/** When a periodic payment executes next, and the day; undefined when the schedule ended. */
function periodicEvent(payment: Payment): Event | undefined {
  const schedule = detailsOf(payment).periodic;
  if (!schedule) return undefined;
  const approved = new Date(detailsOf(payment).approvedAt ?? payment.createdAt);
  const day = nextExecutionDay(schedule, schedule.executedThrough);
  if (day === undefined) return undefined;
  const start = startOfDay(day);
  return { kind: 'periodic', at: start > approved ? start : approved, day };
}

/**
 * The payment's next event after the run at `lastRun`, or undefined (final, or nothing scheduled).
 * Only payments not final have one: unauthorised ones expire, authorised ones are settled by a
 * run or execute their schedule.
 */
function eventOf(state: DomainEntities, payment: Payment, lastRun: Date): Event | undefined {
  const status = payment.transactionStatus;
  if (status === 'RCVD') return { kind: 'expiry', at: expiresAt(payment) };
  if (awaitsBatch(state, payment)) {
    const at = nextBatchRun(state, lastRun, readyAt(payment));
    return at && { kind: 'batch', at };
  }
  if (payment.paymentService === 'periodic-payments' && status === 'ACCP')
    return periodicEvent(payment);
  return undefined;
}

/**
 * The earliest a payment can have an event, whatever the last run and the settings: the due
 * queue's time for a payment it indexes or is told of. A run's time is never before the payment is
 * ready; a periodic payment under SANDBOX-BATCH-NOT-PERIODIC awaits a run from then too.
 */
function earliestEvent(payment: Payment): number | undefined {
  const status = payment.transactionStatus;
  if (status === 'RCVD') return expiresAt(payment).getTime();
  if (status !== 'ACTC' && status !== 'ACCP') return undefined;
  return readyAt(payment).getTime();
}

/**
 * The payments by when they are due (collection-index.ts DueQueue): the catch-up before every
 * request reads those due by now, not every payment that is not final, so payments never
 * authorised cost a request nothing until they expire.
 */
const duePayments = new DueQueue<Payment>(earliestEvent, (payment) => payment.createdAt);

/**
 * A payment was changed in place so that it may be due sooner (authorised: its run or schedule
 * replaces its expiry); the due queue takes its new time.
 */
export function paymentDueChanged(state: DomainEntities, payment: Payment): void {
  duePayments.changed(state.payments, paymentPosition(state, payment.paymentId));
}

function settleInRun(state: DomainState, payment: Payment, at: Date, report: BatchReport): void {
  if (payment.paymentService === 'periodic-payments') {
    // Fault SANDBOX-BATCH-NOT-PERIODIC: the run books one execution and ends the standing order.
    const [transfer] = detailsOf(payment).transfers;
    const result = transfer ? settleTransfer(state, payment, transfer, at) : 'account';
    setTransactionStatus(payment, result === 'settled' ? 'ACSC' : 'RJCT', at, 'batch run');
    (result === 'settled' ? report.settled : report.rejected).push(payment.paymentId);
    return;
  }
  const outcome = settlePayment(state, payment, at);
  const list = { settled: report.settled, partial: report.partial, rejected: report.rejected };
  list[outcome].push(payment.paymentId);
}

/** One periodic execution: debit the day's transfer; lack of funds ends the standing order. */
function executePeriodic(
  state: DomainState,
  payment: Payment,
  day: string,
  at: Date,
  report: BatchReport,
): void {
  const details = detailsOf(payment);
  const schedule = details.periodic!;
  const [transfer] = details.transfers;
  const result =
    details.unprocessable !== undefined || !transfer
      ? 'account'
      : settleTransfer(state, payment, transfer, at);
  schedule.executedThrough = day;
  if (result !== 'settled') {
    if (result === 'funds') payment.fundsAvailable = false;
    setTransactionStatus(
      payment,
      'RJCT',
      at,
      result === 'funds' ? `execution of ${day}: lack of funds` : `execution of ${day} failed`,
    );
    report.periodicExecutions.push({ paymentId: payment.paymentId, day, outcome: 'rejected' });
    return;
  }
  schedule.executions++;
  report.periodicExecutions.push({ paymentId: payment.paymentId, day, outcome: 'settled' });
  if (nextExecutionDay(schedule, day) === undefined) {
    payment.fundsAvailable = true;
    setTransactionStatus(payment, 'ACSC', at, 'last execution of the schedule');
  }
}

/** One event of the catch-up: a run settles, a schedule executes, an authorisation window ends. */
function perform(
  state: DomainState,
  payment: Payment,
  event: Event,
  runs: Set<string>,
  report: BatchReport,
): void {
  if (event.kind === 'batch') {
    runs.add(event.at.toISOString());
    settleInRun(state, payment, event.at, report);
  } else if (event.kind === 'periodic')
    executePeriodic(state, payment, event.day, event.at, report);
  else {
    setTransactionStatus(
      payment,
      'RJCT',
      event.at,
      'not authorised within a day of its initiation',
    );
    report.rejected.push(payment.paymentId);
  }
}

/**
 * Whether a catch-up at `now` has nothing to do: the bank has run, its clock did not go back, no
 * batch run time came since the last run and no payment of the due queue is due. Every request
 * asks before its stages (§1 sandbox batch), so this allocates nothing.
 */
function nothingDue(state: DomainState, now: Date): boolean {
  const lastRunAt = state.behaviour.lastBatchRunAt;
  if (lastRunAt === undefined) return false;
  const lastRunMs = lastRunMsOf(lastRunAt);
  const nowMs = now.getTime();
  if (nowMs < lastRunMs) return false;
  if (!(nowMs > lastRunMs)) return true; // the clock has not moved since the last catch-up
  const setting = batchSetting(state);
  if (lastBatchRunSince(setting.minutes, lastRunMs, nowMs) !== lastRunMs) return false;
  return duePayments.earliest(state.payments, setting.basis) > nowMs;
}

/** The report of a catch-up that did nothing, shared by them all (frozen: never added to). */
const NOTHING_DONE: BatchReport = Object.freeze({
  runs: Object.freeze([]) as unknown as string[],
  settled: Object.freeze([]) as unknown as string[],
  partial: Object.freeze([]) as unknown as string[],
  rejected: Object.freeze([]) as unknown as string[],
  periodicExecutions: Object.freeze([]) as unknown as BatchReport['periodicExecutions'],
  errors: Object.freeze([]) as unknown as BatchReport['errors'],
});

/** Each state's catch-up that did nothing, made once. */
const idleCatchUps = new WeakMap<DomainState, BatchCatchUp>();

function idleCatchUp(state: DomainState): BatchCatchUp {
  let idle = idleCatchUps.get(state);
  if (!idle) {
    idle = Object.freeze({ state, report: NOTHING_DONE, performed: 0, step: () => true });
    idleCatchUps.set(state, idle);
  }
  return idle;
}

/**
 * A catch-up with the bank clock in steps (see runDueBatches): `step(budgetMs)` performs due
 * events until none is left (then it answers true) or until `budgetMs` have passed (false: call it
 * again). The bank runs it in slices of a few milliseconds, so a catch-up after a jump of years
 * never holds the event loop for long.
 */
export interface BatchCatchUp {
  readonly state: DomainState;
  readonly report: BatchReport;
  /** How many events (a settlement, a periodic execution) it performed so far. */
  readonly performed: number;
  step(budgetMs: number): boolean;
}

/** Never more events than this in one catch-up, whatever the state holds. */
const MAX_EVENTS = 100_000;

/**
 * Starts catching up with `now`. After `totalMs` of work (summed over the steps) it stops early:
 * the last run is then recorded just before the last event performed, so the next catch-up goes
 * on from there with the same dates, and every request waits at most about `totalMs` for it
 * (a standing order due every week of two centuries is ten thousand bookings).
 */
export function startDueBatches(
  state: DomainState,
  now: Date,
  totalMs: number = Infinity,
): BatchCatchUp {
  if (nothingDue(state, now)) return idleCatchUp(state);
  const behaviour = state.behaviour;
  if (behaviour.lastBatchRunAt === undefined) {
    behaviour.lastBatchRunAt = now.toISOString();
    return idleCatchUp(state);
  }
  const lastRun = new Date(behaviour.lastBatchRunAt);
  if (now < lastRun) {
    // The clock was moved back (the admin API, or a run undoing its moves): the schedule counts
    // from now again, or no batch would run until the clock passed the last run once more. The
    // due queue's times were counted from the later run: they are computed again.
    behaviour.lastBatchRunAt = now.toISOString();
    duePayments.reset(state.payments);
    return idleCatchUp(state);
  }
  const report = emptyReport();
  const runs = new Set<string>();
  const { minutes, basis } = batchSetting(state);
  // A payment whose processing fails (a bank bug, or a hand-written snapshot) is left as it is for
  // this catch-up, so one bad payment never blocks the others or every later request; it is put
  // back in the due queue when the catch-up ends.
  const skipped: number[] = [];
  let worked = 0;
  let events = 0;
  let lastEventAt: Date | undefined;
  let finished = false;
  const finish = (early: boolean) => {
    finished = true;
    for (const position of skipped) duePayments.changed(state.payments, position);
    report.runs = [...runs].sort();
    const last =
      early && lastEventAt
        ? lastEventAt.getTime() - 1
        : lastBatchRunSince(minutes, lastRun.getTime(), now.getTime());
    behaviour.lastBatchRunAt = new Date(last).toISOString();
  };
  return {
    state,
    report,
    get performed() {
      return events;
    },
    step(budgetMs) {
      if (finished) return true;
      const started = performance.now();
      const until = started + Math.min(budgetMs, totalMs - worked);
      // One event at a time, the earliest first: a settlement changes balances, and a periodic
      // execution moves or ends a schedule, so each payment's next event is computed afresh.
      for (;;) {
        const taken = duePayments.take(state.payments, now.getTime(), basis);
        if (!taken) break;
        const { item: payment, position } = taken;
        const event = eventOf(state, payment, lastRun);
        if (!event) continue; // final, or nothing scheduled: it leaves the queue
        if (event.at.getTime() > taken.at) {
          // Its time in the queue was a lower bound: back in at the exact one.
          duePayments.put(state.payments, position, event.at.getTime());
          continue;
        }
        if (++events > MAX_EVENTS) {
          duePayments.put(state.payments, position, event.at.getTime());
          finish(true);
          return true;
        }
        lastEventAt = event.at;
        try {
          perform(state, payment, event, runs, report);
          duePayments.put(state.payments, position, eventOf(state, payment, lastRun)?.at.getTime());
        } catch (error) {
          skipped.push(position);
          report.errors.push({
            paymentId: payment.paymentId,
            message: error instanceof Error ? error.message : String(error),
          });
        }
        if (performance.now() >= until) {
          worked += performance.now() - started;
          if (worked < totalMs) return false;
          finish(true);
          return true;
        }
      }
      finish(false);
      return true;
    },
  };
}

/**
 * Catches up with the bank clock: every batch run scheduled after the last one up to `now`, and
 * every periodic execution day that came, in time order. A bank that never ran, or whose clock
 * was moved back before its last run, starts counting from `now`. Mutates `state`; returns what
 * happened. Only the runs that settle something are
 * performed one by one; the others only move the time of the last run.
 */
export function runDueBatches(state: DomainState, now: Date): BatchReport {
  const catchUp = startDueBatches(state, now);
  catchUp.step(Infinity);
  // The shared report of a catch-up that did nothing is never handed out: callers add to theirs.
  return catchUp.report === NOTHING_DONE ? emptyReport() : catchUp.report;
}

/**
 * An extra batch run now (the bank console): first the scheduled work that is due, then every
 * authorised single or bulk payment whose execution date has come is settled or rejected.
 */
export function runBatchNow(state: DomainState, now: Date): BatchReport {
  const report = runDueBatches(state, now);
  const ready = openPayments
    .members(state.payments)
    .filter((payment) => awaitsBatch(state, payment) && readyAt(payment) <= now)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  for (const payment of ready)
    try {
      settleInRun(state, payment, now, report);
    } catch (error) {
      report.errors.push({
        paymentId: payment.paymentId,
        message: error instanceof Error ? error.message : String(error),
      });
    }
  report.runs.push(now.toISOString());
  state.behaviour.lastBatchRunAt = now.toISOString();
  return report;
}
