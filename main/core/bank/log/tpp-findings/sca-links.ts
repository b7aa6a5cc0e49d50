/**
 * §5.3(1): the TPP sends the PSU to the scaRedirect link the bank gave for this one request; a
 * link belongs to one authorisation, which the PSU completes (or cancels) once. Opening a used
 * link again — after its authorisation ended, or in another browser once one PSU's browser took
 * it — gets the bank's error page (handlers/sca/sca-pages.ts: 409 "Authorisation already ended",
 * 403 "Opened in another browser"), never an SCA: the TPP must start a new request for a new
 * link. The first opening of a link passes; opening a link opened before that the bank refuses
 * as used fails; a link refused on its first opening (not the bank's) is not judged, nor one
 * opened again that the bank still serves (the PSU reloading the page). Bounded memory: the last
 * MAX_LINKS links opened.
 */
import type { ExchangeRecord } from '../request-log.js';
import type { Verdict } from './judge.js';

const MAX_LINKS = 10_000;

/** The bank's answers to a link whose authorisation is spent (sca-pages.ts `admit`). */
const SPENT = new Set([403, 409]);

/** The scaRedirect link a page GET opened (path and link token), or undefined for a form. */
function linkOf(record: ExchangeRecord): string | undefined {
  if (record.request.method !== 'GET') return undefined;
  const url = new URL(record.request.target, 'http://bank.invalid');
  const token = url.searchParams.get('t');
  return token === null ? undefined : `${url.pathname}?t=${token}`;
}

export class ScaLinks {
  /** Link → the exchange that first opened it. */
  readonly opened = new Map<string, number>();

  judge(record: ExchangeRecord): Verdict[] {
    const link = linkOf(record);
    if (link === undefined) return [];
    const first = this.opened.get(link);
    // A link the pages refuse on its first opening (a wrong token) is not one the bank gave.
    if (first === undefined && record.response.status >= 400) return [];
    if (first === undefined) {
      this.opened.set(link, record.id);
      if (this.opened.size > MAX_LINKS) this.opened.delete(this.opened.keys().next().value!);
      return [
        {
          rule: 'TPP-SCA-LINK-NOT-REPLAYED',
          verdict: 'pass',
          text: 'the PSU was sent to an scaRedirect link not opened before',
        },
      ];
    }
    if (!SPENT.has(record.response.status)) return [];
    return [
      {
        rule: 'TPP-SCA-LINK-NOT-REPLAYED',
        verdict: 'fail',
        text: `the scaRedirect link first opened in exchange #${first} was opened again after it was used (the bank answered ${record.response.status}): start a new request for a new link (§5.3(1))`,
      },
    ];
  }
}
