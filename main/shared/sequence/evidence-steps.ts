/**
 * The sequence picture of one check's evidence: the TPP's requests and the bank's answers, the SCA
 * pages the PSU's browser played (from the PSU steps' note, psu-note.ts) and the redirect back
 * to the TPP (§6.1/§6.2). Pure: the run view and the HTML report draw it alike.
 */
import type { EvidenceExchange } from '../exchange.js';
import type { EvidenceItem } from '../run-result.js';
import { parsePsuPlayedNote } from './psu-note.js';
import { redirectStep, shortIds, shortLabel, type SequenceStep } from './model.js';
import { scaPageLabel } from './sca-page.js';

/** The bank's SCA pages (§6): what the PSU's browser, not the TPP, asks for. */
const SCA_PAGE = /^\/sca(\/|$)/;

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url.split('?')[0] ?? url;
  }
}

function exchangeSteps(exchange: EvidenceExchange): SequenceStep[] {
  const key = exchange.id;
  const path = pathOf(exchange.request.url);
  const from = SCA_PAGE.test(path) ? 'psu' : 'tpp';
  const steps: SequenceStep[] = [
    {
      key: `${key}:req`,
      from,
      to: 'bank',
      label: shortLabel(`${exchange.request.method} ${shortIds(path)}`),
      kind: 'request',
      exchangeKey: key,
    },
  ];
  const response = exchange.response;
  if (!response) {
    steps.push({
      key: `${key}:res`,
      from: 'bank',
      to: from,
      label: shortLabel(`no answer: ${exchange.transportError ?? 'transport error'}`),
      kind: 'response',
      exchangeKey: key,
      status: 0,
    });
    return steps;
  }
  steps.push({
    key: `${key}:res`,
    from: 'bank',
    to: from,
    label: String(response.status),
    kind: 'response',
    exchangeKey: key,
    status: response.status,
  });
  const location = response.headers.location;
  if (response.status >= 300 && response.status < 400 && location && /^https?:\/\//.test(location))
    steps.push(redirectStep(`${key}:redirect`, location, key));
  return steps;
}

/** The steps of a check's evidence, in the order it was recorded. */
export function evidenceSequenceSteps(evidence: readonly EvidenceItem[]): SequenceStep[] {
  return evidence.flatMap((item, index): SequenceStep[] => {
    if (item.kind === 'exchange') return exchangeSteps(item.exchange);
    if (item.kind !== 'note') return [];
    const psu = parsePsuPlayedNote(item.text);
    if (!psu) return [];
    const pages = psu.played.map((step, page): SequenceStep => ({
      key: `psu:${index}:${page}`,
      from: 'psu',
      to: 'bank',
      label: shortLabel(scaPageLabel(step)),
      kind: 'request',
    }));
    return [...pages, redirectStep(`psu:${index}:redirect`, psu.redirectUrl)];
  });
}

/** Whether the check took a PSU through the bank's SCA pages: then its evidence has a picture. */
export function evidenceInvolvesSca(evidence: readonly EvidenceItem[]): boolean {
  return evidence.some(
    (item) =>
      (item.kind === 'note' && parsePsuPlayedNote(item.text) !== undefined) ||
      (item.kind === 'exchange' && SCA_PAGE.test(pathOf(item.exchange.request.url))),
  );
}
