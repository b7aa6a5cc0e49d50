/**
 * The live sequence diagram's model: the exchanges between the TPP (the workbench), the bank and
 * the PSU's browser, from the bank's request log (the PSU's browser is what asks for the bank's
 * /sca pages), with the bank's redirects back to the TPP (§6.1/§6.2) and what was done to the bank
 * outside its requests (its console events: a PSU's revocation at the bank, a card account
 * blocked, a batch run, a clock jump, whoever made them) in the order they happened. Pure.
 */
import type { BankEventView, BankExchangeView } from '../../../../main/api/contract';
import {
  redirectStep,
  shortIds,
  shortLabel,
  type Lane,
  type SequenceStep,
} from '../../../../main/shared/sequence/model';

export { LANES, type Lane, type SequenceStep } from '../../../../main/shared/sequence/model';

/** A note sits on the bank's lane alone, with room on both sides. */
const MAX_NOTE = 90;

function header(headers: Record<string, string>, name: string): string | undefined {
  const found = Object.entries(headers).find(([key]) => key.toLowerCase() === name);
  return found?.[1];
}

function exchangeSteps(exchange: BankExchangeView): SequenceStep[] {
  const key = `${exchange.mode}:${exchange.id}`;
  const path = shortIds(exchange.request.target.split('?')[0] ?? exchange.request.target);
  // A TPP's request carries X-Request-ID (§4.1); the PSU's browser (SCA pages, favicon) sends none.
  const from: Lane =
    header(exchange.request.headers, 'x-request-id') !== undefined && !path.startsWith('/sca')
      ? 'tpp'
      : 'psu';
  const status = exchange.response.status;
  const steps: SequenceStep[] = [
    {
      key: `${key}:req`,
      from,
      to: 'bank',
      label: shortLabel(`${exchange.request.method} ${path}`),
      kind: 'request',
      exchangeKey: key,
    },
    {
      key: `${key}:res`,
      from: 'bank',
      to: from,
      label: shortLabel(`${status}${exchange.operationId ? ` ${exchange.operationId}` : ''}`),
      kind: 'response',
      exchangeKey: key,
      status,
    },
  ];
  const location = header(exchange.response.headers, 'location');
  // A redirect away from the bank's pages: the PSU's browser goes back to the TPP (§6.1/§6.2).
  if (status >= 300 && status < 400 && location && /^https?:\/\//.test(location))
    steps.push(redirectStep(`${key}:redirect`, location, key));
  return steps;
}

/**
 * A bank event as a step: a PSU's revocation is the PSU telling the bank (§1: not the TPP, who is
 * not told); what the bank does itself is a note on the bank's lane.
 */
function eventStep(event: BankEventView): SequenceStep {
  return {
    key: `event:${event.key}`,
    from: event.actor === 'psu' ? 'psu' : 'bank',
    to: 'bank',
    label: shortLabel(shortIds(event.text), MAX_NOTE),
    title: event.text,
    kind: 'note',
  };
}

/**
 * The steps of the last `limit` exchanges (the workbench's own polling left out) and the bank's
 * events from the same period, by real time.
 */
export function sequenceSteps(
  log: BankExchangeView[],
  bankEvents: BankEventView[],
  limit = 40,
): SequenceStep[] {
  const exchanges = log.filter((e) => !e.workbenchPoll).slice(-limit);
  const since = exchanges[0]?.arrivedAt ?? '';
  const events: { at: string; steps: SequenceStep[] }[] = [
    ...exchanges.map((e) => ({ at: e.arrivedAt, steps: exchangeSteps(e) })),
    ...bankEvents
      .filter((event) => event.arrivedAt >= since)
      .map((event) => ({ at: event.arrivedAt, steps: [eventStep(event)] })),
  ];
  // Stable: an exchange and an event of the same millisecond keep the order they were listed in.
  events.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  return events.flatMap((e) => e.steps);
}
