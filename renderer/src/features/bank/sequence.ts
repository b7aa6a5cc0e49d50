/**
 * The live sequence diagram's model: the exchanges between the TPP (the workbench), the bank and
 * the PSU's browser, from the bank's request log (the PSU's browser is what asks for the bank's
 * /sca pages), with the bank's redirects back to the TPP (§6.1/§6.2) and what was done to the bank
 * outside its requests (its console events: a PSU's revocation at the bank, a card account
 * blocked, a batch run, a clock jump, whoever made them) in the order they happened. Pure.
 */
import type { BankEventView, BankExchangeView, BankMode } from '../../../../main/api/contract';
import {
  redirectStep,
  shortIds,
  shortLabel,
  type Lane,
  type SequenceStep,
} from '../../../../main/shared/sequence/model';
import { psuChoice, scaForm, scaPageLabel } from '../../../../main/shared/sequence/sca-page';

export { LANES, type Lane, type SequenceStep } from '../../../../main/shared/sequence/model';

/** A note sits on the bank's lane alone, with room on both sides. */
const MAX_NOTE = 90;

function header(headers: Record<string, string>, name: string): string | undefined {
  const found = Object.entries(headers).find(([key]) => key.toLowerCase() === name);
  return found?.[1];
}

/** An SCA page of the bank (§6): what the PSU's browser asks for. */
const SCA_PAGE = /^\/sca\/[^/]+$/;

const pathOf = (exchange: BankExchangeView) =>
  exchange.request.target.split('?')[0] ?? exchange.request.target;

/** The step of a submitted SCA page, from its form's hidden `step` field. */
function submittedStep(exchange: BankExchangeView): string | undefined {
  if (exchange.request.method !== 'POST' || !SCA_PAGE.test(pathOf(exchange))) return undefined;
  return scaForm(exchange.request.body)?.get('step') || undefined;
}

/**
 * The page each SCA page GET showed: the step the browser submitted next on the same page path
 * (the bank answers a submission with a redirect back to the page, post/redirect/get). A page not
 * submitted yet is unnamed.
 */
function shownPages(exchanges: BankExchangeView[]): Map<BankExchangeView, string> {
  const shown = new Map<BankExchangeView, string>();
  const waiting = new Map<string, BankExchangeView[]>();
  for (const exchange of exchanges) {
    const path = pathOf(exchange);
    if (!SCA_PAGE.test(path)) continue;
    if (exchange.request.method === 'GET' && exchange.response.status === 200) {
      waiting.set(path, [...(waiting.get(path) ?? []), exchange]);
      continue;
    }
    const step = submittedStep(exchange);
    if (step === undefined) continue;
    for (const get of waiting.get(path) ?? []) shown.set(get, step);
    waiting.delete(path);
  }
  return shown;
}

/** The request's label: an SCA page by its step, as the Runner's evidence names it. */
function requestLabel(exchange: BankExchangeView, path: string, shownStep?: string): string {
  const step = submittedStep(exchange);
  if (step !== undefined) return scaPageLabel(step);
  if (exchange.request.method === 'GET' && SCA_PAGE.test(pathOf(exchange)))
    return shownStep !== undefined ? `${scaPageLabel(shownStep)} (shown)` : 'SCA page (shown)';
  return `${exchange.request.method} ${path}`;
}

/** The PSU's choice on a submitted page, as a note on the PSU's lane. */
function choiceStep(exchange: BankExchangeView, key: string): SequenceStep[] {
  if (submittedStep(exchange) === undefined) return [];
  const choice = psuChoice(scaForm(exchange.request.body)!);
  if (!choice) return [];
  return [
    {
      key: `${key}:choice`,
      from: 'psu',
      to: 'psu',
      label: shortLabel(choice.label, MAX_NOTE),
      title: choice.title,
      kind: 'note',
      exchangeKey: key,
    },
  ];
}

function exchangeSteps(exchange: BankExchangeView, shownStep?: string): SequenceStep[] {
  const key = `${exchange.mode}:${exchange.id}`;
  const target = exchange.request.target.split('?')[0] ?? exchange.request.target;
  const path = shortIds(target);
  // A TPP's request carries X-Request-ID (§4.1); the PSU's browser (SCA pages, favicon) sends none.
  const from: Lane =
    header(exchange.request.headers, 'x-request-id') !== undefined && !path.startsWith('/sca')
      ? 'tpp'
      : 'psu';
  const status = exchange.response.status;
  const label = requestLabel(exchange, path, shownStep);
  const steps: SequenceStep[] = [
    {
      key: `${key}:req`,
      from,
      to: 'bank',
      label: shortLabel(label),
      ...(label.startsWith('SCA page')
        ? { title: `${label} — ${exchange.request.method} ${path}` }
        : {}),
      kind: 'request',
      exchangeKey: key,
    },
    ...choiceStep(exchange, key),
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

/** The bank the diagram shows: one of the two embedded banks, or both on one lane. */
export type SequenceBank = BankMode | 'both';

/**
 * What one bank saw: its exchanges and its events, with the clock both banks share. The sandbox
 * and production are two banks (decisions.md#Paths: production paths are served in both modes),
 * so "since the bank's last reset" of one must not count the other's flows.
 */
export function ofBank(
  log: BankExchangeView[],
  bankEvents: BankEventView[],
  bank: SequenceBank,
): { log: BankExchangeView[]; events: BankEventView[] } {
  if (bank === 'both') return { log, events: bankEvents };
  return {
    log: log.filter((e) => e.mode === bank),
    events: bankEvents.filter((e) => e.mode === undefined || e.mode === bank),
  };
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
  const pages = shownPages(recent);
  const events: { at: string; steps: SequenceStep[] }[] = [
    ...exchanges.map((e) => ({ at: e.arrivedAt, steps: exchangeSteps(e, pages.get(e)) })),
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
