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

/** A file the PSU's browser fetches with a page: stylesheet, script, image, font, favicon. */
const ASSET = /(\/favicon[^/]*|\.(css|js|mjs|map|ico|png|jpe?g|gif|svg|webp|woff2?|ttf))$/i;

/**
 * Noise for a presentation: the browser's asset fetches and status polling (a GET of a resource's
 * `/status`, whoever polls), which repeat and say nothing of the flow.
 */
export function isNoise(exchange: BankExchangeView): boolean {
  const path = exchange.request.target.split('?')[0] ?? exchange.request.target;
  if (ASSET.test(path)) return true;
  return exchange.request.method === 'GET' && /\/status$/.test(path);
}

/** Where the diagram starts: the last exchanges, the bank's last reset, this flow's first request. */
export type SequenceSince = 'recent' | 'reset' | 'flow';

/**
 * The real time the diagram starts at, or undefined for "the last exchanges": the bank's last
 * reset, or the first request of the TPP session `tppSessionId` (this flow, §3.4). Undefined too
 * when there is no such reset or request yet.
 */
export function sinceInstant(
  since: SequenceSince,
  log: BankExchangeView[],
  bankEvents: BankEventView[],
  tppSessionId?: string,
): string | undefined {
  if (since === 'reset') return bankEvents.findLast((e) => e.kind === 'reset')?.arrivedAt;
  if (since === 'flow' && tppSessionId)
    return log.find((e) => header(e.request.headers, 'tpp-session-id') === tppSessionId)?.arrivedAt;
  return undefined;
}

export interface SequenceOptions {
  /** At most this many exchanges, the last ones. */
  limit?: number;
  /** Leave out asset fetches and status polling (`isNoise`). */
  hideNoise?: boolean;
  /** Only what arrived at or after this real time (`sinceInstant`). */
  since?: string;
}

/**
 * The steps of the last `limit` exchanges (the workbench's own polling left out) and the bank's
 * events from the same period, by real time; `hidden` counts the exchanges `hideNoise` left out.
 */
export function sequenceView(
  log: BankExchangeView[],
  bankEvents: BankEventView[],
  { limit = 40, hideNoise = false, since }: SequenceOptions = {},
): { steps: SequenceStep[]; hidden: number } {
  const recent = log.filter(
    (e) => !e.workbenchPoll && (since === undefined || e.arrivedAt >= since),
  );
  const shown = hideNoise ? recent.filter((e) => !isNoise(e)) : recent;
  const exchanges = shown.slice(-limit);
  const from = since ?? exchanges[0]?.arrivedAt ?? '';
  const events: { at: string; steps: SequenceStep[] }[] = [
    ...exchanges.map((e) => ({ at: e.arrivedAt, steps: exchangeSteps(e) })),
    ...bankEvents
      .filter((event) => event.arrivedAt >= from)
      .map((event) => ({ at: event.arrivedAt, steps: [eventStep(event)] })),
  ];
  // Stable: an exchange and an event of the same millisecond keep the order they were listed in.
  events.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  return { steps: events.flatMap((e) => e.steps), hidden: recent.length - shown.length };
}

/** `sequenceView`'s steps of the last `limit` exchanges, nothing hidden. */
export function sequenceSteps(
  log: BankExchangeView[],
  bankEvents: BankEventView[],
  limit = 40,
): SequenceStep[] {
  return sequenceView(log, bankEvents, { limit }).steps;
}
