/**
 * The live sequence diagram's model: the exchanges between the TPP (the workbench), the bank and
 * the PSU's browser, from the bank's request log (the PSU's browser is what asks for the bank's
 * /sca pages), with the bank's redirects back to the TPP (§6.1/§6.2) and what was done to the bank
 * outside its requests (its console events: a PSU's revocation at the bank, a card account
 * blocked, a batch run, a clock jump, whoever made them) in the order they happened. Pure.
 */
import type { BankEventView, BankExchangeView } from '../../../../main/api/contract';

export type Lane = 'tpp' | 'bank' | 'psu';

export const LANES: { lane: Lane; title: string }[] = [
  { lane: 'tpp', title: 'TPP (workbench)' },
  { lane: 'bank', title: 'Bank' },
  { lane: 'psu', title: 'PSU browser' },
];

export interface SequenceStep {
  key: string;
  from: Lane;
  to: Lane;
  label: string;
  /** The whole text when the label is shortened. */
  title?: string;
  kind: 'request' | 'response' | 'redirect' | 'note';
  /** The request log's key (`mode:id`) of the exchange the step belongs to. */
  exchangeKey?: string;
  status?: number;
}

const MAX_LABEL = 64;
/** A note sits on the bank's lane alone, with room on both sides. */
const MAX_NOTE = 90;
const short = (text: string, max = MAX_LABEL) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

/** Long ids in a path kept to their first 8 characters, so labels fit between two lanes. */
function shortIds(path: string): string {
  return path.replace(/[0-9a-f]{8}-[0-9a-f-]{27,}/gi, (id) => `${id.slice(0, 8)}…`);
}

function header(headers: Record<string, string>, name: string): string | undefined {
  const found = Object.entries(headers).find(([key]) => key.toLowerCase() === name);
  return found?.[1];
}

/** The parameters of a redirect to the TPP, as names: "psu-id, tpp-session-id, context". */
function redirectParameters(location: string): string {
  try {
    const url = new URL(location);
    return [...url.searchParams.keys()].join(', ');
  } catch {
    return '';
  }
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
      label: short(`${exchange.request.method} ${path}`),
      kind: 'request',
      exchangeKey: key,
    },
    {
      key: `${key}:res`,
      from: 'bank',
      to: from,
      label: short(`${status}${exchange.operationId ? ` ${exchange.operationId}` : ''}`),
      kind: 'response',
      exchangeKey: key,
      status,
    },
  ];
  const location = header(exchange.response.headers, 'location');
  // A redirect away from the bank's pages: the PSU's browser goes back to the TPP (§6.1/§6.2).
  if (status >= 300 && status < 400 && location && /^https?:\/\//.test(location)) {
    const parameters = redirectParameters(location);
    const failed = /[?&](code|status)=/.test(location);
    steps.push({
      key: `${key}:redirect`,
      from: 'psu',
      to: 'tpp',
      label: short(
        `${failed ? 'SCA failed' : 'SCA done'}: redirect${parameters ? ` (${parameters})` : ''}`,
      ),
      kind: 'redirect',
      exchangeKey: key,
    });
  }
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
    label: short(shortIds(event.text), MAX_NOTE),
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
